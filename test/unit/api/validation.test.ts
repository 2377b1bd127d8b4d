/** Pure input checks: subscriber fields, 12-hour times, day ranges and schedules. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SUBSCRIBER_ID_PATTERN, formatTime12h, parseTime12h, validateCreateSubscriber, validateDayHours, validateSchedule } from '../../../src/api';

describe('subscriber input', () => {
  it('follows VALID_ID_REGEX: letters, digits, _ : . - or an email-like id', () => {
    for (const ok of ['user_1', 'a:b.c-d', 'ADA', 'ada@example.com', 'x@y.zz']) assert.ok(SUBSCRIBER_ID_PATTERN.test(ok), ok);
    for (const bad of ['has space', 'semi;colon', 'slash/id', '', 'ümlaut']) assert.ok(!SUBSCRIBER_ID_PATTERN.test(bad), bad);
  });

  it('names every bad field at once', () => {
    const errors = validateCreateSubscriber({ subscriberId: 'bad id', email: 'nope', locale: '12', timezone: 'Nowhere/City' });
    assert.deepEqual(Object.keys(errors).sort(), ['email', 'locale', 'subscriberId', 'timezone']);
    assert.deepEqual(validateCreateSubscriber({ subscriberId: 'ok', email: 'a@b.co', locale: 'pt-BR', timezone: 'America/Sao_Paulo' }), {});
  });
});

describe('12-hour times', () => {
  it('parses the forms the service accepts', () => {
    assert.equal(parseTime12h('09:00 AM'), 9 * 60);
    assert.equal(parseTime12h('9:30pm'), 21 * 60 + 30);
    assert.equal(parseTime12h('12:00 AM'), 0);
    assert.equal(parseTime12h('12:15 PM'), 12 * 60 + 15);
    for (const bad of ['13:00 PM', '00:10 AM', '9 AM', '09:60 AM', '0900', '']) assert.equal(parseTime12h(bad), undefined, bad);
  });

  it('formats as hh:mm AM', () => {
    assert.equal(formatTime12h(0), '12:00 AM');
    assert.equal(formatTime12h(9 * 60 + 5), '09:05 AM');
    assert.equal(formatTime12h(17 * 60), '05:00 PM');
    for (let m = 0; m < 24 * 60; m += 17) assert.equal(parseTime12h(formatTime12h(m)), m);
  });
});

describe('schedules', () => {
  it('flags bad format, end not after start, and overlaps at their fields', () => {
    const errors = validateDayHours([
      { start: '09:00 AM', end: '12:00 PM' },
      { start: '11:00 AM', end: '01:00 PM' },
      { start: '05:00 PM', end: '04:00 PM' },
      { start: '25:00', end: '06:00 PM' },
    ]);
    assert.match(errors['1.start']![0]!, /Overlaps 09:00 AM – 12:00 PM/);
    assert.match(errors['2.end']![0]!, /after the start/);
    assert.match(errors['3.start']![0]!, /09:00 AM/);
    assert.equal(errors['0.start'], undefined);
  });

  it('accepts back-to-back ranges and rejects an enabled schedule with no days', () => {
    assert.deepEqual(validateDayHours([{ start: '09:00 AM', end: '12:00 PM' }, { start: '12:00 PM', end: '05:00 PM' }]), {});
    assert.ok(validateSchedule({ isEnabled: true, weeklySchedule: {} })['weeklySchedule']);
    assert.deepEqual(validateSchedule({ isEnabled: false }), {});
    const unknownDay = validateSchedule({ isEnabled: true, weeklySchedule: { funday: { isEnabled: true, hours: [] } } as never });
    assert.ok(unknownDay['weeklySchedule.funday']);
  });
});
