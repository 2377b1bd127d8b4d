/**
 * Topics for the model (#novuTopics, issue 55): the topics of the environment, one topic's
 * subscriptions (the subscriber, the context keys, each preference with its condition in words),
 * and the dry run of a send to a topic (who it reaches and why each other is filtered, in the words
 * of the Topics view's dry run). Our sentences say only counts and what the agent asked; every
 * string of the service (names, conditions, the values a condition read) is in the data. Pure and
 * vscode-free.
 */
import { describeContextKeys } from '../api/contexts';
import type { Subscription, SubscriptionPreference, Topic } from '../api/topics';
import { conditionText } from '../audience/conditionText';
import { filteredTrace, outcomeLabel, outcomeSentence } from '../audience/reachWords';
import type { SubscriptionReach, TopicReach } from '../audience/topicReach';
import { l10n } from '../l10n';
import { compact, dataNote, isoOrUndefined, whereLine, type Where } from './agentReports';
import { isToken, quoted, report } from './agentText';

/** A page's cursor when the service's is the last item's own id (cut short, it continues from the last shown). */
export function cursorAfterShown(ids: readonly (string | null | undefined)[], next: string | null | undefined, shown: number): string | null | undefined {
  if (shown >= ids.length) return next ?? null;
  const cursorIsId = next === ids.at(-1) || next === null || next === undefined;
  const last = shown > 0 ? ids[shown - 1] : undefined;
  return cursorIsId && last ? last : undefined;
}

function cursorLine(cursor: string | null | undefined, shown: number): string[] {
  if (cursor === null) return [];
  if (cursor === undefined) return [l10n.t('The service\'s cursor cannot continue from the middle of its page: ask again with a limit of {0} or less.', Math.max(1, shown))];
  if (!isToken(cursor)) return [l10n.t('More exist, but the service\'s cursor is of an unusual form and is left out: narrow the search.')];
  return [l10n.t('More: call again with the same input and cursor {0} (it continues right after the last one shown).', quoted(cursor))];
}

// ---- The topics --------------------------------------------------------------------------------

export interface TopicsFound {
  where: Where;
  /** What the agent searched for (a key or name contains it), when it did. */
  search?: string;
  topics: readonly Topic[];
  /** The service's cursor after the page (no search), null at the end. */
  next: string | null;
  /** A search read the first page of each list only, and one of them has more. */
  searchHasMore?: boolean;
}

export function topicsReport(found: TopicsFound): string {
  const count = found.topics.length;
  const lead = (shown: number): string[] => {
    const lines = [whereLine(found.where), found.search !== undefined ? l10n.t('Topics whose key or name contains {0}.', quoted(found.search)) : l10n.t('The topics of this environment, newest first.')];
    if (count === 0) lines.push(found.search !== undefined ? l10n.t('No topic matches. This is an answer, not a failure.') : l10n.t('This environment has no topic. This is an answer, not a failure.'));
    else {
      lines.push(shown === 1 ? l10n.t('1 topic shown.') : l10n.t('{0} topics shown.', shown));
      if (found.search !== undefined) {
        if (found.searchHasMore || shown < count) lines.push(l10n.t('More topics match than this answer holds: narrow the search.'));
      } else lines.push(...cursorLine(cursorAfterShown(found.topics.map((t) => t._id), found.next, shown), shown));
      lines.push(dataNote());
    }
    return lines;
  };
  return report({
    lead,
    label: 'topics',
    records: found.topics.map((t) => compact({ key: t.key, name: t.name, createdAt: isoOrUndefined(t.createdAt), updatedAt: isoOrUndefined(t.updatedAt) })),
    leftOut: (n) => l10n.t('{0} more are left out of this answer to keep it short.', n),
    tail: count > 0 ? [l10n.t('For one topic’s subscriptions, call again with its topicKey; for who a send would reach, add dryRun.')] : [],
  });
}

// ---- One topic's subscriptions -----------------------------------------------------------------

