/** One subscriber row: name (or id), the id as description, the other fields on hover. */
import * as vscode from 'vscode';
import type { Subscriber } from '../api';
import type { TreeNode } from './commonNodes';

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
    const tooltip = new vscode.MarkdownString();
    const row = (label: string, value: string | null | undefined) => {
      if (value) tooltip.appendMarkdown(`**${label}:** `).appendText(value).appendMarkdown('  \n');
    };
    row('Name', name);
    row('Subscriber ID', s.subscriberId);
    row('Email', s.email);
    row('Phone', s.phone);
    row('Locale', s.locale);
    row('Time zone', s.timezone);
    row('Online', s.isOnline == null ? undefined : s.isOnline ? 'yes' : `no${s.lastOnlineAt ? ` (last seen ${s.lastOnlineAt})` : ''}`);
    row('Created', s.createdAt);
    row('Updated', s.updatedAt);
    if (s.data && Object.keys(s.data).length > 0) row('Data', truncate(JSON.stringify(s.data), 200));
    item.tooltip = tooltip;
    return item;
  }
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
