/**
 * What every feature's `register` function is given (the shared parts extension.ts builds) and
 * what it gives back (its commands' handlers). A feature registers its own views, providers and
 * disposables; what it needs of another feature comes in as a function (features never import
 * each other), and the code it loads on first use comes from a bundle it names by what it needs.
 */
import * as vscode from 'vscode';
import type { CommandId } from './commands';
import type { ConnectionManager } from './connections/connectionManager';
import type { Log } from './log';
import type { JsonDocuments } from './ui/jsonDocuments';
import type { Prompter } from './ui/prompter';
import type { TreeNode } from './ui/treeNodes';

export interface Shared {
  context: vscode.ExtensionContext;
  manager: ConnectionManager;
  log: Log;
  /** The prompter of the moment (integration tests replace it with a scripted one). */
  prompter: () => Prompter;
  json: JsonDocuments;
  /**
   * Reloads one view (its Refresh), or every view and code awareness without one. After a
   * rejected key it tries the key again first: the key belongs to the connection, so every view does.
   */
  refresh(view?: { reload(): void }): void;
}

/** What the Workflows view shows of the user's app (issue 33): given by the app's code. */
export interface WorkflowsAppLink {
  row(): TreeNode | undefined;
  driftOf(workflowId: string | null | undefined): string | undefined;
  onDidChange: vscode.Event<void>;
  setVisible(visible: boolean): void;
}

/** A command's handler; VS Code passes what the menu or caller gives, so each checks its arguments. */
export type Handler = (...args: never[]) => unknown;
/** A feature's handlers, by command (extension.ts checks that every command of package.json has one). */
export type Handlers<K extends CommandId = CommandId> = Record<K, Handler>;

/** A value made the first time it is asked for. */
export function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** The code of a bundle of dist/ (panels, code, commands, agent, preview, app, failures, tests, environments, audience), loaded once, the first time it is asked for. */
export function bundle<T>(context: vscode.ExtensionContext, name: 'panels' | 'code' | 'commands' | 'agent' | 'preview' | 'app' | 'failures' | 'tests' | 'environments' | 'audience' | 'checksWorker'): () => T {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return lazy(() => require(vscode.Uri.joinPath(context.extensionUri, 'dist', `${name}.js`).fsPath) as T);
}

/** A string argument, or undefined for anything else a menu or caller passed. */
export const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