/** A preference as data: which workflow (or filter), on or off, and its condition in words. */
export function preferenceRecord(p: SubscriptionPreference): Record<string, unknown> {
  const w = p.workflow;
  const hasCondition = p.condition !== undefined && p.condition !== null;
  return compact({
    workflow: w ? (w.identifier ?? w.workflowId ?? w.name ?? w.id ?? w._id) : undefined,
    workflowIds: p.filter?.workflowIds && p.filter.workflowIds.length > 0 ? p.filter.workflowIds : undefined,
    tags: p.filter?.tags && p.filter.tags.length > 0 ? p.filter.tags : undefined,
    enabled: p.enabled !== false,
    condition: hasCondition ? conditionText(p.condition, 200) : undefined,
  });
}

function subscriberName(s: Subscription['subscriber']): string | undefined {
  if (!s) return undefined;
  const name = [s.firstName, s.lastName].filter((part) => part && part.trim() !== '').join(' ');
  return name === '' ? undefined : name;
}

export function subscriptionRecord(s: Subscription): Record<string, unknown> {
  return compact({
    subscriberId: s.subscriber?.subscriberId,
    subscriberName: subscriberName(s.subscriber),
    subscriberDeleted: s.subscriber ? undefined : true,
    identifier: s.identifier,
    contextKeys: s.contextKeys && s.contextKeys.length > 0 ? [...s.contextKeys].sort() : undefined,
    preferences: s.preferences && s.preferences.length > 0 ? s.preferences.map(preferenceRecord) : undefined,
    createdAt: isoOrUndefined(s.createdAt),
  });
}

export interface SubscriptionsFound {
  where: Where;
  topicKey: string;
  topic: Topic;
  subscriptions: readonly Subscription[];
  next: string | null;
}

export function subscriptionsReport(found: SubscriptionsFound): string {
  const count = found.subscriptions.length;
  const scoped = found.subscriptions.some((s) => (s.contextKeys?.length ?? 0) > 0);
  const lead = (shown: number): string[] => {
    const lines = [whereLine(found.where), l10n.t('Subscriptions of topic {0}; the topic is the first line of the data.', quoted(found.topicKey))];
    if (count === 0) lines.push(l10n.t('The topic has no subscription: a send to it reaches nobody. This is an answer, not a failure.'));
    else {
      lines.push(shown === 1 ? l10n.t('1 subscription shown.') : l10n.t('{0} subscriptions shown.', shown));
      lines.push(l10n.t('A subscription without preferences gets every workflow; a preference turns one workflow (or those of a filter) off, or lets it through only when its condition is true. A subscriber may hold several subscriptions, one per set of context keys.'));
      if (scoped) lines.push(l10n.t('Some subscriptions carry context keys: where the organization scopes subscriptions by context, one counts only for a send in exactly its context.'));
      lines.push(...cursorLine(cursorAfterShown(found.subscriptions.map((s) => s._id), found.next, shown), shown));
    }
    lines.push(dataNote());
    return lines;
  };
  const header = compact({ topic: found.topic.key, name: found.topic.name, createdAt: isoOrUndefined(found.topic.createdAt) });
  return fitWithHeader(lead, 'subscriptions', header, found.subscriptions.map(subscriptionRecord), count > 0 ? [l10n.t('For who a send of a workflow would reach, call again with dryRun.')] : []);
}

/** A report whose first record (the topic) is never left out: the lead counts only the records after it. */
function fitWithHeader(lead: (shown: number) => string[], label: string, header: Record<string, unknown>, records: readonly Record<string, unknown>[], tail: string[]): string {
  return report({
    lead: (shown) => lead(Math.max(0, shown - 1)),
    label,
    records: [header, ...records],
    leftOut: (n) => l10n.t('{0} more are left out of this answer to keep it short.', n),
    tail,
  });
}

// ---- The dry run -------------------------------------------------------------------------------

