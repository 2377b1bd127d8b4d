/**
 * The Test Explorer's notification tests (issue 46, §1, §3, §6), the code of dist/tests.js: one
 * TestController whose items are file → workflow → case → step, each case at its place in its file
 * (gutter icons, Run in the file), and the case files' problems as diagnostics while they are edited.
 *
 * - A file is read with the runner's own reader (src/testing/caseFile): its problems are said at
 *   their place, a case with one gets its item's `error` and does not run, and a bad file stops none
 *   of the others. The user's file is never written.
 * - What needs the app or the connection (an unknown workflow or step, a subscriberId the
 *   connection lacks) is known after a discover (once when the feature starts, quietly, and at each
 *   run) and kept, so that it stays at its place while the file is edited.
 * - Step items come once the app's discover said the workflow's message steps.
 * Runs, continuous runs and snapshots have their own file (testRuns.ts).
 */
import * as vscode from 'vscode';
import { NovuApiError } from '../api/errors';
import { BridgeClient, type DiscoveredWorkflow } from '../bridge/bridgeClient';
import { loopbackFetch } from '../bridge/loopbackFetch';
import { BridgeSettings } from '../bridgeSettings';
import type { CanIEmail } from '../checks';
import type { ConnectionManager } from '../connections/connectionManager';
import { bundle } from '../features';
import type { Log } from '../log';
import { showControls } from '../rendered/linkSafety';
import { readCaseFile, resolveCaseFile, type AbsentWorkflow, type CaseFile, type CaseProblem } from '../testing/caseFile';
import { lineIndex, nodeAt } from '../testing/jsonTree';
import { MESSAGE_STEP_TYPES, type FileReport, type RunReport } from '../testing/runCases';
import type { Prompter } from '../ui/prompter';
import type { CaseFileEntry, CaseFiles, ItemInfo, ItemKind } from './caseFiles';
import { CaseFixes } from './caseFixes';
import { CaseLenses } from './caseLenses';
import type { ItemResult } from './testRun';
import { TestRuns } from './testRuns';

export const TESTS_CONTROLLER_ID = 'novuExplorer.tests';
const EDIT_DEBOUNCE_MS = 300;
const EXCLUDE = '**/node_modules/**';
/** A file the glob matched that is no case file: in node_modules, or a case file's snapshots (a broad glob of the setting takes them too). */
const notCases = (uri: vscode.Uri) => uri.path.includes('/node_modules/') || uri.path.endsWith('.snap.json');

export interface TestExplorerDeps {
  context: vscode.ExtensionContext;
  manager: ConnectionManager;
  log: Log;
  prompter: () => Prompter;
  /** The glob of case files (the setting `novuExplorer.tests.files`). */
  glob: () => string;
  /** A run ended with cases that ran (the walkthrough's step). */
  ran?: () => void;
}

/** An item as plain data, for the integration tests. */
export interface TestItemData {
  id: string;
  kind: ItemKind;
  label: string;
  description?: string;
  /** The item's line in its file (0-based), when it has a place. */
  line?: number;
  error?: string;
  children: TestItemData[];
}

/** Answers nothing: a discover made on its own, not asked for, never puts a question in front of the user. */
const declining = {
  pick: async () => undefined,
  input: async () => undefined,
  search: async () => undefined,
  pickMany: async () => undefined,
  message: async () => undefined,
  confirm: async () => false,
} as Prompter;

/** Ids that say the kind first (`<case>`: the Update Snapshot menu's `when` reads it), then a JSON of what the item is. */
const idOf = (info: ItemInfo) => `<${info.kind}> ${JSON.stringify([info.key, info.caseName, info.stepId, info.index])}`;

function problemsText(problems: readonly CaseProblem[]): string | undefined {
  return problems.length > 0 ? problems.map((p) => showControls(p.message)).join('\n') : undefined;
}

