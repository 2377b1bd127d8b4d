/**
 * Where Update Snapshot means something (issue 51, item 19): a case with `"snapshot": true` whose
 * snapshot is kept (in the `.snap.json` beside its file) or changed in the last run. The Testing
 * view's context menu offers the command on those cases and their steps only (the context key
 * `novuExplorer.tests.snapshotItems` holds their items' ids), and the palette says why another case
 * is not one. The snapshot files are read again after each run and each read of a case file.
 */
import * as vscode from 'vscode';
import { snapshotPathOf, type TestCase } from '../testing/caseFile';
import type { RunReport } from '../testing/runCases';
import { readSnapshots } from '../testing/snapshots';
import type { CaseFiles } from './caseFiles';

/** The context key of the items Update Snapshot is offered on (package.json's `when`). */
export const SNAPSHOT_ITEMS_KEY = 'novuExplorer.tests.snapshotItems';
const REFRESH_MS = 100;

/** A case's snapshot: none asked for, not kept yet, kept, or changed in the last run. */
export type SnapshotState = 'none' | 'not-kept' | 'kept' | 'changed';

export class SnapshotOffer implements vscode.Disposable {
  /** Each case file's (by key) case names with a kept snapshot, as last read. */
  private kept = new Map<string, Set<string>>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private reading: Promise<void> = Promise.resolve();
  /** The ids of the items the command is offered on (integration tests read them). */
  itemIds: readonly string[] = [];

  constructor(
    private readonly explorer: CaseFiles,
    private readonly lastReport: () => RunReport | undefined,
  ) {}

  /** Reads the snapshot files again and offers the command anew, soon (calls close together are one read). */
  refresh(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.reading = this.reading.then(() => this.read());
    }, REFRESH_MS);
  }

  /** Resolves once a refresh asked for has been made (integration tests). */
  async settled(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, REFRESH_MS * 2));
    await this.reading;
  }

  private async read(): Promise<void> {
    const entries = this.explorer.allEntries;
    const kept = new Map<string, Set<string>>();
    await Promise.all(
      entries.map(async (entry) => {
        const text = await this.explorer.textOf(entry.uri.with({ path: snapshotPathOf(entry.uri.path) }));
        kept.set(entry.uri.toString(), new Set(Object.keys(readSnapshots(typeof text === 'string' ? text : undefined).data)));
      }),
    );
    this.kept = kept;
    const ids: string[] = [];
    for (const entry of entries) {
      const key = entry.uri.toString();
      const before = ids.length;
      entry.file.cases.forEach((c, index) => {
        const state = this.state(key, c);
        if (state !== 'kept' && state !== 'changed') return;
        const item = this.explorer.caseItem(key, c.name, undefined, index);
        if (!item) return;
        ids.push(item.id);
        for (const [id] of item.children) ids.push(id);
      });
      // The file's own item: all its snapshot cases, and the entries of cases renamed or removed (dropped).
      const names = new Set(entry.file.cases.map((c) => c.name));
      const obsolete = [...(kept.get(key) ?? [])].some((name) => !names.has(name));
      if (ids.length > before || obsolete) ids.push(entry.item.id);
    }
    this.itemIds = ids;
    await vscode.commands.executeCommand('setContext', SNAPSHOT_ITEMS_KEY, ids);
  }

  /** Where a case's snapshot stands, by its file's key. */
  state(key: string, c: TestCase): SnapshotState {
    if (!c.snapshot) return 'none';
    const ran = this.lastReport()?.files.find((f) => f.path === key);
    if (ran?.cases.some((r) => r.name === c.name && r.steps.some((s) => s.snapshot?.kind === 'changed'))) return 'changed';
    return this.kept.get(key)?.has(c.name) ? 'kept' : 'not-kept';
  }

  /** Why Update Snapshot does nothing for a case (undefined: it does something). */
  why(key: string, c: TestCase): string | undefined {
    switch (this.state(key, c)) {
      case 'none':
        return vscode.l10n.t('"{0}" has no snapshot: add "snapshot": true to the case, and its next run writes one.', c.name);
      case 'not-kept':
        return vscode.l10n.t('"{0}" has no snapshot yet: run it, and its first run writes one.', c.name);
      default:
        return undefined;
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
