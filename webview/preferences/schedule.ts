/**
 * The weekly schedule editor. It edits a local draft: the host's schedule is copied in while the
 * draft has no changes of the user's, and the draft goes to the host only with "Save schedule".
 * Every check runs here before any request, with its message at the field.
 */
import { WEEK_DAYS } from '../../src/api/constants';
import type { Schedule, WeekDay } from '../../src/api/schemas';
import { copyDayToOthers, proposedSchedule } from '../../src/preferences/preferencesModel';
import type { ChangeError } from '../../src/preferences/protocol';
import { button, h, icon, setBusy, setChildren } from '../common/dom';
import { errorText } from '../common/vscode';
import { ChangeErrorSlot } from './changeError';
import type { PanelContext } from './context';
import {
  DAY_LABELS,
  DEFAULT_RANGE,
  MAX_RANGES,
  PROPOSAL_NOTE,
  hasHours,
  mergeErrors,
  nextRange,
  normaliseTime,
  signature,
  toDraft,
  toPayload,
  validateDraft,
  type DraftSchedule,
  type FieldErrors,
  type Range,
} from './scheduleDraft';
import { showScheduleErrors } from './scheduleErrors';
import { switchControl } from './switch';

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
    this.body = h('div', 'nx-schedule-body');
    this.saveButton = button({
      label: 'Save schedule',
      icon: 'save',
      class: 'nx-button nx-save-schedule',
      attrs: { 'data-focus-key': 'save-schedule' },
      onClick: () => this.save(),
    });
    this.discardButton = button({
      label: 'Discard changes',
      icon: 'discard',
      class: 'nx-button nx-secondary nx-discard-schedule',
      attrs: { 'data-focus-key': 'discard-schedule' },
      onClick: () => this.discard(),
    });
    this.footerStatus = h('span', { class: 'nx-schedule-status', attrs: { role: 'status' } });
    this.footer = h('div', 'nx-schedule-footer', this.saveButton, this.discardButton, this.footerStatus);
    this.saveError = new ChangeErrorSlot('The fields concerned are marked above.');
    this.el = h(
      'section',
      { class: 'nx-card nx-schedule', attrs: { 'aria-labelledby': 'nx-schedule-title' } },
      h(
        'div',
        'nx-card-head',
        h('h3', { class: 'nx-card-title', attrs: { id: 'nx-schedule-title' } }, icon('calendar'), h('span', null, 'Weekly schedule')),
        h('p', 'nx-card-desc', 'When on, the subscriber gets email, SMS, chat and push only during these hours. In-app and critical messages arrive at any time.'),
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
      class: 'nx-schedule-switch',
      attrs: { 'data-focus-key': 'schedule-switch' },
      onChange: (checked) => this.setEnabled(checked),
    });
    const head = h('div', 'nx-schedule-switch-row', scheduleSwitch.root, h('span', { class: 'nx-slot', attrs: { 'data-slot': 'schedule' } }));
    const note = this.note ? h('p', { class: 'nx-schedule-note', attrs: { role: 'status' } }, icon('lightbulb'), h('span', null, this.note)) : null;

    const showDays = draft.isEnabled || Object.keys(errors).some((k) => k.startsWith('weeklySchedule.'));
    const days = h('div', { class: 'nx-days', attrs: { role: 'group', 'aria-label': 'Days of the week' } });
    for (const day of WEEK_DAYS) days.appendChild(this.renderDay(day, errors));
    const off = h('p', 'nx-schedule-off', icon('circle-slash'), h('span', null, 'Off: notifications are delivered at any time.'));

    setChildren(this.body, head, note, showDays ? days : off);
    this.el.classList.toggle('nx-schedule-enabled', draft.isEnabled);
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
      class: 'nx-day-switch',
      attrs: { 'data-day': day, 'data-focus-key': `day:${day}` },
      onChange: (checked) => this.setDayEnabled(day, checked),
    });
    const row = h('div', { class: `nx-day${enabled ? '' : ' nx-day-off'}`, attrs: { 'data-day': day, role: 'group', 'aria-label': label } });
    // Messages about the whole day come first, next to its switch.
    const bodyEl = h('div', 'nx-day-body', h('div', { class: 'nx-slot nx-day-errors', attrs: { 'data-slot': `day:${day}` } }));
    if (enabled || dayHasErrors) {
      if (hours.length > 0) {
        const list = h('ul', { class: 'nx-ranges', attrs: { 'aria-label': `${label} hours` } });
        hours.forEach((range, index) => list.appendChild(this.renderRange(day, index, range)));
        bodyEl.appendChild(list);
      } else {
        bodyEl.appendChild(h('p', 'nx-day-empty', 'No hours: nothing but in-app and critical messages on this day.'));
      }
    } else {
      bodyEl.appendChild(h('p', 'nx-day-empty', hours.length > 0 ? `Off (${hours.length === 1 ? 'its range is' : 'its ranges are'} kept)` : 'Off'));
    }
    if (enabled) {
      const actions = h('div', 'nx-day-actions');
      const add = button({
        label: 'Add range',
        icon: 'add',
        class: 'nx-link nx-add-range',
        attrs: { 'data-day': day, 'data-focus-key': `add:${day}`, 'aria-label': `Add range to ${label}` },
        onClick: () => this.addRange(day),
      });
      add.disabled = hours.length >= MAX_RANGES;
      actions.appendChild(add);
      actions.appendChild(
        button({
          label: 'Copy to other days',
          icon: 'copy',
          class: 'nx-link nx-copy-day',
          title: `Give every other day ${label}'s hours (only the draft changes)`,
          attrs: { 'data-day': day, 'data-focus-key': `copy:${day}`, 'aria-label': `Copy to other days: ${label}'s hours` },
          onClick: () => this.copyDay(day),
        }),
      );
      bodyEl.appendChild(actions);
    }
    row.appendChild(h('div', 'nx-day-name', daySwitch.root));
    row.appendChild(bodyEl);
    return row;
  }

  private renderRange(day: WeekDay, index: number, range: Range): HTMLElement {
    const label = DAY_LABELS[day];
    const input = (edge: 'start' | 'end') => {
      const el = h('input', {
        class: 'nx-time-field nx-mono',
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
      class: 'nx-button nx-remove-range',
      attrs: { 'data-day': day, 'data-index': index, 'data-focus-key': `remove:${day}:${index}` },
      onClick: () => this.removeRange(day, index),
    });
    return h(
      'li',
      { class: 'nx-range', attrs: { 'data-day': day, 'data-index': index } },
      h('div', 'nx-range-inputs', input('start'), h('span', { class: 'nx-range-dash', attrs: { 'aria-hidden': 'true' } }, '–'), input('end'), remove),
      h('div', { class: 'nx-slot nx-range-errors', attrs: { 'data-slot': `range:${day}:${index}` } }),
    );
  }

  /** Field messages, the save button and the footer line, from the draft as it is now. */
  private refreshState(): void {
    this.localErrors = validateDraft(this.draft);
    showScheduleErrors(this.el, this.errors());
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
    this.el.classList.toggle('nx-schedule-dirty', dirty);
    const count = Object.values(this.localErrors).reduce((n, m) => n + m.length, 0);
    if (busy) setChildren(this.footerStatus, icon('loading', 'codicon-modifier-spin'), h('span', null, 'Saving…'));
    else if (invalid) setChildren(this.footerStatus, icon('error', 'nx-status-error'), h('span', null, count === 1 ? 'Fix the marked field to save.' : `Fix the ${count} marked fields to save.`));
    else if (dirty) setChildren(this.footerStatus, icon('circle-filled', 'nx-status-dirty'), h('span', null, 'Unsaved changes'));
    else setChildren(this.footerStatus, h('span', 'nx-muted', 'No unsaved changes'));
  }

  /** Local messages first, then the host's messages the user has not acted on. */
  private errors(): FieldErrors {
    return mergeErrors(this.localErrors, this.serverErrors, this.answered);
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
    for (const input of this.el.querySelectorAll<HTMLInputElement>('input.nx-time-field')) input.value = normaliseTime(input.value.trim());
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

