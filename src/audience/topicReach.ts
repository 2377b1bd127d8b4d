/**
 * Who a send to a topic reaches (contract §11), worked out as the service works it out, without
 * sending anything: subscribers named directly are left out of the topic's fan-out (they get their
 * own run), so are the excluded and the trigger's actor; where the organization scopes
 * subscriptions by context, only subscriptions whose context keys equal the trigger's count; then
 * each subscription's preference for the workflow decides: off, or its JSON Logic condition
 * evaluated with `json-logic-js` (the worker's library) over `payload`, `subscriber`, `actor` and
 * `context`. A condition whose answer is not `true` (or that throws) filters, as in the worker.
 * Pure: no `vscode`, no request.
 */
import jsonLogic from 'json-logic-js';
import type { Subscription, SubscriptionPreference } from '../api/topics';
import { contextKeysOf, sameContextKeys } from '../api/contexts';

/** The workflow the send is for: matched against each preference's workflow or filter. */
export interface ReachWorkflow {
  _id?: string | null | undefined;
  workflowId?: string | null | undefined;
  tags?: readonly string[] | null | undefined;
}

/** The send, as a trigger would carry it. */
export interface ReachSend {
  workflow: ReachWorkflow;
  payload: Record<string, unknown>;
  /** The trigger's `actor`: a subscriberId, or a subscriber object. */
  actor?: unknown;
  /** The trigger's `context` (`{ tenant: "acme" }` or `{ tenant: { id, data } }`). */
  context?: Record<string, unknown> | undefined;
  /** The topic recipient's `exclude`, merged over every topic of the send. */
  exclude?: readonly string[];
  /** Subscribers named directly in `to`: they get their own run, not the topic's. */
  direct?: readonly string[];
  /** Whether the organization filters subscriptions by context (the flag `IS_CONTEXT_PREFERENCES_ENABLED`). */
  contextScoped: boolean;
}

/** What else the evaluation reads: each subscriber's record (with `data`), each context's stored data. */
export interface ReachLookups {
  subscriber(subscriberId: string): Record<string, unknown> | undefined;
  /** Stored data of a context by `type:id` (the trigger's own data is laid over it). */
  contextData?(key: string): Record<string, unknown> | undefined;
  /** The actor's subscriber record, when the actor is a subscriber the service knows. */
  actor?: Record<string, unknown> | undefined;
}

export type FilterReason = 'excluded' | 'actor' | 'context' | 'disabled' | 'condition' | 'conditionError';

/** One variable a condition read, with the value it had. */
export interface ReadValue {
  name: string;
  value: unknown;
}

export type SubscriptionOutcome =
  | { kind: 'reached'; condition?: unknown; values?: ReadValue[] }
  /** Named directly in `to`: reached by its own run, left out of the topic's. */
  | { kind: 'direct' }
  | { kind: 'filtered'; reason: FilterReason; condition?: unknown; values?: ReadValue[]; error?: string; contextKeys?: string[] };

export interface SubscriptionReach {
  subscription: Subscription;
  subscriberId: string;
  outcome: SubscriptionOutcome;
}

export interface TopicReach {
  rows: SubscriptionReach[];
  /** Subscribers the topic's fan-out reaches (each once, whatever their subscriptions). */
  reached: string[];
  /** Subscribers with a subscription but no run from the topic (and not named directly). */
  filtered: string[];
  direct: string[];
  /** The trigger's context keys, sorted. */
  contextKeys: string[];
}

/** The preference of a subscription that applies to this workflow (by its `_id` or identifier, or a filter of ids or tags); none: on, no condition. */
export function preferenceFor(subscription: Subscription, workflow: ReachWorkflow): SubscriptionPreference | undefined {
  const ids = new Set([workflow._id, workflow.workflowId].filter((v): v is string => typeof v === 'string' && v !== ''));
  const tags = new Set(workflow.tags ?? []);
  for (const preference of subscription.preferences ?? []) {
    const w = preference.workflow;
    if (w && [w.id, w._id, w.identifier, w.workflowId].some((v) => typeof v === 'string' && ids.has(v))) return preference;
    const f = preference.filter;
    if (f && ((f.workflowIds ?? []).some((id) => ids.has(id)) || (f.tags ?? []).some((t) => tags.has(t)))) return preference;
  }
  return undefined;
}

/** The actor's subscriberId, from a trigger's `actor`. */
export function actorId(actor: unknown): string | undefined {
  if (typeof actor === 'string' && actor !== '') return actor;
  if (actor && typeof actor === 'object' && typeof (actor as { subscriberId?: unknown }).subscriberId === 'string') return (actor as { subscriberId: string }).subscriberId;
  return undefined;
}

