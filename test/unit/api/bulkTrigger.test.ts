/** `POST /v1/events/trigger/bulk` (contract §8.4) over real HTTP: order, per-event errors, one key per request reused by its retries, 429, 422. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NovuApiError, bulkTrigger, NovuClient, NovuResponseShapeError, NovuValidationError, type TriggerBody } from '../../../src/api';
import { sendJson, withTestServer } from '../../fixtures/testServer';

const KEY = 'test-secret-key-123';

const client = (url: string, retries?: number) => new NovuClient({ baseUrl: url, apiKey: KEY, ...(retries !== undefined ? { retries } : {}) });

function events(count: number, prefix = 't'): TriggerBody[] {
  return Array.from({ length: count }, (_, i) => ({ name: 'password-reset', to: `user-${i}`, payload: { i }, transactionId: `${prefix}-${i}` }));
}

/** The service's answer: one result per event, in order; `refuse` names the events refused. */
function answer(body: string, refuse: ReadonlySet<number> = new Set()): unknown {
  const sent = (JSON.parse(body) as { events: TriggerBody[] }).events;
  return {
    data: sent.map((event, i) =>
      refuse.has(i) ? { acknowledged: true, status: 'error', error: ['workflow_not_found'], transactionId: event.transactionId } : { acknowledged: true, status: 'processed', transactionId: event.transactionId, activityFeedLink: `/activity/${i}` },
    ),
  };
}

describe('bulkTrigger', () => {
  it('posts { events } with the caller’s key and reads one result per event, in order, refusals included', async () => {
    await withTestServer((req, res) => sendJson(res, 201, answer(req.body, new Set([1]))), async (server) => {
      const results = await bulkTrigger(client(server.url), events(3), { idempotencyKey: 'action-1:0' });
      assert.equal(server.requests.length, 1);
      const [request] = server.requests;
      assert.equal(request?.method, 'POST');
      assert.equal(request?.url, '/v1/events/trigger/bulk');
      assert.equal(request?.headers['idempotency-key'], 'action-1:0');
      assert.deepEqual(JSON.parse(request!.body), { events: events(3) });
      assert.deepEqual(results.map((r) => [r.status, r.transactionId]), [['processed', 't-0'], ['error', 't-1'], ['processed', 't-2']]);
      assert.deepEqual(results[1]?.error, ['workflow_not_found']);
      assert.equal(results[2]?.['activityFeedLink'], '/activity/2');
    });
  });

  it('accepts the bare array the published document shows', async () => {
    await withTestServer((req, res) => sendJson(res, 201, (answer(req.body) as { data: unknown }).data), async (server) => {
      const results = await bulkTrigger(client(server.url), events(2), { idempotencyKey: 'k' });
      assert.deepEqual(results.map((r) => r.transactionId), ['t-0', 't-1']);
    });
  });

  it('waits as a 429 says and retries the same request with the same key and body', async () => {
    await withTestServer(
      (req, res, i) => (i === 0 ? sendJson(res, 429, { statusCode: 429, message: 'ThrottlerException: Too Many Requests' }, { 'retry-after': '1' }) : sendJson(res, 201, answer(req.body))),
      async (server) => {
        const started = Date.now();
        const results = await bulkTrigger(client(server.url), events(100), { idempotencyKey: 'action-7:3' });
        assert.ok(Date.now() - started >= 900, 'waited for Retry-After');
        assert.equal(results.length, 100);
        assert.equal(server.requests.length, 2);
        assert.deepEqual(server.requests.map((r) => r.headers['idempotency-key']), ['action-7:3', 'action-7:3']);
        assert.equal(server.requests[0]?.body, server.requests[1]?.body);
      },
    );
  });

  it('retries a 5xx and a lost answer with the same key', async () => {
    await withTestServer(
      (req, res, i) => {
        if (i === 0) return sendJson(res, 503, { statusCode: 503, message: 'Organization paused' }, { 'retry-after': '0' });
        if (i === 1) return void res.socket?.destroy();
        sendJson(res, 201, answer(req.body));
      },
      async (server) => {
        await bulkTrigger(client(server.url, 3), events(2), { idempotencyKey: 'action-9:0' });
        assert.equal(server.requests.length, 3);
        assert.ok(server.requests.every((r) => r.headers['idempotency-key'] === 'action-9:0'));
      },
    );
  });

  it('gives up on a 429 past its retries with the seconds the service asked for (the caller may wait and send the same request again)', async () => {
    await withTestServer((_req, res) => sendJson(res, 429, { statusCode: 429, message: 'Too Many Requests' }, { 'retry-after': '90' }), async (server) => {
      await assert.rejects(() => bulkTrigger(client(server.url, 0), events(1), { idempotencyKey: 'k' }), (e: unknown) => e instanceof NovuApiError && e.status === 429 && e.retryAfterSeconds === 90);
      assert.equal(server.requests.length, 1);
    });
  });

  it('surfaces a 422 for the whole request with the service’s own words, and does not retry it', async () => {
    const body = { statusCode: 422, message: 'Validation Error', errors: { events: { messages: ['events must contain no more than 100 elements'], value: '101 events' } } };
    await withTestServer((_req, res) => sendJson(res, 422, body), async (server) => {
      await assert.rejects(
        () => bulkTrigger(client(server.url), events(2), { idempotencyKey: 'k' }),
        (e: unknown) => e instanceof NovuApiError && e.status === 422 && e.details.some((d) => d.includes('events must contain no more than 100 elements')) && e.fieldErrors['events']?.[0] === 'events must contain no more than 100 elements',
      );
      assert.equal(server.requests.length, 1);
    });
  });

  it('refuses before sending: no events, more than 100, an event without its own transaction ID, a bad event', async () => {
    await withTestServer((req, res) => sendJson(res, 201, answer(req.body)), async (server) => {
      const c = client(server.url);
      const rejects = (list: TriggerBody[], field: string) => assert.rejects(() => bulkTrigger(c, list, { idempotencyKey: 'k' }), (e: unknown) => e instanceof NovuValidationError && field in e.fieldErrors);
      await rejects([], 'events');
      await rejects(events(101), 'events');
      await rejects([...events(2), { name: 'w', to: 'u' }], 'events.2.transactionId');
      await rejects([...events(2), { name: 'w', to: 'u', transactionId: 't-0' }], 'events.2.transactionId');
      await rejects([{ name: '', to: 'u', transactionId: 'x' }], 'events.0.name');
      assert.equal(server.requests.length, 0);
      await bulkTrigger(c, events(100), { idempotencyKey: 'k' });
      assert.equal(server.requests.length, 1, 'exactly 100 is allowed');
    });
  });

  it('refuses an answer whose results do not match the events one to one', async () => {
    await withTestServer((_req, res) => sendJson(res, 201, { data: [{ acknowledged: true, status: 'processed', transactionId: 't-0' }] }), async (server) => {
      await assert.rejects(() => bulkTrigger(client(server.url), events(2), { idempotencyKey: 'k' }), NovuResponseShapeError);
    });
  });
});

describe('listNotifications by several transaction IDs', () => {
  it('repeats the transactionId key, as the service reads it (contract §6)', async () => {
    await withTestServer((_req, res) => sendJson(res, 200, { data: [], hasMore: false, page: 0, pageSize: 50 }), async (server) => {
      await client(server.url).listNotifications({ transactionId: ['a', 'b'], limit: 50 });
      const query = new URL(server.requests[0]!.url, server.url).searchParams;
      assert.deepEqual(query.getAll('transactionId'), ['a', 'b']);
      assert.equal(query.get('limit'), '50');
    });
  });
});
