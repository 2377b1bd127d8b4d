/**
 * The Contexts view (contract §12): the active connection's contexts (tenants, workspaces,
 * projects…) by cursor page, grouped by type, searched on the service; a context opens its data as
 * read-only JSON and shows its runs in the Activity. A server without contexts says so.
 */
import * as vscode from 'vscode';
import type { NovuClient } from '../api';
import { contextKey, listContexts, type ContextRecord } from '../api/contexts';
import { Commands } from '../commands';
import type { ConnectionManager } from '../connections/connectionManager';
import { l10n } from '../l10n';
import { showControls } from '../rendered/linkSafety';
import { describeFeatureError } from '../ui/missingRoute';
import { fieldTooltip } from '../ui/text';
import { MessageNode, type TreeNode } from '../ui/treeNodes';
import { FilteredPagedTree, KeyedList, type Page } from '../views/pagedView';

export const CONTEXTS_VIEW_ID = 'novuExplorer.contexts';
export const CONTEXTS_PAGE_SIZE = 50;

export interface ContextFilter {
  /** `type:id` contains (the service's `search`). */
  search?: string;
  /** Exactly this type. */
  type?: string;
}

export function describeContextFilter(filter: ContextFilter): string {
  const parts: string[] = [];
  if (filter.type) parts.push(l10n.t('type {0}', showControls(filter.type)));
  if (filter.search) parts.push(`“${showControls(filter.search)}”`);
  return parts.join(' · ');
}

/** A short preview of a context's data: its `name` when it has one, else its keys. */
function dataPreview(data: Record<string, unknown> | null | undefined): string | undefined {
  if (!data) return undefined;
  if (typeof data['name'] === 'string' && data['name'].trim() !== '') return showControls(data['name']).slice(0, 80);
  const keys = Object.keys(data);
  return keys.length > 0 ? showControls(keys.slice(0, 4).join(', ')) + (keys.length > 4 ? '…' : '') : undefined;
}

export class ContextNode implements TreeNode {
  constructor(public context: ContextRecord) {}
  get key(): string {
    return contextKey(this.context);
  }
  treeItem(): vscode.TreeItem {
    const c = this.context;
    const item = new vscode.TreeItem(showControls(c.id), vscode.TreeItemCollapsibleState.None);
    item.id = `context:${this.key}`;
    item.description = dataPreview(c.data);
    item.iconPath = new vscode.ThemeIcon('symbol-namespace');
    item.contextValue = 'context;';
    const json = c.data ? JSON.stringify(c.data) : '';
    item.tooltip = fieldTooltip([
      [vscode.l10n.t('Key'), showControls(this.key)],
      [vscode.l10n.t('Data'), json ? showControls(json.length > 300 ? `${json.slice(0, 299)}…` : json) : vscode.l10n.t('none')],
      [vscode.l10n.t('Created'), c.createdAt],
      [vscode.l10n.t('Updated'), c.updatedAt],
    ]);
    item.command = { command: Commands.openContextJson, title: vscode.l10n.t('Open Context Data as JSON'), arguments: [this] };
    item.accessibilityInformation = { label: vscode.l10n.t('Context {0}', showControls(this.key)), role: 'treeitem' };
    return item;
  }
}

/** The contexts of one type loaded so far. */
export class ContextTypeNode implements TreeNode {
  constructor(readonly type: string, readonly contexts: ContextNode[]) {}
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(showControls(this.type), vscode.TreeItemCollapsibleState.Expanded);
    item.id = `contextType:${this.type}`;
    item.description = this.contexts.length === 1 ? vscode.l10n.t('1 context') : vscode.l10n.t('{0} contexts', this.contexts.length);
    item.iconPath = new vscode.ThemeIcon('symbol-folder');
    item.contextValue = 'contextType;';
    return item;
  }
  children(): TreeNode[] {
    return this.contexts;
  }
}

export class ContextsProvider extends FilteredPagedTree<ContextNode, string, ContextFilter> {
  private readonly loaded = new vscode.EventEmitter<void>();
  readonly onDidLoad = this.loaded.event;

  constructor(manager: ConnectionManager) {
    super(
      manager,
      { viewId: CONTEXTS_VIEW_ID, describe: (error) => describeFeatureError(error, 'contexts'), commands: { refresh: Commands.refreshContexts, loadMore: Commands.loadMoreContexts, clearFilter: Commands.clearContextFilter } },
      new KeyedList<ContextNode>((n) => n.key),
      {
        tidy: (filter) => Object.fromEntries(Object.entries(filter).filter(([, v]) => typeof v === 'string' && v.trim() !== '').map(([k, v]) => [k, (v as string).trim()])) as ContextFilter,
        describe: describeContextFilter,
        empty: (filter) =>
          filter === undefined
            ? [vscode.l10n.t('No contexts yet'), vscode.l10n.t('A trigger that carries a context (context: { tenant: "acme" }) creates it.')]
            : [vscode.l10n.t('No contexts match {0}', filter), vscode.l10n.t('Click to clear the filter and show all contexts.')],
      },
    );
    this.subscriptions.push(
      manager.onDidChangeState((state) => state !== 'ready' && this.reload()),
      this.paged.onDidLoad(() => this.loaded.fire()),
      this.loaded,
    );
  }

  protected async fetch(client: NovuClient, after: string | undefined, signal: AbortSignal): Promise<Page<ContextNode, string>> {
    const { search, type } = this.filter;
    const page = await listContexts(client, { limit: CONTEXTS_PAGE_SIZE, ...(after ? { after } : {}), ...(search ? { search } : {}), ...(type ? { type } : {}) }, { signal });
    return { items: page.data.map((c) => new ContextNode(c)), next: page.next, ...(typeof page.totalCount === 'number' ? { totalCount: page.totalCount, totalCountCapped: page.totalCountCapped === true } : {}) };
  }

  /** The contexts loaded so far. */
  get contexts(): ContextRecord[] {
    return this.rows.items.map((n) => n.context);
  }

  /** Grouped by type, in the order each type was first seen. */
  protected override rootNodes(): TreeNode[] {
    const byType = new Map<string, ContextNode[]>();
    for (const node of this.rows.items) byType.set(node.context.type, [...(byType.get(node.context.type) ?? []), node]);
    const groups = [...byType.entries()].map(([type, nodes]) => new ContextTypeNode(type, nodes));
    const filter = this.filterText;
    const words = filter === undefined
      ? [vscode.l10n.t('No contexts yet'), vscode.l10n.t('A trigger that carries a context (context: { tenant: "acme" }) creates it.')] as const
      : [vscode.l10n.t('No contexts match {0}', filter), vscode.l10n.t('Click to clear the filter and show all contexts.')] as const;
    const empty = () => new MessageNode(words[0], { tooltip: words[1], ...(filter !== undefined ? { icon: 'search-stop', command: { command: Commands.clearContextFilter, title: vscode.l10n.t('Clear Filter') }, flags: ['filtered'] } : {}) });
    return this.paged.rows(groups, empty);
  }

  getParent(): TreeNode | undefined {
    return undefined;
  }
}
