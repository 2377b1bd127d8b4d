/**
 * What the agent's #novuTests gets of a run of notification test cases (issue 46, §8): plain data,
 * made from the runner's report by `agentTestsOf`, so that the agent's bundle never holds the runner.
 * Read-only: the run renders and sends nothing, and writes nothing (a snapshot not yet written is
 * said, not written). Pure: no vscode.
 */
import type { CaseFile } from './caseFile';
import { lineIndex } from './jsonTree';
import { madeWords } from './caseState';
import type { RunReport, Status } from './runCases';

export interface AgentTestsRequest {
  /** A case file, by its path relative to the workspace (or absolute). */
  file?: string;
  /** Only the case files of this workflow. */
  workflowId?: string;
}

export interface AgentTestFailure {
  kind: string;
  message: string;
  expected?: string;
  actual?: string;
  /** 1-based line in the case file, when the failure has a place there. */
  line?: number;
  /** A thrown step: the user's file and line. */
  at?: string;
}

export interface AgentTestCase {
  name: string;
  status: Status;
  message?: string;
  line: number;
  failures: { step?: string; failures: AgentTestFailure[] }[];
  warnings: number;
  /** The payload's keys the case did not set (filled from the schema). */
  unset: string[];
  /** Other steps' results the runner made (a digest's events), in words. */
  made?: string;
}

export interface AgentTestFile {
  path: string;
  workflowId?: string;
  problems: { line: number; message: string }[];
  cases: AgentTestCase[];
  /** Snapshots a run in the editor would write (this run writes none). */
  snapshotsNotWritten: number;
}

export type AgentTests =
  | { kind: 'ran'; renderer: string; counts: Record<Status, number>; problem?: string; files: AgentTestFile[]; durationMs: number }
  | { kind: 'failed'; text: string };

/** The report as data for the agent; `relative` names a file as the user sees it. */
export function agentTestsOf(report: RunReport, texts: ReadonlyMap<string, string>, relative: (path: string) => string, renderer: string): AgentTests {
  const files: AgentTestFile[] = report.files.map((f) => {
    const at = lineIndex(texts.get(f.path) ?? '');
    const line = (offset: number) => at(offset).line + 1;
    const file: CaseFile = f.file;
    return {
      path: relative(f.path),
      ...(file.workflowId ? { workflowId: file.workflowId } : {}),
      problems: file.problems.map((p) => ({ line: line(p.offset), message: p.message })),
      cases: f.cases.map((c) => ({
        name: c.name,
        status: c.status,
        ...(c.message ? { message: c.message } : {}),
        line: line(file.cases[c.index]?.nameOffset ?? 0),
        failures: [
          ...(c.problems.length > 0 ? [{ failures: c.problems.map((p) => ({ kind: 'caseFile', message: p.message, line: line(p.offset) })) }] : []),
          ...c.steps
            .filter((s) => s.failures.length > 0)
            .map((s) => ({
              step: s.stepId,
              failures: s.failures.map((x) => ({
                kind: x.kind,
                message: x.message,
                ...(x.expected !== undefined ? { expected: x.expected } : {}),
                ...(x.actual !== undefined ? { actual: x.actual } : {}),
                ...(x.place ? { line: line(x.place.offset) } : {}),
                ...(x.frame ? { at: `${relative(x.frame.file)}:${x.frame.line}` } : {}),
              })),
            })),
        ],
        warnings: c.steps.reduce((n, s) => n + s.findings.filter((x) => x.level === 'warning').length, 0),
        unset: c.unset,
        ...(madeWords(c.made) ? { made: madeWords(c.made)! } : {}),
      })),
      snapshotsNotWritten: f.snapshotWrite ? f.snapshotWrite.written + f.snapshotWrite.updated : 0,
    };
  });
  return { kind: 'ran', renderer, counts: report.counts, ...(report.problem ? { problem: report.problem } : {}), files, durationMs: report.durationMs };
}
