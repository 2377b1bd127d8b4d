/**
 * Issue 16: the trigger and cancel operations (contract §7), NovuClient against the sandbox over real
 * HTTP: the body on the wire, a new run found by its transaction id and settling in real time, a
 * transaction id used before ignored, every refusal said as the service says it, and cancel.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NovuApiError, NovuClient, type Notification, type RequestLogEntry, trigger, updatePreferences } from '../../../src/api';
import { SANDBOX_FIXTURES as F, startSandbox, type Sandbox } from '../../../src/sandbox';
import { buildTriggerBody } from '../../../src/format/triggerBody';

async function until<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('trigger and cancel against the sandbox', () => {
  let sandbox: Sandbox;
  let client: NovuClient;
  const log: RequestLogEntry[] = [];
  const runOf = (transactionId: string) => async (): Promise<Notification | undefined> => (await client.listNotifications({ transactionId, limit: 10 })).data[0];
  const settled = (n: Notification) => !(n.jobs ?? []).some((j) => ['pending', 'queued', 'running', 'delayed'].includes(j.status));

  before(async () => {
    sandbox = await startSandbox({ apiKey: 'trigger-sandbox-key' });
    client = new NovuClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, onRequest: (e) => log.push(e) });
  });
  after(() => sandbox.close());

  it('sends the failed notification again: the body on the wire, a new run found by its transaction id, settling', async () => {
    const original = await client.getNotification(F.failedNotificationId);
    const built = buildTriggerBody(original, 'txn-again-1');
    assert.ok('body' in built);
    sandbox.clearRequests();
    const result = await trigger(client, built.body, { idempotencyKey: 'send-again-1' });
    assert.equal(result.status, 'processed');
    assert.equal(result.acknowledged, true);
    const [request] = sandbox.requests;
    assert.equal(request?.method, 'POST');
    assert.equal(request?.path, '/v1/events/trigger');
    assert.equal(request?.idempotencyKey, 'send-again-1');
    const entry = log.find((e) => e.path === '/v1/events/trigger');
    assert.deepEqual([entry?.method, entry?.status, entry?.transactionId], ['POST', 201, 'txn-again-1']);
    assert.ok(!JSON.stringify(entry).includes(JSON.stringify(original.payload).slice(1, 20)), 'the log holds no payload values');

    const run = await until(runOf('txn-again-1'), 'the new run');
    assert.notEqual(run._id, original._id);
    assert.equal(run.template?.triggers?.[0]?.identifier, original.template?.triggers?.[0]?.identifier);
    assert.equal(run.subscriber?.subscriberId, original.subscriber?.subscriberId);
    assert.deepEqual(run.payload, original.payload);
    assert.ok((run.jobs ?? []).some((j) => j.status === 'pending'), 'it starts pending');
    const done = await until(async () => {
      const n = await runOf('txn-again-1')();
      return n && settled(n) ? n : undefined;
    }, 'the run to settle');
    assert.ok((done.jobs ?? []).every((j) => ['completed', 'failed', 'skipped', 'canceled'].includes(j.status)));
  });

  it('ignores a transaction id used before, as the service does: no second run', async () => {
    const again = await trigger(client, { name: F.workflowIdentifier, to: F.notificationSubscriberId, payload: {}, transactionId: 'txn-again-1' });
    assert.equal(again.status, 'processed');
    const page = await client.listNotifications({ transactionId: 'txn-again-1', limit: 10 });
    assert.equal(page.data.length, 1);
  });

  it('reuses the idempotency key on a 503 retry', async () => {
    sandbox.clearRequests();
    sandbox.setFaults({ rejectNext: { method: 'POST', pathSuffix: '/v1/events/trigger', status: 503, message: 'Service Unavailable' } });
    const result = await trigger(client, { name: F.workflowIdentifier, to: F.notificationSubscriberId, payload: { firstName: 'x' }, transactionId: 'txn-retry-1' });
    assert.equal(result.status, 'processed');
    const keys = sandbox.requests.filter((r) => r.path === '/v1/events/trigger').map((r) => [r.status, r.idempotencyKey]);
    assert.equal(keys.length, 2);
    assert.equal(keys[0]![0], 503);
    assert.equal(keys[1]![0], 201);
    assert.ok(keys[0]![1] && keys[0]![1] === keys[1]![1], 'one key for the action and its retry');
    sandbox.setFaults({});
  });

  it('follows the subscriber and the workflow: a channel turned off is skipped, email to a bouncing domain fails', async () => {
    await client.createSubscriber({ subscriberId: 'bounce-1', email: 'pat@bounce.example' });
    await trigger(client, { name: F.workflowIdentifier, to: 'bounce-1', payload: {}, transactionId: 'txn-bounce-1' });
    const bounced = await until(async () => {
      const n = await runOf('txn-bounce-1')();
      return n && settled(n) ? n : undefined;
    }, 'the bounced run');
    const email = bounced.jobs?.find((j) => j.type === 'email');
    assert.equal(email?.status, 'failed');
    assert.match(JSON.stringify(email?.executionDetails), /does not exist: pat@bounce\.example/);

    await updatePreferences(client, 'bounce-1', { channels: { email: false } });
    await trigger(client, { name: F.workflowIdentifier, to: 'bounce-1', payload: {}, transactionId: 'txn-bounce-2' });
    const skipped = await until(async () => {
      const n = await runOf('txn-bounce-2')();
      return n && settled(n) ? n : undefined;
    }, 'the run with email off');
    // As current servers do (§8.6): canceled, the detail naming the preference.
    const off = skipped.jobs?.find((j) => j.type === 'email');
    assert.equal(off?.status, 'canceled');
    assert.equal(off?.executionDetails?.at(-1)?.detail, 'Step filtered by subscriber global preferences', 'turned off globally');
  });

  it('answers refusals as the service does: an inactive workflow, a missing payload field, an unknown workflow', async () => {
    const inactive = await trigger(client, { name: 'marketing-newsletter', to: F.notificationSubscriberId, payload: {}, transactionId: 'txn-inactive' });
    assert.equal(inactive.status, 'trigger_not_active');
    assert.equal((await client.listNotifications({ transactionId: 'txn-inactive' })).data.length, 0);
    const missing = await trigger(client, { name: 'order-shipped', to: F.notificationSubscriberId, payload: { carrier: 'x' } }).catch((e: unknown) => e);
    assert.ok(missing instanceof NovuApiError);
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.fieldErrors, { 'payload.orderId': ['is required'] });
    assert.equal(missing.message, 'Payload validation failed');
    const unknown = await trigger(client, { name: 'no-such-workflow', to: F.notificationSubscriberId }).catch((e: unknown) => e);
    assert.ok(unknown instanceof NovuApiError);
    assert.equal(unknown.status, 422);
    assert.match(unknown.message, /workflow_not_found/);
  });

  it('cancels a digest still collecting: true, the jobs cancelled; then false, nothing left', async () => {
    await trigger(client, { name: F.digestWorkflowIdentifier, to: F.notificationSubscriberId, payload: {}, transactionId: 'txn-digest-1' });
    const waiting = await until(runOf('txn-digest-1'), 'the digest run');
    assert.equal(waiting.jobs?.find((j) => j.type === 'digest')?.status, 'delayed');
    assert.equal(await client.cancelTrigger('txn-digest-1'), true);
    const read = await client.getNotification(waiting._id);
    assert.equal(read.jobs?.find((j) => j.type === 'digest')?.status, 'canceled');
    assert.ok(read.jobs?.filter((j) => j.type !== 'trigger').every((j) => j.status === 'canceled'));
    assert.equal(await client.cancelTrigger('txn-digest-1'), false);
    const cancelLog = log.filter((e) => e.method === 'DELETE');
    assert.deepEqual(cancelLog.map((e) => [e.status, e.transactionId]), [[200, 'txn-digest-1'], [200, 'txn-digest-1']]);
  });
});
