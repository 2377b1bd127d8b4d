/**
 * One run of notification tests in VS Code's Test Results (issue 46, §3, §6): the chosen cases go to
 * the one runner (runCases) in one call, and each case is marked as it ends, with its duration.
 * - An expectation or a snapshot that failed: a diff (expected against actual) at its place in the
 *   case file. A payload the app refused: at the key. A step that threw: at the first frame of the
 *   user's own code, when that file is there.
 * - The app not answering, or with another environment's key: said once (the run's output and one
 *   notification), and every case it stopped marked errored, not failed.
 * - Warnings of the checks, the keys a case did not set, the snapshots written: the run's output,
 *   with the case's item. A snapshot file the run wrote is written beside the case file.
 * Every text from the app or a case file is shown as text: direction controls (and the terminal's
 * control characters, in the output) as escapes.
 */
import * as vscode from 'vscode';
import type { BridgeDiscovery, BridgeFailure, DiscoveredWorkflow } from '../bridge/bridgeClient';
import { RESTART_WAIT_MS, mayBeRestarting } from '../bridge/appRestart';
import { checksSettingsNow } from '../checksSettings';
import { showControls } from '../rendered/linkSafety';
import { snapshotPathOf, type CaseProblem } from '../testing/caseFile';
import { lineIndex } from '../testing/jsonTree';
import { madeWords } from '../testing/caseState';
import { runCases, type CaseFailure, type CaseResult, type FileReport, type FileToRun, type RunReport, type RunTarget, type Status } from '../testing/runCases';
import type { CaseFileEntry, CaseFiles } from './caseFiles';

export interface MessageData {
  message: string;
  expected?: string;
  actual?: string;
  location?: { uri: string; line: number; character: number };
}

/** What an item was marked in the last run (the integration tests read it). */
export interface ItemResult {
  status: 'enqueued' | 'started' | Status;
  durationMs?: number;
  messages: MessageData[];
}

/** A case to run: its file as read for this run, and the case's name. */
export interface ChosenFile {
  entry: CaseFileEntry;
  /** Only these cases; all when undefined. */
  names: ReadonlySet<string> | undefined;
}

/** Text for the run's output (a terminal): direction controls and control characters as escapes, lines ended as it wants them. */
export function outputText(text: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = showControls(text).replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
  return `${safe.replace(/\n/g, '\r\n')}\r\n`;
}

/**
 * How often VS Code is told what changed: each call of a TestRun is a message to the window, and the
 * messages of one moment travel together (code-server compresses each write on its way), so a run
 * told as each case began and ended sent a write for each. A case's result waits at most this long.
 */
const TELL_EVERY_MS = 100;
/**
 * The same in a run of more than 100 cases: the window draws its views again after each batch, and
 * in a run of 1,000 cases batches of 500 ms took its renderer about half the CPU of batches of 100.
 */
const TELL_LARGE_RUN_EVERY_MS = 500;

/**
 * A TestRun that keeps what it was told for each item (the test API's results), and tells VS Code
 * in batches: the first change after a quiet moment at once, the next ones together every 100 ms.
 */
