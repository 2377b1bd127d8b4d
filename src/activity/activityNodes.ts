/** The Activity view's rows: one per notification (expanding to its jobs), and one per job. */
import * as vscode from 'vscode';
import type { Notification } from '../api';
import { Commands } from '../commands';
import type { StatusTone } from '../format/jobStatus';
import type { TreeNode } from '../ui/treeNodes';
import { causeContextOf } from '../format/stepCause';
import { activityTooltip, buildActivityRow, buildJobRow, jobTooltip } from './activityRows';

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

/** A row whose hover is built only when it is shown (the provider's resolveTreeItem). */
export interface ResolvableNode extends TreeNode {
  tooltip(): string;
}

export class NotificationNode implements ResolvableNode {
  /** The item as last built: rebuilt when the notification changes or the minute turns. */
  private cached: { notification: Notification; minute: number; item: vscode.TreeItem } | undefined;

  constructor(
    public notification: Notification,
    private readonly now: () => number,
  ) {}

  get id(): string {
    return this.notification._id;
  }

  tooltip(): string {
    return activityTooltip(this.notification);
  }

  treeItem(): vscode.TreeItem {
    const n = this.notification;
    const now = this.now();
    const minute = Math.floor(now / 60_000);
    if (this.cached?.notification === n && this.cached.minute === minute) return this.cached.item;
    const row = buildActivityRow(n, now);
    const hasJobs = (n.jobs?.length ?? 0) > 0;
    const item = new vscode.TreeItem(row.label, hasJobs ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    // The id keeps what the user expanded and selected when rows arrive above it.
    item.id = `notification:${n._id}`;
    item.description = row.description;
    item.iconPath = toneIcon(row.tone);
    item.accessibilityInformation = { label: row.accessibleLabel, role: 'treeitem' };
    item.contextValue = ['notification', ...(row.failed ? ['failed'] : []), ...(n.transactionId ? ['hasTransaction'] : []), ...(row.subscriberId ? ['hasSubscriber'] : []), ...(n._templateId || n.template?._id ? ['hasWorkflow'] : []), ...(row.subscriberId && row.channels.includes('in_app') ? ['hasInApp'] : []), ...(n.topics?.some((t) => t.topicKey) ? ['hasTopic'] : [])].join(';');
    item.command = { command: Commands.openActivityNotification, title: vscode.l10n.t('Open Notification'), arguments: [this] };
    this.cached = { notification: n, minute, item };
    return item;
  }

  children(): TreeNode[] {
    return (this.notification.jobs ?? []).map((job) => new JobNode(this, job._id));
  }
}

export class JobNode implements ResolvableNode {
  constructor(
    readonly parent: NotificationNode,
    readonly jobId: string,
  ) {}

  tooltip(): string {
    const job = this.parent.notification.jobs?.find((j) => j._id === this.jobId);
    return job ? jobTooltip(job, undefined, causeContextOf(this.parent.notification)) : '';
  }

  treeItem(): vscode.TreeItem {
    const job = this.parent.notification.jobs?.find((j) => j._id === this.jobId);
    const item = new vscode.TreeItem(job ? buildJobRow(job).label : this.jobId, vscode.TreeItemCollapsibleState.None);
    item.id = `notification:${this.parent.id}/job:${this.jobId}`;
    item.contextValue = 'job';
    if (!job) return item;
    const row = buildJobRow(job, causeContextOf(this.parent.notification));
    item.description = row.description;
    item.iconPath = toneIcon(row.tone);
    item.accessibilityInformation = { label: `${row.label}: ${row.description}`, role: 'treeitem' };
    item.command = { command: Commands.openActivityNotification, title: vscode.l10n.t('Open Notification'), arguments: [this.parent] };
    return item;
  }
}
