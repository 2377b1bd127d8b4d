// A trigger's topics fanned out to subscribers (contract §11 "Trigger addressing and fan-out"), as
// the service's multicast and then its worker do it: subscribers named directly, every `exclude`
// (merged across the topics) and the trigger's actor are left out; with the flag
// IS_CONTEXT_PREFERENCES_ENABLED only subscriptions whose context keys equal the trigger's count;
// then each subscription's preference for the workflow decides (off, or its JSON Logic condition
// over payload, subscriber, actor and context). A subscriber in several topics gets one run carrying
// them all; one whose every subscription is filtered gets none at all.
import jsonLogic from 'json-logic-js';
import { sameContextKeys } from './contextKeys';
import type { ContextVars } from './contexts';
import type { Subscribers } from './subscribers';
import type { StoredSubscription, Topics } from './topics';
import type { JsonObject, Subscriber, Workflow } from './types';

export interface TopicRecipient {
  topicKey: string;
  exclude: readonly string[];
}

export interface FanOutInput {
  workflow: Workflow;
  payload: JsonObject;
  topics: readonly TopicRecipient[];
  /** subscriberIds named directly in `to`: they get their own run, not the topic's. */
  direct: ReadonlySet<string>;
  /** The trigger's actor (its subscriberId), skipped in the fan-out. */
  actor?: string;
  /** The trigger's context keys, sorted. */
  contextKeys: readonly string[];
  /** `context.*` of a condition. */
  contextVars: ContextVars;
}

/** One run the fan-out starts: the subscriber, the topics that reached them, and the subscriptions that let it through. */
export interface FanOutRun {
  subscriber: Subscriber;
  topics: { _topicId: string; topicKey: string }[];
  subscriptions: StoredSubscription[];
}

/**
 * Whether a subscription lets a run of `workflow` through: no preference for it, yes; `enabled:
 * false`, no; a condition, only when JSON Logic answers exactly `true` (anything else, or an
 * exception, counts as false, as in the worker).
 */
export function subscriptionPasses(subscription: StoredSubscription, workflow: Workflow, vars: Record<string, unknown>): boolean {
  const preference = subscription.preferences.find((p) => p.workflowId === workflow._id);
  if (!preference) return true;
  if (!preference.enabled) return false;
  if (preference.condition === undefined) return true;
  try {
    return jsonLogic.apply(preference.condition as Parameters<typeof jsonLogic.apply>[0], vars) === true;
  } catch {
    return false;
  }
}

/** The runs a trigger's topic recipients start, in the order their subscribers were first met. */
export function fanOut(topics: Topics, subscribers: Subscribers, input: FanOutInput): FanOutRun[] {
  const exclude = new Set(input.topics.flatMap((t) => t.exclude));
  const actorRecord = input.actor === undefined ? undefined : subscribers.get(input.actor);
  const actor = input.actor === undefined ? undefined : (actorRecord ?? { subscriberId: input.actor });
  const found = new Map<string, { topics: FanOutRun['topics']; passing: StoredSubscription[] }>();
  const seenTopics = new Set<string>();
  for (const recipient of input.topics) {
    const topic = topics.topic(recipient.topicKey);
    // An unknown topic only writes a warning trace at the service: the trigger goes on.
    if (!topic || seenTopics.has(topic._id)) continue;
    seenTopics.add(topic._id);
    for (const subscription of topics.subscriptionsOf(topic)) {
      const id = subscription.subscriberId;
      if (input.direct.has(id) || exclude.has(id) || id === input.actor) continue;
      if (topics.contextPreferences && !sameContextKeys(subscription.contextKeys, input.contextKeys)) continue;
      const subscriber = subscribers.get(id);
      if (!subscriber) continue;
      const entry = found.get(id) ?? { topics: [], passing: [] };
      found.set(id, entry);
      if (!entry.topics.some((t) => t._topicId === topic._id)) entry.topics.push({ _topicId: topic._id, topicKey: topic.key });
      const vars = { payload: input.payload, subscriber, actor, context: input.contextVars };
      if (subscriptionPasses(subscription, input.workflow, vars)) entry.passing.push(subscription);
    }
  }
  const runs: FanOutRun[] = [];
  for (const [id, entry] of found) {
    const subscriber = subscribers.get(id);
    // Every subscription filtered: the worker returns before it creates a job, so nothing is recorded.
    if (subscriber && entry.passing.length > 0) runs.push({ subscriber, topics: entry.topics, subscriptions: entry.passing });
  }
  return runs;
}
