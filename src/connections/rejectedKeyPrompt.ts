/** Says once, in a notification, that the service rejected the active connection's key, with the fix. */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import type { Prompter } from '../ui/prompter';
import type { ConnectionManager } from './connectionManager';

export function rejectedKeyPrompt(manager: ConnectionManager, prompter: () => Prompter): vscode.Disposable {
  return manager.onDidChangeState((state) => {
    if (state !== 'unauthorized') return;
    void prompter()
      .message('error', `The service rejected the API key of "${manager.active?.name ?? 'the connection'}".`, 'Set API Key', 'Show Log')
      .then((action) => action && vscode.commands.executeCommand(action === 'Set API Key' ? Commands.setApiKey : Commands.showLog));
  });
}
