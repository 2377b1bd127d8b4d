// Contexts (contract §12) over HTTP, and a trigger's context: found or created, data replaced.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_FIXTURES as F, type Sandbox, startSandbox } from '../../../src/sandbox';
import { type ErrorBody, call, get } from './helpers';

interface ContextWire { type: string; id: string; data: Record<string, unknown>; createdAt: string; updatedAt: string }
interface ContextPage { data: ContextWire[]; next: string | null; previous: string | null; totalCount: number; totalCountCapped: boolean }

const ENV = F.developmentEnvironmentId;

describe('sandbox contexts (contract §12)', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(() => sandbox.close());

  it('lists the seeded contexts, newest first, with totalCount', async () => {
    const res = await get<ContextPage>(sandbox, '/v2/contexts');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data.map((c) => `${c.type}:${c.id}`), [F.dashboardContextKey, F.globexContextKey, F.acmeContextKey]);
    assert.equal(res.body.totalCount, 3);
    assert.equal(res.body.totalCountCapped, false);
    assert.deepEqual(res.body.data[2]?.data, { name: 'Acme Corp', plan: 'enterprise', region: 'eu' });
    assert.deepEqual(Object.keys(res.body.data[0] ?? {}).sort(), ['createdAt', 'data', 'id', 'type', 'updatedAt']);
  });

  it('filters by type, id and a case-insensitive search on the key, and pages', async () => {
    const tenants = await get<ContextPage>(sandbox, '/v2/contexts?type=tenant');
    assert.deepEqual(tenants.body.data.map((c) => c.id), ['globex', 'acme']);
    const byId = await get<ContextPage>(sandbox, '/v2/contexts?id=acme');
    assert.deepEqual(byId.body.data.map((c) => c.type), ['tenant']);
    const search = await get<ContextPage>(sandbox, '/v2/contexts?search=T:AC');
    assert.deepEqual(search.body.data.map((c) => c.id), ['acme']);
    const page = await get<ContextPage>(sandbox, '/v2/contexts?limit=2');
    assert.equal(page.body.data.length, 2);
    assert.equal(page.body.totalCount, 3);
    assert.notEqual(page.body.next, null);
    const rest = await get<ContextPage>(sandbox, `/v2/contexts?limit=2&after=${page.body.next}`);
    assert.deepEqual(rest.body.data.map((c) => c.id), ['acme']);
    const both = await get<ErrorBody>(sandbox, `/v2/contexts?after=${page.body.next}&before=${page.body.next}`);
    assert.equal(both.status, 400);
  });

  it('creates a context (201) and refuses a second with 409', async () => {
    const made = await call<{ data: ContextWire }>(sandbox, '/v2/contexts', { method: 'POST', body: { type: 'workspace', id: 'ws-1', data: { seats: 3 } } });
    assert.equal(made.status, 201);
    assert.deepEqual({ type: made.body.data.type, id: made.body.data.id, data: made.body.data.data }, { type: 'workspace', id: 'ws-1', data: { seats: 3 } });
    const again = await call<ErrorBody>(sandbox, '/v2/contexts', { method: 'POST', body: { type: 'workspace', id: 'ws-1' } });
    assert.equal(again.status, 409);
    assert.equal(again.body.message, "Context with type 'workspace' and id 'ws-1' already exists");
  });

  it('answers 422 for a bad identifier or data over 64 KB', async () => {
    const bad = await call<ErrorBody>(sandbox, '/v2/contexts', { method: 'POST', body: { type: 'tenant', id: 'a b' } });
    assert.equal(bad.status, 422);
    assert.deepEqual(bad.body.errors?.['id']?.messages, ['id must match ^[a-zA-Z0-9_-]+$ regular expression']);
    const big = await call<ErrorBody>(sandbox, '/v2/contexts', { method: 'POST', body: { type: 'tenant', id: 'big', data: { x: 'y'.repeat(64 * 1024) } } });
    assert.equal(big.status, 422);
    assert.deepEqual(big.body.errors?.['data']?.messages, ['data must not exceed 64KB when serialized as JSON']);
  });

  it('reads, replaces data, and deletes (204); each 404 in its own words', async () => {
    const read = await get<{ data: ContextWire }>(sandbox, '/v2/contexts/tenant/globex');
    assert.equal(read.body.data.data['plan'], 'free');
    await call(sandbox, '/v2/contexts', { method: 'POST', body: { type: 'team', id: 'red', data: { a: 1, b: 2 } } });
    const patched = await call<{ data: ContextWire }>(sandbox, '/v2/contexts/team/red', { method: 'PATCH', body: { data: { c: 3 } } });
    assert.equal(patched.status, 200);
    assert.deepEqual(patched.body.data.data, { c: 3 });
    const removed = await call<unknown>(sandbox, '/v2/contexts/team/red', { method: 'DELETE' });
    assert.equal(removed.status, 204);
    assert.equal(removed.body, undefined);
    const missing = await get<ErrorBody>(sandbox, '/v2/contexts/team/red');
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, `Context with id 'red' and type 'team' not found in environment ${ENV}`);
    const gone = await call<ErrorBody>(sandbox, '/v2/contexts/team/red', { method: 'DELETE' });
    assert.equal(gone.body.message, `Context with id 'red' and type 'team' not found in environment ${ENV}`);
    const patch = await call<ErrorBody>(sandbox, '/v2/contexts/team/red', { method: 'PATCH', body: { data: {} } });
    assert.equal(patch.status, 404);
    assert.equal(patch.body.message, "Context with type 'team' and id 'red' not found");
  });

  it('a trigger finds or creates its contexts, its data replacing what is stored, and the run keeps the sorted keys', async () => {
    const res = await call<{ data: { status: string } }>(sandbox, '/v1/events/trigger', {
      method: 'POST',
      body: { name: F.workflowIdentifier, to: F.notificationSubscriberId, payload: {}, context: { tenant: { id: 'acme', data: { plan: 'pro' } }, app: 'mobile' }, transactionId: 'ctx-trigger-1' },
    });
    assert.equal(res.status, 201);
    const acme = await get<{ data: ContextWire }>(sandbox, '/v2/contexts/tenant/acme');
    assert.deepEqual(acme.body.data.data, { plan: 'pro' });
    const created = await get<{ data: ContextWire }>(sandbox, '/v2/contexts/app/mobile');
    assert.equal(created.status, 200);
    assert.deepEqual(created.body.data.data, {});
    const run = sandbox.state.notifications.find((n) => n.transactionId === 'ctx-trigger-1');
    assert.deepEqual(run?.contextKeys, ['app:mobile', 'tenant:acme']);
    assert.ok(run?.jobs.every((j) => JSON.stringify(j.contextKeys) === JSON.stringify(['app:mobile', 'tenant:acme'])));
  });

  it('refuses a trigger context of more than 5 keys with 422', async () => {
    const context = Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => [k, 'x']));
    const res = await call<ErrorBody>(sandbox, '/v1/events/trigger', { method: 'POST', body: { name: F.workflowIdentifier, to: F.notificationSubscriberId, context } });
    assert.equal(res.status, 422);
    assert.deepEqual(res.body.errors?.['context']?.messages, ['context must contain no more than 5 keys']);
  });

  it('seeds the 64 KB markup context with markupTopics', async () => {
    const markup = await startSandbox({ markupTopics: true });
    try {
      const [type, id] = F.markupContextKey.split(':');
      const res = await get<{ data: ContextWire }>(markup, `/v2/contexts/${type}/${id}`);
      assert.equal(res.status, 200);
      assert.equal(Buffer.byteLength(JSON.stringify(res.body.data.data)), 64 * 1024);
      assert.match(String(res.body.data.data['name']), /<script>/);
    } finally {
      await markup.close();
    }
  });

  it('answers Nest bare 404 when started without contexts', async () => {
    const bare = await startSandbox({ without: ['contexts'] });
    try {
      const res = await get<unknown>(bare, '/v2/contexts/tenant/acme');
      assert.deepEqual(res.body, { message: 'Cannot GET /v2/contexts/tenant/acme', error: 'Not Found', statusCode: 404 });
      assert.equal((await get<unknown>(bare, '/v2/topics')).status, 200);
    } finally {
      await bare.close();
    }
  });
});
