/** The bulk re-send on the wire: runs read again in batches, ⌈n/100⌉ requests, one key per request reused by its retries, 429 waited out, cancel between requests, every event's outcome. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NovuClient, type TriggerBody } from '../../../src/api';
import { readEvents, sendEvents, senderOf, sendSummary, type SendProgress } from '../../../src/failures/bulkSend';
import { resendTransactionId, type PlannedEvent } from '../../../src/failures/resendPlan';
import type { RunRef } from '../../../src/failures/runLedger';
import { buildJob, buildNotification } from '../../fixtures/builders';
import { sendJson, startTestServer, type Handler, type RecordedRequest, type TestServer } from '../../fixtures/testServer';

async function withServer(handler: Handler, body: (server: TestServer, client: NovuClient) => Promise<void>): Promise<void> {
  const server = await startTestServer(handler);
  try {
    await body(server, new NovuClient({ baseUrl: server.url, apiKey: 'test-key-1234' }));
  } finally {
    await server.close();
  }
}

const ACTION = 'action-1';

function planned(count: number, action = ACTION): PlannedEvent[] {
  return Array.from({ length: count }, (_, i) => {
    const run: RunRef = { notificationId: `run${i}`, subscriberId: `user-${i}`, workflow: 'password-reset', atMs: i };
    return { run, body: { name: 'password-reset', to: run.subscriberId, payload: { i }, transactionId: resendTransactionId(action, run.notificationId) } };
  });
}

const sentEvents = (req: RecordedRequest) => (JSON.parse(req.body) as { events: TriggerBody[] }).events;

/** The service: one result per event in order; it refuses the workflow of any event whose `to` ends in 7. */
function bulkAnswer(req: RecordedRequest, res: Parameters<Handler>[1]): void {
  sendJson(res, 201, {
    data: sentEvents(req).map((e) => (String(e.to).endsWith('7') ? { acknowledged: true, status: 'error', error: ['workflow_not_found'], transactionId: e.transactionId } : { acknowledged: true, status: 'processed', transactionId: e.transactionId })),
  });
}

const noWait = async () => undefined;

