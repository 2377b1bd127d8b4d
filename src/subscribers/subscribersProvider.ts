/**
 * The Subscribers view: one page at a time with a "Load more" row driven by the `next` cursor, a
 * filter and a sort order. One request per user action; a newer request cancels an older one, and
 * an older answer never overwrites a newer one.
 */
import * as vscode from 'vscode';
import { isAbortError, type Subscriber, type SubscriberSearchQuery } from '../api';
import type { ConnectionManager } from '../connections/connectionManager';
import { describeError, type DescribedError } from '../ui/errors';
import { Commands } from '../commands';
import { ErrorNode, LoadMoreNode, MessageNode, applyViewText, viewText, type LoadStatus, type TreeNode } from '../ui/treeNodes';
import { SubscriberNode } from './subscriberNode';
import { describeFilter, isFilterEmpty, type SubscriberFilter } from './subscriberFilter';
import { formatCount, prepareCountFormatter } from '../format/numbers';

export const SUBSCRIBERS_VIEW_ID = 'novuExplorer.subscribers';

export interface SubscriberOrder {
  orderBy: '_id' | 'updatedAt';
  orderDirection: 'ASC' | 'DESC';
}

export const DEFAULT_ORDER: SubscriberOrder = { orderBy: '_id', orderDirection: 'DESC' };

interface ListState {
  items: SubscriberNode[];
  ids: Set<string>;
  next: string | null;
  totalCount?: number;
  totalCountCapped?: boolean;
  error?: DescribedError;
  /** The first page has been asked for (loaded, failed or under way). */
  started: boolean;
  loadingMore: boolean;
  /** Where the first page stands; a failed "Load more" keeps it `loaded` and adds an error row. */
  status: LoadStatus;
}

function emptyState(): ListState {
  return { items: [], ids: new Set(), next: null, started: false, loadingMore: false, status: 'idle' };
}

