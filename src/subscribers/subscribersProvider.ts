/**
 * The Subscribers view: one page at a time with a "Load more" row driven by the `next` cursor, a
 * filter and a sort order. One request per user action; a newer request cancels an older one, and
 * an older answer never overwrites a newer one.
 */
import * as vscode from 'vscode';
import type { NovuClient, Subscriber, SubscriberSearchQuery } from '../api';
import type { ConnectionManager } from '../connections/connectionManager';
import { Commands } from '../commands';
import type { TreeNode } from '../ui/treeNodes';
import { FilteredPagedTree, KeyedList, type Page } from '../views/pagedView';
import { SubscriberNode } from './subscriberNode';
import { describeFilter, type SubscriberFilter } from './subscriberFilter';

export const SUBSCRIBERS_VIEW_ID = 'novuExplorer.subscribers';

export interface SubscriberOrder {
  orderBy: '_id' | 'updatedAt';
  orderDirection: 'ASC' | 'DESC';
}

export const DEFAULT_ORDER: SubscriberOrder = { orderBy: '_id', orderDirection: 'DESC' };

export class SubscribersProvider extends FilteredPagedTree<SubscriberNode, string, SubscriberFilter> {
  private orderValue: SubscriberOrder = DEFAULT_ORDER;
  /** Fires after each page arrives or fails (tests and the view description wait on it). */
  readonly onDidLoad = this.paged.onDidLoad;
  /** Root getChildren calls so far; a waiter is answered only by a call that began after it. */
  private rootCalls = 0;
  private readonly renderWaiters: { after: number; resolve: () => void }[] = [];

  constructor(manager: ConnectionManager) {
    super(
      manager,
      {
        viewId: SUBSCRIBERS_VIEW_ID,
        onPage: (page, connection) => manager.observeEnvironment(connection, page.items[0]?.subscriber._environmentId),
        commands: { refresh: Commands.refreshSubscribers, loadMore: Commands.loadMoreSubscribers, clearFilter: Commands.clearSubscriberFilter },
      },
      new KeyedList<SubscriberNode>((n) => n.subscriber._id ?? n.subscriber.subscriberId),
      {
        tidy: (filter) => Object.fromEntries(Object.entries(filter).filter(([, v]) => typeof v === 'string' && v.trim() !== '').map(([k, v]) => [k, (v as string).trim()])),
        describe: describeFilter,
        empty: (filter) =>
          filter === undefined
            ? [vscode.l10n.t('No subscribers yet'), vscode.l10n.t('This environment has no subscribers yet: Create Subscriber adds one.')]
            : [vscode.l10n.t('No subscribers match {0}', filter), vscode.l10n.t('Click to clear the filter and show all subscribers.')],
      },
    );
    // A rejected key (seen by any view or panel) empties the view so that its welcome shows, and
    // drops the count: nothing from an earlier load stays on screen as if it were still true.
    this.subscriptions.push(manager.onDidChangeState((state) => state !== 'ready' && this.reload()));
  }

  protected async fetch(client: NovuClient, after: string | undefined, signal: AbortSignal): Promise<Page<SubscriberNode, string>> {
    const pageSize = vscode.workspace.getConfiguration('novuExplorer').get<number>('subscribers.pageSize', 25);
    const query: SubscriberSearchQuery = { ...this.filter, ...this.orderValue, limit: Math.min(100, Math.max(1, Math.round(pageSize))), ...(after ? { after } : {}) };
    const page = await client.searchSubscribers(query, { signal });
    return { items: page.data.map((s) => new SubscriberNode(s)), next: page.next, totalCount: page.totalCount, totalCountCapped: page.totalCountCapped };
  }

  get order(): SubscriberOrder {
    return this.orderValue;
  }
  /** The subscribers loaded so far, in view order. */
  get subscribers(): Subscriber[] {
    return this.rows.items.map((n) => n.subscriber);
  }
  get totalCount(): number | undefined {
    return this.paged.totalCount;
  }
  get totalCountCapped(): boolean {
    return this.paged.totalCountCapped;
  }

  setOrder(order: SubscriberOrder): void {
    this.orderValue = order;
    this.reload();
  }

  getParent(): TreeNode | undefined {
    return undefined;
  }

  override async getChildren(node?: TreeNode): Promise<TreeNode[]> {
    if (node) return (await node.children?.()) ?? [];
    const call = ++this.rootCalls;
    const nodes = await super.getChildren();
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

  /** The node of a subscriber already loaded, for reveal. */
  nodeOf(subscriberId: string): SubscriberNode | undefined {
    return this.rows.items.find((n) => n.subscriber.subscriberId === subscriberId);
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
      this.rows.replace(node.subscriber._id ?? node.subscriber.subscriberId, undefined);
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
    this.rows.upsertFirst(node);
    this.paged.counted(1);
    this.paged.touch();
    return node;
  }
}
