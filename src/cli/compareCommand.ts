/**
 * `novu-explorer-test compare` (issue 52, §4): the deploy gate "Production can send what we are
 * about to ship". Both sides are read at once, each with its own key and URL (src/compare/readSide:
 * GETs only, at most four in flight a side), compared (compareSides: §10.5's marks and §10.6's
 * findings) and reported (compareReport.ts). §10.1's pair check: the same environment twice is
 * refused (exit 2); two organizations or regions are warned about, then compared.
 * Exit 0 nothing blocking, 1 blocking findings, 2 could not read (a rejected key names its side; a
 * partial read without a blocking finding). Every byte written passes the redactor of both keys.
 * Under GitHub Actions (or with `--reporter github` / `--github`), each finding is an annotation on
 * the trigger call of its workflow in the working folder's code (codeTriggers.ts), and the job
 * summary (the findings table) and outputs are appended; their files are checked before reading.
 * Pure Node: no vscode.
 */
import { randomUUID } from 'node:crypto';
import { compareSides } from '../compare/comparison';
import { pairCheckText } from '../compare/environments';
import { SideReadError, readSide } from '../compare/readSide';
import { l10n } from '../l10n';
import { TOOL } from './args';
import { COMPARE, type CompareOptions, type CompareSide, compareHelpText, parseCompareArgs } from './compareArgs';
import { buildCompareView, compareJsonReport, compareJunitReport, compareTextReport, type CompareView } from './compareReport';
import { findTriggers } from './codeTriggers';
import { annotationPath, appendGithubFiles, checkGithubFiles, githubFiles } from './github';
import { annotationLines, compareAnnotations, compareOutputs, compareSummary, outputLines, withoutCommands, type TriggerSite } from './githubReport';
import { emitReport, type CliIo } from './io';
import { type ExitCode, oneLine, terminalText } from './runView';

/** Every key replaced in `text` (never shorter ones: they would garble ordinary words). */
export function keysRedactor(keys: readonly (string | undefined)[]): (text: string) => string {
  const real = [...new Set(keys.filter((k): k is string => k !== undefined && k.trim().length >= 6).map((k) => k.trim()))].sort((a, b) => b.length - a.length);
  return (text) => real.reduce((t, key) => (t.includes(key) ? t.split(key).join('***') : t), text);
}

/** Runs `compare` with its arguments (after the word); resolves with the exit code. Never throws. */
export async function runCompare(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  const parsed = parseCompareArgs(argv, io.env);
  const options = parsed.kind === 'compare' ? parsed.options : undefined;
  const redact = keysRedactor([io.env['NOVU_SOURCE_API_KEY'], io.env['NOVU_TARGET_API_KEY'], options?.source.apiKey, options?.target.apiKey]);
  const out = (text: string) => io.stdout.write(redact(text));
  const err = (text: string) => io.stderr.write(redact(text));
  const fail = (reason: string): ExitCode => {
    err(`${TOOL} ${COMPARE}: ${oneLine(reason)}\n`);
    return 2;
  };
  if (parsed.kind === 'help') {
    out(compareHelpText());
    return 0;
  }
  if (parsed.kind === 'error') return fail(l10n.t('{0} ({1} lists the options)', parsed.message, `${COMPARE} --help`));
  // GitHub's files are checked first: a summary that cannot be written stops before anything is read or written.
  const unwritable = parsed.options.github ? checkGithubFiles(githubFiles(io)) : undefined;
  if (unwritable !== undefined) return fail(unwritable);
  try {
    return await compare(parsed.options, io, { out, err, fail, redact });
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') return fail(l10n.t('interrupted: the comparison was stopped.'));
    return fail(l10n.t('the comparison stopped on an unexpected error: {0}', error instanceof Error ? error.message : String(error)));
  }
}

function sideLabel(which: 'source' | 'target', side: CompareSide): string {
  return which === 'source' ? l10n.t('source ({0})', side.keyFrom) : l10n.t('target ({0})', side.keyFrom);
}

interface Said {
  out: (text: string) => void;
  err: (text: string) => void;
  fail: (reason: string) => ExitCode;
  redact: (text: string) => string;
}

async function compare(options: CompareOptions, io: CliIo, { out, err, fail, redact }: Said): Promise<ExitCode> {
  const started = Date.now();
  const read = (which: 'source' | 'target') =>
    readSide({ baseUrl: options[which].apiUrl, apiKey: options[which].apiKey, connectionName: sideLabel(which, options[which]), ...(io.signal ? { signal: io.signal } : {}) });
  // Both sides at once: each has its own bucket at the service (§10.2).
  const [source, target] = await Promise.allSettled([read('source'), read('target')]);
  const failures = [source, target].flatMap((s) => (s.status === 'rejected' ? [s.reason] : []));
  if (failures.length > 0) {
    const unexpected = failures.find((e) => !(e instanceof SideReadError));
    if (unexpected) throw unexpected;
    if (io.signal?.aborted) return fail(l10n.t('interrupted: the comparison was stopped.'));
    // A side that could not be read compares nothing: each failed side is named.
    return fail(l10n.t('nothing compared: {0}', failures.map((e: SideReadError) => e.message).join('; ')));
  }
  const comparison = compareSides((source as PromiseFulfilledResult<Awaited<ReturnType<typeof readSide>>>).value, (target as PromiseFulfilledResult<Awaited<ReturnType<typeof readSide>>>).value);
  const pairText = pairCheckText(comparison.pair);
  if (comparison.pair.kind === 'sameEnvironment') return fail(pairText ?? '');
  const view = buildCompareView(comparison, Date.now() - started, pairText !== undefined ? [pairText] : []);
  const triggers = options.github ? triggerSites(view, io) : new Map<string, TriggerSite[]>();
  let text = reportText(view, options, io.version, triggers);
  // A text report on stdout is shown to GitHub as text only: a name from the service is never a command.
  if (options.github && options.reporter === 'text' && options.output === undefined) text = withoutCommands(text, randomUUID);
  const said = [view.headline, ...view.notes.map((n) => terminalText(n, true))].join('\n');
  const problem = emitReport(io, said, text, options.output, { out, err, redact });
  if (problem !== undefined) return fail(problem);
  if (options.github) {
    if (options.reporter !== 'github') (options.output === undefined && options.reporter !== 'text' ? err : out)(annotationLines(compareAnnotations(view, triggers)));
    const unwritten = appendGithubFiles(io, githubFiles(io), redact(compareSummary(view, triggers)), outputLines(compareOutputs(view)));
    if (unwritten !== undefined) return fail(unwritten);
  }
  return view.exitCode;
}

/** The trigger calls of the findings' workflows in the working folder's code, as annotations name them. */
function triggerSites(view: CompareView, io: CliIo): Map<string, TriggerSite[]> {
  const ids = new Set(view.comparison.findings.flatMap((f) => (f.workflowId !== undefined ? [f.workflowId] : [])));
  const found = findTriggers(io.cwd, ids);
  return new Map([...found].map(([id, sites]) => [id, sites.map((s) => ({ file: annotationPath(s.path, io), line: s.line }))]));
}

function reportText(view: CompareView, options: CompareOptions, version: string, triggers: ReadonlyMap<string, readonly TriggerSite[]>): string {
  switch (options.reporter) {
    case 'json':
      return compareJsonReport(view, version);
    case 'junit':
      return compareJunitReport(view);
    case 'text':
      return compareTextReport(view);
    case 'github':
      return annotationLines(compareAnnotations(view, triggers));
  }
}
