/** One subscriber row: name (or id), the id as description, the other fields on hover. */
import * as vscode from 'vscode';
import type { Subscriber } from '../api';
import { fieldTooltip } from '../ui/text';
import type { TreeNode } from '../ui/treeNodes';

import { subscriberDisplayName } from '../format/names';

export { subscriberDisplayName };

export class SubscriberNode implements TreeNode {
  constructor(public subscriber: Subscriber) {}

  treeItem(): vscode.TreeItem {
    const s = this.subscriber;
    const name = subscriberDisplayName(s);
    const item = new vscode.TreeItem(name ?? s.subscriberId, vscode.TreeItemCollapsibleState.None);
    item.id = `subscriber:${s.subscriberId}`;
    item.description = name ? s.subscriberId : s.email ?? undefined;
    item.iconPath = new vscode.ThemeIcon(s.isOnline ? 'pass-filled' : 'account', s.isOnline ? new vscode.ThemeColor('testing.iconPassed') : undefined);
    item.contextValue = ['subscriber', s.email ? 'hasEmail' : '', s.phone ? 'hasPhone' : ''].filter(Boolean).join(';');
    const label = name ? vscode.l10n.t('Subscriber {0} {1}', name, s.subscriberId) : vscode.l10n.t('Subscriber {0}', s.subscriberId);
    item.accessibilityInformation = { label: label.replace(/\s+/g, ' ').trim() };
    item.tooltip = fieldTooltip([
      [vscode.l10n.t('Name'), name],
      [vscode.l10n.t('Subscriber ID'), s.subscriberId],
      [vscode.l10n.t('Email'), s.email],
      [vscode.l10n.t('Phone'), s.phone],
      [vscode.l10n.t('Locale'), s.locale],
      [vscode.l10n.t('Time zone'), s.timezone],
      [vscode.l10n.t('Online'), s.isOnline == null ? undefined : s.isOnline ? vscode.l10n.t('yes') : s.lastOnlineAt ? vscode.l10n.t('no (last seen {0})', s.lastOnlineAt) : vscode.l10n.t('no')],
      [vscode.l10n.t('Created'), s.createdAt],
      [vscode.l10n.t('Updated'), s.updatedAt],
      [vscode.l10n.t('Data'), s.data && Object.keys(s.data).length > 0 ? truncate(JSON.stringify(s.data), 200) : undefined],
    ]);
    return item;
  }
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
