/**
 * The text report (`--reporter text`, the default): each file with its problems, each case with
 * its status, each failure with its message, the expected and actual text (a line diff for two
 * texts of many lines; for a snapshot, of its HTML broken into lines) and its place (`file:line:column`, or a thrown step's frame),
 * the warnings, the steps skipped, the snapshots written and the payload keys the case did not set.
 * Every text from the app or a case file is shown as text (runView's `terminalText`). Pure: no vscode.
 */
import { l10n } from '../l10n';
import type { Status } from '../testing/runCases';
import { snapshotDiffText } from '../testing/snapshots';
import { terminalText, type CaseView, type FailureView, type FileView, type Place, type RunView } from './runView';

/** At most this many characters of an expected or actual text; at most this many lines of a diff. */
const MAX_TEXT = 1_500;
const MAX_TEXT_LINES = 20;
const MAX_DIFF_LINES = 60;
const MAX_UNSET = 20;

function statusWord(status: Status): string {
  switch (status) {
    case 'passed':
      return l10n.t('passed');
    case 'failed':
      return l10n.t('FAILED');
    case 'errored':
      return l10n.t('ERRORED');
    case 'skipped':
      return l10n.t('skipped');
  }
}

function where(file: FileView, place: Place): string {
  return `${terminalText(file.path, true)}:${place.line}:${place.column}`;
}

/** A text of one or many lines, clipped, each line as text. */
function block(text: string): string[] {
  const clipped = text.length > MAX_TEXT ? text.slice(0, MAX_TEXT) : text;
  const lines = clipped.split(/\r?\n/);
  const shown = lines.slice(0, MAX_TEXT_LINES).map((line) => terminalText(line, true));
  const more = text.length - clipped.length;
  if (lines.length > MAX_TEXT_LINES) shown.push(l10n.t('… ({0} more lines)', lines.length - MAX_TEXT_LINES + (more > 0 ? 1 : 0)));
  else if (more > 0) shown.push(l10n.t('… ({0} more characters)', more));
  return shown;
}

/**
 * The lines that differ between `expected` and `actual`, `-` and `+`, with a line of context around
 * each change (the lines both begin and end with set aside, then a longest common subsequence of
 * the rest; a rest too long for it is shown whole, clipped).
 */
export function lineDiff(expected: string, actual: string): string[] {
  const allA = expected.split(/\r?\n/);
  const allB = actual.split(/\r?\n/);
  let head = 0;
  while (head < allA.length && head < allB.length && allA[head] === allB[head]) head++;
  let tail = 0;
  while (tail < allA.length - head && tail < allB.length - head && allA[allA.length - 1 - tail] === allB[allB.length - 1 - tail]) tail++;
  // One line of context either side is kept of what both share.
  const from = Math.max(0, head - 1);
  const a = allA.slice(from, allA.length - Math.max(0, tail - 1));
  const b = allB.slice(from, allB.length - Math.max(0, tail - 1));
  if (a.length * b.length > 4_000_000) return [l10n.t('expected:'), ...block(expected).map((l) => `  ${l}`), l10n.t('actual:'), ...block(actual).map((l) => `  ${l}`)];
  // lcs[i][j]: the common lines of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const ops: { op: ' ' | '-' | '+'; text: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ op: ' ', text: a[i]! });
      i++;
      j++;
    } else if (i < a.length && (j >= b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      ops.push({ op: '-', text: a[i]! });
      i++;
    } else {
      ops.push({ op: '+', text: b[j]! });
      j++;
    }
  }
  const near = (k: number) => ops.slice(Math.max(0, k - 1), k + 2).some((o) => o.op !== ' ');
  const out: string[] = [l10n.t('- expected  + actual')];
  let skipped = false;
  for (let k = 0; k < ops.length; k++) {
    if (!near(k)) {
      skipped = true;
      continue;
    }
    if (skipped && out.length > 1) out.push('  …');
    skipped = false;
    const text = ops[k]!.text;
    out.push(`${ops[k]!.op} ${terminalText(text.length > 300 ? `${text.slice(0, 300)}…` : text, true)}`);
    if (out.length > MAX_DIFF_LINES) {
      out.push(l10n.t('… (the rest of the diff is not shown)'));
      break;
    }
  }
  return out;
}

function failureLines(file: FileView, failure: FailureView): string[] {
  const message = terminalText(failure.message, true);
  const lines = [failure.step !== undefined ? `${terminalText(failure.step, true)}: ${message}` : message];
  if (failure.place) lines.push(`  ${l10n.t('at {0}', where(file, failure.place))}`);
  if (failure.frame) lines.push(`  ${l10n.t('thrown at {0}', terminalText(failure.frame, true))}`);
  // A snapshot's HTML is one long string: its lines are what a reader can compare.
  const [expected, actual] = failure.kind === 'snapshot' && failure.expected !== undefined && failure.actual !== undefined ? [snapshotDiffText(failure.expected), snapshotDiffText(failure.actual)] : [failure.expected, failure.actual];
  if (expected !== undefined && actual !== undefined && expected.includes('\n') && actual.includes('\n')) {
    lines.push(...lineDiff(expected, actual).map((l) => `  ${l}`));
  } else {
    const labels = [l10n.t('expected:'), l10n.t('actual:')];
    const width = Math.max(...labels.map((l) => l.length));
    [expected, actual].forEach((text, i) => {
      if (text === undefined) return;
      const shown = block(text);
      if (shown.length === 1) lines.push(`  ${labels[i]!.padEnd(width)} ${shown[0]}`);
      else lines.push(`  ${labels[i]}`, ...shown.map((l) => `    ${l}`));
    });
  }
  return lines;
}

