/** "Send Again to These…": who is left out and why, the choice of one per person or every run, events built as Send Again builds one, transaction IDs, requests of 100. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Notification } from '../../../src/api';
import {
  chunk,
  eventFor,
  exclusionGroups,
  requestKey,
  resendTransactionId,
  selectRuns,
  workflowState,
  type SelectInput,
  type WorkflowState,
} from '../../../src/failures/resendPlan';
import type { RunRef } from '../../../src/failures/runLedger';
import { buildJob, buildNotification } from '../../fixtures/builders';

const T0 = Date.parse('2026-11-28T06:00:00Z');
const MIN = 60_000;

function run(id: string, subscriberId: string, minute: number, workflow = 'password-reset'): RunRef {
  return { notificationId: id, subscriberId, workflow, atMs: T0 + minute * MIN, transactionId: `tx-${id}` };
}

function input(runs: RunRef[], extra: Partial<SelectInput> = {}): SelectInput {
  return { runs, choice: 'everyRun', lastSentMs: () => undefined, workflowOf: () => ({ state: 'active' }), alreadySent: new Set(), ...extra };
}

const ids = (runs: readonly { notificationId: string }[]) => runs.map((r) => r.notificationId).sort();
const reasons = (excluded: readonly { run: RunRef; reason: string }[]) => Object.fromEntries(excluded.map((e) => [e.run.notificationId, e.reason]));

describe('selectRuns', () => {
  it('sends every failed run again when nothing leaves one out, newest first', () => {
    const runs = [run('a', 'ada', 1), run('b', 'bob', 3), run('c', 'ada', 2)];
    const { chosen, excluded } = selectRuns(input(runs));
    assert.deepEqual(chosen.map((r) => r.notificationId), ['b', 'c', 'a']);
    assert.deepEqual(excluded, []);
  });

  it('leaves out a run failed before a later run of the same workflow went out to the same subscriber', () => {
    const runs = [run('a', 'ada', 1), run('b', 'ada', 10), run('c', 'bob', 1), run('d', 'ada', 1, 'welcome')];
    // Ada got password-reset at minute 5: her failure at 1 is made good, the one at 10 is not. Bob's and the other workflow's stay.
    const lastSentMs = (subscriberId: string, workflow: string) => (subscriberId === 'ada' && workflow === 'password-reset' ? T0 + 5 * MIN : undefined);
    const { chosen, excluded } = selectRuns(input(runs, { lastSentMs }));
    assert.deepEqual(ids(chosen), ['b', 'c', 'd']);
    assert.deepEqual(reasons(excluded), { a: 'laterRunSent' });
  });

  it('leaves out every run of a workflow that is gone or inactive, and keeps a workflow it could not read', () => {
    const runs = [run('a', 'ada', 1, 'gone-wf'), run('b', 'bob', 1, 'off-wf'), run('c', 'cy', 1, 'off-wf'), run('d', 'dee', 1, 'unread-wf')];
    const states: Record<string, WorkflowState> = { 'gone-wf': { state: 'gone' }, 'off-wf': { state: 'inactive' }, 'unread-wf': { state: 'unknown' } };
    const { chosen, excluded } = selectRuns(input(runs, { workflowOf: (w) => states[w]! }));
    assert.deepEqual(ids(chosen), ['d']);
    assert.deepEqual(reasons(excluded), { a: 'workflowGone', b: 'workflowInactive', c: 'workflowInactive' });
  });

  it('leaves out a run this action already sent again (the action taken up again after a cancel)', () => {
    const runs = [run('a', 'ada', 1), run('b', 'bob', 2)];
    const { chosen, excluded } = selectRuns(input(runs, { alreadySent: new Set(['a']) }));
    assert.deepEqual(ids(chosen), ['b']);
    assert.deepEqual(reasons(excluded), { a: 'alreadySent' });
  });

  it('one per subscriber and workflow: the newest failed run goes, the older ones are said as such', () => {
    const runs = [run('a1', 'ada', 1), run('a2', 'ada', 7), run('a3', 'ada', 4), run('b1', 'bob', 2), run('a-w', 'ada', 3, 'welcome')];
    const { chosen, excluded } = selectRuns(input(runs, { choice: 'newestPerPair' }));
    assert.deepEqual(ids(chosen), ['a-w', 'a2', 'b1']);
    assert.deepEqual(reasons(excluded), { a1: 'olderRunOfPair', a3: 'olderRunOfPair' });
    const every = selectRuns(input(runs, { choice: 'everyRun' }));
    assert.equal(every.chosen.length, 5);
  });

  it('one per subscriber and workflow: a person this action reached already gets nothing more from an older failure, but its re-send that failed again goes', () => {
    const runs = [run('a1', 'ada', 1), run('a2', 'ada', 7)];
    const { chosen, excluded } = selectRuns(input(runs, { choice: 'newestPerPair', alreadySent: new Set(['a2']) }));
    assert.deepEqual(chosen, []);
    assert.deepEqual(reasons(excluded), { a1: 'pairSentAgain', a2: 'alreadySent' });
    // a2's re-send ran and failed again (a3, newer): that failure is the one to send now.
    const again = selectRuns(input([...runs, run('a3', 'ada', 9)], { choice: 'newestPerPair', alreadySent: new Set(['a2']) }));
    assert.deepEqual(again.chosen.map((r) => r.notificationId), ['a3']);
    assert.deepEqual(reasons(again.excluded), { a1: 'pairSentAgain', a2: 'alreadySent' });
    // Every run: each failed run not yet sent again goes, the older one included.
    const every = selectRuns(input([...runs, run('a3', 'ada', 9)], { choice: 'everyRun', alreadySent: new Set(['a2']) }));
    assert.deepEqual(every.chosen.map((r) => r.notificationId).sort(), ['a1', 'a3']);
  });

  it('one per subscriber and workflow: the newest failure after the last sent run goes, older ones before it are made good', () => {
    const runs = [run('a1', 'ada', 1), run('a2', 'ada', 3), run('a3', 'ada', 9), run('a4', 'ada', 8)];
    const { chosen, excluded } = selectRuns(input(runs, { choice: 'newestPerPair', lastSentMs: () => T0 + 5 * MIN }));
    assert.deepEqual(ids(chosen), ['a3']);
    assert.deepEqual(reasons(excluded), { a1: 'laterRunSent', a2: 'laterRunSent', a4: 'olderRunOfPair' });
  });

  it('one per subscriber and workflow: a newest run whose payload the schema refuses gives way to the newest that passes, each said truly (issue 45, A5)', () => {
    const runs = [run('a1', 'ada', 1), run('a2', 'ada', 4), run('a3', 'ada', 7), run('b1', 'bob', 2)];
    const refusal = (r: RunRef) => (r.notificationId === 'a3' || r.notificationId === 'b1' ? { run: r, reason: 'payloadRefused' as const, detail: 'payload.orderId: is required' } : undefined);
    const { chosen, excluded } = selectRuns(input(runs, { choice: 'newestPerPair', refusal }));
    assert.deepEqual(ids(chosen), ['a2'], 'Ada gets her newest run that passes; Bob, whose only run is refused, gets none');
    assert.deepEqual(reasons(excluded), { a1: 'olderRunOfPair', a3: 'payloadRefused', b1: 'payloadRefused' });
    assert.equal(excluded.find((e) => e.run.notificationId === 'a3')?.detail, 'payload.orderId: is required');
    // Every run: the refused ones are left out the same way.
    const every = selectRuns(input(runs, { choice: 'everyRun', refusal }));
    assert.deepEqual(ids(every.chosen), ['a1', 'a2']);
  });

  it('counts a run listed twice once', () => {
    const { chosen } = selectRuns(input([run('a', 'ada', 1), run('a', 'ada', 1)]));
    assert.equal(chosen.length, 1);
  });

  it('groups the exclusions by reason, in the review’s order, with their counts in words', () => {
    const runs = [run('a', 'ada', 1, 'off'), run('b', 'bob', 1), run('c', 'cy', 1), run('d', 'dee', 1)];
    const { excluded } = selectRuns(input(runs, { workflowOf: (w) => ({ state: w === 'off' ? 'inactive' : 'active' }), alreadySent: new Set(['b', 'c']) }));
    const groups = exclusionGroups(excluded);
    assert.deepEqual(groups.map((g) => [g.reason, g.runs.length]), [['alreadySent', 2], ['workflowInactive', 1]]);
    assert.equal(groups[0]?.label, '2 runs already sent again by this action');
    assert.equal(groups[1]?.label, '1 run of an inactive workflow');
  });
});

describe('workflowState', () => {
  it('reads gone, inactive and active with its payload schema from the workflow', () => {
    assert.deepEqual(workflowState(undefined), { state: 'gone' });
    assert.deepEqual(workflowState({ active: false }), { state: 'inactive' });
    assert.deepEqual(workflowState({ status: 'INACTIVE' }), { state: 'inactive' });
    assert.deepEqual(workflowState({ active: true, status: 'ERROR', payloadSchema: null }), { state: 'active' });
    assert.deepEqual(workflowState({ active: true, payloadSchema: { type: 'object' } }), { state: 'active', payloadSchema: { type: 'object' } });
  });
});

describe('transaction IDs and idempotency keys', () => {
  it('derives the same transaction ID for the same action and run, another for another action or run', () => {
    const id = resendTransactionId('action-1', '650000000000000000000abc');
    assert.equal(id, resendTransactionId('action-1', '650000000000000000000abc'));
    assert.notEqual(id, resendTransactionId('action-2', '650000000000000000000abc'));
    assert.notEqual(id, resendTransactionId('action-1', '650000000000000000000abd'));
    assert.ok(id.includes('650000000000000000000abc'), 'a plain run id stays readable');
  });

  it('stays within the service’s 255 characters for any run id, and refuses an action id it did not make', () => {
    const action = globalThis.crypto.randomUUID();
    for (const odd of ['x'.repeat(1000), 'id with spaces/and?query', 'é']) {
      const id = resendTransactionId(action, odd);
      assert.ok(id.length <= 255 && /^[A-Za-z0-9_-]+$/.test(id), id);
      assert.equal(id, resendTransactionId(action, odd));
    }
    assert.notEqual(resendTransactionId(action, 'a b'), resendTransactionId(action, 'a c'));
    assert.throws(() => resendTransactionId('', 'abc'));
    assert.throws(() => resendTransactionId('a'.repeat(65), 'abc'));
  });

  it('keys a request by its action and its events: the same request the same key, other events another', () => {
    const events = [{ transactionId: 'nx-a-1' }, { transactionId: 'nx-a-2' }];
    const key = requestKey('a', events);
    assert.equal(key, requestKey('a', [...events]));
    assert.notEqual(key, requestKey('a', events.slice(1)));
    assert.notEqual(key, requestKey('b', events));
    assert.ok(key.length <= 255);
  });
});

describe('eventFor', () => {
  const failed = (overrides: Partial<Notification> = {}) =>
    buildNotification({
      _id: '650000000000000000000f01',
      transactionId: 'old-tx',
      subscriber: { subscriberId: 'ada' },
      template: { _id: 'wf1', name: 'Password reset', triggers: [{ identifier: 'password-reset' }] },
      payload: { resetUrl: 'https://x.test/r/1', user: { name: 'Ada' } },
      jobs: [buildJob({ status: 'failed', overrides: { email: { replyTo: 'help@x.test' }, providers: { sendgrid: { credentials: { apiKey: 'SECRET' } } } } })],
      ...overrides,
    });
  const ref = run('650000000000000000000f01', 'ada', 1);

  it('builds the body as Send Again does, under the derived transaction ID, without credentials', () => {
    const made = eventFor(ref, failed(), 'act', { state: 'active' });
    assert.ok('body' in made);
    assert.deepEqual(made.body, {
      name: 'password-reset',
      to: 'ada',
      payload: { resetUrl: 'https://x.test/r/1', user: { name: 'Ada' } },
      overrides: { email: { replyTo: 'help@x.test' }, providers: { sendgrid: {} } },
      transactionId: resendTransactionId('act', ref.notificationId),
    });
    assert.ok(!JSON.stringify(made.body).includes('SECRET'));
  });

  it('leaves out a payload the workflow’s schema now refuses, saying the field', () => {
    const schema = { type: 'object', required: ['resetUrl', 'locale'], properties: { resetUrl: { type: 'string' }, locale: { type: 'string' } } };
    const made = eventFor(ref, failed(), 'act', { state: 'active', payloadSchema: schema });
    assert.ok(!('body' in made));
    assert.equal(made.reason, 'payloadRefused');
    assert.match(made.detail ?? '', /locale/);
    const withDefault = { ...schema, properties: { ...schema.properties, locale: { type: 'string', default: 'en' } } };
    assert.ok('body' in eventFor(ref, failed(), 'act', { state: 'active', payloadSchema: withDefault }), 'a default fills it, as the service does');
  });

  it('uses the checker it is given', () => {
    const calls: unknown[] = [];
    const made = eventFor(ref, failed(), 'act', { state: 'active', payloadSchema: { any: 1 } }, (payload, schema) => (calls.push([payload, schema]), { 'payload.x': ['no'] }));
    assert.equal(calls.length, 1);
    assert.equal('reason' in made && made.reason, 'payloadRefused');
  });

  it('leaves out a run that does not say its workflow', () => {
    const made = eventFor(ref, failed({ template: { _id: 'wf1', name: 'Password reset', triggers: [] } }), 'act', { state: 'active' });
    assert.equal('reason' in made && made.reason, 'cannotBuild');
  });
});

describe('chunk', () => {
  it('cuts into requests of at most 100, in order, the last one shorter', () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    const parts = chunk(items);
    assert.deepEqual(parts.map((p) => p.length), [100, 100, 50]);
    assert.deepEqual(parts.flat(), items);
    assert.deepEqual(chunk(items.slice(0, 100)).map((p) => p.length), [100]);
    assert.deepEqual(chunk([]), []);
    assert.throws(() => chunk(items, 101));
  });
});