export class RecordedRun {
  /** The output, as plain text. */
  output = '';
  /** How long a result may wait to be told (runChosen sets it for a large run). */
  tellEveryMs = TELL_EVERY_MS;
  private pending: (() => void)[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private toldAt = 0;

  constructor(
    private readonly run: vscode.TestRun,
    private readonly results: Map<string, ItemResult>,
    /** Each item's result when it last ran, kept across runs (the case files' lenses). */
    private readonly latest?: Map<string, ItemResult>,
    /** Called after VS Code is told a batch (the lenses are drawn again), with `ended` for the run's last. */
    private readonly told?: (ended: boolean) => void,
  ) {}

  /** The run, to hand to a debug session (DebugSessionOptions.testRun). */
  get testRun(): vscode.TestRun {
    return this.run;
  }

  private tell(call: () => void): void {
    this.pending.push(call);
    if (this.timer) return;
    const wait = Math.max(0, this.toldAt + this.tellEveryMs - Date.now());
    this.timer = setTimeout(() => this.flush(), wait);
  }

  /** Tells VS Code everything waiting. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.toldAt = Date.now();
    const calls = this.pending;
    this.pending = [];
    for (const call of calls) call();
    if (calls.length > 0) this.told?.(false);
  }

  /** Ends the run, once everything waiting is told. */
  end(): void {
    this.flush();
    this.run.end();
    this.told?.(true);
  }

  private keep(item: vscode.TestItem, status: ItemResult['status'], messages: readonly vscode.TestMessage[] = [], durationMs?: number): void {
    const data = messages.map((m): MessageData => ({
      message: typeof m.message === 'string' ? m.message : m.message.value,
      ...(m.expectedOutput !== undefined ? { expected: m.expectedOutput } : {}),
      ...(m.actualOutput !== undefined ? { actual: m.actualOutput } : {}),
      ...(m.location ? { location: { uri: m.location.uri.toString(), line: m.location.range.start.line, character: m.location.range.start.character } } : {}),
    }));
    const result: ItemResult = { status, ...(durationMs !== undefined ? { durationMs } : {}), messages: data };
    this.results.set(item.id, result);
    this.latest?.set(item.id, result);
  }

  enqueued(item: vscode.TestItem): void {
    this.tell(() => this.run.enqueued(item));
    this.keep(item, 'enqueued');
  }

  started(item: vscode.TestItem): void {
    this.tell(() => this.run.started(item));
    this.keep(item, 'started');
  }

  mark(item: vscode.TestItem, status: Status, messages: vscode.TestMessage[], durationMs?: number): void {
    this.tell(() => {
      if (status === 'passed') this.run.passed(item, durationMs);
      else if (status === 'skipped') this.run.skipped(item);
      else if (status === 'failed') this.run.failed(item, messages, durationMs);
      else this.run.errored(item, messages, durationMs);
    });
    this.keep(item, status, messages, durationMs);
  }

  /** A line (or lines) of the run's output, with the item it is about. */
  say(text: string, item?: vscode.TestItem, location?: vscode.Location): void {
    this.output += `${text}\n`;
    const output = outputText(text);
    this.tell(() => this.run.appendOutput(output, location, item));
  }
}

function caseCount(n: number): string {
  return n === 1 ? vscode.l10n.t('1 case') : vscode.l10n.t('{0} cases', n);
}

/** The run's counts in one line: "3 cases: 2 passed, 1 failed". */
export function countsLine(counts: Record<Status, number>): string {
  const total = counts.passed + counts.failed + counts.errored + counts.skipped;
  const parts = [
    counts.passed > 0 ? vscode.l10n.t('{0} passed', counts.passed) : undefined,
    counts.failed > 0 ? vscode.l10n.t('{0} failed', counts.failed) : undefined,
    counts.errored > 0 ? vscode.l10n.t('{0} not run', counts.errored) : undefined,
    counts.skipped > 0 ? vscode.l10n.t('{0} skipped', counts.skipped) : undefined,
  ].filter((p): p is string => !!p);
  return vscode.l10n.t('{0}: {1}', caseCount(total), parts.join(', ') || vscode.l10n.t('none ran'));
}

/** How often a restarting app is asked (appRestart.ts): a refused connection costs a millisecond here, so an app that restarts after a save is found within a quarter of a second. */
const RETRY_EVERY_MS = 250;

/** Asks the app for its workflows until it answers (up to 20 s: it restarts after a save); its last answer. */
async function untilAppAnswers(target: RunTarget, token: vscode.CancellationToken, signal: AbortSignal): Promise<BridgeDiscovery | BridgeFailure | undefined> {
  const started = Date.now();
  for (;;) {
    if (token.isCancellationRequested) return undefined;
    const answer = await target.client.discover(target.url, target.secret, signal);
    if (answer.kind === 'discovered' || !mayBeRestarting(answer) || Date.now() - started >= RESTART_WAIT_MS) return answer;
    await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
  }
}

/**
 * Up to this many cases, a run shows each case queued, then running; a larger one shows each case
 * as it ends. The runner starts every case at once (their renders wait their turn), so a run of
 * 1,000 cases showed them all running together for its whole length, and the window's spinners and
 * states took about 10 s of its renderer's CPU and 6 s of its GPU process's (issue 51, C2).
 */
const SHOWN_RUNNING_AT_MOST = 100;

/**
 * Runs `chosen` against the app at `target` (or says `problem`, once) and marks each case on
 * `run`. With `waitForApp` (a continuous run after a save of the app's code), the app is asked
 * until it answers again first; that answer is the run's one discover. Resolves with the
 * runner's report; undefined when cancelled.
 */
export async function runChosen(
  explorer: CaseFiles,
  run: RecordedRun,
  chosen: readonly ChosenFile[],
  where: { target: RunTarget } | { problem: string },
  options: { updateSnapshots: boolean; waitForApp?: boolean; token: vscode.CancellationToken; maxInFlight?: number },
): Promise<RunReport | undefined> {
  const started = Date.now();
  // Each file's lines, read once for the run (per case, a file of 1,000 cases took 2 s of the run).
  const lines = new Map(chosen.map(({ entry }) => [entry.uri.toString(), lineIndex(entry.text)]));
  const marked = new Set<string>();
  const pending: Promise<void>[] = [];
  // Each file's span in this run: its first case's start to its last case's end.
  const spans = new Map<string, { from: number; to: number }>();
  const span = (path: string) => spans.get(path) ?? spans.set(path, { from: Date.now(), to: Date.now() }).get(path)!;
  const cases = chosen.flatMap(({ entry, names }) => entry.file.cases.map((c, index) => ({ entry, name: c.name, index })).filter((c) => !names || names.has(c.name)));
  const showRunning = cases.length <= SHOWN_RUNNING_AT_MOST;
  if (!showRunning) run.tellEveryMs = TELL_LARGE_RUN_EVERY_MS;
  for (const { entry, name, index } of cases) {
    const item = explorer.caseItem(entry.uri.toString(), name, undefined, index);
    // The case only: its steps are told once, with their results (each call is a message to the
    // window, and each message work for its views: 6,000 fewer in a run of 1,000 cases of 3 steps).
    if (item && showRunning) run.enqueued(item);
  }
  let report: RunReport;
  if ('problem' in where) {
    report = { problem: where.problem, files: [], counts: { passed: 0, failed: 0, errored: cases.length, skipped: 0 }, durationMs: 0 };
  } else {
    const abort = new AbortController();
    const cancelled = options.token.onCancellationRequested(() => abort.abort());
    // The snapshots are read while the app is waited for.
    const reading = Promise.all(
      chosen.map(async ({ entry, names }): Promise<FileToRun> => {
        const snapshotText = await explorer.textOf(snapshotUri(entry.uri));
        return { path: entry.uri.toString(), text: entry.text, ...(typeof snapshotText === 'string' ? { snapshotText } : {}), ...(names ? { only: names } : {}) };
      }),
    );
    let answered = options.waitForApp ? await untilAppAnswers(where.target, options.token, abort.signal) : undefined;
    const files = await reading;
    if (options.token.isCancellationRequested) {
      cancelled.dispose();
      return undefined;
    }
    let workflows: readonly DiscoveredWorkflow[] | undefined;
    const client = where.target.client;
    try {
      report = await runCases(
        files,
        {
          ...where.target,
          // The run's one discover (the answer waited for, when there is one) is also the Test
          // Explorer's: its steps and the places of what the app says.
          client: {
            discover: async (...args) => {
              const answer = answered ?? (await client.discover(...args));
              answered = undefined;
              if (answer.kind === 'discovered') workflows = answer.workflows;
              return answer;
            },
            previewStep: (...args) => client.previewStep(...args),
          },
        },
        {
          settings: checksSettingsNow(),
          canIEmail: explorer.canIEmail(),
          updateSnapshots: options.updateSnapshots,
          ...(options.maxInFlight ? { maxInFlight: options.maxInFlight } : {}),
          subscriberOf: (id) => explorer.subscriberOf(id),
          signal: abort.signal,
          folders: (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath),
          onStart: (file, test) => {
            span(file.path);
            const item = explorer.caseItem(file.path, test.name, undefined, file.file.cases.indexOf(test));
            if (item && showRunning) run.started(item);
          },
          onCase: (file, result) => {
            marked.add(JSON.stringify([file.path, result.index]));
            span(file.path).to = Date.now();
            pending.push(markCase(explorer, run, file, result, lines.get(file.path) ?? lineIndex('')));
          },
        },
      );
    } catch (error) {
      if (abort.signal.aborted) return undefined;
      throw error;
    } finally {
      cancelled.dispose();
    }
    await Promise.all(pending);
    markFiles(explorer, run, report, spans);
    // The last cases' results go out now, not at the next batch.
    run.flush();
    if (workflows) explorer.learn(workflows);
    explorer.learnAbsent(report.files);
  }
  if (report.problem) {
    // Said once for the run; each case it stopped says only that it did not run.
    run.say(vscode.l10n.t('The run could not be made: {0}', report.problem));
    void explorer.deps.prompter().message('warning', vscode.l10n.t('Novu notification tests: {0}', report.problem));
    const notRun = new vscode.TestMessage(vscode.l10n.t('Not run: the run could not be made (its output says why).'));
    for (const { entry, name, index } of cases) {
      if (marked.has(JSON.stringify([entry.uri.toString(), index]))) continue;
      const item = explorer.caseItem(entry.uri.toString(), name, undefined, index);
      if (!item) continue;
      run.mark(item, 'errored', [notRun]);
      for (const [, step] of item.children) run.mark(step, 'errored', [notRun]);
    }
  }
  for (const file of report.files) await writeSnapshot(explorer, run, file);
  run.say(vscode.l10n.t('{0} ({1} ms)', countsLine(report.counts), Date.now() - started));
  return report;
}

function snapshotUri(uri: vscode.Uri): vscode.Uri {
  return uri.with({ path: snapshotPathOf(uri.path) });
}

/** The snapshot file a run wrote or updated, written beside its case file, and said. */
async function writeSnapshot(explorer: CaseFiles, run: RecordedRun, file: FileReport): Promise<void> {
  const entry = explorer.entry(file.path);
  if (file.snapshotProblem) run.say(showControls(file.snapshotProblem), entry?.item);
  if (!file.snapshotWrite || !entry) return;
  const uri = snapshotUri(entry.uri);
  const { written, updated } = file.snapshotWrite;
  try {
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(file.snapshotWrite.text));
    const name = vscode.workspace.asRelativePath(uri);
    if (written > 0) run.say(written === 1 ? vscode.l10n.t('Snapshot written: 1 step, in {0}.', name) : vscode.l10n.t('Snapshot written: {0} steps, in {1}.', written, name), entry.item);
    if (updated > 0) run.say(updated === 1 ? vscode.l10n.t('Snapshot updated: 1 step, in {0}.', name) : vscode.l10n.t('Snapshot updated: {0} steps, in {1}.', updated, name), entry.item);
    const removed = file.snapshotWrite.removed ?? 0;
    if (removed > 0) run.say(removed === 1 ? vscode.l10n.t('Obsolete snapshot removed: 1 case renamed or removed, in {0}.', name) : vscode.l10n.t('Obsolete snapshots removed: {0} cases renamed or removed, in {1}.', removed, name), entry.item);
  } catch (error) {
    run.say(vscode.l10n.t('The snapshot file {0} could not be written: {1}', vscode.workspace.asRelativePath(uri), error instanceof Error ? error.message : String(error)), entry.item);
  }
}

