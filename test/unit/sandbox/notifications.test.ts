import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  DEFAULT_ACTIVITY_COUNT,
  type Integration,
  JOB_STATUSES,
  type Notification,
  SANDBOX_FIXTURES as F,
  STEP_TYPES,
  type Sandbox,
  startSandbox,
} from '../../../src/sandbox';
import { SEED_END_MS } from '../../../src/sandbox/random';
import { type ErrorBody, get } from './helpers';

interface ListBody {
  data: Notification[];
  hasMore: boolean;
  pageSize: number;
  page: number;
}

describe('notifications', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(() => sandbox.close());

  const one = async (id: string): Promise<Notification> => {
    const res = await get<{ data: Notification }>(sandbox, `/v1/notifications/${id}`);
    assert.equal(res.status, 200);
    return res.body.data;
  };
  const list = async (query: string): Promise<ListBody> => {
    const res = await get<ListBody>(sandbox, `/v1/notifications${query}`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body;
  };

  it('answers 404 "Notification not found" for an unknown id', async () => {
    const res = await get<ErrorBody>(sandbox, '/v1/notifications/000000000000000000000000');
    assert.equal(res.status, 404);
    assert.equal(res.body.message, 'Notification not found');
  });

  it('covers every job status and step type across the fixtures', async () => {
    const ids = [
      F.failedNotificationId, F.digestNotificationId, F.timedDigestNotificationId, F.mergedNotificationId,
      F.delayedNotificationId, F.inProgressNotificationId, F.canceledNotificationId, F.criticalNotificationId,
    ];
    const jobs = (await Promise.all(ids.map(one))).flatMap((n) => n.jobs);
    assert.deepEqual(new Set(jobs.map((j) => j.status)), new Set(JOB_STATUSES));
    assert.deepEqual(new Set(jobs.map((j) => j.type)), new Set(STEP_TYPES));
  });

  it('serves a failed notification with raw provider responses, filters, variants and overrides', async () => {
    const n = await one(F.failedNotificationId);
    assert.equal(n.transactionId, F.failedTransactionId);
    assert.equal(n.subscriber.subscriberId, F.notificationSubscriberId);
    const failed = n.jobs.filter((j) => j.status === 'failed');
    const raws = failed.flatMap((j) => j.executionDetails.filter((d) => d.status === 'Failed').map((d) => d.raw));
    assert.ok(raws.some((r) => typeof r === 'string' && r.startsWith('{') && JSON.parse(r) !== null), 'JSON raw');
    assert.ok(raws.some((r) => typeof r === 'string' && !r.startsWith('{')), 'plain-text raw');
    assert.ok(raws.includes(null), 'null raw');
    const skipped = n.jobs.find((j) => j.status === 'skipped');
    assert.ok((skipped?.step.filters[0]?.children.length ?? 0) > 0);
    const email = n.jobs.find((j) => j.type === 'email');
    assert.ok(email?.step.variants?.length);
    assert.ok(email?.overrides);
    assert.equal(email?.providerId, 'sendgrid');
    assert.ok(n.topics?.some((t) => t.topicKey === F.failedTopicKey));
    assert.ok(n.controls && n.to && n.payload && n.tags.length > 0);
    assert.equal(n.severity, 'medium');
    assert.equal(n.critical, false);
  });

  it('serves regular and timed digests and a merged job that points at its digest', async () => {
    const digest = (await one(F.digestNotificationId)).jobs.find((j) => j.type === 'digest');
    assert.equal(digest?.digest?.type, 'regular');
    assert.ok((digest?.digest?.events?.length ?? 0) > 1);
    const timed = (await one(F.timedDigestNotificationId)).jobs.find((j) => j.type === 'digest');
    assert.equal(timed?.digest?.type, 'timed');
    const config = timed?.digest?.timed;
    assert.ok(config?.atTime && config.weekDays?.length && config.monthDays?.length && config.ordinal && config.ordinalValue && config.monthlyType && config.cronExpression);
    const merged = await one(F.mergedNotificationId);
    const mergedJob = merged.jobs.find((j) => j.status === 'merged');
    assert.equal(mergedJob?._digestedNotificationId, F.digestNotificationId);
    assert.equal(merged._digestedNotificationId, F.digestNotificationId);
    const delay = (await one(F.delayedNotificationId)).jobs.find((j) => j.type === 'delay');
    assert.equal(delay?.status, 'delayed');
  });

  it('serves the big notification with its 320 jobs', async () => {
    const n = await one(F.bigNotificationId);
    assert.equal(n.jobs.length, F.bigNotificationJobCount);
    assert.ok(n.jobs.every((j) => j.executionDetails.length > 0));
  });

  it('lists newest first with page, limit and hasMore', async () => {
    const first = await list('');
    assert.equal(first.page, 0);
    assert.equal(first.pageSize, 10);
    assert.equal(first.data.length, 10);
    assert.equal(first.hasMore, true);
    const dates = first.data.map((n) => n.createdAt);
    assert.deepEqual(dates, [...dates].sort().reverse());
    const total = sandbox.state.notifications.length;
    const seen = new Set<string>();
    for (let page = 0; ; page++) {
      const p = await list(`?page=${page}&limit=50`);
      for (const n of p.data) seen.add(n._id);
      if (!p.hasMore) break;
    }
    assert.equal(seen.size, total);
  });

  for (const query of ['?limit=0', '?limit=51', '?page=-1', '?limit=x', '?after=not-a-date']) {
    it(`answers 422 for ${query}`, async () => {
      assert.equal((await get(sandbox, `/v1/notifications${query}`)).status, 422);
    });
  }

  it('filters by subscriberIds in both query forms', async () => {
    for (const query of [`?subscriberIds[]=${F.notificationSubscriberId}&limit=50`, `?subscriberIds=${F.notificationSubscriberId}&limit=50`]) {
      const p = await list(query);
      assert.ok(p.data.length >= 9);
      assert.ok(p.data.every((n) => n.subscriber.subscriberId === F.notificationSubscriberId));
    }
    const two = await list(`?subscriberIds[]=${F.notificationSubscriberId}&subscriberIds[]=nobody&limit=50`);
    assert.ok(two.data.length >= 9);
    assert.equal((await list('?subscriberIds[]=nobody')).data.length, 0);
  });

  it('filters by channels, templates, emails, severity, transactionId, topicKey and dates', async () => {
    const chat = await list('?channels[]=chat&limit=50');
    assert.ok(chat.data.length > 0 && chat.data.every((n) => n.channels.includes('chat')));

    const critical = await list(`?templates[]=${F.criticalWorkflowId}`);
    assert.deepEqual(critical.data.map((n) => n._id), [F.criticalNotificationId]);

    const byEmail = await list(`?emails[]=${F.notificationSubscriberEmail}&limit=50`);
    assert.ok(byEmail.data.length >= 9 && byEmail.data.every((n) => n.subscriber.email === F.notificationSubscriberEmail));

    const high = await list('?severity[]=high&limit=50');
    assert.ok(high.data.length > 0 && high.data.every((n) => n.severity === 'high'));

    const tx = await list(`?transactionId=${F.failedTransactionId}`);
    assert.deepEqual(tx.data.map((n) => n._id), [F.failedNotificationId]);

    const topic = await list(`?topicKey=${F.failedTopicKey}&limit=50`);
    assert.ok(topic.data.some((n) => n._id === F.failedNotificationId));
    assert.ok(topic.data.every((n) => n.topics?.some((t) => t.topicKey === F.failedTopicKey)));

    const failed = sandbox.state.notification(F.failedNotificationId);
    assert.ok(failed);
    const window = await list(`?after=${encodeURIComponent(failed.createdAt)}&before=${encodeURIComponent(failed.createdAt)}`);
    assert.deepEqual(window.data.map((n) => n._id), [F.failedNotificationId]);

    const combined = await list(`?subscriberIds[]=${F.notificationSubscriberId}&templates[]=${F.criticalWorkflowId}&severity[]=low`);
    assert.equal(combined.data.length, 0, 'filters combine with AND');
  });
});

