/** The failures view's reading of a window (issue 38.1, 38.6) against the Sandbox over real HTTP. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NovuApiError, NovuClient, type Notification, type NotificationListQuery, type RequestOptions, trigger } from '../../../src/api';
import { readWindow } from '../../../src/failures/windowReader';
import { SANDBOX_FIXTURES, startSandbox, type Sandbox } from '../../../src/sandbox';

const DAY = 86_400_000;

describe('readWindow', () => {
  let sandbox: Sandbox;
  let client: NovuClient;
  const nowMs = Date.now();

  before(async () => {
    sandbox = await startSandbox({ apiKey: 'window-key', activityCount: 1000, activityEndsAtMs: nowMs });
    client = new NovuClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  });
  after(() => sandbox.close());

  /** The client, counting requests and the most at once. */
  function counting() {
    const stats = { requests: 0, inFlight: 0, most: 0, pages: [] as number[] };
    return {
      stats,
      client: {
        listNotifications: async (query: NotificationListQuery, options?: RequestOptions) => {
          stats.requests++;
          stats.pages.push(query.page ?? 0);
          stats.most = Math.max(stats.most, ++stats.inFlight);
          try {
            return await client.listNotifications(query, options);
          } finally {
            stats.inFlight--;
          }
        },
      },
    };
  }

  const inWindow = (afterIso: string) => sandbox.state.notifications.filter((n) => (n.createdAt ?? '') >= afterIso && Date.parse(n.createdAt ?? '') <= nowMs);

  it('hands on every run of the window once, at most three requests at a time, and few past the end', async () => {
    const afterIso = new Date(nowMs - 7 * DAY).toISOString();
    const expected = inWindow(afterIso);
    assert.ok(expected.length >= 500, `the window holds ${expected.length} runs`);
    const { client: c, stats } = counting();
    const got: Notification[] = [];
    const progress: number[] = [];
    const result = await readWindow({ client: c, query: { after: afterIso }, onPage: (runs) => got.push(...runs), onProgress: (p) => progress.push(p.runs) });
    assert.equal(result.complete, true);
    assert.equal(got.length, expected.length);
    assert.equal(new Set(got.map((n) => n._id)).size, got.length);
    assert.deepEqual(new Set(got.map((n) => n._id)), new Set(expected.map((n) => n._id)));
    assert.equal(result.runs, expected.length);
    assert.equal(result.estimatedTotal, expected.length);
    assert.ok(stats.most <= 3 && stats.most > 1, `at most ${stats.most} at once`);
    // Every full page, the short one that ends the list, and at most two asked at once past it.
    const needed = Math.floor(expected.length / 50) + 1;
    assert.ok(stats.requests >= needed && stats.requests <= needed + 2, `${stats.requests} requests for ${expected.length} runs`);
    assert.equal(progress.at(-1), expected.length);
    assert.deepEqual([...progress].sort((a, b) => a - b), progress, 'progress only grows');
  });

  it('a small window costs one request, and the estimate follows the time read', async () => {
    const afterIso = new Date(nowMs - 60 * 60_000).toISOString();
    const expected = inWindow(afterIso);
    assert.ok(expected.length < 50);
    const { client: c, stats } = counting();
    const result = await readWindow({ client: c, query: { after: afterIso }, onPage: () => undefined });
    assert.equal(stats.requests, 1);
    assert.equal(result.runs, expected.length);
  });

  it('pins the window’s end: a run triggered while reading is not read, and no page shifts', async () => {
    const afterIso = new Date(nowMs - 7 * DAY).toISOString();
    const expected = inWindow(afterIso).length;
    const subscriberId = sandbox.state.subscribers[0]!.subscriberId;
    let triggered = false;
    const got = new Set<string>();
    const result = await readWindow({
      client: {
        listNotifications: async (query, options) => {
          if (query?.page === 1 && !triggered) {
            triggered = true;
            const answer = await trigger(client, { name: SANDBOX_FIXTURES.workflowIdentifier, to: subscriberId, payload: {}, transactionId: `window-${Date.now()}` });
            assert.equal(answer.status, 'processed');
          }
          return client.listNotifications(query, options);
        },
      },
      query: { after: afterIso },
      onPage: (runs) => runs.forEach((n) => got.add(n._id)),
    });
    assert.ok(triggered);
    assert.ok(Date.parse(result.before) >= nowMs);
    assert.equal(got.size, expected);
  });

  it('stops when asked, with what it read and complete false', async () => {
    const controller = new AbortController();
    let pages = 0;
    const result = await readWindow({
      client,
      query: { after: new Date(nowMs - 7 * DAY).toISOString() },
      signal: controller.signal,
      onPage: () => {
        if (++pages === 2) controller.abort();
      },
    });
    assert.equal(result.complete, false);
    assert.ok(result.runs >= 100 && result.runs < inWindow(new Date(nowMs - 7 * DAY).toISOString()).length);
  });

  it('passes the service’s 402 for a window past the plan’s retention on', async () => {
    await assert.rejects(
      readWindow({ client, query: { after: new Date(nowMs - 400 * DAY).toISOString() }, onPage: () => undefined }),
      (error: unknown) => error instanceof NovuApiError && error.status === 402,
    );
  });
});
