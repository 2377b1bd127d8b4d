/** Issue 45, A1: later sends looked for from each failure up to now, in a bounded number of list requests. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Notification, NotificationListQuery, NotificationPage } from '../../../src/api';
import { LATER_BATCH, LATER_PAGES, findLaterSends } from '../../../src/failures/laterSends';
import type { RunRef } from '../../../src/failures/runLedger';
import { buildJob, buildNotification } from '../../fixtures/builders';

const T0 = Date.parse('2026-11-28T14:00:00Z');
const MIN = 60_000;

const failed = (subscriberId: string, minute: number, workflow = 'password-reset'): RunRef => ({ notificationId: `f-${subscriberId}-${minute}`, subscriberId, workflow, workflowId: `wf-${workflow}`, atMs: T0 + minute * MIN });

function later(subscriberId: string, minute: number, jobs: { type: string; status: string }[], workflow = 'password-reset'): Notification {
  return buildNotification({
    _id: `n-${subscriberId}-${minute}`,
    createdAt: new Date(T0 + minute * MIN).toISOString(),
    subscriber: { subscriberId },
    template: { _id: `wf-${workflow}`, name: workflow, triggers: [{ identifier: workflow }] },
    jobs: [buildJob({ type: 'trigger', status: 'completed' }), ...jobs.map((j) => buildJob(j))],
  });
}

/** A list that answers from `all` as the service filters (§6): subscribers, workflows' `_id`, `after`; newest first, pages of `limit`. */
function service(all: Notification[]) {
  const asked: NotificationListQuery[] = [];
  return {
    asked,
    async listNotifications(query: NotificationListQuery): Promise<NotificationPage> {
      asked.push(query);
      const found = all
        .filter((n) => query.subscriberIds!.includes(n.subscriber?.subscriberId ?? '') && (!query.templates || query.templates.includes(n.template!._id!)) && n.createdAt! >= query.after!)
        .sort((a, b) => b.createdAt!.localeCompare(a.createdAt!));
      const limit = query.limit ?? 10;
      const page = query.page ?? 0;
      const data = found.slice(page * limit, page * limit + limit);
      return { data, hasMore: data.length === limit, page, pageSize: limit } as NotificationPage;
    },
  };
}

describe('findLaterSends', () => {
  it('finds a later run that reached the channel, past any window, by the group’s subscribers and workflows after the failure, with no end', async () => {
    const list = service([
      later('ada', 90, [{ type: 'email', status: 'completed' }, { type: 'sms', status: 'canceled' }]),
      later('bob', 95, [{ type: 'email', status: 'failed' }]),
      later('cy', 80, [{ type: 'email', status: 'completed' }], 'welcome'),
    ]);
    const found = await findLaterSends(list, [failed('ada', 10), failed('ada', 20), failed('bob', 30)], 'email');
    // Ada's email went out at 90 (her SMS did not: the email is what counts); Bob's failed again; Cy's is another workflow.
    assert.equal(found.lastSentMs('ada', 'password-reset'), T0 + 90 * MIN);
    assert.equal(found.lastSentMs('bob', 'password-reset'), undefined);
    assert.equal(found.lastSentMs('cy', 'welcome'), undefined);
    assert.equal(found.requests, 1);
    assert.equal(found.complete, true);
    const [query] = list.asked;
    assert.deepEqual(query!.subscriberIds, ['ada', 'bob']);
    assert.deepEqual(query!.templates, ['wf-password-reset']);
    assert.equal(query!.after, new Date(T0 + 10 * MIN).toISOString(), 'from the oldest failure');
    assert.equal(query!.before, undefined, 'up to now');
    // Not on the SMS channel.
    assert.equal((await findLaterSends(list, [failed('ada', 10)], 'sms')).lastSentMs('ada', 'password-reset'), undefined);
  });

  it('asks at most LATER_PAGES pages for each batch of LATER_BATCH subscribers, and says when it stopped at that limit', async () => {
    const people = Array.from({ length: LATER_BATCH + 10 }, (_, i) => `p${i}`);
    // The first batch's people have many later runs; the second's few.
    const runs = people.flatMap((p, i) => Array.from({ length: i < LATER_BATCH ? 12 : 1 }, (_, k) => later(p, 100 + k, [{ type: 'email', status: 'completed' }])));
    const list = service(runs);
    const found = await findLaterSends(list, people.map((p) => failed(p, 1)), 'email');
    assert.equal(list.asked.filter((q) => q.subscriberIds!.length === LATER_BATCH).length, LATER_PAGES);
    assert.equal(list.asked.filter((q) => q.subscriberIds!.length === 10).length, 1);
    assert.equal(found.requests, LATER_PAGES + 1);
    assert.equal(found.complete, false);
    // The newest pages came first: the newest later send of each person in them is known.
    assert.equal(found.lastSentMs('p0', 'password-reset'), T0 + 111 * MIN);
    assert.equal(found.lastSentMs(`p${LATER_BATCH}`, 'password-reset'), T0 + 100 * MIN);
  });
});