export class TestExplorer implements CaseFiles, vscode.Disposable {
  readonly controller = vscode.tests.createTestController(TESTS_CONTROLLER_ID, vscode.l10n.t('Novu notification tests'));
  readonly diagnostics = vscode.languages.createDiagnosticCollection('novu-tests');
  private readonly fixes = new CaseFixes();
  /** A run's 3 renders a case: an app on this machine is asked without VS Code's fetch (loopbackFetch.ts). */
  readonly client = new BridgeClient({ fetch: loopbackFetch() });
  readonly bridge: BridgeSettings;
  /** The bridge URL as a discover made on its own reads it: a remote one not yet allowed is not asked about. */
  private readonly quietBridge: BridgeSettings;
  private readonly entries = new Map<string, CaseFileEntry>();
  private readonly infos = new Map<string, ItemInfo>();
  /** The app's workflows as the last discover said them (undefined: not known). */
  private workflows: ReadonlyMap<string, DiscoveredWorkflow> | undefined;
  /** The workflows the last run found neither in the app nor in the service, by id: said at the file's workflow. */
  private readonly absent = new Map<string, AbsentWorkflow>();
  /** Whether each subscriberId named by a case is the active connection's (asked once per connection). */
  private subscribers = new Map<string, boolean>();
  private readonly editTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly subscriptions: vscode.Disposable[] = [];
  private scanning: Promise<void> | undefined;
  /** What the last `learn` showed the files with (its workflows' steps, the subscribers known). */
  private learned: string | undefined;
  private watchers: vscode.Disposable[] = [];
  readonly runs: TestRuns;
  readonly lenses: CaseLenses;

