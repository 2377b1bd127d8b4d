/**
 * The Activity view's filter: what the user picked, the list query it becomes (contract §6), the
 * words the view's description uses for it, and the times a custom range accepts. Pure and
 * vscode-free, so it is unit-tested in plain Node; relative ranges are resolved at each load.
 */
import type { NotificationListQuery } from '../api';
import { channelLabel } from '../format/channels';
import { l10n } from '../l10n';

export type RelativeRange = 'lastHour' | 'last24Hours' | 'last7Days';

export type TimeRange = { kind: RelativeRange } | { kind: 'custom'; after?: string; before?: string };

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

/** A custom range's end as people read it: local date and time, without seconds. */
export function formatRangeEnd(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

export function describeRange(range: TimeRange, locale?: string): string {
  if (range.kind !== 'custom') return RELATIVE_RANGES[range.kind].label;
  if (range.after && range.before) return l10n.t({ message: '{0} to {1}', args: [formatRangeEnd(range.after, locale), formatRangeEnd(range.before, locale)], comment: 'a time range: its start to its end' });
  if (range.after) return l10n.t('since {0}', formatRangeEnd(range.after, locale));
  return l10n.t('until {0}', formatRangeEnd(range.before ?? '', locale));
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
  if (filter.range) parts.push(describeRange(filter.range, locale));
  return parts.join(' · ');
}

const DURATION_UNITS: Record<string, number> = { m: 60_000, min: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/**
 * A time typed for a custom range: an ISO date or date-time (local time unless it names a zone,
 * `2026-11-20`, `2026-11-20 14:30`, `2026-11-20T14:30:00Z`), or a duration back from now (`90m`,
 * `6h`, `2d`, `1w`). Gives the ISO instant, or the reason it is not one.
 */
export function parseTimeInput(text: string, nowMs: number): { iso: string } | { error: string } {
  const value = text.trim();
  if (value === '') return { error: l10n.t('Type a date and time, or a duration such as 6h.') };
  const duration = /^(\d+(?:\.\d+)?)\s*(m|min|h|d|w)(?:\s+ago)?$/i.exec(value);
  if (duration) {
    const ms = Number(duration[1]) * DURATION_UNITS[duration[2]!.toLowerCase()]!;
    return { iso: new Date(nowMs - ms).toISOString() };
  }
  const dateTime = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i.exec(value);
  if (!dateTime) return { error: l10n.t('Not a date: use 2026-11-20 14:30 (local time), an ISO date-time, or a duration such as 6h.') };
  const [, y, mo, d, h = '0', mi = '0', s = '0', zone] = dateTime;
  const parts = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  const ms = zone ? Date.parse(value.replace(' ', 'T')) : new Date(...parts).getTime();
  const check = new Date(zone ? Date.UTC(...parts) : ms);
  const valid = zone
    ? !Number.isNaN(ms) && check.getUTCMonth() === parts[1] && check.getUTCDate() === parts[2]
    : !Number.isNaN(ms) && check.getMonth() === parts[1] && check.getDate() === parts[2];
  if (!valid || parts[3] > 23 || parts[4] > 59 || parts[5] > 59) return { error: l10n.t('There is no such date or time: {0}.', value) };
  return { iso: new Date(ms).toISOString() };
}

/** Checks a custom range's two ends together: the start must come before the end. */
export function checkRange(after: string | undefined, before: string | undefined): string | undefined {
  if (after && before && Date.parse(after) >= Date.parse(before)) return l10n.t('The end must come after the start.');
  return undefined;
}
