/** The failures' grouping (issue 38.1): by channel, provider and masked reason, only what groups need. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BARS, EXAMPLES, causeKeysOf, createGrouping } from '../../../src/failures/grouping';
import { failedRun as run, sendgrid, twilio } from '../../fixtures/failures';

const START = Date.parse('2026-11-28T06:00:00Z');
const END = START + 3_600_000;

describe('createGrouping', () => {
  it('keeps every failed run of a group as a reference for its re-send, counts a run seen twice once, and says the cause keys of a new run', () => {
    const g = createGrouping({ startMs: START, endMs: END });
    g.add([run('a', 'ada', START + 60_000, sendgrid('ada@x.com')), run('b', 'bob', START + 120_000, sendgrid('bob@y.com'))]);
    // Offset paging shifted: "b" comes again on the next page.
    g.add([run('b', 'bob', START + 120_000, sendgrid('bob@y.com')), run('c', 'cy', START + 180_000, twilio('+15550100'))]);
    assert.equal(g.runsRead, 3);
    const [email, sms] = g.groups();
    assert.equal(email!.runs, 2);
    assert.deepEqual(g.runsOf(email!.key).map((r) => [r.notificationId, r.subscriberId, r.workflow]), [['b', 'bob', 'order-shipped'], ['a', 'ada', 'order-shipped']]);
    assert.deepEqual(g.runsOf(sms!.key).map((r) => r.notificationId), ['c']);
    g.add([run('sent', 'ada', START + 200_000, { type: 'email', status: 'completed', providerId: 'sendgrid', detail: 'Message sent' })]);
    assert.equal(g.lastSentMs('ada', 'order-shipped', 'email'), START + 200_000);
    assert.equal(g.lastSentMs('ada', 'order-shipped', 'sms'), undefined);
    assert.equal(g.lastSentMs('bob', 'order-shipped', 'email'), undefined);
    // A new run failing the same way joins the same group; one that went out joins none.
    assert.deepEqual(causeKeysOf(run('n1', 'dee', START + 300_000, sendgrid('dee@z.com'))), [email!.key]);
    assert.deepEqual(causeKeysOf(run('n2', 'dee', START + 300_000, twilio('+15550199'))), [sms!.key]);
    assert.deepEqual(causeKeysOf(run('n3', 'dee', START + 300_000, { type: 'email', status: 'completed', providerId: 'sendgrid', detail: 'Message sent' })), []);
  });

  it('groups the same refusal to different people as one cause, and different causes apart', () => {
    const g = createGrouping({ startMs: START, endMs: END });
    g.add([run('a', 'ada', START + 60_000, sendgrid('ada@x.com')), run('b', 'bob', START + 120_000, sendgrid('bob@y.com')), run('c', 'cy', START + 180_000, twilio('+15550100'))]);
    g.add([run('d', 'dee', START + 240_000, twilio('+4915112345678')), run('e', 'ada', START + 300_000, sendgrid('ada@x.com'), 'welcome')]);
    const groups = g.groups();
    assert.equal(groups.length, 2);
    const [email, sms] = groups;
    assert.equal(email!.channel, 'email');
    assert.equal(email!.provider, 'SendGrid');
    assert.equal(email!.runs, 3);
    assert.equal(email!.subscribers, 2);
    assert.deepEqual(email!.workflows, ['order-shipped', 'welcome']);
    assert.equal(email!.message, '550 5.1.1 <[email]>: Recipient address rejected');
    assert.equal(email!.firstMs, START + 60_000);
    assert.equal(email!.lastMs, START + 300_000);
    assert.equal(sms!.runs, 2);
    assert.ok(!sms!.message!.includes('555'));
    assert.equal(g.runsRead, 5);
    assert.equal(g.failedSteps, 5);
    // The newest run first: the one to diagnose.
    assert.equal(g.representative(email!.key), 'e');
    // Once Ada's welcome was sent after her failure, the one to diagnose is the newest still not made good.
    g.add([run('sent', 'ada', START + 400_000, { type: 'email', status: 'completed', providerId: 'sendgrid', detail: 'Message sent' }, 'welcome')]);
    assert.equal(g.representative(email!.key), 'b');
    // A sent run before the failure makes nothing good.
    g.add([run('early', 'bob', START + 10_000, { type: 'email', status: 'completed', providerId: 'sendgrid', detail: 'Message sent' })]);
    assert.equal(g.representative(email!.key), 'b');
  });

  it('charts a group over its own span, every failure in one bar, and keeps only the newest runs', () => {
    const g = createGrouping({ startMs: START - 23 * 3_600_000, endMs: END });
    // 40 minutes of failures in a 24-hour window: the chart spans the outage, not the day.
    const runs = Array.from({ length: 120 }, (_, i) => run(`r${i}`, `s${i}`, START + i * 20_000, sendgrid(`p${i}@x.com`)));
    g.add(runs.slice(60));
    g.add(runs.slice(0, 60));
    const [group] = g.groups();
    const bars = group!.bars;
    assert.ok(bars.length > 12 && bars.length <= BARS, `${bars.length} bars`);
    assert.equal(bars.reduce((a, b) => a + b.count, 0), 120);
    assert.ok(bars[0]!.fromMs <= START && bars[0]!.fromMs > START - 30 * 60_000, 'starts a little before the first failure');
    assert.ok(bars.at(-1)!.toMs >= START + 119 * 20_000 && bars.at(-1)!.toMs < START + 119 * 20_000 + 30 * 60_000, 'ends a little after the last');
    for (let i = 1; i < bars.length; i++) assert.equal(bars[i]!.fromMs, bars[i - 1]!.toMs);
    assert.equal(bars[0]!.count, 0, 'quiet before the outage');
    assert.equal(group!.examples.length, EXAMPLES);
    assert.deepEqual(group!.examples.slice(0, 2).map((e) => e.notificationId), ['r119', 'r118']);
  });

  it('counts neither a delivered step nor one canceled because an earlier step failed', () => {
    const g = createGrouping({ startMs: START, endMs: END });
    g.add([
      run('ok', 'ada', START + 1000, { type: 'email', status: 'completed', providerId: 'sendgrid', detail: 'Message sent' }),
      run('prev', 'bob', START + 2000, { type: 'sms', status: 'canceled', detail: 'Step was canceled because a previous step failed' }),
    ]);
    assert.deepEqual(g.groups(), []);
    assert.equal(g.runsRead, 2);
  });

  it('makes one group of one provider and one of its codes, however worded; an HTTP status alone does not (issue 45, A2)', () => {
    const g = createGrouping({ startMs: START, endMs: END });
    const sms = (raw: string, detail = 'Unexpected provider error') => ({ type: 'sms', status: 'failed', providerId: 'twilio', detail, raw });
    const forbidden = (message: string) => ({ type: 'email', status: 'failed', providerId: 'sendgrid', detail: 'Unexpected provider error', raw: JSON.stringify({ code: 403, message: 'Forbidden', response: { body: { errors: [{ message }] } } }) });
    g.add([
      run('a', 'ada', START + 1000, twilio('+15550100')),
      run('b', 'bob', START + 2000, sms(JSON.stringify({ status: 400, code: 21211, message: "Invalid 'To' Phone Number: +1000555" }))),
      // A detail in words the service does not use, with Twilio's answer: the same code.
      run('c', 'cy', START + 3000, sms(JSON.stringify({ code: 21211, message: "The 'To' number +4915112345678 is not a valid phone number." }), "Twilio error 21211: the 'To' number is not a valid phone number")),
      run('d', 'dee', START + 4000, sms(JSON.stringify({ code: 21408, message: 'Permission to send an SMS has not been enabled for the region' }))),
      run('e', 'eve', START + 5000, forbidden('The from address does not match a verified Sender Identity')),
      run('f', 'fay', START + 6000, forbidden('Access forbidden: the API key lacks the mail.send permission')),
    ]);
    const groups = g.groups();
    const twilioGroups = groups.filter((x) => x.provider === 'Twilio');
    assert.deepEqual(twilioGroups.map((x) => [x.code, x.runs]), [['21211', 3], ['21408', 1]]);
    const sendgrid = groups.filter((x) => x.provider === 'SendGrid');
    assert.equal(sendgrid.length, 2, 'two 403s of different causes stay two groups');
    assert.ok(sendgrid.every((x) => x.code === undefined && x.httpStatus === 403));
  });

  it('never gives two groups one title: the code, the start of the message, then all of it (issue 45, A3)', () => {
    const g = createGrouping({ startMs: START, endMs: END });
    const refusal = (message: string) => ({ type: 'email', status: 'failed', providerId: 'sendgrid', detail: 'Unexpected provider error', raw: JSON.stringify({ message }) });
    const long = 'The from address does not match a verified Sender Identity and mail cannot be sent until';
    g.add([
      run('a', 'ada', START + 1000, refusal('The from address does not match a verified Sender Identity. Visit https://x.example/a to fix it.')),
      run('b', 'bob', START + 2000, refusal('Permission denied, wrong credentials')),
      run('c', 'cy', START + 3000, sendgrid('cy@x.com')),
      run('d', 'dee', START + 4000, refusal(`${long} this one is resolved.`)),
      run('e', 'eve', START + 5000, refusal(`${long} that one is resolved.`)),
    ]);
    const titles = g.groups().map((x) => x.cause);
    assert.equal(new Set(titles).size, titles.length, titles.join(' | '));
    assert.ok(titles.includes('the provider refused the message: The from address does not match a verified Sender Identity.'));
    assert.ok(titles.includes('the provider refused the message: Permission denied, wrong credentials'));
    assert.ok(titles.includes('the provider refused the message (error 5.1.1)'));
    // Two messages that start alike: each title says all of its message.
    assert.ok(titles.some((t) => t.endsWith('this one is resolved.')) && titles.some((t) => t.endsWith('that one is resolved.')), titles.join(' | '));
  });
});
