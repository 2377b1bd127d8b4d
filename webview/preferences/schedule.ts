/**
 * The weekly schedule editor. It edits a local draft: the host's schedule is copied in while the
 * draft has no changes of the user's, and the draft goes to the host only with "Save schedule".
 * Every check runs here before any request, with its message at the field.
 */
import { WEEK_DAYS } from '../../src/api/constants';
import type { Schedule, WeekDay } from '../../src/api/schemas';
import type { ChangeError } from '../../src/preferences/protocol';
import { formatTime12h, parseTime12h, validateSchedule } from '../../src/api/validation';
import { copyDayToOthers, proposedSchedule } from '../../src/preferences/preferencesModel';
import { button, h, icon, setBusy, setChildren } from '../common/dom';
import { errorText } from '../common/vscode';
import type { PanelContext } from './context';
import { ChangeErrorSlot } from './changeError';
import { switchControl } from './switch';

type FieldErrors = Record<string, string[]>;
type Range = { start: string; end: string };
type Day = { isEnabled: boolean; hours: Range[] };
/** What the editor works on: only the fields the request accepts, every day's hours an array. */
export type DraftSchedule = { isEnabled: boolean; weeklySchedule: Partial<Record<WeekDay, Day>> };

export const DAY_LABELS: Record<WeekDay, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

export const PROPOSAL_NOTE = 'Proposed Monday to Friday, 09:00 AM – 05:00 PM; adjust and save.';
export const NEEDS_HOURS = 'An enabled schedule needs at least one day with hours.';
const MAX_RANGES = 24;
const DEFAULT_RANGE: Range = { start: '09:00 AM', end: '05:00 PM' };
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

function signature(draft: DraftSchedule): string {
  return JSON.stringify(toPayload(draft));
}

function hasHours(draft: DraftSchedule): boolean {
  return WEEK_DAYS.some((day) => {
    const d = draft.weeklySchedule[day];
    return d !== undefined && d.isEnabled && d.hours.length > 0;
  });
}

