/**
 * The Activity view: the active connection's recent notifications, newest first (contract §6),
 * with a filter and "Failures only" remembered per connection, "Load more", and Live follow.
 *
 * Live follow polls the newest page while the view is visible: one request a poll, every 5 s and
 * slower while nothing changes. New rows go on top and changed rows update in place; rows keep
 * their ids, so what the user expanded and selected stays. It pauses while the view is hidden and
 * stops on a rejected key or a failed poll, said in the view. The badge counts new failures since
 * the user last looked (selected, expanded, or brought the view back).
 */
import * as vscode from 'vscode';
import { isAbortError, type Notification, type NovuClient } from '../api';
import { Commands, type CommandId } from '../commands';
import type { ConnectionManager, ConnectionState } from '../connections/connectionManager';
import { describeError, type DescribedError } from '../ui/errors';
import { PagedTree, emptyRow, type EmptyWords, type Page, type PagedStore } from '../views/pagedView';
import { ErrorNode, MessageNode, type TreeNode } from '../ui/treeNodes';
import { activityQuery, describeActivityFilter, isActivityFilterEmpty, normalizeActivityFilter, type ActivityFilter } from './activityFilter';
import { ActivityList } from './activityList';
import type { ActivityMemory, ActivitySettings } from './activityMemory';
import { JobNode, NotificationNode } from './activityNodes';
import { failuresText, isFailed } from './activityRows';
import { formatCount } from '../format/numbers';

export const ACTIVITY_VIEW_ID = 'novuExplorer.activity';

/** Follow's first interval, and the longest it backs off to while nothing changes. */
const FOLLOW_MAX_MS = 60_000;
const FOLLOW_BACKOFF = 1.5;

export interface FollowStats {
  polls: number;
  intervalMs: number;
  /** The timer is set: following, visible, and not stopped. */
  scheduled: boolean;
}

/**
 * Where the view's rows are kept: the Activity list, which pages append to with the page size they
 * were asked with (a short page is the last) and follow's polls merge into.
 */
class ActivityStore implements PagedStore<Notification> {
  /** The page size of the request under way. */
  limit = 50;
  constructor(readonly list: ActivityList) {}
  get items(): readonly Notification[] {
    return this.list.items;
  }
  clear(): void {
    this.list.clear();
  }
  append(items: readonly Notification[]): void {
    this.list.append(items, this.limit);
  }
}

export class ActivityProvider extends PagedTree<Notification, true, ActivityStore> {
  private readonly loaded = new vscode.EventEmitter<void>();
  /** Fires after each page or poll arrives or fails (tests wait on it). */
  readonly onDidLoad = this.loaded.event;

  private readonly list: ActivityList;
  private readonly nodes = new Map<string, NotificationNode>();
  private followError: DescribedError | undefined;
  /** Counts reloads: a poll's answer of an earlier list is dropped. */
  private generation = 0;
  private pollController: AbortController | undefined;
  /** The connection state the view was last drawn for. */
  private lastState: ConnectionState;
  private settingsValue: ActivitySettings = { filter: {}, failuresOnly: false, follow: false };
  private settingsOf: string | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private clock: ReturnType<typeof setInterval> | undefined;
  private intervalMs = 0;
  private pollCount = 0;
  private readonly unseenFailures = new Set<string>();
  /** The workflows seen in what was loaded, by internal id (the filter offers them). */
  readonly workflowsSeen = new Map<string, string>();
  /** The connection the workflows were seen on: another connection's ids mean nothing here. */
  private workflowsOf: string | undefined;

