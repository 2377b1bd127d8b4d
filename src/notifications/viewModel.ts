/**
 * Turns a notification as the service sends it into what the panel shows: a header, one summary
 * line per job, and (on expand) each job's details. Pure and vscode-free, so it is unit-tested in
 * plain Node and measured in the benchmarks. Every value stays text; the webview sets it as text.
 */
import type { DigestMetadata, Job, Notification, NotificationStep } from '../api/schemas';
import { causeContextOf, stepCause } from '../format/stepCause';
import { countStatuses, failureReason, hasPendingJobs, isInProgress, lastDetail, overallStatus, statusLabel, statusTone, stepTypeInfo } from '../format/jobStatus';
import { formatFilters } from '../format/conditions';
import { formatTime } from '../format/time';
import { l10n } from '../l10n';
import type {
  ExecutionDetailView,
  JobDetails,
  JobSummary,
  NotificationHeader,
  NotificationViewModel,
  RawText,
  StatusTone,
} from './protocol';
import { wordFor, type Words } from '../words';

/** Longest raw text put on screen; the whole text is still copied. */
export const RAW_DISPLAY_LIMIT = 20_000;

const DETAIL_TONES: Record<string, StatusTone> = {
  Success: 'success',
  Warning: 'waiting',
  Failed: 'failure',
  Pending: 'progress',
  Queued: 'progress',
  ReadConfirmation: 'success',
};

const UNIT_MS: Record<string, number> = {
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 7 * 86_400_000,
  months: 30 * 86_400_000,
};


/** An amount of each unit the service names, in words. */
const AMOUNTS: Words<string, [number]> = {
  seconds: (n) => (n === 1 ? l10n.t('1 second') : l10n.t('{0} seconds', n)),
  minutes: (n) => (n === 1 ? l10n.t('1 minute') : l10n.t('{0} minutes', n)),
  hours: (n) => (n === 1 ? l10n.t('1 hour') : l10n.t('{0} hours', n)),
  days: (n) => (n === 1 ? l10n.t('1 day') : l10n.t('{0} days', n)),
  weeks: (n) => (n === 1 ? l10n.t('1 week') : l10n.t('{0} weeks', n)),
  months: (n) => (n === 1 ? l10n.t('1 month') : l10n.t('{0} months', n)),
};

/** "5 minutes", "1 hour" */
export function formatAmount(amount: number | null | undefined, unit: string | null | undefined): string | undefined {
  if (amount === undefined || amount === null || !unit) return undefined;
  // A unit the service added: in its own word.
  const singular = unit.endsWith('s') ? unit.slice(0, -1) : unit;
  return wordFor(AMOUNTS, unit, amount) ?? `${amount} ${amount === 1 ? singular : unit}`;
}

/** Each ordinal the service sends, with the value it orders ("day", "weekday", "monday"…) as the service names it. */
const ORDINAL_LINES: Words<string, [string]> = {
  '1': (value) => l10n.t('On the first {0} of the month', value),
  '2': (value) => l10n.t('On the second {0} of the month', value),
  '3': (value) => l10n.t('On the third {0} of the month', value),
  '4': (value) => l10n.t('On the fourth {0} of the month', value),
  '5': (value) => l10n.t('On the fifth {0} of the month', value),
  last: (value) => l10n.t('On the last {0} of the month', value),
};

/** "On the first monday of the month" */
function ordinalLine(ordinal: string | null | undefined, value: string): string {
  return wordFor(ORDINAL_LINES, ordinal, value) ?? (ordinal ? l10n.t('On the {0} {1} of the month', ordinal, value) : l10n.t('On the {0} of the month', value));
}