/** The worst of some results, as VS Code orders them. */
const WORST: readonly Status[] = ['errored', 'failed', 'passed', 'skipped'];

/**
 * Marks each file that ran and its workflow with the worst of its cases' results and its own time:
 * its first case's start to its last case's end. Without one, VS Code shows a parent the sum of its
 * children's times (a file of 1,000 cases showed 9,923.1 s after a run of 24.2 s; issue 51, item 15).
 */
function markFiles(explorer: CaseFiles, run: RecordedRun, report: RunReport, spans: ReadonlyMap<string, { from: number; to: number }>): void {
  for (const file of report.files) {
    const entry = explorer.entry(file.path);
    const span = spans.get(file.path);
    if (!entry || !span || file.cases.length === 0) continue;
    const status = WORST.find((s) => file.cases.some((c) => c.status === s))!;
    run.mark(entry.item, status, [], span.to - span.from);
    entry.item.children.forEach((workflow) => run.mark(workflow, status, [], span.to - span.from));
  }
}

/** Marks a case and its steps as the runner judged them, with each failure at its place. */
async function markCase(explorer: CaseFiles, run: RecordedRun, file: FileReport, result: CaseResult, at: ReturnType<typeof lineIndex>): Promise<void> {
  const entry = explorer.entry(file.path);
  const item = explorer.caseItem(file.path, result.name, undefined, result.index);
  if (!entry || !item) return;
  const place = (offset: number, length: number) => {
    const start = at(offset);
    const end = at(offset + length);
    return new vscode.Location(entry.uri, new vscode.Range(start.line, start.character, end.line, end.character));
  };
  const test = file.file.cases[result.index];
  const casePlace = test ? place(test.nameOffset, 1) : undefined;
  const appFailed = result.steps.some((s) => s.failures.some((f) => f.kind === 'app'));
  if (appFailed) {
    // The run says the app's failure once (report.problem): the case only that it did not run.
    const notRun = new vscode.TestMessage(vscode.l10n.t('Not run: the run could not be made (its output says why).'));
    run.mark(item, 'errored', [notRun], result.durationMs);
    for (const [, step] of item.children) run.mark(step, 'errored', [notRun]);
    return;
  }
  if (result.status === 'errored' && result.problems.length > 0) {
    const messages = result.problems.map((p: CaseProblem) => located(new vscode.TestMessage(showControls(p.message)), place(p.offset, p.length)));
    run.mark(item, 'errored', messages, result.durationMs);
    run.say(vscode.l10n.t('✗ {0}: not run, the case has problems.', showControls(result.name)), item);
    return;
  }
  // The case's messages: a failure that several steps share (a payload refused by each) said once, naming them.
  const groups = new Map<string, { failure: CaseFailure; steps: string[] }>();
  for (const step of result.steps) {
    for (const f of step.failures) {
      const key = JSON.stringify([f.kind, f.message, f.place?.offset, f.frame?.file, f.frame?.line, f.expected, f.actual]);
      const group = groups.get(key) ?? groups.set(key, { failure: f, steps: [] }).get(key)!;
      group.steps.push(step.stepId);
    }
    const stepItem = explorer.caseItem(file.path, result.name, step.stepId, result.index);
    if (stepItem) run.mark(stepItem, step.status, await Promise.all(step.failures.map((f) => messageOf(f, [step.stepId], place, casePlace))), step.durationMs);
  }
  const all = await Promise.all([...groups.values()].map((g) => messageOf(g.failure, g.steps, place, casePlace)));
  if (result.status !== 'passed' && result.status !== 'skipped' && all.length === 0) all.push(located(new vscode.TestMessage(showControls(result.message ?? vscode.l10n.t('The case failed.'))), casePlace));
  run.mark(item, result.status, all, result.durationMs);
  sayCase(run, item, result);
}

