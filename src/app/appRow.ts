/** The first row of the Workflows view (issue 33): the user's app against the environment, and what differs. */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import { MessageNode, type TreeNode } from '../ui/treeNodes';
import type { AppState } from './appState';
import { appRowText } from './appRowText';
import { driftSummary } from './drift';

export class AppRowNode implements TreeNode {
  constructor(
    private readonly state: AppState,
    private readonly connectionName: string | undefined,
    /** A bridge URL as shown (the preview's words). */
    private readonly host: (url: string) => string,
  ) {}

  treeItem(): vscode.TreeItem {
    const text = appRowText(this.state.status, this.connectionName, this.host, vscode.env.language);
    const status = this.state.status;
    const expandable = status.kind === 'down' || (status.kind === 'running' && (status.key.kind !== 'matches' || (status.drift ?? []).some((e) => e.kind !== 'same')));
    const item = new vscode.TreeItem(text.label, expandable ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
    // A row that has something to say opens by itself: VS Code keeps an id's expansion, so the id says which.
    item.id = `workflows:app:${expandable ? 'open' : 'closed'}`;
    item.description = text.description;
    item.tooltip = text.tooltip;
    item.iconPath = new vscode.ThemeIcon(text.icon, text.problem ? new vscode.ThemeColor('list.warningForeground') : undefined);
    item.contextValue = ['appRow', status.kind, ...(status.kind === 'running' ? [`key${status.key.kind}`] : [])].join(';');
    item.accessibilityInformation = { label: `${text.label}, ${text.description}`, role: 'treeitem' };
    return item;
  }

  children(): TreeNode[] {
    const status = this.state.status;
    const name = this.connectionName ?? '';
    if (status.kind === 'down') {
      return [new MessageNode(vscode.l10n.t('Set Bridge URL…'), { icon: 'link', tooltip: status.why, command: { command: Commands.setBridgeUrl, title: vscode.l10n.t('Set Bridge URL…') } })];
    }
    if (status.kind !== 'running') return [];
    const rows: TreeNode[] = [];
    if (status.key.kind === 'otherConnection') {
      rows.push(
        new MessageNode(vscode.l10n.t("Your app runs with {0}'s key: switch to {0}", status.key.connectionName), {
          icon: 'plug',
          tooltip: vscode.l10n.t("Your app runs with {0}'s key; this connection is {1}.", status.key.connectionName, name),
          command: { command: Commands.switchConnection, title: vscode.l10n.t('Switch Connection…') },
        }),
      );
    } else if (status.key.kind === 'noneOfYours') {
      rows.push(new MessageNode(vscode.l10n.t('Your app runs with a key of none of your connections'), { icon: 'key', tooltip: vscode.l10n.t('Every signed call fails (SignatureMismatchError): start it with the environment’s secret key (NOVU_SECRET_KEY).') }));
    }
    for (const entry of status.drift ?? []) {
      if (entry.kind === 'same') continue;
      rows.push(new DriftNode(entry.workflowId, driftSummary(entry, name), entry.kind));
    }
    if ((status.drift ?? []).some((e) => e.kind !== 'same')) {
      rows.push(new MessageNode(vscode.l10n.t('Sync Workflows to {0}…', name), { icon: 'sync', command: { command: Commands.syncWorkflows, title: vscode.l10n.t('Sync Workflows…') } }));
    }
    return rows;
  }
}

/** One workflow that differs between the app and the environment: its id, and what differs in words. */
class DriftNode implements TreeNode {
  constructor(
    private readonly workflowId: string,
    private readonly words: string,
    private readonly kind: string,
  ) {}
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.workflowId, vscode.TreeItemCollapsibleState.None);
    item.description = this.words;
    item.tooltip = `${this.workflowId}: ${this.words}`;
    item.iconPath = new vscode.ThemeIcon(this.kind === 'onlyInEnvironment' ? 'trash' : this.kind === 'onlyInCode' ? 'cloud-upload' : 'diff');
    item.contextValue = `drift;${this.kind}`;
    return item;
  }
}
