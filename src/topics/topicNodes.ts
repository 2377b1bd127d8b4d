/**
 * The rows of the Topics view: a topic (its subscriptions loaded when it is expanded, a page at a
 * time), a subscription (its subscriber, context keys and preferences), and a preference (its
 * workflow, on or off, and its condition as readable JSON Logic). Names from the service are shown
 * as text: direction controls are written out, never applied.
 */
import * as vscode from 'vscode';
import type { Subscription, SubscriptionPreference, Topic } from '../api/topics';
import { describeContextKeys } from '../api/contexts';
import { conditionText } from '../audience/conditionText';
import { Commands } from '../commands';
import { showControls } from '../rendered/linkSafety';
import type { DescribedError } from '../ui/errors';
import { fieldTooltip } from '../ui/text';
import { ErrorNode, LoadMoreNode, MessageNode, type TreeNode } from '../ui/treeNodes';

/** Where a topic's subscriptions stand. */
export type SubscriptionsState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'loaded'; items: Subscription[]; next: string | null; loadingMore: boolean; error?: DescribedError }
  | { kind: 'failed'; error: DescribedError };

export interface TopicRowSource {
  /** Loads the first page (or the next one) of a topic's subscriptions; the node's state says how it went. */
  loadSubscriptions(node: TopicNode, more: boolean): Promise<void>;
}

/** Service text for a tree row: direction controls shown as `\u202E`, so the row reads as it is. */
export const plain = (text: string): string => showControls(text);

export class TopicNode implements TreeNode {
  subscriptions: SubscriptionsState;

  constructor(
    public topic: Topic,
    private readonly source: TopicRowSource,
    /** The subscriptions known already (a subscriber's topics: theirs only). */
    known?: Subscription[],
  ) {
    this.subscriptions = known ? { kind: 'loaded', items: known, next: null, loadingMore: false } : { kind: 'idle' };
  }

  get key(): string {
    return this.topic.key;
  }

  treeItem(): vscode.TreeItem {
    const t = this.topic;
    const name = t.name && t.name.trim() !== '' ? plain(t.name) : undefined;
    const item = new vscode.TreeItem(name ?? plain(t.key), vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `topic:${t.key}`;
    const state = this.subscriptions;
    const count = state.kind === 'loaded' ? (state.next ? vscode.l10n.t('{0}+ subscriptions', state.items.length) : state.items.length === 1 ? vscode.l10n.t('1 subscription') : vscode.l10n.t('{0} subscriptions', state.items.length)) : undefined;
    item.description = [name ? plain(t.key) : undefined, count].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon('organization');
    item.contextValue = 'topic;';
    item.tooltip = fieldTooltip([
      [vscode.l10n.t('Name'), t.name ? plain(t.name) : undefined],
      [vscode.l10n.t('Key'), plain(t.key)],
      [vscode.l10n.t('Created'), t.createdAt],
      [vscode.l10n.t('Updated'), t.updatedAt],
    ]);
    item.accessibilityInformation = { label: vscode.l10n.t('Topic {0} {1}', name ?? '', plain(t.key)).replace(/\s+/g, ' ').trim(), role: 'treeitem' };
    return item;
  }

  async children(): Promise<TreeNode[]> {
    if (this.subscriptions.kind === 'idle' || this.subscriptions.kind === 'loading') await this.source.loadSubscriptions(this, false);
    const state = this.subscriptions;
    if (state.kind === 'failed') return [new ErrorNode(state.error, Commands.loadMoreTopicSubscriptions, [this])];
    if (state.kind !== 'loaded') return [];
    const rows: TreeNode[] = state.items.map((s) => new SubscriptionNode(s, this));
    if (rows.length === 0) rows.push(new MessageNode(vscode.l10n.t('No subscriptions yet'), { tooltip: vscode.l10n.t('A send to this topic reaches no one. Add Subscribers to Topic… adds some.') }));
    if (state.error) rows.push(new ErrorNode(state.error, Commands.loadMoreTopicSubscriptions, [this]));
    else if (state.next !== null) rows.push(new TopicLoadMore(this, state.items.length, state.loadingMore));
    return rows;
  }
}

/** Load more of one topic's subscriptions. */
class TopicLoadMore implements TreeNode {
  constructor(private readonly topic: TopicNode, private readonly loaded: number, private readonly loading: boolean) {}
  treeItem(): vscode.TreeItem {
    const item = new LoadMoreNode(Commands.loadMoreTopicSubscriptions, this.loaded, this.loading).treeItem();
    item.id = `topic:${this.topic.key}/loadMore`;
    if (item.command) item.command.arguments = [this.topic];
    return item;
  }
}

/** "Ada Lovelace (diag-ada)", or the id; a deleted subscriber says so. */
export function subscriberLabel(subscription: Subscription): { label: string; id: string | undefined } {
  const s = subscription.subscriber;
  if (!s) return { label: vscode.l10n.t('(subscriber deleted)'), id: undefined };
  const name = [s.firstName, s.lastName].filter((p) => p && p.trim() !== '').join(' ');
  return { label: plain(name || s.subscriberId), id: s.subscriberId };
}

export class SubscriptionNode implements TreeNode {
  constructor(
    readonly subscription: Subscription,
    readonly topic: TopicNode,
  ) {}

