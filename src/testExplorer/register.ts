/**
 * Notification tests in the Test Explorer (issue 46, §1, §3, §6). At activation the extension only
 * looks: one search of the workspace for a case file (the setting `novuExplorer.tests.files`) and a
 * watcher per folder for one to appear. The code (dist/tests.js: the controller, its own watchers,
 * the runner, caniemail's data) loads when a case file exists or appears, or Update Snapshot is
 * asked for, never before.
 */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import { type Handlers, type Shared } from '../features';
import type { TestExplorer } from './testExplorer';

const SETTING = 'novuExplorer.tests.files';

/** Where case files are: the setting, or its default (package.json's) when it is empty or not a text. */
function caseGlob(): string {
  const value = vscode.workspace.getConfiguration().get<unknown>(SETTING);
  return typeof value === 'string' && value.trim() ? value.trim() : '**/*.novu-test.json';
}

export function registerTestExplorer(shared: Shared, code: () => { TestExplorer: typeof TestExplorer }, ran: () => void) {
  let instance: TestExplorer | undefined;
  let watcher: vscode.Disposable | undefined;
  const stopLooking = () => watcher?.dispose();
  // It disposes of itself with the extension (its constructor says so to the context).
  const start = (): TestExplorer => (stopLooking(), (instance ??= new (code().TestExplorer)({ ...shared, glob: caseGlob, ran })));
  // Until a case file is there: a search, and watchers that only wait for one to be created.
  const look = () => {
    stopLooking();
    if (instance) return;
    // One watcher over every folder, for a case file created (node_modules is left out by
    // files.watcherExclude; the search leaves it out itself).
    const created = vscode.workspace.createFileSystemWatcher(caseGlob(), false, true, true);
    created.onDidCreate(start);
    watcher = created;
    void vscode.workspace.findFiles(caseGlob(), '**/node_modules/**', 1).then((found) => found[0] && start(), () => undefined);
  };
  shared.context.subscriptions.push({ dispose: stopLooking }, vscode.workspace.onDidChangeWorkspaceFolders(look), vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(SETTING) && look()));
  look();
  return {
    handlers: {
      [Commands.updateTestSnapshot]: (...items: unknown[]) => start().updateSnapshots(items),
      [Commands.runTestCase]: (id: unknown) => start().runFromLens(id, false),
      [Commands.debugTestCase]: (id: unknown) => start().runFromLens(id, true),
    } satisfies Partial<Handlers>,
    /** The Test Explorer's feature, once a case file started it (undefined before). */
    get current(): TestExplorer | undefined {
      return instance;
    },
  };
}
