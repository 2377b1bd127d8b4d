/**
 * Run and Debug lenses in a case file (issue 46, §3), with each one's last result beside them:
 * above the workflow's id for every case of the file, and above each case for that case. The
 * gutter's icons say the same by their colour; a lens says it in words (passed in 120 ms, failed,
 * running…), and a click on it shows the item in the Test Explorer. Results stay until the item
 * runs again (a run of one case leaves the others' results as they were).
 *
 * Nothing from the file or the app is put in a lens's title (VS Code reads `$(…)` there as an
 * icon): a failure's own words are in its tooltip, which is plain text, and in the peek.
 */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import type { CaseFiles } from './caseFiles';
import type { ItemResult } from './testRun';

/** A duration in words: "120 ms", "1.4 s". */
function took(ms: number | undefined): string {
  if (ms === undefined) return '';
  return ms < 1000 ? vscode.l10n.t('{0} ms', Math.round(ms)) : vscode.l10n.t('{0} s', (ms / 1000).toFixed(1));
}

/** The first line of a result's first message, for a tooltip. */
function firstMessage(result: ItemResult): string {
  return (result.messages[0]?.message ?? '').split('\n')[0]!.slice(0, 300);
}

/** A case's last result in a lens's words, or undefined before it ran. */
export function resultLens(result: ItemResult | undefined): { title: string; tooltip: string } | undefined {
  if (!result) return undefined;
  const time = took(result.durationMs);
  switch (result.status) {
    case 'enqueued':
      return { title: vscode.l10n.t('$(history) Queued'), tooltip: vscode.l10n.t('Waiting for the run to reach this case') };
    case 'started':
      return { title: vscode.l10n.t('$(loading~spin) Running'), tooltip: vscode.l10n.t('Rendering this case’s steps in your app') };
    case 'passed':
      return { title: time ? vscode.l10n.t('$(pass) Passed in {0}', time) : vscode.l10n.t('$(pass) Passed'), tooltip: vscode.l10n.t('Passed in the last run. Show it in the Test Explorer') };
    case 'failed':
      return { title: time ? vscode.l10n.t('$(error) Failed in {0}', time) : vscode.l10n.t('$(error) Failed'), tooltip: firstMessage(result) || vscode.l10n.t('Failed in the last run. Show it in the Test Explorer') };
    case 'errored':
      return { title: vscode.l10n.t('$(warning) Could not run'), tooltip: firstMessage(result) || vscode.l10n.t('The last run could not run this case. Show it in the Test Explorer') };
    case 'skipped':
      return { title: vscode.l10n.t('$(circle-slash) Skipped'), tooltip: vscode.l10n.t('Skipped in the last run. Show it in the Test Explorer') };
  }
}

/** The counts of a file's cases by their last results, in words: "2 passed, 1 failed". */
export function countsLens(results: readonly (ItemResult | undefined)[]): { title: string; tooltip: string } | undefined {
  const count = (status: ItemResult['status']) => results.filter((r) => r?.status === status).length;
  if (results.some((r) => r?.status === 'started' || r?.status === 'enqueued')) return resultLens({ status: 'started', messages: [] });
  const parts = [
    [count('passed'), (n: number) => vscode.l10n.t('$(pass) {0} passed', n)],
    [count('failed'), (n: number) => vscode.l10n.t('$(error) {0} failed', n)],
    [count('errored'), (n: number) => vscode.l10n.t('$(warning) {0} could not run', n)],
    [count('skipped'), (n: number) => vscode.l10n.t('$(circle-slash) {0} skipped', n)],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, words]) => words(n));
  return said.length > 0 ? { title: said.join(', '), tooltip: vscode.l10n.t('The cases’ last results. Show them in the Test Explorer') } : undefined;
}

/** How often a run's results draw the lenses again (its end draws them at once). */
const REFRESH_EVERY_MS = 1000;

export class CaseLenses implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly registration: vscode.Disposable;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private firedAt = 0;

  constructor(
    private readonly explorer: CaseFiles,
    /** Each item's result when it last ran (by its id). */
    private readonly latest: ReadonlyMap<string, ItemResult>,
  ) {
    // Any file on disk: a case file is known by its entry (the setting's glob may name any name).
    this.registration = vscode.languages.registerCodeLensProvider({ scheme: 'file' }, this);
  }

  /**
   * The files' items or results changed: the lenses are asked for again, at once, or with `soon`
   * (a batch of a run's results) at most once a second. Each time VS Code asks for every lens of an
   * open case file, and draws them: a file of 1,000 cases has 3,000, and a run's batches come every
   * 100 ms.
   */
  refresh(soon = false): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const wait = soon ? this.firedAt + REFRESH_EVERY_MS - Date.now() : 0;
    if (wait > 0) {
      this.timer = setTimeout(() => this.refresh(), wait);
      return;
    }
    this.firedAt = Date.now();
    this.changed.fire();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const entry = this.explorer.entry(document.uri.toString());
    if (!entry) return [];
    const lenses: vscode.CodeLens[] = [];
    const add = (item: vscode.TestItem, runTitle: string, debugTitle: string, result: { title: string; tooltip: string } | undefined) => {
      if (!item.range) return;
      const at = new vscode.Range(item.range.start, item.range.start);
      lenses.push(
        new vscode.CodeLens(at, { title: runTitle, tooltip: vscode.l10n.t('Run {0} in your app', item.label), command: Commands.runTestCase, arguments: [item.id] }),
        new vscode.CodeLens(at, { title: debugTitle, tooltip: vscode.l10n.t('Debug {0}: your app under VS Code’s debugger', item.label), command: Commands.debugTestCase, arguments: [item.id] }),
      );
      if (result) lenses.push(new vscode.CodeLens(at, { title: result.title, tooltip: result.tooltip, command: 'vscode.revealTestInExplorer', arguments: [item] }));
    };
    entry.item.children.forEach((workflow) => {
      const cases: vscode.TestItem[] = [];
      workflow.children.forEach((c) => void cases.push(c));
      if (cases.length === 0) return;
      add(workflow, vscode.l10n.t('$(run-all) Run All'), vscode.l10n.t('$(debug-alt) Debug All'), countsLens(cases.map((c) => this.latest.get(c.id))));
      for (const c of cases) if (!c.error) add(c, vscode.l10n.t('$(run) Run'), vscode.l10n.t('$(debug-alt) Debug'), resultLens(this.latest.get(c.id)));
    });
    return lenses;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.registration.dispose();
    this.changed.dispose();
  }
}
