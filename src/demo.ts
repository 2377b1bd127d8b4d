import * as vscode from 'vscode';
import { SANDBOX_CONNECTION_ID } from './connections/connection';
import type { ConnectionManager } from './connections/connectionManager';
import { SUBSCRIBERS_VIEW_ID } from './subscribers/subscribersProvider';
import { DEFAULT_CASE_GLOB } from './testing/caseFile';

/**
 * `npm run demo` asks for the sandbox when the profile has no connection of its own yet, and
 * opens on its first screen: the Novu view beside the demo app's trigger file (which the window
 * opens itself, `demo.mjs --open`), so that its lenses, its warning and a failing workflow show
 * before anything is clicked. Nothing here takes the focus: the extension starts seconds after
 * the window, when a newcomer may already be typing into Quick Open. Then the demo's notification
 * tests are offered once, in a notification that leads to the Testing view.
 */
export async function openDemo(context: vscode.ExtensionContext, manager: ConnectionManager): Promise<void> {
  if (!manager.active && process.env.NOVU_EXPLORER_DEFAULT_TO_SANDBOX === '1') await manager.switchTo(SANDBOX_CONNECTION_ID);
  if (process.env.NOVU_EXPLORER_DEMO !== '1' || context.extensionMode === vscode.ExtensionMode.Production) return;
  // A view's focus command opens its container without the focus when asked (the container's own command always takes it).
  void vscode.commands.executeCommand(`${SUBSCRIBERS_VIEW_ID}.focus`, { preserveFocus: true });
  void offerTests();
}

/** The demo app's case files, offered once: the Testing view is where notification tests live. */
async function offerTests(): Promise<void> {
  const glob = vscode.workspace.getConfiguration('novuExplorer.tests').get<string>('files') || DEFAULT_CASE_GLOB;
  const files = await vscode.workspace.findFiles(glob, '**/node_modules/**', 1);
  if (files.length === 0) return;
  const show = vscode.l10n.t('Show the Test Explorer');
  const runAll = vscode.l10n.t('Run All Tests');
  const picked = await vscode.window.showInformationMessage(
    vscode.l10n.t('The demo app has notification tests, one failing on purpose: its cases render with the app and are checked in the Testing view.'),
    show,
    runAll,
  );
  if (picked === show) await vscode.commands.executeCommand('workbench.view.testing.focus');
  else if (picked === runAll) {
    await vscode.commands.executeCommand('workbench.view.testing.focus');
    await vscode.commands.executeCommand('testing.runAll');
  }
}