/** A case's lines under its status line (also the body of its JUnit failure). */
export function caseDetails(file: FileView, c: CaseView, options: { withFileProblems: boolean } = { withFileProblems: true }): string[] {
  const lines: string[] = [];
  if (c.message !== undefined) lines.push(...block(c.message));
  const own = c.failures.filter((f) => options.withFileProblems || !f.ofFile);
  if (own.length < c.failures.length && !c.fileOnly) lines.push(l10n.t('The case file has problems (listed above, with the file).'));
  for (const failure of own) lines.push(...failureLines(file, failure));
  for (const w of c.warnings) lines.push(l10n.t('warning: {0}: {1} ({2})', terminalText(w.step, true), terminalText(w.message, true), w.id));
  for (const s of c.skippedSteps) lines.push(l10n.t('skipped: {0}: {1}', terminalText(s.step, true), terminalText(s.reason, true)));
  const written = c.snapshots.filter((s) => s.kind === 'written').map((s) => terminalText(s.step, true));
  const updated = c.snapshots.filter((s) => s.kind === 'updated').map((s) => terminalText(s.step, true));
  if (written.length > 0) lines.push(l10n.t('snapshot written (first run): {0}', written.join(', ')));
  if (updated.length > 0) lines.push(l10n.t('snapshot updated: {0}', updated.join(', ')));
  if (c.unset.length > 0) {
    const names = c.unset.slice(0, MAX_UNSET).map((k) => terminalText(k, true)).join(', ');
    const more = c.unset.length - MAX_UNSET;
    lines.push(
      more > 0
        ? l10n.t('keys the case did not set (sample values from the schema were sent): {0} and {1} more', names, more)
        : l10n.t('keys the case did not set (sample values from the schema were sent): {0}', names),
    );
  }
  if (c.made !== undefined) lines.push(terminalText(c.made, true));
  return lines;
}

function fileHeader(file: FileView): string {
  const name = terminalText(file.path, true);
  return file.workflowId !== undefined ? l10n.t('{0} (workflow {1})', name, terminalText(file.workflowId, true)) : name;
}

/** The whole text report, ending with a line break. */
export function textReport(view: RunView): string {
  const out: string[] = [];
  if (view.problem !== undefined) out.push(l10n.t('The run could not be made: {0}', terminalText(view.problem, true)), '');
  for (const file of view.files) {
    out.push(fileHeader(file));
    for (const p of file.problems) {
      const [first, ...rest] = failureLines(file, p);
      out.push(`  ${l10n.t('problem: {0}', first!)}`, ...rest.map((l) => `  ${l}`));
    }
    if (file.snapshotProblem !== undefined) out.push(`  ${terminalText(file.snapshotProblem, true)}`);
    if (file.snapshot) {
      const path = terminalText(file.snapshot.path, true);
      if (file.snapshot.error !== undefined) out.push(`  ${l10n.t('The snapshot file {0} could not be written: {1}', path, terminalText(file.snapshot.error, true))}`);
      else if (file.snapshot.written > 0 && file.snapshot.updated === 0 && !file.snapshot.removed) out.push(`  ${file.snapshot.written === 1 ? l10n.t('1 new snapshot written to {0}', path) : l10n.t('{0} new snapshots written to {1}', file.snapshot.written, path)}`);
      else if (file.snapshot.removed) out.push(`  ${l10n.t('snapshots written to {0}: {1} new, {2} updated, {3} obsolete removed', path, file.snapshot.written, file.snapshot.updated, file.snapshot.removed)}`);
      else out.push(`  ${l10n.t('snapshots written to {0}: {1} new, {2} updated', path, file.snapshot.written, file.snapshot.updated)}`);
    }
    if (file.obsoleteSnapshots) {
      const names = file.obsoleteSnapshots.map((n) => terminalText(n, true)).join(', ');
      out.push(`  ${l10n.t('obsolete snapshots (no case of that name now; --update-snapshots removes them): {0}', names)}`);
    }
    for (const c of file.cases) {
      if (c.fileOnly) continue;
      const time = c.status === 'passed' || c.status === 'failed' ? l10n.t(' ({0} ms)', c.durationMs) : '';
      out.push(`  ${statusWord(c.status).padEnd(8)} ${terminalText(c.name, true)}${time}`);
      out.push(...caseDetails(file, c, { withFileProblems: false }).map((l) => `           ${l}`));
    }
    out.push('');
  }
  return `${out.join('\n')}\n`;
}
