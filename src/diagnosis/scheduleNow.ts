/**
 * Whether a subscriber's weekly delivery schedule (contract §3) is open at an instant, and when it
 * next opens, read in the subscriber's time zone (UTC when none is set). Wall-clock times, so a
 * daylight-saving change moves nothing: "09:00" is 09:00 local on either side of it. Pure.
 */
import { WEEK_DAYS, parseTime12h, type Schedule, type WeekDay } from '../api';

export interface ScheduleNow {
  /** False: the schedule is off, every time is open. */
  enabled: boolean;
  openNow: boolean;
  /** The zone the times are read in, and whether the subscriber set it. */
  timezone: string;
  timezoneSet: boolean;
  /** The next opening when closed now: its week day and local time (`09:00`). */
  next?: { day: WeekDay; time: string; daysAhead: number };
  /** A zone the platform does not know: read in UTC instead. */
  unknownZone?: boolean;
}

function localParts(nowMs: number, timezone: string): { day: WeekDay; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: timezone, weekday: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(nowMs));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = get('weekday').toLowerCase() as WeekDay;
  return { day, minutes: (Number(get('hour')) % 24) * 60 + Number(get('minute')) };
}

function ranges(schedule: Schedule, day: WeekDay): [number, number][] {
  const entry = schedule.weeklySchedule?.[day];
  if (!entry?.isEnabled) return [];
  return (entry.hours ?? [])
    .map((h) => [parseTime12h(h.start), parseTime12h(h.end)] as const)
    .filter((r): r is readonly [number, number] => r[0] !== undefined && r[1] !== undefined)
    .map(([start, end]) => [start, end <= start ? 24 * 60 : end] as [number, number])
    .sort((a, b) => a[0] - b[0]);
}

const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export function scheduleNow(schedule: Schedule | null | undefined, timezone: string | null | undefined, nowMs: number): ScheduleNow {
  let zone = timezone || 'UTC';
  let unknownZone = false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    zone = 'UTC';
    unknownZone = true;
  }
  const base = { timezone: zone, timezoneSet: !!timezone && !unknownZone, ...(unknownZone ? { unknownZone } : {}) };
  if (!schedule?.isEnabled) return { enabled: false, openNow: true, ...base };
  const { day, minutes } = localParts(nowMs, zone);
  const today = WEEK_DAYS.indexOf(day);
  if (ranges(schedule, day).some(([start, end]) => minutes >= start && minutes < end)) return { enabled: true, openNow: true, ...base };
  for (let ahead = 0; ahead <= 7; ahead++) {
    const d = WEEK_DAYS[(today + ahead) % 7]!;
    const start = ranges(schedule, d).find(([s]) => ahead > 0 || s > minutes)?.[0];
    if (start !== undefined) return { enabled: true, openNow: false, next: { day: d, time: hhmm(start), daysAhead: ahead }, ...base };
  }
  return { enabled: true, openNow: false, ...base };
}