export class SubscribersProvider implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TreeNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly loaded = new vscode.EventEmitter<void>();
  /** Fires after each page arrives or fails (tests and the view description wait on it). */
  readonly onDidLoad = this.loaded.event;
  private state = emptyState();
  private generation = 0;
  private controller: AbortController | undefined;
  private firstPage: Promise<void> | undefined;
  private filterValue: SubscriberFilter = {};
  private orderValue: SubscriberOrder = DEFAULT_ORDER;
  /** Root getChildren calls so far; a waiter is answered only by a call that began after it. */
  private rootCalls = 0;
  private readonly renderWaiters: { after: number; resolve: () => void }[] = [];
  private readonly subscriptions: vscode.Disposable[];
  private viewValue: vscode.TreeView<TreeNode> | undefined;

  constructor(private readonly manager: ConnectionManager) {
    // A rejected key (seen by any view or panel) empties the view so that its welcome shows, and
    // drops the count: nothing from an earlier load stays on screen as if it were still true.
    this.subscriptions = [manager.onDidChangeState((state) => state !== 'ready' && this.reload())];
  }

  get view(): vscode.TreeView<TreeNode> | undefined {
    return this.viewValue;
  }

  set view(view: vscode.TreeView<TreeNode>) {
    this.viewValue = view;
    // Shown: the first page is asked for now, before VS Code asks for the rows (10 to 30 ms later
    // on a window's first load, issue 30.10); getChildren then waits for that page.
    this.subscriptions.push(
      view.onDidChangeVisibility(({ visible }) => {
        if (visible && this.manager.state === 'ready' && !this.state.started) this.firstPage ??= this.loadPage(true);
      }),
    );
  }

  /** Where the view stands: loading, loaded (with rows or empty), failed or unauthorized. */
  get status(): LoadStatus {
    if (this.manager.state === 'unauthorized') return 'unauthorized';
    return this.state.status;
  }

  get filter(): SubscriberFilter {
    return this.filterValue;
  }
  get order(): SubscriberOrder {
    return this.orderValue;
  }
  /** The subscribers loaded so far, in view order. */
  get subscribers(): Subscriber[] {
    return this.state.items.map((n) => n.subscriber);
  }
  get hasMore(): boolean {
    return this.state.next !== null;
  }
  get totalCount(): number | undefined {
    return this.state.totalCount;
  }
  get totalCountCapped(): boolean {
    return this.state.totalCountCapped === true;
  }

  setFilter(filter: SubscriberFilter): void {
    this.filterValue = Object.fromEntries(Object.entries(filter).filter(([, v]) => typeof v === 'string' && v.trim() !== '').map(([k, v]) => [k, (v as string).trim()]));
    void vscode.commands.executeCommand('setContext', 'novuExplorer.subscribersFiltered', !isFilterEmpty(this.filterValue));
    this.reload();
  }

  setOrder(order: SubscriberOrder): void {
    this.orderValue = order;
    this.reload();
  }

  /** Forgets what was loaded and cancels what is under way; the view asks again. */
  reload(): void {
    this.generation++;
    this.controller?.abort();
    this.controller = undefined;
    this.firstPage = undefined;
    this.state = emptyState();
    // One tree change (the filter is named in the description, which does not go through the
    // tree's debounced stream), so the rows are not held back by VS Code's 200 ms hold.
    this.updateViewText();
    this.changed.fire(undefined);
    // A shown view asks at once rather than when the workbench next asks for its rows (its tree
    // holds change events back by up to 200 ms): the request leaves with the user's action.
    if (this.view?.visible && this.manager.state === 'ready') this.firstPage = this.loadPage(true);
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node.treeItem();
  }

  getParent(): TreeNode | undefined {
    return undefined;
  }

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (node) return (await node.children?.()) ?? [];
    const call = ++this.rootCalls;
    if (this.manager.state !== 'ready') return [];
    // A first page already under way (a reload sends it at once) is awaited too, so the rows
    // returned are never the empty list of a load still out; a reload meanwhile starts again.
    for (let attempt = 0; attempt < 3 && this.manager.state === 'ready'; attempt++) {
      if (!this.state.started) this.firstPage ??= this.loadPage(true);
      else if (this.state.status !== 'loading' || !this.firstPage) break;
      await this.firstPage;
    }
    // The key may have been rejected while the page loaded: the welcome content shows instead.
    const nodes = this.manager.state === 'ready' ? this.rootNodes() : [];
    // The tree has the rows once this returns; let whoever waits reveal one of them next. A call
    // that began before the waiter (an answer the tree may drop as outdated) does not count.
    const waiting = this.renderWaiters.filter((w) => w.after < call);
    for (const w of waiting) this.renderWaiters.splice(this.renderWaiters.indexOf(w), 1);
    setTimeout(() => waiting.forEach((w) => w.resolve()), 0);
    return nodes;
  }

  /** Resolves after the view has next asked for its rows (or after a second, if it is not shown). */
  nextRender(): Promise<void> {
    return new Promise((resolve) => {
      this.renderWaiters.push({ after: this.rootCalls, resolve });
      setTimeout(resolve, 1000);
    });
  }

  /** Loads the page after the last one loaded (the "Load more" row). */
  async loadMore(): Promise<void> {
    if (!this.state.next || this.state.loadingMore) return;
    await this.loadPage(false);
  }

  /** The node of a subscriber already loaded, for reveal. */
  nodeOf(subscriberId: string): SubscriberNode | undefined {
    return this.state.items.find((n) => n.subscriber.subscriberId === subscriberId);
  }

  /** Loads one subscriber again (its row's Refresh action): one request, the row updates in place. */
  async refreshOne(node: SubscriberNode): Promise<void> {
    const active = await this.manager.activeClient();
    if (!active) return;
    const page = await vscode.window.withProgress({ location: { viewId: SUBSCRIBERS_VIEW_ID } }, () =>
      active.client.searchSubscribers({ subscriberId: node.subscriber.subscriberId, limit: 1 }),
    );
    const fresh = page.data[0];
    if (fresh) {
      node.subscriber = fresh;
      this.changed.fire(node);
    } else {
      const index = this.state.items.indexOf(node);
      if (index >= 0) this.state.items.splice(index, 1);
      this.changed.fire(undefined);
    }
  }

  /** Puts a subscriber (just created) at the top of what is loaded so it can be revealed. */
  insert(subscriber: Subscriber): SubscriberNode {
    const existing = this.nodeOf(subscriber.subscriberId);
    if (existing) {
      existing.subscriber = subscriber;
      this.changed.fire(existing);
      return existing;
    }
    const node = new SubscriberNode(subscriber);
    this.state.items.unshift(node);
    if (subscriber._id) this.state.ids.add(subscriber._id);
    if (this.state.totalCount !== undefined && !this.state.totalCountCapped) this.state.totalCount++;
    this.updateViewText();
    this.changed.fire(undefined);
    return node;
  }

  private rootNodes(): TreeNode[] {
    const { items, error, next, loadingMore } = this.state;
    const nodes: TreeNode[] = [...items];
    if (error) nodes.push(new ErrorNode(error, items.length > 0 ? Commands.loadMoreSubscribers : Commands.refreshSubscribers));
    else if (next) nodes.push(new LoadMoreNode(Commands.loadMoreSubscribers, items.length, loadingMore));
    else if (items.length === 0 && this.state.status === 'loaded') {
      nodes.push(
        isFilterEmpty(this.filterValue)
          ? new MessageNode(vscode.l10n.t('No subscribers yet'), { tooltip: vscode.l10n.t('This environment has no subscribers yet: Create Subscriber adds one.') })
          : new MessageNode(vscode.l10n.t('No subscribers match {0}', describeFilter(this.filterValue)), {
              icon: 'search-stop',
              tooltip: vscode.l10n.t('Click to clear the filter and show all subscribers.'),
              command: { command: Commands.clearSubscriberFilter, title: vscode.l10n.t('Clear Filter') },
              flags: ['filtered'],
            }),
      );
    }
    return nodes;
  }

  private async loadPage(first: boolean): Promise<void> {
    const generation = this.generation;
    const active = await this.manager.activeClient();
    if (!active || generation !== this.generation) return;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const state = this.state;
    state.started = true;
    if (first) {
      state.status = 'loading';
      this.updateViewText();
    } else {
      // No tree change at the click: the view's progress bar says it is loading, and the rows come
      // with the one change at the answer (a "Loading more…" row drawn at the click held the
      // answer's change back until 200 ms after it, VS Code's debounce of tree events).
      state.loadingMore = true;
      state.error = undefined;
    }
    const pageSize = vscode.workspace.getConfiguration('novuExplorer').get<number>('subscribers.pageSize', 25);
    const query: SubscriberSearchQuery = {
      ...this.filterValue,
      ...this.orderValue,
      limit: Math.min(100, Math.max(1, Math.round(pageSize))),
      ...(first || !state.next ? {} : { after: state.next }),
    };
    // Set when the key was rejected: the state change reloads the view, and this load still reports.
    let unauthorized = false;
    try {
      const request = vscode.window.withProgress({ location: { viewId: SUBSCRIBERS_VIEW_ID } }, () => active.client.searchSubscribers(query, { signal: controller.signal }));
      // The count in the view's description needs it once the answer is in.
      prepareCountFormatter(vscode.env.language);
      const page = await request;
      if (generation !== this.generation) return;
      for (const subscriber of page.data) {
        const key = subscriber._id ?? subscriber.subscriberId;
        if (state.ids.has(key)) continue;
        state.ids.add(key);
        state.items.push(new SubscriberNode(subscriber));
      }
      state.next = page.next;
      state.error = undefined;
      state.status = 'loaded';
      if (page.totalCount !== undefined) {
        state.totalCount = page.totalCount;
        state.totalCountCapped = page.totalCountCapped;
      }
      this.manager.observeEnvironment(active.connection, page.data[0]?._environmentId);
    } catch (error) {
      if (isAbortError(error)) return;
      const described = describeError(error);
      // Checked before the generation: the client's own 401 report may already have reloaded the view.
      if (described.kind === 'unauthorized') {
        unauthorized = true;
        this.state = emptyState();
        this.manager.setState('unauthorized');
        return;
      }
      if (generation !== this.generation) return;
      state.error = described;
      if (first) state.status = 'failed';
    } finally {
      if (generation === this.generation || unauthorized) {
        state.loadingMore = false;
        if (this.controller === controller) this.controller = undefined;
        this.updateViewText();
        if (!first) this.changed.fire(undefined);
        this.loaded.fire();
      }
    }
  }

  private updateViewText(): void {
    const count = this.state.totalCount;
    const filtered = !isFilterEmpty(this.filterValue);
    let countText: string | undefined;
    if (count !== undefined) {
      const number = `${formatCount(count, vscode.env.language)}${this.state.totalCountCapped ? '+' : ''}`;
      countText = filtered ? (count === 1 ? vscode.l10n.t('{0} match', number) : vscode.l10n.t('{0} matches', number)) : number;
    }
    applyViewText(this.view, viewText({ connection: this.manager.active?.name, status: this.status, ...(countText ? { count: countText } : {}), ...(filtered ? { filter: describeFilter(this.filterValue) } : {}) }));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.controller?.abort();
    this.changed.dispose();
    this.loaded.dispose();
  }
}
