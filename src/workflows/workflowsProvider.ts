/**
 * The Workflows view (issue 25, contract §8.1 and §8.2): the active connection's workflows, 50 a
 * page with Load more (offset paging, each workflow once even when rows shift), a search by name or
 * identifier and a status filter, both asked of the service; expanding a workflow reads it once
 * (§8.2) and lists its steps. One request per user action; a newer load cancels an older one, and
 * an older answer never overwrites a newer one. A server that closes workflows to API keys (401,
 * before June 2025) or has no such route says so in the view: it does not mark the key rejected.
 */
import * as vscode from 'vscode';
import type { NovuClient, Workflow, WorkflowListItem, WorkflowListQuery } from '../api';
import type { ConnectionManager } from '../connections/connectionManager';
import type { Connection } from '../connections/connection';
import { Commands } from '../commands';
import { describeError, workflowsUnavailable, type DescribedError } from '../ui/errors';
import { stepTypeInfo } from '../format/jobStatus';
import { ErrorNode, MessageNode, type TreeNode } from '../ui/treeNodes';
import { FilteredPagedTree, KeyedList, type Page } from '../views/pagedView';
import type { WorkflowsAppLink } from '../features';
import { statusText, type WorkflowStatus } from '../format/workflowStatus';
import { stepRows, workflowRow, workflowTooltip } from './workflowRows';

import { WORKFLOWS_VIEW_ID } from './viewId';

export { WORKFLOWS_VIEW_ID };
export const WORKFLOWS_PAGE_SIZE = 50;

export interface WorkflowFilter {
  /** Name or identifier contains (the service's `query`). */
  query?: string;
  /** Any of these statuses (the service's `status`, repeated). */
  statuses?: WorkflowStatus[];
}

/** "“welc” · inactive, active with errors": the filter in words, for the description and messages. */
export function describeWorkflowFilter(filter: WorkflowFilter): string {
  const parts: string[] = [];
  if (filter.query) parts.push(`“${filter.query}”`);
  if (filter.statuses && filter.statuses.length > 0) parts.push(filter.statuses.map(statusText).join(', '));
  return parts.join(' · ');
}

const STATUS_ICONS: Record<string, { icon: string; color?: string }> = {
  ACTIVE: { icon: 'pass', color: 'novuExplorer.status.success' },
  INACTIVE: { icon: 'circle-slash', color: 'disabledForeground' },
  ERROR: { icon: 'warning', color: 'list.warningForeground' },
};

type StepsState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'loaded'; workflow: Workflow } | { kind: 'failed'; error: DescribedError };

export class WorkflowNode implements TreeNode {
  steps: StepsState = { kind: 'idle' };

  constructor(
    public workflow: WorkflowListItem,
    private readonly provider: WorkflowsProvider,
  ) {}

  get id(): string {
    return this.workflow._id;
  }

  tooltip(): string {
    return workflowTooltip(this.workflow, Date.now(), vscode.env.language);
  }

  treeItem(): vscode.TreeItem {
    const w = this.workflow;
    const row = workflowRow(w);
    const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `workflow:${w._id}`;
    const drift = this.provider.driftOf(w.workflowId);
    item.description = drift ? `${row.description} · ${drift}` : row.description;
    const icon = STATUS_ICONS[row.status] ?? { icon: 'question' };
    item.iconPath = new vscode.ThemeIcon(icon.icon, icon.color ? new vscode.ThemeColor(icon.color) : undefined);
    item.accessibilityInformation = { label: row.accessibleLabel, role: 'treeitem' };
    item.contextValue = ['workflow', ...(w.workflowId ? ['hasIdentifier'] : []), `status${row.status}`, ...(w.origin === 'external' ? ['code'] : [])].join(';');
    return item;
  }

  async children(): Promise<TreeNode[]> {
    if (this.steps.kind === 'idle' || this.steps.kind === 'loading') await this.provider.loadSteps(this);
    const state = this.steps;
    if (state.kind === 'failed') return [new ErrorNode(state.error, Commands.reloadWorkflowSteps, [this])];
    if (state.kind !== 'loaded') return [];
    const rows = stepRows(state.workflow);
    if (rows.length === 0) return [new MessageNode(vscode.l10n.t('No steps: a trigger answers "no_workflow_steps_defined"'))];
    return (state.workflow.steps ?? []).map((step, index) => new StepNode(this, index, step.type ?? '', rows[index]!));
  }
}

