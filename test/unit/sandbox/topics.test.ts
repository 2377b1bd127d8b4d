// Topics and their subscriptions (contract §11) over HTTP, and a trigger's fan-out to them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_FIXTURES as F, type Sandbox, startSandbox } from '../../../src/sandbox';
import { type ErrorBody, call, get } from './helpers';

interface TopicWire { _id: string; key: string; name?: string; createdAt: string; updatedAt: string }
interface SubscriptionWire {
  identifier: string;
  name?: string;
  topic: { _id: string; key: string; name?: string };
  subscriber: { subscriberId: string } | null;
  contextKeys: string[];
  preferences: { subscriptionId: string; workflow?: { identifier: string }; enabled: boolean; condition?: unknown }[];
  createdAt: string;
  updatedAt?: string;
}
interface Page<T> { data: T[]; next: string | null; previous: string | null; totalCount?: number }
interface ItemsBody { data: SubscriptionWire[]; meta: { totalCount: number; successful: number; failed: number }; errors?: { subscriberId?: string; code: string; message: string }[] }
interface Run { _id: string; subscriber: { subscriberId: string }; topics?: { _topicId: string; topicKey: string }[]; contextKeys?: string[]; to: Record<string, unknown> }

const MAINTENANCE = { window: 'Sunday', services: 'the API' };

