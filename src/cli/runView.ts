/**
 * A command-line run as its reporters show it (issue 46, §7): the runner's report (src/testing/
 * runCases) with each file named as the user knows it, each place as `file:line:column` (from the
 * offsets), the counts, the exit code and the one line that says the outcome. The three reporters
 * (text, JSON, JUnit) read this one view, so that they say the same thing and count the same.
 *
 * A case file that no case of it can come from (bad JSON, no workflow) counts as one errored test
 * named for the file: else a CI's JUnit view would show a broken file as nothing at all.
 * Pure: no vscode.
 */
import type { Finding } from '../checks';
import { l10n } from '../l10n';
import { frameLocation } from '../rendered/previewWords';
import { showControls } from '../rendered/linkSafety';
import type { CaseProblem } from '../testing/caseFile';
import { lineIndex } from '../testing/jsonTree';
import { madeWords } from '../testing/caseState';
import type { CaseFailure, RunReport, Status } from '../testing/runCases';
import { TOOL } from './args';
import type { Shard } from './shard';

export interface Place {
  /** 1-based, as editors and CI annotations count. */
  line: number;
  column: number;
}

export interface FailureView {
  kind: CaseFailure['kind'] | 'problem';
  /** The step it is of; none for a case's or a file's problem. */
  step?: string;
  message: string;
  expected?: string;
  actual?: string;
  /** In the case file. */
  place?: Place;
  /** A thrown step: the first frame of the user's own code, `src/notify.ts:12:7`. */
  frame?: string;
  /** A problem of the whole file, repeated on each of its cases (the text report says it once, with the file). */
  ofFile?: boolean;
}

export interface CaseView {
  name: string;
  status: Status;
  durationMs: number;
  /** Epoch ms of its first request, when the runner says it (a JUnit suite's wall time). */
  startedAt?: number;
  /** The case's name in its file. */
  place?: Place;
  /** Why it did not run, when that is not the run's problem (said once, in the headline). */
  message?: string;
  failures: FailureView[];
  warnings: { step: string; id: Finding['id']; message: string }[];
  skippedSteps: { step: string; reason: string }[];
  snapshots: { step: string; kind: 'written' | 'updated' }[];
  /** The payload's keys the case did not set (sample values of the schema were sent). */
  unset: string[];
  /** Other steps' results the runner made (a digest's events), in words (caseState's madeWords). */
  made?: string;
  /** Each message step of the case, as it came out. */
  steps: { stepId: string; type: string; status: Status; durationMs: number; snapshot?: 'matched' | 'written' | 'updated' | 'changed' }[];
  /** A stand-in for a file none of whose cases could be read. */
  fileOnly?: boolean;
}

export interface FileView {
  /** As the user knows it: relative to the working folder. */
  path: string;
  workflowId?: string;
  /** The file's own problems (bad JSON, an unknown workflow or key), each at its place. */
  problems: FailureView[];
  cases: CaseView[];
  snapshot?: { path: string; written: number; updated: number; removed?: number; error?: string };
  snapshotProblem?: string;
  /** Snapshot entries of cases the file no longer has (renamed or removed), not removed by this run. */
  obsoleteSnapshots?: string[];
}

export type ExitCode = 0 | 1 | 2;

export interface RunView {
  files: FileView[];
  counts: Record<Status, number>;
  durationMs: number;
  /** Why the run could not be made (the app, the key), said once. */
  problem?: string;
  /** Said once, after the headline: what the run could not tell (an app that checks no signature). */
  notes: string[];
  exitCode: ExitCode;
  /** The one line said first: `novu-explorer-test: 4 passed, 1 failed (2 files, 0.4 s)`. */
  headline: string;
  /** `--shard i/n`: the part run, and how many case files all the parts have. */
  shard?: Shard & { ofFiles: number };
}

export interface ViewInput {
  report: RunReport;
  /** Per file of the report (same order): its shown path and its text. */
  files: { shown: string; text: string; snapshotPath: string }[];
  /** The run's problem in the command line's words (the report's own when absent). */
  problem?: string;
  notes?: string[];
  /** The message of a case that cannot run as the command line is given (a subscriberId without --api-url). */
  cannotRun?: string;
  /** The working folder: a thrown step's file is said relative to it. */
  cwd: string;
  /** Per file of the report: the snapshot file could not be written, and why. */
  snapshotErrors?: ReadonlyMap<number, string>;
  /** `--shard i/n`, and the case files of all the parts. */
  shard?: Shard & { ofFiles: number };
}

