/**
 * The Activity view's filter: what the user picked, the list query it becomes (contract §6), the
 * words the view's description uses for it (a custom range's times are format/timeRange.ts's). Pure and
 * vscode-free, so it is unit-tested in plain Node; relative ranges are resolved at each load.
 */
import type { NotificationListQuery } from '../api';
import { channelLabel } from '../format/channels';
import { describeCustomRange, type CustomRange } from '../format/timeRange';
import { l10n } from '../l10n';

export type RelativeRange = 'lastHour' | 'last24Hours' | 'last7Days';

export type TimeRange = { kind: RelativeRange } | CustomRange;

/** A workflow as the service filters by it: its internal `_id`, with the name seen for it. */
export interface WorkflowRef {
  id: string;
  name?: string;
}

export interface ActivityFilter {
  subscriberIds?: string[];
  emails?: string[];
  channels?: string[];
  workflows?: WorkflowRef[];
  severity?: string[];
  transactionId?: string;
  topicKey?: string;
  /** Runs in exactly this context (its `type:id` keys); [] means runs without a context. */
  contextKeys?: string[];
  range?: TimeRange;
}

/** Each label is a getter: it is looked up when shown, after the l10n bundle is configured. */
export const RELATIVE_RANGES: Readonly<Record<RelativeRange, { readonly label: string; ms: number }>> = {
  lastHour: {
    get label() {
      return l10n.t('last hour');
    },
    ms: 60 * 60 * 1000,
  },
  last24Hours: {
    get label() {
      return l10n.t('last 24 hours');
    },
    ms: 24 * 60 * 60 * 1000,
  },
  last7Days: {
    get label() {
      return l10n.t('last 7 days');
    },
    ms: 7 * 24 * 60 * 60 * 1000,
  },
};

export const SEVERITIES = ['high', 'medium', 'low', 'none'] as const;

/** A severity as the filter's description names it; a value from elsewhere shows as it is. */
export function severityLabel(severity: string): string {
  switch (severity as (typeof SEVERITIES)[number]) {
    case 'high':
      return l10n.t({ message: 'high', comment: 'the severity of a notification' });
    case 'medium':
      return l10n.t({ message: 'medium', comment: 'the severity of a notification' });
    case 'low':
      return l10n.t({ message: 'low', comment: 'the severity of a notification' });
    case 'none':
      return l10n.t({ message: 'none', comment: 'the severity of a notification' });
    default:
      return severity;
  }
}

/** A workflow's internal id as the list filter takes it (24 hex characters). */
export const WORKFLOW_ID_PATTERN = /^[a-f0-9]{24}$/i;

export function isActivityFilterEmpty(filter: ActivityFilter): boolean {
  return (
    !filter.subscriberIds?.length &&
    !filter.emails?.length &&
    !filter.channels?.length &&
    !filter.workflows?.length &&
    !filter.severity?.length &&
    !filter.transactionId &&
    !filter.topicKey &&
    !filter.contextKeys &&
    !filter.range
  );
}

/** The filter without empty parts, values trimmed and de-duplicated (what is stored and shown). */
export function normalizeActivityFilter(filter: ActivityFilter): ActivityFilter {
  const list = (values: readonly string[] | undefined) => {
    const clean = [...new Set((values ?? []).map((v) => v.trim()).filter((v) => v !== ''))];
    return clean.length > 0 ? clean : undefined;
  };
  const workflows = new Map<string, WorkflowRef>();
  for (const w of filter.workflows ?? []) if (w.id.trim()) workflows.set(w.id.trim(), { id: w.id.trim(), ...(w.name ? { name: w.name } : {}) });
  const out: ActivityFilter = {};
  const subscriberIds = list(filter.subscriberIds);
  const emails = list(filter.emails);
  const channels = list(filter.channels);
  const severity = list(filter.severity);
  if (subscriberIds) out.subscriberIds = subscriberIds;
  if (emails) out.emails = emails;
  if (channels) out.channels = channels;
  if (workflows.size > 0) out.workflows = [...workflows.values()];
  if (severity) out.severity = severity;
  if (filter.transactionId?.trim()) out.transactionId = filter.transactionId.trim();
  if (filter.topicKey?.trim()) out.topicKey = filter.topicKey.trim();
  // [] is a filter of its own (no context), unlike the other lists.
  if (filter.contextKeys) out.contextKeys = [...new Set(filter.contextKeys.map((k) => k.trim()).filter((k) => k !== ''))].sort();
  if (filter.range && (filter.range.kind !== 'custom' || filter.range.after || filter.range.before)) out.range = filter.range;
  return out;
}

