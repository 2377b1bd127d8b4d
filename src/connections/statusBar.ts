/** The status bar item that always says which connection (and environment) the views show. */
import * as vscode from 'vscode';
import { appendPlain } from '../ui/markdown';
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
    const tooltip = new vscode.MarkdownString(undefined, true);
    if (!connection) {
      this.item.text = '$(bell-slash) Novu: not connected';
      this.item.command = 'novuExplorer.addConnection';
      this.item.backgroundColor = undefined;
      tooltip.appendText('No connection. Click to add one.');
      this.item.tooltip = tooltip;
      return;
    }
    const environment = this.manager.environmentOf(connection);
    const rejected = this.manager.state === 'unauthorized';
    this.item.text = `${rejected ? '$(warning)' : '$(bell)'} Novu: ${connection.name} (${regionLabel(connection)})`;
    this.item.command = rejected ? 'novuExplorer.setApiKey' : 'novuExplorer.switchConnection';
    this.item.backgroundColor = rejected ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    appendPlain(tooltip.appendMarkdown('**Connection:** '), connection.name);
    appendPlain(tooltip.appendMarkdown('  \n**Service:** '), connection.region === 'sandbox' ? 'local sandbox (sample data)' : connection.baseUrl);
    appendPlain(tooltip.appendMarkdown('  \n**Environment:** '), environment ?? 'not known until data has loaded');
    if (rejected) tooltip.appendMarkdown('  \n\n$(warning) The API key was rejected. Click to replace it.');
    else tooltip.appendMarkdown('  \n\nClick to switch connection.');
    this.item.tooltip = tooltip;
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }
}
