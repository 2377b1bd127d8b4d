/**
 * `--reporter github` (issue 56, §2): a run's or a comparison's outcome as GitHub Actions reads it.
 *
 * - Annotations, one workflow command a line: `::error file=<path>,line=<n>,title=<t>::<message>`.
 *   A failed or errored case is an error on its case's line; a check's warning, a skipped case, an
 *   obsolete snapshot and the run's notes are warnings; a compare finding is an error (blocking) or
 *   a warning on the trigger call of its workflow in the user's code, else with no file.
 * - The job summary: Markdown appended to `$GITHUB_STEP_SUMMARY` (the counts and each failed case
 *   with its diff folded in `<details>`; for compare, the findings table).
 * - The step's outputs, appended to `$GITHUB_OUTPUT`: `passed`, `failed`, `errored`, `skipped`; or
 *   `blocking` and `warnings`.
 *
 * Escaping is GitHub's (the runner's ActionCommand, @actions/core's command.ts): in a message `%`,
 * `\r` and `\n` as `%25`, `%0D`, `%0A`; in a property also `:` and `,` as `%3A`, `%2C`. A command is
 * one line, and its properties hold no `:`, so the first `::` after its name is always its own: no
 * text from a case file, an app or the service can end it or start a second command. Every such text
 * is also shown as text first (terminalText: controls as `\uXXXX`), and in Markdown every sign is
 * escaped (markdownText), HTML as entities, code in a fence longer than any run of backticks in it.
 * Pure: no vscode, no file written (main.ts and compareCommand.ts append the files).
 */
import type { Finding } from '../compare/readiness';
import { type SidesNamed, evidenceLine, failureWords, findingLine, fixWords } from '../compare/findingWords';
import { l10n } from '../l10n';
import { markdownText } from '../ui/text';
import { TOOL } from './args';
import type { CompareView } from './compareReport';
import { unreadLine } from './compareReport';
import { terminalText, type CaseView, type FileView, type RunView } from './runView';
import { caseDetails } from './textReport';

export type AnnotationLevel = 'error' | 'warning' | 'notice';

export interface Annotation {
  level: AnnotationLevel;
  /** Relative to the repository's root (or the working folder), with `/`. */
  file?: string;
  /** 1-based. */
  line?: number;
  title?: string;
  message: string;
}

/** Where a workflow is triggered in the user's code (codeTriggers.ts). */
export interface TriggerSite {
  file: string;
  line: number;
}

/** The longest message an annotation carries; the summary and the report have the rest. */
const MAX_MESSAGE = 4_000;
/** Failed cases detailed in the summary, and warnings listed; the report has them all. */
const MAX_SUMMARY_CASES = 50;
const MAX_SUMMARY_WARNINGS = 50;

