/** Medians over repeated runs after a warm-up: absolute times drift on shared machines, ratios less. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0 ? NaN : sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export async function timeRuns(fn: () => unknown, { warmup = 3, runs = 15 } = {}): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return times;
}

/** Times two alternatives in alternation, so drift affects both alike; returns their medians. */
export async function compare(a: () => unknown, b: () => unknown, options: { warmup?: number; runs?: number } = {}): Promise<{ a: number; b: number; ratio: number }> {
  const warmup = options.warmup ?? 3;
  const runs = options.runs ?? 15;
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < runs; i++) {
    let start = performance.now();
    await a();
    ta.push(performance.now() - start);
    start = performance.now();
    await b();
    tb.push(performance.now() - start);
  }
  const ma = median(ta);
  const mb = median(tb);
  return { a: ma, b: mb, ratio: ma / mb };
}

export const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;
