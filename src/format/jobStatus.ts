/**
 * What a job's status means, the same everywhere it is shown (the notification panel, the Activity
 * view, pick items): its tone (the contributed status colours), its label, the step type's label
 * and icon, the counts and the overall status of a notification, and a failed job's reason. Pure.
 */
import { IN_PROGRESS_JOB_STATUSES } from '../api/constants';
import type { ExecutionDetail, Job, Notification } from '../api/schemas';
import { CHANNELS } from './channels';

export type StatusTone = 'success' | 'failure' | 'progress' | 'waiting' | 'muted' | 'merged' | 'unknown';

export interface StatusCount {
  status: string;
  count: number;
  tone: StatusTone;
}

const STATUS_TONES: Record<string, StatusTone> = {
  completed: 'success',
  failed: 'failure',
  pending: 'progress',
  queued: 'progress',
  running: 'progress',
  delayed: 'waiting',
  canceled: 'muted',
  skipped: 'muted',
  merged: 'merged',
};

const STEP_TYPES: Record<string, { label: string; icon: string; channel: boolean }> = {
  ...Object.fromEntries(Object.entries(CHANNELS).map(([type, meta]) => [type, { ...meta, channel: true }])),
  digest: { label: 'Digest', icon: 'layers', channel: false },
  trigger: { label: 'Trigger', icon: 'play', channel: false },
  delay: { label: 'Delay', icon: 'watch', channel: false },
  throttle: { label: 'Throttle', icon: 'dashboard', channel: false },
  custom: { label: 'Custom', icon: 'code', channel: false },
  http_request: { label: 'HTTP request', icon: 'globe', channel: false },
};

export function statusTone(status: string): StatusTone {
  return STATUS_TONES[status] ?? 'unknown';
}

export function statusLabel(status: string): string {
  return STATUS_TONES[status] ? status.charAt(0).toUpperCase() + status.slice(1) : status || 'unknown';
}

export function stepTypeInfo(type: string | null | undefined): { label: string; icon: string; channel: boolean } {
  return (type && STEP_TYPES[type]) || { label: type || 'Step', icon: 'circle-large-outline', channel: false };
}

/** What changes as jobs move (status, last update, details so far): compared between live refreshes. */
export function progressSignature(notification: Pick<Notification, 'jobs'>): string {
  return (notification.jobs ?? []).map((job) => `${job._id}:${job.status}:${job.updatedAt ?? ''}:${job.executionDetails?.length ?? 0}`).join('|');
}

export function isInProgress(notification: Pick<Notification, 'jobs'>): boolean {
  return (notification.jobs ?? []).some((job) => IN_PROGRESS_JOB_STATUSES.includes(job.status));
}

/** The job's last execution detail (of that status, when given). */
export function lastDetail(job: Job, status?: string): ExecutionDetail | undefined {
  const details = job.executionDetails ?? [];
  for (let i = details.length - 1; i >= 0; i--) {
    const detail = details[i]!;
    if (!status || detail.status === status) return detail;
  }
  return undefined;
}

/** Why a failed job failed, in the service's words: its last failed detail, else its last detail. */
export function failureReason(job: Job): string | undefined {
  return lastDetail(job, 'Failed')?.detail ?? lastDetail(job)?.detail ?? undefined;
}

/** Counts per status, in the order the statuses first appear. */
export function countStatuses(jobs: readonly Pick<Job, 'status'>[]): StatusCount[] {
  const counts = new Map<string, number>();
  for (const job of jobs) counts.set(job.status, (counts.get(job.status) ?? 0) + 1);
  return [...counts.entries()].map(([status, count]) => ({ status, count, tone: statusTone(status) }));
}

export function overallStatus(jobs: readonly Pick<Job, 'status'>[]): { label: string; tone: StatusTone } {
  if (jobs.length === 0) return { label: 'No jobs', tone: 'unknown' };
  const failed = jobs.filter((j) => j.status === 'failed').length;
  const moving = jobs.some((j) => IN_PROGRESS_JOB_STATUSES.includes(j.status));
  if (moving) return { label: failed > 0 ? `In progress, ${failed} failed` : 'In progress', tone: failed > 0 ? 'failure' : 'progress' };
  if (failed > 0) return { label: failed === jobs.length ? 'Failed' : `${failed} of ${jobs.length} failed`, tone: 'failure' };
  if (jobs.every((j) => j.status === 'canceled')) return { label: 'Canceled', tone: 'muted' };
  if (jobs.some((j) => j.status === 'merged')) return { label: 'Merged into a digest', tone: 'merged' };
  if (jobs.every((j) => j.status === 'completed' || j.status === 'skipped' || j.status === 'canceled')) return { label: 'Completed', tone: 'success' };
  return { label: 'Finished', tone: 'unknown' };
}