describe('sendEvents', () => {
  it('sends 250 events in 3 requests of at most 100, each with its own key, each event once, and says every outcome', async () => {
    await withServer(bulkAnswer, async (server, client) => {
      const progress: SendProgress[] = [];
      const outcome = await sendEvents(senderOf(client), planned(250), { actionId: ACTION, onProgress: (p) => progress.push(p) });
      assert.equal(server.requests.length, 3);
      assert.deepEqual(server.requests.map((r) => sentEvents(r).length), [100, 100, 50]);
      const keys = server.requests.map((r) => r.headers['idempotency-key']);
      assert.equal(new Set(keys).size, 3);
      const txIds = server.requests.flatMap((r) => sentEvents(r).map((e) => e.transactionId));
      assert.equal(new Set(txIds).size, 250, 'no event twice');
      assert.equal(outcome.results.length, 250);
      assert.deepEqual(outcome.notSent, []);
      assert.equal(outcome.stopped, undefined);
      const refused = outcome.results.filter((r) => !r.started);
      assert.deepEqual(refused.map((r) => r.run.notificationId), ['run7', 'run17', 'run27', 'run37', 'run47', 'run57', 'run67', 'run77', 'run87', 'run97', 'run107', 'run117', 'run127', 'run137', 'run147', 'run157', 'run167', 'run177', 'run187', 'run197', 'run207', 'run217', 'run227', 'run237', 'run247']);
      assert.match(refused[0]!.message, /workflow_not_found/);
      assert.deepEqual(progress.map((p) => p.requestsDone), [1, 2, 3]);
      assert.equal(sendSummary(outcome), '225 sent again: 25 refused');
    });
  });

  it('sends the same action again with the same keys and transaction IDs, so the service drops what it already had', async () => {
    await withServer(bulkAnswer, async (server, client) => {
      await sendEvents(senderOf(client), planned(150), { actionId: ACTION });
      await sendEvents(senderOf(client), planned(150), { actionId: ACTION });
      const [a, b, c, d] = server.requests;
      assert.equal(a?.headers['idempotency-key'], c?.headers['idempotency-key']);
      assert.equal(b?.headers['idempotency-key'], d?.headers['idempotency-key']);
      assert.equal(a?.body, c?.body);
      await sendEvents(senderOf(client), planned(150, 'action-2'), { actionId: 'action-2' });
      assert.notEqual(server.requests[4]?.headers['idempotency-key'], a?.headers['idempotency-key']);
      assert.notEqual(sentEvents(server.requests[4]!)[0]?.transactionId, sentEvents(a!)[0]?.transactionId);
    });
  });

  it('waits out each 429 itself (the client does not, so the wait is said and cancellable), then sends the same request with the same key', async () => {
    let refusals = 0;
    const handler: Handler = (req, res) => {
      // The first request is refused three times, then accepted.
      if (sentEvents(req)[0]?.transactionId === resendTransactionId(ACTION, 'run0') && refusals < 3) {
        refusals++;
        return sendJson(res, 429, { statusCode: 429, message: 'ThrottlerException: Too Many Requests' }, { 'retry-after': '0' });
      }
      bulkAnswer(req, res);
    };
    await withServer(handler, async (server, client) => {
      const waits: number[] = [];
      const outcome = await sendEvents(senderOf(client), planned(120), { actionId: ACTION, sleep: async (ms) => void waits.push(ms) });
      assert.equal(server.requests.length, 5, '3 tries refused, the 4th accepted, then the second request');
      assert.ok(server.requests.every((r) => r.headers['idempotency-key']), 'every try carries its key');
      const firstKeys = new Set(server.requests.slice(0, 4).map((r) => r.headers['idempotency-key']));
      assert.equal(firstKeys.size, 1, 'one key for every try of a request');
      assert.equal(new Set(server.requests.slice(0, 4).map((r) => r.body)).size, 1);
      assert.deepEqual(waits, [0, 0, 0], 'each 429 waited out here, none inside the client');
      assert.equal(outcome.results.length, 120);
      assert.equal(outcome.requests, 5, 'four tries of the first request, one of the second');
    });
  });

  it('stops when a 429 keeps coming, or asks for longer than it may wait, and says what was not sent', async () => {
    const handler: Handler = (req, res) => (sentEvents(req).length === 20 ? sendJson(res, 429, { statusCode: 429, message: 'Too Many Requests' }, { 'retry-after': '600' }) : bulkAnswer(req, res));
    await withServer(handler, async (server) => {
      const outcome = await sendEvents(senderOf(new NovuClient({ baseUrl: server.url, apiKey: 'test-key-1234', retries: 0 })), planned(120), { actionId: ACTION, sleep: noWait, maxWaitSeconds: 60 });
      assert.equal(outcome.results.length, 100);
      assert.deepEqual(outcome.notSent.map((e) => e.run.notificationId), planned(120).slice(100).map((e) => e.run.notificationId));
      assert.equal(outcome.stopped?.reason, 'failed');
      assert.equal(outcome.stopped?.reason === 'failed' && outcome.stopped.status, 429);
      assert.match(outcome.stopped?.reason === 'failed' ? outcome.stopped.message : '', /600 s/);
      assert.equal(sendSummary(outcome), '90 sent again: 10 refused, 20 not sent (stopped)');
    });
  });

  it('stops between requests when cancelled: the request under way finishes, the rest are not sent', async () => {
    await withServer(bulkAnswer, async (server, client) => {
      let cancel = false;
      const outcome = await sendEvents(senderOf(client), planned(350), { actionId: ACTION, cancelled: () => cancel, onProgress: (p) => (cancel = p.requestsDone === 2) });
      assert.equal(server.requests.length, 2);
      assert.equal(outcome.results.length, 200);
      assert.equal(outcome.notSent.length, 150);
      assert.deepEqual(outcome.stopped, { reason: 'cancelled' });
      assert.equal(sendSummary(outcome), '180 sent again: 20 refused, 150 not sent (cancelled)');
    });
  });

  it('says a 422 for the whole request in the service’s words, and sends nothing after it', async () => {
    const body = { statusCode: 422, message: 'Validation Error', errors: { events: { messages: ['events must contain no more than 100 elements'], value: '101 events' } } };
    await withServer((_req, res) => sendJson(res, 422, body), async (server, client) => {
      const outcome = await sendEvents(senderOf(client), planned(150), { actionId: ACTION });
      assert.equal(server.requests.length, 1);
      assert.equal(outcome.notSent.length, 150);
      assert.ok(outcome.stopped?.reason === 'failed' && outcome.stopped.status === 422 && !outcome.stopped.uncertain);
      assert.match(outcome.stopped.message, /events must contain no more than 100 elements/);
    });
  });

  it('marks a request that got no answer as uncertain (the same action can send it again safely)', async () => {
    await withServer((_req, res) => void res.socket?.destroy(), async (server) => {
      const client = new NovuClient({ baseUrl: server.url, apiKey: 'test-key-1234', retries: 0 });
      const outcome = await sendEvents(senderOf(client), planned(3), { actionId: ACTION });
      assert.ok(outcome.stopped?.reason === 'failed' && outcome.stopped.uncertain);
      assert.equal(outcome.notSent.length, 3);
    });
  });
});

