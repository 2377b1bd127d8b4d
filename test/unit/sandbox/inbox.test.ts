// The Inbox (contract §13) over HTTP: sbx-alice's seeded messages in every state, the tabs' filters,
// the counts, the actions, a triggered run's message, and the browser's session with its HMAC.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_FIXTURES as F, type Sandbox, startSandbox } from '../../../src/sandbox';
import { type ErrorBody, call, get } from './helpers';

interface Item {
  id: string;
  transactionId: string;
  subject?: string;
  body: string;
  isRead: boolean;
  isSeen: boolean;
  isArchived: boolean;
  isSnoozed: boolean;
  snoozedUntil: string | null;
  readAt: string | null;
  firstSeenAt: string | null;
  archivedAt: string | null;
  primaryAction?: { label: string; isCompleted: boolean };
  secondaryAction?: { label: string; isCompleted: boolean };
  redirect?: { url: string; target?: string };
  tags: string[];
  data?: Record<string, unknown>;
  severity: string;
  workflow: { identifier: string };
  to: { subscriberId: string };
}
interface ListBody { data: Item[]; hasMore: boolean; filter: Record<string, unknown> }
interface Session { token: string; totalUnreadCount: number; removeNovuBranding: boolean; contextKeys: string[] }

const ALICE = `/v2/subscribers/${F.notificationSubscriberId}/notifications`;
/** sbx-alice's unread messages, newest first. */
const UNREAD_NO_CONTEXT = [F.inboxUnseenMessageId, F.inboxSeenMessageId, F.inboxSnoozedMessageId, F.inboxActionsMessageId, F.inboxRedirectMessageId];
const UNREAD = [...UNREAD_NO_CONTEXT, F.inboxAcmeMessageId, F.inboxGlobexMessageId, F.inboxAcmeDashboardMessageId];