export class StepNode implements TreeNode {
  constructor(
    readonly parent: WorkflowNode,
    readonly index: number,
    private readonly type: string,
    private readonly row: ReturnType<typeof stepRows>[number],
  ) {}
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.row.label, vscode.TreeItemCollapsibleState.None);
    item.id = `workflow:${this.parent.id}/step:${this.index}`;
    item.description = this.row.description;
    item.iconPath = this.row.issues.length > 0 ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')) : new vscode.ThemeIcon(stepTypeInfo(this.type).icon);
    item.tooltip = [`${this.row.label} (${stepTypeInfo(this.type).label})`, ...this.row.issues].join('\n');
    item.contextValue = 'workflowStep';
    return item;
  }
}

/** A failed read of workflows in words: an old server's 401 or missing route is not a rejected key (`workflowsUnavailable`). */
export function describeWorkflowsError(error: unknown): DescribedError {
  return workflowsUnavailable(error) ?? describeError(error);
}

export class WorkflowsProvider extends FilteredPagedTree<WorkflowNode, number, WorkflowFilter> {
  private appLink: WorkflowsAppLink | undefined;
  private readonly loaded = new vscode.EventEmitter<void>();
  /** Fires after each page (or a workflow's steps) arrives or fails. */
  readonly onDidLoad = this.loaded.event;
  private generation = 0;

  constructor(manager: ConnectionManager) {
    super(
      manager,
      { viewId: WORKFLOWS_VIEW_ID, describe: describeWorkflowsError, commands: { refresh: Commands.refreshWorkflows, loadMore: Commands.loadMoreWorkflows, clearFilter: Commands.clearWorkflowFilter } },
      new KeyedList<WorkflowNode>((n) => n.workflow._id),
      {
        tidy: (filter) => {
          const query = filter.query?.trim();
          const statuses = filter.statuses?.filter((s, i, all) => all.indexOf(s) === i);
          return { ...(query ? { query } : {}), ...(statuses && statuses.length > 0 ? { statuses } : {}) };
        },
        describe: describeWorkflowFilter,
        empty: (filter) =>
          filter === undefined
            ? [vscode.l10n.t('No workflows yet'), vscode.l10n.t('This environment has no workflows: create one in the dashboard, or sync your app\'s workflows with Novu: Sync Workflows….')]
            : [vscode.l10n.t('No workflows match {0}', filter), vscode.l10n.t('Click to clear the filter and show all workflows.')],
      },
    );
    // A rejected key empties the view so that its welcome shows (another connection: reloadAll).
    this.subscriptions.push(
      manager.onDidChangeState((state) => state !== 'ready' && this.reload()),
      this.paged.onDidLoad(() => this.loaded.fire()),
      this.loaded,
    );
  }

  /** Offset paging: a workflow created while paging shifts the rows, and each is kept once. */
  protected async fetch(client: NovuClient, after: number | undefined, signal: AbortSignal): Promise<Page<WorkflowNode, number>> {
    const offset = after ?? 0;
    const query: WorkflowListQuery = {
      limit: WORKFLOWS_PAGE_SIZE,
      offset,
      ...(this.filter.query ? { query: this.filter.query } : {}),
      ...(this.filter.statuses ? { status: [...this.filter.statuses] } : {}),
    };
    const page = await client.listWorkflows(query, { signal });
    const reached = offset + page.workflows.length;
    const total = typeof page.totalCount === 'number' ? page.totalCount : undefined;
    const last = page.workflows.length === 0 || (total !== undefined ? reached >= total : page.workflows.length < WORKFLOWS_PAGE_SIZE);
    return { items: page.workflows.map((w) => new WorkflowNode(w, this)), next: last ? null : reached, totalCount: total };
  }

  get workflows(): WorkflowListItem[] {
    return this.rows.items.map((n) => n.workflow);
  }
  get totalCount(): number | undefined {
    return this.paged.totalCount;
  }
  /** The connection the rows were read from. */
  get connection(): Connection | undefined {
    return this.manager.active;
  }

