import * as vscode from 'vscode';
import { SANDBOX_CONNECTION_ID } from './connections/connection';
import type { ConnectionManager } from './connections/connectionManager';

/**
 * `npm run demo` asks for the sandbox when the profile has no connection of its own yet, and
 * opens on its first screen: the Novu view beside the demo app's trigger file, so that its
 * lenses, its warning and a failing workflow show before anything is clicked.
 */
export async function openDemo(context: vscode.ExtensionContext, manager: ConnectionManager): Promise<void> {
  if (!manager.active && process.env.NOVU_EXPLORER_DEFAULT_TO_SANDBOX === '1') await manager.switchTo(SANDBOX_CONNECTION_ID);
  const demoFile = process.env.NOVU_EXPLORER_DEMO_OPEN;
  const demoFolder = vscode.workspace.workspaceFolders?.[0];
  if (!demoFile || !demoFolder || context.extensionMode === vscode.ExtensionMode.Production) return;
  void vscode.commands.executeCommand('workbench.view.extension.novuExplorer').then(() => vscode.window.showTextDocument(vscode.Uri.joinPath(demoFolder.uri, demoFile), { preview: false }));
}