/** `context.*` as the worker sees it (PR #11959): each type's `{ id, data }`, the trigger's data over the stored data. */
function contextVars(context: Record<string, unknown> | undefined, lookups: ReachLookups): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [type, value] of Object.entries(context ?? {})) {
    const id = typeof value === 'string' ? value : value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
    if (typeof id !== 'string') continue;
    const given = value && typeof value === 'object' ? (value as { data?: unknown }).data : undefined;
    const stored = lookups.contextData?.(`${type}:${id}`);
    out[type] = { id, data: { ...stored, ...(given && typeof given === 'object' ? given : {}) } };
  }
  return out;
}

/** The value at a JSON Logic `var` path (dots), as the library reads it. */
export function valueAt(data: unknown, path: string): unknown {
  if (path === '') return data;
  let current: unknown = data;
  for (const part of path.split('.')) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** The variables a condition reads (its `var`s), with their values in `vars`. */
export function readValues(condition: unknown, vars: Record<string, unknown>): ReadValue[] {
  let names: unknown[] = [];
  try {
    names = condition && typeof condition === 'object' ? jsonLogic.uses_data(condition as Record<string, unknown>) : [];
  } catch {
    names = [];
  }
  return names.filter((n): n is string | number => typeof n === 'string' || typeof n === 'number').map((n) => ({ name: String(n), value: valueAt(vars, String(n)) }));
}

/** A condition's answer, as the worker takes it: only `true` lets the message through. */
export function evaluateCondition(condition: unknown, vars: Record<string, unknown>): { passed: boolean; error?: string } {
  try {
    return { passed: jsonLogic.apply(condition as Parameters<typeof jsonLogic.apply>[0], vars) === true };
  } catch (error) {
    return { passed: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Works out, for every subscription of a topic, whether `send` reaches it and, if not, why. */
export function topicReach(subscriptions: readonly Subscription[], send: ReachSend, lookups: ReachLookups): TopicReach {
  const exclude = new Set(send.exclude ?? []);
  const direct = new Set(send.direct ?? []);
  const actor = actorId(send.actor);
  const contextKeys = contextKeysOf(send.context);
  const context = contextVars(send.context, lookups);
  const actorVars = actor ? { subscriberId: actor, ...lookups.actor } : undefined;
  const rows: SubscriptionReach[] = [];
  for (const subscription of subscriptions) {
    const subscriberId = subscription.subscriber?.subscriberId;
    if (!subscriberId) continue;
    rows.push({ subscription, subscriberId, outcome: outcomeOf(subscription, subscriberId) });
  }
  function outcomeOf(subscription: Subscription, subscriberId: string): SubscriptionOutcome {
    if (direct.has(subscriberId)) return { kind: 'direct' };
    if (exclude.has(subscriberId)) return { kind: 'filtered', reason: 'excluded' };
    if (actor !== undefined && subscriberId === actor) return { kind: 'filtered', reason: 'actor' };
    if (send.contextScoped && !sameContextKeys(subscription.contextKeys, contextKeys)) return { kind: 'filtered', reason: 'context', contextKeys: [...(subscription.contextKeys ?? [])].sort() };
    const preference = preferenceFor(subscription, send.workflow);
    if (preference?.enabled === false) return { kind: 'filtered', reason: 'disabled' };
    const condition = preference?.condition;
    if (condition === undefined || condition === null) return { kind: 'reached' };
    const vars = { payload: send.payload, subscriber: { ...subscription.subscriber, ...lookups.subscriber(subscriberId) }, actor: actorVars, context };
    const values = readValues(condition, vars);
    const answer = evaluateCondition(condition, vars);
    if (answer.error !== undefined) return { kind: 'filtered', reason: 'conditionError', condition, values, error: answer.error };
    return answer.passed ? { kind: 'reached', condition, values } : { kind: 'filtered', reason: 'condition', condition, values };
  }
  const reached = new Set<string>();
  const seen = new Set<string>();
  for (const row of rows) {
    seen.add(row.subscriberId);
    if (row.outcome.kind === 'reached') reached.add(row.subscriberId);
  }
  const filtered = [...seen].filter((id) => !reached.has(id) && !direct.has(id));
  return { rows, reached: [...reached], filtered, direct: [...seen].filter((id) => direct.has(id)), contextKeys };
}

/**
 * Whether a condition reads the subscriber beyond what a subscription row carries
 * (`subscriber.data.*`, `subscriber.phone`, …): then each subscriber's record is read first.
 */
export function needsSubscriberRecords(subscriptions: readonly Subscription[], workflow: ReachWorkflow): boolean {
  const rowFields = new Set(['subscriberId', 'firstName', 'lastName', 'email', 'avatar']);
  return subscriptions.some((s) => {
    const condition = preferenceFor(s, workflow)?.condition;
    if (!condition || typeof condition !== 'object') return false;
    return readValues(condition, {}).some((v) => v.name.startsWith('subscriber.') && !rowFields.has(v.name.split('.')[1] ?? ''));
  });
}

/** Whether the subscriptions show that this organization scopes them by context: some carry context keys (§12: only possible with the flag on). */
export function looksContextScoped(subscriptions: readonly Subscription[]): boolean {
  return subscriptions.some((s) => (s.contextKeys?.length ?? 0) > 0);
}