describe('GET /v1/integrations/active', () => {
  let sandbox: Sandbox;
  let integrations: Integration[];
  before(async () => {
    sandbox = await startSandbox();
    integrations = (await get<{ data: Integration[] }>(sandbox, '/v1/integrations/active')).body.data;
  });
  after(() => sandbox.close());

  it('returns the whole organization: both environments, every channel, a primary per channel', () => {
    const envs = new Set(integrations.map((i) => i._environmentId));
    assert.deepEqual(envs, new Set([F.developmentEnvironmentId, F.productionEnvironmentId]));
    const dev = integrations.filter((i) => i._environmentId === F.developmentEnvironmentId);
    for (const channel of ['in_app', 'email', 'sms', 'push', 'chat'] as const) {
      assert.equal(dev.filter((i) => i.channel === channel && i.primary).length, 1, channel);
    }
    assert.ok(integrations.every((i) => i.active && !i.deleted && i._organizationId === F.organizationId));
    assert.ok(integrations.some((i) => i._id === F.productionIntegrationId));
  });

  it('has an agent integration without a channel and one with conditions', () => {
    const agent = integrations.find((i) => i._id === F.agentIntegrationId);
    assert.equal(agent?.kind, 'agent');
    assert.equal('channel' in (agent ?? {}), false);
    const withConditions = integrations.find((i) => i._id === F.conditionsIntegrationId);
    assert.ok((withConditions?.conditions[0]?.children.length ?? 0) > 0);
  });

  it('sends empty credentials except for the legacy integration (and the in-app HMAC switch)', () => {
    const legacy = integrations.find((i) => i._id === F.legacyCredentialsIntegrationId);
    assert.ok(legacy);
    assert.ok(typeof legacy.credentials['apiKey'] === 'string' && typeof legacy.credentials['secretKey'] === 'string');
    assert.ok(typeof legacy.credentials['password'] === 'string');
    // Not a secret: the switch an Inbox session reads (contract §13).
    const inApp = integrations.find((i) => i._id === F.productionInAppIntegrationId);
    assert.deepEqual(inApp?.credentials, { hmac: true });
    for (const i of integrations) if (i !== legacy && i !== inApp) assert.deepEqual(i.credentials, {});
  });
});

