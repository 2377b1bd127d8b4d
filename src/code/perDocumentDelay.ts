/**
 * One delayed call per document: each `schedule` of a document replaces its call not made yet, so
 * that a check runs once typing pauses (300 ms after the last key), not at every key. Pure: keyed
 * by the document's URI string, no vscode.
 */
export class PerDocumentDelay {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly ms = 300) {}

  /** Calls `run` `ms` after this, unless the same `key` is scheduled again before. */
  schedule(key: string, run: () => void): void {
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        run();
      }, this.ms),
    );
  }

  /** No call made after this. */
  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
