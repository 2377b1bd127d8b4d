/**
 * A past send to a topic (a run whose notification carries `topics[]`, contract §11) held against
 * the topic's subscriptions now: who its transaction reached, and for each subscriber who got
 * nothing, what explains it. A subscriber filtered out by a condition leaves no notification and no
 * job (only a request trace, which this API does not give), so the explanation is worked out again
 * from the run's payload and context with the same rules as the dry run. What the run does not
 * record (its actor, its `exclude`) is said as possible, never as found. Pure: no `vscode`.
 */
import type { Notification } from '../api/schemas';
import type { Subscription } from '../api/topics';
import { topicReach, type ReachLookups, type ReachWorkflow, type SubscriptionOutcome } from './topicReach';

export type MissedWhy =
  /** The dry run with the run's payload and context filters this subscription (the outcome says how). */
  | { kind: 'rule'; outcome: Extract<SubscriptionOutcome, { kind: 'filtered' }> }
  /** Subscribed after the send. */
  | { kind: 'subscribedLater'; subscribedAt: string }
  /** The rules let it through today: the run's actor or `exclude` (not recorded), or a change since, explains it. */
  | { kind: 'unexplained' };

export interface PastSendRow {
  subscriberId: string;
  subscription: Subscription;
  /** The run this subscriber got from the transaction, if any. */
  runId?: string;
  why?: MissedWhy;
}

export interface PastTopicSend {
  topicKey: string;
  transactionId: string;
  /** Subscribers the transaction reached (a run each), subscribed to the topic or not. */
  reached: string[];
  /** Reached but no longer subscribed (unsubscribed since, or named directly). */
  reachedNotSubscribed: string[];
  rows: PastSendRow[];
  /** Subscribers of the topic now who got nothing. */
  missed: PastSendRow[];
}

/**
 * `runs`: every notification of the send's transaction (`GET /v1/notifications?transactionId=`);
 * `send`: one of them (its payload, context keys and time are the send's).
 */
export function pastTopicSend(send: Notification, runs: readonly Notification[], topicKey: string, subscriptions: readonly Subscription[], workflow: ReachWorkflow, lookups: ReachLookups, contextScoped: boolean): PastTopicSend {
  const byId = new Map<string, string>();
  for (const run of runs) {
    const id = run.subscriber?.subscriberId;
    if (id && run._id) byId.set(id, run._id);
  }
  const context = Object.fromEntries((send.contextKeys ?? []).map((key) => {
    const at = key.indexOf(':');
    return [key.slice(0, at), key.slice(at + 1)];
  }));
  const payload = send.payload && typeof send.payload === 'object' && !Array.isArray(send.payload) ? (send.payload as Record<string, unknown>) : {};
  const dry = topicReach(subscriptions, { workflow, payload, context: Object.keys(context).length > 0 ? context : undefined, contextScoped }, lookups);
  const sentAt = Date.parse(send.createdAt ?? '');
  const rows: PastSendRow[] = [];
  const subscribed = new Set<string>();
  // A subscriber with several subscriptions is reached if any passed: show the one that explains it.
  const bySubscriber = new Map<string, typeof dry.rows>();
  for (const row of dry.rows) bySubscriber.set(row.subscriberId, [...(bySubscriber.get(row.subscriberId) ?? []), row]);
  for (const [subscriberId, own] of bySubscriber) {
    subscribed.add(subscriberId);
    const runId = byId.get(subscriberId);
    if (runId) {
      rows.push({ subscriberId, subscription: own[0]!.subscription, runId });
      continue;
    }
    const later = own.find((r) => Number.isFinite(sentAt) && Date.parse(r.subscription.createdAt ?? '') > sentAt);
    const filtered = own.find((r) => r.outcome.kind === 'filtered');
    const why: MissedWhy = later && own.every((r) => Date.parse(r.subscription.createdAt ?? '') > sentAt)
      ? { kind: 'subscribedLater', subscribedAt: later.subscription.createdAt ?? '' }
      : filtered && own.every((r) => r.outcome.kind === 'filtered')
        ? { kind: 'rule', outcome: filtered.outcome as Extract<SubscriptionOutcome, { kind: 'filtered' }> }
        : { kind: 'unexplained' };
    rows.push({ subscriberId, subscription: (filtered ?? own[0]!).subscription, why });
  }
  const reached = [...byId.keys()];
  return {
    topicKey,
    transactionId: send.transactionId ?? '',
    reached,
    reachedNotSubscribed: reached.filter((id) => !subscribed.has(id)),
    rows,
    missed: rows.filter((r) => r.why !== undefined),
  };
}
