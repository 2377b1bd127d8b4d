/** The status bar item that always says which connection (and environment) the views show. */
import { Commands } from '../commands';
import * as vscode from 'vscode';
import { fieldTooltip, noIcons } from '../ui/text';
import { regionLabel } from './connection';
import type { ConnectionManager } from './connectionManager';

export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('novuExplorer.connection', vscode.StatusBarAlignment.Left, 10);
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly manager: ConnectionManager) {
    this.item.name = 'Novu Connection';
    this.subscriptions = [manager.onDidChangeActive(() => this.update()), manager.onDidChangeState(() => this.update())];
    this.update();
    this.item.show();
  }

  update(): void {
    const connection = this.manager.active;
    if (!connection) {
      this.item.text = '$(bell-slash) Novu: not connected';
      this.item.command = Commands.addConnection;
      this.item.backgroundColor = undefined;
      this.item.tooltip = 'No connection. Click to add one.';
      return;
    }
    const environment = this.manager.environmentOf(connection);
    const rejected = this.manager.state === 'unauthorized';
    // The name is the user's own text: shown as typed, never as an icon.
    this.item.text = `${rejected ? '$(warning)' : '$(bell)'} Novu: ${noIcons(connection.name)} (${regionLabel(connection)})`;
    this.item.command = rejected ? Commands.setApiKey : Commands.switchConnection;
    this.item.backgroundColor = rejected ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const fields = fieldTooltip([
      ['Connection', connection.name],
      ['Service', connection.region === 'sandbox' ? 'local sandbox (sample data)' : connection.baseUrl],
      ['Environment', environment ?? 'not known until data has loaded'],
    ]);
    this.item.tooltip = `${fields}\n\n${rejected ? 'The API key was rejected. Click to replace it.' : 'Click to switch connection.'}`;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }
}
