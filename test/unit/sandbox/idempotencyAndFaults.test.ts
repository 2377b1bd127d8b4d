import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_FIXTURES as F, type Sandbox, type Subscriber, startSandbox } from '../../../src/sandbox';
import { type ErrorBody, call, get } from './helpers';

describe('idempotency', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ subscriberCount: 20 });
  });
  after(() => sandbox.close());

  const create = (key: string, body: unknown) =>
    call<{ data: Subscriber } & ErrorBody>(sandbox, '/v2/subscribers', { method: 'POST', body, headers: { 'idempotency-key': key } });

  it('replays the first response with Idempotency-Replay and does not apply again', async () => {
    const first = await create('idem-1', { subscriberId: 'idem-user', firstName: 'One' });
    assert.equal(first.status, 201);
    assert.equal(first.headers.get('idempotency-replay'), null);
    assert.equal(first.headers.get('idempotency-key'), 'idem-1');
    const updatedAt = sandbox.state.subscriber('idem-user')?.updatedAt;
    const second = await create('idem-1', { subscriberId: 'idem-user', firstName: 'One' });
    assert.equal(second.status, 201);
    assert.equal(second.headers.get('idempotency-replay'), 'true');
    assert.deepEqual(second.body, first.body);
    assert.equal(sandbox.state.subscriber('idem-user')?.updatedAt, updatedAt, 'not applied twice');
    assert.equal(sandbox.requests.at(-1)?.replay, true);
  });

  it('answers 422 for the same key with a different body', async () => {
    await create('idem-2', { subscriberId: 'idem-two' });
    const res = await create('idem-2', { subscriberId: 'idem-two', firstName: 'Changed' });
    assert.equal(res.status, 422);
    assert.equal(res.body.message, 'Request with key "idem-2" is being reused for a different body');
    assert.equal(sandbox.state.subscriber('idem-two')?.firstName, undefined);
  });

  it('answers 409 with Retry-After: 1 while the first request is still running', async () => {
    sandbox.setFaults({ latencyMs: 300 });
    try {
      const body = { channels: { email: false } };
      const path = `/v2/subscribers/${F.unicodeSubscriberId}/preferences`;
      const headers = { 'idempotency-key': 'idem-3' };
      const first = call(sandbox, path, { method: 'PATCH', body, headers });
      await new Promise((r) => setTimeout(r, 50));
      const second = await call<ErrorBody>(sandbox, path, { method: 'PATCH', body, headers });
      assert.equal(second.status, 409);
      assert.equal(second.headers.get('retry-after'), '1');
      assert.match(String(second.body.message), /currently being processed/);
      assert.equal((await first).status, 200);
      const third = await call(sandbox, path, { method: 'PATCH', body, headers });
      assert.equal(third.status, 200);
      assert.equal(third.headers.get('idempotency-replay'), 'true');
    } finally {
      sandbox.setFaults({});
    }
  });

  it('rejects keys longer than 255 characters with 400', async () => {
    assert.equal((await create('k'.repeat(256), { subscriberId: 'long-key' })).status, 400);
    assert.equal((await create('k'.repeat(255), { subscriberId: 'long-key' })).status, 201);
  });

  it('replays error responses too, and ignores the header on GET', async () => {
    const bad = await create('idem-4', { subscriberId: 'bad id' });
    assert.equal(bad.status, 422);
    const again = await create('idem-4', { subscriberId: 'bad id' });
    assert.equal(again.status, 422);
    assert.equal(again.headers.get('idempotency-replay'), 'true');
    const g1 = await get(sandbox, '/v2/subscribers', { headers: { 'idempotency-key': 'idem-get' } });
    const g2 = await get(sandbox, '/v2/subscribers', { headers: { 'idempotency-key': 'idem-get' } });
    assert.equal(g2.headers.get('idempotency-replay'), null);
    assert.deepEqual(g1.body, g2.body);
  });
});

describe('faults', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ subscriberCount: 20 });
  });
  after(() => sandbox.close());

  it('sends no rate-limit headers without a rate-limit fault', async () => {
    const res = await get(sandbox, '/v1/integrations/active');
    assert.equal(res.headers.get('ratelimit-limit'), null);
  });

  it('rate limits with RateLimit-* headers, then 429 with Retry-After', async () => {
    sandbox.setFaults({ rateLimitPerSecond: 3 });
    try {
      const results = [];
      for (let i = 0; i < 6; i++) results.push(await get<ErrorBody>(sandbox, '/v1/integrations/active'));
      const first = results[0];
      assert.equal(first?.status, 200);
      assert.equal(first?.headers.get('ratelimit-limit'), '3');
      assert.equal(first?.headers.get('ratelimit-remaining'), '2');
      assert.ok(first?.headers.get('ratelimit-reset') !== null);
      assert.match(first?.headers.get('ratelimit-policy') ?? '', /^3;w=1/);
      const limited = results.find((r) => r.status === 429);
      assert.ok(limited, 'some request is limited');
      assert.ok(Number(limited.headers.get('retry-after')) >= 1);
      assert.equal(limited.body.statusCode, 429);
      assert.equal(limited.body.message, 'API rate limit exceeded');
      await new Promise((r) => setTimeout(r, 1100));
      assert.equal((await get(sandbox, '/v1/integrations/active')).status, 200, 'tokens refill');
    } finally {
      sandbox.setFaults({});
    }
  });

  it('answers a share of requests with 503 and an errorId', async () => {
    sandbox.setFaults({ errorRate: 1 });
    const res = await get<ErrorBody>(sandbox, '/v2/subscribers');
    assert.equal(res.status, 503);
    assert.equal(res.body.statusCode, 503);
    assert.match(res.body.errorId ?? '', /^[0-9a-f-]{36}$/);
    sandbox.setFaults({ errorRate: 0.5 });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await get(sandbox, '/v1/integrations/active')).status);
    const failures = statuses.filter((s) => s === 503).length;
    assert.ok(failures > 5 && failures < 35, `about half fail (${failures}/40)`);
    sandbox.setFaults({});
    assert.equal((await get(sandbox, '/v2/subscribers')).status, 200);
  });

  it('does not cache a 503 under an idempotency key', async () => {
    sandbox.setFaults({ errorRate: 1 });
    const body = { subscriberId: 'after-outage' };
    const headers = { 'idempotency-key': 'outage-1' };
    assert.equal((await call(sandbox, '/v2/subscribers', { method: 'POST', body, headers })).status, 503);
    sandbox.setFaults({});
    const retry = await call(sandbox, '/v2/subscribers', { method: 'POST', body, headers });
    assert.equal(retry.status, 201);
    assert.equal(retry.headers.get('idempotency-replay'), null);
  });

  it('delays responses by latencyMs', async () => {
    sandbox.setFaults({ latencyMs: 150 });
    const started = performance.now();
    await get(sandbox, '/v1/integrations/active');
    assert.ok(performance.now() - started >= 140);
    sandbox.setFaults({});
  });

  it('logs a slow request when it arrives, so clearing the log forgets it', async () => {
    sandbox.setFaults({ latencyMs: 200 });
    sandbox.clearRequests();
    const pending = get(sandbox, '/v1/integrations/active');
    await new Promise((resolve) => setTimeout(resolve, 80));
    assert.equal(sandbox.requests.length, 1, 'logged on arrival');
    assert.equal(sandbox.requests[0]!.status, 0, 'not answered yet');
    sandbox.clearRequests();
    await pending;
    assert.equal(sandbox.requests.length, 0, 'the answer does not bring it back');
    sandbox.setFaults({});
  });
});
