/**
 * What one Activity row and its job rows say: the workflow, the subscriber, the overall status
 * (counted as the notification panel counts it), the channels, and a relative time with the local
 * time and UTC in the tooltip. Pure and vscode-free; every value stays plain text.
 */
import type { Job, Notification } from '../api';
import { channelLabel } from '../format/channels';
import { causeContextOf, stepCause, type CauseContext } from '../format/stepCause';
import { failureReason, overallStatus, statusLabel, statusTone, stepTypeInfo, type StatusTone } from '../format/jobStatus';
import { l10n } from '../l10n';
import { formatTime, relativeTime } from '../format/time';
import { formatCount } from '../format/numbers';

export interface JobRow {
  id: string;
  /** The step's name, else its type. */
  label: string;
  /** `Email · Failed: Invalid API key` */
  description: string;
  tone: StatusTone;
  status: string;
  /** The failed job's reason, in the service's words. */
  reason?: string;
}

export interface ActivityRow {
  id: string;
  label: string;
  subscriber: string;
  subscriberId?: string;
  statusLabel: string;
  tone: StatusTone;
  /** At least one job failed. */
  failed: boolean;
  channels: string[];
  relative: string;
  description: string;
  /** What a screen reader says for the row. */
  accessibleLabel: string;
}

export function subscriberLabel(n: Pick<Notification, 'subscriber' | '_subscriberId'>): string {
  const s = n.subscriber;
  const name = [s?.firstName, s?.lastName].filter((p) => p && p.trim()).join(' ').trim();
  return name || s?.subscriberId || n._subscriberId || l10n.t('unknown subscriber');
}

export function workflowLabel(n: Pick<Notification, 'template' | '_templateId'>): string {
  return n.template?.name?.trim() || n.template?.triggers?.[0]?.identifier || n._templateId || l10n.t('Unknown workflow');
}

/** True when the notification has a failed job: what "Failures only" keeps. */
export function isFailed(n: Pick<Notification, 'jobs'>): boolean {
  return (n.jobs ?? []).some((j) => j.status === 'failed');
}

// Shared with code awareness's lenses: the same words for "when" everywhere.
export { relativeTime } from '../format/time';

/** The channels a notification used: its `channels`, else its jobs' channel steps. */
export function notificationChannels(n: Pick<Notification, 'channels' | 'jobs'>): string[] {
  if (n.channels && n.channels.length > 0) return [...new Set(n.channels)];
  return [...new Set((n.jobs ?? []).map((j) => j.type ?? '').filter((t) => stepTypeInfo(t).channel))];
}

export function buildJobRow(job: Job, context: CauseContext = {}): JobRow {
  const info = stepTypeInfo(job.type);
  const label = job.step?.name?.trim() || info.label;
  // The cause (§8.6) says why a step did not go out; a failure without one keeps the service's detail.
  const cause = stepCause(job, context);
  const reason = cause?.text ?? (job.status === 'failed' ? failureReason(job) : undefined);
  const description = cause ? `${info.label} · ${cause.text}` : `${info.label} · ${statusLabel(job.status)}${reason ? `: ${reason}` : ''}`;
  return { id: job._id, label, description, tone: statusTone(job.status), status: job.status, ...(reason ? { reason } : {}) };
}

/** A job row's hover (plain text), built only when it is shown. */
export function jobTooltip(job: Job, locale?: string, context: CauseContext = {}): string {
  const row = buildJobRow(job, context);
  const info = stepTypeInfo(job.type);
  const updated = formatTime(job.updatedAt, locale);
  return [
    `${row.label} (${info.label})`,
    l10n.t('Status: {0}', statusLabel(job.status)),
    ...(row.reason ? [l10n.t('Reason: {0}', row.reason)] : []),
    ...(job.providerId ? [l10n.t('Provider: {0}', job.providerId)] : []),
    ...(updated.local && updated.utc ? [l10n.t('Updated: {0} ({1})', updated.local, updated.utc)] : []),
  ].join('\n');
}