/** The runs of one transaction, by subscriberId (sorted). */
async function runsOf(sandbox: Sandbox, transactionId: string, extra = ''): Promise<Run[]> {
  const res = await get<{ data: Run[] }>(sandbox, `/v1/notifications?transactionId=${transactionId}&limit=50${extra}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return [...res.body.data].sort((a, b) => a.subscriber.subscriberId.localeCompare(b.subscriber.subscriberId));
}

async function trigger(sandbox: Sandbox, body: Record<string, unknown>): Promise<void> {
  const res = await call<{ data: { status: string } }>(sandbox, '/v1/events/trigger', { method: 'POST', body: { name: F.topicWorkflowIdentifier, ...body } });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.equal(res.body.data.status, 'processed');
}

const ids = (runs: Run[]): string[] => runs.map((r) => r.subscriber.subscriberId);

describe('sandbox topics (contract §11)', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(() => sandbox.close());

  describe('topics', () => {
    it('lists the seeded topics by _id, newest first, with cursors and no totalCount', async () => {
      const res = await get<Page<TopicWire>>(sandbox, '/v2/topics');
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data.map((t) => t.key), [F.productUpdatesTopicKey, F.emptyTopicKey, 'project-apollo', F.failedTopicKey]);
      assert.equal(res.body.data[0]?._id, F.productUpdatesTopicId);
      assert.equal(res.body.data[3]?._id, F.teamTopicId);
      assert.equal('totalCount' in res.body, false);
      assert.equal(res.body.next, null);
      const page = await get<Page<TopicWire>>(sandbox, '/v2/topics?limit=2&orderDirection=ASC');
      assert.deepEqual(page.body.data.map((t) => t.key), [F.failedTopicKey, 'project-apollo']);
      assert.equal(page.body.next, page.body.data[1]?._id);
      const second = await get<Page<TopicWire>>(sandbox, `/v2/topics?limit=2&orderDirection=ASC&after=${page.body.next}`);
      assert.deepEqual(second.body.data.map((t) => t.key), [F.emptyTopicKey, F.productUpdatesTopicKey]);
      assert.equal(second.body.previous, second.body.data[0]?._id);
    });

    it('filters by a case-insensitive part of key or name', async () => {
      const byKey = await get<Page<TopicWire>>(sandbox, '/v2/topics?key=UPDATE');
      assert.deepEqual(byKey.body.data.map((t) => t.key), [F.productUpdatesTopicKey]);
      const byName = await get<Page<TopicWire>>(sandbox, '/v2/topics?name=project');
      assert.deepEqual(byName.body.data.map((t) => t.key), [F.emptyTopicKey, 'project-apollo']);
    });

    it('refuses both cursors with 400', async () => {
      const res = await get<ErrorBody>(sandbox, `/v2/topics?after=${F.teamTopicId}&before=${F.teamTopicId}`);
      assert.equal(res.status, 400);
      assert.equal(res.body.message, 'Cannot specify both "before" and "after" cursors at the same time.');
    });

    it('creates (201), upserts, and answers 409 with failIfExists', async () => {
      const made = await call<{ data: TopicWire }>(sandbox, '/v2/topics', { method: 'POST', body: { key: 'beta-testers', name: 'Beta' } });
      assert.equal(made.status, 201);
      assert.equal(made.body.data.key, 'beta-testers');
      assert.equal(made.body.data.name, 'Beta');
      const again = await call<{ data: TopicWire }>(sandbox, '/v2/topics', { method: 'POST', body: { key: 'beta-testers', name: 'Beta 2' } });
      assert.equal(again.status, 201);
      assert.equal(again.body.data._id, made.body.data._id);
      assert.equal(again.body.data.name, 'Beta 2');
      const conflict = await call<ErrorBody>(sandbox, '/v2/topics?failIfExists=true', { method: 'POST', body: { key: 'beta-testers', name: 'x' } });
      assert.equal(conflict.status, 409);
      assert.equal(conflict.body.message, 'Topic with key "beta-testers" already exists');
    });

    it('answers 400 for an invalid key and 422 for a missing one', async () => {
      const bad = await call<ErrorBody>(sandbox, '/v2/topics', { method: 'POST', body: { key: 'has space', name: 'x' } });
      assert.equal(bad.status, 400);
      assert.match(String(bad.body.message), /^Invalid topic key: "has space"/);
      const missing = await call<ErrorBody>(sandbox, '/v2/topics', { method: 'POST', body: { name: 'x' } });
      assert.equal(missing.status, 422);
      assert.deepEqual(missing.body.errors?.['key']?.messages, ['key should not be empty']);
    });

    it('reads, renames and deletes a topic (with its subscriptions); 404 in the service words', async () => {
      await call(sandbox, '/v2/topics/doomed/subscriptions', { method: 'POST', body: { subscriptions: [F.notificationSubscriberId] } });
      const read = await get<{ data: TopicWire }>(sandbox, '/v2/topics/doomed');
      assert.equal(read.status, 200);
      const renamed = await call<{ data: TopicWire }>(sandbox, '/v2/topics/doomed', { method: 'PATCH', body: { name: 'Doomed' } });
      assert.equal(renamed.body.data.name, 'Doomed');
      const removed = await call<{ data: { acknowledged: boolean } }>(sandbox, '/v2/topics/doomed', { method: 'DELETE' });
      assert.equal(removed.status, 200);
      assert.deepEqual(removed.body, { data: { acknowledged: true } });
      const mine = await get<Page<SubscriptionWire>>(sandbox, `/v2/subscribers/${F.notificationSubscriberId}/subscriptions?key=doomed`);
      assert.deepEqual(mine.body.data, []);
      for (const method of ['GET', 'PATCH', 'DELETE']) {
        const gone = await call<ErrorBody>(sandbox, '/v2/topics/doomed', { method, ...(method === 'PATCH' ? { body: { name: 'x' } } : {}) });
        assert.equal(gone.status, 404, method);
        assert.equal(gone.body.message, 'Topic with key doomed not found');
      }
    });
  });

  describe('subscriptions', () => {
    it('lists product-updates with every reason to miss a send', async () => {
      const res = await get<Page<SubscriptionWire>>(sandbox, `/v2/topics/${F.productUpdatesTopicKey}/subscriptions?orderDirection=ASC`);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data.map((s) => s.subscriber?.subscriberId), [
        F.notificationSubscriberId, F.unicodeSubscriberId, F.preferencesSubscriberId, F.noNameSubscriberId, F.htmlNameSubscriberId, 'acct-7', 'user_000009',
      ]);
      const [alice, unicode, scheduled, noName, html] = res.body.data;
      assert.equal(alice?.identifier, 'tk=product-updates:si=sbx-alice');
      assert.deepEqual(alice?.preferences, []);
      assert.deepEqual(unicode?.preferences[0]?.condition, { '==': [{ var: 'payload.region' }, 'eu'] });
      assert.equal(unicode?.preferences[0]?.workflow?.identifier, F.topicWorkflowIdentifier);
      assert.deepEqual(scheduled?.preferences[0]?.condition, { '==': [{ var: 'subscriber.data.plan' }, 'enterprise'] });
      assert.equal(noName?.preferences[0]?.enabled, false);
      assert.deepEqual(html?.contextKeys, [F.acmeContextKey]);
      assert.deepEqual(res.body.data[0]?.topic, { _id: F.productUpdatesTopicId, key: F.productUpdatesTopicKey, name: 'Product updates' });
    });

    it('filters by subscriberId and by an exact context set (`contextKeys=` is none)', async () => {
      const path = `/v2/topics/${F.productUpdatesTopicKey}/subscriptions`;
      const acme = await get<Page<SubscriptionWire>>(sandbox, `${path}?contextKeys=${F.acmeContextKey}`);
      assert.deepEqual(acme.body.data.map((s) => s.subscriber?.subscriberId), [F.htmlNameSubscriberId]);
      const none = await get<Page<SubscriptionWire>>(sandbox, `${path}?contextKeys=`);
      assert.equal(none.body.data.length, 6);
      const one = await get<Page<SubscriptionWire>>(sandbox, `${path}?subscriberId=acct-7`);
      assert.deepEqual(one.body.data.map((s) => s.identifier), ['tk=product-updates:si=acct-7']);
      const missing = await get<ErrorBody>(sandbox, '/v2/topics/nope/subscriptions');
      assert.equal(missing.status, 404);
      assert.equal(missing.body.message, 'Topic with key nope not found');
    });

    it('reads one subscription, and answers 204 with no body when there is none', async () => {
      const found = await get<{ data: SubscriptionWire }>(sandbox, `/v2/topics/${F.productUpdatesTopicKey}/subscriptions/tk=product-updates:si=sbx-alice`);
      assert.equal(found.status, 200);
      assert.equal(found.body.data.subscriber?.subscriberId, F.notificationSubscriberId);
      assert.equal(typeof found.body.data.updatedAt, 'string');
      const none = await get<unknown>(sandbox, `/v2/topics/${F.productUpdatesTopicKey}/subscriptions/nothing-here`);
      assert.equal(none.status, 204);
      assert.equal(none.body, undefined);
    });

    it('adds subscriptions item by item (201), creating the topic; 400 with the same body when all fail', async () => {
      const res = await call<ItemsBody>(sandbox, '/v2/topics/new-topic/subscriptions', { method: 'POST', body: { name: 'New topic', subscriptions: ['acct-7', 'ghost', { identifier: 'mine', subscriberId: F.unicodeSubscriberId, name: 'Zoë' }] } });
      assert.equal(res.status, 201);
      assert.deepEqual(res.body.meta, { totalCount: 3, successful: 2, failed: 1 });
      assert.deepEqual(res.body.errors, [{ subscriberId: 'ghost', code: 'SUBSCRIBER_NOT_FOUND', message: "Subscriber with ID 'ghost' could not be found." }]);
      assert.deepEqual(res.body.data.map((s) => s.identifier), ['tk=new-topic:si=acct-7', 'mine']);
      assert.equal(res.body.data[1]?.name, 'Zoë');
      const topic = await get<{ data: TopicWire }>(sandbox, '/v2/topics/new-topic');
      assert.equal(topic.body.data.name, 'New topic');
      const failed = await call<ItemsBody & { statusCode?: number }>(sandbox, '/v2/topics/new-topic/subscriptions', { method: 'POST', body: { subscriptions: ['ghost'] } });
      assert.equal(failed.status, 400);
      assert.deepEqual(failed.body, { data: [], meta: { totalCount: 1, successful: 0, failed: 1 }, errors: [{ subscriberId: 'ghost', code: 'SUBSCRIBER_NOT_FOUND', message: "Subscriber with ID 'ghost' could not be found." }] });
    });

    it('allows at most 10 subscriptions per subscriber per topic, and 1 to 100 per request', async () => {
      const ten = Array.from({ length: 10 }, (_, i) => ({ identifier: `cap-${i}`, subscriberId: 'acct-11' }));
      const first = await call<ItemsBody>(sandbox, '/v2/topics/capped/subscriptions', { method: 'POST', body: { subscriptions: ten } });
      assert.equal(first.body.meta.successful, 10);
      const eleventh = await call<ItemsBody>(sandbox, '/v2/topics/capped/subscriptions', { method: 'POST', body: { subscriptions: [{ identifier: 'cap-10', subscriberId: 'acct-11' }] } });
      assert.equal(eleventh.status, 400);
      assert.equal(eleventh.body.errors?.[0]?.code, 'SUBSCRIPTION_LIMIT_EXCEEDED');
      const empty = await call<ErrorBody>(sandbox, '/v2/topics/capped/subscriptions', { method: 'POST', body: { subscriptions: [] } });
      assert.equal(empty.status, 422);
      const many = await call<ErrorBody>(sandbox, '/v2/topics/capped/subscriptions', { method: 'POST', body: { subscriptions: Array.from({ length: 101 }, () => 'acct-7') } });
      assert.equal(many.status, 422);
      assert.deepEqual(many.body.errors?.['subscriptions']?.messages, ['subscriptions must contain no more than 100 elements']);
    });

    it('removes by subscriber (every subscription of theirs) and by identifier; 400 when all fail', async () => {
      await call(sandbox, '/v2/topics/removals/subscriptions', { method: 'POST', body: { subscriptions: [{ identifier: 'r1', subscriberId: 'acct-7' }, { identifier: 'r2', subscriberId: 'acct-7' }, 'user_000009'] } });
      const res = await call<ItemsBody>(sandbox, '/v2/topics/removals/subscriptions', { method: 'DELETE', body: { subscriptions: [{ subscriberId: 'acct-7' }] } });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data.map((s) => s.identifier).sort(), ['r1', 'r2']);
      const byId = await call<ItemsBody>(sandbox, '/v2/topics/removals/subscriptions', { method: 'DELETE', body: { subscriptions: [{ identifier: 'tk=removals:si=user_000009' }] } });
      assert.equal(byId.body.meta.successful, 1);
      const none = await call<ItemsBody>(sandbox, '/v2/topics/removals/subscriptions', { method: 'DELETE', body: { subscriberIds: ['acct-7'] } });
      assert.equal(none.status, 400);
      assert.equal(none.body.meta.failed, 1);
      assert.equal(none.body.errors?.[0]?.code, 'SUBSCRIPTION_NOT_FOUND');
    });

    it('updates a subscription name and its preferences', async () => {
      await call(sandbox, '/v2/topics/prefs/subscriptions', { method: 'POST', body: { subscriptions: [{ identifier: 'p1', subscriberId: 'acct-7' }] } });
      const res = await call<{ data: SubscriptionWire }>(sandbox, '/v2/topics/prefs/subscriptions/p1', { method: 'PATCH', body: { name: 'Renamed', preferences: [{ workflowId: F.topicWorkflowIdentifier, enabled: false }] } });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.name, 'Renamed');
      assert.deepEqual(res.body.data.preferences.map((p) => [p.subscriptionId, p.workflow?.identifier, p.enabled]), [['p1', F.topicWorkflowIdentifier, false]]);
    });

    it("lists a subscriber's subscriptions, by topic key; 404 for an unknown subscriber", async () => {
      const res = await get<Page<SubscriptionWire>>(sandbox, `/v2/subscribers/${F.notificationSubscriberId}/subscriptions?key=${F.productUpdatesTopicKey}`);
      assert.deepEqual(res.body.data.map((s) => s.topic.key), [F.productUpdatesTopicKey]);
      const all = await get<Page<SubscriptionWire>>(sandbox, `/v2/subscribers/${F.notificationSubscriberId}/subscriptions?orderDirection=ASC`);
      assert.deepEqual(all.body.data.map((s) => s.topic.key).slice(0, 3), [F.failedTopicKey, 'project-apollo', F.productUpdatesTopicKey]);
      const unknown = await get<ErrorBody>(sandbox, '/v2/subscribers/ghost/subscriptions');
      assert.equal(unknown.status, 404);
    });
  });

  describe('the seeded send and the activity filters', () => {
    it('reached sbx-alice, acct-7 and user_000009, each run carrying the topic', async () => {
      const runs = await runsOf(sandbox, F.topicSendTransactionId);
      assert.deepEqual(ids(runs), ['acct-7', F.notificationSubscriberId, 'user_000009']);
      for (const r of runs) assert.deepEqual(r.topics, [{ _topicId: F.productUpdatesTopicId, topicKey: F.productUpdatesTopicKey }]);
      assert.equal(runs.find((r) => r.subscriber.subscriberId === F.notificationSubscriberId)?._id, F.topicSendNotificationId);
    });

    it('finds runs by topicKey, by subscriptionId and by an exact context set', async () => {
      const byTopic = await runsOf(sandbox, F.topicSendTransactionId, `&topicKey=${F.productUpdatesTopicKey}`);
      assert.equal(byTopic.length, 3);
      const bySubscription = await runsOf(sandbox, F.topicSendTransactionId, '&subscriptionId=tk%3Dproduct-updates%3Asi%3Dsbx-alice');
      assert.deepEqual(ids(bySubscription), [F.notificationSubscriberId]);
      const acme = await get<{ data: Run[] }>(sandbox, `/v1/notifications?contextKeys=${F.acmeContextKey}&limit=50`);
      assert.deepEqual(acme.body.data.map((r) => r._id), [F.acmeNotificationId]);
      assert.deepEqual(acme.body.data[0]?.contextKeys, [F.acmeContextKey]);
      const two = await get<{ data: Run[] }>(sandbox, `/v1/notifications?contextKeys=${F.dashboardContextKey}&contextKeys=${F.acmeContextKey}&limit=50`);
      assert.deepEqual(two.body.data.map((r) => r._id), [F.acmeDashboardNotificationId]);
      const none = await get<{ data: Run[] }>(sandbox, `/v1/notifications?contextKeys=&transactionId=${F.acmeTransactionId}&transactionId=${F.topicSendTransactionId}&limit=50`);
      assert.equal(none.body.data.length, 3);
      assert.ok(none.body.data.every((r) => r.contextKeys === undefined));
    });
  });

  describe('fan-out of a trigger', () => {
    it('reaches the subscriptions that pass (payload condition), with the context filter off by default', async () => {
      await trigger(sandbox, { to: { type: 'Topic', topicKey: F.productUpdatesTopicKey }, payload: { ...MAINTENANCE, region: 'eu' }, transactionId: 'fan-eu' });
      const runs = await runsOf(sandbox, 'fan-eu');
      // sbx-scheduled: no data.plan; sbx-no-name: the workflow off. sbx-html-name's context counts only with the flag.
      assert.deepEqual(ids(runs), ['acct-7', F.notificationSubscriberId, F.htmlNameSubscriberId, F.unicodeSubscriberId, 'user_000009']);
      assert.deepEqual(runs[0]?.to, { type: 'Topic', topicKey: F.productUpdatesTopicKey });
      await trigger(sandbox, { to: { type: 'Topic', topicKey: F.productUpdatesTopicKey }, payload: { ...MAINTENANCE, region: 'us' }, transactionId: 'fan-us' });
      assert.equal(ids(await runsOf(sandbox, 'fan-us')).includes(F.unicodeSubscriberId), false);
    });

    it('skips direct recipients, excluded ids and the actor', async () => {
      await trigger(sandbox, {
        to: [F.notificationSubscriberId, { type: 'Topic', topicKey: F.productUpdatesTopicKey, exclude: ['acct-7'] }],
        actor: { subscriberId: 'user_000009' },
        payload: MAINTENANCE,
        transactionId: 'fan-skip',
      });
      const runs = await runsOf(sandbox, 'fan-skip');
      assert.deepEqual(ids(runs), [F.notificationSubscriberId, F.htmlNameSubscriberId]);
      const alice = runs.find((r) => r.subscriber.subscriberId === F.notificationSubscriberId);
      assert.equal(alice?.topics, undefined, 'the direct run is not the topic one');
    });

    it('gives a subscriber of several topics one run listing them all', async () => {
      await trigger(sandbox, { to: [{ type: 'Topic', topicKey: F.productUpdatesTopicKey }, { type: 'Topic', topicKey: F.failedTopicKey }], payload: MAINTENANCE, transactionId: 'fan-two' });
      const runs = await runsOf(sandbox, 'fan-two');
      const alice = runs.filter((r) => r.subscriber.subscriberId === F.notificationSubscriberId);
      assert.equal(alice.length, 1);
      assert.deepEqual(alice[0]?.topics?.map((t) => t.topicKey), [F.productUpdatesTopicKey, F.failedTopicKey]);
      assert.deepEqual(ids(runs), ['acct-7', F.notificationSubscriberId, F.htmlNameSubscriberId, F.markupSubscriberId, 'user_000009']);
    });

    it('does not fail for an unknown topic', async () => {
      await trigger(sandbox, { to: { type: 'Topic', topicKey: 'no-such-topic' }, payload: MAINTENANCE, transactionId: 'fan-unknown' });
      assert.deepEqual(await runsOf(sandbox, 'fan-unknown'), []);
    });

    it('reads subscriber data in a condition', async () => {
      await call(sandbox, `/v2/subscribers/${F.preferencesSubscriberId}`, { method: 'PATCH', body: { data: { plan: 'enterprise' } } });
      await trigger(sandbox, { to: { type: 'Topic', topicKey: F.productUpdatesTopicKey }, payload: MAINTENANCE, transactionId: 'fan-plan' });
      assert.ok(ids(await runsOf(sandbox, 'fan-plan')).includes(F.preferencesSubscriberId));
      await call(sandbox, `/v2/subscribers/${F.preferencesSubscriberId}`, { method: 'PATCH', body: { data: null } });
    });
  });

  describe('with contextPreferences (IS_CONTEXT_PREFERENCES_ENABLED)', () => {
    let flagged: Sandbox;
    before(async () => {
      flagged = await startSandbox({ contextPreferences: true });
    });
    after(() => flagged.close());

    it('reaches only the subscriptions in exactly the trigger context', async () => {
      await trigger(flagged, { to: { type: 'Topic', topicKey: F.productUpdatesTopicKey }, payload: MAINTENANCE, transactionId: 'ctx-none' });
      assert.deepEqual(ids(await runsOf(flagged, 'ctx-none')), ['acct-7', F.notificationSubscriberId, 'user_000009']);
      await trigger(flagged, { to: { type: 'Topic', topicKey: F.productUpdatesTopicKey }, payload: MAINTENANCE, context: { tenant: 'acme' }, transactionId: 'ctx-acme' });
      const runs = await runsOf(flagged, 'ctx-acme');
      assert.deepEqual(ids(runs), [F.htmlNameSubscriberId]);
      assert.deepEqual(runs[0]?.contextKeys, [F.acmeContextKey]);
    });

    it('keeps the context of a new subscription', async () => {
      const res = await call<ItemsBody>(flagged, '/v2/topics/ctx-topic/subscriptions', { method: 'POST', body: { subscriptions: ['acct-7'], context: { tenant: 'globex' } } });
      assert.deepEqual(res.body.data[0]?.contextKeys, [F.globexContextKey]);
      assert.equal(res.body.data[0]?.identifier, 'tk=ctx-topic:si=acct-7:ctx=tenant:globex');
    });
  });

  it('answers Nest bare 404 for every topic route when started without topics', async () => {
    const bare = await startSandbox({ without: ['topics'] });
    try {
      const res = await get<unknown>(bare, '/v2/topics');
      assert.equal(res.status, 404);
      assert.deepEqual(res.body, { message: 'Cannot GET /v2/topics', error: 'Not Found', statusCode: 404 });
      const subs = await get<{ message: string }>(bare, `/v2/subscribers/${F.notificationSubscriberId}/subscriptions`);
      assert.equal(subs.body.message, `Cannot GET /v2/subscribers/${F.notificationSubscriberId}/subscriptions`);
      assert.equal((await get<unknown>(bare, '/v2/contexts')).status, 200);
    } finally {
      await bare.close();
    }
  });

  it('fills load-test quickly with topicSubscriptions', async () => {
    const started = performance.now();
    const big = await startSandbox({ subscriberCount: 10_010, topicSubscriptions: 10_000 });
    try {
      assert.ok(performance.now() - started < 5000, 'seeding 10,000 subscriptions stays fast');
      const res = await get<Page<SubscriptionWire>>(big, `/v2/topics/${F.loadTestTopicKey}/subscriptions?limit=3&orderDirection=ASC`);
      assert.equal(res.body.data.length, 3);
      assert.notEqual(res.body.next, null);
      const last = await get<Page<SubscriptionWire>>(big, `/v2/topics/${F.loadTestTopicKey}/subscriptions?limit=1`);
      assert.equal(last.body.data[0]?.subscriber?.subscriberId, big.state.subscribers[10_005]?.subscriberId);
    } finally {
      await big.close();
    }
  });
});