function located(message: vscode.TestMessage, location: vscode.Location | undefined): vscode.TestMessage {
  if (location) message.location = location;
  return message;
}

/** A failure as a test message: a diff when it has both sides, at its place (the user's file for a step that threw). */
async function messageOf(failure: CaseFailure, stepIds: readonly string[], place: (offset: number, length: number) => vscode.Location, casePlace: vscode.Location | undefined): Promise<vscode.TestMessage> {
  const text = vscode.l10n.t('{0}: {1}', stepIds.map(showControls).join(', '), showControls(failure.message));
  const message =
    failure.expected !== undefined && failure.actual !== undefined ? vscode.TestMessage.diff(text, showControls(failure.expected), showControls(failure.actual)) : new vscode.TestMessage(text);
  if (failure.frame) {
    const frame = failure.frame;
    const uri = frame.file.startsWith('file:') ? vscode.Uri.parse(frame.file) : vscode.Uri.file(frame.file);
    const exists = await vscode.workspace.fs.stat(uri).then(
      () => true,
      () => false,
    );
    if (exists) return located(message, new vscode.Location(uri, new vscode.Position(Math.max(0, frame.line - 1), Math.max(0, frame.column - 1))));
  }
  return located(message, failure.place ? place(failure.place.offset, failure.place.length) : casePlace);
}