export function buildRunView(input: ViewInput): RunView {
  const { report } = input;
  const problem = input.problem ?? report.problem;
  // The run's problem, in the command line's words or the runner's: said once, never on each case.
  const runProblems = new Set([input.problem, report.problem].filter((p): p is string => p !== undefined));
  const files = report.files.map((fileReport, fileIndex): FileView => {
    const source = input.files[fileIndex]!;
    const at = lineIndex(source.text);
    const place = (offset: number): Place => {
      const { line, character } = at(offset);
      return { line: line + 1, column: character + 1 };
    };
    const problemView = (p: CaseProblem, ofFile: boolean): FailureView => ({ kind: 'problem', message: p.message, place: place(p.offset), ...(ofFile ? { ofFile } : {}) });
    const cases = fileReport.cases.map((result): CaseView => {
      const test = fileReport.file.cases[result.index];
      const failures: FailureView[] = result.problems.filter((p) => p.severity === 'error').map((p) => problemView(p, fileReport.file.problems.includes(p)));
      const warnings: CaseView['warnings'] = [];
      const skippedSteps: CaseView['skippedSteps'] = [];
      const snapshots: CaseView['snapshots'] = [];
      for (const step of result.steps) {
        for (const f of step.failures) {
          // The app's failure is the run's: said once, not on every case.
          if (f.kind === 'app' && runProblems.has(f.message)) continue;
          failures.push({
            kind: f.kind,
            step: step.stepId,
            message: f.message,
            ...(f.expected !== undefined ? { expected: f.expected } : {}),
            ...(f.actual !== undefined ? { actual: f.actual } : {}),
            ...(f.place ? { place: place(f.place.offset) } : {}),
            ...(f.frame ? { frame: frameLocation(f.frame, [input.cwd]) } : {}),
          });
        }
        for (const finding of step.findings) if (finding.level === 'warning') warnings.push({ step: step.stepId, id: finding.id, message: finding.message });
        if (step.skipped !== undefined) skippedSteps.push({ step: step.stepId, reason: step.skipped });
        if (step.snapshot?.kind === 'written' || step.snapshot?.kind === 'updated') snapshots.push({ step: step.stepId, kind: step.snapshot.kind });
      }
      const ownMessage = result.message !== undefined && !runProblems.has(result.message) && result.problems.length === 0 ? result.message : undefined;
      return {
        name: result.name,
        status: result.status,
        durationMs: result.durationMs,
        ...(result.startedAt !== undefined ? { startedAt: result.startedAt } : {}),
        ...(test ? { place: place(test.nameOffset) } : {}),
        ...(ownMessage !== undefined && failures.length === 0 ? { message: ownMessage } : {}),
        failures,
        warnings,
        skippedSteps,
        snapshots,
        unset: result.unset,
        ...(madeWords(result.made) ? { made: madeWords(result.made)! } : {}),
        steps: result.steps.map((s) => ({ stepId: s.stepId, type: s.type, status: s.status, durationMs: s.durationMs, ...(s.snapshot ? { snapshot: s.snapshot.kind } : {}) })),
      };
    });
    const problems = fileReport.file.problems.map((p) => problemView(p, false));
    // A file whose cases cannot be read at all still counts, as one errored test.
    if (cases.length === 0 && fileReport.file.problems.some((p) => p.severity === 'error')) {
      cases.push({ name: l10n.t('(the case file)'), status: 'errored', durationMs: 0, place: problems[0]?.place ?? { line: 1, column: 1 }, failures: problems.map((p) => ({ ...p, ofFile: true })), warnings: [], skippedSteps: [], snapshots: [], unset: [], steps: [], fileOnly: true });
    }
    const written = fileReport.snapshotWrite;
    const snapshotError = input.snapshotErrors?.get(fileIndex);
    return {
      path: source.shown,
      ...(fileReport.file.workflowId ? { workflowId: fileReport.file.workflowId } : {}),
      problems,
      cases,
      ...(written ? { snapshot: { path: source.snapshotPath, written: written.written, updated: written.updated, ...(written.removed ? { removed: written.removed } : {}), ...(snapshotError ? { error: snapshotError } : {}) } } : {}),
      ...(fileReport.snapshotProblem ? { snapshotProblem: fileReport.snapshotProblem } : {}),
      ...(fileReport.obsoleteSnapshots?.length ? { obsoleteSnapshots: fileReport.obsoleteSnapshots } : {}),
    };
  });
  const counts: Record<Status, number> = { passed: 0, failed: 0, errored: 0, skipped: 0 };
  for (const f of files) for (const c of f.cases) counts[c.status]++;
  const exitCode: ExitCode = problem !== undefined || counts.errored > 0 || input.snapshotErrors?.size ? 2 : counts.failed > 0 ? 1 : 0;
  const view: RunView = { files, counts, durationMs: report.durationMs, ...(problem !== undefined ? { problem } : {}), notes: input.notes ?? [], exitCode, headline: '', ...(input.shard ? { shard: input.shard } : {}) };
  view.headline = headline(view, input.cannotRun);
  return view;
}

