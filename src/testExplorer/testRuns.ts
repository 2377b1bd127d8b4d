/**
 * The notification tests' Run and Debug profiles (issue 46, §3, §6): a run of the items chosen (one
 * call of the runner for all of them), continuous runs, and Update Snapshot. Runs go one after the
 * other. A Debug run renders with VS Code's debugger at the app (debugRun.ts).
 *
 * While a continuous run is on, a save of a case file runs that file's cases (of the run's scope),
 * and a save of a file of the user's app (.ts, .js, .mjs, .cjs, .tsx, .jsx, outside node_modules)
 * runs cases again once the app answers again: while it restarts, its discover is tried again every
 * 250 ms for up to 20 s (testRun.ts). A saved file that defines framework workflows runs the cases
 * of the one whose `workflow(…)` call holds every change since the last save, else of all of them
 * (a helper it holds is part of them; editedRegion.ts); another file of the app (a module any
 * workflow may import) runs the scope's cases.
 */
import * as vscode from 'vscode';
import type { RunReport, RunTarget } from '../testing/runCases';
import { serviceRenderer } from '../testing/serviceTarget';
import { scanJavaScript } from '../scan';
import type { CaseFiles } from './caseFiles';
import { DebugSessions, debugTarget, type DebugTarget } from './debugRun';
import { afterEdit, holding, type Region } from './editedRegion';
import { SnapshotOffer } from './snapshotOffer';
import { RecordedRun, runChosen, type ChosenFile, type ItemResult } from './testRun';

/** A file of the user's app, by its name. */
const APP_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/i;
const SAVE_DEBOUNCE_MS = 150;

function isItemLike(value: unknown): value is { id: string } {
  return !!value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string';
}

interface RunOptions {
  updateSnapshots: boolean;
  waitForApp: boolean;
  /** The Debug profile: the app under VS Code's debugger (debugRun.ts). */
  debug?: boolean;
}

