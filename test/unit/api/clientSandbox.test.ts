/** NovuClient against the sandbox over real HTTP: every operation, the errors the service gives, faults. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NovuApiError, NovuClient, isAbortError, type RequestLogEntry, updatePreferences } from '../../../src/api';
import { SANDBOX_FIXTURES, startSandbox, type Sandbox } from '../../../src/sandbox';

describe('NovuClient against the sandbox', () => {
  let sandbox: Sandbox;
  let client: NovuClient;
  const log: RequestLogEntry[] = [];

  before(async () => {
    sandbox = await startSandbox({ apiKey: 'client-sandbox-key' });
    client = new NovuClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, onRequest: (e) => log.push(e) });
  });
  after(() => sandbox.close());

  it('pages through every subscriber once, forwards and back', async () => {
    const seen: string[] = [];
    let page = await client.searchSubscribers({ limit: 100 });
    const total = page.totalCount;
    seen.push(...page.data.map((s) => s.subscriberId));
    while (page.next) {
      page = await client.searchSubscribers({ limit: 100, after: page.next });
      seen.push(...page.data.map((s) => s.subscriberId));
    }
    assert.equal(seen.length, total);
    assert.equal(new Set(seen).size, seen.length);
    assert.equal(seen.length, sandbox.state.subscribers.length);
    const back = await client.searchSubscribers({ limit: 100, before: page.previous! });
    assert.equal(back.data.length, 100);
  });

  it('filters by name, email, phone and subscriber id', async () => {
    const html = await client.searchSubscribers({ subscriberId: SANDBOX_FIXTURES.htmlNameSubscriberId });
    assert.equal(html.data[0]?.firstName, SANDBOX_FIXTURES.htmlName);
    const alice = await client.searchSubscribers({ email: SANDBOX_FIXTURES.notificationSubscriberEmail.toUpperCase() });
    assert.equal(alice.data[0]?.subscriberId, SANDBOX_FIXTURES.notificationSubscriberId);
    const byName = await client.searchSubscribers({ name: 'alice sandbox' });
    assert.ok(byName.data.some((s) => s.subscriberId === SANDBOX_FIXTURES.notificationSubscriberId));
    const phone = alice.data[0]?.phone;
    if (phone) assert.ok((await client.searchSubscribers({ phone })).data.length >= 1);
  });

  it('creates a subscriber, updates it as an upsert, and gives 409 with failIfExists', async () => {
    const created = await client.createSubscriber({ subscriberId: 'client-test-1', firstName: 'Grace', email: 'grace@example.com', timezone: 'Europe/Berlin', data: { plan: 'pro' } });
    assert.equal(created.subscriberId, 'client-test-1');
    assert.equal(created.firstName, 'Grace');
    const updated = await client.createSubscriber({ subscriberId: 'client-test-1', lastName: 'Hopper' });
    assert.equal(updated.lastName, 'Hopper');
    await assert.rejects(() => client.createSubscriber({ subscriberId: 'client-test-1' }, { failIfExists: true }), (e: unknown) => e instanceof NovuApiError && e.status === 409);
  });

  it('replays a POST with the same idempotency key instead of applying it twice', async () => {
    log.length = 0;
    const input = { subscriberId: 'client-idem-1', firstName: 'Once' };
    const first = await client.createSubscriber(input, { idempotencyKey: 'user-action-77' });
    const second = await client.createSubscriber(input, { idempotencyKey: 'user-action-77' });
    assert.deepEqual(second, first);
    assert.equal(log.at(-1)?.replayed, true);
    await assert.rejects(() => client.createSubscriber({ ...input, firstName: 'Twice' }, { idempotencyKey: 'user-action-77' }), (e: unknown) => e instanceof NovuApiError && e.status === 422);
  });

  it('reads and updates preferences, globally and per workflow', async () => {
    const id = SANDBOX_FIXTURES.preferencesSubscriberId;
    const prefs = await client.getPreferences(id);
    assert.ok(prefs.workflows.length > 0);
    assert.equal(prefs.global.schedule?.isEnabled, true);
    const off = await updatePreferences(client, id, { channels: { email: false } });
    assert.equal(off.global.channels.email, false);
    const wf = await updatePreferences(client, id, { workflowId: SANDBOX_FIXTURES.workflowIdentifier, channels: { in_app: false } });
    assert.equal(wf.workflows.find((w) => w.workflow.identifier === SANDBOX_FIXTURES.workflowIdentifier)?.channels.in_app, false);
    const schedule = { isEnabled: true, weeklySchedule: { monday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] } } };
    const scheduled = await updatePreferences(client, id, { schedule });
    assert.deepEqual(scheduled.global.schedule?.weeklySchedule?.monday, schedule.weeklySchedule.monday);
    const all = await client.getPreferences(id, { criticality: 'all' });
    assert.ok(all.workflows.some((w) => w.workflow.identifier === SANDBOX_FIXTURES.criticalWorkflowIdentifier));
  });

  it('surfaces the service errors for preferences: unknown subscriber, unknown and critical workflows', async () => {
    await assert.rejects(() => client.getPreferences('nobody-at-all'), (e: unknown) => e instanceof NovuApiError && e.status === 404);
    await assert.rejects(() => updatePreferences(client, SANDBOX_FIXTURES.preferencesSubscriberId, { workflowId: 'no-such-flow', channels: { email: true } }), (e: unknown) => e instanceof NovuApiError && e.status === 404 && /Workflow cannot be found/.test(e.message));
    await assert.rejects(() => updatePreferences(client, SANDBOX_FIXTURES.preferencesSubscriberId, { workflowId: SANDBOX_FIXTURES.criticalWorkflowIdentifier, channels: { email: false } }), (e: unknown) => e instanceof NovuApiError && e.status === 400);
  });

  it('lists active integrations of both environments, with the legacy credentials parsed for masking', async () => {
    const list = await client.listActiveIntegrations();
    assert.ok(list.some((i) => i.kind === 'agent' && !i.channel));
    assert.ok(list.some((i) => i._environmentId === SANDBOX_FIXTURES.productionEnvironmentId));
    const legacy = list.find((i) => i._id === SANDBOX_FIXTURES.legacyCredentialsIntegrationId);
    assert.ok(legacy && Object.keys(legacy.credentials ?? {}).length > 0);
  });

  it('reads every fixture notification, the 320-job one included', async () => {
    for (const [key, id] of Object.entries(SANDBOX_FIXTURES)) {
      if (!key.endsWith('NotificationId')) continue;
      const notification = await client.getNotification(id as string);
      assert.equal(notification._id, id);
      assert.ok((notification.jobs?.length ?? 0) > 0, key);
    }
    const big = await client.getNotification(SANDBOX_FIXTURES.bigNotificationId);
    assert.equal(big.jobs?.length, SANDBOX_FIXTURES.bigNotificationJobCount);
    await assert.rejects(() => client.getNotification('6620aa00000000000000ffff'), (e: unknown) => e instanceof NovuApiError && e.status === 404 && e.message === 'Notification not found');
  });

  it('lists notifications by subscriber and by transaction id', async () => {
    const page = await client.listNotifications({ subscriberIds: [SANDBOX_FIXTURES.notificationSubscriberId], limit: 50 });
    assert.ok(page.data.length >= 5);
    const byTxn = await client.listNotifications({ transactionId: SANDBOX_FIXTURES.failedTransactionId });
    assert.equal(byTxn.data[0]?._id, SANDBOX_FIXTURES.failedNotificationId);
  });

  it('gives the service 401 messages for a wrong key', async () => {
    const wrong = new NovuClient({ baseUrl: sandbox.url, apiKey: 'not-a-key' });
    await assert.rejects(() => wrong.listActiveIntegrations(), (e: unknown) => e instanceof NovuApiError && e.status === 401 && e.message === 'API Key not found');
  });

  it('retries a 503 with its errorId and reports it when retries run out', async () => {
    sandbox.setFaults({ errorRate: 1 });
    try {
      const noRetry = new NovuClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, retries: 1 });
      sandbox.clearRequests();
      await assert.rejects(() => noRetry.listActiveIntegrations(), (e: unknown) => e instanceof NovuApiError && e.status === 503 && typeof e.errorId === 'string');
      assert.equal(sandbox.requests.length, 2);
    } finally {
      sandbox.setFaults({});
    }
  });

  it('waits out a 429 from the rate limit and succeeds', async () => {
    sandbox.setFaults({ rateLimitPerSecond: 2 });
    try {
      log.length = 0;
      for (let i = 0; i < 4; i++) await client.listActiveIntegrations();
      assert.ok(log.some((e) => e.retries > 0), 'at least one call was retried after a 429');
      assert.ok(log.every((e) => e.status === 200));
    } finally {
      sandbox.setFaults({});
    }
  });

  it('cancels a slow request at once', async () => {
    sandbox.setFaults({ latencyMs: 3000 });
    try {
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 50);
      await assert.rejects(() => client.searchSubscribers({}, { signal: controller.signal }), (e: unknown) => isAbortError(e));
      assert.ok(Date.now() - started < 1000);
    } finally {
      sandbox.setFaults({});
    }
  });
});