export function buildActivityRow(n: Notification, nowMs: number, locale?: string): ActivityRow {
  const jobs = n.jobs ?? [];
  const overall = overallStatus(jobs);
  const subscriber = subscriberLabel(n);
  const channels = notificationChannels(n);
  const channelText = channels.map(channelLabel).join(', ');
  const relative = relativeTime(n.createdAt, nowMs, locale);
  const failed = isFailed(n);
  // A delivered row needs no words: its icon says it. Every other status is said in the row.
  const statusText = overall.tone === 'success' ? '' : overall.label;
  // A run in a context says which (an Inbox shows it only in a session of exactly these keys).
  const contextText = (n.contextKeys ?? []).join(' + ');
  const description = [statusText, subscriber, contextText, relative, channelText].filter((p) => p !== '').join(' · ');
  const subscriberId = n.subscriber?.subscriberId ?? undefined;
  return {
    id: n._id,
    label: workflowLabel(n),
    subscriber,
    ...(subscriberId ? { subscriberId } : {}),
    statusLabel: overall.label,
    tone: overall.tone,
    failed,
    channels,
    relative,
    description,
    accessibleLabel: channelText
      ? l10n.t({ message: '{0}, {1}, to {2}, {3}, {4}', args: [workflowLabel(n), overall.label, subscriber, relative, channelText], comment: 'for screen readers: workflow, status, subscriber, time, channels' })
      : l10n.t({ message: '{0}, {1}, to {2}, {3}', args: [workflowLabel(n), overall.label, subscriber, relative], comment: 'for screen readers: workflow, status, subscriber, time' }),
  };
}

/**
 * A notification row's hover (plain text): the status, the subscriber with its id, the channels,
 * the local time and UTC, each failed job's reason and both ids. Built only when it is shown.
 */
export function activityTooltip(n: Notification, locale?: string): string {
  const jobs = n.jobs ?? [];
  const subscriber = subscriberLabel(n);
  const subscriberId = n.subscriber?.subscriberId ?? undefined;
  const channelText = notificationChannels(n).map(channelLabel).join(', ');
  const created = formatTime(n.createdAt, locale);
  const context = causeContextOf(n);
  const reasons = jobs.flatMap((j) => {
    const cause = stepCause(j, context);
    if (cause) return [`${stepTypeInfo(j.type).label}: ${cause.text}`];
    return j.status === 'failed' ? [l10n.t('Failed {0}: {1}', stepTypeInfo(j.type).label, failureReason(j) ?? l10n.t('failed'))] : [];
  });
  return [
    `${workflowLabel(n)}: ${overallStatus(jobs).label}`,
    subscriberId && subscriberId !== subscriber ? l10n.t('Subscriber: {0} ({1})', subscriber, subscriberId) : l10n.t('Subscriber: {0}', subscriber),
    ...(channelText ? [l10n.t('Channels: {0}', channelText)] : []),
    ...(created.local && created.utc ? [l10n.t('Created: {0}', created.local), l10n.t('UTC: {0}', created.utc)] : []),
    ...reasons,
    l10n.t('Notification ID: {0}', n._id),
    ...(n.transactionId ? [l10n.t('Transaction ID: {0}', n.transactionId)] : []),
    ...(n.contextKeys?.length ? [l10n.t('Context: {0}', n.contextKeys.join(', '))] : []),
    ...(n.topics?.some((t) => t.topicKey) ? [l10n.t('Sent to topic: {0}', n.topics.flatMap((t) => (t.topicKey ? [t.topicKey] : [])).join(', '))] : []),
  ].join('\n');
}

/** "12 failed of 50 loaded": what the local "Failures only" filter says it shows. */
export function failuresText(failed: number, loaded: number, locale?: string): string {
  return l10n.t('{0} failed of {1} loaded', formatCount(failed, locale), formatCount(loaded, locale));
}