/** The list query for a filter at `nowMs` (paging is added by the caller). */
export function activityQuery(filter: ActivityFilter, nowMs: number): NotificationListQuery {
  const query: NotificationListQuery = {};
  if (filter.subscriberIds?.length) query.subscriberIds = [...filter.subscriberIds];
  if (filter.emails?.length) query.emails = [...filter.emails];
  if (filter.channels?.length) query.channels = [...filter.channels];
  if (filter.workflows?.length) query.templates = filter.workflows.map((w) => w.id);
  if (filter.severity?.length) query.severity = [...filter.severity];
  if (filter.transactionId) query.transactionId = filter.transactionId;
  if (filter.topicKey) query.topicKey = filter.topicKey;
  if (filter.contextKeys) query.contextKeys = [...filter.contextKeys];
  const range = filter.range;
  if (range?.kind === 'custom') {
    if (range.after) query.after = range.after;
    if (range.before) query.before = range.before;
  } else if (range) {
    query.after = new Date(nowMs - RELATIVE_RANGES[range.kind].ms).toISOString();
  }
  return query;
}

const quote = (text: string) => l10n.t({ message: '“{0}”', args: [text], comment: 'a value the user typed or picked, in quotation marks' });

function either(values: readonly string[]): string {
  if (values.length <= 1) return values.join('');
  return l10n.t('{0} or {1}', values.slice(0, -1).join(', '), values[values.length - 1]!);
}

export function describeRange(range: TimeRange, locale?: string): string {
  return range.kind === 'custom' ? describeCustomRange(range, locale) : RELATIVE_RANGES[range.kind].label;
}

/** The filter in words, for the view's description: `subscriber “ada” · Email or SMS · last hour`. */
export function describeActivityFilter(filter: ActivityFilter, locale?: string): string {
  const parts: string[] = [];
  if (filter.subscriberIds?.length) {
    const ids = either(filter.subscriberIds.map(quote));
    parts.push(filter.subscriberIds.length === 1 ? l10n.t('subscriber {0}', ids) : l10n.t('subscribers {0}', ids));
  }
  if (filter.emails?.length) parts.push(l10n.t('email {0}', either(filter.emails.map(quote))));
  if (filter.workflows?.length) {
    const names = either(filter.workflows.map((w) => quote(w.name ?? w.id)));
    parts.push(filter.workflows.length === 1 ? l10n.t('workflow {0}', names) : l10n.t('workflows {0}', names));
  }
  if (filter.channels?.length) parts.push(either(filter.channels.map(channelLabel)));
  if (filter.severity?.length) parts.push(l10n.t('{0} severity', either(filter.severity.map(severityLabel))));
  if (filter.transactionId) parts.push(l10n.t('transaction {0}', quote(filter.transactionId)));
  if (filter.topicKey) parts.push(l10n.t('topic {0}', quote(filter.topicKey)));
  if (filter.contextKeys) parts.push(filter.contextKeys.length === 0 ? l10n.t('no context') : l10n.t('context {0}', filter.contextKeys.map(quote).join(' + ')));
  if (filter.range) parts.push(describeRange(filter.range, locale));
  return parts.join(' · ');
}

/** A window as Failures by Cause takes it from the Activity view (the command's argument). */
export type FailuresWindowArgument = { kind: RelativeRange } | { kind: 'custom'; after: string; before?: string };

/**
 * The window Failures by Cause opens on from the Activity view: the filter's range when it has one
 * with a start, else the shortest preset that holds the oldest failure loaded (the last 7 days at most).
 */
export function failuresWindowFor(range: TimeRange | undefined, failed: readonly { createdAt?: string | null }[], nowMs: number): FailuresWindowArgument {
  if (range && range.kind !== 'custom') return { kind: range.kind };
  if (range?.kind === 'custom' && range.after) return { kind: 'custom', after: range.after, ...(range.before ? { before: range.before } : {}) };
  let oldest = nowMs;
  for (const n of failed) {
    const at = Date.parse(n.createdAt ?? '');
    if (at < oldest) oldest = at;
  }
  const age = nowMs - oldest;
  for (const kind of ['lastHour', 'last24Hours'] as const) if (age <= RELATIVE_RANGES[kind].ms) return { kind };
  return { kind: 'last7Days' };
}