const list = async (sandbox: Sandbox, query: string): Promise<ListBody> => {
  const res = await get<ListBody>(sandbox, `${ALICE}${query}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
};
const patch = (sandbox: Sandbox, path: string, body?: unknown) => call<{ data: Item } & ErrorBody>(sandbox, `${ALICE}/${path}`, { method: 'PATCH', ...(body !== undefined ? { body } : {}) });

describe('sandbox Inbox (contract §13)', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(() => sandbox.close());

  describe('reads', () => {
    it('lists sbx-alice unread messages of every context, newest first, as `{ data, hasMore, filter }`', async () => {
      const body = await list(sandbox, '?read=false&limit=100');
      assert.deepEqual(body.data.map((m) => m.id), UNREAD);
      assert.equal(body.hasMore, false);
      assert.deepEqual(body.filter, { read: false });
    });

    it('puts exactly the contract fields on an item, and no context keys', async () => {
      const body = await list(sandbox, '?read=false&limit=1');
      assert.equal(body.hasMore, true);
      const item = body.data[0] as unknown as Record<string, unknown>;
      assert.deepEqual(Object.keys(item).sort(), [
        'archivedAt', 'body', 'channelType', 'createdAt', 'deliveredAt', 'firstSeenAt', 'id', 'isArchived', 'isRead', 'isSeen', 'isSnoozed',
        'readAt', 'severity', 'snoozedUntil', 'subject', 'tags', 'to', 'transactionId', 'workflow',
      ]);
      assert.equal(item['subject'], 'Bob mentioned you');
      assert.equal(item['channelType'], 'in_app');
      assert.deepEqual(item['to'], { subscriberId: F.notificationSubscriberId });
      assert.deepEqual(Object.keys(item['workflow'] as object).sort(), ['critical', 'id', 'identifier', 'name', 'severity', 'tags']);
    });

    it('seeds every state', async () => {
      const all = await list(sandbox, '?limit=100');
      const byId = new Map(all.data.map((m) => [m.id, m]));
      const unseen = byId.get(F.inboxUnseenMessageId);
      assert.deepEqual([unseen?.isRead, unseen?.isSeen, unseen?.severity], [false, false, 'none']);
      const seen = byId.get(F.inboxSeenMessageId);
      assert.deepEqual([seen?.isRead, seen?.isSeen, seen?.severity], [false, true, 'medium']);
      assert.deepEqual([byId.get(F.inboxReadMessageId)?.isRead, byId.get(F.inboxReadMessageId)?.severity], [true, 'low']);
      assert.deepEqual([byId.get(F.inboxArchivedMessageId)?.isArchived, byId.get(F.inboxArchivedMessageId)?.isRead], [true, true]);
      const snoozed = byId.get(F.inboxSnoozedMessageId);
      assert.equal(snoozed?.isSnoozed, true);
      assert.equal(snoozed?.snoozedUntil, '2025-04-29T08:00:00.000Z');
      const actions = byId.get(F.inboxActionsMessageId);
      assert.deepEqual([actions?.primaryAction?.isCompleted, actions?.secondaryAction?.isCompleted, actions?.severity], [true, false, 'high']);
      const redirect = byId.get(F.inboxRedirectMessageId);
      assert.equal(redirect?.redirect?.url, 'https://docs.sandbox.example/launch-plan#comment-7');
      assert.deepEqual(redirect?.tags, ['collaboration', 'mentions']);
      assert.deepEqual(redirect?.data, { documentId: 'doc-7', commentId: 'c-7' });
      assert.equal(byId.has(F.inboxDeletedMessageId), false);
    });

    it('filters the tabs: unread, archived, snoozed, seen, tags, severity, data, dates', async () => {
      assert.deepEqual((await list(sandbox, '?read=false&archived=false&snoozed=false')).data.map((m) => m.id), UNREAD.filter((id) => id !== F.inboxSnoozedMessageId));
      assert.deepEqual((await list(sandbox, '?archived=true')).data.map((m) => m.id), [F.inboxArchivedMessageId]);
      assert.deepEqual((await list(sandbox, '?snoozed=true')).data.map((m) => m.id), [F.inboxSnoozedMessageId]);
      assert.deepEqual((await list(sandbox, '?seen=true&read=false')).data.map((m) => m.id), [F.inboxSeenMessageId]);
      assert.deepEqual((await list(sandbox, '?tags=mentions')).data.map((m) => m.id), [F.inboxRedirectMessageId]);
      assert.deepEqual((await list(sandbox, '?read=false&severity=high')).data.map((m) => m.id), [F.inboxActionsMessageId]);
      assert.deepEqual((await list(sandbox, `?data=${encodeURIComponent('{"documentId":"doc-7"}')}`)).data.map((m) => m.id), [F.inboxRedirectMessageId]);
      const unseenAt = Date.parse('2025-04-27T03:00:01.900Z');
      assert.deepEqual((await list(sandbox, `?read=false&createdGte=${unseenAt}`)).data.map((m) => m.id), [F.inboxUnseenMessageId]);
    });

    it('matches context keys exactly: none, one, two (order-insensitive)', async () => {
      assert.deepEqual((await list(sandbox, '?read=false&contextKeys=')).data.map((m) => m.id), UNREAD_NO_CONTEXT);
      assert.deepEqual((await list(sandbox, `?contextKeys=${F.acmeContextKey}`)).data.map((m) => m.id), [F.inboxAcmeMessageId]);
      assert.deepEqual((await list(sandbox, `?contextKeys=${F.dashboardContextKey}&contextKeys=${F.acmeContextKey}`)).data.map((m) => m.id), [F.inboxAcmeDashboardMessageId]);
    });

    it('answers the contract errors', async () => {
      const both = await get<ErrorBody>(sandbox, `${ALICE}?read=false&archived=true`);
      assert.equal(both.status, 400);
      assert.equal(both.body.message, 'Filtering for unread and archived notifications is not supported.');
      const data = await get<ErrorBody>(sandbox, `${ALICE}?data=%7Bnope`);
      assert.equal(data.status, 400);
      assert.equal(data.body.message, 'Invalid JSON format for data parameter');
      const ghost = await get<ErrorBody>(sandbox, '/v2/subscribers/ghost/notifications');
      assert.equal(ghost.status, 400);
      assert.equal(ghost.body.message, 'Subscriber with id: ghost is not found.');
      const limit = await get<ErrorBody>(sandbox, `${ALICE}?limit=101`);
      assert.equal(limit.status, 422);
    });

    it('counts per filter, in order; 400 for filters that are not JSON', async () => {
      const filters = [{ read: false }, { read: false, contextKeys: [] }, { read: false, severity: 'high' }, { archived: true }, { tags: ['mentions'] }];
      const res = await get<{ data: { count: number; filter: Record<string, unknown> }[] }>(sandbox, `${ALICE}/count?filters=${encodeURIComponent(JSON.stringify(filters))}`);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data.map((d) => d.count), [8, 5, 1, 1, 1]);
      assert.deepEqual(res.body.data[1]?.filter, { read: false, contextKeys: [] });
      const bad = await get<ErrorBody>(sandbox, `${ALICE}/count?filters=not-json`);
      assert.equal(bad.status, 400);
      assert.equal(bad.body.message, 'Invalid filters, the JSON object should be provided.');
      const many = await get<ErrorBody>(sandbox, `${ALICE}/count?filters=${encodeURIComponent(JSON.stringify(Array.from({ length: 31 }, () => ({}))))}`);
      assert.equal(many.status, 422);
    });
  });

  describe('actions', () => {
    it('reads, unreads, archives and unarchives one message', async () => {
      const read = await patch(sandbox, `${F.inboxUnseenMessageId}/read`);
      assert.equal(read.status, 200);
      assert.deepEqual([read.body.data.isRead, read.body.data.isSeen, typeof read.body.data.readAt], [true, true, 'string']);
      const unread = await patch(sandbox, `${F.inboxUnseenMessageId}/unread`);
      assert.deepEqual([unread.body.data.isRead, unread.body.data.readAt, unread.body.data.isSeen], [false, null, true]);
      const archived = await patch(sandbox, `${F.inboxSeenMessageId}/archive`);
      assert.deepEqual([archived.body.data.isArchived, archived.body.data.isRead], [true, true]);
      const back = await patch(sandbox, `${F.inboxSeenMessageId}/unarchive`);
      assert.deepEqual([back.body.data.isArchived, back.body.data.archivedAt], [false, null]);
    });

    it('snoozes at least a minute ahead (422 otherwise), and unsnoozes', async () => {
      const soon = await patch(sandbox, `${F.inboxRedirectMessageId}/snooze`, { snoozeUntil: new Date(Date.now() + 30_000).toISOString() });
      assert.equal(soon.status, 422);
      assert.deepEqual(soon.body.errors?.['snoozeUntil']?.messages, ['snoozeUntil must be at least 1 minute in the future']);
      const until = new Date(Date.now() + 2 * 3_600_000).toISOString();
      const snoozed = await patch(sandbox, `${F.inboxRedirectMessageId}/snooze`, { snoozeUntil: until });
      assert.equal(snoozed.status, 200);
      assert.deepEqual([snoozed.body.data.isSnoozed, snoozed.body.data.snoozedUntil], [true, until]);
      const back = await patch(sandbox, `${F.inboxRedirectMessageId}/unsnooze`);
      assert.deepEqual([back.body.data.isSnoozed, back.body.data.snoozedUntil], [false, null]);
    });

    it('completes and reverts an action button', async () => {
      const done = await patch(sandbox, `${F.inboxActionsMessageId}/actions/secondary/complete`);
      assert.equal(done.body.data.secondaryAction?.isCompleted, true);
      const reverted = await patch(sandbox, `${F.inboxActionsMessageId}/actions/primary/revert`);
      assert.equal(reverted.body.data.primaryAction?.isCompleted, false);
    });

    it('answers 404 for an unknown, deleted or out-of-context message', async () => {
      for (const [id, query] of [['6620aa00ab00000000ffffff', ''], [F.inboxDeletedMessageId, ''], [F.inboxAcmeMessageId, `?contextKeys=${F.globexContextKey}`]] as const) {
        const res = await patch(sandbox, `${id}/read${query}`);
        assert.equal(res.status, 404, id);
        assert.equal(res.body.message, `Notification with id: ${id} is not found.`);
      }
      const inContext = await patch(sandbox, `${F.inboxAcmeMessageId}/read?contextKeys=${F.acmeContextKey}`);
      assert.equal(inContext.status, 200);
    });

    it('deletes one message (204), never listed again', async () => {
      const res = await call<unknown>(sandbox, `${ALICE}/${F.inboxGlobexMessageId}`, { method: 'DELETE' });
      assert.equal(res.status, 204);
      assert.equal(res.body, undefined);
      assert.deepEqual((await list(sandbox, `?contextKeys=${F.globexContextKey}`)).data, []);
      const again = await call<ErrorBody>(sandbox, `${ALICE}/${F.inboxGlobexMessageId}`, { method: 'DELETE' });
      assert.equal(again.status, 404);
    });

    it('marks in bulk by ids, tags and context (204)', async () => {
      const seen = await call<unknown>(sandbox, `${ALICE}/seen`, { method: 'POST', body: { notificationIds: [F.inboxSnoozedMessageId] } });
      assert.equal(seen.status, 204);
      assert.deepEqual((await list(sandbox, '?snoozed=true')).data.map((m) => [m.isSeen, m.isRead]), [[true, false]]);
      const read = await call<unknown>(sandbox, `${ALICE}/read`, { method: 'POST', body: { contextKeys: [F.acmeContextKey, F.dashboardContextKey] } });
      assert.equal(read.status, 204);
      assert.equal((await list(sandbox, `?contextKeys=${F.acmeContextKey}&contextKeys=${F.dashboardContextKey}`)).data[0]?.isRead, true);
      await call(sandbox, `${ALICE}/archive`, { method: 'POST', body: { tags: ['mentions'] } });
      assert.deepEqual((await list(sandbox, '?archived=true')).data.map((m) => m.id).sort(), [F.inboxArchivedMessageId, F.inboxRedirectMessageId].sort());
    });
  });

  it('puts a triggered run message in the Inbox once its in-app step completes, in the run context', async () => {
    const res = await call<{ data: { status: string } }>(sandbox, '/v1/events/trigger', {
      method: 'POST',
      body: { name: 'comment-mention', to: F.notificationSubscriberId, payload: { author: 'Zed', commentText: 'hi' }, context: { tenant: 'globex' }, transactionId: 'inbox-trigger-1' },
    });
    assert.equal(res.status, 201);
    const deadline = Date.now() + 5000;
    let found: Item | undefined;
    while (!found && Date.now() < deadline) {
      found = (await list(sandbox, `?contextKeys=${F.globexContextKey}`)).data.find((m) => m.transactionId === 'inbox-trigger-1');
      if (!found) await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(found, 'the message arrives');
    assert.deepEqual([found.subject, found.body, found.isRead, found.isSeen], ['Zed mentioned you', '“hi”', false, false]);
    assert.deepEqual((await list(sandbox, '?contextKeys=')).data.filter((m) => m.transactionId === 'inbox-trigger-1'), []);
  });

  describe('POST /v1/inbox/session', () => {
    const session = (sandbox: Sandbox, body: unknown) => call<{ data: Session } & ErrorBody>(sandbox, '/v1/inbox/session', { method: 'POST', body, auth: false });

    it('opens a Development session without a key or a hash; the unread count is of its exact context', async () => {
      const fresh = await startSandbox();
      try {
        const res = await session(fresh, { applicationIdentifier: F.developmentApplicationIdentifier, subscriber: F.notificationSubscriberId });
        assert.equal(res.status, 201);
        assert.deepEqual({ ...res.body.data, token: typeof res.body.data.token }, { token: 'string', totalUnreadCount: 4, removeNovuBranding: false, contextKeys: [] });
        const acme = await session(fresh, { applicationIdentifier: F.developmentApplicationIdentifier, subscriberId: F.notificationSubscriberId, context: { tenant: 'acme' } });
        assert.deepEqual([acme.body.data.totalUnreadCount, acme.body.data.contextKeys], [1, [F.acmeContextKey]]);
      } finally {
        await fresh.close();
      }
    });

    it('creates an unknown subscriber and never a context', async () => {
      const res = await session(sandbox, { applicationIdentifier: F.developmentApplicationIdentifier, subscriber: { subscriberId: 'browser-user-1', firstName: 'Bea' }, context: { tenant: 'newco' } });
      assert.equal(res.status, 201);
      assert.equal(res.body.data.totalUnreadCount, 0);
      assert.equal(sandbox.state.subscriber('browser-user-1')?.firstName, 'Bea');
      assert.equal((await get<ErrorBody>(sandbox, '/v2/contexts/tenant/newco')).status, 404);
    });

    it('answers 400 for an unknown application identifier', async () => {
      const res = await session(sandbox, { applicationIdentifier: 'nope', subscriber: F.notificationSubscriberId });
      assert.equal(res.status, 400);
      assert.equal(res.body.message, 'Please provide a valid application identifier');
    });

    it('requires the HMAC of the subscriberId with the environment key where the in-app integration has hmac', async () => {
      const body = { applicationIdentifier: F.productionApplicationIdentifier, subscriber: F.notificationSubscriberId };
      const missing = await session(sandbox, body);
      assert.equal(missing.status, 400);
      assert.equal(missing.body.message, 'Please provide a valid HMAC hash');
      const wrong = await session(sandbox, { ...body, subscriberHash: createHmac('sha256', sandbox.apiKey).update(F.notificationSubscriberId).digest('hex') });
      assert.equal(wrong.status, 400);
      const right = await session(sandbox, { ...body, subscriberHash: createHmac('sha256', sandbox.productionApiKey).update(F.notificationSubscriberId).digest('hex') });
      assert.equal(right.status, 201);
    });
  });

  it('adds plain messages with inboxItems, and the hostile message with markupTopics', async () => {
    const big = await startSandbox({ inboxItems: 500, markupTopics: true });
    try {
      const counts = await get<{ data: { count: number }[] }>(big, `${ALICE}/count?filters=${encodeURIComponent(JSON.stringify([{ read: false }, {}]))}`);
      assert.deepEqual(counts.body.data.map((d) => d.count), [8 + 1 + 250, 16 + 1 + 500]);
      const page = await list(big, '?limit=100&offset=400');
      assert.equal(page.data.length, 100);
      assert.equal(page.hasMore, true);
      const markup = await list(big, `?contextKeys=${F.markupContextKey}`);
      assert.deepEqual(markup.data.map((m) => m.id), [F.markupInboxMessageId]);
      assert.equal(markup.data[0]?.subject, F.markupTopicName);
    } finally {
      await big.close();
    }
  });

  it('answers Nest bare 404 for the Inbox routes when started without the inbox', async () => {
    const bare = await startSandbox({ without: ['inbox'] });
    try {
      const res = await get<unknown>(bare, ALICE);
      assert.deepEqual(res.body, { message: `Cannot GET ${ALICE}`, error: 'Not Found', statusCode: 404 });
      const s = await call<{ message: string }>(bare, '/v1/inbox/session', { method: 'POST', body: {}, auth: false });
      assert.equal(s.status, 404);
      assert.equal(s.body.message, 'Cannot POST /v1/inbox/session');
    } finally {
      await bare.close();
    }
  });
});
