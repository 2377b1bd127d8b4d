/**
 * What every view that reads a list from the service has (issue 31): the first load with the
 * view's progress bar, a failure said in words with Retry, Load more with the count loaded, "no
 * results" and "nothing matches <filter>" with Clear Filter, each row once across pages, an answer
 * dropped when a newer request was made, and one tree event per change. The four views (Subscribers,
 * Workflows, Activity, Integrations) keep only what is theirs: the request, the row, the filter.
 *
 * The rules, one for every view:
 * - A shown view sends its first request when it is shown or reloaded, not when the workbench
 *   next asks for its rows (its tree holds change events back by up to 200 ms, issue 14).
 * - A reload aborts what is under way; an answer of an older load is dropped, never drawn.
 * - A page's rows are kept by key: a page that shifted (a row created while paging) repeats
 *   rows, and each stays once, where it was first.
 * - A failed first load shows only the failure with Retry (Refresh); a failed Load more keeps the
 *   rows and puts the failure where Load more was, its Retry loading that page again.
 * - A rejected key (401) empties the view, so that its welcome offers Set API Key.
 * - Load more changes the tree once, when the rows arrive (the view's progress bar shows meanwhile).
 */
import * as vscode from 'vscode';
import { isAbortError, type NovuClient } from '../api';
import type { CommandId } from '../commands';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import { formatCount } from '../format/numbers';
import { describeError, type DescribedError } from '../ui/errors';
import { ErrorNode, LoadMoreNode, MessageNode, applyViewText, viewText, type LoadStatus, type TreeNode } from '../ui/treeNodes';

/** One answer of the service: its rows, and where the next page starts (null: none). */
export interface Page<T, C> {
  items: readonly T[];
  next: C | null;
  totalCount?: number | undefined;
  totalCountCapped?: boolean | undefined;
}

/** Where the rows are kept: by key, each once (the default), or a view's own list (Activity's, which Live follow merges into). */
export interface PagedStore<T> {
  readonly items: readonly T[];
  clear(): void;
  append(items: readonly T[]): void;
}

/** The rows, each once by its key, in the order they first came. */
export class KeyedList<T> implements PagedStore<T> {
  private rows: T[] = [];
  private readonly keys = new Set<string>();
  constructor(private readonly key: (item: T) => string) {}
  get items(): readonly T[] {
    return this.rows;
  }
  clear(): void {
    this.rows = [];
    this.keys.clear();
  }
  append(items: readonly T[]): void {
    for (const item of items) {
      const key = this.key(item);
      if (this.keys.has(key)) continue;
      this.keys.add(key);
      this.rows.push(item);
    }
  }
  /** Puts a row first (one just created), or replaces it where it is. */
  upsertFirst(item: T): void {
    const key = this.key(item);
    if (this.keys.has(key)) this.replace(key, item);
    else {
      this.keys.add(key);
      this.rows.unshift(item);
    }
  }
  /** Replaces the row with this key; `undefined` removes it. */
  replace(key: string, item: T | undefined): void {
    const index = this.rows.findIndex((r) => this.key(r) === key);
    if (index < 0) return;
    if (item === undefined) {
      this.rows.splice(index, 1);
      this.keys.delete(key);
    } else this.rows[index] = item;
  }
}

export interface PagedSource<T, C> {
  /** The view's id, for the progress bar on it. */
  viewId: string;
  /** One page: the first when `after` is undefined. */
  fetch(client: NovuClient, after: C | undefined, signal: AbortSignal): Promise<Page<T, C>>;
  /** Each page that arrived, with the connection it came from (the environment it shows). */
  onPage?(page: Page<T, C>, connection: Connection): void;
  /** How a failure is said (the workflows have older servers' words of their own). */
  describe?(error: unknown): DescribedError;
  /** Retry of a failed first load, and the Load more row's command. */
  commands: { refresh: CommandId; loadMore: CommandId };
}

