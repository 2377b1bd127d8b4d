/** A moment as people read it: local time in the display language, and UTC to compare with logs. */

export interface TimeText {
  local?: string;
  utc?: string;
}

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
    local: dateFormatter(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(date),
    utc: date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC'),
  };
}
