/** Special rows shared by both views: messages, errors with Retry and Show Log, and "Load more". */
import * as vscode from 'vscode';
import type { CommandId } from '../commands';
import type { DescribedError } from './errors';
import { formatCount } from '../format/numbers';

export interface TreeNode {
  treeItem(): vscode.TreeItem;
  children?(): TreeNode[] | Promise<TreeNode[]>;
}

export interface MessageOptions {
  icon?: string;
  /** Quieter words after the label. */
  description?: string;
  tooltip?: string;
  /** What clicking the row does (for example, clear the filter that left the view empty). */
  command?: vscode.Command;
  /** Extra context flags after `message`, for inline actions (`filtered`). */
  flags?: string[];
}

/** A row that says something: "No subscribers yet", "No subscribers match …". */
export class MessageNode implements TreeNode {
  constructor(
    readonly text: string,
    private readonly options: MessageOptions = {},
  ) {}
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.text, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon(this.options.icon ?? 'info');
    if (this.options.description) item.description = this.options.description;
    item.contextValue = ['message', ...(this.options.flags ?? [])].join(';');
    if (this.options.tooltip) item.tooltip = this.options.tooltip;
    if (this.options.command) item.command = this.options.command;
    return item;
  }
}

/**
 * An error row: the service's message, its errorId, Retry on click and inline, Show Log inline.
 * The tooltip is plain text, so the service's words show exactly as sent.
 */
export class ErrorNode implements TreeNode {
  constructor(
    readonly error: DescribedError,
    private readonly retryCommand: CommandId,
    private readonly retryArgs: unknown[] = [],
  ) {}
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.error.message, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    item.description = this.error.errorId ? vscode.l10n.t('Error ID {0}', this.error.errorId) : vscode.l10n.t('Click to retry');
    item.tooltip = [
      this.error.message,
      ...this.error.details,
      ...(this.error.errorId ? ['', vscode.l10n.t('Error ID: {0}', this.error.errorId)] : []),
      '',
      vscode.l10n.t('Click to retry.'),
    ].join('\n');
    item.contextValue = 'error;retryable';
    item.id = `error:${this.retryCommand}`;
    const label = this.error.errorId ? vscode.l10n.t('Error: {0} Error ID {1}', this.error.message, this.error.errorId) : vscode.l10n.t('Error: {0}', this.error.message);
    item.accessibilityInformation = { label, role: 'treeitem' };
    item.command = { command: this.retryCommand, title: vscode.l10n.t('Retry'), arguments: this.retryArgs };
    return item;
  }
  /** The inline Retry action. */
  retry(): Thenable<unknown> {
    return vscode.commands.executeCommand(this.retryCommand, ...this.retryArgs);
  }
}

/** The row after a page that has more: clicking it loads the next page. */
export class LoadMoreNode implements TreeNode {
  constructor(
    private readonly command: CommandId,
    private readonly loaded: number,
    private readonly loading: boolean,
  ) {}
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.loading ? vscode.l10n.t('Loading more…') : vscode.l10n.t('Load more'), vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon(this.loading ? 'loading~spin' : 'fold-down');
    item.description = this.loaded === 1 ? vscode.l10n.t('1 loaded') : vscode.l10n.t('{0} loaded', formatCount(this.loaded, vscode.env.language));
    item.contextValue = 'loadMore';
    item.id = 'loadMore';
    if (!this.loading) item.command = { command: this.command, title: vscode.l10n.t('Load more') };
    return item;
  }
}

/** Where a tree view's load stands: each state has its own rows, description and message. */
export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed' | 'unauthorized';

/**
 * The view's description and message for a status. A count is shown only for what is loaded now;
 * a filter is named in the description, as the Activity view does. Not in the message: VS Code
 * sends a view's message and its tree changes through one stream that holds a second event within
 * 200 ms back, so a message set with a search either delayed its rows or arrived after them and
 * pushed them down under the pointer. The message stays empty, so the welcome content shows when
 * the key is rejected.
 */
export function viewText(o: { connection: string | undefined; status: LoadStatus; count?: string; filter?: string }): { description: string | undefined; message: string | undefined } {
  if (!o.connection) return { description: undefined, message: undefined };
  const count = o.status === 'loaded' && o.count ? ` · ${o.count}` : '';
  const filter = o.filter ? ` · ${vscode.l10n.t('filtered by {0}', o.filter)}` : '';
  return { description: `${o.connection}${count}${filter}`, message: undefined };
}

/** Sets a view's description and message only when they change (each change redraws the view). */
export function applyViewText(view: vscode.TreeView<unknown> | undefined, text: { description: string | undefined; message: string | undefined }): void {
  if (!view) return;
  if (view.description !== text.description) view.description = text.description;
  if (view.message !== text.message) view.message = text.message;
}
