/** What the re-send keeps of a window's runs: a reference per failed run and group, when each person last got each workflow, each run once. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Notification } from '../../../src/api';
import { RunLedger, channelsSent, refOf } from '../../../src/failures/runLedger';
import { buildJob, buildNotification } from '../../fixtures/builders';

function notification(id: string, subscriberId: string, at: string, status: 'completed' | 'failed', workflow = 'password-reset'): Notification {
  return buildNotification({
    _id: id,
    transactionId: `tx-${id}`,
    createdAt: at,
    subscriber: { subscriberId },
    template: { _id: `wf-${workflow}`, name: workflow, triggers: [{ identifier: workflow }] },
    jobs: [buildJob({ type: 'trigger', status: 'completed' }), buildJob({ status })],
  });
}

describe('RunLedger', () => {
  it('keeps each failed run once per group, newest first, across pages that repeat a run', () => {
    const ledger = new RunLedger();
    assert.equal(ledger.note(notification('n1', 'ada', '2026-11-28T06:01:00Z', 'failed'), ['email-sg']), true);
    assert.equal(ledger.note(notification('n2', 'bob', '2026-11-28T06:05:00Z', 'failed'), ['email-sg', 'sms-tw']), true);
    // The next page repeats n2 (a new run arrived and shifted the offset).
    assert.equal(ledger.note(notification('n2', 'bob', '2026-11-28T06:05:00Z', 'failed'), ['email-sg']), false);
    assert.deepEqual(ledger.runsOf('email-sg').map((r) => r.notificationId), ['n2', 'n1']);
    assert.deepEqual(ledger.runsOf('sms-tw').map((r) => r.notificationId), ['n2']);
    assert.deepEqual(ledger.runsOf('none'), []);
    assert.equal(ledger.runsNoted, 2);
  });

  it('records the newest sent run per subscriber and workflow, whatever order the pages come in', () => {
    const ledger = new RunLedger();
    ledger.note(notification('s2', 'ada', '2026-11-28T06:30:00Z', 'completed'), []);
    ledger.note(notification('s1', 'ada', '2026-11-28T06:10:00Z', 'completed'), []);
    ledger.note(notification('f1', 'ada', '2026-11-28T06:40:00Z', 'failed'), ['g']);
    ledger.note(notification('s3', 'ada', '2026-11-28T06:50:00Z', 'completed', 'welcome'), []);
    assert.equal(ledger.lastSentMs('ada', 'password-reset', 'email'), Date.parse('2026-11-28T06:30:00Z'));
    assert.equal(ledger.lastSentMs('ada', 'welcome', 'email'), Date.parse('2026-11-28T06:50:00Z'));
    assert.equal(ledger.lastSentMs('ada', 'welcome', 'sms'), undefined, 'per channel');
    assert.equal(ledger.lastSentMs('bob', 'password-reset', 'email'), undefined);
  });

  it('keeps references, not notifications: no payload, no jobs', () => {
    const ledger = new RunLedger();
    ledger.note(notification('n1', 'ada', '2026-11-28T06:01:00Z', 'failed'), ['g']);
    assert.deepEqual(ledger.runsOf('g')[0], { notificationId: 'n1', subscriberId: 'ada', workflow: 'password-reset', workflowId: 'wf-password-reset', atMs: Date.parse('2026-11-28T06:01:00Z'), transactionId: 'tx-n1' });
  });
});

describe('channelsSent and refOf', () => {
  it('names the channels a run reached: those whose every step completed, whatever the other channels did', () => {
    assert.deepEqual(channelsSent({ jobs: [buildJob({ type: 'trigger' }), buildJob({ type: 'email', status: 'completed' }), buildJob({ type: 'sms', status: 'completed' })] }), ['email', 'sms']);
    assert.deepEqual(channelsSent({ jobs: [buildJob({ type: 'email', status: 'completed' }), buildJob({ type: 'sms', status: 'canceled' })] }), ['email']);
    assert.deepEqual(channelsSent({ jobs: [buildJob({ type: 'email', status: 'completed' }), buildJob({ type: 'email', status: 'failed' })] }), []);
    assert.deepEqual(channelsSent({ jobs: [buildJob({ type: 'trigger' })] }), []);
    assert.deepEqual(channelsSent({ jobs: null }), []);
  });

  it('reads the subscriber from `to` when the run has no subscriber object', () => {
    const n = buildNotification({ subscriber: null, to: { subscriberId: 'cy' }, template: { triggers: [{ identifier: '' }, { identifier: 'w' }] } });
    const ref = refOf(n, 5);
    assert.equal(ref.subscriberId, 'cy');
    assert.equal(ref.workflow, 'w');
  });
});
