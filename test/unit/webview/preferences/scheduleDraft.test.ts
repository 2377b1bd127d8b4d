/** The schedule editor's pure model: draft in and out, validation, the next range, and where messages go. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { hasHours, mergeErrors, needsHoursMessage, nextRange, normaliseTime, placeErrors, signature, toDraft, toPayload, validateDraft, type DraftSchedule } from '../../../../webview/preferences/scheduleDraft';

const monday = (hours: { start: string; end: string }[], isEnabled = true): DraftSchedule => ({ isEnabled: true, weeklySchedule: { monday: { isEnabled, hours } } });

describe('schedule draft', () => {
  it('takes the service schedule as a draft: unknown fields and null days dropped, hours always an array', () => {
    const draft = toDraft({ isEnabled: true, weeklySchedule: { monday: { isEnabled: true, hours: [{ start: '9:00 am', end: '05:00 PM', extra: 1 }] }, tuesday: null, wednesday: { isEnabled: false } }, note: 'x' } as never);
    assert.deepEqual(draft, { isEnabled: true, weeklySchedule: { monday: { isEnabled: true, hours: [{ start: '9:00 am', end: '05:00 PM' }] }, wednesday: { isEnabled: false, hours: [] } } });
    assert.deepEqual(toDraft(undefined), { isEnabled: false, weeklySchedule: {} });
  });

  it('sends times in the contract form, days in week order, and no empty weeklySchedule', () => {
    const draft: DraftSchedule = { isEnabled: true, weeklySchedule: { friday: { isEnabled: true, hours: [{ start: '9:5 pm', end: '11:00pm' }] }, monday: { isEnabled: false, hours: [] } } };
    const payload = toPayload(draft) as DraftSchedule;
    assert.deepEqual(Object.keys(payload.weeklySchedule), ['monday', 'friday']);
    assert.deepEqual(payload.weeklySchedule.friday!.hours, [{ start: '9:5 pm', end: '11:00 PM' }], 'what does not parse is sent as typed, for the service to judge');
    assert.deepEqual(toPayload({ isEnabled: false, weeklySchedule: {} }), { isEnabled: false });
    assert.equal(signature(draft), signature(structuredClone(draft)));
    assert.notEqual(signature(draft), signature(monday([])));
  });

  it('normalises what the contract accepts and leaves the rest as typed', () => {
    assert.equal(normaliseTime('9:00 am'), '09:00 AM');
    assert.equal(normaliseTime('12:30PM'), '12:30 PM');
    assert.equal(normaliseTime('13:00 PM'), '13:00 PM');
    assert.equal(normaliseTime('noon'), 'noon');
  });

  it('validates with messages keyed like the service, and asks for hours when enabled', () => {
    assert.deepEqual(validateDraft(monday([{ start: '09:00 AM', end: '05:00 PM' }])), {});
    const reversed = validateDraft(monday([{ start: '05:00 PM', end: '09:00 AM' }]));
    assert.ok(reversed['weeklySchedule.monday.hours.0.end'] ?? reversed['weeklySchedule.monday.hours.0'], JSON.stringify(reversed));
    assert.ok(validateDraft(monday([{ start: '13:00 PM', end: '05:00 PM' }]))['weeklySchedule.monday.hours.0.start']);
    assert.deepEqual(validateDraft(monday([], false)), { weeklySchedule: [needsHoursMessage()] });
    assert.equal(hasHours(monday([], true)), false);
    assert.equal(hasHours(monday([{ start: '09:00 AM', end: '10:00 AM' }])), true);
    assert.deepEqual(validateDraft({ isEnabled: false, weeklySchedule: {} }), {});
  });

  it('proposes the hour after the last range, within the day', () => {
    assert.deepEqual(nextRange([]), { start: '09:00 AM', end: '05:00 PM' });
    assert.deepEqual(nextRange([{ start: '09:00 AM', end: '12:00 PM' }]), { start: '12:00 PM', end: '01:00 PM' });
    assert.deepEqual(nextRange([{ start: '09:00 PM', end: '11:30 PM' }]), { start: '11:30 PM', end: '11:59 PM' });
    assert.deepEqual(nextRange([{ start: '09:00 AM', end: 'soon' }]), { start: '09:00 AM', end: '05:00 PM' });
  });

  it('shows local messages first, then the host messages the user has not answered', () => {
    const local = { 'weeklySchedule.monday.hours.0.end': ['local'] };
    const server = { 'weeklySchedule.monday.hours.0.end': ['server'], 'weeklySchedule.tuesday.hours.0.start': ['late'], weeklySchedule: ['whole'] };
    assert.deepEqual(mergeErrors(local, server, new Set(['weeklySchedule'])), { 'weeklySchedule.monday.hours.0.end': ['local'], 'weeklySchedule.tuesday.hours.0.start': ['late'] });
  });

  it('places each message at its range, else its day, else the schedule, losing none', () => {
    const errors = {
      'weeklySchedule.monday.hours.0.start': ['bad start'],
      'weeklySchedule.monday.hours.0': ['overlaps'],
      'weeklySchedule.monday.hours.3.end': ['range not shown'],
      'weeklySchedule.tuesday': ['day message'],
      'weeklySchedule.sunday.hours.0.end': ['day not shown'],
      weeklySchedule: ['needs hours'],
    };
    const placement = placeErrors(errors, [{ day: 'monday', index: '0' }], ['monday', 'tuesday']);
    assert.deepEqual(placement.ranges, [{ day: 'monday', index: '0', start: ['bad start'], end: [], range: ['overlaps'] }]);
    assert.deepEqual(placement.days, { monday: ['range not shown'], tuesday: ['day message'] });
    assert.deepEqual(placement.schedule, ['day not shown', 'needs hours']);
  });
});
