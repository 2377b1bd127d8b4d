/**
 * The weekly schedule's draft, as pure functions: from the service's schedule to the draft and back
 * to the request, validation with messages keyed like the service's, the next range to propose,
 * and where each message belongs on screen. No DOM here; test/unit/webview/preferences/ tests it.
 */
import { WEEK_DAYS } from '../../src/api/constants';
import { l10n } from '../../src/l10n';
import type { Words } from '../../src/words';
import type { Schedule, WeekDay } from '../../src/api/schemas';
import { formatTime12h, parseTime12h, validateSchedule } from '../../src/api/validation';

export type FieldErrors = Record<string, string[]>;
export type Range = { start: string; end: string };
export type Day = { isEnabled: boolean; hours: Range[] };
/** What the editor works on: only the fields the request accepts, every day's hours an array. */
export type DraftSchedule = { isEnabled: boolean; weeklySchedule: Partial<Record<WeekDay, Day>> };

/** A day's name as the editor shows it. */
export function dayLabel(day: WeekDay): string {
  return DAY_LABELS[day]();
}

const DAY_LABELS: Words<WeekDay> = {
  monday: () => l10n.t('Monday'),
  tuesday: () => l10n.t('Tuesday'),
  wednesday: () => l10n.t('Wednesday'),
  thursday: () => l10n.t('Thursday'),
  friday: () => l10n.t('Friday'),
  saturday: () => l10n.t('Saturday'),
  sunday: () => l10n.t('Sunday'),
};

/** The note under the schedule switch when it proposes hours. */
export function proposalNote(): string {
  return l10n.t('Proposed Monday to Friday, 09:00 AM – 05:00 PM; adjust and save.');
}

/** The message of an enabled schedule without hours. */
export function needsHoursMessage(): string {
  return l10n.t('An enabled schedule needs at least one day with hours.');
}
export const MAX_RANGES = 24;
export const DEFAULT_RANGE: Range = { start: '09:00 AM', end: '05:00 PM' };
const LAST_MINUTE = 23 * 60 + 59;

/** The draft of a schedule as the service returned it (unknown fields and null days dropped). */
export function toDraft(schedule: Schedule | undefined | null): DraftSchedule {
  const weeklySchedule: Partial<Record<WeekDay, Day>> = {};
  for (const day of WEEK_DAYS) {
    const source = schedule?.weeklySchedule?.[day];
    if (!source) continue;
    weeklySchedule[day] = {
      isEnabled: source.isEnabled === true,
      hours: (source.hours ?? []).map((range) => ({ start: String(range.start ?? ''), end: String(range.end ?? '') })),
    };
  }
  return { isEnabled: schedule?.isEnabled === true, weeklySchedule };
}

/** `09:00 AM` for anything the contract accepts, the text as typed otherwise. */
export function normaliseTime(value: string): string {
  const minutes = parseTime12h(value);
  return minutes === undefined ? value : formatTime12h(minutes);
}

/** The request's schedule: times in `hh:mm AM` form, days in week order, no empty weeklySchedule. */
export function toPayload(draft: DraftSchedule): DraftSchedule | { isEnabled: boolean } {
  const weeklySchedule: Partial<Record<WeekDay, Day>> = {};
  for (const day of WEEK_DAYS) {
    const source = draft.weeklySchedule[day];
    if (!source) continue;
    weeklySchedule[day] = { isEnabled: source.isEnabled, hours: source.hours.map((r) => ({ start: normaliseTime(r.start), end: normaliseTime(r.end) })) };
  }
  return Object.keys(weeklySchedule).length > 0 ? { isEnabled: draft.isEnabled, weeklySchedule } : { isEnabled: draft.isEnabled };
}

/** Two drafts with the same signature send the same request. */
export function signature(draft: DraftSchedule): string {
  return JSON.stringify(toPayload(draft));
}

/** Some enabled day has a range. */
export function hasHours(draft: DraftSchedule): boolean {
  return WEEK_DAYS.some((day) => {
    const d = draft.weeklySchedule[day];
    return d !== undefined && d.isEnabled && d.hours.length > 0;
  });
}

/** Every message of the draft, keyed like the service's (`weeklySchedule.monday.hours.0.end`). */
export function validateDraft(draft: DraftSchedule): FieldErrors {
  const errors: FieldErrors = { ...validateSchedule(draft) };
  delete errors['weeklySchedule'];
  if (draft.isEnabled && !hasHours(draft)) errors['weeklySchedule'] = [needsHoursMessage()];
  return errors;
}

/** The range proposed by "Add range": the hour after the last range's end, or 09:00 AM – 05:00 PM. */
export function nextRange(hours: readonly Range[]): Range {
  const last = hours.at(-1);
  const end = last ? parseTime12h(last.end) : undefined;
  if (end === undefined) return { ...DEFAULT_RANGE };
  const start = Math.min(end, LAST_MINUTE);
  return { start: formatTime12h(start), end: formatTime12h(Math.min(start + 60, LAST_MINUTE)) };
}

/** Local messages first, then the host's messages the user has not acted on since. */
export function mergeErrors(local: FieldErrors, server: FieldErrors, answered: ReadonlySet<string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(local)) errors[key] = [...messages];
  for (const [key, messages] of Object.entries(server)) {
    if (answered.has(key) || errors[key]) continue;
    errors[key] = [...messages];
  }
  return errors;
}

/** Where each message goes: under its range (start, end, or the range as a whole), under its day, or under the schedule. */
export interface ErrorPlacement {
  ranges: { day: string; index: string; start: string[]; end: string[]; range: string[] }[];
  days: Partial<Record<WeekDay, string[]>>;
  schedule: string[];
}

/**
 * Places messages on what is on screen: `ranges` and `days` are the rows that have a slot. A
 * message whose row is not shown moves up to the day, then to the schedule, so none is lost.
 */
export function placeErrors(errors: FieldErrors, ranges: readonly { day: string; index: string }[], days: readonly WeekDay[]): ErrorPlacement {
  const placed = new Set<string>();
  const take = (key: string): string[] => {
    const messages = errors[key];
    if (!messages || messages.length === 0) return [];
    placed.add(key);
    return messages;
  };
  const placement: ErrorPlacement = { ranges: [], days: {}, schedule: [] };
  for (const { day, index } of ranges) {
    const key = `weeklySchedule.${day}.hours.${index}`;
    placement.ranges.push({ day, index, start: take(`${key}.start`), end: take(`${key}.end`), range: take(key) });
  }
  for (const day of days) {
    const keys = Object.keys(errors).filter((k) => (k === `weeklySchedule.${day}` || k.startsWith(`weeklySchedule.${day}.`)) && !placed.has(k));
    const messages = keys.flatMap((k) => errors[k] ?? []);
    if (messages.length === 0) continue;
    keys.forEach((k) => placed.add(k));
    placement.days[day] = messages;
  }
  placement.schedule = Object.keys(errors)
    .filter((k) => !placed.has(k))
    .flatMap((k) => errors[k] ?? []);
  return placement;
}
