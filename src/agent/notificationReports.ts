/**
 * Notifications for the model (#novuFindNotifications, #novuExplain): one line per run with why it
 * failed, and one run's timeline with the execution details of the steps that matter first. Built
 * from the panel's job summaries and the step causes. Pure and vscode-free.
 */
import type { ExecutionDetail, Notification } from '../api';
import { failureReason, overallStatus, statusTone, stepTypeInfo } from '../format/jobStatus';
import { subscriberDisplayName } from '../format/names';
import { causeContextOf, stepCause } from '../format/stepCause';
import { l10n } from '../l10n';
import { describeDigest, summarizeJobs } from '../notifications/viewModel';
import { compact, dataNote, isoOrUndefined, whereLine, type Where } from './agentReports';
import { RAW_KEEP_CHARS, idInProse, quoted, report, truncate } from './agentText';

/** The first failed job of a notification, as a list row says why it failed. */
function failureOf(n: Notification): Record<string, unknown> | undefined {
  const job = (n.jobs ?? []).find((j) => j.status === 'failed');
  if (!job) return undefined;
  return compact({ step: job.step?.name || stepTypeInfo(job.type).label, type: job.type, provider: job.providerId, reason: stepCause(job, causeContextOf(n))?.text ?? failureReason(job) });
}

/**
 * The run's contexts and topics (contract §11, §12), as data: its `type:id` context keys (sorted,
 * as the service keeps them) and the keys of the topics it was sent to. Absent when it has none.
 */
function audienceOf(n: Notification): { contextKeys?: string[]; topics?: string[] } {
  const topics = (n.topics ?? []).map((t) => t.topicKey).filter((k): k is string => typeof k === 'string' && k !== '');
  return compact({ contextKeys: n.contextKeys && n.contextKeys.length > 0 ? [...n.contextKeys].sort() : undefined, topics: topics.length > 0 ? topics : undefined }) as never;
}

function workflowOf(n: Notification): { workflow?: string; workflowIdentifier?: string; workflowId?: string } {
  const identifier = n.template?.triggers?.[0]?.identifier ?? undefined;
  return compact({ workflow: n.template?.name || identifier, workflowIdentifier: identifier, workflowId: n._templateId ?? n.template?._id }) as never;
}

export function notificationRecord(n: Notification): Record<string, unknown> {
  const jobs = n.jobs ?? [];
  const subscriber = n.subscriber;
  return compact({
    id: n._id,
    transactionId: n.transactionId,
    ...workflowOf(n),
    subscriberId: subscriber?.subscriberId ?? n._subscriberId,
    subscriberName: subscriber ? subscriberDisplayName(subscriber) : undefined,
    status: overallStatus(jobs).label,
    createdAt: isoOrUndefined(n.createdAt),
    channels: n.channels && n.channels.length > 0 ? n.channels : undefined,
    ...audienceOf(n),
    failure: failureOf(n),
  });
}

export interface FoundNotifications {
  where: Where;
  /** The filters in our words (values quoted), as sent or applied. */
  filters: string[];
  notifications: readonly Notification[];
  /** How many the service gave that were looked through (more than shown when filtering here). */
  scanned: number;
  /** The cursor that continues right after the `shown`-th notification; undefined when nothing is left. */
  cursorAfter: (shown: number) => string | undefined;
  /** The filters that were applied here, on what the service gave, rather than by the service. */
  appliedHere: string[];
}

export function notificationsReport(found: FoundNotifications): string {
  const count = found.notifications.length;
  const lead = (shown: number): string[] => {
    const lines = [whereLine(found.where)];
    lines.push(found.filters.length > 0 ? l10n.t('Filters: {0}.', found.filters.join('; ')) : l10n.t('No filters: the newest notifications.'));
    if (count === 0) {
      lines.push(
        found.appliedHere.length > 0
          ? l10n.t('No notification matched among the {0} newest that the service returned for these filters ({1} checked here).', found.scanned, found.appliedHere.join(', '))
          : l10n.t('The service found no notification for these filters. This is an answer, not a failure: widen the time range or remove a filter.'),
      );
    } else {
      lines.push(shown === 1 ? l10n.t('1 notification shown, newest first.') : l10n.t('{0} notifications shown, newest first.', shown));
      if (found.appliedHere.length > 0) lines.push(l10n.t('{0} were checked here among the {1} that the service returned.', found.appliedHere.join(', '), found.scanned));
    }
    const cursor = found.cursorAfter(shown);
    if (cursor !== undefined) lines.push(l10n.t('More: call again with the same filters and cursor {0} (it continues right after the last one shown).', quoted(cursor)));
    if (count > 0) lines.push(dataNote());
    return lines;
  };
  return report({
    lead,
    label: 'notifications',
    records: found.notifications.map(notificationRecord),
    leftOut: (n) => l10n.t('{0} more are left out of this answer to keep it short.', n),
    tail: count > 0 ? [l10n.t('To explain one, call the explain tool with its id; the user can open it with the command "Novu: Open Notification…" (novuExplorer.openNotification) and that id.')] : [],
  });
}

