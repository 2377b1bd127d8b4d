/** Following a re-send (issue 38.3): where each new run stands, the one line, and the look-ups in batches of 50, three at a time. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Notification, NotificationListQuery, NotificationPage } from '../../../src/api';
import { FOLLOW_BATCH, countOutcomes, followLine, lookUpOnce, outcomeOfRun, type RunOutcome } from '../../../src/failures/follow';
import { causeKeysOf, causeTitlesOf } from '../../../src/failures/grouping';
import { buildNotification } from '../../fixtures/builders';

const AT = Date.parse('2026-11-28T06:00:00Z');

function run(id: string, transactionId: string, job: { type: string; status: string; providerId?: string; detail: string; raw?: string }): Notification {
  const n = buildNotification({ _id: id, transactionId, createdAt: new Date(AT).toISOString(), _subscriberId: 'ada', subscriber: { _id: 's-ada', subscriberId: 'ada' }, template: { _id: 't-reset', name: 'reset', triggers: [{ identifier: 'reset' }] } } as never, 0, 0) as Notification;
  return { ...n, jobs: [{ _id: `${id}-j`, type: job.type, status: job.status, providerId: job.providerId ?? null, executionDetails: [{ _id: `${id}-d`, status: job.status === 'failed' ? 'Failed' : 'Success', detail: job.detail, raw: job.raw ?? null, providerId: job.providerId ?? null, createdAt: new Date(AT).toISOString() }] }] } as never;
}

const refused = { type: 'email', status: 'failed', providerId: 'sendgrid', detail: 'Unexpected provider error', raw: JSON.stringify({ message: '550 5.1.1 <ada@x.com>: Recipient address rejected' }) };
const badNumber = { type: 'sms', status: 'failed', providerId: 'twilio', detail: 'Unexpected provider error', raw: JSON.stringify({ code: 21211, message: "The 'To' number +15550100 is not a valid phone number." }) };
const sent = { type: 'email', status: 'completed', providerId: 'sendgrid', detail: 'Message sent' };
const queued = { type: 'email', status: 'queued', detail: 'Step queued' };

describe('follow', () => {
  const group = causeKeysOf(run('x', 'tx', refused))[0]!;

  it('says where a new run stands: sent, failed again with the group’s cause or another (named), or still on its way', () => {
    assert.equal(outcomeOfRun(run('a', 'ta', sent), group), 'sent');
    assert.equal(outcomeOfRun(run('b', 'tb', refused), group), 'failedSame');
    assert.equal(outcomeOfRun(run('c', 'tc', badNumber), group), 'failedOther');
    assert.equal(outcomeOfRun(run('d', 'td', queued), group), 'pending');
    assert.deepEqual(causeTitlesOf(run('c', 'tc', badNumber)), ['SMS · Twilio · the provider refused the message']);
    assert.deepEqual(causeTitlesOf(run('a', 'ta', sent)), []);
  });

  it('says the follow in one line, leaving out what is zero', () => {
    const outcomes = new Map<string, RunOutcome>([['1', 'sent'], ['2', 'sent'], ['3', 'failedSame'], ['4', 'failedOther']]);
    const counts = countOutcomes(outcomes, 6);
    assert.deepEqual(counts, { total: 6, sent: 2, failedSame: 1, failedOther: 1, pending: 2 });
    assert.equal(followLine(counts), '6 sent again: 2 sent, 1 failed again with the same cause, 1 failed with another cause, 2 pending');
    assert.equal(followLine(countOutcomes(new Map([['1', 'sent']]), 1)), '1 sent again: 1 sent');
  });

  it('looks the open runs up 50 to a request, three at a time, reads a page on, and never asks again for a settled run', async () => {
    const ids = Array.from({ length: 170 }, (_, i) => `nx-act-${i}`);
    const asked: string[][] = [];
    let inFlight = 0;
    let most = 0;
    const reader = {
      async listNotifications(query: NotificationListQuery): Promise<NotificationPage> {
        const wanted = [query.transactionId].flat() as string[];
        asked.push(wanted);
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        // Each batch answers in two pages of 25; the 10 last ids are not found yet.
        const found = wanted.filter((id) => Number(id.split('-')[2]) < 160).map((id, i) => run(`n-${id}`, id, i % 3 === 0 ? refused : i % 3 === 1 ? sent : badNumber));
        const page = query.page ?? 0;
        const data = found.slice(page * 25, page * 25 + 25);
        return { data, hasMore: page * 25 + 25 < found.length, page, pageSize: query.limit ?? 50 } as NotificationPage;
      },
    };
    const outcomes = new Map<string, RunOutcome>();
    const seen: string[] = [];
    await lookUpOnce(reader, ids, outcomes, group, undefined, (n, outcome) => seen.push(`${n.transactionId}:${outcome}`));
    assert.ok(asked.every((batch) => batch.length <= FOLLOW_BATCH));
    assert.equal(new Set(asked.map((b) => b.join())).size, 4, 'four batches: 50, 50, 50, 20');
    assert.ok(most <= 3, `${most} at once`);
    assert.equal(outcomes.size, 160);
    assert.equal(seen.length, 160);
    assert.ok(seen.includes('nx-act-0:failedSame') && seen.includes('nx-act-1:sent') && seen.includes('nx-act-2:failedOther'));
    // The next look asks only for those not settled: the 10 not found.
    asked.length = 0;
    await lookUpOnce(reader, ids, outcomes, group);
    assert.deepEqual(asked.flat().sort(), ids.slice(160).sort());
  });
});
