/** The delivery schedule now and its next opening, in the subscriber's zone, across DST (issue 24). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { scheduleNow } from '../../../src/diagnosis/scheduleNow';
import type { Schedule } from '../../../src/api';

const weekdays9to5: Schedule = {
  isEnabled: true,
  weeklySchedule: {
    monday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] },
    tuesday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '12:00 PM' }, { start: '01:00 PM', end: '05:00 PM' }] },
    wednesday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] },
    thursday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] },
    friday: { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] },
    saturday: { isEnabled: false },
    sunday: { isEnabled: false },
  },
};

describe('schedule now and next', () => {
  it('is open inside the hours, in the subscriber’s zone, not UTC', () => {
    // Tuesday 2026-11-24 08:30 UTC is 09:30 in Paris (CET, UTC+1): open there, closed in New York (03:30).
    const at = Date.parse('2026-11-24T08:30:00Z');
    assert.equal(scheduleNow(weekdays9to5, 'Europe/Paris', at).openNow, true);
    const ny = scheduleNow(weekdays9to5, 'America/New_York', at);
    assert.equal(ny.openNow, false);
    assert.deepEqual(ny.next, { day: 'tuesday', time: '09:00', daysAhead: 0 });
  });

  it('finds the next opening: the lunch gap, the evening, and over the weekend', () => {
    assert.deepEqual(scheduleNow(weekdays9to5, 'Europe/Paris', Date.parse('2026-11-24T11:30:00Z')).next, { day: 'tuesday', time: '13:00', daysAhead: 0 });
    assert.deepEqual(scheduleNow(weekdays9to5, 'Europe/Paris', Date.parse('2026-11-24T18:00:00Z')).next, { day: 'wednesday', time: '09:00', daysAhead: 1 });
    // Friday 2026-11-27 17:30 Paris → Monday 09:00.
    assert.deepEqual(scheduleNow(weekdays9to5, 'Europe/Paris', Date.parse('2026-11-27T16:30:00Z')).next, { day: 'monday', time: '09:00', daysAhead: 3 });
  });

  it('reads wall-clock times across a DST change: 09:00 local on both sides', () => {
    // Sunday 2026-03-29 is the spring change in Paris; Monday 09:00 CEST is 07:00 UTC.
    assert.equal(scheduleNow(weekdays9to5, 'Europe/Paris', Date.parse('2026-03-30T06:59:00Z')).openNow, false);
    assert.equal(scheduleNow(weekdays9to5, 'Europe/Paris', Date.parse('2026-03-30T07:00:00Z')).openNow, true);
    // The week before (CET), 09:00 was 08:00 UTC.
    assert.equal(scheduleNow(weekdays9to5, 'Europe/Paris', Date.parse('2026-03-23T07:30:00Z')).openNow, false);
    assert.equal(scheduleNow(weekdays9to5, 'Europe/Paris', Date.parse('2026-03-23T08:00:00Z')).openNow, true);
  });

  it('off or absent: always open; no zone: read in UTC and said so; an unknown zone falls back to UTC', () => {
    assert.deepEqual(scheduleNow({ isEnabled: false }, 'Europe/Paris', 0), { enabled: false, openNow: true, timezone: 'Europe/Paris', timezoneSet: true });
    assert.equal(scheduleNow(undefined, undefined, 0).openNow, true);
    const utc = scheduleNow(weekdays9to5, null, Date.parse('2026-11-24T08:30:00Z'));
    assert.equal(utc.timezone, 'UTC');
    assert.equal(utc.timezoneSet, false);
    assert.equal(utc.openNow, false);
    assert.equal(scheduleNow(weekdays9to5, 'Mars/Olympus', Date.parse('2026-11-24T09:30:00Z')).unknownZone, true);
  });

  it('a schedule with every day off is closed with no next opening', () => {
    const closed: Schedule = { isEnabled: true, weeklySchedule: { monday: { isEnabled: false } } };
    assert.deepEqual(scheduleNow(closed, 'UTC', 0), { enabled: true, openNow: false, timezone: 'UTC', timezoneSet: true });
  });
});
