/** The status bar item that always says which connection (and environment) the views show. */
import { Commands } from '../commands';
import * as vscode from 'vscode';
import { fieldTooltip, noIcons } from '../ui/text';
import { regionLabel } from './connection';
import type { ConnectionManager } from './connectionManager';

export class ConnectionStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('novuExplorer.connection', vscode.StatusBarAlignment.Left, 10);
  private readonly subscriptions: vscode.Disposable[];

  /** `code`: the commands' bundle, whose `sendsKeyInClear` is asked only for a self-hosted http:// service (the address rule loads then). */
  constructor(
    private readonly manager: ConnectionManager,
    private readonly code: () => { sendsKeyInClear(baseUrl: string): boolean },
  ) {
    this.item.name = vscode.l10n.t('Novu Connection');
    this.subscriptions = [manager.onDidChangeActive(() => this.update()), manager.onDidChangeState(() => this.update())];
    this.update();
    this.item.show();
  }

  update(): void {
    const connection = this.manager.active;
    if (!connection) {
      this.item.text = `$(bell-slash) ${vscode.l10n.t('Novu: not connected')}`;
      this.item.command = Commands.addConnection;
      this.item.backgroundColor = undefined;
      this.item.tooltip = vscode.l10n.t('No connection. Click to add one.');
      return;
    }
    const environment = this.manager.environmentOf(connection);
    const rejected = this.manager.state === 'unauthorized';
    // The name is the user's own text: shown as typed, never as an icon.
    this.item.text = `${rejected ? '$(warning)' : '$(bell)'} ${vscode.l10n.t('Novu: {0} ({1})', noIcons(connection.name), regionLabel(connection))}`;
    this.item.command = rejected ? Commands.setApiKey : Commands.switchConnection;
    this.item.backgroundColor = rejected ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    const fields = fieldTooltip([
      [vscode.l10n.t('Connection'), connection.name],
      [vscode.l10n.t('Service'), connection.region === 'sandbox' ? vscode.l10n.t('local sandbox (sample data)') : connection.baseUrl],
      [vscode.l10n.t('Environment'), environment ?? vscode.l10n.t('not known until data has loaded')],
    ]);
    const inClear = connection.region === 'custom' && connection.baseUrl.startsWith('http:') && this.code().sendsKeyInClear(connection.baseUrl) ? `\n\n${vscode.l10n.t('Not encrypted (http://): the API key and the answers travel in clear text on the network.')}` : '';
    this.item.tooltip = `${fields}${inClear}\n\n${rejected ? vscode.l10n.t('The API key was rejected. Click to replace it.') : vscode.l10n.t('Click to switch connection.')}`;
  }

  /** What the item's hover says (tests read it). */
  get tooltip(): string {
    return typeof this.item.tooltip === 'string' ? this.item.tooltip : (this.item.tooltip?.value ?? '');
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }
}
