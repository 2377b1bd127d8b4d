/**
 * Where a document changed since its last save, as one region of its text (issue 46, run on save):
 * a continuous run after a save of a file that defines several workflows runs the cases of the one
 * whose `workflow(…)` call holds every change, and of all of them when a change is elsewhere (an
 * import, a helper, the text between two calls). Pure: no vscode (the editor's changes are given).
 */

/** The part of the text that changed, in the document's offsets now: [start, end). */
export interface Region {
  start: number;
  end: number;
}

/** One change of an edit, in the offsets before it (as VS Code's content changes are given). */
export interface Change {
  rangeOffset: number;
  rangeLength: number;
  textLength: number;
}

/** The region after one edit (its changes, all in the offsets before it) over the region before it. */
export function afterEdit(region: Region | undefined, changes: readonly Change[]): Region | undefined {
  if (changes.length === 0) return region;
  const from = Math.min(...changes.map((c) => c.rangeOffset));
  const oldEnd = Math.max(...changes.map((c) => c.rangeOffset + c.rangeLength));
  const delta = changes.reduce((sum, c) => sum + c.textLength - c.rangeLength, 0);
  const to = oldEnd + delta;
  if (!region) return { start: from, end: Math.max(from, to) };
  // An offset of the region before: unchanged before the edit, moved after it, within it inside.
  const moved = (x: number) => (x <= from ? x : x >= oldEnd ? x + delta : Math.min(Math.max(x, from), to));
  return { start: Math.min(moved(region.start), from), end: Math.max(moved(region.end), to) };
}

/** The definitions whose span holds the whole region: one, or none when the region reaches outside every one. */
export function holding<T extends { span?: Region }>(definitions: readonly T[], region: Region): T[] {
  return definitions.filter((d) => d.span !== undefined && d.span.start <= region.start && region.end <= d.span.end);
}
