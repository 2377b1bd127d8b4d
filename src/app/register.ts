/**
 * "Your app" (issue 33): the app row and drift of the Workflows view, Sync Workflows…, #novuApp.
 * Its code loads from dist/app.js when the Workflows view first shows (the row itself waits until
 * the workspace defines workflows in code or a bridge URL is set) or a command of it runs.
 */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import { type Handlers, type Shared } from '../features';
import type { AppFeature, AppWords } from './appFeature';

export function registerApp(shared: Shared, code: () => { AppFeature: typeof AppFeature }, words: AppWords) {
  let instance: AppFeature | undefined;
  const driftChanged = new vscode.EventEmitter<void>();
  const feature = (): AppFeature => (instance ??= new (code().AppFeature)({ ...shared, appChanged: () => driftChanged.fire(), words }));
  return {
    handlers: { [Commands.syncWorkflows]: () => feature().syncWorkflows() } satisfies Partial<Handlers>,
    feature,
    /** A workflow's drift when the app was checked (the app's code is not loaded for it), and when it changes. */
    codeLinks: { driftOf: (workflowId: string) => instance?.driftOf(workflowId), onDidChangeDrift: driftChanged.event },
    /** Refresh checks the app again (nothing to check when its code is not loaded). */
    recheck: () => instance?.recheck(),
  };
}
