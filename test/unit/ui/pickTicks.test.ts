/**
 * Issue 30, point 9: the ticks of a pick of several against a workbench that behaves as VS Code's
 * does (1.100 to 1.139): our changes reach it after a delay, in order; it reports its ticks back
 * after a delay whenever they change, ours included; new rows start unticked. The UI test
 * (test/ui/pickMany.test.mjs) clicks the real pick; this one plays the races out exactly.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PickTicks } from '../../../src/ui/pickTicks';

type Value = { kind: string; value: string };
const key = (v: Value) => `${v.kind}:${v.value}`;
const groupOf = (v: Value) => (v.kind === 'range' ? 'range' : undefined);
const ROWS: Value[] = [
  { kind: 'range', value: 'lastHour' },
  { kind: 'range', value: 'last24Hours' },
  { kind: 'range', value: 'last7Days' },
  { kind: 'channel', value: 'email' },
  { kind: 'channel', value: 'sms' },
];
const byKey = new Map(ROWS.map((v) => [key(v), v]));

/** The pick of the prompter, wired to a simulated workbench with `latency` ms each way. */
function simulate(initial: Value[], latency = 5) {
  const ticks = new PickTicks<Value>(initial, key, groupOf);
  let now = 0;
  const queue: { at: number; seq: number; run: () => void }[] = [];
  let seq = 0;
  const later = (delay: number, run: () => void) => queue.push({ at: now + delay, seq: seq++, run });
  // The workbench's side.
  let shown = new Set<string>();
  const reports: string[][] = [];
  const setShown = (next: Set<string>) => {
    const changed = next.size !== shown.size || [...next].some((k) => !shown.has(k));
    shown = next;
    if (changed) {
      const report = [...next];
      later(latency, () => {
        reports.push(report);
        const answer = ticks.reported(report.map((k) => byKey.get(k)!));
        if (answer) ask({ selected: answer });
      });
    }
  };
  const ask = (change: { rows?: true; selected: Set<string> }) => later(latency, () => {
    if (change.rows) setShown(new Set());
    setShown(new Set(change.selected));
  });
  // The prompter lists the rows and opens the pick.
  ask({ rows: true, selected: ticks.list(ROWS) });
  return {
    ticks,
    reports,
    shown: () => [...shown].sort(),
    /** A person clicks a row's checkbox at `at` ms. */
    click(at: number, k: string) {
      queue.push({ at, seq: seq++, run: () => setShown(shown.has(k) ? new Set([...shown].filter((x) => x !== k)) : new Set([...shown, k])) });
    },
    /** Typing lists the rows again. */
    type(at: number) {
      queue.push({ at, seq: seq++, run: () => ask({ rows: true, selected: ticks.list(ROWS) }) });
    },
    /** Runs until nothing is left to happen, or fails after `limit` events (a pick that echoes itself). */
    run(limit = 200) {
      for (let n = 0; queue.length > 0; n++) {
        assert.ok(n < limit, `still busy after ${limit} events: the pick answers its own reports`);
        queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
        const next = queue.shift()!;
        now = next.at;
        next.run();
      }
    },
  };
}

const chosen = (ticks: PickTicks<Value>) => ticks.values().map(key).sort();

describe('the ticks of a pick of several', () => {
  it('opens with what was chosen, and the opening report asks nothing', () => {
    const pick = simulate([{ kind: 'range', value: 'last24Hours' }]);
    pick.run();
    assert.deepEqual(pick.shown(), ['range:last24Hours']);
    assert.equal(pick.reports.length, 1);
  });

  it('a tick in a one-choice group replaces the other with one correction, then goes idle', () => {
    const pick = simulate([{ kind: 'range', value: 'last24Hours' }, { kind: 'channel', value: 'email' }]);
    pick.run();
    const before = pick.reports.length;
    pick.click(100, 'range:lastHour');
    pick.run();
    assert.deepEqual(pick.shown(), ['channel:email', 'range:lastHour']);
    assert.deepEqual(chosen(pick.ticks), ['channel:email', 'range:lastHour']);
    assert.equal(pick.reports.length - before, 2, 'the tick, and the correction reported back: nothing after');
  });

  it('a plain tick and an untick are one decision each, and ask nothing', () => {
    const pick = simulate([]);
    pick.run();
    pick.click(100, 'channel:sms');
    pick.click(200, 'channel:email');
    pick.click(300, 'channel:sms');
    pick.run();
    assert.deepEqual(chosen(pick.ticks), ['channel:email']);
    assert.equal(pick.reports.length, 3);
  });

  for (const gap of [1, 4, 5, 6, 9, 100]) {
    it(`two ticks in the group ${gap} ms apart (replies take 5 ms each way): the second wins`, () => {
      const pick = simulate([{ kind: 'range', value: 'last24Hours' }]);
      pick.run();
      pick.click(100, 'range:last7Days');
      pick.click(100 + gap, 'range:lastHour');
      pick.run();
      assert.deepEqual(chosen(pick.ticks), ['range:lastHour']);
      assert.deepEqual(pick.shown(), ['range:lastHour']);
    });
  }

  it('typing lists new rows: their reports are echoes, the choice stays, and it goes idle', () => {
    const pick = simulate([{ kind: 'range', value: 'last7Days' }, { kind: 'channel', value: 'sms' }]);
    pick.run();
    pick.type(100);
    pick.type(101);
    pick.run();
    assert.deepEqual(chosen(pick.ticks), ['channel:sms', 'range:last7Days']);
    assert.deepEqual(pick.shown(), ['channel:sms', 'range:last7Days']);
    pick.click(200, 'range:lastHour');
    pick.run();
    assert.deepEqual(chosen(pick.ticks), ['channel:sms', 'range:lastHour']);
  });

  it('keeps a chosen value that is not listed, and Enter on a typed one replaces its group', () => {
    const typed = { kind: 'range', value: 'custom' };
    const ticks = new PickTicks<Value>([typed, { kind: 'channel', value: 'sms' }], key, groupOf);
    ticks.list(ROWS);
    assert.equal(ticks.reported([{ kind: 'channel', value: 'sms' }]), undefined);
    assert.deepEqual(chosen(ticks), ['channel:sms', 'range:custom']);
    ticks.choose({ kind: 'range', value: 'lastHour' });
    assert.deepEqual(chosen(ticks), ['channel:sms', 'range:lastHour']);
  });
});