// --- the activity feed: generated traffic, anchoring, the list's contract, emission, live mode ---

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const isGenerated = (n: Notification): boolean => n._id.slice(8, 14) === 'beef00';
const failedDetails = (n: Notification) =>
  n.jobs.filter((j) => j.status === 'failed').flatMap((j) => j.executionDetails.filter((d) => d.status === 'Failed'));
const UNFINISHED: readonly string[] = ['pending', 'queued', 'running', 'delayed'];
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Polls until `done()` holds; fails after `timeoutMs`. */
async function until(done: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await wait(10);
  }
}

async function listOf(sandbox: Sandbox, query: string): Promise<ListBody> {
  const res = await get<ListBody>(sandbox, `/v1/notifications${query}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
}

describe('activity: generated traffic', () => {
  let sandbox: Sandbox;
  let generated: Notification[];
  before(async () => {
    sandbox = await startSandbox();
    generated = sandbox.state.notifications.filter(isGenerated);
  });
  after(() => sandbox.close());

  it('adds 400 notifications by default, over 30 days, a quarter in the last day and a handful in the last hour', () => {
    assert.equal(generated.length, DEFAULT_ACTIVITY_COUNT);
    const ages = generated.map((n) => SEED_END_MS - Date.parse(n.createdAt));
    assert.ok(ages.every((a) => a >= 0 && a < 30 * DAY), 'all within 30 days before the end');
    const lastDay = ages.filter((a) => a < DAY).length;
    assert.ok(lastDay >= 0.2 * ages.length && lastDay <= 0.3 * ages.length, `${lastDay} in the last day`);
    const lastHour = ages.filter((a) => a < HOUR).length;
    assert.ok(lastHour >= 3 && lastHour <= 20, `${lastHour} in the last hour`);
    assert.ok(ages.filter((a) => a > 20 * DAY).length > 0, 'reaches back weeks');
  });

  it('varies workflows, subscribers (the markup one a few times), channels, severity and topics', () => {
    assert.ok(new Set(generated.map((n) => n._templateId)).size >= 6);
    assert.ok(new Set(generated.map((n) => n.subscriber.subscriberId)).size >= 100);
    const markup = generated.filter((n) => n.subscriber.subscriberId === F.markupSubscriberId).length;
    assert.ok(markup >= 3, `${markup} for the markup subscriber`);
    assert.deepEqual(new Set(generated.flatMap((n) => n.channels).filter((c) => c !== 'digest' && c !== 'delay')), new Set(['in_app', 'email', 'sms', 'push', 'chat']));
    assert.deepEqual(new Set(generated.map((n) => n.severity)), new Set(['high', 'medium', 'low', 'none']));
    assert.ok(generated.some((n) => n.topics?.length));
    assert.ok(generated.every((n) => !n.critical), 'only ordinary workflows');
  });

  it('is mostly delivered, about 15% failed, some skipped (canceled, with the reason), and the newest few still in progress', () => {
    const failed = generated.filter((n) => n.jobs.some((j) => j.status === 'failed')).length;
    assert.ok(failed >= 0.1 * generated.length && failed <= 0.2 * generated.length, `${failed} failed`);
    const skipped = generated.filter((n) => n.jobs.some((j) => j.status === 'canceled'));
    assert.ok(skipped.length > 0);
    const details = new Set(skipped.flatMap((n) => n.jobs.filter((j) => j.status === 'canceled').map((j) => j.executionDetails?.at(-1)?.detail)));
    assert.deepEqual([...details].sort(), ['Bridge execution skipped', 'Step filtered by subscriber workflow preferences']);
    const delivered = generated.filter((n) => n.jobs.every((j) => j.status === 'completed')).length;
    assert.ok(delivered > generated.length / 2, `${delivered} delivered`);
    const newest: string[] = generated.slice(0, 5).flatMap((n) => n.jobs.map((j) => j.status));
    for (const status of UNFINISHED) assert.ok(newest.includes(status), `a newest one is ${status}`);
    const older = generated.slice(5).flatMap((n) => n.jobs.map((j) => j.status));
    assert.ok(!older.some((s) => UNFINISHED.includes(s)), 'only the newest are unfinished');
  });

  it('fails with the errors real providers answer: specific detail, source and JSON raw', async () => {
    const big = await startSandbox({ activityCount: 2000, subscriberCount: 50 });
    try {
      const failures = big.state.notifications.filter(isGenerated).flatMap(failedDetails);
      assert.ok(failures.length > 100);
      for (const d of failures) {
        assert.ok(['Credentials', 'Payload', 'Internal'].includes(d.source), d.source);
        assert.notEqual(d.detail, 'Message sending failed', 'a specific detail');
        assert.equal(typeof d.raw, 'string');
        assert.doesNotThrow(() => JSON.parse(d.raw ?? ''), d.raw ?? 'null');
      }
      assert.deepEqual(new Set(failures.map((d) => d.source)), new Set(['Credentials', 'Payload', 'Internal']));
      const raws = failures.map((d) => d.raw ?? '').join('\n');
      for (const text of [
        'The provided authorization grant is invalid, expired, or revoked',
        "\"code\":21211,\"message\":\"The 'To' number +1555",
        'Requested entity was not found.',
        'channel_not_found',
        'is not allowed to send',
      ]) {
        assert.ok(raws.includes(text), text);
      }
      const mailgun = failures.find((d) => d.raw?.includes('is not allowed to send'));
      assert.equal(mailgun?.providerId, 'mailgun');
      assert.ok(failures.some((d) => d.isRetry), 'some retried');
    } finally {
      await big.close();
    }
  });

  // How fast it starts is the bench's (`npm run bench`, stage host: "the Sandbox with 10,000 notifications: started").
  it('generates 10,000 and pages through all of them', async () => {
    const big = await startSandbox({ activityCount: 10_000 });
    try {
      assert.equal(big.state.notifications.filter(isGenerated).length, 10_000);
      const seen = new Set<string>();
      for (let page = 0; ; page++) {
        const p = await listOf(big, `?page=${page}&limit=50`);
        for (const n of p.data) seen.add(n._id);
        if (!p.hasMore) break;
      }
      assert.equal(seen.size, big.state.notifications.length);
    } finally {
      await big.close();
    }
  });

  it('adds none with activityCount 0, and rejects a negative count', async () => {
    const none = await startSandbox({ activityCount: 0 });
    try {
      assert.equal(none.state.notifications.filter(isGenerated).length, 0);
      assert.ok(none.state.notification(F.failedNotificationId));
    } finally {
      await none.close();
    }
    await assert.rejects(() => startSandbox({ activityCount: -1 }), /activityCount/);
  });
});

describe('activity: anchored time', () => {
  it('shifts every seeded timestamp by activityEndsAtMs - SEED_END_MS and keeps the ids', async () => {
    const end = Date.UTC(2031, 2, 4, 12, 0, 0);
    const shift = end - SEED_END_MS;
    const [plain, anchored] = await Promise.all([startSandbox(), startSandbox({ activityEndsAtMs: end })]);
    try {
      const a = plain.state.notifications;
      const b = anchored.state.notifications;
      assert.deepEqual(b.map((n) => n._id), a.map((n) => n._id), 'same ids, same order');
      const moved = (x: string | undefined, y: string | undefined): void => assert.equal(Date.parse(y ?? '') - Date.parse(x ?? ''), shift);
      a.forEach((n, i) => {
        const m = b[i]!;
        moved(n.createdAt, m.createdAt);
        moved(n.updatedAt, m.updatedAt);
        n.jobs.forEach((j, k) => {
          const mj = m.jobs[k]!;
          assert.equal(mj._id, j._id);
          moved(j.updatedAt, mj.updatedAt);
          j.executionDetails.forEach((d, l) => {
            assert.equal(mj.executionDetails[l]?._id, d._id);
            moved(d.createdAt, mj.executionDetails[l]?.createdAt);
          });
        });
      });
      const until = (s: Sandbox) => s.state.notification(F.timedDigestNotificationId)?.jobs.find((j) => j.type === 'digest')?.digest?.timed?.untilDate;
      moved(until(plain), until(anchored));
      assert.ok(b[0] && Date.parse(b[0].createdAt) <= end && Date.parse(b[0].createdAt) > end - HOUR, 'the feed ends at the anchor');
    } finally {
      await Promise.all([plain.close(), anchored.close()]);
    }
  });

  it('writes with the real clock when anchored, with the logical clock otherwise', async () => {
    const [plain, anchored] = await Promise.all([startSandbox(), startSandbox({ activityEndsAtMs: Date.now() - 5 * 60_000 })]);
    try {
      const before = Date.now();
      const first = anchored.emitNotification();
      const second = anchored.emitNotification();
      assert.ok(Date.parse(first.createdAt) >= before && Date.parse(first.createdAt) <= Date.now() + 1000, first.createdAt);
      assert.ok(second.createdAt > first.createdAt, 'strictly later');
      assert.deepEqual(anchored.state.notifications.slice(0, 2).map((n) => n._id), [second._id, first._id]);
      const logical = plain.emitNotification();
      assert.equal(logical.createdAt, new Date(SEED_END_MS + 1000).toISOString());
    } finally {
      await Promise.all([plain.close(), anchored.close()]);
    }
  });
});

describe('activity: GET /v1/notifications per the contract', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(() => sandbox.close());

  /** The first `limit` records the list should give for `keep`, newest first. */
  const expected = (keep: (n: Notification) => boolean, limit = 50): string[] =>
    sandbox.state.notifications.filter(keep).slice(0, limit).map((n) => n._id);
  const ids = async (query: string): Promise<string[]> => (await listOf(sandbox, query)).data.map((n) => n._id);

  it('says hasMore for a full last page, then answers an empty page', async () => {
    const small = await startSandbox({ activityCount: 0 });
    try {
      const total = small.state.notifications.length;
      const full = await listOf(small, `?limit=${total}`);
      assert.equal(full.data.length, total);
      assert.equal(full.hasMore, true, 'a full page says hasMore');
      const next = await listOf(small, `?limit=${total}&page=1`);
      assert.deepEqual(next.data, []);
      assert.equal(next.hasMore, false);
      assert.equal(next.page, 1);
      const partial = await listOf(small, `?limit=${total - 1}&page=1`);
      assert.equal(partial.data.length, 1);
      assert.equal(partial.hasMore, false);
    } finally {
      await small.close();
    }
  });

  it('lists newest first, ties broken by _id descending', async () => {
    const plain = await startSandbox({ activityCount: 0 });
    const base = plain.state.notification(F.digestNotificationId)!;
    await plain.close();
    const at = new Date(SEED_END_MS + DAY).toISOString();
    const twin = (id: string): Notification => ({ ...structuredClone(base), _id: id, createdAt: at, transactionId: `txn-${id}` });
    const low = twin('6620cc0000000000000c0001');
    const high = twin('6620cc0000000000000c0002');
    const tied = await startSandbox({ extraNotifications: [low, high] });
    try {
      assert.deepEqual((await listOf(tied, '?limit=2')).data.map((n) => n._id), [high._id, low._id]);
      const all = (await listOf(tied, '?limit=50')).data;
      for (let i = 1; i < all.length; i++) {
        const [a, b] = [all[i - 1]!, all[i]!];
        assert.ok(a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a._id > b._id), `${a._id} before ${b._id}`);
      }
    } finally {
      await tied.close();
    }
  });

  it('takes transactionId repeated (any matches), with or without []', async () => {
    const other = sandbox.state.notifications.find(isGenerated)!;
    const want = expected((n) => n.transactionId === F.failedTransactionId || n.transactionId === other.transactionId);
    assert.equal(want.length, 2);
    assert.deepEqual(await ids(`?transactionId=${F.failedTransactionId}&transactionId=${other.transactionId}`), want);
    assert.deepEqual(await ids(`?transactionId[]=${F.failedTransactionId}&transactionId[]=${other.transactionId}`), want);
    assert.deepEqual(await ids(`?transactionId=${other.transactionId}`), [other._id]);
    assert.deepEqual(await ids('?transactionId=txn-nobody'), []);
  });

  it('reads arrays as key[], repeated key and key[0] alike', async () => {
    const cases: [string, string, (n: Notification) => boolean][] = [
      ['channels', 'sms,chat', (n) => n.channels.includes('sms') || n.channels.includes('chat')],
      ['severity', 'high,low', (n) => n.severity === 'high' || n.severity === 'low'],
      ['templates', `${F.workflowId},${F.criticalWorkflowId}`, (n) => n._templateId === F.workflowId || n._templateId === F.criticalWorkflowId],
      ['subscriberIds', `${F.notificationSubscriberId},${F.markupSubscriberId}`, (n) => n.subscriber.subscriberId === F.notificationSubscriberId || n.subscriber.subscriberId === F.markupSubscriberId],
      ['emails', `${F.notificationSubscriberEmail},markup@sandbox.example`, (n) => n.subscriber.email === F.notificationSubscriberEmail || n.subscriber.email === 'markup@sandbox.example'],
    ];
    for (const [key, values, keep] of cases) {
      const [a, b] = values.split(',');
      const want = expected(keep);
      assert.ok(want.length > 1, key);
      assert.deepEqual(await ids(`?${key}[]=${a}&${key}[]=${b}&limit=50`), want, `${key}[]`);
      assert.deepEqual(await ids(`?${key}=${a}&${key}=${b}&limit=50`), want, `repeated ${key}`);
      assert.deepEqual(await ids(`?${key}[0]=${a}&${key}[1]=${b}&limit=50`), want, `${key}[0]`);
      assert.deepEqual(await ids(`?${key}=${a}&${key}[]=${b}&limit=50`), want, `${key} mixed`);
    }
  });

  it('applies every filter, alone and together', async () => {
    const alice = sandbox.state.subscriber(F.notificationSubscriberId)!;
    const failed = sandbox.state.notification(F.failedNotificationId)!;
    const cases: [string, (n: Notification) => boolean][] = [
      [`subscriberIds[]=${F.notificationSubscriberId}`, (n) => n.subscriber.subscriberId === F.notificationSubscriberId],
      [`subscriberIds[]=${alice._id}`, (n) => n._subscriberId === alice._id],
      ['channels[]=push', (n) => n.channels.includes('push')],
      [`templates[]=${F.workflowId}`, (n) => n._templateId === F.workflowId],
      [`templates[]=${F.workflowIdentifier}`, () => false],
      [`emails[]=${F.notificationSubscriberEmail.toUpperCase()}`, (n) => n.subscriber.email === F.notificationSubscriberEmail],
      ['severity[]=medium', (n) => n.severity === 'medium'],
      [`transactionId=${failed.transactionId}`, (n) => n._id === failed._id],
      ['topicKey=project-apollo', (n) => !!n.topics?.some((t) => t.topicKey === 'project-apollo')],
      [`after=${encodeURIComponent(failed.createdAt)}`, (n) => n.createdAt >= failed.createdAt],
      [`before=${encodeURIComponent(failed.createdAt)}`, (n) => n.createdAt <= failed.createdAt],
      [
        `after=${encodeURIComponent(new Date(SEED_END_MS - 3 * DAY).toISOString())}&before=${encodeURIComponent(new Date(SEED_END_MS - DAY).toISOString())}`,
        (n) => Date.parse(n.createdAt) >= SEED_END_MS - 3 * DAY && Date.parse(n.createdAt) <= SEED_END_MS - DAY,
      ],
      [
        `channels[]=email&severity[]=none&subscriberIds[]=${F.notificationSubscriberId}`,
        (n) => n.channels.includes('email') && n.severity === 'none' && n.subscriber.subscriberId === F.notificationSubscriberId,
      ],
    ];
    for (const [query, keep] of cases) {
      assert.deepEqual(await ids(`?${query}&limit=50`), expected(keep), query);
    }
    // Pages of a filtered list follow on from each other.
    const keep = (n: Notification): boolean => n.channels.includes('email');
    const all = sandbox.state.notifications.filter(keep).map((n) => n._id);
    assert.deepEqual(await ids('?channels[]=email&limit=7&page=3'), all.slice(21, 28));
  });

  it('answers 402 for a range that starts before the retention, with the service error shape', async () => {
    const earliest = SEED_END_MS - 30 * DAY;
    const res = await get<ErrorBody>(sandbox, `/v1/notifications?after=${new Date(earliest - 2 * HOUR).toISOString()}`);
    assert.equal(res.status, 402);
    assert.equal(res.body.statusCode, 402);
    assert.equal(typeof res.body.timestamp, 'string');
    assert.ok(res.body.path.startsWith('/v1/notifications'));
    assert.equal(
      res.body.message,
      "Requested date range exceeds your plan's retention period. The earliest accessible date for your plan is " +
        `${new Date(earliest).toISOString().slice(0, 10)}. Please upgrade your plan to access older activities.`,
    );
    assert.equal((await get(sandbox, `/v1/notifications?before=${new Date(earliest - 2 * HOUR).toISOString()}`)).status, 402);
    // Within retention (and within the live service's hour of grace) it is an ordinary list.
    assert.equal((await get(sandbox, `/v1/notifications?after=${new Date(earliest).toISOString()}`)).status, 200);
    assert.equal((await get(sandbox, `/v1/notifications?after=${new Date(earliest - 30 * 60_000).toISOString()}`)).status, 200);
    const reversed = await get<ErrorBody>(sandbox, `/v1/notifications?after=${new Date(SEED_END_MS).toISOString()}&before=${new Date(SEED_END_MS - DAY).toISOString()}`);
    assert.equal(reversed.status, 400);
  });

  it('keeps retentionDays of activity: an older start is 402, the default list starts there', async () => {
    const short = await startSandbox({ retentionDays: 1 });
    try {
      assert.equal((await get(short, `/v1/notifications?after=${new Date(SEED_END_MS - 3 * DAY).toISOString()}`)).status, 402);
      const inside = short.state.notifications.filter((n) => Date.parse(n.createdAt) >= SEED_END_MS - DAY);
      const seen: string[] = [];
      for (let page = 0; ; page++) {
        const p = await listOf(short, `?page=${page}&limit=50`);
        seen.push(...p.data.map((n) => n._id));
        if (!p.hasMore) break;
      }
      assert.deepEqual(seen, inside.map((n) => n._id));
      assert.ok(seen.length < short.state.notifications.length);
    } finally {
      await short.close();
    }
    const anchored = await startSandbox({ activityEndsAtMs: Date.now() });
    try {
      assert.equal((await get(anchored, `/v1/notifications?after=${new Date(Date.now() - 31 * DAY).toISOString()}`)).status, 402);
      assert.equal((await get(anchored, `/v1/notifications?after=${new Date(Date.now() - 30 * DAY).toISOString()}`)).status, 200);
    } finally {
      await anchored.close();
    }
  });
});

describe('activity: emitNotification', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(() => sandbox.close());

  it('creates a delivered notification that lists first and can be found by its transactionId', async () => {
    const n = sandbox.emitNotification();
    assert.equal(sandbox.state.notifications[0], n);
    assert.equal(sandbox.state.notification(n._id), n);
    assert.ok(n.jobs.length >= 2 && n.jobs.every((j) => j.status === 'completed'));
    const first = await listOf(sandbox, '?limit=1');
    assert.equal(first.data[0]?._id, n._id);
    assert.deepEqual((await listOf(sandbox, `?transactionId=${n.transactionId}`)).data.map((x) => x._id), [n._id]);
    const later = sandbox.emitNotification();
    assert.deepEqual(sandbox.state.notifications.slice(0, 2), [later, n]);
    assert.ok(later.createdAt > n.createdAt);
  });

  it('creates a failed one with a provider error for the asked workflow and subscriber', () => {
    const n = sandbox.emitNotification({ outcome: 'failed', workflowIdentifier: 'order-shipped', subscriberId: F.markupSubscriberId });
    assert.equal(n.template.triggers[0]?.identifier, 'order-shipped');
    assert.equal(n.subscriber.subscriberId, F.markupSubscriberId);
    assert.deepEqual(n.jobs.map((j) => j.type), ['trigger', 'in_app', 'email', 'sms', 'push', 'chat']);
    const details = failedDetails(n);
    assert.ok(details.length > 0);
    for (const d of details) {
      assert.ok(['Credentials', 'Payload', 'Internal'].includes(d.source));
      assert.doesNotThrow(() => JSON.parse(d.raw ?? ''));
    }
  });

  it('creates a pending one whose channel jobs advanceNotification moves on to completed', () => {
    const n = sandbox.emitNotification({ outcome: 'pending', workflowIdentifier: F.workflowIdentifier });
    assert.deepEqual(n.jobs.map((j) => `${j.type}:${j.status}`), ['trigger:completed', 'in_app:pending', 'email:pending']);
    let steps = 0;
    while (sandbox.advanceNotification(n._id)) steps++;
    assert.equal(steps, 6, 'pending → queued → running → completed, twice');
    assert.ok(n.jobs.every((j) => j.status === 'completed'));
    assert.ok(n.updatedAt > n.createdAt);
  });

  it('throws for an unknown workflow or subscriber', () => {
    assert.throws(() => sandbox.emitNotification({ workflowIdentifier: 'no-such-workflow' }), /Unknown workflow/);
    assert.throws(() => sandbox.emitNotification({ subscriberId: 'no-such-subscriber' }), /Unknown subscriber/);
  });

  it('gives the same records for the same seed and calls', async () => {
    const [a, b] = await Promise.all([startSandbox({ seed: 7 }), startSandbox({ seed: 7 })]);
    try {
      const run = (s: Sandbox) => [s.emitNotification(), s.emitNotification({ outcome: 'failed' }), s.emitNotification({ outcome: 'pending' })];
      assert.equal(JSON.stringify(run(a)), JSON.stringify(run(b)));
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('activity: live mode', () => {
  const emitted = (s: Sandbox, since: number) => s.state.notifications.slice(0, s.state.notifications.length - since);

  it('emits notifications (some failed, some pending) and moves the unfinished ones on', async () => {
    const live = await startSandbox({ activityCount: 0, live: { everyMs: 15 } });
    const seeded = live.state.notifications.length;
    try {
      const advanced = (n: Notification) => n.jobs.some((j) => j.executionDetails.some((d) => d.detail === 'Step running'));
      await until(() => emitted(live, seeded).length >= 12 && emitted(live, seeded).some(advanced), 'emitted and advanced notifications');
      const fresh = emitted(live, seeded);
      assert.ok(fresh.length >= 12, `${fresh.length} emitted`);
      assert.ok(fresh.some(advanced), 'an emitted notification moved on');
      assert.ok(fresh.some((n) => n.jobs.some((j) => j.status === 'failed')), 'some failed');
      // The newest is the last emitted: each one lists first when it arrives.
      const times = fresh.map((n) => n.createdAt);
      assert.deepEqual(times, [...times].sort().reverse());
    } finally {
      await live.close();
    }
  });

  it('honours failureRate', async () => {
    for (const failureRate of [0, 1]) {
      const live = await startSandbox({ activityCount: 0, live: { everyMs: 10, failureRate } });
      const seeded = live.state.notifications.length;
      try {
        await until(() => emitted(live, seeded).length >= 8, '8 emitted notifications');
        const failed = emitted(live, seeded).filter((n) => n.jobs.some((j) => j.status === 'failed')).length;
        assert.equal(failed, failureRate === 1 ? emitted(live, seeded).length : 0, `failureRate ${failureRate}`);
      } finally {
        await live.close();
      }
    }
  });

  it('stops when closed, and rejects a non-positive interval', async () => {
    const live = await startSandbox({ activityCount: 0, live: { everyMs: 10 } });
    await until(() => live.state.notifications.length >= 14, '4 emitted notifications');
    await live.close();
    const count = live.state.notifications.length;
    await wait(80);
    assert.equal(live.state.notifications.length, count);
    await assert.rejects(() => startSandbox({ live: { everyMs: 0 } }), /everyMs/);
  });
});