/** `4 passed, 1 failed`: each status that has a case, in a fixed order. */
export function countWords(counts: Record<Status, number>): string {
  const parts: string[] = [];
  if (counts.passed > 0) parts.push(l10n.t('{0} passed', counts.passed));
  if (counts.failed > 0) parts.push(l10n.t('{0} failed', counts.failed));
  if (counts.errored > 0) parts.push(l10n.t('{0} errored', counts.errored));
  if (counts.skipped > 0) parts.push(l10n.t('{0} skipped', counts.skipped));
  return parts.length > 0 ? parts.join(', ') : l10n.t('no case ran');
}

export function seconds(ms: number): string {
  return l10n.t('{0} s', (ms / 1000).toFixed(1));
}

function filesWord(count: number): string {
  return count === 1 ? l10n.t('1 file') : l10n.t('{0} files', count);
}

/** The outcome in one line: the counts, the files and the time; why the run could not be made; the snapshots written. */
function headline(view: RunView, cannotRun: string | undefined): string {
  const shard = view.shard;
  // A part with no file passes: the other parts have them all.
  if (shard && view.files.length === 0) {
    return `${TOOL}: ${shard.ofFiles === 1 ? l10n.t('shard {0}/{1} has no case file (the 1 case file is in another shard): nothing to run.', shard.index, shard.count) : l10n.t('shard {0}/{1} has no case file (the {2} case files are in other shards): nothing to run.', shard.index, shard.count, shard.ofFiles)}`;
  }
  let line = shard
    ? `${TOOL}: ${l10n.t('{0} ({1} of {2}, shard {3}/{4}, {5})', countWords(view.counts), filesWord(view.files.length), shard.ofFiles, shard.index, shard.count, seconds(view.durationMs))}`
    : `${TOOL}: ${l10n.t('{0} ({1}, {2})', countWords(view.counts), filesWord(view.files.length), seconds(view.durationMs))}`;
  if (view.problem !== undefined) {
    line += `: ${oneLine(view.problem)}`;
  } else if (view.exitCode === 2) {
    const notRunnable = (c: CaseView) => cannotRun !== undefined && c.message === cannotRun;
    const bad = view.files.filter((f) => f.cases.some((c) => c.status === 'errored' && !notRunnable(c))).length;
    const asGiven = view.files.reduce((n, f) => n + f.cases.filter(notRunnable).length, 0);
    const unwritten = view.files.filter((f) => f.snapshot?.error).length;
    const reasons: string[] = [];
    if (bad > 0) reasons.push(bad === 1 ? l10n.t('1 case file has problems') : l10n.t('{0} case files have problems', bad));
    if (asGiven > 0) reasons.push(asGiven === 1 ? l10n.t('1 case cannot run with these options') : l10n.t('{0} cases cannot run with these options', asGiven));
    if (unwritten > 0) reasons.push(unwritten === 1 ? l10n.t('1 snapshot file could not be written') : l10n.t('{0} snapshot files could not be written', unwritten));
    line += `: ${reasons.join('; ')}`;
  }
  const written = view.files.reduce((n, f) => n + (f.snapshot && !f.snapshot.error ? f.snapshot.written : 0), 0);
  const updated = view.files.reduce((n, f) => n + (f.snapshot && !f.snapshot.error ? f.snapshot.updated : 0), 0);
  if (written > 0) line += `; ${written === 1 ? l10n.t('1 new snapshot written') : l10n.t('{0} new snapshots written', written)}`;
  if (updated > 0) line += `; ${updated === 1 ? l10n.t('1 snapshot updated') : l10n.t('{0} snapshots updated', updated)}`;
  const removed = view.files.reduce((n, f) => n + (f.snapshot && !f.snapshot.error ? (f.snapshot.removed ?? 0) : 0), 0);
  const obsolete = view.files.reduce((n, f) => n + (f.obsoleteSnapshots?.length ?? 0), 0);
  if (removed > 0) line += `; ${removed === 1 ? l10n.t('1 obsolete snapshot removed') : l10n.t('{0} obsolete snapshots removed', removed)}`;
  if (obsolete > 0) line += `; ${obsolete === 1 ? l10n.t('1 obsolete snapshot (--update-snapshots removes it)') : l10n.t('{0} obsolete snapshots (--update-snapshots removes them)', obsolete)}`;
  return line;
}

/** A text on one line, for the headline: line breaks as spaces, controls shown as escapes. */
export function oneLine(text: string): string {
  return terminalText(text.replace(/\s*[\r\n]+\s*/g, ' '));
}

/**
 * Untrusted text as a terminal or a log shows it: direction controls escaped by `showControls` (the
 * Preview's one rule), and every other control character (escape sequences that would move the
 * cursor or recolour the log) written as `\uXXXX` too. Line breaks and tabs stay unless `singleLine`.
 */
export function terminalText(text: string, singleLine = false): string {
  // eslint-disable-next-line no-control-regex
  const controls = singleLine ? /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g : /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;
  const escape = (c: string) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
  // A lone surrogate (half of a character) is written out too: a terminal shows it as nothing readable.
  return showControls(text).replace(controls, escape).replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, escape);
}