/** One execution detail, its raw provider response cut to RAW_KEEP_CHARS with the rest counted. */
function detailRecord(detail: ExecutionDetail): Record<string, unknown> {
  const raw = typeof detail.raw === 'string' && detail.raw !== '' ? truncate(detail.raw, RAW_KEEP_CHARS) : undefined;
  return compact({
    at: isoOrUndefined(detail.createdAt),
    status: detail.status,
    source: detail.source,
    provider: detail.providerId,
    detail: detail.detail,
    raw: raw?.text,
    rawCharsLeftOut: raw?.omittedChars,
    retry: detail.isRetry === true ? true : undefined,
  });
}

export function notificationExplanation(where: Where, n: Notification): string {
  const jobs = n.jobs ?? [];
  const overall = overallStatus(jobs);
  const summaries = summarizeJobs(n);
  const failed = jobs.filter((j) => j.status === 'failed');
  const lead = [whereLine(where), l10n.t('Notification {0}: {1}.', idInProse(n._id), overall.label)];
  if (failed.length > 0) {
    lead.push(failed.length === 1 ? l10n.t('1 step failed; its execution details come first in the data, then the whole timeline.') : l10n.t('{0} steps failed; their execution details come first in the data, then the whole timeline.', failed.length));
  } else if (jobs.some((j) => statusTone(j.status) === 'progress' || j.status === 'delayed' || j.status === 'pending')) {
    lead.push(l10n.t('It is still moving: steps are pending, delayed or running. Ask again later to see them settle.'));
  }
  lead.push(dataNote());
  const header = compact({
    notification: n._id,
    transactionId: n.transactionId,
    ...workflowOf(n),
    subscriberId: n.subscriber?.subscriberId ?? n._subscriberId,
    subscriberName: n.subscriber ? subscriberDisplayName(n.subscriber) : undefined,
    status: overall.label,
    createdAt: isoOrUndefined(n.createdAt),
    critical: n.critical === true ? true : undefined,
    severity: n.severity && n.severity !== 'none' ? n.severity : undefined,
    ...audienceOf(n),
  });
  // Details first for the steps that matter most: failed ones, then those still moving.
  const detailed = jobs
    .map((job, index) => ({ job, index }))
    .filter(({ job }) => job.status === 'failed')
    .concat(jobs.map((job, index) => ({ job, index })).filter(({ job }) => ['running', 'pending', 'queued', 'delayed'].includes(job.status)));
  const details = detailed.map(({ job, index }) =>
    compact({ detailsOfStep: index + 1, type: job.type, status: job.status, executionDetails: (job.executionDetails ?? []).map(detailRecord) }),
  );
  const timeline = jobs.map((job, index) => {
    const summary = summaries[index]!;
    const digest = describeDigest(job.digest);
    return compact({
      step: index + 1,
      name: summary.name,
      type: job.type,
      channel: stepTypeInfo(job.type).channel ? job.type : undefined,
      status: job.status,
      summary: summary.summary,
      provider: job.providerId,
      updatedAt: isoOrUndefined(job.updatedAt),
      digest: (job.type === 'digest' || job.type === 'delay') && digest.length > 0 ? digest : undefined,
      mergedInto: job.status === 'merged' ? (job._digestedNotificationId ?? undefined) : undefined,
    });
  });
  return report({
    lead,
    label: 'notification',
    records: [header, ...details, ...timeline],
    leftOut: (count) => l10n.t('{0} lines of the timeline are left out of this answer to keep it short; the panel shows them all.', count),
    tail: [l10n.t('The user can open this notification with the command "Novu: Open Notification…" (novuExplorer.openNotification) and its id.')],
  });
}

