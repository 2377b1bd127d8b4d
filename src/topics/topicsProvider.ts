/**
 * The Topics view (contract §11): the active connection's topics by cursor page, searched by key or
 * name, or one subscriber's topics; a topic expands to its subscriptions, a page at a time. One
 * request per user action; a newer load cancels an older one. A server without topics v2 says so.
 */
import * as vscode from 'vscode';
import type { NovuClient } from '../api';
import { listSubscriberSubscriptions, listTopicSubscriptions, listTopics, type Subscription, type Topic } from '../api/topics';
import { Commands } from '../commands';
import type { ConnectionManager } from '../connections/connectionManager';
import { l10n } from '../l10n';
import { describeFeatureError } from '../ui/missingRoute';
import type { TreeNode } from '../ui/treeNodes';
import { FilteredPagedTree, KeyedList, type Page } from '../views/pagedView';
import { TopicNode, plain, type TopicRowSource } from './topicNodes';

export const TOPICS_VIEW_ID = 'novuExplorer.topics';
export const TOPICS_PAGE_SIZE = 50;
export const SUBSCRIPTIONS_PAGE_SIZE = 50;

export interface TopicFilter {
  /** Key contains (case-insensitive, on the service). */
  key?: string;
  /** Name contains. */
  name?: string;
  /** One subscriber's topics (`GET /v2/subscribers/{id}/subscriptions`). */
  subscriberId?: string;
}

export function describeTopicFilter(filter: TopicFilter): string {
  const parts: string[] = [];
  if (filter.subscriberId) parts.push(l10n.t('subscriber {0}', plain(filter.subscriberId)));
  if (filter.key) parts.push(l10n.t('key “{0}”', plain(filter.key)));
  if (filter.name) parts.push(l10n.t('name “{0}”', plain(filter.name)));
  return parts.join(' · ');
}

export class TopicsProvider extends FilteredPagedTree<TopicNode, string, TopicFilter> implements TopicRowSource {
  private readonly loaded = new vscode.EventEmitter<void>();
  /** Fires after each page of topics, or of a topic's subscriptions, arrives or fails. */
  readonly onDidLoad = this.loaded.event;

  constructor(manager: ConnectionManager) {
    super(
      manager,
      { viewId: TOPICS_VIEW_ID, describe: (error) => describeFeatureError(error, 'topics'), commands: { refresh: Commands.refreshTopics, loadMore: Commands.loadMoreTopics, clearFilter: Commands.clearTopicFilter } },
      new KeyedList<TopicNode>((n) => n.key),
      {
        tidy: (filter) => Object.fromEntries(Object.entries(filter).filter(([, v]) => typeof v === 'string' && v.trim() !== '').map(([k, v]) => [k, (v as string).trim()])) as TopicFilter,
        describe: describeTopicFilter,
        empty: (filter) =>
          filter === undefined
            ? [vscode.l10n.t('No topics yet'), vscode.l10n.t('This environment has no topics: Create Topic… adds one, and a trigger that names a new topic key does not create it.')]
            : [vscode.l10n.t('No topics match {0}', filter), vscode.l10n.t('Click to clear the filter and show all topics.')],
      },
    );
    this.subscriptions.push(
      manager.onDidChangeState((state) => state !== 'ready' && this.reload()),
      this.paged.onDidLoad(() => this.loaded.fire()),
      this.loaded,
    );
  }

  protected async fetch(client: NovuClient, after: string | undefined, signal: AbortSignal): Promise<Page<TopicNode, string>> {
    const { subscriberId, key, name } = this.filter;
    if (subscriberId) {
      // A subscriber's topics: each subscription under its topic (a subscriber may hold several in one topic, one per context).
      const page = await listSubscriberSubscriptions(client, subscriberId, { limit: TOPICS_PAGE_SIZE, ...(after ? { after } : {}) }, { signal });
      const byTopic = new Map<string, { topic: Topic; items: Subscription[] }>();
      for (const s of page.data) {
        const topicKey = s.topic?.key;
        if (!topicKey) continue;
        const entry = byTopic.get(topicKey) ?? { topic: { key: topicKey, name: s.topic?.name ?? null, _id: s.topic?._id ?? null }, items: [] };
        entry.items.push(s);
        byTopic.set(topicKey, entry);
      }
      return { items: [...byTopic.values()].map((e) => new TopicNode(e.topic, this, e.items)), next: page.next };
    }
    const page = await listTopics(client, { limit: TOPICS_PAGE_SIZE, ...(after ? { after } : {}), ...(key ? { key } : {}), ...(name ? { name } : {}) }, { signal });
    return { items: page.data.map((t) => new TopicNode(t, this)), next: page.next };
  }

  get topics(): Topic[] {
    return this.rows.items.map((n) => n.topic);
  }

  nodeOf(key: string): TopicNode | undefined {
    return this.rows.items.find((n) => n.key === key);
  }

  getParent(): TreeNode | undefined {
    return undefined;
  }

  /** Loads a topic's first page of subscriptions (on expand, or Retry), or the next page (Load more). */
  async loadSubscriptions(node: TopicNode, more: boolean): Promise<void> {
    const state = node.subscriptions;
    if (more && (state.kind !== 'loaded' || state.next === null || state.loadingMore)) return;
    const active = await this.manager.activeClient();
    if (!active) return;
    const after = more && state.kind === 'loaded' ? state.next : null;
    if (more && state.kind === 'loaded') {
      node.subscriptions = { ...state, loadingMore: true, error: undefined };
    } else node.subscriptions = { kind: 'loading' };
    const filter = this.filter.subscriberId ? { subscriberId: this.filter.subscriberId } : {};
    try {
      const page = await vscode.window.withProgress({ location: { viewId: TOPICS_VIEW_ID } }, () =>
        listTopicSubscriptions(active.client, node.key, { limit: SUBSCRIPTIONS_PAGE_SIZE, ...filter, ...(after ? { after } : {}) }),
      );
      const held = node.subscriptions.kind === 'loaded' ? node.subscriptions.items : [];
      const seen = new Set(held.map((s) => s.identifier ?? s._id));
      node.subscriptions = { kind: 'loaded', items: [...held, ...page.data.filter((s) => !seen.has(s.identifier ?? s._id))], next: page.next, loadingMore: false };
    } catch (error) {
      const described = describeFeatureError(error, 'topics');
      const now = node.subscriptions;
      node.subscriptions = now.kind === 'loaded' ? { ...now, loadingMore: false, error: described } : { kind: 'failed', error: described };
    } finally {
      this.loaded.fire();
      // The row's count changes with the page (its children, now loaded, are not asked for again).
      this.changed.fire(node);
    }
  }

  /** A topic's subscriptions changed (added, removed): read again when next shown. */
  forgetSubscriptions(node: TopicNode): void {
    node.subscriptions = { kind: 'idle' };
    this.changed.fire(node);
  }

  /** A topic made or renamed here: its row at the top, or updated where it is. */
  upsert(topic: Topic): TopicNode {
    const existing = this.nodeOf(topic.key);
    if (existing) {
      existing.topic = { ...existing.topic, ...topic };
      this.changed.fire(existing);
      return existing;
    }
    const node = new TopicNode(topic, this);
    this.rows.upsertFirst(node);
    this.paged.touch();
    return node;
  }

  remove(key: string): void {
    this.rows.replace(key, undefined);
    this.paged.touch();
  }
}
