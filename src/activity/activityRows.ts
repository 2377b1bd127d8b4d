/**
 * What one Activity row and its job rows say: the workflow, the subscriber, the overall status
 * (counted as the notification panel counts it), the channels, and a relative time with the local
 * time and UTC in the tooltip. Pure and vscode-free; every value stays plain text.
 */
import type { Job, Notification } from '../api';
import { channelLabel } from '../format/channels';
import { failureReason, overallStatus, statusLabel, statusTone, stepTypeInfo, type StatusTone } from '../format/jobStatus';
import { dateFormatter, formatTime } from '../format/time';

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
  return name || s?.subscriberId || n._subscriberId || 'unknown subscriber';
}

export function workflowLabel(n: Pick<Notification, 'template' | '_templateId'>): string {
  return n.template?.name?.trim() || n.template?.triggers?.[0]?.identifier || n._templateId || 'Unknown workflow';
}

/** True when the notification has a failed job: what "Failures only" keeps. */
export function isFailed(n: Pick<Notification, 'jobs'>): boolean {
  return (n.jobs ?? []).some((j) => j.status === 'failed');
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "3 min ago", "2 h ago", "yesterday", "5 days ago", then the date. */
export function relativeTime(iso: string | null | undefined, nowMs: number, locale?: string): string {
  const ms = Date.parse(iso ?? '');
  if (Number.isNaN(ms)) return iso || 'time unknown';
  const ago = nowMs - ms;
  if (ago < -MINUTE) return dateFormatter(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 2 * DAY) return 'yesterday';
  if (ago < 30 * DAY) return `${Math.floor(ago / DAY)} days ago`;
  return dateFormatter(locale, { dateStyle: 'medium' }).format(ms);
}

/** The channels a notification used: its `channels`, else its jobs' channel steps. */
export function notificationChannels(n: Pick<Notification, 'channels' | 'jobs'>): string[] {
  if (n.channels && n.channels.length > 0) return [...new Set(n.channels)];
  return [...new Set((n.jobs ?? []).map((j) => j.type ?? '').filter((t) => stepTypeInfo(t).channel))];
}

export function buildJobRow(job: Job): JobRow {
  const info = stepTypeInfo(job.type);
  const label = job.step?.name?.trim() || info.label;
  const reason = job.status === 'failed' ? failureReason(job) : undefined;
  const description = `${info.label} · ${statusLabel(job.status)}${reason ? `: ${reason}` : ''}`;
  return { id: job._id, label, description, tone: statusTone(job.status), status: job.status, ...(reason ? { reason } : {}) };
}

/** A job row's hover (plain text), built only when it is shown. */
export function jobTooltip(job: Job, locale?: string): string {
  const row = buildJobRow(job);
  const info = stepTypeInfo(job.type);
  const updated = formatTime(job.updatedAt, locale);
  return [
    `${row.label} (${info.label})`,
    `Status: ${statusLabel(job.status)}`,
    ...(row.reason ? [`Reason: ${row.reason}`] : []),
    ...(job.providerId ? [`Provider: ${job.providerId}`] : []),
    ...(updated.local ? [`Updated: ${updated.local} (${updated.utc})`] : []),
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
  const description = [statusText, subscriber, relative, channelText].filter((p) => p !== '').join(' · ');
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
    accessibleLabel: `${workflowLabel(n)}, ${overall.label}, to ${subscriber}, ${relative}${channelText ? `, ${channelText}` : ''}`,
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
  const reasons = jobs.filter((j) => j.status === 'failed').map((j) => `${stepTypeInfo(j.type).label}: ${failureReason(j) ?? 'failed'}`);
  return [
    `${workflowLabel(n)}: ${overallStatus(jobs).label}`,
    `Subscriber: ${subscriber}${subscriberId && subscriberId !== subscriber ? ` (${subscriberId})` : ''}`,
    ...(channelText ? [`Channels: ${channelText}`] : []),
    ...(created.local ? [`Created: ${created.local}`, `UTC: ${created.utc}`] : []),
    ...reasons.map((r) => `Failed ${r}`),
    `Notification ID: ${n._id}`,
    ...(n.transactionId ? [`Transaction ID: ${n.transactionId}`] : []),
  ].join('\n');
}

/** "12 failed of 50 loaded": what the local "Failures only" filter says it shows. */
export function failuresText(failed: number, loaded: number): string {
  return `${failed.toLocaleString('en-US')} failed of ${loaded.toLocaleString('en-US')} loaded`;
}