/** The timed schedule of a digest in words: "at 09:00 on monday, friday". */
export function describeTimedDigest(timed: NonNullable<DigestMetadata['timed']>): string[] {
  const lines: string[] = [];
  if (timed.cronExpression) lines.push(l10n.t('Cron: {0}', timed.cronExpression));
  if (timed.atTime) lines.push(l10n.t('At {0}', timed.atTime));
  if (timed.weekDays && timed.weekDays.length > 0) lines.push(l10n.t('On {0}', timed.weekDays.join(', ')));
  if (timed.monthDays && timed.monthDays.length > 0) {
    const days = timed.monthDays.join(', ');
    lines.push(timed.monthDays.length > 1 ? l10n.t('On days {0} of the month', days) : l10n.t('On day {0} of the month', days));
  }
  if (timed.ordinal || timed.ordinalValue) {
    lines.push(ordinalLine(timed.ordinal, timed.ordinalValue ?? l10n.t({ message: 'day', comment: 'as in "on the first day of the month"' })).replace(/\s+/g, ' '));
  }
  if (timed.monthlyType) lines.push(l10n.t('Monthly type: {0}', timed.monthlyType));
  if (timed.untilDate) lines.push(l10n.t('Until {0}', timed.untilDate));
  return lines;
}

/** Every digest setting, one readable line each. */
export function describeDigest(digest: DigestMetadata | null | undefined): string[] {
  if (!digest) return [];
  const lines: string[] = [];
  const window = formatAmount(digest.amount, digest.unit);
  // The type as the service names it ("regular", "backoff", "timed").
  const type = digest.type ?? 'regular';
  lines.push(window ? l10n.t('Type: {0}, window {1}', type, window) : l10n.t('Type: {0}', type));
  if (digest.digestKey) lines.push(l10n.t('Digest key: {0}', digest.digestKey));
  if (digest.backoff || digest.type === 'backoff') {
    const backoff = formatAmount(digest.backoffAmount, digest.backoffUnit);
    lines.push(backoff ? l10n.t('Backoff: {0}', backoff) : l10n.t('Backoff'));
  }
  if (digest.updateMode) lines.push(l10n.t('Update mode: on'));
  if (digest.events) lines.push(l10n.t('Events: {0}', digest.events.length));
  if (digest.timed) lines.push(...describeTimedDigest(digest.timed));
  return lines;
}


function mergedInto(job: Job, notification: Notification): string | undefined {
  const own = (job as { _digestedNotificationId?: unknown })._digestedNotificationId;
  if (typeof own === 'string' && own) return own;
  return notification._digestedNotificationId ?? undefined;
}

/** "Digesting 3 events for 5 minutes", or until a timed schedule. */
function digestingText(digest: DigestMetadata | null | undefined): string {
  const events = digest?.events?.length ?? 0;
  const one = events === 1;
  if (digest?.type === 'timed' && digest.timed) {
    const joined = describeTimedDigest(digest.timed).join(', ');
    const when = `${joined.charAt(0).toLowerCase()}${joined.slice(1)}`;
    if (!when) return one ? l10n.t('Digesting 1 event') : l10n.t('Digesting {0} events', events);
    return one ? l10n.t('Digesting 1 event ({0})', when) : l10n.t('Digesting {0} events ({1})', events, when);
  }
  const window = formatAmount(digest?.amount, digest?.unit);
  if (!window) return one ? l10n.t('Digesting 1 event') : l10n.t('Digesting {0} events', events);
  return one ? l10n.t('Digesting 1 event for {0}', window) : l10n.t('Digesting {0} events for {1}', events, window);
}

function delayedUntil(job: Job, locale?: string): string | undefined {
  const ms = UNIT_MS[job.digest?.unit ?? ''];
  const start = Date.parse(job.createdAt ?? job.updatedAt ?? '');
  if (!ms || job.digest?.amount == null || Number.isNaN(start)) return undefined;
  return formatTime(new Date(start + job.digest.amount * ms).toISOString(), locale).local;
}

/** "Running: Sending the email": a job's status, then the service's detail. */
function statusWithDetail(status: string, detail: string): string {
  return l10n.t({ message: '{0}: {1}', args: [status, detail], comment: 'a job status, then the service’s detail: "Running: Sending the email"' });
}