  constructor(
    manager: ConnectionManager,
    private readonly memory: ActivityMemory,
    /** Now, for relative times and ranges (tests may move it). */
    readonly now: () => number = Date.now,
  ) {
    const list = new ActivityList();
    super(
      manager,
      {
        viewId: ACTIVITY_VIEW_ID,
        onPage: (page, connection) => {
          this.noteWorkflows(page.items);
          this.manager.observeEnvironment(connection, page.items[0]?._environmentId);
        },
        commands: { refresh: Commands.refreshActivity, loadMore: Commands.loadMoreActivity },
      },
      new ActivityStore(list),
    );
    this.list = list;
    this.lastState = manager.state;
    this.subscriptions.push(
      this.loaded,
      this.paged.onDidLoad(({ first }) => {
        this.loaded.fire();
        // Live follow starts with the first page.
        if (first && this.paged.status === 'loaded' && this.settings.follow) {
          this.intervalMs = this.baseInterval();
          this.schedule(this.intervalMs);
        }
      }),
      manager.onDidChangeState((state) => {
        // The same state again only says that the connection's environment became known (any
        // view's first answer): nothing to ask again. Reloading then sent the first page twice on
        // every window start (issue 23.5).
        const previous = this.lastState;
        this.lastState = state;
        if (state === previous) return;
        if (state !== 'ready') this.stopTimer();
        this.reload();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('novuExplorer.activity')) this.reload();
      }),
    );
  }

  /** Offsets shift by the rows follow inserted: the next page is computed from what is held. */
  protected async fetch(client: NovuClient, after: true | undefined, signal: AbortSignal): Promise<Page<Notification, true>> {
    const limit = this.pageSize();
    this.rows.limit = limit;
    const query = { ...activityQuery(this.settings.filter, this.now()), page: after === undefined ? 0 : this.list.nextPage(limit), limit };
    const page = await client.listNotifications(query, { signal });
    // A full page may have more after it; a short one is the last.
    return { items: page.data, next: page.data.length === limit && page.data.length > 0 ? true : null };
  }

  override set view(view: vscode.TreeView<TreeNode>) {
    // Shown, the paged view asks for the first page at once (issue 30.10).
    super.view = view;
    this.subscriptions.push(
      view.onDidChangeVisibility(({ visible }) => {
        if (visible) {
          this.markSeen();
          this.startClock();
          // Back in sight: catch up at once, then follow on.
          if (this.settings.follow && this.paged.isStarted) this.schedule(0);
        } else {
          this.stopTimer();
          this.stopClock();
        }
      }),
      view.onDidChangeSelection(() => this.markSeen()),
      view.onDidExpandElement(() => this.markSeen()),
    );
    if (view.visible) this.startClock();
    this.updateViewText();
  }

  override get view(): vscode.TreeView<TreeNode> | undefined {
    return super.view;
  }

  /** The active connection's settings (filter, failures only, follow). */
  get settings(): ActivitySettings {
    const id = this.manager.active?.id;
    if (id !== this.settingsOf) {
      this.settingsOf = id;
      this.settingsValue = id ? this.memory.get(id) : { filter: {}, failuresOnly: false, follow: false };
      this.publishContext(this.settingsValue);
    }
    return this.settingsValue;
  }

  get filter(): ActivityFilter {
    return this.settings.filter;
  }

  /** What is loaded, newest first. */
  get notifications(): readonly Notification[] {
    return this.list.items;
  }

  get failedCount(): number {
    return this.list.failedCount;
  }

  /** New failures the user has not looked at (the view's badge). */
  get unseenFailureCount(): number {
    return this.unseenFailures.size;
  }

  get followStopped(): DescribedError | undefined {
    return this.followError;
  }

  get follow(): FollowStats {
    return { polls: this.pollCount, intervalMs: this.intervalMs, scheduled: this.timer !== undefined };
  }

  /** A poll's request is on its way. */
  get isPolling(): boolean {
    return this.pollController !== undefined;
  }

  nodeOf(notificationId: string): NotificationNode | undefined {
    return this.nodes.get(notificationId);
  }

  // The settings take effect at once and the view asks again before the storage write ends: the
  // write is not on the user's path (issue 14).
  async setFilter(filter: ActivityFilter): Promise<void> {
    const saved = this.save({ ...this.settings, filter: normalizeActivityFilter(filter) });
    this.reload();
    await saved;
  }

  async setFailuresOnly(failuresOnly: boolean): Promise<void> {
    const saved = this.save({ ...this.settings, failuresOnly });
    this.updateViewText();
    this.changed.fire(undefined);
    await saved;
  }

  async setFollow(follow: boolean): Promise<void> {
    await this.save({ ...this.settings, follow });
    this.followError = undefined;
    this.intervalMs = this.baseInterval();
    if (follow && this.paged.isStarted && this.manager.state === 'ready') this.schedule(0);
    else this.stopTimer();
    this.updateViewText();
    this.changed.fire(undefined);
  }

  /** Starts following again after it stopped (its error row's Retry). */
  resumeFollow(): void {
    this.followError = undefined;
    this.intervalMs = this.baseInterval();
    this.changed.fire(undefined);
    if (this.settings.follow) this.schedule(0);
  }

  /** Forgets what was loaded and cancels what is under way; the view asks again. */
  override reload(): void {
    this.generation++;
    this.pollController?.abort();
    this.stopTimer();
    this.nodes.clear();
    this.unseenFailures.clear();
    this.followError = undefined;
    this.updateBadge();
    // Empties the list, fires the one tree change, and a shown view asks again at once.
    super.reload();
  }

  /** The hover, built when it is about to show: plain text, so names show exactly as typed. */
  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): vscode.TreeItem {
    if (node instanceof NotificationNode || node instanceof JobNode) item.tooltip = node.tooltip();
    return item;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node instanceof JobNode ? node.parent : undefined;
  }

  /** Polls the newest page once now (follow's step; tests and the bench call it directly). */
  async poll(): Promise<void> {
    this.clearTimer();
    const generation = this.generation;
    if (!this.paged.isStarted || this.paged.status !== 'loaded' || this.paged.loadingMore) {
      this.schedule(this.intervalMs || this.baseInterval());
      return;
    }
    const active = await this.manager.activeClient();
    if (!active || generation !== this.generation) return;
    this.pollController?.abort();
    const controller = new AbortController();
    this.pollController = controller;
    const limit = this.pageSize();
    this.pollCount++;
    try {
      const page = await active.client.listNotifications({ ...activityQuery(this.settings.filter, this.now()), page: 0, limit }, { signal: controller.signal });
      if (generation !== this.generation) return;
      const merge = this.list.mergeNewest(page.data, limit);
      this.paged.setNext(this.list.hasMore ? true : null);
      this.noteWorkflows(page.data);
      if (merge.restarted) this.nodes.clear();
      for (const n of [...merge.inserted, ...merge.updated]) {
        const node = this.nodes.get(n._id);
        if (node) node.notification = n;
      }
      for (const id of merge.newlyFailed) this.unseenFailures.add(id);
      const changed = merge.inserted.length > 0 || merge.updated.length > 0 || merge.restarted;
      // One tree change: the whole list when rows came or went (or "Failures only" may hide a
      // changed row), else the changed rows in place.
      if (merge.inserted.length > 0 || merge.restarted || (merge.updated.length > 0 && this.settings.failuresOnly)) this.changed.fire(undefined);
      else if (merge.updated.length > 0) this.changed.fire(merge.updated.flatMap((n) => this.nodes.get(n._id) ?? []));
      this.intervalMs = changed ? this.baseInterval() : Math.min(FOLLOW_MAX_MS, Math.round((this.intervalMs || this.baseInterval()) * FOLLOW_BACKOFF));
      this.updateBadge();
      this.updateViewText();
      this.schedule(this.intervalMs);
    } catch (error) {
      if (isAbortError(error) || generation !== this.generation) return;
      const described = describeError(error);
      if (described.kind === 'unauthorized') {
        this.manager.setState('unauthorized');
        return;
      }
      // A poll that failed after the client's retries stops following, said at the top of the view.
      this.followError = described;
      this.stopTimer();
      this.updateViewText();
      this.changed.fire(undefined);
    } finally {
      if (this.pollController === controller) this.pollController = undefined;
      if (generation === this.generation) this.loaded.fire();
    }
  }

  /** The user looked at the view: the badge starts counting again from zero. */
  markSeen(): void {
    if (this.unseenFailures.size === 0) return;
    this.unseenFailures.clear();
    this.updateBadge();
  }

  protected rootNodes(): TreeNode[] {
    const nodes: TreeNode[] = [];
    const settings = this.settings;
    if (this.followError) nodes.push(new ErrorNode({ ...this.followError, message: vscode.l10n.t('Live follow stopped: {0}', this.followError.message) }, Commands.resumeActivityFollow));
    const failures = this.paged.failedFirst ? undefined : this.failuresRow();
    if (failures) nodes.push(failures);
    const empty = (): TreeNode => this.emptyRow(settings);
    const errorRow = (error: DescribedError, retry: CommandId): TreeNode => this.errorRow(error, retry);
    const items = this.paged.failedFirst ? [] : this.list.items.filter((n) => !settings.failuresOnly || isFailed(n)).map((n) => this.nodeFor(n));
    return [...nodes, ...this.paged.rows(items, empty, errorRow)];
  }

  /**
   * Where the badge leads: while failures are loaded, the first row opens Failures by Cause (on the
   * window that holds them, or the filter's range: worked out on the click, in the commands' bundle).
   */
  private failuresRow(): TreeNode | undefined {
    const failed = this.list.failedCount;
    if (failed === 0) return undefined;
    const title = vscode.l10n.t('Failures by Cause');
    return new MessageNode(title, {
      icon: 'graph',
      description: failuresText(failed, this.list.size, vscode.env.language),
      tooltip: vscode.l10n.t('Group the failures of their time window by cause, with a chart of each, and send them again'),
      command: { command: Commands.showActivityFailures, title },
    });
  }

  private emptyRow(settings: ActivitySettings): TreeNode {
    if (settings.failuresOnly && this.list.size > 0) {
      return new MessageNode(vscode.l10n.t('No failures among {0} loaded', formatCount(this.list.size, vscode.env.language)), {
        icon: 'pass',
        tooltip: vscode.l10n.t('"Failures only" shows the failed notifications among those loaded. Click to show all of them.'),
        command: { command: Commands.showAllActivity, title: vscode.l10n.t('Show All') },
      });
    }
    const words: EmptyWords = {
      none: vscode.l10n.t('No notifications yet'),
      noneTooltip: vscode.l10n.t('Nothing was triggered in this environment within the plan’s retention window.'),
      noMatch: (filter) => vscode.l10n.t('No notifications match {0}', filter),
      clear: Commands.clearActivityFilter,
      clearTooltip: vscode.l10n.t('Click to clear the filter and show all recent notifications.'),
    };
    return emptyRow(words, isActivityFilterEmpty(settings.filter) ? undefined : describeActivityFilter(settings.filter));
  }

  private errorRow(error: DescribedError, retry: CommandId): TreeNode {
    if (error.kind === 'retention') {
      // Not a failure to retry: the plan keeps activity for a limited time. A later start works.
      return new MessageNode(error.message, {
        icon: 'history',
        tooltip: `${error.message}\n\n${vscode.l10n.t('Click to choose a later start in the filter.')}`,
        command: { command: Commands.filterActivity, title: vscode.l10n.t('Filter') },
        flags: ['retention'],
      });
    }
    return new ErrorNode(error, retry);
  }

  private nodeFor(n: Notification): NotificationNode {
    let node = this.nodes.get(n._id);
    if (!node) {
      node = new NotificationNode(n, this.now);
      this.nodes.set(n._id, node);
    } else node.notification = n;
    return node;
  }

  private noteWorkflows(notifications: readonly Notification[]): void {
    if (this.workflowsOf !== this.manager.active?.id) {
      this.workflowsSeen.clear();
      this.workflowsOf = this.manager.active?.id;
    }
    for (const n of notifications) {
      const id = n.template?._id ?? n._templateId;
      if (id && !this.workflowsSeen.has(id)) this.workflowsSeen.set(id, n.template?.name ?? id);
    }
  }

  private schedule(delayMs: number): void {
    this.clearTimer();
    const visible = this.paged.view?.visible ?? false;
    if (!this.settings.follow || !visible || this.followError || this.manager.state !== 'ready') return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.poll();
    }, delayMs);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private stopTimer(): void {
    this.clearTimer();
    this.pollController?.abort();
  }

  /** Relative times ("3 min ago") move on while the view is shown. */
  private startClock(): void {
    this.stopClock();
    this.clock = setInterval(() => {
      if (this.list.size > 0) this.changed.fire(undefined);
    }, 60_000);
  }

  private stopClock(): void {
    if (this.clock) clearInterval(this.clock);
    this.clock = undefined;
  }

  private baseInterval(): number {
    const seconds = vscode.workspace.getConfiguration('novuExplorer').get<number>('activity.followIntervalSeconds', 5);
    return Math.max(1, seconds) * 1000;
  }

  private pageSize(): number {
    const size = vscode.workspace.getConfiguration('novuExplorer').get<number>('activity.pageSize', 50);
    return Math.min(50, Math.max(1, Math.round(size)));
  }

  /** The context keys the view's title actions and menus follow. */
  private publishContext(settings: ActivitySettings): void {
    void vscode.commands.executeCommand('setContext', 'novuExplorer.activityFiltered', !isActivityFilterEmpty(settings.filter));
    void vscode.commands.executeCommand('setContext', 'novuExplorer.activityFailuresOnly', settings.failuresOnly);
    void vscode.commands.executeCommand('setContext', 'novuExplorer.activityFollowing', settings.follow);
  }

  private async save(settings: ActivitySettings): Promise<void> {
    const id = this.manager.active?.id;
    this.settingsValue = settings;
    this.settingsOf = id;
    this.publishContext(settings);
    if (id) await this.memory.update(id, settings);
  }

  private updateBadge(): void {
    const view = this.paged.view;
    if (!view) return;
    const count = this.unseenFailures.size;
    const badge = count > 0 ? { value: count, tooltip: count === 1 ? vscode.l10n.t('1 new failed notification') : vscode.l10n.t('{0} new failed notifications', count) } : undefined;
    if (view.badge?.value !== badge?.value) view.badge = badge;
  }

  /** The description names the connection, the filter, "Failures only" and follow; never a message. */
  protected updateViewText(): void {
    const view = this.paged.view;
    if (!view) return;
    const connection = this.manager.active?.name;
    const settings = this.settings;
    const parts: string[] = [];
    if (connection) {
      parts.push(connection);
      if (!isActivityFilterEmpty(settings.filter)) parts.push(describeActivityFilter(settings.filter));
      if (this.status === 'loaded' && settings.failuresOnly) parts.push(failuresText(this.list.failedCount, this.list.size, vscode.env.language));
      if (settings.follow && this.status !== 'unauthorized') parts.push(this.followError ? vscode.l10n.t('follow stopped') : vscode.l10n.t({ message: 'live', comment: 'Live follow is on: new notifications show as they arrive' }));
    }
    const description = parts.length > 0 ? parts.join(' · ') : undefined;
    if (view.description !== description) view.description = description;
  }

  override dispose(): void {
    this.stopTimer();
    this.stopClock();
    super.dispose();
  }
}
