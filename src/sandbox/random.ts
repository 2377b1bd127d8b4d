// Deterministic randomness and identifiers: the same seed must always produce the same data, so
// nothing here reads the clock or Math.random().

/** mulberry32: tiny, fast, and good enough for test data. */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = (Math.trunc(seed) ^ 0x9e3779b9) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick() from an empty list');
    return item;
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) out += Math.floor(this.next() * 0x10000).toString(16).padStart(4, '0');
    return out.slice(0, length);
  }
}

/**
 * An ObjectId-like 24-hex id: 4 bytes of seconds, a 3-byte tag naming the kind of record, a 5-byte
 * counter. Ids of one kind therefore sort like their creation order, as MongoDB's do.
 */
export function objectId(epochMs: number, tag: string, counter: number): string {
  const seconds = Math.floor(epochMs / 1000).toString(16).padStart(8, '0');
  return seconds + tag.padStart(6, '0').slice(-6) + counter.toString(16).padStart(10, '0').slice(-10);
}

const dayPrefixes = new Map<number, string>();
const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

/**
 * `new Date(ms).toISOString()`, without a Date per call: seeding 100,000 subscribers makes hundreds of
 * thousands of timestamps, and the date part repeats, so it is cached per day.
 */
export function iso(epochMs: number): string {
  const ms = Math.floor(epochMs);
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  let rest = ms - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  const millis = rest - seconds * 1000;
  return `${prefix}${pad2(hours)}:${pad2(minutes)}:${pad2(seconds)}.${millis.toString().padStart(3, '0')}Z`;
}

/** Every seeded timestamp derives from this instant, so data never depends on when it was built. */
export const SEED_BASE_MS = Date.UTC(2024, 5, 1, 8, 0, 0);
export const DAY_MS = 24 * 60 * 60 * 1000;
/** Seeded subscribers are created over this many days after the base. */
export const SUBSCRIBER_SPAN_DAYS = 300;
/** The latest seeded timestamp; runtime writes tick forward from here. */
export const SEED_END_MS = SEED_BASE_MS + 330 * DAY_MS;