/** The one-line human summary of a job. */
export function summarizeJob(job: Job, notification: Notification, locale?: string): string {
  const type = job.type ?? '';
  const info = stepTypeInfo(type);
  const detail = lastDetail(job)?.detail ?? undefined;
  // A step that did not go out says why, when a detail says so (contract §8.6): a channel step a
  // preference turned off ends "canceled" on current servers, and "Canceled" alone hides that.
  const cause = stepCause(job, causeContextOf(notification));
  if (cause) return cause.text;
  switch (job.status) {
    case 'completed':
      if (info.channel) return l10n.t('Sent');
      // Today's English says "events" for one too.
      if (type === 'digest') {
        const events = job.digest?.events?.length ?? 0;
        return events === 1 ? l10n.t('Digested 1 event') : l10n.t('Digested {0} events', events);
      }
      if (type === 'delay') return l10n.t('Delay finished');
      if (type === 'trigger') return l10n.t('Triggered');
      return l10n.t('Completed');
    case 'failed': {
      const cause = failureReason(job);
      return cause ? l10n.t('Failed: {0}', cause) : l10n.t('Failed');
    }
    case 'merged':
      return l10n.t('Merged into digest');
    case 'skipped':
      return detail ? l10n.t('Skipped: {0}', detail) : l10n.t('Skipped');
    case 'canceled':
      return l10n.t('Canceled');
    case 'delayed': {
      if (type === 'digest') return digestingText(job.digest);
      const until = delayedUntil(job, locale);
      return until ? l10n.t('Delayed until {0}', until) : l10n.t('Delayed');
    }
    case 'pending':
    case 'queued':
    case 'running':
      if (type === 'digest') return digestingText(job.digest);
      return detail ? statusWithDetail(statusLabel(job.status), detail) : statusLabel(job.status);
    default:
      // A status the service added: in its own word.
      return detail ? statusWithDetail(job.status, detail) : job.status || l10n.t('unknown');
  }
}

function jobName(job: Job): string {
  const step = job.step;
  const templateName = step?.template && typeof step.template.name === 'string' ? step.template.name : undefined;
  return step?.name || templateName || stepTypeInfo(job.type).label;
}

export function summarizeJobs(notification: Notification, locale?: string): JobSummary[] {
  return (notification.jobs ?? []).map((job, index) => {
    const info = stepTypeInfo(job.type);
    const updated = formatTime(job.updatedAt, locale);
    const merged = job.status === 'merged' ? mergedInto(job, notification) : undefined;
    return {
      id: job._id,
      index,
      type: job.type ?? '',
      typeLabel: info.label,
      icon: info.icon,
      name: jobName(job),
      status: job.status,
      statusLabel: statusLabel(job.status),
      tone: statusTone(job.status),
      ...(job.providerId ? { provider: job.providerId } : {}),
      ...(updated.local ? { updatedLocal: updated.local, updatedUtc: updated.utc } : {}),
      summary: summarizeJob(job, notification, locale),
      ...(merged ? { mergedInto: merged } : {}),
      detailCount: job.executionDetails?.length ?? 0,
    };
  });
}

function subscriberName(s: NonNullable<Notification['subscriber']>): string | undefined {
  return [s.firstName, s.lastName].filter((p) => p && p.trim()).join(' ').trim() || undefined;
}