export class PagedView<T, C> implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** The rows changed: the view fires one tree change for it. */
  readonly onDidChange = this.changed.event;
  private readonly loaded = new vscode.EventEmitter<{ first: boolean }>();
  /** A page arrived or failed (the views' own onDidLoad); `first`: the first page. */
  readonly onDidLoad = this.loaded.event;
  private readonly viewText = new vscode.EventEmitter<void>();
  /** What the view's description says changed (status, count). */
  readonly onDidChangeText = this.viewText.event;

  private next: C | null = null;
  private totalCountValue: number | undefined;
  private totalCountCappedValue = false;
  private error: DescribedError | undefined;
  private started = false;
  private loadingMoreValue = false;
  private statusValue: LoadStatus = 'idle';
  private generation = 0;
  private controller: AbortController | undefined;
  private firstPage: Promise<void> | undefined;
  private viewValue: vscode.TreeView<TreeNode> | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly manager: ConnectionManager,
    private readonly source: PagedSource<T, C>,
    readonly store: PagedStore<T>,
  ) {}

  /** The view it loads for: shown, it asks at once (before VS Code asks for its rows). */
  set view(view: vscode.TreeView<TreeNode>) {
    this.viewValue = view;
    this.subscriptions.push(
      view.onDidChangeVisibility(({ visible }) => {
        // VS Code asks for the rows at once and shows its own progress while they are out.
        if (visible && this.manager.state === 'ready' && !this.started) this.firstPage ??= this.load(true, false);
      }),
    );
  }
  get view(): vscode.TreeView<TreeNode> | undefined {
    return this.viewValue;
  }

  /** Where the list stands; a rejected key is the view's whatever was loaded. */
  get status(): LoadStatus {
    return this.manager.state === 'unauthorized' ? 'unauthorized' : this.statusValue;
  }
  get items(): readonly T[] {
    return this.store.items;
  }
  get hasMore(): boolean {
    return this.next !== null;
  }
  get loadingMore(): boolean {
    return this.loadingMoreValue;
  }
  get totalCount(): number | undefined {
    return this.totalCountValue;
  }
  get totalCountCapped(): boolean {
    return this.totalCountCappedValue;
  }
  /** The first page was asked for (loaded, failed or under way). */
  get isStarted(): boolean {
    return this.started;
  }

  /** Forgets what was loaded and cancels what is under way; a shown view asks again at once. */
  reload(): void {
    this.generation++;
    this.controller?.abort();
    this.controller = undefined;
    this.firstPage = undefined;
    this.store.clear();
    this.next = null;
    this.totalCountValue = undefined;
    this.totalCountCappedValue = false;
    this.error = undefined;
    this.started = false;
    this.loadingMoreValue = false;
    this.statusValue = 'idle';
    this.viewText.fire();
    this.changed.fire();
    if (this.viewValue?.visible && this.manager.state === 'ready') this.firstPage = this.load(true);
  }

  /**
   * The first page, for the view's root rows: asked for if it was not, and awaited while it is
   * out (a reload meanwhile starts it again), so that the rows returned are never the empty list
   * of a load still under way. False when the key is not usable (the welcome content shows).
   */
  async ready(): Promise<boolean> {
    for (let attempt = 0; attempt < 3 && this.manager.state === 'ready'; attempt++) {
      if (!this.started) this.firstPage ??= this.load(true, false);
      else if (this.statusValue !== 'loading' || !this.firstPage) break;
      await this.firstPage;
    }
    return this.manager.state === 'ready';
  }

  /** The page after the last one loaded (the "Load more" row, or its Retry after a failure). */
  async loadMore(): Promise<void> {
    if (this.next === null || this.loadingMoreValue) return;
    await this.load(false);
  }

  /**
   * The rows after the items' own: the failure where it happened, Load more, or (loaded, nothing
   * to show) the view's empty row, which says whether a filter is why.
   */
  tail(shown: number, empty: () => TreeNode, error: (error: DescribedError, retry: CommandId) => TreeNode = (e, retry) => new ErrorNode(e, retry)): TreeNode[] {
    const rows: TreeNode[] = [];
    // Nothing to show of what is loaded (none, or none through a local filter such as "Failures only").
    if (shown === 0 && this.statusValue === 'loaded' && !this.error) rows.push(empty());
    if (this.error) rows.push(error(this.error, this.statusValue === 'failed' ? this.source.commands.refresh : this.source.commands.loadMore));
    else if (this.next !== null) rows.push(new LoadMoreNode(this.source.commands.loadMore, this.store.items.length, this.loadingMoreValue));
    return rows;
  }

  /** A failed first load shows only its failure. */
  get failedFirst(): boolean {
    return this.statusValue === 'failed';
  }

  /** The view's root rows: the items shown and the tail after them, or only the failure of a failed first load. */
  rows(shown: readonly TreeNode[], empty: () => TreeNode, error?: (error: DescribedError, retry: CommandId) => TreeNode): TreeNode[] {
    if (this.failedFirst) return this.tail(0, empty, error);
    return [...shown, ...this.tail(shown.length, empty, error)];
  }

  /**
   * The view's description: the connection, where the load stands, the count loaded by the
   * service's total ("12 matches" when filtered, "1,000+" when capped), and the filter.
   */
  describe(filter: string | undefined): void {
    const count = this.totalCountValue;
    let countText: string | undefined;
    if (count !== undefined) {
      const number = `${formatCount(count, vscode.env.language)}${this.totalCountCappedValue ? '+' : ''}`;
      countText = filter ? (count === 1 ? vscode.l10n.t('{0} match', number) : vscode.l10n.t('{0} matches', number)) : number;
    }
    applyViewText(this.viewValue, viewText({ connection: this.manager.active?.name, status: this.status, ...(countText ? { count: countText } : {}), ...(filter ? { filter } : {}) }));
  }

  /** A row was added outside a load (one just created): the total counts it, unless capped. */
  counted(added: number): void {
    if (this.totalCountValue !== undefined && !this.totalCountCappedValue) this.totalCountValue += added;
  }

  /** The rows changed outside a load (a row inserted, replaced, merged): one tree change. */
  touch(): void {
    this.viewText.fire();
    this.changed.fire();
  }

  /** Says that more can be loaded after rows came in another way (Activity's follow restarting its list). */
  setNext(next: C | null): void {
    this.next = next;
  }

  /**
   * `progress`: show the view's progress bar. Not for a first load that VS Code is waiting for (the
   * view just shown, or its rows asked for): the workbench shows its own while getChildren is out,
   * and a second one costs the busy workbench three more messages on the first click (issue 37.6).
   */
  private async load(first: boolean, progress = true): Promise<void> {
    const generation = this.generation;
    const active = await this.manager.activeClient();
    if (!active || generation !== this.generation) return;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.started = true;
    if (first) {
      this.statusValue = 'loading';
      this.viewText.fire();
    } else {
      // No tree change at the click: the view's progress bar says it is loading, and the rows
      // come with the one change at the answer (a "Loading more…" row drawn at the click held the
      // answer's change back until 200 ms after it, VS Code's debounce of tree events).
      this.loadingMoreValue = true;
      this.error = undefined;
    }
    // Set when the key was rejected: the state change reloads the view, and this load still reports.
    let unauthorized = false;
    try {
      const after = first ? undefined : (this.next ?? undefined);
      const fetchPage = () => this.source.fetch(active.client, after, controller.signal);
      const page = await (progress ? vscode.window.withProgress({ location: { viewId: this.source.viewId } }, fetchPage) : fetchPage());
      if (generation !== this.generation) return;
      this.store.append(page.items);
      this.next = page.next;
      if (page.totalCount !== undefined) {
        this.totalCountValue = page.totalCount;
        this.totalCountCappedValue = page.totalCountCapped === true;
      }
      this.error = undefined;
      this.statusValue = 'loaded';
      this.source.onPage?.(page, active.connection);
    } catch (error) {
      if (isAbortError(error)) return;
      const described = (this.source.describe ?? describeError)(error);
      // Before the generation check: the client's own 401 report may already have reloaded the view.
      if (described.kind === 'unauthorized') {
        unauthorized = true;
        this.manager.setState('unauthorized');
        return;
      }
      if (generation !== this.generation) return;
      this.error = described;
      if (first) this.statusValue = 'failed';
    } finally {
      if (generation === this.generation || unauthorized) {
        this.loadingMoreValue = false;
        if (this.controller === controller) this.controller = undefined;
        this.viewText.fire();
        // The first page's rows are what the waiting getChildren returns; a later one changes the tree once.
        if (!first) this.changed.fire();
        this.loaded.fire({ first });
      }
    }
  }

  dispose(): void {
    this.controller?.abort();
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
    this.loaded.dispose();
    this.viewText.dispose();
  }
}

