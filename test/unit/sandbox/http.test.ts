import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_FIXTURES as F, type Sandbox, startSandbox } from '../../../src/sandbox';
import { type ErrorBody, call, get } from './helpers';

describe('sandbox HTTP layer', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(() => sandbox.close());

  it('listens on a free local port with the default key', () => {
    assert.match(sandbox.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(sandbox.apiKey, 'sandbox-development-key');
  });

  describe('authentication', () => {
    const cases: [string, string | false, string][] = [
      ['no header', false, 'Missing authorization header'],
      ['another scheme', 'Bearer abc', 'Invalid authentication scheme: "Bearer"'],
      ['an empty key', 'ApiKey ', 'Unauthorized'],
      ['an unknown key', 'ApiKey not-the-key', 'API Key not found'],
    ];
    for (const [name, auth, message] of cases) {
      it(`answers 401 "${message}" for ${name}`, async () => {
        const res = await get<ErrorBody>(sandbox, '/v2/subscribers', { auth });
        assert.equal(res.status, 401);
        assert.equal(res.body.statusCode, 401);
        assert.equal(res.body.message, message);
        assert.equal(res.body.path, '/v2/subscribers');
        assert.ok(!Number.isNaN(Date.parse(res.body.timestamp)));
        assert.equal('data' in res.body, false, 'errors are never wrapped');
      });
    }

    it('never echoes the key in an error', async () => {
      const res = await get<ErrorBody>(sandbox, '/v2/subscribers', { auth: 'ApiKey secret-looking-value' });
      assert.doesNotMatch(JSON.stringify(res.body), /secret-looking-value/);
    });
  });

  describe('routing', () => {
    it('answers an unknown route with 404 "Cannot GET /x", before auth like NestJS', async () => {
      const res = await get<ErrorBody>(sandbox, '/v9/nothing', { auth: false });
      assert.equal(res.status, 404);
      assert.equal(res.body.message, 'Cannot GET /v9/nothing');
    });

    it('answers a wrong method on a known path with 404 "Cannot PUT ..."', async () => {
      const res = await call<ErrorBody>(sandbox, '/v2/subscribers', { method: 'PUT', body: {} });
      assert.equal(res.status, 404);
      assert.equal(res.body.message, 'Cannot PUT /v2/subscribers');
      const del = await call<ErrorBody>(sandbox, `/v1/notifications/${F.failedNotificationId}`, { method: 'DELETE' });
      assert.equal(del.status, 404);
    });

    it('accepts a trailing slash as express does', async () => {
      const res = await get<{ data: unknown[] }>(sandbox, '/v1/integrations/active/');
      assert.equal(res.status, 200);
    });

    it('answers malformed JSON with 400', async () => {
      const res = await call<ErrorBody>(sandbox, '/v2/subscribers', {
        method: 'POST',
        rawBody: '{"subscriberId": ',
        headers: { 'Content-Type': 'application/json' },
      });
      assert.equal(res.status, 400);
      assert.equal(res.body.statusCode, 400);
      assert.equal(typeof res.body.message, 'string');
    });

    it('sends JSON with a content type', async () => {
      const res = await fetch(`${sandbox.url}/v1/integrations/active`, { headers: { Authorization: `ApiKey ${sandbox.apiKey}` } });
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      await res.text();
    });
  });

  describe('envelope per operation', () => {
    it('wraps integrations, one notification, created subscriber and preferences in {data}', async () => {
      const integrations = await get<Record<string, unknown>>(sandbox, '/v1/integrations/active');
      assert.deepEqual(Object.keys(integrations.body), ['data']);
      assert.ok(Array.isArray(integrations.body['data']));

      const notification = await get<Record<string, unknown>>(sandbox, `/v1/notifications/${F.digestNotificationId}`);
      assert.deepEqual(Object.keys(notification.body), ['data']);

      const created = await call<Record<string, unknown>>(sandbox, '/v2/subscribers', { method: 'POST', body: { subscriberId: 'envelope-check' } });
      assert.equal(created.status, 201);
      assert.deepEqual(Object.keys(created.body), ['data']);

      const prefs = await get<Record<string, unknown>>(sandbox, `/v2/subscribers/${F.preferencesSubscriberId}/preferences`);
      assert.deepEqual(Object.keys(prefs.body), ['data']);
      const patched = await call<Record<string, unknown>>(sandbox, `/v2/subscribers/${F.preferencesSubscriberId}/preferences`, { method: 'PATCH', body: {} });
      assert.deepEqual(Object.keys(patched.body), ['data']);
    });

    it('does not wrap the two list operations again', async () => {
      const subscribers = await get<Record<string, unknown>>(sandbox, '/v2/subscribers');
      assert.deepEqual(Object.keys(subscribers.body).sort(), ['data', 'next', 'previous', 'totalCount', 'totalCountCapped']);
      const notifications = await get<Record<string, unknown>>(sandbox, '/v1/notifications');
      assert.deepEqual(Object.keys(notifications.body).sort(), ['data', 'hasMore', 'page', 'pageSize']);
    });
  });

  it('records each request with its status, query and idempotency key', async () => {
    sandbox.clearRequests();
    await get(sandbox, '/v1/notifications?subscriberIds[]=a&subscriberIds[]=b&limit=5');
    await call(sandbox, '/v2/subscribers', { method: 'POST', body: { subscriberId: 'recorded' }, headers: { 'idempotency-key': 'rec-1' } });
    assert.equal(sandbox.requests.length, 2);
    const [list, create] = sandbox.requests;
    assert.deepEqual(list, { method: 'GET', path: '/v1/notifications', query: { 'subscriberIds[]': ['a', 'b'], limit: '5' }, status: 200 });
    assert.equal(create?.status, 201);
    assert.equal(create?.idempotencyKey, 'rec-1');
  });
});
