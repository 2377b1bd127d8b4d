/** A moment as people read it: local time in the display language, and UTC to compare with logs. */

export interface TimeText {
  local?: string;
  utc?: string;
}

export function formatTime(iso: string | null | undefined, locale?: string): TimeText {
  if (!iso) return {};
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { local: iso, utc: iso };
  return {
    local: date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'medium' }),
    utc: date.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC'),
  };
}