describe('readEvents', () => {
  const runOf = (n: ReturnType<typeof buildNotification>): RunRef => ({ notificationId: n._id, subscriberId: n.subscriber!.subscriberId!, workflow: 'password-reset', atMs: 0, ...(n.transactionId ? { transactionId: n.transactionId } : {}) });
  const failed = (i: number, extra: Parameters<typeof buildNotification>[0] = {}) =>
    buildNotification({ _id: `n${i}`, transactionId: `tx${i}`, subscriber: { subscriberId: `user-${i}` }, template: { _id: 'wf', triggers: [{ identifier: 'password-reset' }] }, payload: { i }, jobs: [buildJob({ status: 'failed' })], ...extra });

  it('reads 120 runs again in 3 list requests by their transaction IDs (≤50 each), builds their events, and says which it did not find', async () => {
    const store = Array.from({ length: 120 }, (_, i) => failed(i));
    // Another run of the same trigger (a second subscriber of tx5) comes back too, and is not sent.
    const sibling = failed(999, { transactionId: 'tx5', subscriber: { subscriberId: 'someone-else' } });
    const handler: Handler = (req, res) => {
      const wanted = new URL(req.url, 'http://x').searchParams.getAll('transactionId');
      const data = [...store.filter((n) => wanted.includes(n.transactionId!) && n._id !== 'n3'), ...(wanted.includes('tx5') ? [sibling] : [])];
      sendJson(res, 200, { data, hasMore: false, page: 0, pageSize: 50 });
    };
    await withServer(handler, async (server, client) => {
      const runs = store.map(runOf);
      const { events, excluded } = await readEvents(client, { runs, actionId: ACTION, workflowOf: () => ({ state: 'active' }) });
      assert.equal(server.requests.length, 3);
      assert.ok(server.requests.every((r) => new URL(r.url, 'http://x').searchParams.getAll('transactionId').length <= 50));
      assert.equal(events.length, 119);
      assert.deepEqual(events.slice(0, 3).map((e) => e.run.notificationId), ['n0', 'n1', 'n2'], 'the runs’ order kept');
      assert.ok(!events.some((e) => e.body.to === 'someone-else'));
      assert.deepEqual(events[5]?.body, { name: 'password-reset', to: 'user-6', payload: { i: 6 }, transactionId: resendTransactionId(ACTION, 'n6') });
      assert.deepEqual(excluded.map((e) => [e.run.notificationId, e.reason]), [['n3', 'runNotFound']]);
    });
  });

  it('pages a batch whose transaction IDs hold more runs than a page, and reads a run without one by its id', async () => {
    const handler: Handler = (req, res) => {
      const url = new URL(req.url, 'http://x');
      if (url.pathname === '/v1/notifications/n77') return sendJson(res, 200, { data: failed(77, { transactionId: null }) });
      if (url.pathname === '/v1/notifications/n78') return sendJson(res, 404, { statusCode: 404, message: 'Notification not found' });
      const page = Number(url.searchParams.get('page'));
      // Page 0 is full of other runs of the same trigger; the run asked for is on page 1.
      const data = page === 0 ? Array.from({ length: 50 }, (_, i) => failed(500 + i, { transactionId: 'tx1' })) : [failed(1)];
      sendJson(res, 200, { data, hasMore: page === 0, page, pageSize: 50 });
    };
    await withServer(handler, async (server, client) => {
      const runs: RunRef[] = [runOf(failed(1)), { notificationId: 'n77', subscriberId: 'user-77', workflow: 'password-reset', atMs: 0 }, { notificationId: 'n78', subscriberId: 'user-78', workflow: 'password-reset', atMs: 0 }];
      const { events, excluded } = await readEvents(client, { runs, actionId: ACTION, workflowOf: () => ({ state: 'active' }) });
      assert.deepEqual(events.map((e) => e.run.notificationId), ['n1', 'n77']);
      assert.deepEqual(excluded.map((e) => [e.run.notificationId, e.reason]), [['n78', 'runNotFound']]);
      assert.equal(server.requests.length, 4);
    });
  });

  it('leaves out a payload the workflow’s schema now refuses', async () => {
    await withServer((_req, res) => sendJson(res, 200, { data: [failed(1), failed(2, { payload: { i: 'two' } })], hasMore: false }), async (_server, client) => {
      const schema = { type: 'object', properties: { i: { type: 'number' } } };
      const { events, excluded } = await readEvents(client, { runs: [runOf(failed(1)), runOf(failed(2))], actionId: ACTION, workflowOf: () => ({ state: 'active', payloadSchema: schema }) });
      assert.deepEqual(events.map((e) => e.run.notificationId), ['n1']);
      assert.equal(excluded[0]?.reason, 'payloadRefused');
      assert.match(excluded[0]?.detail ?? '', /payload\.i/);
    });
  });
});
