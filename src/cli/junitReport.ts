/**
 * The JUnit XML report (`--reporter junit`), as CI services read it: `<testsuites>`, one
 * `<testsuite>` per case file, one `<testcase>` per case (`classname` the workflow's id), with
 * `<failure>`, `<error>` or `<skipped>`; `tests`, `failures`, `errors` and `skipped` equal to the
 * run's counts; times in seconds. Every text is escaped for XML 1.0: markup, quotes, and the control
 * characters XML 1.0 cannot hold at all (not even as `&#1;`), which are written as `\u0001`;
 * direction controls are written as escapes too (showControls), so that no name reads as another.
 * Pure: no vscode.
 */
import type { Status } from '../testing/runCases';
import { TOOL } from './args';
import { caseDetails } from './textReport';
import type { CaseView, FileView, RunView } from './runView';
import { showControls } from '../rendered/linkSafety';

/** What XML 1.0 forbids (C0 controls but tab and line breaks, lone surrogates, U+FFFE/U+FFFF), and C1 controls it discourages. */
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function escapeCode(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Element text: `&`, `<` and `>` as entities (so `]]>` cannot end anything), the forbidden characters as `\uXXXX`. */
export function xmlText(text: string): string {
  return showControls(text).replace(NOT_XML, escapeCode).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute's value (double-quoted): also quotes, and line breaks and tabs as references (else a parser turns them into spaces). */
export function xmlAttribute(text: string): string {
  return xmlText(text).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;');
}

function attributes(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ` ${name}="${xmlAttribute(String(value))}"`)
    .join('');
}

const time = (ms: number) => (ms / 1000).toFixed(3);

function countsOf(cases: readonly CaseView[]): Record<Status, number> {
  const out: Record<Status, number> = { passed: 0, failed: 0, errored: 0, skipped: 0 };
  for (const c of cases) out[c.status]++;
  return out;
}

function testcase(file: FileView, c: CaseView, problem: string | undefined): string {
  const head = `    <testcase${attributes({ name: c.name, classname: file.workflowId ?? file.path, file: file.path, line: c.place?.line, time: time(c.durationMs) })}`;
  const details = caseDetails(file, c).join('\n');
  const first = c.failures[0];
  const message = first ? (first.step !== undefined ? `${first.step}: ${first.message}` : first.message) : (c.message ?? problem ?? '');
  switch (c.status) {
    case 'passed':
      return details ? `${head}>\n      <system-out>${xmlText(details)}</system-out>\n    </testcase>` : `${head}/>`;
    case 'skipped':
      return `${head}>\n      <skipped${attributes({ message: details.split('\n')[0] ?? '' })}/>\n    </testcase>`;
    case 'failed':
    case 'errored': {
      const tag = c.status === 'failed' ? 'failure' : 'error';
      const type = first?.kind ?? (problem !== undefined ? 'app' : 'problem');
      const body = [problem !== undefined && c.status === 'errored' ? problem : undefined, details].filter((t) => t).join('\n');
      return `${head}>\n      <${tag}${attributes({ message, type })}>${xmlText(body)}</${tag}>\n    </testcase>`;
    }
  }
}

/**
 * A suite's time: its cases' wall time, from the first one's start to the last one's end (cases
 * run side by side: a sum would count the same second several times). Without the cases' starts,
 * the longest case: the least the wall time can be.
 */
export function wallTime(cases: readonly CaseView[]): number {
  const timed = cases.filter((c) => c.startedAt !== undefined);
  if (timed.length === 0) return cases.reduce((ms, c) => Math.max(ms, c.durationMs), 0);
  const start = Math.min(...timed.map((c) => c.startedAt!));
  const end = Math.max(...timed.map((c) => c.startedAt! + c.durationMs));
  return end - start;
}

/** The whole JUnit XML document, ending with a line break; with `--shard`, the part is in the `<testsuites>` name. */
export function junitReport(view: RunView, timestamp: Date = new Date()): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const total = view.counts.passed + view.counts.failed + view.counts.errored + view.counts.skipped;
  lines.push(`<testsuites${attributes({ name: view.shard ? `${TOOL} (shard ${view.shard.index}/${view.shard.count})` : TOOL, tests: total, failures: view.counts.failed, errors: view.counts.errored, skipped: view.counts.skipped, time: time(view.durationMs) })}>`);
  for (const file of view.files) {
    const counts = countsOf(file.cases);
    const suiteTime = wallTime(file.cases);
    lines.push(
      `  <testsuite${attributes({ name: file.path, tests: file.cases.length, failures: counts.failed, errors: counts.errored, skipped: counts.skipped, time: time(suiteTime), timestamp: timestamp.toISOString().replace(/\.\d+Z$/, ''), file: file.path })}>`,
    );
    for (const c of file.cases) lines.push(testcase(file, c, view.problem));
    const notes = [...file.problems.map((p) => p.message), ...(file.snapshotProblem !== undefined ? [file.snapshotProblem] : [])];
    if (notes.length > 0) lines.push(`    <system-err>${xmlText(notes.join('\n'))}</system-err>`);
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return `${lines.join('\n')}\n`;
}
