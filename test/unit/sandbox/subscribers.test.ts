import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_FIXTURES as F, type Sandbox, type Subscriber, startSandbox } from '../../../src/sandbox';
import { type ErrorBody, call, get, qs } from './helpers';

interface Page {
  data: Subscriber[];
  next: string | null;
  previous: string | null;
  totalCount: number;
  totalCountCapped: boolean;
}

type Params = Record<string, string | number | boolean | undefined>;

async function page(sandbox: Sandbox, params: Params): Promise<Page> {
  const res = await get<Page>(sandbox, `/v2/subscribers${qs(params)}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}

/** Walks forward with `next`, then back from the last page with `previous`; both must agree. */
async function walk(sandbox: Sandbox, params: Params): Promise<{ ids: string[]; total: number }> {
  const forward: Page[] = [await page(sandbox, params)];
  assert.equal(forward[0]?.previous, null, 'first page has no previous');
  let next = forward[0]?.next ?? null;
  while (next) {
    const p = await page(sandbox, { ...params, after: next });
    forward.push(p);
    next = p.next;
    assert.ok(forward.length < 1000, 'paging terminates');
  }
  const ids = forward.flatMap((p) => p.data.map((s) => s._id));
  const backward: Page[] = [];
  let current = forward[forward.length - 1];
  while (current?.previous) {
    current = await page(sandbox, { ...params, before: current.previous });
    backward.unshift(current);
  }
  const lastPage = forward[forward.length - 1];
  const backIds = [...backward, ...(lastPage ? [lastPage] : [])].flatMap((p) => p.data.map((s) => s._id));
  assert.deepEqual(backIds, ids, 'paging back visits the same records in the same order');
  assert.equal(new Set(ids).size, ids.length, 'no duplicates');
  return { ids, total: forward[0]?.totalCount ?? -1 };
}

describe('GET /v2/subscribers', () => {
  let sandbox: Sandbox;
  let all: readonly Subscriber[];
  before(async () => {
    sandbox = await startSandbox({ subscriberCount: 257 });
    all = [...sandbox.state.subscribers];
  });
  after(() => sandbox.close());

  it('defaults to 10 records, newest _id first, with totals', async () => {
    const p = await page(sandbox, {});
    assert.equal(p.data.length, 10);
    assert.equal(p.totalCount, 257);
    assert.equal(p.totalCountCapped, false);
    assert.equal(p.previous, null);
    assert.equal(p.next, p.data[9]?._id);
    const ids = p.data.map((s) => s._id);
    assert.deepEqual(ids, [...ids].sort().reverse());
    for (const id of ids) assert.match(id, /^[0-9a-f]{24}$/);
  });

  for (const orderDirection of ['ASC', 'DESC'] as const) {
    for (const orderBy of ['_id', 'updatedAt'] as const) {
      it(`pages through everything both ways (${orderBy} ${orderDirection})`, async () => {
        const { ids, total } = await walk(sandbox, { orderDirection, orderBy, limit: 7 });
        assert.equal(total, all.length);
        assert.equal(ids.length, all.length);
        const key = (s: Subscriber): string => (orderBy === '_id' ? s._id : `${s.updatedAt}|${s._id}`);
        const expected = [...all].sort((a, b) => key(a).localeCompare(key(b))).map((s) => s._id);
        assert.deepEqual(ids, orderDirection === 'ASC' ? expected : expected.reverse());
      });
    }
  }

  it('pages with a filter both ways and reports the filtered total', async () => {
    const expected = all.filter((s) => (s.email ?? '').toLowerCase().includes('example.com'));
    assert.ok(expected.length > 20);
    for (const orderDirection of ['ASC', 'DESC'] as const) {
      const { ids, total } = await walk(sandbox, { email: 'EXAMPLE.COM', limit: 9, orderDirection });
      assert.equal(total, expected.length);
      assert.deepEqual([...ids].sort(), expected.map((s) => s._id).sort());
    }
  });

  it('includes the cursor item with includeCursor=true', async () => {
    const first = await page(sandbox, { limit: 5 });
    const cursor = first.data[2]?._id;
    assert.ok(cursor);
    const without = await page(sandbox, { limit: 5, after: cursor });
    const withCursor = await page(sandbox, { limit: 5, after: cursor, includeCursor: true });
    assert.equal(withCursor.data[0]?._id, cursor);
    assert.equal(without.data[0]?._id, first.data[3]?._id);
    const beforeWith = await page(sandbox, { limit: 2, before: cursor, includeCursor: true });
    assert.deepEqual(beforeWith.data.map((s) => s._id), [first.data[1]?._id, cursor]);
  });

  it('rejects both cursors with 400', async () => {
    const res = await get<ErrorBody>(sandbox, `/v2/subscribers${qs({ after: all[0]?._id, before: all[1]?._id })}`);
    assert.equal(res.status, 400);
    assert.match(String(res.body.message), /before.*after|after.*before/);
  });

  for (const limit of ['0', '101', '2.5', 'ten', '-1']) {
    it(`rejects limit=${limit} with 422`, async () => {
      const res = await get<ErrorBody>(sandbox, `/v2/subscribers?limit=${limit}`);
      assert.equal(res.status, 422);
      assert.ok(res.body.errors?.['limit']);
    });
  }

  it('accepts limit 1 and 100', async () => {
    assert.equal((await page(sandbox, { limit: 1 })).data.length, 1);
    assert.equal((await page(sandbox, { limit: 100 })).data.length, 100);
  });

  it('rejects an unknown orderDirection or orderBy with 422', async () => {
    assert.equal((await get(sandbox, '/v2/subscribers?orderDirection=UP')).status, 422);
    assert.equal((await get(sandbox, '/v2/subscribers?orderBy=email')).status, 422);
  });

  it('filters by name on "firstName lastName", case-insensitively', async () => {
    const res = await page(sandbox, { name: 'alice sand', limit: 100 });
    assert.deepEqual(res.data.map((s) => s.subscriberId), [F.notificationSubscriberId]);
    const html = await page(sandbox, { name: '<IMG SRC', limit: 100 });
    assert.deepEqual(html.data.map((s) => s.subscriberId), [F.htmlNameSubscriberId]);
  });

  it('filters by exact subscriberId, by phone substring, and combines filters with AND', async () => {
    const exact = await page(sandbox, { subscriberId: F.unicodeSubscriberId });
    assert.deepEqual(exact.data.map((s) => s.subscriberId), [F.unicodeSubscriberId]);
    assert.equal((await page(sandbox, { subscriberId: 'sbx-unic' })).data.length, 0, 'subscriberId is exact');

    const phone = await page(sandbox, { phone: '+1555', limit: 100 });
    assert.ok(phone.data.length > 0);
    for (const s of phone.data) assert.ok(s.phone?.includes('+1555'));

    const both = await page(sandbox, { email: 'sandbox.example', name: 'alice', limit: 100 });
    assert.deepEqual(both.data.map((s) => s.subscriberId), [F.notificationSubscriberId]);
    assert.equal(both.totalCount, 1);
    const none = await page(sandbox, { email: 'noname@', name: 'alice' });
    assert.equal(none.data.length, 0);
    assert.equal(none.next, null);
    assert.equal(none.previous, null);
  });

  it('serves the fixture subscribers with awkward names', () => {
    const html = sandbox.state.subscriber(F.htmlNameSubscriberId);
    assert.equal(html?.firstName, F.htmlName);
    const noName = sandbox.state.subscriber(F.noNameSubscriberId);
    assert.equal(noName?.firstName, undefined);
    assert.equal(noName?.lastName, undefined);
    assert.match(sandbox.state.subscriber(F.unicodeSubscriberId)?.firstName ?? '', /[^ -~]/);
  });
});

describe('POST /v2/subscribers', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ subscriberCount: 50 });
  });
  after(() => sandbox.close());

  it('creates a subscriber with a new, larger _id and returns 201 {data}', async () => {
    const before = sandbox.state.subscribers.map((s) => s._id);
    const res = await call<{ data: Subscriber }>(sandbox, '/v2/subscribers', {
      method: 'POST',
      body: {
        subscriberId: 'new.user@example.com',
        firstName: 'New',
        lastName: 'User',
        email: 'new.user@example.com',
        phone: '+15550000000',
        locale: 'en-US',
        timezone: 'Europe/Berlin',
        data: { plan: 'pro' },
      },
    });
    assert.equal(res.status, 201);
    const s = res.body.data;
    assert.equal(s.subscriberId, 'new.user@example.com');
    assert.equal(s.timezone, 'Europe/Berlin');
    assert.deepEqual(s.data, { plan: 'pro' });
    assert.equal(s.deleted, false);
    assert.equal(s._environmentId, F.developmentEnvironmentId);
    assert.ok(before.every((id) => id < s._id));
    const first = await get<Page>(sandbox, '/v2/subscribers?limit=1');
    assert.equal(first.body.data[0]?._id, s._id, 'newest first');
    assert.equal(first.body.totalCount, 51);
  });

  it('upserts an existing id (201) and merges the fields', async () => {
    const res = await call<{ data: Subscriber }>(sandbox, '/v2/subscribers', {
      method: 'POST',
      body: { subscriberId: F.noNameSubscriberId, firstName: 'Now Named' },
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.data.firstName, 'Now Named');
    assert.equal(res.body.data.email, 'noname@sandbox.example', 'unchanged fields kept');
    const latest = await get<Page>(sandbox, '/v2/subscribers?orderBy=updatedAt&limit=1');
    assert.equal(latest.body.data[0]?.subscriberId, F.noNameSubscriberId, 'update moves it to the newest updatedAt');
    assert.equal(sandbox.state.subscribers.length, 51);
  });

  it('answers 409 with failIfExists=true for an existing id', async () => {
    const res = await call<ErrorBody>(sandbox, '/v2/subscribers?failIfExists=true', {
      method: 'POST',
      body: { subscriberId: F.notificationSubscriberId },
    });
    assert.equal(res.status, 409);
    assert.match(String(res.body.message), /already exists/);
    const fresh = await call(sandbox, '/v2/subscribers?failIfExists=true', { method: 'POST', body: { subscriberId: 'brand-new' } });
    assert.equal(fresh.status, 201);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['missing subscriberId', { firstName: 'x' }, 'subscriberId'],
    ['subscriberId with spaces', { subscriberId: 'has space' }, 'subscriberId'],
    ['bad email', { subscriberId: 'ok-1', email: 'not-an-email' }, 'email'],
    ['bad locale', { subscriberId: 'ok-2', locale: 'English (US)' }, 'locale'],
    ['bad timezone', { subscriberId: 'ok-3', timezone: 'Mars/Olympus' }, 'timezone'],
    ['non-object data', { subscriberId: 'ok-4', data: 'text' }, 'data'],
    ['array data', { subscriberId: 'ok-5', data: [1, 2] }, 'data'],
  ];
  for (const [name, body, field] of invalid) {
    it(`rejects ${name} with 422 on ${field}`, async () => {
      const res = await call<ErrorBody>(sandbox, '/v2/subscribers', { method: 'POST', body });
      assert.equal(res.status, 422);
      assert.equal(res.body.statusCode, 422);
      assert.ok(res.body.errors?.[field], JSON.stringify(res.body));
      assert.ok(Array.isArray(res.body.errors?.[field]?.messages));
    });
  }

  it('accepts UTC, email-like ids and short locales', async () => {
    const res = await call(sandbox, '/v2/subscribers', {
      method: 'POST',
      body: { subscriberId: 'someone@example.org', timezone: 'UTC', locale: 'en' },
    });
    assert.equal(res.status, 201);
  });

  it('puts body-level problems under general', async () => {
    const res = await call<ErrorBody>(sandbox, '/v2/subscribers', { method: 'POST', body: [1, 2] });
    assert.equal(res.status, 422);
    assert.ok(res.body.errors?.['general']);
  });

  it('gives a new subscriber default preferences', async () => {
    await call(sandbox, '/v2/subscribers', { method: 'POST', body: { subscriberId: 'prefs-default' } });
    const prefs = await get<{ data: { global: { enabled: boolean }; workflows: unknown[] } }>(
      sandbox,
      '/v2/subscribers/prefs-default/preferences',
    );
    assert.equal(prefs.status, 200);
    assert.equal(prefs.body.data.global.enabled, true);
    assert.ok(prefs.body.data.workflows.length > 0);
  });
});
