/**
 * The longest block of this thread's event loop while something else works (issue 51, E2: "no
 * single check may block the extension host for more than 50 ms"): the loop's active time between
 * ticks 20 ms apart (a block holds the next tick back, so it falls in one window; a busy machine's
 * scheduling while the loop waits does not count, as it would in the loop's delay), and V8's
 * collections in each window, said apart. Read by the unit, integration and bench tests.
 */
import { performance, PerformanceObserver } from 'node:perf_hooks';

export interface LoopBlocks {
  /** The longest window's active time, in ms. */
  longest: number;
  /** The longest window's active time less the collections in it. */
  longestBesidesGc: number;
  /** The most collection time in one window. */
  longestGc: number;
}

/** Starts watching; `stop()` says what was seen. */
export function watchLoopBlocks(): { stop(): LoopBlocks } {
  const collections: { from: number; to: number }[] = [];
  const gcs = new PerformanceObserver((list) => collections.push(...list.getEntries().map((e) => ({ from: e.startTime, to: e.startTime + e.duration }))));
  gcs.observe({ entryTypes: ['gc'] });
  const seen: LoopBlocks = { longest: 0, longestBesidesGc: 0, longestGc: 0 };
  let last = { at: performance.now(), elu: performance.eventLoopUtilization() };
  const tick = () => {
    const now = { at: performance.now(), elu: performance.eventLoopUtilization() };
    const active = performance.eventLoopUtilization(now.elu, last.elu).active;
    const gc = collections.reduce((sum, c) => sum + Math.max(0, Math.min(c.to, now.at) - Math.max(c.from, last.at)), 0);
    seen.longest = Math.max(seen.longest, active);
    seen.longestBesidesGc = Math.max(seen.longestBesidesGc, active - gc);
    seen.longestGc = Math.max(seen.longestGc, gc);
    last = now;
  };
  const ticks = setInterval(tick, 20);
  return {
    stop() {
      clearInterval(ticks);
      tick();
      gcs.disconnect();
      return seen;
    },
  };
}

/** `read()`'s value once it has one (polled every 50 ms), or an error naming `what` after `timeoutMs`. */
export async function waitFor<T>(read: () => T | undefined, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`${what} never came`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
