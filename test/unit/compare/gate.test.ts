/** The pace of one side's reads: at most the limit in flight, and a pause while the bucket is empty. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ReadGate } from '../../../src/compare/gate';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ReadGate', () => {
  it('runs at most its limit at once, and every task', async () => {
    const gate = new ReadGate(4);
    let now = 0;
    let peak = 0;
    const done = await Promise.all(Array.from({ length: 20 }, (_, i) => gate.run(async () => {
      peak = Math.max(peak, ++now);
      await wait(5);
      now--;
      return i;
    })));
    assert.deepEqual(done, Array.from({ length: 20 }, (_, i) => i));
    assert.equal(peak, 4);
    assert.equal(gate.maxInFlight, 4);
  });

  it('frees the slot of a task that fails', async () => {
    const gate = new ReadGate(1);
    await assert.rejects(gate.run(() => Promise.reject(new Error('no'))));
    assert.equal(await gate.run(() => Promise.resolve('next')), 'next');
  });

  it('sends nothing while RateLimit-Remaining is 0, until RateLimit-Reset has passed', async () => {
    const gate = new ReadGate(4);
    gate.observe(new Headers({ 'RateLimit-Remaining': '3', 'RateLimit-Reset': '1' }));
    const quick = performance.now();
    await gate.run(() => Promise.resolve());
    assert.ok(performance.now() - quick < 100, 'tokens left: no pause');
    gate.observe(new Headers({ 'RateLimit-Remaining': '0', 'RateLimit-Reset': '1' }));
    const started = performance.now();
    await gate.run(() => Promise.resolve());
    assert.ok(performance.now() - started >= 950, `paused ${Math.round(performance.now() - started)} ms`);
  });
});
