/**
 * What the reach panel shows of a dry run or of a past send: counts, what the result rests on, and
 * one row per subscription, those that get nothing first. Only the first rows go to the webview
 * (the counts cover every subscription). Pure but for l10n: no `vscode`.
 */
import type { Subscription } from '../api/topics';
import { describeContextKeys } from '../api/contexts';
import type { PastTopicSend } from '../audience/pastTopicSend';
import { missedSentence, outcomeLabel, outcomeSentence } from '../audience/reachWords';
import type { SubscriptionReach, TopicReach } from '../audience/topicReach';
import { l10n } from '../l10n';
import { showControls } from '../rendered/linkSafety';
import type { ReachRowView, ReachView } from './reachProtocol';

/** Rows sent to the panel; the rest are counted. */
export const MAX_ROWS = 1_000;

const ORDER: Record<ReachRowView['outcome'], number> = { missed: 0, filtered: 1, direct: 2, got: 3, reached: 4 };

function who(subscription: Subscription): { subscriber: string; subscriberId?: string } {
  const s = subscription.subscriber;
  if (!s) return { subscriber: l10n.t('(subscriber deleted)') };
  const name = [s.firstName, s.lastName].filter((p) => p && p.trim() !== '').join(' ');
  return { subscriber: showControls(name || s.subscriberId), subscriberId: s.subscriberId };
}

function rowOf(topic: string, row: SubscriptionReach, contextKeys: readonly string[]): ReachRowView {
  const outcome = row.outcome.kind;
  return { ...who(row.subscription), topic, context: describeContextKeys(row.subscription.contextKeys), outcome, label: outcomeLabel(row.outcome), why: outcomeSentence(row.outcome, contextKeys) };
}

function finish(rows: ReachRowView[]): { rows: ReachRowView[]; more: number } {
  rows.sort((a, b) => ORDER[a.outcome] - ORDER[b.outcome] || a.subscriber.localeCompare(b.subscriber));
  return { rows: rows.slice(0, MAX_ROWS), more: Math.max(0, rows.length - MAX_ROWS) };
}

export interface DryRunInput {
  workflow: string;
  workflowFound: boolean;
  connection: string;
  readAt: string;
  results: { topicKey: string; reach: TopicReach }[];
  contextScoped: boolean;
  /** Scoping was inferred from the subscriptions (not chosen by the person). */
  inferred: boolean;
  unread: string[];
  problems: string[];
}

export function dryRunView(input: DryRunInput): ReachView {
  const rows: ReachRowView[] = [];
  const reached = new Set<string>();
  const direct = new Set<string>();
  const seen = new Set<string>();
  let subscriptions = 0;
  for (const { topicKey, reach } of input.results) {
    subscriptions += reach.rows.length;
    for (const r of reach.rows) rows.push(rowOf(topicKey, r, reach.contextKeys));
    reach.reached.forEach((id) => reached.add(id));
    reach.direct.forEach((id) => direct.add(id));
    reach.rows.forEach((r) => seen.add(r.subscriberId));
  }
  const filtered = [...seen].filter((id) => !reached.has(id) && !direct.has(id)).length;
  const topics = input.results.map((r) => showControls(r.topicKey)).join(', ');
  const assumptions = [
    input.contextScoped
      ? input.inferred
        ? l10n.t('Subscriptions count only in the send\'s context: some subscriptions here carry context keys, which the service stores only when the organization scopes subscriptions by context.')
        : l10n.t('Subscriptions count only in the send\'s context (chosen here).')
      : input.inferred
        ? l10n.t('Context is not taken into account: no subscription here carries context keys, as when the organization does not scope subscriptions by context.')
        : l10n.t('Context is not taken into account (chosen here).'),
  ];
  if (!input.workflowFound) assumptions.push(l10n.t('{0} has no workflow "{1}": a real send would be refused. Preferences were matched by the identifier alone.', input.connection, showControls(input.workflow)));
  if (input.unread.length > 0) assumptions.push(l10n.t('{0} subscribers could not be read; their conditions saw only the subscription\'s fields.', input.unread.length));
  return {
    mode: 'dryRun',
    title: l10n.t('Who would {0} reach, sent to {1}?', showControls(input.workflow), topics),
    scope: l10n.t('{0} · read {1}', input.connection, input.readAt),
    note: l10n.t('Dry run: nothing was sent. Each subscription is worked out as the service would for the review\'s body as it is now (payload, actor, context, exclude, and subscribers named in to).'),
    counts: { reached: reached.size, filtered, direct: direct.size, subscriptions },
    assumptions,
    contextScoped: input.contextScoped,
    problems: input.problems,
    ...finish(rows),
  };
}

export function pastSendView(past: PastTopicSend, input: { workflow: string; connection: string; readAt: string; sentAt: string; contextKeys: readonly string[]; contextScoped: boolean; inferred: boolean }): ReachView {
  const rows: ReachRowView[] = past.rows.map((r) => {
    const base = { ...who(r.subscription), topic: showControls(past.topicKey), context: describeContextKeys(r.subscription.contextKeys) };
    if (r.runId) return { ...base, outcome: 'got' as const, label: l10n.t('got a run'), why: l10n.t('The send started a run for this subscriber.'), runId: r.runId };
    return { ...base, outcome: 'missed' as const, label: l10n.t('got nothing'), why: r.why ? missedSentence(r.why, input.contextKeys) : '' };
  });
  for (const id of past.reachedNotSubscribed) rows.push({ subscriber: showControls(id), subscriberId: id, topic: showControls(past.topicKey), context: '', outcome: 'got', label: l10n.t('got a run, not subscribed now'), why: l10n.t('Reached by the send, and no longer subscribed (or named directly in to).') });
  return {
    mode: 'past',
    title: l10n.t('Who did {0} reach, sent to {1}?', showControls(input.workflow), showControls(past.topicKey)),
    scope: l10n.t('{0} · transaction {1} · sent {2} · read {3}', input.connection, showControls(past.transactionId), input.sentAt, input.readAt),
    note: l10n.t('The send\'s runs held against the topic\'s subscriptions now. Who got nothing is explained by the run\'s payload and context with today\'s conditions: a subscriber filtered out leaves no notification, only a request trace that the API does not list.'),
    counts: { reached: past.reached.length, filtered: past.missed.length, direct: 0, subscriptions: past.rows.length },
    assumptions: [
      input.contextScoped ? l10n.t('Subscriptions count only in the send\'s context ({0}).', describeContextKeys(input.contextKeys)) : l10n.t('Context is not taken into account.'),
      l10n.t('A run does not record its actor or exclude list: where the rules let a subscriber through today, those may explain it.'),
    ],
    contextScoped: input.contextScoped,
    problems: [],
    ...finish(rows),
  };
}
