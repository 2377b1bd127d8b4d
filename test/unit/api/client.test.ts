/** NovuClient over real HTTP against small purpose-built servers: wire format, errors, retries, cancellation. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import {
  NovuApiError,
  NovuClient,
  NovuNetworkError,
  NovuResponseShapeError,
  NovuTimeoutError,
  NovuValidationError,
  isAbortError,
  type RequestLogEntry,
  updatePreferences,
} from '../../../src/api';
import { parseItems } from '../../../src/api/client';
import { buildIntegration, buildJob, buildNotification, buildPreferences, buildSubscriber } from '../../fixtures/builders';
import { sendJson, startTestServer, withTestServer, type TestServer } from '../../fixtures/testServer';

const KEY = 'test-secret-key-123';

function client(url: string, extra: Partial<ConstructorParameters<typeof NovuClient>[0]> = {}): NovuClient {
  return new NovuClient({ baseUrl: url, apiKey: KEY, ...extra });
}

describe('wire format', () => {
  it('sends the key only in the Authorization header as "ApiKey <key>"', async () => {
    await withTestServer((_req, res) => sendJson(res, 200, { data: [] }), async (server) => {
      await client(server.url).listActiveIntegrations();
      const [req] = server.requests;
      assert.equal(req?.headers.authorization, `ApiKey ${KEY}`);
      assert.ok(!req?.url.includes(KEY));
      assert.equal(req?.url, '/v1/integrations/active');
    });
  });

  it('keeps a base URL path prefix (self-hosted installs under a path)', async () => {
    await withTestServer((_req, res) => sendJson(res, 200, { data: [] }), async (server) => {
      await client(`${server.url}/novu/api/`).listActiveIntegrations();
      assert.equal(server.requests[0]?.url, '/novu/api/v1/integrations/active');
    });
  });

  const single = [
    ['listActiveIntegrations', [buildIntegration()], (c: NovuClient) => c.listActiveIntegrations()],
    ['getNotification', buildNotification(), (c: NovuClient) => c.getNotification('n1')],
    ['createSubscriber', buildSubscriber({ subscriberId: 'new-user' }), (c: NovuClient) => c.createSubscriber({ subscriberId: 'new-user' })],
    ['getPreferences', buildPreferences(), (c: NovuClient) => c.getPreferences('u1')],
    ['updatePreferences', buildPreferences(), (c: NovuClient) => updatePreferences(c, 'u1', { channels: { email: false } })],
  ] as const;
  for (const [name, value, call] of single) {
    it(`${name} accepts the { data } envelope and the bare body alike`, async () => {
      for (const body of [{ data: value }, value]) {
        await withTestServer((_req, res) => sendJson(res, 200, body), async (server) => {
          const result = await call(client(server.url));
          assert.deepEqual(JSON.parse(JSON.stringify(result)), JSON.parse(JSON.stringify(value)));
        });
      }
    });
  }

  it('searchSubscribers reads the page fields and accepts a page wrapped again', async () => {
    const page = { data: [buildSubscriber()], next: 'abc', previous: null, totalCount: 51, totalCountCapped: false };
    for (const body of [page, { data: page }]) {
      await withTestServer((_req, res) => sendJson(res, 200, body), async (server) => {
        const result = await client(server.url).searchSubscribers();
        assert.equal(result.data.length, 1);
        assert.equal(result.next, 'abc');
        assert.equal(result.previous, null);
        assert.equal(result.totalCount, 51);
      });
    }
  });

  it('searchSubscribers accepts an older server with only data, next and previous', async () => {
    await withTestServer((_req, res) => sendJson(res, 200, { data: [], next: null, previous: null }), async (server) => {
      const result = await client(server.url).searchSubscribers();
      assert.deepEqual(result.data, []);
      assert.equal(result.totalCount, undefined);
    });
  });

  it('sends all ten search parameters', async () => {
    await withTestServer((_req, res) => sendJson(res, 200, { data: [], next: null, previous: null }), async (server) => {
      await client(server.url).searchSubscribers({
        after: 'c1', limit: 100, orderDirection: 'ASC', orderBy: 'updatedAt', includeCursor: true,
        email: 'a@b.co', phone: '+1555', name: 'Ada L', subscriberId: 'user:1',
      });
      const url = new URL(server.requests[0]!.url, server.url);
      assert.equal(url.pathname, '/v2/subscribers');
      assert.deepEqual(Object.fromEntries(url.searchParams), {
        after: 'c1', limit: '100', orderDirection: 'ASC', orderBy: 'updatedAt', includeCursor: 'true',
        email: 'a@b.co', phone: '+1555', name: 'Ada L', subscriberId: 'user:1',
      });
      await client(server.url).searchSubscribers({ before: 'c0' });
      assert.equal(new URL(server.requests[1]!.url, server.url).searchParams.get('before'), 'c0');
    });
  });

  it('listNotifications sends page, limit and array filters', async () => {
    await withTestServer((_req, res) => sendJson(res, 200, { data: [buildNotification()], hasMore: true, pageSize: 10, page: 0 }), async (server) => {
      const page = await client(server.url).listNotifications({ page: 2, limit: 50, subscriberIds: ['a', 'b'], channels: ['email'], transactionId: 't-1', severity: ['high'] });
      assert.equal(page.hasMore, true);
      const url = new URL(server.requests[0]!.url, server.url);
      assert.equal(url.pathname, '/v1/notifications');
      assert.deepEqual(url.searchParams.getAll('subscriberIds[]'), ['a', 'b']);
      assert.deepEqual(url.searchParams.getAll('channels[]'), ['email']);
      assert.deepEqual(url.searchParams.getAll('severity[]'), ['high']);
      assert.equal(url.searchParams.get('page'), '2');
      assert.equal(url.searchParams.get('limit'), '50');
      assert.equal(url.searchParams.get('transactionId'), 't-1');
    });
  });

  it('encodes ids in paths and sends criticality and failIfExists', async () => {
    await withTestServer((req, res) => sendJson(res, req.method === 'POST' ? 201 : 200, req.method === 'POST' ? buildSubscriber() : buildPreferences()), async (server) => {
      await client(server.url).getPreferences('a b/c@d.co', { criticality: 'all' });
      assert.equal(server.requests[0]!.url, '/v2/subscribers/a%20b%2Fc%40d.co/preferences?criticality=all');
      await client(server.url).createSubscriber({ subscriberId: 'x' }, { failIfExists: true });
      assert.equal(server.requests[1]!.url, '/v2/subscribers?failIfExists=true');
      assert.deepEqual(JSON.parse(server.requests[1]!.body), { subscriberId: 'x' });
    });
  });
});

describe('validation before sending', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer((_req, res) => sendJson(res, 201, buildSubscriber()));
  });
  after(() => server.close());

  const invalid: [string, Parameters<NovuClient['createSubscriber']>[0]][] = [
    ['subscriberId', { subscriberId: 'has space' }],
    ['subscriberId', { subscriberId: '' }],
    ['email', { subscriberId: 'ok', email: 'not-an-email' }],
    ['locale', { subscriberId: 'ok', locale: 'xx-invalid-locale-tag!' }],
    ['timezone', { subscriberId: 'ok', timezone: 'Mars/Olympus' }],
    ['avatar', { subscriberId: 'ok', avatar: 'javascript:alert(1)' }],
    ['data', { subscriberId: 'ok', data: [] as unknown as Record<string, unknown> }],
  ];
  for (const [field, input] of invalid) {
    it(`rejects a bad ${field} (${JSON.stringify(input[field as keyof typeof input])}) with no request`, async () => {
      const before = server.requests.length;
      await assert.rejects(() => client(server.url).createSubscriber(input), (error: unknown) => {
        assert.ok(error instanceof NovuValidationError);
        assert.ok(error.fieldErrors[field]?.length, `expected an error on ${field}`);
        return true;
      });
      assert.equal(server.requests.length, before);
    });
  }

  it('accepts an email-like subscriber id and the service-valid fields', async () => {
    await client(server.url).createSubscriber({ subscriberId: 'ada@example.com', email: 'ada@example.com', locale: 'en_US', timezone: 'Europe/Berlin', data: { plan: 'pro' } });
  });

  it('rejects a bad schedule, an unknown channel and both cursors with no request', async () => {
    const before = server.requests.length;
    const c = client(server.url);
    await assert.rejects(() => updatePreferences(c, 'u', { schedule: { isEnabled: true, weeklySchedule: { monday: { isEnabled: true, hours: [{ start: '13:00 PM', end: '05:00 PM' }] } } } }), NovuValidationError);
    await assert.rejects(() => updatePreferences(c, 'u', { schedule: { isEnabled: true, weeklySchedule: { monday: { isEnabled: true, hours: [{ start: '05:00 PM', end: '09:00 AM' }] } } } }), NovuValidationError);
    await assert.rejects(() => updatePreferences(c, 'u', { channels: { fax: true } as never }), NovuValidationError);
    await assert.rejects(() => c.searchSubscribers({ after: 'a', before: 'b' }), NovuValidationError);
    await assert.rejects(() => c.searchSubscribers({ limit: 101 }), NovuValidationError);
    await assert.rejects(() => c.listNotifications({ limit: 51 }), NovuValidationError);
    await assert.rejects(() => c.getNotification(' '), NovuValidationError);
    assert.equal(server.requests.length, before);
  });
});

describe('errors', () => {
  it('NovuApiError carries status, message, errorId and every validation message', async () => {
    const body = {
      statusCode: 422, timestamp: 'x', path: '/v2/subscribers', message: 'Validation Error', errorId: 'err-42',
      errors: { email: { messages: ['email must be an email'], value: 'x' }, locale: { messages: ['bad locale', 'really bad'], value: 'y' } },
    };
    await withTestServer((_req, res) => sendJson(res, 422, body), async (server) => {
      await assert.rejects(() => client(server.url).createSubscriber({ subscriberId: 'u' }), (error: unknown) => {
        assert.ok(error instanceof NovuApiError);
        assert.equal(error.status, 422);
        assert.equal(error.message, 'Validation Error');
        assert.equal(error.errorId, 'err-42');
        // A message that already names its field is not prefixed again.
        assert.deepEqual(error.details, ['email must be an email', 'locale bad locale', 'locale really bad']);
        assert.deepEqual(error.fieldErrors, { email: ['email must be an email'], locale: ['bad locale', 'really bad'] });
        return true;
      });
      assert.equal(server.requests.length, 1, '422 is never retried');
    });
  });

  it('joins an array message and keeps general body errors as plain details', async () => {
    await withTestServer((_req, res) => sendJson(res, 400, { statusCode: 400, message: ['limit must be a number', 'after must be a string'] }), async (server) => {
      await assert.rejects(() => client(server.url).listActiveIntegrations(), (error: unknown) => {
        assert.ok(error instanceof NovuApiError);
        assert.equal(error.message, 'limit must be a number; after must be a string');
        assert.deepEqual(error.details, ['limit must be a number', 'after must be a string']);
        return true;
      });
    });
  });

  it('gives a readable message with the status for an HTML or empty error body', async () => {
    await withTestServer((req, res) => {
      if (req.url.includes('notifications')) {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      } else {
        res.writeHead(404);
        res.end();
      }
    }, async (server) => {
      const c = client(server.url, { retries: 0 });
      await assert.rejects(() => c.getNotification('n'), (error: unknown) => error instanceof NovuApiError && error.status === 502 && /^HTTP 502 Bad Gateway$/.test(error.message));
      await assert.rejects(() => c.listActiveIntegrations(), (error: unknown) => error instanceof NovuApiError && error.message === 'HTTP 404 Not Found');
    });
  });

  it('never puts the key into an error message, even when the server echoes it', async () => {
    await withTestServer((_req, res) => sendJson(res, 401, { statusCode: 401, message: `API Key not found: ${KEY}` }), async (server) => {
      await assert.rejects(() => client(server.url).listActiveIntegrations(), (error: unknown) => {
        assert.ok(error instanceof NovuApiError);
        assert.ok(!error.message.includes(KEY));
        assert.match(error.message, /\[redacted\]/);
        return true;
      });
    });
  });

  it('raises NovuNetworkError when nothing listens', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    await assert.rejects(() => client(`http://127.0.0.1:${port}`, { retries: 0 }).listActiveIntegrations(), (error: unknown) => {
      assert.ok(error instanceof NovuNetworkError);
      assert.match(error.message, /connection was refused/);
      return true;
    });
  });

  it('readies the transport for the service without connecting to it (issue 37.6)', async () => {
    // A raw TCP server: any connection at all, not only a whole request, would count.
    let connections = 0;
    const server = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/novu`;
    try {
      // What the editor's fetch is handed: the service's own address, with a signal already aborted.
      const calls: { url: string; aborted: boolean | undefined }[] = [];
      const recording: typeof fetch = (input, init) => {
        calls.push({ url: String(input), aborted: init?.signal?.aborted });
        return fetch(input, init);
      };
      await client(url, { fetch: recording }).readyTransport();
      assert.deepEqual(calls, [{ url: `${url}/`, aborted: true }]);
      // Node's own fetch (the one VS Code's patch calls in the end): no connection is made.
      await client(url).readyTransport();
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(connections, 0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('raises NovuTimeoutError when the service is too slow', async () => {
    await withTestServer((_req, res) => void setTimeout(() => sendJson(res, 200, { data: [] }), 2000), async (server) => {
      await assert.rejects(() => client(server.url, { timeoutMs: 200 }).listActiveIntegrations(), NovuTimeoutError);
    });
  });

  it('raises NovuResponseShapeError naming the path of the misfit', async () => {
    const notification = buildNotification({}, 5, 1) as Record<string, unknown>;
    (notification.jobs as Record<string, unknown>[])[3]!.executionDetails = 'not a list';
    await withTestServer((_req, res) => sendJson(res, 200, { data: notification }), async (server) => {
      await assert.rejects(() => client(server.url).getNotification('n'), (error: unknown) => {
        assert.ok(error instanceof NovuResponseShapeError);
        assert.match(error.message, /jobs\.3\.executionDetails/);
        assert.equal(error.issues[0]?.path, 'jobs.3.executionDetails');
        return true;
      });
    });
  });

  it('names the item of a list page whose shape is wrong (data.<index>.…)', async () => {
    const bad = buildNotification({}, 5, 1) as Record<string, unknown>;
    (bad.jobs as Record<string, unknown>[])[3]!.executionDetails = 'not a list';
    await withTestServer((_req, res) => sendJson(res, 200, { data: [buildNotification(), bad], hasMore: false, pageSize: 10, page: 0 }), async (server) => {
      await assert.rejects(() => client(server.url).listNotifications({ limit: 10 }), (error: unknown) => {
        assert.ok(error instanceof NovuResponseShapeError);
        assert.equal(error.issues[0]?.path, 'data.1.jobs.3.executionDetails');
        assert.match(error.message, /^Unexpected response from GET \/v1\/notifications: data\.1\.jobs\.3\.executionDetails/);
        return true;
      });
    });
  });

  it('checks a long page a slice at a time: other work runs while its items are checked (issue 37.6)', async () => {
    let timerRan = false;
    const seen: boolean[] = [];
    // Each item costs 3 ms to check; a timer set before the check must get its turn before the last items.
    const slow = {
      safeParse: (value: unknown) => {
        seen.push(timerRan);
        const until = performance.now() + 3;
        while (performance.now() < until);
        return { success: true, data: value };
      },
    } as unknown as Parameters<typeof parseItems>[1];
    setTimeout(() => (timerRan = true), 0);
    const items = await parseItems(Array.from({ length: 12 }, (_, i) => i), slow, 'GET /v1/notifications', undefined);
    assert.deepEqual(items, Array.from({ length: 12 }, (_, i) => i));
    assert.equal(seen[0], false);
    assert.equal(seen.at(-1), true, 'the timer ran between two slices');
  });

  it('raises NovuResponseShapeError for a success body that is not JSON', async () => {
    await withTestServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html></html>');
    }, async (server) => {
      await assert.rejects(() => client(server.url).listActiveIntegrations(), NovuResponseShapeError);
    });
  });
});

describe('retries and idempotency', () => {
  it('retries a GET on 503 and succeeds, logging the retry count', async () => {
    const log: RequestLogEntry[] = [];
    await withTestServer((_req, res, i) => (i < 2 ? sendJson(res, 503, { statusCode: 503, message: 'busy', errorId: 'e1' }, { 'retry-after': '0' }) : sendJson(res, 200, { data: [] })), async (server) => {
      await client(server.url, { onRequest: (e) => log.push(e) }).listActiveIntegrations();
      assert.equal(server.requests.length, 3);
      assert.equal(log.length, 1);
      assert.equal(log[0]?.retries, 2);
      assert.equal(log[0]?.status, 200);
      assert.equal(log[0]?.method, 'GET');
      assert.equal(log[0]?.path, '/v1/integrations/active');
    });
  });

  it('gives up after the configured retries with the last error', async () => {
    await withTestServer((_req, res) => sendJson(res, 500, { statusCode: 500, message: 'boom', errorId: 'support-7' }), async (server) => {
      await assert.rejects(() => client(server.url, { retries: 1 }).listActiveIntegrations(), (error: unknown) => error instanceof NovuApiError && error.errorId === 'support-7' && error.message === 'boom');
      assert.equal(server.requests.length, 2);
    });
  });

  it('reuses one generated idempotency key for every retry of a POST', async () => {
    await withTestServer((_req, res, i) => (i === 0 ? sendJson(res, 502, { message: 'bad gateway' }) : sendJson(res, 201, { data: buildSubscriber() })), async (server) => {
      await client(server.url).createSubscriber({ subscriberId: 'u1' });
      assert.equal(server.requests.length, 2);
      const [first, second] = server.requests;
      assert.match(String(first?.headers['idempotency-key']), /^[0-9a-f-]{36}$/);
      assert.equal(first?.headers['idempotency-key'], second?.headers['idempotency-key']);
      assert.equal(first?.body, second?.body);
    });
  });

  it("uses the caller's idempotency key, a new one per call otherwise, and none on GET", async () => {
    await withTestServer((req, res) => sendJson(res, req.method === 'GET' ? 200 : 201, req.method === 'GET' ? buildPreferences() : buildPreferences()), async (server) => {
      const c = client(server.url);
      await updatePreferences(c, 'u', { channels: { sms: true } }, { idempotencyKey: 'action-1' });
      await updatePreferences(c, 'u', { channels: { sms: true } });
      await updatePreferences(c, 'u', { channels: { sms: true } });
      await c.getPreferences('u');
      const keys = server.requests.map((r) => r.headers['idempotency-key']);
      assert.equal(keys[0], 'action-1');
      assert.notEqual(keys[1], keys[2]);
      assert.equal(keys[3], undefined);
      await assert.rejects(() => updatePreferences(c, 'u', {}, { idempotencyKey: 'k'.repeat(256) }), NovuValidationError);
    });
  });

  it('retries 409 "in progress" (with Retry-After) but not a plain 409 conflict', async () => {
    await withTestServer((req, res, i) => {
      if (req.url.includes('failIfExists')) return sendJson(res, 409, { statusCode: 409, message: 'Subscriber already exists' });
      return i === 0 ? sendJson(res, 409, { statusCode: 409, message: 'Request in progress' }, { 'retry-after': '1' }) : sendJson(res, 201, buildSubscriber());
    }, async (server) => {
      const c = client(server.url);
      const started = Date.now();
      await c.createSubscriber({ subscriberId: 'u' });
      assert.ok(Date.now() - started >= 900, 'waited for Retry-After');
      assert.equal(server.requests.length, 2);
      await assert.rejects(() => c.createSubscriber({ subscriberId: 'u' }, { failIfExists: true }), (e: unknown) => e instanceof NovuApiError && e.status === 409);
      assert.equal(server.requests.length, 3);
    });
  });

  it('honours Retry-After on 429 and reports retryAfterSeconds when it gives up', async () => {
    await withTestServer((_req, res, i) => (i === 0 ? sendJson(res, 429, { statusCode: 429, message: 'Too many requests' }, { 'retry-after': '1' }) : sendJson(res, 200, { data: [] })), async (server) => {
      const started = Date.now();
      await client(server.url).listActiveIntegrations();
      assert.ok(Date.now() - started >= 900);
    });
    await withTestServer((_req, res) => sendJson(res, 429, { statusCode: 429, message: 'Too many requests' }, { 'retry-after': '7' }), async (server) => {
      await assert.rejects(() => client(server.url, { retries: 0 }).listActiveIntegrations(), (e: unknown) => e instanceof NovuApiError && e.retryAfterSeconds === 7);
    });
  });

  it('never retries other 4xx', async () => {
    for (const status of [400, 401, 403, 404, 422]) {
      await withTestServer((_req, res) => sendJson(res, status, { statusCode: status, message: 'no' }), async (server) => {
        await assert.rejects(() => updatePreferences(client(server.url), 'u', {}), NovuApiError);
        assert.equal(server.requests.length, 1, `status ${status}`);
      });
    }
  });

  it('retries after a dropped connection', async () => {
    await withTestServer((_req, res, i) => {
      if (i === 0) return void res.socket?.destroy();
      sendJson(res, 200, { data: [] });
    }, async (server) => {
      await client(server.url).listActiveIntegrations();
      assert.equal(server.requests.length, 2);
    });
  });
});

describe('cancellation', () => {
  it('stops waiting for a slow response at once', async () => {
    await withTestServer((_req, res) => void setTimeout(() => sendJson(res, 200, { data: [] }), 5000), async (server) => {
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 50);
      await assert.rejects(() => client(server.url).listActiveIntegrations({ signal: controller.signal }), (e: unknown) => isAbortError(e));
      assert.ok(Date.now() - started < 1000);
    });
  });

  it('stops waiting during a retry back-off', async () => {
    await withTestServer((_req, res) => sendJson(res, 503, { message: 'busy' }, { 'retry-after': '30' }), async (server) => {
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 100);
      await assert.rejects(() => client(server.url).listActiveIntegrations({ signal: controller.signal }), (e: unknown) => isAbortError(e));
      assert.ok(Date.now() - started < 1000);
      assert.equal(server.requests.length, 1);
    });
  });
});

describe('tolerance', () => {
  it('keeps unknown fields, accepts unknown enum values and nulls', async () => {
    const notification = {
      _id: 'n1', transactionId: 't', futureField: { nested: true }, severity: 'catastrophic', template: null, subscriber: null,
      jobs: [{ _id: 'j1', status: 'teleported', type: 'hologram', providerId: null, executionDetails: [{ _id: 'd', status: 'Exploded', source: 'Moon', raw: null, detail: 'x', isRetry: false, isTest: false, extra: 1 }], digest: null, step: null }],
    };
    await withTestServer((_req, res) => sendJson(res, 200, { data: notification }), async (server) => {
      const result = await client(server.url).getNotification('n1');
      assert.equal(result.severity, 'catastrophic');
      assert.equal(result.jobs?.[0]?.status, 'teleported');
      assert.equal(result.jobs?.[0]?.executionDetails?.[0]?.source, 'Moon');
      assert.deepEqual((result as Record<string, unknown>).futureField, { nested: true });
      assert.equal((result.jobs?.[0]?.executionDetails?.[0] as Record<string, unknown>).extra, 1);
    });
  });

  it('parses a notification of 2,000 jobs with 20 execution details each', async () => {
    const big = buildNotification({}, 2000, 20);
    await withTestServer((_req, res) => sendJson(res, 200, { data: big }), async (server) => {
      const result = await client(server.url).getNotification('big');
      assert.equal(result.jobs?.length, 2000);
      assert.equal(result.jobs?.reduce((n, j) => n + (j.executionDetails?.length ?? 0), 0), 40_000);
    });
  });

  it('parses nested step variants', async () => {
    const job = buildJob({ step: { _id: 's', active: true, filters: [], variants: [{ _id: 'v', active: false, name: 'Pro users', filters: [{ isNegated: false, type: 'BOOLEAN', value: 'AND', children: [{ field: 'plan', value: 'pro', operator: 'EQUAL', on: 'subscriber' }] }] }] } });
    await withTestServer((_req, res) => sendJson(res, 200, { data: buildNotification({ jobs: [job] }) }), async (server) => {
      const result = await client(server.url).getNotification('n');
      assert.equal(result.jobs?.[0]?.step?.variants?.[0]?.name, 'Pro users');
    });
  });
});
