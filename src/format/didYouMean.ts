/**
 * "Did you mean …?" for an identifier the environment does not have (a workflow, issue 25; a subscriber ID, issue 30): the
 * closest known identifiers by edit distance (a swap of two neighbours counts as one edit), case
 * ignored, within a distance that grows with the length. Pure.
 */

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const n = a.length;
  const m = b.length;
  if (n === 0) return m;
  if (m === 0) return n;
  const d: number[][] = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[n]![m]!;
}

/** The known identifiers close to `typed`, closest first (at most `limit`); none when nothing is close. */
export function didYouMean(typed: string, known: readonly string[], limit = 3): string[] {
  const lower = typed.toLowerCase();
  const max = Math.max(1, Math.min(3, Math.floor(typed.length / 4)));
  return known
    .filter((k) => k !== typed)
    .map((k) => {
      const kl = k.toLowerCase();
      // Only the case differs: the closest there is.
      const distance = kl === lower ? 0 : editDistance(lower, kl);
      return { k, distance };
    })
    .filter((c) => c.distance <= max)
    .sort((a, b) => a.distance - b.distance || a.k.localeCompare(b.k))
    .slice(0, limit)
    .map((c) => c.k);
}
