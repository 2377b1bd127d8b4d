/**
 * Why a topic send reaches or misses a subscription, in one set of words for the dry run, the past
 * send, the diagnosis and the agent. Values read by a condition are quoted as JSON, so a string of
 * the service stays a string. Pure: no `vscode`.
 */
import { describeContextKeys } from '../api/contexts';
import { l10n } from '../l10n';
import { conditionText } from './conditionText';
import type { MissedWhy } from './pastTopicSend';
import type { ReadValue, SubscriptionOutcome } from './topicReach';

/** "payload.region is "us", subscriber.data.plan is not set". */
export function valuesText(values: readonly ReadValue[] | undefined): string {
  return (values ?? []).map((v) => (v.value === undefined ? l10n.t('{0} is not set', v.name) : l10n.t('{0} is {1}', v.name, JSON.stringify(v.value)))).join(', ');
}

/** The outcome in a short phrase (a row's description): "reached", "filtered: condition false", … */
export function outcomeLabel(outcome: SubscriptionOutcome): string {
  if (outcome.kind === 'reached') return l10n.t('reached');
  if (outcome.kind === 'direct') return l10n.t('reached directly (named in to)');
  switch (outcome.reason) {
    case 'excluded': return l10n.t('filtered: excluded');
    case 'actor': return l10n.t('filtered: the actor');
    case 'context': return l10n.t('filtered: another context');
    case 'disabled': return l10n.t('filtered: turned off for this workflow');
    case 'condition': return l10n.t('filtered: condition false');
    case 'conditionError': return l10n.t('filtered: condition failed');
  }
}

/** The outcome in a sentence, with the condition and the values it read. */
export function outcomeSentence(outcome: SubscriptionOutcome, triggerContextKeys: readonly string[]): string {
  if (outcome.kind === 'reached') {
    return outcome.condition === undefined ? l10n.t('Reached: no condition for this workflow.') : l10n.t('Reached: its condition {0} is true ({1}).', conditionText(outcome.condition), valuesText(outcome.values));
  }
  if (outcome.kind === 'direct') return l10n.t('Named directly in to: it gets its own run, and the topic adds no second one.');
  switch (outcome.reason) {
    case 'excluded': return l10n.t('Excluded by the send (exclude lists this subscriber).');
    case 'actor': return l10n.t('The send\'s actor: the service never sends a topic\'s notification to the subscriber who caused it.');
    case 'context': return l10n.t('Subscribed in {0}; the send is in {1}. Subscriptions count only in the same context, key for key.', describeContextKeys(outcome.contextKeys), describeContextKeys(triggerContextKeys));
    case 'disabled': return l10n.t('Its preference for this workflow is off (enabled: false).');
    case 'condition': return l10n.t('Its condition {0} is false ({1}).', conditionText(outcome.condition), valuesText(outcome.values) || l10n.t('it reads nothing'));
    case 'conditionError': return l10n.t('Its condition {0} failed to evaluate ({1}), which counts as false.', conditionText(outcome.condition), outcome.error ?? '');
  }
}

/** Why a subscriber of the topic got nothing from a past send. */
export function missedSentence(why: MissedWhy, triggerContextKeys: readonly string[]): string {
  switch (why.kind) {
    case 'rule': return outcomeSentence(why.outcome, triggerContextKeys);
    case 'subscribedLater': return l10n.t('Subscribed after the send ({0}).', why.subscribedAt);
    case 'unexplained': return l10n.t('The subscription lets this send through today: the send\'s actor or exclude (a run does not record them), or a change to the subscription since, explains it.');
  }
}

/** What a filtered subscriber leaves behind (§11), said instead of "no run found". */
export function filteredTrace(): string {
  return l10n.t('A subscriber filtered out of a topic send gets no notification, no job and no execution detail: the service keeps only a request trace (topic_subscription_preference_evaluation), which its API does not list.');
}
