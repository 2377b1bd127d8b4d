// Live mode: new notifications keep arriving and the unfinished ones move on, so a client sees the
// feed change the way a busy production environment's would.
import { Prng } from './random';
import type { Notifications } from './notifications';

export interface LiveOptions {
  /** Milliseconds between two rounds (each round moves earlier notifications on, then emits one). */
  everyMs: number;
  /** Share (0..1) of emitted notifications that fail; default 0.3. */
  failureRate?: number;
}

export const DEFAULT_LIVE_FAILURE_RATE = 0.3;
/** Of the notifications that do not fail, this share arrives still pending (the rest delivered). */
const PENDING_SHARE = 0.6;

export interface LiveActivity {
  stop(): void;
}

/** Starts the rounds on an unref'd timer (it never keeps the process alive). */
export function startLiveActivity(notifications: Notifications, seed: number, options: LiveOptions): LiveActivity {
  const { everyMs } = options;
  if (!Number.isFinite(everyMs) || everyMs <= 0) throw new Error(`live.everyMs must be a positive number, got ${everyMs}`);
  const failureRate = Math.min(1, Math.max(0, options.failureRate ?? DEFAULT_LIVE_FAILURE_RATE));
  const rng = new Prng(seed ^ 0x11fe);
  const round = (): void => {
    notifications.advanceEmitted();
    const outcome = rng.chance(failureRate) ? 'failed' : rng.chance(PENDING_SHARE) ? 'pending' : 'delivered';
    notifications.emit({ outcome });
  };
  const timer = setInterval(round, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
