/** The Activity view's rows: one per notification (expanding to its jobs), and one per job. */
import * as vscode from 'vscode';
import type { Notification } from '../api';
import { Commands } from '../commands';
import type { StatusTone } from '../format/jobStatus';
import type { TreeNode } from '../ui/treeNodes';
import { buildActivityRow, buildJobRow } from './activityRows';

const TONE_ICONS: Record<StatusTone, { icon: string; color?: string }> = {
  success: { icon: 'pass', color: 'novuExplorer.status.success' },
  failure: { icon: 'error', color: 'novuExplorer.status.failure' },
  progress: { icon: 'sync', color: 'novuExplorer.status.progress' },
  waiting: { icon: 'watch', color: 'novuExplorer.status.waiting' },
  muted: { icon: 'circle-slash', color: 'disabledForeground' },
  merged: { icon: 'git-merge' },
  unknown: { icon: 'question' },
};

export function toneIcon(tone: StatusTone): vscode.ThemeIcon {
  const { icon, color } = TONE_ICONS[tone];
  return new vscode.ThemeIcon(icon, color ? new vscode.ThemeColor(color) : undefined);
}

export class NotificationNode implements TreeNode {
  constructor(
    public notification: Notification,
    private readonly now: () => number,
  ) {}

  get id(): string {
    return this.notification._id;
  }

  treeItem(): vscode.TreeItem {
    const n = this.notification;
    const row = buildActivityRow(n, this.now());
    const hasJobs = (n.jobs?.length ?? 0) > 0;
    const item = new vscode.TreeItem(row.label, hasJobs ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    // The id keeps what the user expanded and selected when rows arrive above it.
    item.id = `notification:${n._id}`;
    item.description = row.description;
    // Plain text: names from the service show exactly as typed.
    item.tooltip = row.tooltip;
    item.iconPath = toneIcon(row.tone);
    item.accessibilityInformation = { label: row.accessibleLabel, role: 'treeitem' };
    item.contextValue = ['notification', ...(row.failed ? ['failed'] : []), ...(n.transactionId ? ['hasTransaction'] : []), ...(row.subscriberId ? ['hasSubscriber'] : []), ...(n._templateId || n.template?._id ? ['hasWorkflow'] : [])].join(';');
    item.command = { command: Commands.openActivityNotification, title: 'Open Notification', arguments: [this] };
    return item;
  }

  children(): TreeNode[] {
    return (this.notification.jobs ?? []).map((job) => new JobNode(this, job._id));
  }
}

export class JobNode implements TreeNode {
  constructor(
    readonly parent: NotificationNode,
    readonly jobId: string,
  ) {}

  treeItem(): vscode.TreeItem {
    const job = this.parent.notification.jobs?.find((j) => j._id === this.jobId);
    const item = new vscode.TreeItem(job ? buildJobRow(job).label : this.jobId, vscode.TreeItemCollapsibleState.None);
    item.id = `notification:${this.parent.id}/job:${this.jobId}`;
    item.contextValue = 'job';
    if (!job) return item;
    const row = buildJobRow(job);
    item.description = row.description;
    item.tooltip = row.tooltip;
    item.iconPath = toneIcon(row.tone);
    item.accessibilityInformation = { label: `${row.label}: ${row.description}`, role: 'treeitem' };
    item.command = { command: Commands.openActivityNotification, title: 'Open Notification', arguments: [this.parent] };
    return item;
  }
}