/** What a view says with no rows: "No … yet" and why, or under a filter "No … match <filter>", whose click clears it. */
export interface EmptyWords {
  none: string;
  noneTooltip: string;
  noMatch(filter: string): string;
  clear: CommandId;
  clearTooltip: string;
}

/** The row of a view with nothing to show, in its words, under `filter` (in words; undefined: none). */
export function emptyRow(words: EmptyWords, filter: string | undefined): TreeNode {
  return filter === undefined ? messageRow([words.none, words.noneTooltip]) : messageRow([words.noMatch(filter), words.clearTooltip], words.clear);
}

/** A view's message row; with `clear`, it is the "nothing matches" row whose click clears the filter. */
function messageRow([text, tooltip]: readonly [string, string], clear?: CommandId): TreeNode {
  return clear === undefined
    ? new MessageNode(text, { tooltip })
    : new MessageNode(text, { icon: 'search-stop', tooltip, command: { command: clear, title: vscode.l10n.t('Clear Filter') }, flags: ['filtered'] });
}

/**
 * A tree view of one paged list: what the four views share around their PagedView (the tree's
 * change event, the view, where it stands, reload and Load more, disposal). A view adds its
 * request (`fetch`), its rows and its description.
 */
export abstract class PagedTree<T, C, S extends PagedStore<T> = KeyedList<T>> implements vscode.TreeDataProvider<TreeNode>, vscode.Disposable {
  protected readonly changed = new vscode.EventEmitter<TreeNode | TreeNode[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  protected readonly paged: PagedView<T, C>;
  protected readonly subscriptions: vscode.Disposable[];

  constructor(
    protected readonly manager: ConnectionManager,
    source: Omit<PagedSource<T, C>, 'fetch'>,
    /** Where the rows are kept. */
    protected readonly rows: S,
  ) {
    this.paged = new PagedView<T, C>(manager, { ...source, fetch: (client, after, signal) => this.fetch(client, after, signal) }, rows);
    this.subscriptions = [this.paged, this.paged.onDidChange(() => this.changed.fire(undefined)), this.paged.onDidChangeText(() => this.updateViewText())];
  }

  /** One page of the view's list: the first when `after` is undefined. */
  protected abstract fetch(client: NovuClient, after: C | undefined, signal: AbortSignal): Promise<Page<T, C>>;
  /** Says in the view's description what changed (status, count, filter). */
  protected abstract updateViewText(): void;
  /** The top-level rows once the list is loaded: the view's rows and the paged tail. */
  protected abstract rootNodes(): TreeNode[];

  async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (node) return (await node.children?.()) ?? [];
    // The key may have been rejected while the page loaded: no rows, so that the welcome content shows.
    return (await this.paged.ready()) ? this.rootNodes() : [];
  }