/** A message as GitHub's workflow commands carry it. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property's value: also `:` and `,`, which end a command's name part and separate properties. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** One workflow command on one line (no line break at its end). Properties are trimmed; one left undefined or empty is left out. */
export function workflowCommand(name: string, properties: Readonly<Record<string, string | number | undefined>>, message: string): string {
  // The runner trims the properties' ends: a value is written trimmed, so that it reads back as written.
  const props = Object.entries(properties)
    .map(([key, value]) => [key, value === undefined ? '' : String(value).trim()] as const)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}=${escapeProperty(value)}`)
    .join(',');
  return `::${name}${props !== '' ? ` ${props}` : ''}::${escapeData(message)}`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The annotations as workflow commands, one a line, ending with a line break (nothing when none). */
export function annotationLines(annotations: readonly Annotation[]): string {
  return annotations
    .map((a) => `${workflowCommand(a.level, { file: a.file, line: a.file !== undefined ? a.line : undefined, title: a.title !== undefined ? terminalText(a.title, true) : undefined }, clip(a.message, MAX_MESSAGE))}\n`)
    .join('');
}

/**
 * Text shown in a log that GitHub reads no command from: `::stop-commands::<token>` before it and
 * `::<token>::` after (the token a fresh random one from `newToken`, taken again while the text holds
 * it). For the text report, whose lines hold what a case file or an app gave.
 */
export function withoutCommands(text: string, newToken: () => string): string {
  let token = newToken();
  while (token === '' || text.includes(token)) token = newToken();
  return `::stop-commands::${token}\n${text}${text.endsWith('\n') || text === '' ? '' : '\n'}::${token}::\n`;
}

const caseTitle = (file: FileView, c: CaseView) => `${file.workflowId ?? file.path} › ${c.name}`;

/** A case's own lines (its failures but not its file's, which are annotated on their own lines). */
function ownDetails(file: FileView, c: CaseView): string[] {
  return caseDetails(file, { ...c, failures: c.failures.filter((f) => !f.ofFile) });
}

/**
 * A run's annotations, errors first: the run's problem (with no file); each problem of a case file
 * on its line (an error when it stops the file's cases, else a warning); each failed or errored case
 * on its case's line with its details (its failures, expected and actual, diff); a snapshot file not
 * written. Then the warnings: a check's warnings and skipped cases, obsolete snapshots, the notes.
 * An errored case whose only reason is the run's problem is not repeated. `pathOf` names a case file
 * as GitHub finds it in the repository.
 */
export function runAnnotations(view: RunView, pathOf: (file: FileView) => string = (file) => file.path): Annotation[] {
  const errors: Annotation[] = [];
  const warnings: Annotation[] = [];
  if (view.problem !== undefined) errors.push({ level: 'error', title: TOOL, message: l10n.t('The run could not be made: {0}', terminalText(view.problem)) });
  for (const file of view.files) {
    const path = pathOf(file);
    const workflow = file.workflowId ?? file.path;
    const stopping = new Set(file.cases.flatMap((c) => c.failures.filter((f) => f.ofFile).map((f) => f.message)));
    for (const p of file.problems) {
      (stopping.has(p.message) ? errors : warnings).push({ level: stopping.has(p.message) ? 'error' : 'warning', file: path, ...(p.place ? { line: p.place.line } : {}), title: workflow, message: terminalText(p.message) });
    }
    if (file.snapshot?.error !== undefined) errors.push({ level: 'error', file: path, title: workflow, message: l10n.t('The snapshot file {0} could not be written: {1}', terminalText(file.snapshot.path, true), terminalText(file.snapshot.error, true)) });
    if (file.snapshotProblem !== undefined) warnings.push({ level: 'warning', file: path, title: workflow, message: terminalText(file.snapshotProblem) });
    if (file.obsoleteSnapshots) warnings.push({ level: 'warning', file: path, title: workflow, message: l10n.t('obsolete snapshots (no case of that name now; --update-snapshots removes them): {0}', file.obsoleteSnapshots.map((n) => terminalText(n, true)).join(', ')) });
    for (const c of file.cases) {
      if (c.fileOnly) continue;
      const at = { file: path, ...(c.place ? { line: c.place.line } : {}), title: caseTitle(file, c) };
      const own = c.failures.some((f) => !f.ofFile) || c.message !== undefined;
      if ((c.status === 'failed' || c.status === 'errored') && own) {
        errors.push({ level: 'error', ...at, message: ownDetails(file, c).join('\n') });
      } else if (c.status === 'skipped' || c.warnings.length > 0) {
        const lines = [
          ...c.warnings.map((w) => l10n.t('warning: {0}: {1} ({2})', terminalText(w.step, true), terminalText(w.message, true), w.id)),
          ...(c.status === 'skipped' ? c.skippedSteps.map((s) => l10n.t('skipped: {0}: {1}', terminalText(s.step, true), terminalText(s.reason, true))) : []),
        ];
        if (lines.length > 0) warnings.push({ level: 'warning', ...at, message: lines.join('\n') });
      }
    }
  }
  for (const note of view.notes) warnings.push({ level: 'warning', title: TOOL, message: terminalText(note) });
  return [...errors, ...warnings];
}

/** A comparison's annotations: each finding on its workflow's first trigger call (the others named), else with no file; what could not be read; the notes. */
export function compareAnnotations(view: CompareView, triggers: ReadonlyMap<string, readonly TriggerSite[]> = new Map()): Annotation[] {
  const c = view.comparison;
  const findings = c.findings.map((f): Annotation => {
    const sites = f.workflowId !== undefined ? (triggers.get(f.workflowId) ?? []) : [];
    const first = sites[0];
    const lines = findingMessage(f, view.sides);
    if (sites.length > 1) lines.push(l10n.t('also triggered at {0}', sites.slice(1, 6).map((s) => `${terminalText(s.file, true)}:${s.line}`).join(', ') + (sites.length > 6 ? ', …' : '')));
    return { level: f.level === 'blocking' ? 'error' : 'warning', ...(first ? { file: first.file, line: first.line } : {}), title: findingLine(f, view.sides), message: lines.join('\n') };
  });
  const unread = c.unread.map((u): Annotation => ({ level: 'error', title: `${TOOL} compare`, message: terminalText(unreadLine(u, view.sides)) }));
  const notes = view.notes.map((n): Annotation => ({ level: 'warning', title: `${TOOL} compare`, message: terminalText(n) }));
  return [...findings.filter((a) => a.level === 'error'), ...unread, ...findings.filter((a) => a.level === 'warning'), ...notes];
}

function findingMessage(f: Finding, sides: SidesNamed): string[] {
  const t = (s: string) => terminalText(s, true);
  return [
    l10n.t('fails: {0}', t(failureWords(f, sides))),
    ...(f.refusals ?? []).slice(0, 5).map((r) => l10n.t('refuses: {0}', t(`${r.field} (${r.rule})`))),
    l10n.t('fix: {0}', t(fixWords(f, sides, 'terminal'))),
    ...f.evidence.map((e) => l10n.t('evidence: {0}', t(evidenceLine(e, sides, 240)))),
  ];
}

/** Step outputs as `name=value` lines (numbers only: no delimiter form needed). */
export function outputLines(values: Readonly<Record<string, number>>): string {
  return Object.entries(values)
    .map(([name, value]) => `${name}=${value}\n`)
    .join('');
}

export function runOutputs(view: RunView): Record<string, number> {
  return { passed: view.counts.passed, failed: view.counts.failed, errored: view.counts.errored, skipped: view.counts.skipped };
}

export function compareOutputs(view: CompareView): Record<string, number> {
  return { blocking: view.blocking, warnings: view.warnings };
}

/** Untrusted text for Markdown on one line (a heading, a table cell, a list item): shown as typed. */
export function markdownLine(text: string): string {
  return markdownText(terminalText(text.replace(/\s*[\r\n]+\s*/g, ' '), true));
}

/** Untrusted text inside HTML (`<summary>`): as entities. */
export function htmlText(text: string): string {
  return terminalText(text.replace(/\s*[\r\n]+\s*/g, ' '), true).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** Lines in a fenced code block whose fence no run of backticks in them can close. */
export function fenced(lines: readonly string[], info = 'text'): string {
  const longest = Math.max(0, ...lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((run) => run.length))));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `${fence}${info}\n${lines.join('\n')}\n${fence}`;
}

/** The run's job summary: the outcome, the counts, the run's problem and notes, each failed case with its details folded, the warnings. */
export function runSummary(view: RunView, pathOf: (file: FileView) => string = (file) => file.path): string {
  const out: string[] = [`### ${markdownLine(view.headline)}`, ''];
  out.push(`| ${l10n.t('passed')} | ${l10n.t('failed')} | ${l10n.t('errored')} | ${l10n.t('skipped')} |`, '|---:|---:|---:|---:|', `| ${view.counts.passed} | ${view.counts.failed} | ${view.counts.errored} | ${view.counts.skipped} |`, '');
  if (view.problem !== undefined) out.push(`**${markdownLine(l10n.t('The run could not be made: {0}', view.problem))}**`, '');
  for (const note of view.notes) out.push(`- ${markdownLine(note)}`);
  if (view.notes.length > 0) out.push('');

  const bad = view.files.flatMap((file) => file.cases.filter((c) => c.status === 'failed' || c.status === 'errored').map((c) => ({ file, c })));
  if (bad.length > 0) {
    out.push(`#### ${markdownLine(l10n.t('Failed and errored cases ({0})', bad.length))}`, '');
    for (const { file, c } of bad.slice(0, MAX_SUMMARY_CASES)) {
      const where = c.place ? `${pathOf(file)}:${c.place.line}` : pathOf(file);
      const word = c.status === 'failed' ? l10n.t('failed') : l10n.t('errored');
      const details = caseDetails(file, c);
      const lines = details.length > 0 ? details : [c.message ?? view.problem ?? word];
      out.push(`<details><summary>${htmlText(`${word}: ${c.fileOnly ? (file.workflowId ?? file.path) : caseTitle(file, c)} (${where})`)}</summary>`, '', fenced(lines), '', '</details>', '');
    }
    if (bad.length > MAX_SUMMARY_CASES) out.push(markdownLine(l10n.t('… and {0} more: the report has them all.', bad.length - MAX_SUMMARY_CASES)), '');
  }

  const warned = runAnnotations(view, pathOf).filter((a) => a.level === 'warning' && a.file !== undefined);
  if (warned.length > 0) {
    out.push(`#### ${markdownLine(l10n.t('Warnings ({0})', warned.length))}`, '');
    for (const w of warned.slice(0, MAX_SUMMARY_WARNINGS)) out.push(`- ${markdownLine(`${w.file ?? ''}${w.line !== undefined ? `:${w.line}` : ''} ${w.title ?? ''}: ${w.message}`)}`);
    if (warned.length > MAX_SUMMARY_WARNINGS) out.push(`- ${markdownLine(l10n.t('… and {0} more: the report has them all.', warned.length - MAX_SUMMARY_WARNINGS))}`);
    out.push('');
  }
  return `${out.join('\n')}\n`;
}