/** The case in the run's output: its result, the checks' warnings, the keys it did not set, the steps skipped. */
function sayCase(run: RecordedRun, item: vscode.TestItem, result: CaseResult): void {
  const name = showControls(result.name);
  const lines: string[] = [];
  switch (result.status) {
    case 'passed':
      lines.push(vscode.l10n.t('✓ {0} ({1} ms)', name, result.durationMs));
      break;
    case 'failed':
      lines.push(vscode.l10n.t('✗ {0} ({1} ms)', name, result.durationMs));
      break;
    case 'skipped':
      lines.push(vscode.l10n.t('○ {0}: every step skipped', name));
      break;
    case 'errored':
      lines.push(vscode.l10n.t('✗ {0}: not run: {1}', name, showControls(result.message ?? '')));
      break;
  }
  for (const step of result.steps) {
    const id = showControls(step.stepId);
    for (const f of step.failures) lines.push(vscode.l10n.t('  {0}: {1}', id, showControls(f.message)));
    for (const finding of step.findings) if (finding.level === 'warning') lines.push(vscode.l10n.t('  warning, {0}: {1}', id, finding.message));
    if (step.skipped) lines.push(vscode.l10n.t('  {0} skipped: {1}', id, step.skipped));
    if (step.snapshot?.kind === 'written') lines.push(vscode.l10n.t('  {0}: snapshot written', id));
    if (step.snapshot?.kind === 'updated') lines.push(vscode.l10n.t('  {0}: snapshot updated', id));
  }
  if (result.unset.length > 0) {
    const keys = result.unset.map(showControls).join(', ');
    lines.push(result.unset.length === 1 ? vscode.l10n.t('  1 key of the payload not set by the case (a fixed sample fills it): {0}', keys) : vscode.l10n.t('  {0} keys of the payload not set by the case (fixed samples fill them): {1}', result.unset.length, keys));
  }
  const made = madeWords(result.made);
  if (made) lines.push(`  ${made}`);
  run.say(lines.join('\n'), item);
}
