/** The notification panel's view-model: summaries, statuses, digests, details, odd and missing data. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Job, Notification } from '../../../src/api';
import { JOB_STATUSES, STEP_TYPES } from '../../../src/api';
import {
  RAW_DISPLAY_LIMIT,
  buildHeader,
  buildJobDetails,
  buildViewModel,
  describeDigest,
  formatAmount,
  formatRaw,
  summarizeJob,
  summarizeJobs,
} from '../../../src/notifications/viewModel';
import { countStatuses, isInProgress, overallStatus, stepTypeInfo } from '../../../src/format/jobStatus';
import { parseNotificationRef } from '../../../src/notifications/notificationRefs';
import { buildExecutionDetail, buildJob, buildNotification } from '../../fixtures/builders';

const job = (overrides: Partial<Job>, details = 1): Job => buildJob(overrides, details);
const notification = (jobs: Job[], overrides: Partial<Notification> = {}): Notification => buildNotification({ jobs, ...overrides });

describe('job summaries', () => {
  it('has a line for every job status of every step type', () => {
    for (const type of STEP_TYPES) {
      for (const status of JOB_STATUSES) {
        const text = summarizeJob(job({ type, status }), notification([]));
        assert.ok(text.length > 0, `${type}/${status}`);
      }
    }
  });

  it('says "Sent" for a completed channel step', () => {
    for (const type of ['email', 'sms', 'push', 'chat', 'in_app']) assert.equal(summarizeJob(job({ type, status: 'completed' }), notification([])), 'Sent');
  });

  it('quotes the last failed detail', () => {
    const failed = job({
      status: 'failed',
      executionDetails: [
        buildExecutionDetail({ status: 'Failed', detail: 'Provider timed out' }),
        buildExecutionDetail({ status: 'Failed', detail: 'Invalid API key for SendGrid' }),
        buildExecutionDetail({ status: 'Pending', detail: 'Retrying later' }),
      ],
    });
    assert.equal(summarizeJob(failed, notification([])), 'Failed: Invalid API key for SendGrid');
    assert.equal(summarizeJob(job({ status: 'failed', executionDetails: [] }), notification([])), 'Failed');
  });

  it('links a merged job to its digest notification', () => {
    const merged = { ...job({ type: 'digest', status: 'merged' }), _digestedNotificationId: 'aaaaaaaaaaaaaaaaaaaaaaaa' } as Job;
    const [summary] = summarizeJobs(notification([merged]));
    assert.equal(summary?.summary, 'Merged into digest');
    assert.equal(summary?.mergedInto, 'aaaaaaaaaaaaaaaaaaaaaaaa');
    const fromNotification = summarizeJobs(notification([job({ type: 'digest', status: 'merged' })], { _digestedNotificationId: 'bbbbbbbbbbbbbbbbbbbbbbbb' }));
    assert.equal(fromNotification[0]?.mergedInto, 'bbbbbbbbbbbbbbbbbbbbbbbb');
  });

  it('says how many events a digest is collecting and for how long', () => {
    const digesting = job({ type: 'digest', status: 'delayed', digest: { type: 'regular', amount: 5, unit: 'minutes', events: [{}, {}, {}] } });
    assert.equal(summarizeJob(digesting, notification([])), 'Digesting 3 events for 5 minutes');
    const one = job({ type: 'digest', status: 'queued', digest: { amount: 1, unit: 'hours', events: [{}] } });
    assert.equal(summarizeJob(one, notification([])), 'Digesting 1 event for 1 hour');
    const timed = job({ type: 'digest', status: 'delayed', digest: { type: 'timed', events: [], timed: { atTime: '09:00', weekDays: ['monday', 'friday'] } } });
    assert.equal(summarizeJob(timed, notification([])), 'Digesting 0 events (at 09:00, On monday, friday)');
  });

  it('says until when a delay waits', () => {
    const delayed = job({ type: 'delay', status: 'delayed', createdAt: '2026-01-01T10:00:00.000Z', digest: { amount: 2, unit: 'hours' } });
    assert.match(summarizeJob(delayed, notification([])), /^Delayed until .*2026/);
    assert.equal(summarizeJob(job({ type: 'delay', status: 'delayed', digest: null }), notification([])), 'Delayed');
  });

  it('keeps unknown statuses and step types as they are', () => {
    const odd = job({ type: 'hologram', status: 'teleported', executionDetails: [] });
    const [summary] = summarizeJobs(notification([odd]));
    assert.equal(summary?.status, 'teleported');
    assert.equal(summary?.statusLabel, 'teleported');
    assert.equal(summary?.tone, 'unknown');
    assert.equal(summary?.typeLabel, 'hologram');
    assert.equal(summary?.summary, 'teleported');
    assert.equal(stepTypeInfo(undefined).label, 'Step');
  });

  it('copes with a job that has almost nothing', () => {
    const bare = { _id: 'j1', status: 'completed' } as Job;
    const [summary] = summarizeJobs(notification([bare]));
    assert.equal(summary?.name, 'Step');
    assert.equal(summary?.detailCount, 0);
    assert.equal(summary?.provider, undefined);
  });
});

describe('header', () => {
  it('counts statuses and sums them up', () => {
    const jobs = [job({ status: 'completed' }), job({ status: 'failed' }), job({ status: 'completed' })];
    assert.deepEqual(countStatuses(jobs), [{ status: 'completed', count: 2, tone: 'success' }, { status: 'failed', count: 1, tone: 'failure' }]);
    assert.deepEqual(overallStatus(jobs), { label: '1 of 3 failed', tone: 'failure' });
    assert.deepEqual(overallStatus([job({ status: 'running' })]), { label: 'In progress', tone: 'progress' });
    // A channel step that did not go out is said so; a skipped digest or delay is not a missed message.
    assert.deepEqual(overallStatus([job({ type: 'email', status: 'completed' }), job({ type: 'sms', status: 'canceled' })]), { label: '1 of 2 not sent', tone: 'muted' });
    assert.deepEqual(overallStatus([job({ type: 'trigger', status: 'completed' }), job({ type: 'email', status: 'canceled' })]), { label: 'Not sent', tone: 'muted' });
    assert.deepEqual(overallStatus([job({ type: 'email', status: 'completed' }), job({ type: 'digest', status: 'skipped' })]), { label: 'Completed', tone: 'success' });
    assert.deepEqual(overallStatus([]), { label: 'No jobs', tone: 'unknown' });
  });

  it('lists the ids to copy, the subscriber, topics and tags; HTML stays text', () => {
    const n = notification([job({})], {
      subscriber: { _id: 's', subscriberId: 'sub-1', firstName: '<img src=x onerror=alert(1)>', email: 'a@b.co' },
      topics: [{ _topicId: 't', topicKey: 'team' }],
      tags: ['billing'],
      severity: 'high',
      critical: true,
    });
    const header = buildHeader(n);
    assert.deepEqual(header.ids.map((i) => i.label), ['Notification ID', 'Transaction ID', 'Subscriber ID', 'Workflow ID']);
    assert.equal(header.subscriber?.name, '<img src=x onerror=alert(1)>');
    assert.deepEqual(header.subscriber?.contacts, [{ label: 'Email', value: 'a@b.co' }]);
    assert.deepEqual(header.topics, ['team']);
    assert.deepEqual(header.tags, ['billing']);
    assert.equal(header.critical, true);
    assert.match(String(header.createdUtc), /UTC$/);
  });

  it('works without template, subscriber or dates', () => {
    const header = buildHeader({ _id: 'n1', jobs: [] } as Notification);
    assert.equal(header.workflowName, 'Unknown workflow');
    assert.equal(header.subscriber, undefined);
    assert.equal(header.createdLocal, undefined);
  });
});

describe('details on demand', () => {
  it('pretty-prints JSON raw responses and keeps text as text', () => {
    assert.deepEqual(formatRaw('{"a":1}'), { text: '{\n  "a": 1\n}', json: true, truncated: false });
    assert.deepEqual(formatRaw('Error 550: mailbox unavailable'), { text: 'Error 550: mailbox unavailable', json: false, truncated: false });
    assert.deepEqual(formatRaw('{not json'), { text: '{not json', json: false, truncated: false });
    const long = formatRaw('x'.repeat(RAW_DISPLAY_LIMIT + 10));
    assert.equal(long.truncated, true);
  });

  it('builds execution details, digest lines, step filters and variants', () => {
    const j = job({
      type: 'digest',
      status: 'completed',
      digest: { type: 'timed', amount: 1, unit: 'days', digestKey: 'projectId', events: [{}], timed: { atTime: '09:00', weekDays: ['monday'], monthDays: [1, 15], ordinal: 'last', ordinalValue: 'weekday', monthlyType: 'on', cronExpression: '0 9 * * 1' } },
      step: { _id: 's', active: true, filters: [{ isNegated: false, type: 'BOOLEAN', value: 'AND', children: [{ field: 'plan', value: 'pro', operator: 'EQUAL', on: 'subscriber' }] }], variants: [{ _id: 'v', name: 'EU users', active: false, filters: [] }] },
      executionDetails: [buildExecutionDetail({ status: 'Failed', raw: null, isRetry: true }), buildExecutionDetail({ status: 'Exploded', source: null })],
      overrides: { email: { from: 'x' } },
    });
    const details = buildJobDetails(j);
    assert.equal(details.executionDetails[0]?.tone, 'failure');
    assert.equal(details.executionDetails[0]?.isRetry, true);
    assert.equal(details.executionDetails[0]?.raw, undefined);
    assert.equal(details.executionDetails[1]?.tone, 'unknown');
    assert.ok(details.digest.includes('Type: timed, window 1 day'));
    assert.ok(details.digest.includes('Digest key: projectId'));
    assert.ok(details.digest.includes('Cron: 0 9 * * 1'));
    assert.ok(details.digest.includes('On days 1, 15 of the month'));
    assert.ok(details.digest.includes('On the last weekday of the month'));
    assert.deepEqual(details.step?.filters, ['subscriber.plan EQUAL pro']);
    assert.equal(details.step?.variants[0]?.name, 'EU users');
    assert.match(String(details.overrides), /"from": "x"/);
  });

  it('describes backoff digests and amounts', () => {
    assert.deepEqual(describeDigest({ type: 'backoff', amount: 10, unit: 'minutes', backoff: true, backoffAmount: 1, backoffUnit: 'minutes' }), ['Type: backoff, window 10 minutes', 'Backoff: 1 minute']);
    assert.equal(formatAmount(1, 'seconds'), '1 second');
    assert.equal(formatAmount(undefined, 'seconds'), undefined);
    assert.equal(formatAmount(2, 'weeks'), '2 weeks');
    // A unit the service added, or one named like an inherited member, in its own word.
    assert.equal(formatAmount(1, 'fortnights'), '1 fortnight');
    assert.equal(formatAmount(3, 'constructor'), '3 constructor');
  });
});

describe('view-model', () => {
  it('knows when a notification is still changing', () => {
    for (const status of ['pending', 'queued', 'running', 'delayed']) assert.equal(isInProgress(notification([job({ status })])), true, status);
    for (const status of ['completed', 'failed', 'canceled', 'merged', 'skipped']) assert.equal(isInProgress(notification([job({ status })])), false, status);
  });

  it('builds 1,000 jobs with 20 details each without details in the first message', () => {
    const big = buildNotification({}, 1000, 20);
    const model = buildViewModel(big);
    assert.equal(model.jobs.length, 1000);
    assert.ok(JSON.stringify(model).length < 1_000_000, 'the first message stays small');
    assert.equal(model.jobs[999]?.detailCount, 20);
  });
});

describe('references in editor text', () => {
  it('tells notification ids from transaction ids', () => {
    assert.deepEqual(parseNotificationRef('6620AA0000000000000A0001'), { kind: 'notification', id: '6620aa0000000000000a0001' });
    assert.deepEqual(parseNotificationRef('"txn-sbx-failed-0001"'), { kind: 'transaction', id: 'txn-sbx-failed-0001' });
    assert.deepEqual(parseNotificationRef('3f2b8c1e-6a7d-4f1e-9c2b-1a2b3c4d5e6f'), { kind: 'transaction', id: '3f2b8c1e-6a7d-4f1e-9c2b-1a2b3c4d5e6f' });
    for (const text of ['const', 'hello', '', 'has spaces in it', 'a;b']) assert.equal(parseNotificationRef(text), undefined, text);
  });
});
