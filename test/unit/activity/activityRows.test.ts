/** What an Activity row and its job rows say. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { activityTooltip, buildActivityRow, buildJobRow, failuresText, jobTooltip, notificationChannels, relativeTime, subscriberLabel } from '../../../src/activity/activityRows';
import { buildExecutionDetail, buildJob, buildNotification } from '../../fixtures/builders';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('activity rows', () => {
  it('says how long ago, and the date once it is old', () => {
    assert.equal(relativeTime(ago(10_000), NOW), 'just now');
    assert.equal(relativeTime(ago(3 * 60_000 + 5_000), NOW), '3 min ago');
    assert.equal(relativeTime(ago(2 * 3_600_000), NOW), '2 h ago');
    assert.equal(relativeTime(ago(30 * 3_600_000), NOW), 'yesterday');
    assert.equal(relativeTime(ago(5 * 86_400_000), NOW), '5 days ago');
    assert.equal(relativeTime(ago(40 * 86_400_000), NOW, 'en-US'), 'Oct 13, 2026');
    assert.equal(relativeTime(undefined, NOW), 'time unknown');
    assert.equal(relativeTime('not a date', NOW), 'not a date');
  });

  it('a delivered row: workflow, subscriber by name, time and channels; its icon says the status', () => {
    const n = buildNotification({ createdAt: ago(180_000), channels: ['email', 'sms'] }, 2);
    const row = buildActivityRow(n, NOW, 'en-US');
    assert.equal(row.label, 'Order shipped');
    assert.equal(row.subscriber, 'Ada Lovelace');
    assert.equal(row.tone, 'success');
    assert.equal(row.failed, false);
    assert.equal(row.description, 'Ada Lovelace · 3 min ago · Email, SMS');
    assert.match(activityTooltip(n, 'en-US'), /^Order shipped: Completed\nSubscriber: Ada Lovelace \(user-1\)\nChannels: Email, SMS\nCreated: .+\nUTC: 2026-11-22 11:57:00 UTC/);
    assert.match(activityTooltip(n), new RegExp(`Notification ID: ${n._id}\nTransaction ID: ${n.transactionId}$`));
    assert.equal(row.accessibleLabel, 'Order shipped, Completed, to Ada Lovelace, 3 min ago, Email, SMS');
  });

  it('a failed row says so in words, counted as the panel counts, with each failed job’s reason', () => {
    const failed = buildJob({ type: 'sms', status: 'failed', executionDetails: [buildExecutionDetail({ status: 'Failed', detail: 'Invalid phone number' }), buildExecutionDetail({ status: 'Pending', detail: 'Retrying later' })] });
    const n = buildNotification({ createdAt: ago(60 * 60_000), jobs: [buildJob({}), failed] });
    const row = buildActivityRow(n, NOW);
    assert.equal(row.tone, 'failure');
    assert.equal(row.failed, true);
    assert.equal(row.statusLabel, '1 of 2 failed');
    assert.match(row.description, /^1 of 2 failed · Ada Lovelace · 1 h ago/);
    assert.match(activityTooltip(n), /Failed SMS: Invalid phone number/);
    const job = buildJobRow(failed);
    assert.equal(job.label, 'Send email');
    assert.equal(job.description, 'SMS · Failed: Invalid phone number');
    assert.equal(job.reason, 'Invalid phone number');
    assert.match(jobTooltip(failed), /Reason: Invalid phone number\nProvider: sendgrid/);
  });

  it('in progress, and a subscriber without a name by id, markup kept as typed', () => {
    const n = buildNotification({ subscriber: { subscriberId: '<img src=x>' }, jobs: [buildJob({ status: 'pending', step: undefined })] });
    const row = buildActivityRow(n, NOW);
    assert.equal(row.subscriber, '<img src=x>');
    assert.equal(row.statusLabel, 'In progress');
    assert.equal(row.tone, 'progress');
    assert.match(row.description, /^In progress · <img src=x> · /);
    assert.equal(buildJobRow(n.jobs![0]!).label, 'Email', 'a job without a step name is named by its type');
    assert.equal(subscriberLabel({ subscriber: null, _subscriberId: 'abc' }), 'abc');
  });

  it('channels come from the notification, else from its channel steps', () => {
    assert.deepEqual(notificationChannels({ channels: ['push', 'push'], jobs: [] }), ['push']);
    assert.deepEqual(notificationChannels({ channels: [], jobs: [buildJob({ type: 'trigger' }), buildJob({ type: 'chat' }), buildJob({ type: 'digest' })] }), ['chat']);
  });

  it('says what "Failures only" shows', () => {
    assert.equal(failuresText(12, 50), '12 failed of 50 loaded');
    assert.equal(failuresText(0, 1200), '0 failed of 1,200 loaded');
  });
});
