/** One subscriber row: name (or id), the id as description, the other fields on hover. */
import * as vscode from 'vscode';
import type { Subscriber } from '../api';
import { fieldTooltip } from '../ui/text';
import type { TreeNode } from '../ui/treeNodes';

export function subscriberDisplayName(subscriber: Pick<Subscriber, 'firstName' | 'lastName'>): string | undefined {
  const name = [subscriber.firstName, subscriber.lastName].filter((part) => part && part.trim()).join(' ').trim();
  return name || undefined;
}

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
    item.accessibilityInformation = { label: `Subscriber ${name ?? ''} ${s.subscriberId}`.replace(/\s+/g, ' ').trim() };
    item.tooltip = fieldTooltip([
      ['Name', name],
      ['Subscriber ID', s.subscriberId],
      ['Email', s.email],
      ['Phone', s.phone],
      ['Locale', s.locale],
      ['Time zone', s.timezone],
      ['Online', s.isOnline == null ? undefined : s.isOnline ? 'yes' : `no${s.lastOnlineAt ? ` (last seen ${s.lastOnlineAt})` : ''}`],
      ['Created', s.createdAt],
      ['Updated', s.updatedAt],
      ['Data', s.data && Object.keys(s.data).length > 0 ? truncate(JSON.stringify(s.data), 200) : undefined],
    ]);
    return item;
  }
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
