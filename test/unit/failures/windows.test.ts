/** The failures' windows: presets and custom ranges resolved to their ends and words, and the command's argument checked. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolveWindow, windowArgument } from '../../../src/failures/windows';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');

describe('failure windows', () => {
  it('resolves a preset back from now, with its words', () => {
    assert.deepEqual(resolveWindow({ kind: 'lastHour' }, NOW), { startMs: NOW - 3_600_000, endMs: NOW, label: 'the last hour' });
    assert.equal(resolveWindow({ kind: 'last7Days' }, NOW).startMs, NOW - 7 * 86_400_000);
  });

  it('resolves a custom range to its two ends; an open end is now, a future end is now too', () => {
    const after = '2026-11-28T09:00:00.000Z';
    const closed = resolveWindow({ kind: 'custom', after, before: '2026-11-28T10:30:00.000Z' }, NOW, 'en-GB');
    assert.equal(closed.startMs, Date.parse(after));
    assert.equal(closed.endMs, Date.parse('2026-11-28T10:30:00.000Z'));
    assert.match(closed.label, / to /);
    const open = resolveWindow({ kind: 'custom', after }, NOW, 'en-GB');
    assert.equal(open.endMs, NOW);
    assert.match(open.label, /^since /);
    assert.equal(resolveWindow({ kind: 'custom', after, before: '2027-01-01T00:00:00.000Z' }, NOW).endMs, NOW);
  });

  it('takes a command argument only when it is a window: a preset, or a custom range whose start comes first', () => {
    assert.deepEqual(windowArgument({ kind: 'lastHour' }), { kind: 'lastHour' });
    assert.deepEqual(windowArgument({ kind: 'custom', after: '2026-11-28T09:00:00.000Z' }), { kind: 'custom', after: '2026-11-28T09:00:00.000Z' });
    assert.deepEqual(windowArgument({ kind: 'custom', after: '2026-11-28T09:00:00.000Z', before: '2026-11-28T10:00:00.000Z', extra: 1 }), {
      kind: 'custom',
      after: '2026-11-28T09:00:00.000Z',
      before: '2026-11-28T10:00:00.000Z',
    });
    for (const bad of [undefined, null, 'lastHour', { kind: 'lastYear' }, { kind: 'custom' }, { kind: 'custom', after: 'soon' }, { kind: 'custom', after: '2026-11-28T10:00:00Z', before: '2026-11-28T09:00:00Z' }, { kind: 'custom', after: '2026-11-28T10:00:00Z', before: 5 }]) {
      assert.equal(windowArgument(bad), undefined, JSON.stringify(bad));
    }
  });
});
