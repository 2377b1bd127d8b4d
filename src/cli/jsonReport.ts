/**
 * The JSON report (`--reporter json`): the run as data, for a script or a dashboard. The same view
 * the text and JUnit reports show (runView), places as 1-based lines and columns; no parsed trees,
 * no app source, and no secret (none is ever in the view). Texts are as the app and the case files
 * gave them: JSON escapes control characters, and a reader shows them as text. Pure: no vscode.
 */
import { TOOL } from './args';
import type { RunView } from './runView';

export const JSON_REPORT_VERSION = 1;

export function jsonReport(view: RunView, toolVersion: string): string {
  const data = {
    tool: TOOL,
    toolVersion,
    reportVersion: JSON_REPORT_VERSION,
    outcome: view.headline,
    exitCode: view.exitCode,
    ...(view.problem !== undefined ? { problem: view.problem } : {}),
    ...(view.notes.length > 0 ? { notes: view.notes } : {}),
    ...(view.shard ? { shard: view.shard } : {}),
    counts: view.counts,
    durationMs: view.durationMs,
    files: view.files.map((file) => ({
      path: file.path,
      ...(file.workflowId !== undefined ? { workflowId: file.workflowId } : {}),
      problems: file.problems.map(({ ofFile: _ofFile, kind: _kind, ...p }) => p),
      ...(file.snapshot ? { snapshot: file.snapshot } : {}),
      ...(file.snapshotProblem !== undefined ? { snapshotProblem: file.snapshotProblem } : {}),
      ...(file.obsoleteSnapshots ? { obsoleteSnapshots: file.obsoleteSnapshots } : {}),
      cases: file.cases.map(({ fileOnly, ...c }) => ({ ...c, ...(fileOnly ? { standsForFile: true } : {}), failures: c.failures.map(({ ofFile, ...f }) => ({ ...f, ...(ofFile ? { ofFile } : {}) })) })),
    })),
  };
  return `${JSON.stringify(data, null, 2)}\n`;
}
