/** Issue 16: the trigger that sends a notification again, and every trigger status said truthfully. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TRIGGER_STATUSES, validateTriggerBody } from '../../../src/api';
import { buildTriggerBody, describeTriggerResult } from '../../../src/format/triggerBody';
import { buildNotification } from '../../fixtures/builders';

const HOSTILE = '<img src=x onerror=alert(1)> "quoted" ${x}';

describe('the trigger built from a notification', () => {
  const original = buildNotification({
    transactionId: 'txn-old',
    template: { _id: 'wf1', name: 'Welcome', triggers: [{ identifier: 'welcome-email', type: 'event' }] },
    subscriber: { subscriberId: 'sub-1', firstName: HOSTILE },
    payload: { name: HOSTILE, nested: { list: [1, 2] } },
    to: { subscriberId: 'sub-1' },
  });
  original.jobs![0]!.overrides = { email: { from: 'a@example.com' }, providers: { sendgrid: { credentials: { apiKey: 'SECRET' }, ipPool: 'x' } } };

  it('takes the trigger identifier, the subscriber, the payload and the first overrides, under the new transaction id', () => {
    const built = buildTriggerBody(original, 'txn-new');
    assert.ok('body' in built);
    assert.deepEqual(built.body, {
      name: 'welcome-email',
      to: 'sub-1',
      payload: { name: HOSTILE, nested: { list: [1, 2] } },
      overrides: { email: { from: 'a@example.com' }, providers: { sendgrid: { ipPool: 'x' } } },
      transactionId: 'txn-new',
    });
    assert.ok(!JSON.stringify(built.body).includes('SECRET'), 'no credentials travel');
    assert.deepEqual(validateTriggerBody(built.body), {});
  });

  it('never reuses the old transaction id, and copies nothing the original did not carry', () => {
    const reused = buildTriggerBody(original, 'txn-old');
    assert.ok('problem' in reused);
    const bare = buildNotification({ template: { triggers: [{ identifier: 'w' }] }, subscriber: { subscriberId: 's' }, payload: undefined });
    for (const job of bare.jobs ?? []) job.overrides = undefined;
    const built = buildTriggerBody(bare, 'txn-2');
    assert.ok('body' in built);
    assert.deepEqual(built.body, { name: 'w', to: 's', payload: {}, transactionId: 'txn-2' });
  });

  it('falls back to `to` for the subscriber, and says why when the notification cannot be sent again', () => {
    const viaTo = buildTriggerBody(buildNotification({ template: { triggers: [{ identifier: 'w' }] }, subscriber: null, to: { subscriberId: 'from-to' } }), 't');
    assert.ok('body' in viaTo && viaTo.body.to === 'from-to');
    const noWorkflow = buildTriggerBody(buildNotification({ template: { name: 'x', triggers: [] }, subscriber: { subscriberId: 's' } }), 't');
    assert.match('problem' in noWorkflow ? noWorkflow.problem : '', /trigger identifier/);
    const noSubscriber = buildTriggerBody(buildNotification({ template: { triggers: [{ identifier: 'w' }] }, subscriber: null, to: null }), 't');
    assert.match('problem' in noSubscriber ? noSubscriber.problem : '', /subscriber/);
  });
});

describe('a trigger body checked before it is sent', () => {
  it('names each problem at its field', () => {
    assert.deepEqual(Object.keys(validateTriggerBody([])), ['body']);
    assert.deepEqual(Object.keys(validateTriggerBody({})).sort(), ['name', 'to']);
    assert.deepEqual(Object.keys(validateTriggerBody({ name: 'w', to: ['ok', '', { type: 'Topic' }, { subscriberId: 's' }] })).sort(), ['to.1', 'to.2']);
    assert.deepEqual(Object.keys(validateTriggerBody({ name: 'w', to: Array.from({ length: 101 }, (_, i) => `s${i}`) })), ['to']);
    assert.deepEqual(Object.keys(validateTriggerBody({ name: 'w', to: 's', payload: [], overrides: 'x', transactionId: '' })).sort(), ['overrides', 'payload', 'transactionId']);
    assert.deepEqual(validateTriggerBody({ name: 'w', to: { type: 'Topic', topicKey: 'news' }, payload: {} }), {});
  });
});

describe('the trigger status in words', () => {
  it('calls only `processed` a success, and says every other status differently', () => {
    const messages = new Set<string>();
    for (const status of TRIGGER_STATUSES) {
      const outcome = describeTriggerResult({ acknowledged: true, status }, 'Welcome');
      assert.equal(outcome.started, status === 'processed', status);
      assert.equal(outcome.status, status);
      if (status !== 'processed') assert.match(outcome.message, /^Not sent/, status);
      messages.add(outcome.message);
    }
    assert.equal(messages.size, TRIGGER_STATUSES.length, 'each status has its own words');
  });

  it("gives an error's own messages, and an unknown status as it came", () => {
    assert.match(describeTriggerResult({ status: 'error', error: ['Payload is missing "order"', 'second'] }, 'W').message, /Payload is missing "order"; second/);
    assert.match(describeTriggerResult({ status: 'error', error: 'one string' }, 'W').message, /one string/);
    assert.match(describeTriggerResult({ status: 'error' }, 'W').message, /no message/);
    const unknown = describeTriggerResult({ status: 'rate_shaped' }, 'W');
    assert.equal(unknown.started, false);
    assert.match(unknown.message, /"rate_shaped"/);
  });
});
