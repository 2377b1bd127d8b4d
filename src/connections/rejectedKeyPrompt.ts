/** Says once, in a notification, that the service rejected the active connection's key, with the fix. */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import type { Prompter } from '../ui/prompter';
import type { ConnectionManager } from './connectionManager';

export function rejectedKeyPrompt(manager: ConnectionManager, prompter: () => Prompter): vscode.Disposable {
  return manager.onDidChangeState((state) => {
    if (state !== 'unauthorized') return;
    const name = manager.active?.name;
    const text = name !== undefined ? vscode.l10n.t('The service rejected the API key of "{0}".', name) : vscode.l10n.t('The service rejected the API key of the connection.');
    const setApiKey = vscode.l10n.t('Set API Key');
    void prompter()
      .message('error', text, setApiKey, vscode.l10n.t('Show Log'))
      .then((action) => action && vscode.commands.executeCommand(action === setApiKey ? Commands.setApiKey : Commands.showLog));
  });
}
