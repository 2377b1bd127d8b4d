/** A moment as people read it: local time in the display language, and UTC to compare with logs. */
import { l10n } from '../l10n';

export interface TimeText {
  local?: string;
  utc?: string;
}

/** The date styles of list rows (relativeTime) and of a moment's tooltip (formatTime). */
const MOMENT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
const FUTURE: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
const OLD: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };
export const ROW_DATE_STYLES: readonly Intl.DateTimeFormatOptions[] = [MOMENT, FUTURE, OLD];

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A date formatter for the locale and options, made once: `toLocaleString` builds a new one on
 * every call, which costs more than everything else a list row does.
 */
export function dateFormatter(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

export function formatTime(iso: string | null | undefined, locale?: string): TimeText {
  if (!iso) return {};
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { local: iso, utc: iso };
  return {
    local: dateFormatter(locale, MOMENT).format(date),
    utc: date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC'),
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "3 min ago", "2 h ago", "yesterday", "5 days ago", then the date. */
export function relativeTime(iso: string | null | undefined, nowMs: number, locale?: string): string {
  const ms = Date.parse(iso ?? '');
  if (Number.isNaN(ms)) return iso || l10n.t('time unknown');
  const ago = nowMs - ms;
  if (ago < -MINUTE) return dateFormatter(locale, FUTURE).format(ms);
  if (ago < MINUTE) return l10n.t('just now');
  if (ago < HOUR) return l10n.t('{0} min ago', Math.floor(ago / MINUTE));
  if (ago < DAY) return l10n.t('{0} h ago', Math.floor(ago / HOUR));
  if (ago < 2 * DAY) return l10n.t('yesterday');
  // Two days at least: always plural.
  if (ago < 30 * DAY) return l10n.t('{0} days ago', Math.floor(ago / DAY));
  return dateFormatter(locale, OLD).format(ms);
}
