/** Progress for a request: shown while it runs, without delaying its answer. */
import * as vscode from 'vscode';

/**
 * Shows progress at `options` while `work` runs, and resolves with `work` itself. Awaiting
 * `withProgress` instead would also wait for VS Code to take the progress down (tens of
 * milliseconds after the answer, measured in the latency bench).
 */
export function showProgressWhile<T>(options: vscode.ProgressOptions, work: Promise<T>): Promise<T> {
  void vscode.window.withProgress(options, () => work.catch(() => undefined));
  return work;
}