export interface DryRunFound {
  where: Where;
  topicKey: string;
  /** The workflow as the agent named it, and whether the service knows it. */
  workflow: string;
  workflowFound: boolean;
  subscriptions: number;
  reach: TopicReach;
  contextScoped: boolean;
  /** Whether context scoping was inferred from the subscriptions (else the agent said). */
  inferred: boolean;
  /** Subscribers whose record could not be read: their conditions saw only the subscription's fields. */
  unread: readonly string[];
}

const ORDER: Record<SubscriptionReach['outcome']['kind'], number> = { filtered: 0, direct: 1, reached: 2 };

export function dryRunRecord(row: SubscriptionReach, triggerContextKeys: readonly string[]): Record<string, unknown> {
  const s = row.subscription;
  return compact({
    subscriberId: row.subscriberId,
    subscriberName: subscriberName(s.subscriber),
    subscriptionContextKeys: s.contextKeys && s.contextKeys.length > 0 ? [...s.contextKeys].sort() : undefined,
    outcome: outcomeLabel(row.outcome),
    why: outcomeSentence(row.outcome, triggerContextKeys),
  });
}

export function dryRunReport(found: DryRunFound): string {
  const { reach } = found;
  const rows = [...reach.rows].sort((a, b) => ORDER[a.outcome.kind] - ORDER[b.outcome.kind]);
  const lead = (shown: number): string[] => {
    const lines = [
      whereLine(found.where),
      l10n.t('DRY RUN: nothing was sent, no workflow ran and nothing was written. The send of workflow {0} to topic {1} was worked out here, as the service works it out, from the topic’s {2} subscriptions read now (GET requests only).', quoted(found.workflow), quoted(found.topicKey), found.subscriptions),
    ];
    if (!found.workflowFound) lines.push(l10n.t('The service has no workflow {0}: a real trigger would fail, and preferences that name the workflow by its internal id cannot be matched here.', quoted(found.workflow)));
    lines.push(l10n.t('The send’s context: {0}.', reach.contextKeys.length > 0 ? reach.contextKeys.map(quoted).join(', ') : describeContextKeys([])));
    lines.push(
      found.contextScoped
        ? found.inferred
          ? l10n.t('Some subscriptions carry context keys, so this organization scopes subscriptions by context: only those in exactly the send’s context count. Give dryRun.contextScoped false if it does not.')
          : l10n.t('Subscriptions are scoped by context, as asked: only those in exactly the send’s context count.')
        : found.inferred
          ? l10n.t('No subscription carries context keys, so context does not filter here. Give dryRun.contextScoped true if the organization scopes subscriptions by context.')
          : l10n.t('Subscriptions are not scoped by context, as asked: the service ignores their context keys.'),
    );
    lines.push(l10n.t('Reached: {0} subscribers by the topic; {1} named directly in to (their own run); {2} filtered out, each with why.', reach.reached.length, reach.direct.length, reach.filtered.length));
    if (reach.filtered.length > 0) lines.push(filteredTrace());
    if (found.unread.length > 0) lines.push(l10n.t('{0} subscribers’ records could not be read: their conditions saw only the subscription’s fields (subscribersNotRead in the data).', found.unread.length));
    if (rows.length > 0) lines.push(shown >= rows.length ? l10n.t('Every subscription is a line of the data, the filtered first.') : l10n.t('{0} of {1} subscriptions are lines of the data, the filtered first.', shown, rows.length));
    lines.push(dataNote());
    return lines;
  };
  const records: Record<string, unknown>[] = [...(found.unread.length > 0 ? [{ subscribersNotRead: [...found.unread] }] : []), ...rows.map((r) => dryRunRecord(r, reach.contextKeys))];
  const extra = found.unread.length > 0 ? 1 : 0;
  return report({
    lead: (shown) => lead(Math.max(0, shown - extra)),
    label: 'dry-run',
    records,
    leftOut: (n) => l10n.t('{0} more subscriptions are left out of this answer to keep it short; the user sees them all with the command "Novu: Who Would a Send Reach?…" (novuExplorer.topicReach).', n),
  });
}