  constructor(readonly deps: TestExplorerDeps) {
    this.bridge = new BridgeSettings(deps.context, deps.prompter);
    this.quietBridge = new BridgeSettings(deps.context, () => declining);
    this.runs = new TestRuns(this);
    this.lenses = new CaseLenses(this, this.runs.latest);
    if (deps.ran) this.subscriptions.push(this.runs.onDidRun((report) => report && report.counts.passed + report.counts.failed > 0 && deps.ran!()));
    this.controller.refreshHandler = async () => {
      await this.scan();
      await this.discover();
    };
    this.subscriptions.push(
      this.controller,
      this.diagnostics,
      this.fixes,
      this.runs,
      this.lenses,
      this.runs.onDidChangeResults((ended) => this.lenses.refresh(!ended)),
      vscode.workspace.onDidChangeTextDocument(({ document }) => {
        const key = document.uri.toString();
        if (!this.entries.has(key) && !this.isCaseFile(document)) return;
        clearTimeout(this.editTimers.get(key));
        this.editTimers.set(key, setTimeout(() => this.update(document.uri, document.getText()), EDIT_DEBOUNCE_MS));
      }),
      // Edits not saved are gone with the editor: the file on disk is what holds.
      vscode.workspace.onDidCloseTextDocument((document) => this.entries.has(document.uri.toString()) && void this.fileChanged(document.uri)),
      deps.manager.onDidChangeActive(() => {
        this.subscribers = new Map();
        void this.discover();
      }),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.watch()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('novuExplorer.tests.files') && this.watch()),
    );
    deps.context.subscriptions.push(this);
    void vscode.commands.executeCommand('setContext', 'novuExplorer.testsFound', true);
    this.watch();
  }

  /** Watches each workspace folder for case files (by the setting's glob), and finds them all again. */
  private watch(): void {
    for (const w of this.watchers) w.dispose();
    this.watchers = (vscode.workspace.workspaceFolders ?? []).map((folder) => {
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, this.deps.glob()));
      watcher.onDidCreate((uri) => !notCases(uri) && void this.fileChanged(uri));
      watcher.onDidChange((uri) => !notCases(uri) && void this.fileChanged(uri));
      watcher.onDidDelete((uri) => this.fileDeleted(uri));
      return watcher;
    });
    void this.scan().then(() => this.discover());
  }

  /** Whether a document is a case file by the setting's glob. */
  isCaseFile(document: vscode.TextDocument): boolean {
    const folder = vscode.workspace.getWorkspaceFolder(document.uri);
    return !!folder && !notCases(document.uri) && vscode.languages.match({ pattern: new vscode.RelativePattern(folder, this.deps.glob()) }, document) > 0;
  }

  /** Finds every case file of the workspace again; files gone are removed. */
  scan(): Promise<void> {
    this.scanning ??= (async () => {
      try {
        const found = (await vscode.workspace.findFiles(this.deps.glob(), EXCLUDE)).filter((uri) => !notCases(uri));
        const keys = new Set(found.map((uri) => uri.toString()));
        for (const key of [...this.entries.keys()]) if (!keys.has(key)) this.fileDeleted(vscode.Uri.parse(key));
        await Promise.all(found.map((uri) => this.fileChanged(uri)));
      } catch (error) {
        this.deps.log.warn(`Could not look for notification test cases: ${String(error)}`);
      } finally {
        this.scanning = undefined;
      }
    })();
    return this.scanning;
  }

  /** A case file appeared or changed on disk (or its editor closed): read again. */
  async fileChanged(uri: vscode.Uri): Promise<void> {
    this.update(uri, await this.textOf(uri));
  }

  fileDeleted(uri: vscode.Uri): void {
    const key = uri.toString();
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.controller.items.delete(entry.item.id);
    for (const [id, info] of this.infos) {
      if (info.key !== key) continue;
      this.infos.delete(id);
      this.runs.latest.delete(id);
    }
    this.diagnostics.delete(uri);
    this.fixes.set(uri, []);
  }

  /** The text of a case file as the user sees it: its editor's when open, else the disk's (an unreadable file: an Error). */
  async textOf(uri: vscode.Uri): Promise<string | Error> {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (open) return open.getText();
    try {
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  /** Reads a case file's text and shows it: its items and its diagnostics. */
  update(uri: vscode.Uri, text: string | Error): CaseFileEntry {
    const key = uri.toString();
    const read: CaseFile =
      text instanceof Error
        ? { workflowOffset: 0, levels: {}, cases: [], problems: [{ offset: 0, length: 0, message: vscode.l10n.t('The file could not be read: {0}', text.message), severity: 'error' }] }
        : readCaseFile(text);
    const existing = this.entries.get(key);
    const item = existing?.item ?? this.item({ kind: 'file', key }, vscode.workspace.asRelativePath(uri), uri);
    const entry: CaseFileEntry = { uri, text: text instanceof Error ? '' : text, file: this.resolve(read), item };
    this.entries.set(key, entry);
    if (!existing) this.controller.items.add(item);
    this.show(entry);
    return entry;
  }

  /** What the app and the connection say of a file, when the last discover is known. */
  private resolve(file: CaseFile): CaseFile {
    if (!this.workflows || !file.workflowId) return file;
    const workflow = this.workflows.get(file.workflowId);
    // A workflow the app does not define may be the dashboard's, which a run renders through Novu:
    // once a run found that nobody has it, it is said at the file's workflow.
    if (!workflow) {
      const absent = this.absent.get(file.workflowId);
      return absent ? resolveCaseFile(file, undefined, undefined, absent) : file;
    }
    return resolveCaseFile(file, { steps: workflow.steps.map((s) => s.stepId) }, (id) => this.subscribers.get(id));
  }

  private item(info: ItemInfo, label: string, uri: vscode.Uri, parent?: vscode.TestItem): vscode.TestItem {
    const id = idOf(info);
    const item = parent?.children.get(id) ?? this.controller.createTestItem(id, showControls(label), uri);
    item.label = showControls(label);
    this.infos.set(id, info);
    return item;
  }

  /** The items and diagnostics of an entry, from what was read. */
  private show(entry: CaseFileEntry): void {
    const { file, item, uri } = entry;
    const key = uri.toString();
    const at = lineIndex(entry.text);
    const range = (offset: number, length: number) => {
      const start = at(offset);
      const end = at(offset + Math.max(0, length));
      return new vscode.Range(start.line, start.character, end.line, end.character);
    };
    const diagnostics: vscode.Diagnostic[] = [];
    const fixes: Parameters<CaseFixes['set']>[1][number][] = [];
    const say = (problems: readonly CaseProblem[]) => {
      for (const p of problems) {
        const diagnostic = new vscode.Diagnostic(range(p.offset, p.length), showControls(p.message), p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning);
        diagnostic.source = vscode.l10n.t('Novu tests');
        diagnostics.push(diagnostic);
        if (p.replacement) fixes.push({ range: diagnostic.range, message: diagnostic.message, replacement: p.replacement });
      }
    };
    say(file.problems);
    for (const c of file.cases) say(c.problems);
    this.diagnostics.set(uri, diagnostics);
    this.fixes.set(uri, fixes);
    for (const [id, info] of this.infos) if (info.key === key && info.kind !== 'file') this.infos.delete(id);
    if (!file.workflowId) {
      // Bad JSON, or no workflow named: the file says why and holds nothing to run.
      item.error = problemsText(file.problems) ?? vscode.l10n.t('The file names no workflow.');
      item.children.replace([]);
      return;
    }
    item.error = undefined;
    const workflowItem = this.item({ kind: 'workflow', key }, file.workflowId, uri, item);
    workflowItem.range = range(file.workflowOffset, file.workflowId.length + 2);
    workflowItem.error = problemsText(file.problems);
    const steps = this.workflows?.get(file.workflowId)?.steps.filter((s) => MESSAGE_STEP_TYPES.has(s.type));
    workflowItem.children.replace(
      file.cases.map((c, index) => {
        const dup = file.cases.findIndex((other) => other.name === c.name) !== index ? { index } : {};
        const caseItem = this.item({ kind: 'case', key, caseName: c.name, ...dup }, c.name, uri, workflowItem);
        caseItem.range = range(c.offset, c.length);
        caseItem.error = problemsText(c.problems);
        caseItem.children.replace(
          (steps ?? []).map((step) => {
            const stepItem = this.item({ kind: 'step', key, caseName: c.name, stepId: step.stepId, ...dup }, step.stepId, uri, caseItem);
            stepItem.description = step.type;
            // A step's place: its expectations, else its controls, in the case; none when the case says nothing of it.
            const node = file.root ? [nodeAt(file.root, ['cases', index, 'expect', step.stepId]), nodeAt(file.root, ['cases', index, 'controls', step.stepId])].find((n) => n.complete && n.property) : undefined;
            stepItem.range = node?.property ? range(node.property.keyOffset, node.property.keyLength) : undefined;
            return stepItem;
          }),
        );
        return caseItem;
      }),
    );
    item.children.replace([workflowItem]);
    this.lenses?.refresh();
    this.runs?.offer.refresh();
  }

  /**
   * The app's workflows, as a discover (the quiet one, or a run's) said them: every file is shown
   * again with them, unless neither they nor the subscribers known changed since the last time
   * (after each run on save, showing every item again was work for nothing).
   */
  learn(workflows: readonly DiscoveredWorkflow[]): void {
    const learned = JSON.stringify([workflows.map((w) => [w.workflowId, w.steps.map((s) => [s.stepId, s.type])]), [...this.subscribers]]);
    if (learned === this.learned && this.workflows) return;
    this.learned = learned;
    this.workflows = new Map(workflows.map((w) => [w.workflowId, w]));
    for (const entry of this.entries.values()) {
      entry.file = this.resolve(readCaseFile(entry.text));
      this.show(entry);
    }
  }

  /**
   * What a run found of each file's workflow: one neither the app nor the service has is said at the
   * file's workflow (with the nearest id), one found again is not; the files it changes are shown again.
   */
  learnAbsent(files: readonly FileReport[]): void {
    const changed = new Set<string>();
    for (const { file, absent } of files) {
      if (!file.workflowId || JSON.stringify(this.absent.get(file.workflowId)) === JSON.stringify(absent)) continue;
      if (absent) this.absent.set(file.workflowId, absent);
      else this.absent.delete(file.workflowId);
      changed.add(file.workflowId);
    }
    for (const entry of this.entries.values()) {
      if (!entry.file.workflowId || !changed.has(entry.file.workflowId)) continue;
      entry.file = this.resolve(readCaseFile(entry.text));
      this.show(entry);
    }
  }

  /** caniemail's data, from the checks thread's bundle: one copy of it in the extension. */
  canIEmail(): CanIEmail {
    return bundle<typeof import('../preview/checksWorkerMain')>(this.deps.context, 'checksWorker')().doIUseEmail;
  }

  /** Records whether a subscriberId is the active connection's (a run asked). */
  subscriberSeen(subscriberId: string, exists: boolean): void {
    this.subscribers.set(subscriberId, exists);
  }

  /** A subscriber of the active connection by id: its fields, null when it has none, undefined when it cannot be asked. */
  async subscriberOf(subscriberId: string): Promise<Record<string, unknown> | null | undefined> {
    const active = await this.deps.manager.activeClient();
    if (!active) return undefined;
    try {
      const subscriber = await active.client.getSubscriber(subscriberId);
      this.subscriberSeen(subscriberId, true);
      return subscriber as unknown as Record<string, unknown>;
    } catch (error) {
      if (error instanceof NovuApiError && error.status === 404) {
        this.subscriberSeen(subscriberId, false);
        return null;
      }
      return undefined;
    }
  }

  /**
   * Asks the app which workflows and steps it has (and the connection which subscribers the cases
   * name), without a question to the user: when the bridge URL would need one, or there is no
   * connection, nothing is asked.
   */
  async discover(): Promise<void> {
    const connection = this.deps.manager.active;
    if (!connection || this.entries.size === 0) return;
    const where = await this.quietBridge.bridgeUrl();
    const secret = 'url' in where ? await this.deps.manager.signingSecret(connection) : undefined;
    if (!('url' in where) || !secret) return;
    const answer = await this.client.discover(where.url, secret).catch(() => undefined);
    if (answer?.kind !== 'discovered') return;
    const ids = new Set<string>();
    for (const entry of this.entries.values()) for (const c of entry.file.cases) if (c.subscriber?.subscriberId && !this.subscribers.has(c.subscriber.subscriberId)) ids.add(c.subscriber.subscriberId);
    await Promise.all([...ids].map((id) => this.subscriberOf(id)));
    this.learn(answer.workflows);
  }

  entry(key: string): CaseFileEntry | undefined {
    return this.entries.get(key);
  }

  get allEntries(): CaseFileEntry[] {
    return [...this.entries.values()];
  }

  info(item: vscode.TestItem): ItemInfo | undefined {
    return this.infos.get(item.id);
  }

  /** An item by its id, wherever it is in the tree. */
  itemById(id: string): vscode.TestItem | undefined {
    const info = this.infos.get(id);
    const entry = info && this.entries.get(info.key);
    if (!info || !entry) return undefined;
    if (info.kind === 'file') return entry.item;
    const workflowItem = [...entry.item.children].map(([, i]) => i)[0];
    if (info.kind === 'workflow') return workflowItem;
    const caseItem = workflowItem?.children.get(idOf({ kind: 'case', key: info.key, caseName: info.caseName!, ...(info.index !== undefined ? { index: info.index } : {}) }));
    return info.kind === 'case' ? caseItem : caseItem?.children.get(id);
  }

  /** A case's item (and its step's), by the file's key, the case's name and (for a second case of one name) its index. */
  caseItem(key: string, caseName: string, stepId?: string, index?: number): vscode.TestItem | undefined {
    const first = this.entries.get(key)?.file.cases.findIndex((c) => c.name === caseName) ?? -1;
    const dup = index !== undefined && first >= 0 && first !== index ? { index } : {};
    return this.itemById(idOf(stepId === undefined ? { kind: 'case', key, caseName, ...dup } : { kind: 'step', key, caseName, stepId, ...dup }));
  }

  /** The tree as plain data (integration tests). */
  itemsData(): TestItemData[] {
    const data = (item: vscode.TestItem): TestItemData => ({
      id: item.id,
      kind: this.infos.get(item.id)?.kind ?? 'file',
      label: item.label,
      ...(item.description ? { description: item.description } : {}),
      ...(item.range ? { line: item.range.start.line } : {}),
      ...(item.error !== undefined ? { error: typeof item.error === 'string' ? item.error : item.error.value } : {}),
      children: [...item.children].map(([, child]) => data(child)).sort((a, b) => (a.line ?? 0) - (b.line ?? 0)),
    });
    return [...this.controller.items].map(([, item]) => data(item)).sort((a, b) => a.label.localeCompare(b.label));
  }

  /** The last run's report, and what each item of it was marked (integration tests). */
  get lastReport(): RunReport | undefined {
    return this.runs.lastReport;
  }

  get results(): ReadonlyMap<string, ItemResult> {
    return this.runs.results;
  }

  /** The ids of the items Update Snapshot is offered on, once the snapshot files are read again (integration tests). */
  async snapshotItems(): Promise<readonly string[]> {
    await this.runs.offer.settled();
    return this.runs.offer.itemIds;
  }

  /** The last run's output, as plain text. */
  get lastOutput(): string {
    return this.runs.lastOutput;
  }

  /** Fires after each run, a continuous run's included, with its report. */
  get onDidRun(): vscode.Event<RunReport | undefined> {
    return this.runs.onDidRun;
  }

  /** Runs items (by id; all without), as the Run profile does (the Debug profile with `debug`); resolves with the run's report. */
  run(ids?: readonly string[], options: { updateSnapshots?: boolean; debug?: boolean } = {}): Promise<RunReport | undefined> {
    return this.runs.runItems(ids?.map((id) => this.itemById(id)).filter((i): i is vscode.TestItem => !!i), options);
  }

  /** A case file's Run or Debug lens: its item, by id (one gone since the lens was drawn is said, and nothing runs). */
  async runFromLens(id: unknown, debug: boolean): Promise<RunReport | undefined> {
    const item = typeof id === 'string' ? this.itemById(id) : undefined;
    if (!item) {
      await this.deps.prompter().message('info', vscode.l10n.t('That case is no longer in its file: run it from the Test Explorer.'));
      return undefined;
    }
    return this.runs.runItems([item], { debug });
  }

  /** A continuous run of items (by id; all without), as the profile's toggle starts one. */
  startContinuous(ids?: readonly string[]): { stop(): void } {
    return this.runs.startContinuous(ids?.map((id) => this.itemById(id)).filter((i): i is vscode.TestItem => !!i));
  }

  /** Update Snapshot: the cases of the items given (a case's or a step's), or from the palette, asked. */
  updateSnapshots(items: readonly unknown[]): Promise<RunReport | undefined> {
    return this.runs.updateSnapshots(items);
  }

  dispose(): void {
    for (const timer of this.editTimers.values()) clearTimeout(timer);
    for (const s of [...this.watchers, ...this.subscriptions]) s.dispose();
    void vscode.commands.executeCommand('setContext', 'novuExplorer.testsFound', false);
  }
}
