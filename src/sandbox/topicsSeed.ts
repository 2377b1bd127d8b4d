// Seeded topics and subscriptions (contract §11), fixed (they do not depend on the seed and take
// nothing from its random stream). "Product updates" holds one subscription for each reason a send
// of system-maintenance can miss someone (docs/sandbox.md): sbx-alice, acct-7 and user_000009 are
// reached; sbx-unicode only when the payload's region is "eu"; sbx-scheduled only when their data's
// plan is "enterprise" (they have none); sbx-no-name has the workflow switched off; sbx-html-name is
// subscribed in tenant:acme, which counts when the flag IS_CONTEXT_PREFERENCES_ENABLED is on (the
// option `contextPreferences`). The option `topicSubscriptions` fills `load-test`.
import { SANDBOX_FIXTURES as F } from './fixtures';
import { TOPIC_IDS } from './notificationsActivity';
import { DAY_MS, SEED_BASE_MS, iso, objectId } from './random';
import type { Subscribers } from './subscribers';
import { SUBSCRIPTION_ID_TAG, type StoredSubscription, type StoredSubscriptionPreference, type StoredTopic, defaultSubscriptionIdentifier } from './topics';
import type { Workflows } from './workflows';

export interface TopicsSeedOptions {
  /** Subscriptions of generated subscribers to `load-test` (capped at the generated subscribers there are). */
  topicSubscriptions?: number;
  /** The topic named with hostile text (F.markupTopicKey). */
  markupTopics?: boolean;
}

/** Subscribers seeded by hand (subscribersSeed.ts's fixtures): `load-test` takes generated ones only. */
const FIXTURE_SUBSCRIBERS = 6;

function topic(n: number, key: string, name: string, _id?: string): StoredTopic {
  const createdMs = SEED_BASE_MS + (100 + n * 7) * DAY_MS;
  return { _id: _id ?? objectId(createdMs, '70a0c0', n), key, name, createdAt: iso(createdMs), updatedAt: iso(createdMs + n * 3_600_000) };
}

export interface SeededTopics {
  topics: StoredTopic[];
  subscriptions: StoredSubscription[];
}

export function seedTopics(options: TopicsSeedOptions, subscribers: Subscribers, workflows: Workflows): SeededTopics {
  const team = topic(1, F.failedTopicKey, 'Sandbox team', F.teamTopicId);
  const apollo = topic(2, 'project-apollo', 'Project Apollo', TOPIC_IDS['project-apollo']);
  const zephyr = topic(3, F.emptyTopicKey, 'Project Zephyr', TOPIC_IDS[F.emptyTopicKey]);
  const updates = topic(4, F.productUpdatesTopicKey, 'Product updates', F.productUpdatesTopicId);
  const topics = [team, apollo, zephyr, updates];
  const loadTest = options.topicSubscriptions ? topic(5, F.loadTestTopicKey, 'Load test') : undefined;
  if (loadTest) topics.push(loadTest);
  const markup = options.markupTopics ? topic(6, F.markupTopicKey, F.markupTopicName) : undefined;
  if (markup) topics.push(markup);

  const maintenance = workflows.find(F.topicWorkflowIdentifier);
  if (!maintenance) throw new Error(`unknown seed workflow ${F.topicWorkflowIdentifier}`);
  const subscriptions: StoredSubscription[] = [];
  let n = 0;
  const subscribe = (t: StoredTopic, subscriberId: string, extra: { contextKeys?: string[]; preferences?: StoredSubscriptionPreference[]; name?: string } = {}): void => {
    // A generated subscriber missing from a small seed is left out.
    if (!subscribers.get(subscriberId)) return;
    n++;
    const createdMs = Date.parse(t.createdAt) + n * 60_000;
    const contextKeys = extra.contextKeys ?? [];
    subscriptions.push({
      _id: objectId(createdMs, SUBSCRIPTION_ID_TAG, n),
      identifier: defaultSubscriptionIdentifier(t.key, subscriberId, contextKeys),
      ...(extra.name !== undefined ? { name: extra.name } : {}),
      topicId: t._id,
      topicKey: t.key,
      subscriberId,
      contextKeys,
      preferences: extra.preferences ?? [],
      createdAt: iso(createdMs),
      updatedAt: iso(createdMs),
    });
  };
  for (const id of [F.notificationSubscriberId, F.htmlNameSubscriberId, F.markupSubscriberId]) subscribe(team, id);
  for (const id of [F.notificationSubscriberId, 'acct-7', 'user_000009', 'acct-11']) subscribe(apollo, id);
  const when = (condition: object): StoredSubscriptionPreference[] => [{ workflowId: maintenance._id, enabled: true, condition: condition as StoredSubscriptionPreference['condition'] }];
  subscribe(updates, F.notificationSubscriberId);
  subscribe(updates, F.unicodeSubscriberId, { preferences: when({ '==': [{ var: 'payload.region' }, 'eu'] }) });
  subscribe(updates, F.preferencesSubscriberId, { preferences: when({ '==': [{ var: 'subscriber.data.plan' }, 'enterprise'] }) });
  subscribe(updates, F.noNameSubscriberId, { preferences: [{ workflowId: maintenance._id, enabled: false }] });
  subscribe(updates, F.htmlNameSubscriberId, { contextKeys: [F.acmeContextKey] });
  subscribe(updates, 'acct-7');
  subscribe(updates, 'user_000009');
  if (markup) {
    subscribe(markup, F.markupSubscriberId, { name: F.markupTopicName });
    subscribe(markup, F.notificationSubscriberId, { contextKeys: [F.markupContextKey] });
  }
  if (loadTest) subscriptions.push(...loadTestSubscriptions(loadTest, subscribers, options.topicSubscriptions ?? 0, n, maintenance._id));
  return { topics, subscriptions };
}

/**
 * `count` generated subscribers' subscriptions to `load-test`, in subscriber order: linear in `count`.
 * Mixed as a real topic is, for the dry run to have work: every third with a payload condition, every
 * fifth with one on the subscriber's data, every seventh switched off for `workflowId`.
 */
function loadTestSubscriptions(t: StoredTopic, subscribers: Subscribers, count: number, counterStart: number, workflowId: string): StoredSubscription[] {
  const preferencesOf = (i: number): StoredSubscriptionPreference[] =>
    i % 7 === 0
      ? [{ workflowId, enabled: false }]
      : i % 5 === 0
        ? [{ workflowId, enabled: true, condition: { '==': [{ var: 'subscriber.data.plan' }, 'enterprise'] } }]
        : i % 3 === 0
          ? [{ workflowId, enabled: true, condition: { in: [{ var: 'payload.region' }, ['eu', 'uk']] } }]
          : [];
  const all = subscribers.all;
  const end = Math.min(all.length, FIXTURE_SUBSCRIBERS + count);
  const out: StoredSubscription[] = [];
  const createdMs = Date.parse(t.createdAt);
  const createdAt = iso(createdMs);
  for (let i = FIXTURE_SUBSCRIBERS; i < end; i++) {
    const subscriberId = all[i]!.subscriberId;
    out.push({
      _id: objectId(createdMs, SUBSCRIPTION_ID_TAG, counterStart + 1 + i),
      identifier: `tk=${t.key}:si=${subscriberId}`,
      topicId: t._id,
      topicKey: t.key,
      subscriberId,
      contextKeys: [],
      preferences: preferencesOf(i),
      createdAt,
      updatedAt: createdAt,
    });
  }
  return out;
}
