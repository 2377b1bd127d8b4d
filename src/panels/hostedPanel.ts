/**
 * A panel on the panel host, as the registry and the tests see it: its webview panel and
 * connection, and the host's events (disposed, and every state published).
 */
import type * as vscode from 'vscode';
import type { Connection } from '../connections/connection';
import type { PanelHost } from './panelHost';
import type { RequestMap } from './protocol';

export abstract class HostedPanel<M extends RequestMap, State extends { kind: string }> implements vscode.Disposable {
  protected abstract readonly host: PanelHost<M, State>;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly connection: Connection,
  ) {}

  get onDidDispose(): vscode.Event<void> {
    return this.host.onDidDispose;
  }

  /** Fires whenever what the panel shows changes (tests wait on it). */
  get onDidChangeState(): vscode.Event<State> {
    return this.host.onDidPublish;
  }

  reveal(): void {
    this.panel.reveal();
  }

  abstract dispose(): void;
}
