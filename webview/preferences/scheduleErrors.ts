/**
 * Draws the schedule's messages where placeErrors put them: each in its slot (`.nx-slot[data-slot]`),
 * with an id that the field it concerns names in aria-describedby and aria-invalid. Elements are
 * updated in place, so a message that stays does not flicker or get announced again.
 */
import { WEEK_DAYS } from '../../src/api/constants';
import type { WeekDay } from '../../src/api/schemas';
import { l10n } from '../../src/l10n';
import { h, icon, setChildren } from '../common/dom';
import { placeErrors, type FieldErrors } from './scheduleDraft';

/** The messages of a range's start or end, led by which of the two they are about. */
function edgeText(edge: 'start' | 'end', messages: string): string {
  return edge === 'start' ? l10n.t('Start: {0}', messages) : l10n.t('End: {0}', messages);
}

/** Puts `messages` (or nothing) in the element `id` inside `slot`; returns the ids describing the field. */
function show(root: HTMLElement, slot: HTMLElement | null, id: string, messages: string[], attrs: Record<string, string> = {}, text = (joined: string) => joined): string[] {
  let el = root.querySelector<HTMLElement>(`[id="${id}"]`);
  if (!slot || messages.length === 0) {
    el?.remove();
    return [];
  }
  if (!el) el = h('p', { class: 'nx-field-error', attrs: { id, ...attrs } });
  setChildren(el, icon('error'), h('span', null, text(messages.join(' '))));
  // Appending again keeps the order start, end, range whatever came first.
  slot.appendChild(el);
  return [id];
}

export function showScheduleErrors(root: HTMLElement, errors: FieldErrors): void {
  const slot = (name: string) => root.querySelector<HTMLElement>(`.nx-slot[data-slot="${name}"]`);
  const ranges = [...root.querySelectorAll<HTMLElement>('li.nx-range')].map((li) => ({ li, day: li.dataset.day ?? '', index: li.dataset.index ?? '' }));
  const days = WEEK_DAYS.filter((day) => slot(`day:${day}`));
  const placement = placeErrors(errors, ranges, days);

  placement.ranges.forEach((range, i) => {
    const { li } = ranges[i]!;
    const rangeSlot = slot(`range:${range.day}:${range.index}`);
    const data = { 'data-day': range.day, 'data-index': range.index };
    const edgeIds = (edge: 'start' | 'end') => show(root, rangeSlot, `nx-err-${range.day}-${range.index}-${edge}`, range[edge], { ...data, 'data-key': `weeklySchedule.${range.day}.hours.${range.index}.${edge}`, 'data-edge': edge }, (joined) => edgeText(edge, joined));
    const startIds = edgeIds('start');
    const endIds = edgeIds('end');
    const shared = show(root, rangeSlot, `nx-err-${range.day}-${range.index}`, range.range, { ...data, 'data-key': `weeklySchedule.${range.day}.hours.${range.index}` });
    const startInput = li.querySelector<HTMLInputElement>('input.nx-time-field[data-edge="start"]');
    const endInput = li.querySelector<HTMLInputElement>('input.nx-time-field[data-edge="end"]');
    if (startInput) setInvalid(startInput, [...startIds, ...shared]);
    if (endInput) setInvalid(endInput, [...endIds, ...shared]);
  });

  for (const day of WEEK_DAYS as readonly WeekDay[]) {
    const ids = show(root, slot(`day:${day}`), `nx-err-${day}`, placement.days[day] ?? [], { 'data-day': day });
    const daySwitch = root.querySelector<HTMLInputElement>(`input.nx-day-switch[data-day="${day}"]`);
    if (daySwitch) setInvalid(daySwitch, ids);
  }

  const ids = show(root, slot('schedule'), 'nx-err-schedule', placement.schedule);
  const scheduleSwitch = root.querySelector<HTMLInputElement>('input.nx-schedule-switch');
  if (scheduleSwitch) setInvalid(scheduleSwitch, ids);
}

/** Marks a field invalid and names the messages that describe it (or clears both). */
export function setInvalid(input: HTMLElement, describedBy: string[]): void {
  if (describedBy.length > 0) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', describedBy.join(' '));
  } else {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
}
