/**
 * The weekly schedule editor. It edits a local draft: the host's schedule is copied in while the
 * draft has no changes of the user's, and the draft goes to the host only with "Save schedule".
 * Every check runs here before any request, with its message at the field.
 */
import { WEEK_DAYS } from '../../src/api/constants';
import type { Schedule, WeekDay } from '../../src/api/schemas';
import { copyDayToOthers, proposedSchedule } from '../../src/preferences/preferencesModel';
import type { ChangeError, ScheduleTimeZone } from '../../src/preferences/protocol';
import { l10n } from '../../src/l10n';
import { button, h, icon, setBusy, setChildren } from '../common/dom';
import { errorText } from '../common/vscode';
import { ChangeErrorSlot } from './changeError';
import type { PanelContext } from './context';
import {
  DEFAULT_RANGE,
  MAX_RANGES,
  dayLabel,
  hasHours,
  mergeErrors,
  nextRange,
  normaliseTime,
  proposalNote,
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
  /** Which time zone the hours are in. */
  private readonly zone = h('p', { class: 'nx-card-desc nx-schedule-zone' });

  private serverErrors: FieldErrors = {};
  private serverSig = '';
  /** Host messages the user has since acted on (edited the field, discarded…): no longer shown. */
  private readonly answered = new Set<string>();
  private localErrors: FieldErrors = {};

  constructor(private readonly ctx: PanelContext) {
    this.body = h('div', 'nx-schedule-body');
    this.saveButton = button({
      label: l10n.t('Save schedule'),
      icon: 'save',
      class: 'nx-button nx-save-schedule',
      attrs: { 'data-focus-key': 'save-schedule' },
      onClick: () => this.save(),
    });
    this.discardButton = button({
      label: l10n.t('Discard changes'),
      icon: 'discard',
      class: 'nx-button nx-secondary nx-discard-schedule',
      attrs: { 'data-focus-key': 'discard-schedule' },
      onClick: () => this.discard(),
    });
    this.footerStatus = h('span', { class: 'nx-schedule-status', attrs: { role: 'status' } });
    this.footer = h('div', 'nx-schedule-footer', this.saveButton, this.discardButton, this.footerStatus);
    this.saveError = new ChangeErrorSlot(l10n.t('The fields concerned are marked above.'));
    this.el = h(
      'section',
      { class: 'nx-card nx-schedule', attrs: { 'aria-labelledby': 'nx-schedule-title' } },
      h(
        'div',
        'nx-card-head',
        h('h3', { class: 'nx-card-title', attrs: { id: 'nx-schedule-title' } }, icon('calendar'), h('span', null, l10n.t('Weekly schedule'))),
        h('p', 'nx-card-desc', l10n.t('When on, the subscriber gets email, SMS, chat and push only during these hours. In-app and critical messages arrive at any time.')),
        this.zone,
      ),
      this.body,
      this.footer,
      this.saveError.el,
    );
  }

  /** Takes the host's schedule, saving flag and its last refused save (with field messages). */
  update(schedule: Schedule | undefined, hostSaving: boolean, error: ChangeError | undefined, timeZone: ScheduleTimeZone): void {
    this.zone.textContent = timeZoneText(timeZone);
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
      label: l10n.t('Deliver only during the hours below'),
      checked: draft.isEnabled,
      class: 'nx-schedule-switch',
      attrs: { 'data-focus-key': 'schedule-switch' },
      onChange: (checked) => this.setEnabled(checked),
    });
    const head = h('div', 'nx-schedule-switch-row', scheduleSwitch.root, h('span', { class: 'nx-slot', attrs: { 'data-slot': 'schedule' } }));
    const note = this.note ? h('p', { class: 'nx-schedule-note', attrs: { role: 'status' } }, icon('lightbulb'), h('span', null, this.note)) : null;

    const showDays = draft.isEnabled || Object.keys(errors).some((k) => k.startsWith('weeklySchedule.'));
    const days = h('div', { class: 'nx-days', attrs: { role: 'group', 'aria-label': l10n.t('Days of the week') } });
    for (const day of WEEK_DAYS) days.appendChild(this.renderDay(day, errors));
    const off = h('p', 'nx-schedule-off', icon('circle-slash'), h('span', null, l10n.t('Off: notifications are delivered at any time.')));

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
    const label = dayLabel(day);
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
        const list = h('ul', { class: 'nx-ranges', attrs: { 'aria-label': l10n.t('{0} hours', label) } });
        hours.forEach((range, index) => list.appendChild(this.renderRange(day, index, range)));
        bodyEl.appendChild(list);
      } else {
        bodyEl.appendChild(h('p', 'nx-day-empty', l10n.t('No hours: nothing but in-app and critical messages on this day.')));
      }
    } else {
      const off = hours.length === 0 ? l10n.t({ message: 'Off', comment: 'a day of the schedule without delivery' }) : hours.length === 1 ? l10n.t('Off (its range is kept)') : l10n.t('Off (its ranges are kept)');
      bodyEl.appendChild(h('p', 'nx-day-empty', off));
    }
    if (enabled) {
      const actions = h('div', 'nx-day-actions');
      const add = button({
        label: l10n.t('Add range'),
        icon: 'add',
        class: 'nx-link nx-add-range',
        attrs: { 'data-day': day, 'data-focus-key': `add:${day}`, 'aria-label': l10n.t('Add range to {0}', label) },
        onClick: () => this.addRange(day),
      });
      add.disabled = hours.length >= MAX_RANGES;
      actions.appendChild(add);
      actions.appendChild(
        button({
          label: l10n.t('Copy to other days'),
          icon: 'copy',
          class: 'nx-link nx-copy-day',
          title: l10n.t("Give every other day {0}'s hours (only the draft changes)", label),
          attrs: { 'data-day': day, 'data-focus-key': `copy:${day}`, 'aria-label': l10n.t("Copy to other days: {0}'s hours", label) },
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
    const label = dayLabel(day);
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
          'aria-label': edge === 'start' ? l10n.t('{0} range {1} start', label, index + 1) : l10n.t('{0} range {1} end', label, index + 1),
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
      label: l10n.t('Remove {0} range {1}', label, index + 1),
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
    this.saveButton.title = invalid ? l10n.t('Fix the marked fields first') : !dirty ? l10n.t('No changes to save') : '';
    this.discardButton.disabled = !dirty || this.saving;
    setBusy(this.saveButton, busy, 'save');
    this.el.classList.toggle('nx-schedule-dirty', dirty);
    const count = Object.values(this.localErrors).reduce((n, m) => n + m.length, 0);
    if (busy) setChildren(this.footerStatus, icon('loading', 'codicon-modifier-spin'), h('span', null, l10n.t('Saving…')));
    else if (invalid) setChildren(this.footerStatus, icon('error', 'nx-status-error'), h('span', null, count === 1 ? l10n.t('Fix the marked field to save.') : l10n.t('Fix the {0} marked fields to save.', count)));
    else if (dirty) setChildren(this.footerStatus, icon('circle-filled', 'nx-status-dirty'), h('span', null, l10n.t('Unsaved changes')));
    else setChildren(this.footerStatus, h('span', 'nx-muted', l10n.t('No unsaved changes')));
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
      this.note = proposalNote();
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
    const label = dayLabel(day);
    this.note =
      ranges === 0 ? l10n.t('Copied {0} (no hours) to the other days; save to apply.', label)
      : ranges === 1 ? l10n.t('Copied {0} (1 range) to the other days; save to apply.', label)
      : l10n.t('Copied {0} ({1} ranges) to the other days; save to apply.', label, ranges);
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
        if (!this.saveError.shown) this.saveError.update({ text: l10n.t('The schedule was not saved: {0}', errorText(error)), details: [] });
        this.refreshState();
      });
  }
}

/** Says which time zone the hours are in, as far as the service tells. */
export function timeZoneText(timeZone: ScheduleTimeZone): string {
  switch (timeZone.kind) {
    case 'set':
      return l10n.t('Hours are in the subscriber’s time zone, {0}.', timeZone.zone);
    case 'none':
      return l10n.t('This subscriber has no time zone, and the service does not say which one it then applies to these hours. Set the subscriber’s time zone to be sure.');
    case 'unknown':
      return l10n.t('Hours are in the subscriber’s time zone, which could not be read.');
  }
}
