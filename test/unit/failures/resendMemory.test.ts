/** What the re-sends keep across window reloads: the follow under way, one per connection, until it ends or its time is up (issue 45, E). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ResendMemory, type FollowRecord, type StateStore } from '../../../src/failures/resendMemory';

/** A Memento as VS Code keeps it: values go through JSON. */
function store(): StateStore & { raw: Map<string, string> } {
  const raw = new Map<string, string>();
  return {
    raw,
    get: <T>(key: string) => (raw.has(key) ? (JSON.parse(raw.get(key)!) as T) : undefined),
    update: async (key: string, value: unknown) => void raw.set(key, JSON.stringify(value)),
  };
}

const NOW = Date.parse('2026-11-29T08:00:00Z');
const record = (connectionId: string, groupKey: string, untilMs = NOW + 600_000): FollowRecord => ({ connectionId, groupKey, title: 'Email · SendGrid · 5.1.1', channel: 'email', transactionIds: [`nx-${groupKey}-1`, `nx-${groupKey}-2`], untilMs });

describe('the follows kept across a window reload', () => {
  it('gives back the follow of a connection until it ends, one per connection, in a memory made afresh (as after a reload)', async () => {
    const state = store();
    const memory = new ResendMemory(state);
    assert.equal(memory.follows.following('staging', NOW), undefined);
    await memory.follows.start(record('staging', 'g1'), NOW);
    await memory.follows.start(record('prod', 'g9'), NOW);
    const reloaded = new ResendMemory(state);
    assert.deepEqual(reloaded.follows.following('staging', NOW), record('staging', 'g1'));
    // A new follow on the connection replaces the one before.
    await reloaded.follows.start(record('staging', 'g2'), NOW);
    assert.equal(reloaded.follows.following('staging', NOW)?.groupKey, 'g2');
    // Ended: not given back again; another connection's stays.
    await reloaded.follows.end('staging', 'g2', NOW);
    assert.equal(reloaded.follows.following('staging', NOW), undefined);
    assert.equal(reloaded.follows.following('prod', NOW)?.groupKey, 'g9');
    // Only ids and words of ours are kept: never a payload.
    assert.ok(!state.raw.get('novuExplorer.failures.follows')!.includes('payload'));
  });

  it('forgets a follow whose time is up, and ignores what is not a follow', async () => {
    const state = store();
    const memory = new ResendMemory(state);
    await memory.follows.start(record('staging', 'g1', NOW + 1000), NOW);
    assert.ok(memory.follows.following('staging', NOW + 999));
    assert.equal(memory.follows.following('staging', NOW + 1000), undefined);
    await state.update('novuExplorer.failures.follows', [{ connectionId: 'staging', groupKey: 'g1' }, 'nonsense', null, { ...record('staging', 'g3'), transactionIds: [1] }]);
    assert.equal(memory.follows.following('staging', NOW), undefined);
  });
});