export function buildHeader(notification: Notification, locale?: string): NotificationHeader {
  const jobs = notification.jobs ?? [];
  const created = formatTime(notification.createdAt, locale);
  const subscriber = notification.subscriber;
  const trigger = notification.template?.triggers?.[0]?.identifier ?? undefined;
  const ids: NotificationHeader['ids'] = [{ label: l10n.t('Notification ID'), value: notification._id }];
  if (notification.transactionId) ids.push({ label: l10n.t('Transaction ID'), value: notification.transactionId });
  if (subscriber?.subscriberId) ids.push({ label: l10n.t('Subscriber ID'), value: subscriber.subscriberId });
  const templateId = notification._templateId ?? notification.template?._id;
  if (templateId) ids.push({ label: l10n.t('Workflow ID'), value: templateId });
  return {
    id: notification._id,
    workflowName: notification.template?.name || trigger || l10n.t('Unknown workflow'),
    ...(trigger ? { workflowIdentifier: trigger } : {}),
    overall: overallStatus(jobs),
    counts: countStatuses(jobs),
    ...(notification.severity ? { severity: notification.severity } : {}),
    critical: notification.critical === true,
    ...(created.local ? { createdLocal: created.local, createdUtc: created.utc } : {}),
    ids,
    ...(subscriber
      ? {
          subscriber: {
            ...(subscriberName(subscriber) ? { name: subscriberName(subscriber) } : {}),
            ...(subscriber.subscriberId ? { subscriberId: subscriber.subscriberId } : {}),
            contacts: [
              ...(subscriber.email ? [{ label: l10n.t('Email'), value: subscriber.email }] : []),
              ...(subscriber.phone ? [{ label: l10n.t('Phone'), value: subscriber.phone }] : []),
            ],
          },
        }
      : {}),
    topics: (notification.topics ?? []).map((t) => t.topicKey ?? t._topicId ?? '').filter(Boolean),
    contextKeys: [...(notification.contextKeys ?? [])].sort(),
    tags: notification.tags ?? [],
    channels: notification.channels ?? [],
  };
}

function prettyJson(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'object' && Object.keys(value).length === 0) return undefined;
  return JSON.stringify(value, null, 2);
}

export function buildViewModel(notification: Notification, locale?: string): NotificationViewModel {
  const payload = prettyJson(notification.payload);
  const to = prettyJson(notification.to);
  const controls = prettyJson(notification.controls);
  return {
    header: buildHeader(notification, locale),
    jobs: summarizeJobs(notification, locale),
    ...(payload ? { payload } : {}),
    ...(to ? { to } : {}),
    ...(controls ? { controls } : {}),
    inProgress: isInProgress(notification),
    hasPending: hasPendingJobs(notification),
  };
}

/** A raw provider response for display: JSON pretty-printed, other text as it is, long text cut. */
export function formatRaw(raw: string): RawText {
  let text = raw;
  let json = false;
  const trimmed = raw.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      text = JSON.stringify(JSON.parse(trimmed), null, 2);
      json = true;
    } catch {
      // Not JSON after all: shown as text.
    }
  }
  const truncated = text.length > RAW_DISPLAY_LIMIT;
  return { text: truncated ? `${text.slice(0, RAW_DISPLAY_LIMIT)}…` : text, json, truncated };
}

function stepView(step: NotificationStep | null | undefined): JobDetails['step'] {
  if (!step) return undefined;
  return {
    ...(step.active != null ? { active: step.active } : {}),
    filters: formatFilters(step.filters),
    variants: (step.variants ?? []).map((variant, i) => ({
      name: variant.name || l10n.t('Variant {0}', i + 1),
      ...(variant.active != null ? { active: variant.active } : {}),
      filters: formatFilters(variant.filters),
    })),
  };
}

export function buildJobDetails(job: Job, locale?: string): JobDetails {
  const overrides = prettyJson(job.overrides);
  const payload = prettyJson(job.payload);
  return {
    jobId: job._id,
    ...(job.type && ['email', 'in_app', 'sms', 'push', 'chat'].includes(job.type) ? { renderable: true } : {}),
    executionDetails: (job.executionDetails ?? []).map((detail): ExecutionDetailView => {
      const time = formatTime(detail.createdAt, locale);
      return {
        id: detail._id,
        status: detail.status,
        tone: DETAIL_TONES[detail.status] ?? 'unknown',
        ...(detail.source ? { source: detail.source } : {}),
        detail: detail.detail ?? '',
        ...(time.local ? { timeLocal: time.local, timeUtc: time.utc } : {}),
        isRetry: detail.isRetry === true,
        isTest: detail.isTest === true,
        ...(detail.providerId ? { provider: detail.providerId } : {}),
        ...(typeof detail.raw === 'string' && detail.raw !== '' ? { raw: formatRaw(detail.raw) } : {}),
      };
    }),
    digest: describeDigest(job.digest),
    step: stepView(job.step),
    ...(overrides ? { overrides } : {}),
    ...(payload ? { payload } : {}),
  };
}