  get subscriberId(): string | undefined {
    return this.subscription.subscriber?.subscriberId;
  }

  treeItem(): vscode.TreeItem {
    const s = this.subscription;
    const { label, id } = subscriberLabel(s);
    const preferences = s.preferences ?? [];
    const item = new vscode.TreeItem(label, preferences.length > 0 ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = `topic:${this.topic.key}/subscription:${s.identifier ?? s._id ?? id ?? ''}`;
    const context = (s.contextKeys?.length ?? 0) > 0 ? describeContextKeys(s.contextKeys) : undefined;
    const conditions = preferences.filter((p) => p.condition !== undefined && p.condition !== null).length;
    const off = preferences.filter((p) => p.enabled === false).length;
    item.description = [
      label !== id ? (id ? plain(id) : undefined) : undefined,
      context,
      conditions > 0 ? (conditions === 1 ? vscode.l10n.t('1 condition') : vscode.l10n.t('{0} conditions', conditions)) : undefined,
      off > 0 ? vscode.l10n.t('{0} off', off) : undefined,
    ].filter(Boolean).join(' · ');
    item.iconPath = new vscode.ThemeIcon(s.subscriber ? 'account' : 'warning');
    item.contextValue = ['subscription', ...(id ? ['hasSubscriber'] : [])].join(';') + ';';
    item.tooltip = fieldTooltip([
      [vscode.l10n.t('Subscriber'), label],
      [vscode.l10n.t('Subscriber ID'), id ? plain(id) : undefined],
      [vscode.l10n.t('Email'), s.subscriber?.email ? plain(s.subscriber.email) : undefined],
      [vscode.l10n.t('Context'), describeContextKeys(s.contextKeys)],
      [vscode.l10n.t('Subscription'), s.identifier ? plain(s.identifier) : undefined],
      [vscode.l10n.t('Subscribed'), s.createdAt],
    ]);
    return item;
  }

  children(): TreeNode[] {
    return (this.subscription.preferences ?? []).map((p, index) => new PreferenceNode(p, `${this.topic.key}/${this.subscription.identifier ?? ''}/${index}`));
  }
}

/** A preference's workflow in words: its name, else its identifier or id, else its filter. */
export function preferenceWorkflow(preference: SubscriptionPreference): string {
  const w = preference.workflow;
  const named = w?.name ?? w?.identifier ?? w?.workflowId ?? w?.id ?? w?._id;
  if (named) return plain(named);
  const f = preference.filter;
  if (f?.workflowIds?.length) return vscode.l10n.t('workflows {0}', plain(f.workflowIds.join(', ')));
  if (f?.tags?.length) return vscode.l10n.t('workflows tagged {0}', plain(f.tags.join(', ')));
  return vscode.l10n.t('every workflow');
}

export class PreferenceNode implements TreeNode {
  constructor(private readonly preference: SubscriptionPreference, private readonly key: string) {}
  treeItem(): vscode.TreeItem {
    const p = this.preference;
    const hasCondition = p.condition !== undefined && p.condition !== null;
    const item = new vscode.TreeItem(preferenceWorkflow(p), vscode.TreeItemCollapsibleState.None);
    item.id = `preference:${this.key}`;
    const state = p.enabled === false ? vscode.l10n.t('off') : vscode.l10n.t('on');
    item.description = hasCondition ? `${state} · ${vscode.l10n.t('if {0}', plain(conditionText(p.condition, 120)))}` : state;
    item.iconPath = new vscode.ThemeIcon(p.enabled === false ? 'circle-slash' : hasCondition ? 'filter' : 'pass');
    item.tooltip = fieldTooltip([
      [vscode.l10n.t('Workflow'), preferenceWorkflow(p)],
      [vscode.l10n.t('Enabled'), p.enabled === false ? vscode.l10n.t('no') : vscode.l10n.t('yes')],
      [vscode.l10n.t('Condition'), hasCondition ? plain(conditionText(p.condition, 2000)) : vscode.l10n.t('none: every send goes through')],
    ]);
    item.contextValue = 'subscriptionPreference';
    return item;
  }
}
