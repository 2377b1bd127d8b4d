import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatCount, prepareFormatters } from '../../../src/format/numbers';
import { formatTime, relativeTime } from '../../../src/format/time';

// Issue 37.6: the formatters are made at activation, so that the first rows make none of their own
// (each kind's first costs 40 to 60 ms, which used to fall between the click and the first request).
test('prepareFormatters makes every formatter a row, a count and a moment use', () => {
  const locale = 'de-CH';
  prepareFormatters(locale);
  const made: string[] = [];
  const { DateTimeFormat, NumberFormat } = Intl;
  Intl.DateTimeFormat = function (...args: ConstructorParameters<typeof DateTimeFormat>) {
    made.push(`date ${JSON.stringify(args[1])}`);
    return new DateTimeFormat(...args);
  } as unknown as typeof DateTimeFormat;
  Intl.NumberFormat = function (...args: ConstructorParameters<typeof NumberFormat>) {
    made.push('number');
    return new NumberFormat(...args);
  } as unknown as typeof NumberFormat;
  try {
    const now = Date.parse('2026-11-28T12:00:00Z');
    assert.equal(formatCount(1200, locale), new NumberFormat(locale).format(1200));
    assert.ok(formatTime('2026-11-28T11:00:00Z', locale).local);
    for (const at of ['2026-11-29T12:00:00Z', '2026-11-28T11:59:30Z', '2026-11-28T11:00:00Z', '2026-11-20T12:00:00Z', '2025-01-01T12:00:00Z']) assert.ok(relativeTime(at, now, locale));
  } finally {
    Object.assign(Intl, { DateTimeFormat, NumberFormat });
  }
  assert.deepEqual(made, []);
});
