/** Connections: Add, Switch, Set API Key, Remove, the Sandbox, the status bar and the rejected-key prompt. */
import { Commands } from '../commands';
import type * as vscode from 'vscode';
import type { Prompter } from '../ui/prompter';
import type { ConnectionManager } from './connectionManager';
import type { ConnectionCommands } from './connectionCommands';
import type { sendsKeyInClear } from './connection';
import { rejectedKeyPrompt } from './rejectedKeyPrompt';
import { ConnectionStatusBar } from './statusBar';

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Shared machinery itself (features use connections), so it takes its parts one by one. */
export function registerConnections(context: vscode.ExtensionContext, manager: ConnectionManager, prompter: () => Prompter, code: () => { ConnectionCommands: typeof ConnectionCommands; sendsKeyInClear: typeof sendsKeyInClear }) {
  let instance: ConnectionCommands | undefined;
  const commands = () => (instance ??= new (code().ConnectionCommands)(manager, prompter));
  // The address rule is in the commands' bundle: dist/extension.js stays small.
  const statusBar = new ConnectionStatusBar(manager, code);
  context.subscriptions.push(statusBar, rejectedKeyPrompt(manager, prompter));
  const handlers = {
    [Commands.addConnection]: () => commands().addConnection(),
    [Commands.switchConnection]: () => commands().switchConnection(),
    [Commands.setApiKey]: (connectionId?: unknown) => commands().setApiKey(text(connectionId)),
    [Commands.removeConnection]: (connectionId?: unknown) => commands().removeConnection(text(connectionId)),
    [Commands.openSandbox]: () => commands().openSandbox(),
  };
  return { statusBar, handlers };
}
