/**
 * What the ticks of a pick of several mean, when VS Code reports back every change, ours too.
 *
 * VS Code (1.100 to 1.139) keeps a quick pick's ticks in the workbench; the extension host hears of
 * them later, through `onDidChangeSelection`. Setting `selectedItems` is reported back as a
 * selection change once the workbench has applied it (and only if it changed the ticks); setting
 * `items` is reported as two: no ticks (the new rows start unticked), then the ticks set with them.
 * A handler that takes every report for a person's tick answers its own changes: once it rewrote
 * the rows on a tick, each rewrite came back as two ticks, and the pick rewrote itself thousands of
 * times a second, even while nobody touched it (issue 30).
 *
 * So: the ticks we ask for are remembered, in order, until reported back; a report that matches
 * one is its echo (no decision). Any other report is a person's tick, read as what changed since the
 * ticks last reported (one tick is one decision), and the newest choice wins in a one-choice group.
 * While an echo is still out, nothing more is asked: the report after it shows the latest choice.
 * An idle pick therefore asks nothing, and the last tick wins. Pure: unit-tested in plain Node.
 */
export class PickTicks<T> {
  private readonly chosen: Map<string, T>;
  /** The ticked rows as VS Code last reported them (or as first shown). */
  private ticked = new Set<string>();
  /** Ticks we asked VS Code to show, oldest first, not yet reported back. */
  private readonly echoes: Set<string>[] = [];
  /** The rows listed now. */
  private listed = new Set<string>();

  constructor(
    initial: readonly T[],
    private readonly key: (value: T) => string,
    /** Values of the same group exclude each other: choosing one unchooses the others. */
    private readonly groupOf?: (value: T) => string | undefined,
  ) {
    this.chosen = new Map(initial.map((v) => [key(v), v]));
  }

  /** What is chosen now, listed or not. */
  values(): T[] {
    return [...this.chosen.values()];
  }

  /** Chooses one value (Enter on typed text); in a one-choice group it replaces the others. */
  choose(value: T): void {
    const key = this.key(value);
    const group = this.groupOf?.(value);
    if (group !== undefined) {
      for (const [other, v] of this.chosen) if (other !== key && this.groupOf?.(v) === group) this.chosen.delete(other);
    }
    this.chosen.set(key, value);
  }

  /**
   * The pick lists new rows (what is typed changed): returns the keys to tick among them. VS Code
   * will report the new rows unticked (when any were ticked), then these ticks: both are echoes.
   */
  list(rows: readonly T[]): Set<string> {
    this.listed = new Set(rows.map(this.key));
    const wanted = this.wanted();
    if (this.ticked.size > 0) this.echoes.push(new Set());
    if (wanted.size > 0) this.echoes.push(wanted);
    return wanted;
  }

  /**
   * VS Code reported these rows ticked. Returns the keys to tick instead (a one-choice group lost a
   * row), or undefined when the rows show what is chosen, or an echo is still out.
   */
  reported(rows: readonly T[]): Set<string> | undefined {
    const now = new Set(rows.map(this.key));
    const echo = this.echoes.findIndex((asked) => sameKeys(asked, now));
    if (echo >= 0) {
      // Ours, applied; any older ask still out was applied before it (VS Code applies them in order).
      this.echoes.splice(0, echo + 1);
    } else {
      // A person's tick: what changed since the ticks last reported.
      for (const key of this.ticked) if (!now.has(key) && this.listed.has(key)) this.chosen.delete(key);
      for (const value of rows) if (!this.ticked.has(this.key(value))) this.choose(value);
    }
    this.ticked = now;
    if (this.echoes.length > 0) return undefined;
    const wanted = this.wanted();
    if (sameKeys(wanted, now)) return undefined;
    this.echoes.push(wanted);
    return wanted;
  }

  /** The keys of the listed rows that are chosen. */
  private wanted(): Set<string> {
    return new Set([...this.chosen.keys()].filter((key) => this.listed.has(key)));
  }
}

function sameKeys(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((key) => b.has(key));
}
