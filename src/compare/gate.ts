/**
 * The pace of one side's reads (contract §10.2's client rules): at most `limit` requests in flight,
 * and none sent while the service said its bucket is empty (`RateLimit-Remaining: 0`) until
 * `RateLimit-Reset` seconds have passed. Each side has its own gate: the service keys its buckets
 * per environment. Pure timing, no I/O of its own.
 */
export class ReadGate {
  private active = 0;
  private peak = 0;
  private readonly waiting: (() => void)[] = [];
  private pausedUntil = 0;

  constructor(private readonly limit: number) {}

  /** Most requests in flight at once so far. */
  get maxInFlight(): number {
    return this.peak;
  }

  /** Runs `task` once a slot is free and no pause holds; the slot is freed when it settles. */
  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire();
    try {
      await this.waitForPause(signal);
      return await task();
    } finally {
      this.release();
    }
  }

  /** The answer's `RateLimit-Remaining` and `RateLimit-Reset`: at 0, the next requests wait for the reset. */
  observe(headers: Headers): void {
    const remaining = headers.get('ratelimit-remaining');
    if (remaining === null || Number(remaining) > 0) return;
    const reset = Number(headers.get('ratelimit-reset'));
    const seconds = Number.isFinite(reset) && reset > 0 ? Math.min(reset, 60) : 1;
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + seconds * 1000);
  }

  private async waitForPause(signal?: AbortSignal): Promise<void> {
    while (Date.now() < this.pausedUntil) {
      signal?.throwIfAborted();
      await delay(this.pausedUntil - Date.now(), signal);
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.limit) {
      this.active++;
      this.peak = Math.max(this.peak, this.active);
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(() => {
      this.active++;
      this.peak = Math.max(this.peak, this.active);
      resolve();
    }));
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.();
  }
}

/** Waits `ms`, or less when `signal` aborts (then it rejects with the abort reason). */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, Math.max(0, ms));
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