  override reload(): void {
    this.generation++;
    super.reload();
  }

  /**
   * A new run of this workflow was seen (Send Again, Trigger…): its row's last trigger says so
   * at once, with no read (the list would otherwise say "never" until Refresh).
   */
  runSeen(connectionId: string, workflowId: string, at: string): void {
    if (this.manager.active?.id !== connectionId || Number.isNaN(Date.parse(at))) return;
    const node = this.rows.items.find((n) => n.workflow._id === workflowId);
    if (!node) return;
    const held = Date.parse(node.workflow.lastTriggeredAt ?? '');
    if (!Number.isNaN(held) && held >= Date.parse(at)) return;
    node.workflow = { ...node.workflow, lastTriggeredAt: at };
    this.changed.fire(node);
  }

  /** The workflow's hover, built when it is shown. */
  resolveTreeItem(item: vscode.TreeItem, node: TreeNode): vscode.TreeItem {
    if (node instanceof WorkflowNode) {
      const drift = this.driftOf(node.workflow.workflowId);
      item.tooltip = drift ? `${node.tooltip()}\n\n${drift}` : node.tooltip();
    }
    return item;
  }

  getParent(node: TreeNode): TreeNode | undefined {
    return node instanceof StepNode ? node.parent : undefined;
  }

  nodeOf(workflowId: string): WorkflowNode | undefined {
    return this.rows.items.find((n) => n.workflow._id === workflowId || n.workflow.workflowId === workflowId);
  }

  /** Reads the workflow (§8.2) for its steps: once, when it is first expanded (or Retry). */
  async loadSteps(node: WorkflowNode, again = false): Promise<void> {
    if (node.steps.kind === 'loading' && !again) {
      await new Promise<void>((resolve) => {
        const listener = this.loaded.event(() => {
          if (node.steps.kind === 'loading') return;
          listener.dispose();
          resolve();
        });
      });
      return;
    }
    if (node.steps.kind === 'loaded' && !again) return;
    const generation = this.generation;
    const active = await this.manager.activeClient();
    if (!active) return;
    node.steps = { kind: 'loading' };
    try {
      const workflow = await vscode.window.withProgress({ location: { viewId: WORKFLOWS_VIEW_ID } }, () => active.client.getWorkflow(node.workflow._id));
      node.steps = { kind: 'loaded', workflow };
      // The read is newer than the list: its status and name are the current ones.
      node.workflow = { ...node.workflow, ...pickListFields(workflow) };
    } catch (error) {
      node.steps = { kind: 'failed', error: describeWorkflowsError(error) };
    } finally {
      this.loaded.fire();
    }
    if (again && generation === this.generation) this.changed.fire(node);
  }

  protected override rootNodes(): TreeNode[] {
    const app = this.appLink?.row();
    return [...(app ? [app] : []), ...super.rootNodes()];
  }

  /**
   * The user's app against the environment (issue 33, from the preview's code): its row first, and
   * each workflow's drift on its row. Checked only while the view is visible.
   */
  set app(link: WorkflowsAppLink) {
    this.appLink = link;
    const view = this.paged.view;
    this.subscriptions.push(link.onDidChange(() => this.changed.fire(undefined)));
    if (view) {
      this.subscriptions.push(view.onDidChangeVisibility(({ visible }) => link.setVisible(visible)));
      link.setVisible(view.visible);
    }
  }

  /** What differs for this workflow between the app and the environment, in words (none: undefined). */
  driftOf(workflowId: string | null | undefined): string | undefined {
    return this.appLink?.driftOf(workflowId);
  }
}

/** The list fields of a whole workflow (§8.2 repeats them), to refresh a row after its read. */
function pickListFields(w: Workflow): Partial<WorkflowListItem> {
  const fields: Partial<WorkflowListItem> = {};
  if (w.name) fields.name = w.name;
  if (w.status) fields.status = w.status;
  if (w.tags) fields.tags = w.tags;
  if (w.lastTriggeredAt) fields.lastTriggeredAt = w.lastTriggeredAt;
  return fields;
}