export class TestRuns implements vscode.Disposable {
  readonly profile: vscode.TestRunProfile;
  readonly debugProfile: vscode.TestRunProfile;
  private readonly debugSessions = new DebugSessions();
  lastReport: RunReport | undefined;
  /** Where Update Snapshot is offered (the Testing view's context menu), and why not elsewhere. */
  readonly offer: SnapshotOffer;
  /** What each item was marked in the last run. */
  readonly results = new Map<string, ItemResult>();
  /** What each item was marked when it last ran, in whichever run (the case files' lenses). */
  readonly latest = new Map<string, ItemResult>();
  private readonly told = new vscode.EventEmitter<boolean>();
  /** VS Code was told results (a batch of a run; true: its end): `latest` changed. */
  readonly onDidChangeResults = this.told.event;
  /** The last run's output, as plain text. */
  lastOutput = '';
  private readonly ran = new vscode.EventEmitter<RunReport | undefined>();
  /** Fires after each run (a continuous run's too) with its report. */
  readonly onDidRun = this.ran.event;
  /** The continuous runs on, with their tokens. */
  private readonly watching = new Map<vscode.TestRunRequest, vscode.CancellationToken>();
  private queue: Promise<unknown> = Promise.resolve();
  private savedFiles = new Set<string>();
  private savedApp = false;
  /** The workflows defined in the app's files saved since the last run (their cases run). */
  private savedWorkflows = new Set<string>();
  /** Where each of the app's documents changed since its last save, while a continuous run is on. */
  private readonly edited = new Map<string, Region>();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly explorer: CaseFiles) {
    this.offer = new SnapshotOffer(explorer, () => this.lastReport);
    this.subscriptions.push(this.offer, this.onDidRun(() => this.offer.refresh()));
    this.profile = explorer.controller.createRunProfile(vscode.l10n.t('Run'), vscode.TestRunProfileKind.Run, (request, token) => this.handle(request, token), true, undefined, true);
    this.debugProfile = explorer.controller.createRunProfile(
      vscode.l10n.t('Debug'),
      vscode.TestRunProfileKind.Debug,
      (request, token) => this.enqueue(request, token, { updateSnapshots: false, waitForApp: false, debug: true }).then(() => undefined),
      true,
    );
    this.subscriptions.push(
      this.profile,
      this.debugProfile,
      this.debugSessions,
      this.ran,
      this.told,
      vscode.workspace.onDidSaveTextDocument((document) => this.saved(document)),
      vscode.workspace.onDidChangeTextDocument(({ document, contentChanges }) => {
        if (this.watching.size === 0 || document.uri.scheme !== 'file' || !APP_FILE.test(document.uri.path)) return;
        const key = document.uri.toString();
        const region = afterEdit(this.edited.get(key), contentChanges.map((c) => ({ rangeOffset: c.rangeOffset, rangeLength: c.rangeLength, textLength: c.text.length })));
        if (region) this.edited.set(key, region);
      }),
      vscode.workspace.onDidCloseTextDocument((document) => this.edited.delete(document.uri.toString())),
    );
  }

  private handle(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    if (request.continuous) {
      this.watching.set(request, token);
      return new Promise((resolve) =>
        token.onCancellationRequested(() => {
          this.watching.delete(request);
          resolve();
        }),
      );
    }
    return this.enqueue(request, token, { updateSnapshots: false, waitForApp: false }).then(() => undefined);
  }

  /** Runs items (all without), as the Run profile does, or the Debug profile with `debug`. */
  runItems(items: readonly vscode.TestItem[] | undefined, options: { updateSnapshots?: boolean; debug?: boolean }): Promise<RunReport | undefined> {
    const profile = options.debug ? this.debugProfile : this.profile;
    return this.enqueue(new vscode.TestRunRequest(items, undefined, profile), new vscode.CancellationTokenSource().token, { updateSnapshots: options.updateSnapshots === true, waitForApp: false, debug: options.debug === true });
  }

  /** A continuous run of items (all without), as the profile's toggle starts one; `stop` ends it. */
  startContinuous(items?: readonly vscode.TestItem[]): { stop(): void } {
    const source = new vscode.CancellationTokenSource();
    void this.handle(new vscode.TestRunRequest(items, undefined, this.profile, true), source.token);
    return { stop: () => source.cancel() };
  }

  /** One run after the other: a save during a run runs after it. */
  private enqueue(request: vscode.TestRunRequest, token: vscode.CancellationToken, options: RunOptions): Promise<RunReport | undefined> {
    const next = this.queue.then(() => this.execute(request, token, options));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async execute(request: vscode.TestRunRequest, token: vscode.CancellationToken, options: RunOptions): Promise<RunReport | undefined> {
    if (token.isCancellationRequested) return undefined;
    // The files read again and the key read from the secret storage, at once: both are on the way to the first render.
    const targeting = this.target().then(
      (where) => ({ where }),
      (error: unknown) => ({ error }),
    );
    const chosen = await this.choose(request);
    if (chosen.length === 0) return undefined;
    const run = new RecordedRun(this.explorer.controller.createTestRun(request, undefined, true), this.results, this.latest, (ended) => this.told.fire(ended));
    this.results.clear();
    let report: RunReport | undefined;
    let debug: DebugTarget | undefined;
    try {
      const target = await targeting;
      if ('error' in target) throw target.error;
      let where = target.where;
      if (options.debug && 'target' in where) {
        const found = await debugTarget(where.target.url, this.debugSessions, vscode.workspace.getWorkspaceFolder(chosen[0]!.entry.uri), run.testRun);
        if ('problem' in found) where = { problem: found.problem };
        else {
          debug = found;
          where = { target: { ...where.target, client: found.client } };
          run.say(found.said);
        }
      }
      report = await runChosen(this.explorer, run, chosen, where, { updateSnapshots: options.updateSnapshots, waitForApp: options.waitForApp, token, ...(debug ? { maxInFlight: 1 } : {}) });
      if (report) this.lastReport = report;
    } catch (error) {
      this.explorer.deps.log.error('The notification tests could not run', error);
      run.say(vscode.l10n.t('The run stopped: {0}', error instanceof Error ? error.message : String(error)));
    } finally {
      await debug?.end();
      run.end();
      this.lastOutput = run.output;
    }
    this.ran.fire(report);
    return report;
  }

  /** The files and cases of a request, each file read again now: what runs is what the items show. */
  private async choose(request: vscode.TestRunRequest): Promise<ChosenFile[]> {
    const chosen = new Map<string, Set<string> | undefined>();
    for (const item of request.include ?? this.explorer.allEntries.map((e) => e.item)) {
      const info = this.explorer.info(item);
      if (!info) continue;
      if (info.kind === 'file' || info.kind === 'workflow') chosen.set(info.key, undefined);
      // A step runs with its case (one render of each step per case).
      else if (!chosen.has(info.key) || chosen.get(info.key)) chosen.set(info.key, new Set([...(chosen.get(info.key) ?? []), info.caseName!]));
    }
    for (const item of request.exclude ?? []) {
      const info = this.explorer.info(item);
      if (!info || !chosen.has(info.key)) continue;
      if (info.kind === 'file' || info.kind === 'workflow') chosen.delete(info.key);
      else if (info.kind === 'case') {
        const names = chosen.get(info.key) ?? new Set(this.explorer.entry(info.key)?.file.cases.map((c) => c.name));
        names.delete(info.caseName!);
        chosen.set(info.key, names);
      }
    }
    const files = await Promise.all(
      [...chosen].map(async ([key, names]): Promise<ChosenFile | undefined> => {
        const entry = this.explorer.entry(key);
        return entry ? { entry: this.explorer.update(entry.uri, await this.explorer.textOf(entry.uri)), names } : undefined;
      }),
    );
    return files.filter((f) => f !== undefined);
  }

  /** The app to run against: the Preview's bridge URL, signed with the active connection's key; or why there is none. */
  private async target(): Promise<{ target: RunTarget } | { problem: string }> {
    const { manager } = this.explorer.deps;
    const connection = manager.active;
    if (!connection) return { problem: vscode.l10n.t('There is no connection: a run signs its requests to your app with a connection’s key (add one, or open the Sandbox).') };
    const where = await this.explorer.bridge.bridgeUrl();
    if ('problem' in where) return where;
    const secret = await manager.signingSecret(connection);
    if (!secret) return { problem: vscode.l10n.t('The connection "{0}" has no API key to sign the run’s requests with.', connection.name) };
    // A workflow the app does not define (the dashboard's) is rendered by Novu's step preview.
    const client = await manager.clientFor(connection);
    return { target: { client: this.explorer.client, url: where.url, secret, ...(client ? { service: serviceRenderer(client, connection.name) } : {}) } };
  }

  /** A save while a continuous run is on: a case file's, or one of the app's. */
  private saved(document: vscode.TextDocument): void {
    if (this.watching.size === 0 || document.uri.scheme !== 'file') return;
    const key = document.uri.toString();
    const region = this.edited.get(key);
    this.edited.delete(key);
    if (this.explorer.entry(key)) this.savedFiles.add(key);
    else if (APP_FILE.test(document.uri.path) && !document.uri.path.includes('/node_modules/') && vscode.workspace.getWorkspaceFolder(document.uri)) {
      const defined = scanJavaScript(document.getText(), { path: document.uri.path }).filter((ref) => ref.kind === 'definition' && ref.pattern === 'framework-workflow' && ref.literal);
      // The one workflow whose call holds every change; all of the file's when a change is elsewhere, or none was seen.
      const changed = region ? holding(defined, region) : [];
      if (defined.length > 0) for (const ref of changed.length > 0 ? changed : defined) this.savedWorkflows.add(ref.identifier);
      else this.savedApp = true;
    } else return;
    clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.runSaved(), SAVE_DEBOUNCE_MS);
  }

  private runSaved(): void {
    const workflows = this.savedWorkflows;
    const app = this.savedApp;
    // A saved workflow's case files run as if they were saved.
    const files = new Set([...this.savedFiles, ...this.explorer.allEntries.filter((e) => e.file.workflowId && workflows.has(e.file.workflowId)).map((e) => e.uri.toString())]);
    this.savedFiles = new Set();
    this.savedApp = false;
    this.savedWorkflows = new Set();
    for (const [request, token] of this.watching) {
      // A module of the app changed: every case of the run's scope; else the cases of the saved files and workflows.
      const include = app
        ? request.include
        : request.include
          ? request.include.filter((item) => files.has(this.explorer.info(item)?.key ?? ''))
          : [...files].flatMap((key) => this.explorer.entry(key)?.item ?? []);
      if (include && include.length === 0) continue;
      void this.enqueue(new vscode.TestRunRequest(include, request.exclude, request.profile, true), token, { updateSnapshots: false, waitForApp: app || workflows.size > 0 });
    }
  }

  /**
   * Update Snapshot: runs the cases of the items given (cases, or steps for their case) and accepts
   * their new output. From the palette, without an item: the case at the cursor of a case file (all
   * its cases with a snapshot when the cursor is in none), else the cases whose snapshot changed in
   * the last run.
   */
  async updateSnapshots(given: readonly unknown[]): Promise<RunReport | undefined> {
    const chosen = given
      .flat()
      .filter(isItemLike)
      .map((i) => this.explorer.itemById(i.id))
      // A file's item: all its cases, and its obsolete snapshots (of cases renamed or removed) dropped.
      .filter((i): i is vscode.TestItem => !!i && ['case', 'step', 'file'].includes(this.explorer.info(i)?.kind ?? ''));
    // Only the cases whose snapshot is kept or changed: for another, why not.
    const why = chosen.map((i) => this.whyNot(i)).find((w) => w !== undefined);
    let items: vscode.TestItem[] | string = chosen.filter((i) => this.whyNot(i) === undefined);
    if (chosen.length > 0 && items.length === 0 && why) items = why;
    else if (items.length === 0) items = this.casesAtHand();
    if (typeof items === 'string' || items.length === 0) {
      await this.explorer.deps.prompter().message('info', typeof items === 'string' ? items : vscode.l10n.t('No case to update: run the tests first, or put the cursor in a case with "snapshot": true.'));
      return undefined;
    }
    return this.enqueue(new vscode.TestRunRequest(items, undefined, this.profile), new vscode.CancellationTokenSource().token, { updateSnapshots: true, waitForApp: false });
  }

  /**
   * From the palette: the snapshot case at the cursor; else the cases whose snapshot changed in the
   * last run (of the file in the editor, when it is a case file); else that file's snapshot cases.
   */
  private casesAtHand(): vscode.TestItem[] | string {
    const editor = vscode.window.activeTextEditor;
    const entry = editor && this.explorer.entry(editor.document.uri.toString());
    const changed = (this.lastReport?.files ?? [])
      .filter((file) => !entry || file.path === entry.uri.toString())
      .flatMap((file) => file.cases.filter((c) => c.steps.some((s) => s.snapshot?.kind === 'changed')).flatMap((c) => this.explorer.caseItem(file.path, c.name, undefined, c.index) ?? []));
    if (editor && entry) {
      const key = entry.uri.toString();
      const offset = editor.document.offsetAt(editor.selection.active);
      // The cursor in a case without a snapshot to update: why not.
      const atCursor = entry.file.cases.find((c) => offset >= c.offset && offset <= c.offset + c.length);
      const why = atCursor && this.offer.why(key, atCursor);
      if (why) return why;
      const cases = entry.file.cases.map((c, index) => ({ c, index })).filter(({ c }) => c.snapshot);
      const here = cases.filter(({ c }) => offset >= c.offset && offset <= c.offset + c.length);
      if (here.length > 0 || changed.length === 0) return (here.length > 0 ? here : cases).flatMap(({ c, index }) => this.explorer.caseItem(key, c.name, undefined, index) ?? []);
    }
    if (changed.length === 0 && this.lastReport) return vscode.l10n.t('No case’s snapshot changed in the last run: put the cursor in a case with "snapshot": true to update it.');
    return changed;
  }

  /** Why Update Snapshot does nothing for a case's or a step's item (undefined: it does something). */
  private whyNot(item: vscode.TestItem): string | undefined {
    const info = this.explorer.info(item);
    const entry = info && this.explorer.entry(info.key);
    const c = entry && (info.index !== undefined ? entry.file.cases[info.index] : entry.file.cases.find((x) => x.name === info.caseName));
    return entry && c ? this.offer.why(entry.uri.toString(), c) : undefined;
  }

  dispose(): void {
    clearTimeout(this.saveTimer);
    for (const s of this.subscriptions) s.dispose();
  }
}
