/**
 * A custom time range as people type it and read it: the times its two ends accept, the check of
 * the two together, and its words. Shared by the Activity filter, the failures' window and the
 * agent's tools; pure and vscode-free.
 */
import { l10n } from '../l10n';

/** A range typed by the user: its start and end as ISO instants (an open end is "now" or "ever"). */
export interface CustomRange {
  kind: 'custom';
  after?: string;
  before?: string;
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

/** A custom range's end as people read it: local date and time, without seconds. */
export function formatRangeEnd(iso: string, locale?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** "20 Nov 2026, 14:30 to 20 Nov 2026, 15:10", "since …", "until …". */
export function describeCustomRange(range: Omit<CustomRange, 'kind'>, locale?: string): string {
  if (range.after && range.before) return l10n.t({ message: '{0} to {1}', args: [formatRangeEnd(range.after, locale), formatRangeEnd(range.before, locale)], comment: 'a time range: its start to its end' });
  if (range.after) return l10n.t('since {0}', formatRangeEnd(range.after, locale));
  return l10n.t('until {0}', formatRangeEnd(range.before ?? '', locale));
}
