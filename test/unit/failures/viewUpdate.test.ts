/**
 * Issue 45, E: after a whole state, the failures panel sends only what changed. Measured over the
 * states of a real read (300 runs of three causes, pages of 50, newest first), the review of a
 * re-send and its follow: each update, applied to the view the webview holds, gives the view the
 * host has; a group goes whole only when it is new, and its bars or runs only when they changed.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createGrouping } from '../../../src/failures/grouping';
import { groupViews } from '../../../src/failures/groupViews';
import type { FailuresView, ResendView, RunView } from '../../../src/failures/protocol';
import { applyFields, applyViewUpdate, fieldsUpdate, viewUpdate } from '../../../src/failures/viewUpdate';
import { failedRun, sendgrid, twilio } from '../../fixtures/failures';

const START = Date.parse('2026-11-28T14:00:00Z');
const END = START + 86_400_000;
const time = (ms: number) => new Date(ms).toISOString().slice(11, 19);
const fcm = () => ({ type: 'push', status: 'failed', providerId: 'fcm', detail: 'Unexpected provider error', raw: JSON.stringify({ code: 'messaging/registration-token-not-registered', message: 'Requested entity was not found.' }) });

/** What the host posts: the whole state, or an update to the one before (as PanelHost numbers them). */
const wholeChars = (view: FailuresView, seq: number) => JSON.stringify({ type: 'state', seq, state: { kind: 'loaded', view } }).length;
const updateChars = (update: unknown, seq: number) => JSON.stringify({ type: 'update', seq, base: seq - 1, update }).length;

function runViews(n: number, prefix: string): RunView[] {
  return Array.from({ length: n }, (_, i) => ({ notificationId: `${prefix}${i.toString().padStart(20, '0')}`, subscriberId: `subscriber-${i}`, workflow: 'order-shipped', at: time(START + i * 1000) }));
}

/** The states the panel shows, in order: reading page by page, read, a review, then its follow. */
function states(): FailuresView[] {
  // 300 runs over a 40-minute outage, newest first as the list gives them: SendGrid 140, Twilio 100, FCM 60.
  const runs = Array.from({ length: 300 }, (_, i) => {
    const at = START + 40 * 60_000 - i * 8_000;
    const job = i % 5 < 2 ? sendgrid(`p${i}@x.com`) : i % 5 < 4 ? (i < 250 ? twilio(`+1555${i}`) : sendgrid(`q${i}@x.com`)) : fcm();
    return failedRun(`run${i.toString().padStart(21, '0')}`, `subscriber-${i}`, at, job);
  });
  const grouping = createGrouping({ startMs: START, endMs: END });
  const base = { connectionName: 'Staging', production: false, range: 'last24Hours' as const, rangeLabel: 'the last 24 hours' };
  const view = (read: FailuresView['read'], resend?: ResendView): FailuresView => ({ ...base, read, failedSteps: grouping.failedSteps, groups: groupViews(grouping, time), ...(resend ? { resend } : {}) });
  const out: FailuresView[] = [view({ runs: 0, elapsedSeconds: 0, state: 'reading' })];
  for (let page = 0; page < 6; page++) {
    grouping.add(runs.slice(page * 50, page * 50 + 50));
    out.push(view({ runs: (page + 1) * 50, estimatedTotal: 300, elapsedSeconds: page, state: 'reading' }));
  }
  out.push(view({ runs: 300, elapsedSeconds: 6, state: 'done' }));
  const read = { runs: 300, elapsedSeconds: 6, state: 'done' as const };
  const [first] = grouping.groups();
  const review: ResendView = {
    key: first!.key,
    groupTitle: 'Email · SendGrid · 5.1.1',
    stage: 'review',
    choice: 'newestPerPair',
    counts: { newestPerPair: 120, everyRun: 140 },
    reach: { newestPerPair: { subscribers: 120, alreadyReached: 0 }, everyRun: { subscribers: 120, alreadyReached: 0 } },
    laterChecked: { requests: 3, complete: true },
    runs: 120,
    subscribers: 120,
    workflows: ['order-shipped'],
    excluded: [{ reason: 'sentLater', label: '20 runs made good by a later send', runs: runViews(20, 'x'), more: 0 }],
    connectionName: 'Staging',
    production: false,
  };
  out.push(view(read, { ...review, stage: 'preparing' }));
  out.push(view(read, review));
  out.push(view(read, { ...review, stage: 'sending' }));
  for (let look = 0; look <= 10; look++) {
    const sent = look * 12;
    const failed = runViews(Math.min(look, 3), 'f');
    const follow = {
      line: `120 emails sent again: ${sent} sent, ${120 - sent} pending`,
      settled: look === 10,
      over: look === 10,
      counts: { total: 120, sent, failedSame: 0, failedOther: failed.length, skipped: 0, pending: 120 - sent - failed.length },
      failedAgain: { same: [], other: failed, skipped: [] },
    };
    out.push(view(read, { ...review, stage: look === 10 ? 'done' : 'following', sent: { line: '120 sent', refused: [], notSent: 0 }, follow }));
  }
  out.push(view(read));
  return out;
}