/** The comparison's job summary: the outcome, the findings table (with where each workflow is triggered), what could not be read. */
export function compareSummary(view: CompareView, triggers: ReadonlyMap<string, readonly TriggerSite[]> = new Map()): string {
  const c = view.comparison;
  const out: string[] = [`### ${markdownLine(view.headline)}`, ''];
  for (const note of view.notes) out.push(`- ${markdownLine(note)}`);
  if (view.notes.length > 0) out.push('');
  if (c.findings.length === 0) out.push(markdownLine(l10n.t('No readiness findings.')), '');
  else {
    out.push(`| ${l10n.t('level')} | ${l10n.t('finding')} | ${l10n.t('fails')} | ${l10n.t('fix')} | ${l10n.t('in your code')} |`, '|---|---|---|---|---|');
    for (const f of c.findings) {
      const sites = f.workflowId !== undefined ? (triggers.get(f.workflowId) ?? []) : [];
      const where = sites.slice(0, 3).map((s) => `${s.file}:${s.line}`).join(', ') + (sites.length > 3 ? ', …' : '');
      const level = f.level === 'blocking' ? `**${markdownLine(l10n.t('blocking'))}**` : markdownLine(l10n.t('warning'));
      out.push(`| ${level} | ${markdownLine(findingLine(f, view.sides))} | ${markdownLine(failureWords(f, view.sides))} | ${markdownLine(fixWords(f, view.sides, 'terminal'))} | ${markdownLine(where)} |`);
    }
    out.push('');
  }
  if (c.unread.length > 0) {
    out.push(`#### ${markdownLine(l10n.t('Could not be read ({0}): not compared, never "no differences"', c.unread.length))}`, '');
    for (const u of c.unread) out.push(`- ${markdownLine(unreadLine(u, view.sides))}`);
    out.push('');
  }
  return `${out.join('\n')}\n`;
}
