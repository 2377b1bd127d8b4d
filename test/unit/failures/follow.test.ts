/** Following a re-send (issue 38.3): where each new run stands, the one line, and the look-ups in batches of 50, three at a time. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Notification, NotificationListQuery, NotificationPage } from '../../../src/api';
import { FOLLOW_BATCH, countOutcomes, followLine, judgeRun, lookUpOnce, type RunJudgement } from '../../../src/failures/follow';
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

/** A run of several steps, each `[type, status, detail]`. */
function steps(id: string, ...jobs: [string, string, string, string?][]): Notification {
  const n = run(id, `t${id}`, sent);
  return {
    ...n,
    jobs: jobs.map(([type, status, detail, raw], i) => ({ _id: `${id}-j${i}`, type, status, providerId: type === 'email' ? 'sendgrid' : null, executionDetails: [{ _id: `${id}-d${i}`, status: status === 'completed' ? 'Success' : 'Failed', detail, raw: raw ?? null, providerId: null, createdAt: new Date(AT).toISOString() }] })),
  } as never;
}

describe('follow', () => {
  const key = causeKeysOf(run('x', 'tx', refused))[0]!;
  const group = { key, channel: 'email' };
  const judged = (entries: [string, RunJudgement][]) => new Map(entries);

  it('judges a new run on the group’s step: sent, failed again with its cause or another (named), skipped (named), or still on its way', () => {
    assert.deepEqual(judgeRun(run('a', 'ta', sent), group), { outcome: 'sent', otherSteps: [] });
    assert.deepEqual(judgeRun(run('b', 'tb', refused), group), { outcome: 'failedSame', otherSteps: [] });
    assert.equal(judgeRun(run('d', 'td', queued), group).outcome, 'pending');
    // Another cause on the group's own channel: named.
    const bounced = { ...refused, raw: JSON.stringify({ message: 'Mailbox full' }) };
    assert.deepEqual(judgeRun(run('c', 'tc', bounced), group), { outcome: 'failedOther', why: 'the provider refused the message: Mailbox full', otherSteps: [] });
    const off = judgeRun(steps('e', ['email', 'canceled', 'Step filtered by subscriber global preferences']), group);
    assert.deepEqual(off, { outcome: 'skipped', why: 'the subscriber turned email off for every workflow', otherSteps: [] });
    assert.deepEqual(causeTitlesOf(run('c', 'tc', badNumber)), ['SMS · Twilio · the provider refused the message (error 21211)']);
    assert.deepEqual(causeTitlesOf(run('a', 'ta', sent)), []);
  });

  it('counts a run whose email went out as sent when another step failed, and says that step apart; waits for every step to settle', () => {
    const emailAndNoPhone = steps('f', ['email', 'completed', 'Message sent'], ['sms', 'canceled', 'Subscriber missing phone number']);
    assert.deepEqual(judgeRun(emailAndNoPhone, group), { outcome: 'sent', otherSteps: ['the SMS step was skipped (no phone number)'] });
    const smsRefused = steps('g', ['email', 'completed', 'Message sent'], ['sms', 'failed', 'Unexpected provider error', JSON.stringify({ code: 21211, message: 'bad' })]);
    assert.deepEqual(judgeRun(smsRefused, group).otherSteps, ['the SMS step failed (the provider refused the message (error 21211))']);
    assert.equal(judgeRun(steps('h', ['email', 'completed', 'Message sent'], ['sms', 'pending', 'Step queued']), group).outcome, 'pending');
    // The email canceled because an earlier step failed did not go out.
    const earlier = steps('i', ['sms', 'failed', 'Unexpected provider error', JSON.stringify({ code: 21211, message: 'bad' })], ['email', 'canceled', 'Step was canceled because a previous step failed']);
    assert.equal(judgeRun(earlier, group).outcome, 'failedOther');
  });

  it('says the follow in one line, in the channel’s words, leaving out what is zero', () => {
    const noPhone = ['the SMS step was skipped (no phone number)'];
    const all = judged([
      ['1', { outcome: 'sent', otherSteps: noPhone }],
      ['2', { outcome: 'sent', otherSteps: [] }],
      ['3', { outcome: 'failedSame', otherSteps: [] }],
      ['4', { outcome: 'skipped', why: 'the subscriber turned email off for every workflow', otherSteps: noPhone }],
      ['5', { outcome: 'failedOther', why: 'no email address', otherSteps: [] }],
    ]);
    assert.deepEqual(countOutcomes(all, 6), { total: 6, sent: 2, failedSame: 1, failedOther: 1, skipped: 1, pending: 1 });
    assert.equal(
      followLine('email', all, 6),
      '6 emails sent again: 2 sent, 1 failed again with the same cause, 1 failed with another cause (no email address), 1 skipped (the subscriber turned email off for every workflow), 1 pending; in 2 of these runs the SMS step was skipped (no phone number)',
    );
    assert.equal(followLine('email', judged([['1', { outcome: 'sent', otherSteps: [] }]]), 1), '1 email sent again: 1 sent');
    assert.equal(followLine('sms', judged([]), 2), '2 SMS messages sent again: 2 pending');
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
    const outcomes = new Map<string, RunJudgement>();
    const seen: string[] = [];
    await lookUpOnce(reader, ids, outcomes, group, undefined, (n, judgement) => seen.push(`${n.transactionId}:${judgement.outcome}`));
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
