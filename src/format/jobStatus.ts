/**
 * What a job's status means, the same everywhere it is shown (the notification panel, the Activity
 * view, pick items): its tone (the contributed status colours), its label, the step type's label
 * and icon, the counts and the overall status of a notification, and a failed job's reason. Pure.
 */
import { IN_PROGRESS_JOB_STATUSES } from '../api/constants';
import type { ExecutionDetail, Job, Notification } from '../api/schemas';
import { CHANNELS } from './channels';
import { l10n } from '../l10n';

export type StatusTone = 'success' | 'failure' | 'progress' | 'waiting' | 'muted' | 'merged' | 'unknown';

export interface StatusCount {
  status: string;
  count: number;
  tone: StatusTone;
}

/** Each job status's tone, label and count ("2 completed"); texts are thunks, translated when shown. */
const STATUSES: Readonly<Record<string, { tone: StatusTone; label: () => string; count: (n: number) => string }>> = {
  completed: { tone: 'success', label: () => l10n.t('Completed'), count: (n) => l10n.t('{0} completed', n) },
  failed: { tone: 'failure', label: () => l10n.t('Failed'), count: (n) => l10n.t('{0} failed', n) },
  pending: { tone: 'progress', label: () => l10n.t('Pending'), count: (n) => l10n.t('{0} pending', n) },
  queued: { tone: 'progress', label: () => l10n.t('Queued'), count: (n) => l10n.t('{0} queued', n) },
  running: { tone: 'progress', label: () => l10n.t('Running'), count: (n) => l10n.t('{0} running', n) },
  delayed: { tone: 'waiting', label: () => l10n.t('Delayed'), count: (n) => l10n.t('{0} delayed', n) },
  canceled: { tone: 'muted', label: () => l10n.t('Canceled'), count: (n) => l10n.t('{0} canceled', n) },
  skipped: { tone: 'muted', label: () => l10n.t('Skipped'), count: (n) => l10n.t('{0} skipped', n) },
  merged: { tone: 'merged', label: () => l10n.t('Merged'), count: (n) => l10n.t('{0} merged', n) },
};

/** The step types that are not channels; labels are thunks, translated when shown. */
const OTHER_STEP_TYPES: Record<string, { label: () => string; icon: string }> = {
  digest: { label: () => l10n.t('Digest'), icon: 'layers' },
  trigger: { label: () => l10n.t('Trigger'), icon: 'play' },
  delay: { label: () => l10n.t('Delay'), icon: 'watch' },
  throttle: { label: () => l10n.t('Throttle'), icon: 'dashboard' },
  custom: { label: () => l10n.t('Custom'), icon: 'code' },
  http_request: { label: () => l10n.t('HTTP request'), icon: 'globe' },
};

export function statusTone(status: string): StatusTone {
  return Object.hasOwn(STATUSES, status) ? STATUSES[status]!.tone : 'unknown';
}

/** A job status as shown; a status not known here is shown as the service named it. */
export function statusLabel(status: string): string {
  return Object.hasOwn(STATUSES, status) ? STATUSES[status]!.label() : status || l10n.t('unknown');
}

/** "2 completed": how many jobs are in a status; a status not known here is shown as the service named it. */
export function statusCountText(status: string, count: number): string {
  return Object.hasOwn(STATUSES, status) ? STATUSES[status]!.count(count) : `${count} ${status}`;
}

export function stepTypeInfo(type: string | null | undefined): { label: string; icon: string; channel: boolean } {
  if (type && Object.hasOwn(CHANNELS, type)) {
    const meta = CHANNELS[type as keyof typeof CHANNELS];
    return { label: meta.label, icon: meta.icon, channel: true };
  }
  if (type && Object.hasOwn(OTHER_STEP_TYPES, type)) {
    const meta = OTHER_STEP_TYPES[type]!;
    return { label: meta.label(), icon: meta.icon, channel: false };
  }
  return { label: type || l10n.t('Step'), icon: 'circle-large-outline', channel: false };
}

