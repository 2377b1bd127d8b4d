// The sandbox's one clock, shared by every resource that writes: each write is later than the one
// before, so records sort in the order they were made.
import { SEED_END_MS, iso } from './random';

export class SandboxClock {
  /** Anchored clocks live in real time: see `nowMs` and `tickMs`. */
  private readonly anchored: boolean;
  /** What seeded timestamps are moved by so that the newest is `activityEndsAtMs` (0 when not anchored). */
  readonly shiftMs: number;
  /**
   * The time of the latest write: logical (1 s per write, from SEED_END_MS) so that runs stay
   * reproducible and always sort after seeded data; the real clock when anchored.
   */
  private clockMs: number;

  /** `activityEndsAtMs`: absent, every time is fixed; set, the seed ends then and writes use the real clock. */
  constructor(activityEndsAtMs: number | undefined) {
    this.anchored = activityEndsAtMs !== undefined;
    this.shiftMs = activityEndsAtMs === undefined ? 0 : Math.floor(activityEndsAtMs) - SEED_END_MS;
    this.clockMs = SEED_END_MS + this.shiftMs;
  }

  /** The instant retention is measured from: the real time when anchored, else SEED_END_MS. */
  nowMs(): number {
    return this.anchored ? Date.now() : SEED_END_MS;
  }

  /** The time of the latest write. */
  get latestMs(): number {
    return this.clockMs;
  }

  /** The time of the next write; every write is later than the one before. */
  tickMs(): number {
    this.clockMs = this.anchored ? Math.max(this.clockMs + 1, Date.now()) : this.clockMs + 1000;
    return this.clockMs;
  }

  tick(): string {
    return iso(this.tickMs());
  }

  /** A record was written at `ms` (its last job's time): later writes come after it. */
  passed(ms: number): void {
    this.clockMs = Math.max(this.clockMs, ms);
  }
}