  get view(): vscode.TreeView<TreeNode> | undefined {
    return this.paged.view;
  }
  set view(view: vscode.TreeView<TreeNode>) {
    this.paged.view = view;
  }

  /** Where the view stands: loading, loaded (with rows or empty), failed or unauthorized. */
  get status(): LoadStatus {
    return this.paged.status;
  }
  get hasMore(): boolean {
    return this.paged.hasMore;
  }

  /** Forgets what was loaded and cancels what is under way; a shown view asks again at once. */
  reload(): void {
    this.paged.reload();
  }

  /** Loads the page after the last one loaded (the "Load more" row). */
  loadMore(): Promise<void> {
    return this.paged.loadMore();
  }

  getTreeItem(node: TreeNode): vscode.TreeItem {
    return node.treeItem();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}

/**
 * A view's filter, asked of the service: how it is kept and said, and what the view says when it
 * hides every row. Its context key (Clear Filter's `when`) is the view's id + `Filtered`, and Clear
 * Filter is the view's command beside Refresh and Load more.
 */
export interface FilterRule<F> {
  /** The filter as kept: blanks dropped, text trimmed; a filter with no key left is none. */
  tidy(filter: F): F;
  /** The filter in words, for the description and the empty row. */
  describe(filter: F): string;
  /** The empty row's text and tooltip with no filter (undefined), or under `filter` (in words); asked each time, so that the words follow the display language. */
  empty(filter: string | undefined): readonly [text: string, tooltip: string];
}

/**
 * A paged tree with a filter (Subscribers, Workflows): setting it reloads, Clear Filter shows while
 * it is on, and the description and the empty row say it in words.
 */
export abstract class FilteredPagedTree<T extends TreeNode, C, F extends object> extends PagedTree<T, C> {
  private filterValue = {} as F;
  private readonly filterContext: string;
  private readonly clearFilter: CommandId;

  constructor(manager: ConnectionManager, source: Omit<PagedSource<T, C>, 'fetch' | 'commands'> & { commands: PagedSource<T, C>['commands'] & { clearFilter: CommandId } }, rows: KeyedList<T>, private readonly filterRule: FilterRule<F>) {
    super(manager, source, rows);
    // l10n-ignore: a context key
    this.filterContext = `${source.viewId}Filtered`;
    this.clearFilter = source.commands.clearFilter;
  }

  get filter(): F {
    return this.filterValue;
  }

  setFilter(filter: F): void {
    this.filterValue = this.filterRule.tidy(filter);
    void vscode.commands.executeCommand('setContext', this.filterContext, this.filterText !== undefined);
    this.reload();
  }

  protected get filterText(): string | undefined {
    return Object.keys(this.filterValue).length === 0 ? undefined : this.filterRule.describe(this.filterValue);
  }

  protected rootNodes(): TreeNode[] {
    const filter = this.filterText;
    return this.paged.rows(this.rows.items, () => messageRow(this.filterRule.empty(filter), filter === undefined ? undefined : this.clearFilter));
  }

  protected updateViewText(): void {
    this.paged.describe(this.filterText);
  }
}