/** What changes as jobs move (status, last update, details so far): compared between live refreshes. */
export function progressSignature(notification: Pick<Notification, 'jobs'>): string {
  return (notification.jobs ?? []).map((job) => `${job._id}:${job.status}:${job.updatedAt ?? ''}:${job.executionDetails?.length ?? 0}`).join('|');
}

export function isInProgress(notification: Pick<Notification, 'jobs'>): boolean {
  return (notification.jobs ?? []).some((job) => IN_PROGRESS_JOB_STATUSES.includes(job.status));
}

/** Job statuses a cancel of the transaction can still stop (contract §7: delays and digests not yet sent, and what waits behind them). */
const CANCELLABLE_JOB_STATUSES: readonly string[] = ['pending', 'queued', 'delayed'];

/** Whether the notification has steps still waiting that Cancel Pending Steps could stop. */
export function hasPendingJobs(notification: Pick<Notification, 'jobs' | 'transactionId'>): boolean {
  return !!notification.transactionId && (notification.jobs ?? []).some((job) => CANCELLABLE_JOB_STATUSES.includes(job.status));
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
  // l10n-ignore: the service's execution status (wire value)
  return lastDetail(job, 'Failed')?.detail ?? lastDetail(job)?.detail ?? undefined;
}

/** Counts per status, in the order the statuses first appear. */
export function countStatuses(jobs: readonly Pick<Job, 'status'>[]): StatusCount[] {
  const counts = new Map<string, number>();
  for (const job of jobs) counts.set(job.status, (counts.get(job.status) ?? 0) + 1);
  return [...counts.entries()].map(([status, count]) => ({ status, count, tone: statusTone(status) }));
}

export function overallStatus(jobs: readonly (Pick<Job, 'status'> & Partial<Pick<Job, 'type'>>)[]): { label: string; tone: StatusTone } {
  if (jobs.length === 0) return { label: l10n.t('No jobs'), tone: 'unknown' };
  const failed = jobs.filter((j) => j.status === 'failed').length;
  const moving = jobs.some((j) => IN_PROGRESS_JOB_STATUSES.includes(j.status));
  if (moving) {
    const label = failed === 0 ? l10n.t('In progress') : failed === 1 ? l10n.t('In progress, 1 failed') : l10n.t('In progress, {0} failed', failed);
    return { label, tone: failed > 0 ? 'failure' : 'progress' };
  }
  if (failed > 0) {
    const label = failed === jobs.length ? l10n.t('Failed') : failed === 1 ? l10n.t('1 of {0} failed', jobs.length) : l10n.t('{0} of {1} failed', failed, jobs.length);
    return { label, tone: 'failure' };
  }
  if (jobs.every((j) => j.status === 'canceled')) return { label: l10n.t('Canceled'), tone: 'muted' };
  // A channel step skipped or canceled (a preference, a missing address, the schedule: contract
  // §8.6) did not go out: the run is not "Completed" for the person who expected that message.
  const channelJobs = jobs.filter((j) => j.type !== undefined && stepTypeInfo(j.type).channel);
  const notSent = channelJobs.filter((j) => j.status === 'canceled' || j.status === 'skipped').length;
  if (notSent > 0 && !jobs.some((j) => j.status === 'merged')) {
    return { label: notSent === channelJobs.length ? l10n.t('Not sent') : l10n.t('{0} of {1} not sent', notSent, channelJobs.length), tone: 'muted' };
  }
  if (jobs.some((j) => j.status === 'merged')) return { label: l10n.t('Merged into a digest'), tone: 'merged' };
  if (jobs.every((j) => j.status === 'completed' || j.status === 'skipped' || j.status === 'canceled')) return { label: l10n.t('Completed'), tone: 'success' };
  return { label: l10n.t('Finished'), tone: 'unknown' };
}
