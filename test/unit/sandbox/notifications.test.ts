import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  type Integration,
  JOB_STATUSES,
  type Notification,
  SANDBOX_FIXTURES as F,
  STEP_TYPES,
  type Sandbox,
  startSandbox,
} from '../../../src/sandbox';
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

  it('sends empty credentials except for the legacy integration', () => {
    const legacy = integrations.find((i) => i._id === F.legacyCredentialsIntegrationId);
    assert.ok(legacy);
    assert.ok(typeof legacy.credentials['apiKey'] === 'string' && typeof legacy.credentials['secretKey'] === 'string');
    assert.ok(typeof legacy.credentials['password'] === 'string');
    for (const i of integrations) if (i !== legacy) assert.deepEqual(i.credentials, {});
  });
});
