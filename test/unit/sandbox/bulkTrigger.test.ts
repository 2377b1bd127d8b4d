/**
 * Issue 38.5: `POST /v1/events/trigger/bulk` as contract §8.4 says, over real HTTP: one answer per
 * event in order, per-event errors that fail nothing else, 422 for none or more than 100, the
 * `trigger` category's bucket (a bulk request costs 100) with 429 and Retry-After, a used
 * transaction id answered `processed` with no run, and an idempotency key's replay.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SANDBOX_FIXTURES as F, startSandbox, type Sandbox } from '../../../src/sandbox';
import { call, type ErrorBody } from './helpers';

interface Answer {
  acknowledged: boolean;
  status: string;
  transactionId?: string;
  error?: string[];
}

const welcome = (transactionId: string, to: unknown = F.notificationSubscriberId) => ({ name: F.workflowIdentifier, to, payload: { firstName: 'Alice' }, transactionId });

describe('the sandbox’s bulk trigger (contract §8.4)', () => {
  let sandbox: Sandbox;
  const bulk = (events: unknown[], headers: Record<string, string> = {}) => call<{ data: Answer[] }>(sandbox, '/v1/events/trigger/bulk', { method: 'POST', body: { events }, headers });
  const runsOf = (transactionId: string) => sandbox.state.notifications.filter((n) => n.transactionId === transactionId);

  before(async () => {
    sandbox = await startSandbox({ apiKey: 'bulk-key' });
  });
  after(() => sandbox.close());
  beforeEach(() => sandbox.setFaults({}));

  it('answers every event in the order sent, each failing alone', async () => {
    const res = await bulk([
      welcome('txn-bulk-a'),
      { name: 'no-such-workflow', to: F.notificationSubscriberId, payload: {}, transactionId: 'txn-bulk-b' },
      { name: 'order-shipped', to: F.notificationSubscriberId, payload: { order_id: 'SO-1' }, transactionId: 'txn-bulk-c' },
      { name: 'marketing-newsletter', to: F.notificationSubscriberId, payload: {}, transactionId: 'txn-bulk-d' },
      welcome('txn-bulk-e', {}),
      { name: F.workflowIdentifier, payload: {} },
      welcome('txn-bulk-f'),
    ]);
    assert.equal(res.status, 201);
    assert.deepEqual(res.body.data, [
      { acknowledged: true, status: 'processed', transactionId: 'txn-bulk-a' },
      { acknowledged: true, status: 'error', transactionId: 'txn-bulk-b', error: ['workflow_not_found'] },
      { acknowledged: true, status: 'error', transactionId: 'txn-bulk-c', error: ['Payload validation failed: payload.orderId: is required'] },
      { acknowledged: true, status: 'trigger_not_active', transactionId: 'txn-bulk-d' },
      { acknowledged: true, status: 'invalid_recipients', transactionId: 'txn-bulk-e' },
      // No transaction id of its own: the answer has none either.
      { acknowledged: true, status: 'error', error: ['to should not be null or undefined'] },
      { acknowledged: true, status: 'processed', transactionId: 'txn-bulk-f' },
    ]);
    assert.equal(runsOf('txn-bulk-a').length, 1, 'a processed event starts its run');
    assert.equal(runsOf('txn-bulk-f').length, 1);
    for (const refused of ['txn-bulk-b', 'txn-bulk-c', 'txn-bulk-d', 'txn-bulk-e']) assert.equal(runsOf(refused).length, 0, refused);
    // The same run as one trigger starts (triggers.ts run): its steps start pending and move on.
    assert.deepEqual(runsOf('txn-bulk-a')[0]?.jobs.map((j) => j.type), ['trigger', 'in_app', 'email']);
  });

  it('answers 422 for the whole request with no events or more than 100', async () => {
    for (const [events, message] of [
      [[], 'events must contain at least 1 elements'],
      [Array.from({ length: 101 }, (_, i) => welcome(`txn-bulk-over-${i}`)), 'events must contain no more than 100 elements'],
    ] as const) {
      const res = await call<ErrorBody>(sandbox, '/v1/events/trigger/bulk', { method: 'POST', body: { events } });
      assert.equal(res.status, 422);
      assert.deepEqual(res.body.errors?.['events']?.messages, [message]);
    }
    assert.equal(runsOf('txn-bulk-over-0').length, 0, 'nothing of a refused request runs');
    const hundred = await bulk(Array.from({ length: 100 }, (_, i) => welcome(`txn-bulk-100-${i}`)));
    assert.equal(hundred.status, 201);
    assert.equal(hundred.body.data.length, 100);
  });

  it('answers a used transaction id `processed` and starts no run, in bulk and alone', async () => {
    const first = await bulk([welcome('txn-bulk-used'), welcome('txn-bulk-used'), welcome(F.failedTransactionId)]);
    assert.deepEqual(first.body.data.map((a) => a.status), ['processed', 'processed', 'processed']);
    assert.equal(runsOf('txn-bulk-used').length, 1, 'the second event with the same id is dropped');
    assert.equal(runsOf(F.failedTransactionId).length, 1, 'a seeded run’s id is dropped too');
    const again = await bulk([welcome('txn-bulk-used')]);
    assert.equal(again.body.data[0]?.status, 'processed');
    const single = await call<{ data: Answer }>(sandbox, '/v1/events/trigger', { method: 'POST', body: welcome('txn-bulk-used') });
    assert.equal(single.body.data.status, 'processed');
    assert.equal(runsOf('txn-bulk-used').length, 1, 'still one run');
  });

  it('replays the first array for the same idempotency key, and starts nothing again', async () => {
    const events = [welcome('txn-bulk-key-1'), { name: 'no-such-workflow', to: 'x', transactionId: 'txn-bulk-key-2' }];
    const first = await bulk(events, { 'idempotency-key': 'bulk-action-1' });
    const replay = await bulk(events, { 'idempotency-key': 'bulk-action-1' });
    assert.equal(replay.status, 201);
    assert.equal(replay.headers.get('idempotency-replay'), 'true');
    assert.deepEqual(replay.body, first.body);
    assert.equal(runsOf('txn-bulk-key-1').length, 1);
  });

  it('takes 100 from the trigger bucket for a bulk request, then 429 with Retry-After', async () => {
    sandbox.setFaults({ triggerRateLimit: { capacity: 150, refillPerSecond: 1 } });
    const first = await bulk([welcome('txn-bulk-rl-1')]);
    assert.equal(first.status, 201);
    assert.equal(first.headers.get('ratelimit-remaining'), '50');
    assert.match(first.headers.get('ratelimit-policy') ?? '', /category="trigger"/);
    const second = await call<ErrorBody>(sandbox, '/v1/events/trigger/bulk', { method: 'POST', body: { events: [welcome('txn-bulk-rl-2')] } });
    assert.equal(second.status, 429);
    // 50 tokens left, 100 needed, one a second: about 50 s.
    const retryAfter = Number(second.headers.get('retry-after'));
    assert.ok(retryAfter >= 49 && retryAfter <= 50, `Retry-After ${retryAfter}`);
    assert.equal(runsOf('txn-bulk-rl-2').length, 0, 'a refused request starts nothing');
    const single = await call<{ data: Answer }>(sandbox, '/v1/events/trigger', { method: 'POST', body: welcome('txn-bulk-rl-3') });
    assert.equal(single.status, 201, 'one trigger costs 1: it still fits');
    const read = await call<unknown>(sandbox, '/v1/notifications?limit=1');
    assert.equal(read.status, 200, 'other categories are not counted in it');
  });
});