describe('the failures panel sends what changed', () => {
  it('brings the held view to each next one, a group whole only when new, its bars and runs only when they changed', (t) => {
    const all = states();
    let held = all[0]!;
    const sizes: { whole: number; update: number; parts: number }[] = [];
    for (let i = 1; i < all.length; i++) {
      const next = all[i]!;
      const update = viewUpdate(held, next);
      const applied = applyViewUpdate(held, update);
      assert.deepEqual(applied, next, `state ${i}`);
      const known = new Set(held.groups.map((g) => g.key));
      for (const g of update.groups) {
        const was = held.groups.find((h) => h.key === g.key);
        const now = next.groups.find((h) => h.key === g.key)!;
        if (!known.has(g.key)) assert.ok(g.head && g.bars && g.examples, `a group first shown goes whole (state ${i})`);
        else {
          assert.equal(g.bars !== undefined, JSON.stringify(was!.bars) !== JSON.stringify(now.bars), `bars sent only when changed (state ${i})`);
          assert.equal(g.examples !== undefined, JSON.stringify(was!.examples) !== JSON.stringify(now.examples), `runs sent only when changed (state ${i})`);
        }
      }
      sizes.push({ whole: wholeChars(next, i), update: updateChars(update, i), parts: update.groups.filter((g) => g.bars || g.examples).length });
      held = applied!;
    }
    const reading = sizes.slice(0, 7);
    const after = sizes.slice(7);
    // Once read, the review and its follow change no group: no bar and no run of a group goes again.
    for (const s of after) assert.equal(s.parts, 0);
    for (const s of after) assert.ok(s.update * 5 < s.whole, `${s.update} of ${s.whole} characters`);
    // Each follow look sends its counts and line, not the review's runs left out again.
    const follow = after.slice(3, -1);
    for (const s of follow) assert.ok(s.update < 1500, `a follow's update: ${s.update} characters`);
    const sum = (list: typeof sizes, key: 'whole' | 'update') => list.reduce((n, s) => n + s[key], 0);
    assert.ok(sum(sizes, 'update') * 3 < sum(sizes, 'whole'), 'a third of the characters at most in all');
    const avg = (list: typeof sizes, key: 'whole' | 'update') => Math.round(sum(list, key) / list.length);
    t.diagnostic(`reading: ${avg(reading, 'whole')} → ${avg(reading, 'update')} characters per update; review and follow: ${avg(after, 'whole')} → ${avg(after, 'update')}; follow looks: ${avg(follow, 'whole')} → ${avg(follow, 'update')}; all ${sizes.length}: ${sum(sizes, 'whole')} → ${sum(sizes, 'update')}`);
  });

  it('sends a field gone, a re-send closed, and refuses an update that names a group it never had', () => {
    assert.equal(fieldsUpdate({ a: 1, b: 'x' }, { a: 1, b: 'x' }), undefined);
    const changed = fieldsUpdate<{ a: number; b?: string; c?: number[] }>({ a: 1, b: 'x' }, { a: 2, c: [1] });
    assert.deepEqual(changed, { set: { a: 2, c: [1] }, unset: ['b'] });
    assert.deepEqual(applyFields<{ a: number; b?: string; c?: number[] }>({ a: 1, b: 'x' }, changed!), { a: 2, c: [1] });
    const all = states();
    const withResend = all.at(-2)!;
    const closed = viewUpdate(withResend, all.at(-1)!);
    assert.equal(closed.resend, null);
    assert.equal(applyViewUpdate(withResend, closed)!.resend, undefined);
    // An update made for a view that held a group is refused by one that never had it: it waits for the whole state.
    const read = all[7]!;
    const unchanged = viewUpdate(read, read);
    assert.ok(unchanged.groups.every((g) => !g.head && !g.bars && !g.examples) && unchanged.resend === undefined);
    assert.equal(applyViewUpdate({ ...read, groups: [] }, unchanged), undefined);
  });
});