/** Every message of the draft, keyed like the service's (`weeklySchedule.monday.hours.0.end`). */
export function validateDraft(draft: DraftSchedule): FieldErrors {
  const errors: FieldErrors = { ...validateSchedule(draft) };
  delete errors['weeklySchedule'];
  if (draft.isEnabled && !hasHours(draft)) errors['weeklySchedule'] = [NEEDS_HOURS];
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

/** A host key as the editor keys it: without a leading `schedule.`. */
const EDGE_LABEL = { start: 'Start', end: 'End' } as const;

export class ScheduleEditor {
  readonly el: HTMLElement;
  private readonly body: HTMLElement;
  private readonly footer: HTMLElement;
  private readonly saveButton: HTMLButtonElement;
  private readonly discardButton: HTMLButtonElement;
  private readonly footerStatus: HTMLElement;
  /** Why the last save was refused, next to the Save button. */
  private readonly saveError: ChangeErrorSlot;

  private draft: DraftSchedule = { isEnabled: false, weeklySchedule: {} };
  private base: DraftSchedule = { isEnabled: false, weeklySchedule: {} };
  private baseSig = signature(this.base);
  /** The user changed the draft since it last followed the host. */
  private edited = false;
  /** A save of this draft failed: keep it whatever the host sends, until it is saved or discarded. */
  private keepAfterFailure = false;
  private saving = false;
  private hostSaving = false;
  private initialised = false;
  private note: string | undefined;

  private serverErrors: FieldErrors = {};
  private serverSig = '';
  /** Host messages the user has since acted on (edited the field, discarded…): no longer shown. */
  private readonly answered = new Set<string>();
  private localErrors: FieldErrors = {};

  constructor(private readonly ctx: PanelContext) {
    this.body = h('div', 'px-schedule-body');
    this.saveButton = button({
      label: 'Save schedule',
      icon: 'save',
      class: 'nx-button px-save-schedule',
      attrs: { 'data-focus-key': 'save-schedule' },
      onClick: () => this.save(),
    });
    this.discardButton = button({
      label: 'Discard changes',
      icon: 'discard',
      class: 'nx-button nx-secondary px-discard-schedule',
      attrs: { 'data-focus-key': 'discard-schedule' },
      onClick: () => this.discard(),
    });
    this.footerStatus = h('span', { class: 'px-schedule-status', attrs: { role: 'status' } });
    this.footer = h('div', 'px-schedule-footer', this.saveButton, this.discardButton, this.footerStatus);
    this.saveError = new ChangeErrorSlot('The fields concerned are marked above.');
    this.el = h(
      'section',
      { class: 'px-card px-schedule', attrs: { 'aria-labelledby': 'px-schedule-title' } },
      h(
        'div',
        'px-card-head',
        h('h3', { class: 'px-card-title', attrs: { id: 'px-schedule-title' } }, icon('calendar'), h('span', null, 'Weekly schedule')),
        h('p', 'px-card-desc', 'When on, the subscriber gets email, SMS, chat and push only during these hours. In-app and critical messages arrive at any time.'),
      ),
      this.body,
      this.footer,
      this.saveError.el,
    );
  }

  /** Takes the host's schedule, saving flag and its last refused save (with field messages). */
  update(schedule: Schedule | undefined, hostSaving: boolean, error: ChangeError | undefined): void {
    this.saveError.update(error);
    const fieldErrors = error?.fieldErrors;
    let rebuild = !this.initialised;
    this.initialised = true;

    const base = toDraft(schedule);
    const baseSig = signature(base);
    if (baseSig !== this.baseSig) {
      const wasClean = signature(this.draft) === this.baseSig;
      this.base = base;
      this.baseSig = baseSig;
      if (signature(this.draft) === baseSig) {
        // The host caught up with the draft (a save came through).
        this.edited = false;
        this.keepAfterFailure = false;
      } else if (!this.saving && !this.keepAfterFailure && (!this.edited || wasClean)) {
        this.draft = structuredClone(base);
        this.edited = false;
        this.note = undefined;
        rebuild = true;
      }
    }

    const serverErrors: FieldErrors = {};
    for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
      if (Array.isArray(messages) && messages.length > 0) (serverErrors[key] ??= []).push(...messages.map(String));
    }
    const serverSig = JSON.stringify(serverErrors);
    if (serverSig !== this.serverSig) {
      this.serverSig = serverSig;
      this.serverErrors = serverErrors;
      this.answered.clear();
      rebuild = true;
    }

    this.hostSaving = hostSaving;
    if (rebuild) this.rebuild();
    else this.refreshState();
  }

  // ---- Rendering ------------------------------------------------------------------------------

  private rebuild(focusKey?: string): void {
    const active = document.activeElement;
    const keep = focusKey ?? (active instanceof HTMLElement && this.el.contains(active) ? active.dataset.focusKey : undefined);
    const selection = active instanceof HTMLInputElement && active.type === 'text' && !focusKey ? [active.selectionStart, active.selectionEnd] : undefined;
    this.localErrors = validateDraft(this.draft);
    const errors = this.errors();
    const draft = this.draft;

    const scheduleSwitch = switchControl({
      label: 'Deliver only during the hours below',
      checked: draft.isEnabled,
      class: 'px-schedule-switch',
      attrs: { 'data-focus-key': 'schedule-switch' },
      onChange: (checked) => this.setEnabled(checked),
    });
    const head = h('div', 'px-schedule-switch-row', scheduleSwitch.root, h('span', { class: 'px-slot', attrs: { 'data-slot': 'schedule' } }));
    const note = this.note ? h('p', { class: 'px-schedule-note', attrs: { role: 'status' } }, icon('lightbulb'), h('span', null, this.note)) : null;

    const showDays = draft.isEnabled || Object.keys(errors).some((k) => k.startsWith('weeklySchedule.'));
    const days = h('div', { class: 'px-days', attrs: { role: 'group', 'aria-label': 'Days of the week' } });
    for (const day of WEEK_DAYS) days.appendChild(this.renderDay(day, errors));
    const off = h('p', 'px-schedule-off', icon('circle-slash'), h('span', null, 'Off: notifications are delivered at any time.'));

    setChildren(this.body, head, note, showDays ? days : off);
    this.el.classList.toggle('px-schedule-enabled', draft.isEnabled);
    this.refreshState();

    if (keep) {
      for (const el of this.el.querySelectorAll<HTMLElement>('[data-focus-key]')) {
        if (el.dataset.focusKey !== keep) continue;
        el.focus({ preventScroll: focusKey === undefined });
        if (selection && el instanceof HTMLInputElement) el.setSelectionRange(selection[0] ?? null, selection[1] ?? null);
        break;
      }
    }
  }

  private renderDay(day: WeekDay, errors: FieldErrors): HTMLElement {
    const label = DAY_LABELS[day];
    const data = this.draft.weeklySchedule[day];
    const enabled = data?.isEnabled === true;
    const hours = data?.hours ?? [];
    const dayHasErrors = Object.keys(errors).some((k) => k.startsWith(`weeklySchedule.${day}.hours.`));
    const daySwitch = switchControl({
      label,
      checked: enabled,
      class: 'px-day-switch',
      attrs: { 'data-day': day, 'data-focus-key': `day:${day}` },
      onChange: (checked) => this.setDayEnabled(day, checked),
    });
    const row = h('div', { class: `px-day${enabled ? '' : ' px-day-off'}`, attrs: { 'data-day': day, role: 'group', 'aria-label': label } });
    // Messages about the whole day come first, next to its switch.
    const bodyEl = h('div', 'px-day-body', h('div', { class: 'px-slot px-day-errors', attrs: { 'data-slot': `day:${day}` } }));
    if (enabled || dayHasErrors) {
      if (hours.length > 0) {
        const list = h('ul', { class: 'px-ranges', attrs: { 'aria-label': `${label} hours` } });
        hours.forEach((range, index) => list.appendChild(this.renderRange(day, index, range)));
        bodyEl.appendChild(list);
      } else {
        bodyEl.appendChild(h('p', 'px-day-empty', 'No hours: nothing but in-app and critical messages on this day.'));
      }
    } else {
      bodyEl.appendChild(h('p', 'px-day-empty', hours.length > 0 ? `Off (${hours.length === 1 ? 'its range is' : 'its ranges are'} kept)` : 'Off'));
    }
    if (enabled) {
      const actions = h('div', 'px-day-actions');
      const add = button({
        label: 'Add range',
        icon: 'add',
        class: 'px-link px-add-range',
        attrs: { 'data-day': day, 'data-focus-key': `add:${day}`, 'aria-label': `Add a range to ${label}` },
        onClick: () => this.addRange(day),
      });
      add.disabled = hours.length >= MAX_RANGES;
      actions.appendChild(add);
      actions.appendChild(
        button({
          label: 'Copy to other days',
          icon: 'copy',
          class: 'px-link px-copy-day',
          title: `Give every other day ${label}'s hours (only the draft changes)`,
          attrs: { 'data-day': day, 'data-focus-key': `copy:${day}`, 'aria-label': `Copy ${label}'s hours to the other days` },
          onClick: () => this.copyDay(day),
        }),
      );
      bodyEl.appendChild(actions);
    }
    row.appendChild(h('div', 'px-day-name', daySwitch.root));
    row.appendChild(bodyEl);
    return row;
  }

  private renderRange(day: WeekDay, index: number, range: Range): HTMLElement {
    const label = DAY_LABELS[day];
    const input = (edge: 'start' | 'end') => {
      const el = h('input', {
        class: 'px-time px-mono',
        attrs: {
          type: 'text',
          inputmode: 'text',
          autocomplete: 'off',
          spellcheck: 'false',
          maxlength: 20,
          placeholder: edge === 'start' ? '09:00 AM' : '05:00 PM',
          'aria-label': `${label} range ${index + 1} ${edge}`,
          'data-day': day,
          'data-index': index,
          'data-edge': edge,
          'data-focus-key': `time:${day}:${index}:${edge}`,
        },
      });
      el.value = range[edge];
      el.addEventListener('input', () => this.setTime(day, index, edge, el.value));
      el.addEventListener('change', () => {
        const normalised = normaliseTime(el.value.trim());
        if (normalised !== el.value) {
          el.value = normalised;
          this.setTime(day, index, edge, normalised);
        }
      });
      return el;
    };
    const remove = button({
      label: `Remove ${label} range ${index + 1}`,
      icon: 'trash',
      iconOnly: true,
      class: 'nx-button px-remove-range',
      attrs: { 'data-day': day, 'data-index': index, 'data-focus-key': `remove:${day}:${index}` },
      onClick: () => this.removeRange(day, index),
    });
    return h(
      'li',
      { class: 'px-range', attrs: { 'data-day': day, 'data-index': index } },
      h('div', 'px-range-inputs', input('start'), h('span', { class: 'px-range-dash', attrs: { 'aria-hidden': 'true' } }, '–'), input('end'), remove),
      h('div', { class: 'px-slot px-range-errors', attrs: { 'data-slot': `range:${day}:${index}` } }),
    );
  }

  /** Field messages, the save button and the footer line, from the draft as it is now. */
  private refreshState(): void {
    this.localErrors = validateDraft(this.draft);
    const errors = this.errors();
    const placed = new Set<string>();
    const slot = (name: string) => this.el.querySelector<HTMLElement>(`.px-slot[data-slot="${name}"]`);

    const find = (id: string) => this.el.querySelector<HTMLElement>(`[id="${id}"]`);
    // Messages of one field, in their slot; returns the ids that describe the field.
    const place = (slotEl: HTMLElement | null, id: string, key: string, prefix: string, dataAttrs: Record<string, string>): string[] => {
      const messages = errors[key];
      let el = find(id);
      if (!slotEl || !messages || messages.length === 0) {
        el?.remove();
        return [];
      }
      placed.add(key);
      if (!el) el = h('p', { class: 'px-field-error', attrs: { id, 'data-key': key, ...dataAttrs } });
      setChildren(el, icon('error'), h('span', null, `${prefix}${messages.join(' ')}`));
      // Appending again keeps the order start, end, range whatever came first.
      slotEl.appendChild(el);
      return [id];
    };

    for (const li of this.el.querySelectorAll<HTMLElement>('li.px-range')) {
      const { day = '', index = '' } = li.dataset;
      const rangeSlot = slot(`range:${day}:${index}`);
      const rangeKey = `weeklySchedule.${day}.hours.${index}`;
      const ids = (edge: 'start' | 'end') =>
        place(rangeSlot, `px-err-${day}-${index}-${edge}`, `${rangeKey}.${edge}`, `${EDGE_LABEL[edge]}: `, { 'data-day': day, 'data-index': index, 'data-edge': edge });
      const startIds = ids('start');
      const endIds = ids('end');
      const shared = place(rangeSlot, `px-err-${day}-${index}`, rangeKey, '', { 'data-day': day, 'data-index': index });
      const startInput = li.querySelector<HTMLInputElement>('input.px-time[data-edge="start"]');
      const endInput = li.querySelector<HTMLInputElement>('input.px-time[data-edge="end"]');
      if (startInput) setInvalid(startInput, [...startIds, ...shared]);
      if (endInput) setInvalid(endInput, [...endIds, ...shared]);
    }

    for (const day of WEEK_DAYS) {
      const daySlot = slot(`day:${day}`);
      const dayKeys = Object.keys(errors).filter((k) => (k === `weeklySchedule.${day}` || k.startsWith(`weeklySchedule.${day}.`)) && !placed.has(k));
      const messages = dayKeys.flatMap((k) => errors[k] ?? []);
      const id = `px-err-${day}`;
      let el = find(id);
      const daySwitch = this.el.querySelector<HTMLInputElement>(`input.px-day-switch[data-day="${day}"]`);
      if (!daySlot || messages.length === 0) {
        el?.remove();
        if (daySwitch) setInvalid(daySwitch, []);
        continue;
      }
      dayKeys.forEach((k) => placed.add(k));
      if (!el) {
        el = h('p', { class: 'px-field-error', attrs: { id, 'data-day': day } });
        daySlot.appendChild(el);
      }
      setChildren(el, icon('error'), h('span', null, messages.join(' ')));
      if (daySwitch) setInvalid(daySwitch, [id]);
    }

    const rest = Object.keys(errors).filter((k) => !placed.has(k));
    const scheduleMessages = rest.flatMap((k) => errors[k] ?? []);
    const scheduleSlot = slot('schedule');
    const scheduleSwitch = this.el.querySelector<HTMLInputElement>('input.px-schedule-switch');
    let scheduleError = find('px-err-schedule');
    if (scheduleMessages.length > 0 && scheduleSlot) {
      if (!scheduleError) {
        scheduleError = h('p', { class: 'px-field-error', attrs: { id: 'px-err-schedule' } });
        scheduleSlot.appendChild(scheduleError);
      }
      setChildren(scheduleError, icon('error'), h('span', null, scheduleMessages.join(' ')));
      if (scheduleSwitch) setInvalid(scheduleSwitch, ['px-err-schedule']);
    } else {
      scheduleError?.remove();
      if (scheduleSwitch) setInvalid(scheduleSwitch, []);
    }

    this.refreshFooter();
  }

  private refreshFooter(): void {
    const invalid = Object.keys(this.localErrors).length > 0;
    const dirty = signature(this.draft) !== this.baseSig;
    const busy = this.saving || this.hostSaving;
    this.saveButton.disabled = invalid || !dirty || busy;
    this.saveButton.title = invalid ? 'Fix the marked fields first' : !dirty ? 'No changes to save' : '';
    this.discardButton.disabled = !dirty || this.saving;
    setBusy(this.saveButton, busy, 'save');
    this.el.classList.toggle('px-schedule-dirty', dirty);
    const count = Object.values(this.localErrors).reduce((n, m) => n + m.length, 0);
    if (busy) setChildren(this.footerStatus, icon('loading', 'codicon-modifier-spin'), h('span', null, 'Saving…'));
    else if (invalid) setChildren(this.footerStatus, icon('error', 'px-status-error'), h('span', null, count === 1 ? 'Fix the marked field to save.' : `Fix the ${count} marked fields to save.`));
    else if (dirty) setChildren(this.footerStatus, icon('circle-filled', 'px-status-dirty'), h('span', null, 'Unsaved changes'));
    else setChildren(this.footerStatus, h('span', 'px-muted', 'No unsaved changes'));
  }

  /** Local messages first, then the host's messages the user has not acted on. */
  private errors(): FieldErrors {
    const errors: FieldErrors = {};
    for (const [key, messages] of Object.entries(this.localErrors)) errors[key] = [...messages];
    for (const [key, messages] of Object.entries(this.serverErrors)) {
      if (this.answered.has(key) || errors[key]) continue;
      errors[key] = [...messages];
    }
    return errors;
  }

  // ---- Editing --------------------------------------------------------------------------------

  private edit(answeredPrefix: string | undefined): void {
    this.edited = true;
    if (answeredPrefix === undefined) return;
    for (const key of Object.keys(this.serverErrors)) {
      if (answeredPrefix === '' || key === answeredPrefix || key.startsWith(`${answeredPrefix}.`)) this.answered.add(key);
    }
  }

  private setEnabled(enabled: boolean): void {
    this.edit('isEnabled');
    this.answered.add('weeklySchedule');
    this.note = undefined;
    if (enabled && !hasHours(this.draft)) {
      this.draft = toDraft(proposedSchedule());
      this.note = PROPOSAL_NOTE;
    } else {
      this.draft.isEnabled = enabled;
    }
    this.rebuild();
  }

  private setDayEnabled(day: WeekDay, enabled: boolean): void {
    this.edit(`weeklySchedule.${day}`);
    this.answered.add('weeklySchedule');
    const current = this.draft.weeklySchedule[day] ?? { isEnabled: false, hours: [] };
    current.isEnabled = enabled;
    if (enabled && current.hours.length === 0) current.hours.push({ ...DEFAULT_RANGE });
    this.draft.weeklySchedule[day] = current;
    this.rebuild();
  }

  private setTime(day: WeekDay, index: number, edge: 'start' | 'end', value: string): void {
    const range = this.draft.weeklySchedule[day]?.hours[index];
    if (!range) return;
    this.edit(`weeklySchedule.${day}.hours.${index}.${edge}`);
    this.answered.add(`weeklySchedule.${day}.hours.${index}`);
    range[edge] = value;
    this.refreshState();
  }

  private addRange(day: WeekDay): void {
    const current = this.draft.weeklySchedule[day] ?? { isEnabled: true, hours: [] };
    if (current.hours.length >= MAX_RANGES) return;
    this.edit(`weeklySchedule.${day}`);
    current.hours.push(nextRange(current.hours));
    this.draft.weeklySchedule[day] = current;
    this.rebuild(`time:${day}:${current.hours.length - 1}:start`);
  }

  private removeRange(day: WeekDay, index: number): void {
    const current = this.draft.weeklySchedule[day];
    if (!current) return;
    this.edit(`weeklySchedule.${day}`);
    current.hours.splice(index, 1);
    const next = current.hours.length > index ? `remove:${day}:${index}` : current.hours.length > 0 ? `remove:${day}:${current.hours.length - 1}` : `add:${day}`;
    this.rebuild(next);
  }

  private copyDay(day: WeekDay): void {
    const others = WEEK_DAYS.filter((d) => d !== day);
    this.edit(undefined);
    for (const other of others) this.edit(`weeklySchedule.${other}`);
    this.draft = toDraft(copyDayToOthers(this.draft, day, others));
    const ranges = this.draft.weeklySchedule[day]?.hours.length ?? 0;
    this.note = `Copied ${DAY_LABELS[day]} (${ranges === 0 ? 'no hours' : ranges === 1 ? '1 range' : `${ranges} ranges`}) to the other days; save to apply.`;
    this.rebuild();
  }

  private discard(): void {
    this.draft = structuredClone(this.base);
    this.edited = false;
    this.keepAfterFailure = false;
    this.note = undefined;
    for (const key of Object.keys(this.serverErrors)) this.answered.add(key);
    this.rebuild('schedule-switch');
  }

  private save(): void {
    this.localErrors = validateDraft(this.draft);
    if (Object.keys(this.localErrors).length > 0 || this.saving) {
      this.refreshState();
      return;
    }
    // Show the times as they are sent.
    for (const day of WEEK_DAYS) for (const range of this.draft.weeklySchedule[day]?.hours ?? []) Object.assign(range, { start: normaliseTime(range.start.trim()), end: normaliseTime(range.end.trim()) });
    for (const input of this.el.querySelectorAll<HTMLInputElement>('input.px-time')) input.value = normaliseTime(input.value.trim());
    const schedule = toPayload(this.draft);
    this.saving = true;
    this.note = undefined;
    this.refreshFooter();
    this.ctx
      .request({ method: 'saveSchedule', schedule })
      .then(() => {
        this.saving = false;
        this.keepAfterFailure = false;
        this.edited = signature(this.draft) !== this.baseSig;
        this.refreshState();
      })
      .catch((error: unknown) => {
        this.saving = false;
        this.keepAfterFailure = true;
        this.edited = true;
        // The host's own account (with the fields) arrives before its reply; keep that one.
        if (!this.saveError.shown) this.saveError.update({ text: `The schedule was not saved: ${errorText(error)}`, details: [] });
        this.refreshState();
      });
  }
}

function setInvalid(input: HTMLElement, describedBy: string[]): void {
  if (describedBy.length > 0) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', describedBy.join(' '));
  } else {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
}
