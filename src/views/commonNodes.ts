/** Special rows shared by both views: messages, errors with Retry, and "Load more". */
import * as vscode from 'vscode';
import type { DescribedError } from '../ui/errors';
import { appendPlain } from '../ui/markdown';

export interface TreeNode {
  treeItem(): vscode.TreeItem;
  children?(): TreeNode[] | Promise<TreeNode[]>;
}

/** A row that says something: "No subscribers match", "Loading…". */
export class MessageNode implements TreeNode {
  constructor(
    readonly text: string,
    private readonly icon = 'info',
    private readonly tooltip?: string,
  ) {}
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.text, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.contextValue = 'message';
    if (this.tooltip) item.tooltip = this.tooltip;
    return item;
  }
}

/** An error row: the short cause, the details on hover, a Retry action inline and on click. */
export class ErrorNode implements TreeNode {
  constructor(
    readonly error: DescribedError,
    private readonly retryCommand: string,
    private readonly retryArgs: unknown[] = [],
  ) {}
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.error.message, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    item.description = this.error.errorId ? `Error ID ${this.error.errorId}` : 'Click to retry';
    const tooltip = appendPlain(new vscode.MarkdownString(), this.error.message);
    for (const detail of this.error.details) appendPlain(tooltip.appendMarkdown('  \n'), detail);
    if (this.error.errorId) appendPlain(tooltip.appendMarkdown('  \n\n**Error ID:** '), this.error.errorId);
    item.tooltip = tooltip;
    item.contextValue = 'error;retryable';
    item.command = { command: this.retryCommand, title: 'Retry', arguments: this.retryArgs };
    return item;
  }
}

/** The row after a page that has more: clicking it loads the next page. */
export class LoadMoreNode implements TreeNode {
  constructor(
    private readonly command: string,
    private readonly loaded: number,
    private readonly loading: boolean,
  ) {}
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.loading ? 'Loading more…' : 'Load more', vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon(this.loading ? 'loading~spin' : 'fold-down');
    item.description = `${this.loaded.toLocaleString('en-US')} loaded`;
    item.contextValue = 'loadMore';
    item.id = 'loadMore';
    if (!this.loading) item.command = { command: this.command, title: 'Load more' };
    return item;
  }
}
