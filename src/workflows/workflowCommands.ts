/**
 * The Workflows view's actions and "Trigger Workflow…" (issue 25): search and status filter, Copy
 * Identifier, Open as JSON, Open in Code (the `workflow('id'` definition found in the workspace),
 * Show Activity, Diagnose, and Trigger…, which reads the workflow once (§8.2, for its payload
 * schema), asks for the recipient (the last one used for that workflow first) and opens Send
 * Again's review with a new body. Nothing is sent from here.
 */
import * as vscode from 'vscode';
import type { Subscriber, Workflow, WorkflowListItem } from '../api';
import { Commands } from '../commands';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import { formatErrorLine } from '../ui/errors';
import type { JsonDocuments } from '../ui/jsonDocuments';
import type { Prompter } from '../ui/prompter';
import { pickSubscriber } from '../ui/subscriberPick';
import { noIcons } from '../ui/text';
import { WORKFLOW_STATUSES, statusText, type WorkflowStatus } from '../format/workflowStatus';
import { WORKFLOWS_VIEW_ID, WorkflowNode, describeWorkflowsError, type WorkflowsProvider } from './workflowsProvider';
import { copyAndSay } from '../ui/clipboard';

const LAST_TO_KEY = 'novuExplorer.workflows.lastTriggerTo';

export interface WorkflowCommandDeps {
  manager: ConnectionManager;
  provider: WorkflowsProvider;
  prompter: () => Prompter;
  json: JsonDocuments;
  memento: vscode.Memento;
  loadedSubscribers: () => readonly Subscriber[];
  showActivity(workflowId: string, name?: string): unknown;
  diagnose(workflowRef: string): unknown;
  findDefinitions(identifier: string, token: vscode.CancellationToken): Promise<vscode.Location[]>;
  reviewTrigger(workflow: Workflow, connection: Connection, to: string | { type: 'Topic'; topicKey: string; exclude: string[] }, payload?: Record<string, unknown>): Promise<vscode.TextEditor | undefined>;
}

/** What a command of the view gets: a row, or (from a lens or a link) the trigger identifier. */
export type WorkflowTarget = WorkflowNode | string | undefined;

export class WorkflowCommands {
  constructor(private readonly deps: WorkflowCommandDeps) {}

  private get prompter(): Prompter {
    return this.deps.prompter();
  }

  async search(): Promise<void> {
    const current = this.deps.provider.filter;
    const text = await this.prompter.input({
      title: vscode.l10n.t('Search Workflows'),
      prompt: vscode.l10n.t('Part of a workflow’s name or trigger identifier (empty: all workflows)'),
      value: current.query ?? '',
      placeholder: vscode.l10n.t('welcome'),
    });
    if (text === undefined) return;
    this.deps.provider.setFilter({ ...current, query: text });
  }

  async filterStatus(): Promise<void> {
    const current = this.deps.provider.filter;
    const chosen = await this.prompter.pickMany<WorkflowStatus>({
      title: vscode.l10n.t('Show Workflows That Are…'),
      placeholder: vscode.l10n.t('None chosen: every status'),
      initial: current.statuses ?? [],
      key: (s) => s,
      suggest: () => WORKFLOW_STATUSES.map((s) => ({ label: statusText(s), description: s, value: s })),
    });
    if (chosen === undefined) return;
    this.deps.provider.setFilter({ ...current, statuses: chosen });
  }

  clearFilter(): void {
    this.deps.provider.setFilter({});
  }

  async copyIdentifier(target: WorkflowTarget): Promise<void> {
    const identifier = target instanceof WorkflowNode ? target.workflow.workflowId : target;
    if (!identifier) return;
    await copyAndSay(identifier, vscode.l10n.t('Copied {0}', identifier));
  }

  /** The whole workflow (§8.2) as the service sent it: read once, or the read its expansion made. */
  async openJson(target: WorkflowTarget): Promise<void> {
    const found = await this.read(target);
    if (found) await this.deps.json.open('workflow', found.workflow.workflowId ?? found.workflow._id, found.workflow);
  }

  showActivity(target: WorkflowTarget): unknown {
    if (!(target instanceof WorkflowNode)) return undefined;
    return this.deps.showActivity(target.workflow._id, target.workflow.name ?? target.workflow.workflowId ?? target.workflow._id);
  }

  diagnose(target: WorkflowTarget): unknown {
    const ref = target instanceof WorkflowNode ? (target.workflow.workflowId ?? target.workflow._id) : target;
    return ref ? this.deps.diagnose(ref) : undefined;
  }

  /** Opens the workflow's `workflow('id', …)` definition in the workspace (several: a pick). */
  async openInCode(target: WorkflowTarget): Promise<vscode.Location | undefined> {
    const identifier = target instanceof WorkflowNode ? target.workflow.workflowId : target;
    if (!identifier) return undefined;
    if (!vscode.workspace.isTrusted) {
      void this.prompter.message('info', vscode.l10n.t('Trust this workspace to look for the definition of "{0}" in its code.', identifier));
      return undefined;
    }
    const locations = await vscode.window.withProgress({ location: { viewId: WORKFLOWS_VIEW_ID } }, () => {
      const source = new vscode.CancellationTokenSource();
      return this.deps.findDefinitions(identifier, source.token).finally(() => source.dispose());
    });
    let location: vscode.Location | undefined = locations[0];
    if (!location) {
      void this.prompter.message(
        'info',
        vscode.workspace.workspaceFolders?.length
          ? vscode.l10n.t('No workflow("{0}", …) definition in this workspace: it is defined in the dashboard, or in code that is not open here.', identifier)
          : vscode.l10n.t('Open the folder of your code to find the definition of "{0}".', identifier),
      );
      return undefined;
    }
    if (locations.length > 1) {
      location = await this.prompter.pick({
        title: vscode.l10n.t('Definitions of "{0}"', identifier),
        items: locations.map((l) => ({ label: vscode.workspace.asRelativePath(l.uri), description: vscode.l10n.t('line {0}', l.range.start.line + 1), value: l })),
      });
    }
    if (!location) return undefined;
    await vscode.window.showTextDocument(location.uri, { selection: location.range });
    return location;
  }

  /**
   * Trigger Workflow…: the workflow (a row, a lens's identifier, or picked), read for its payload
   * schema; then the recipient; then the review. Resolves when the review is open (or asked off).
   */
  async trigger(target: WorkflowTarget): Promise<unknown> {
    const connection = this.deps.manager.active;
    if (!connection) {
      const addConnection = vscode.l10n.t('Add Connection');
      const add = await this.prompter.message('info', vscode.l10n.t('Add a connection (or open the Sandbox) to trigger a workflow.'), addConnection, vscode.l10n.t('Open Sandbox'));
      if (add) await vscode.commands.executeCommand(add === addConnection ? Commands.addConnection : Commands.openSandbox);
      return undefined;
    }
    const chosen = target ?? (await this.pickWorkflow(connection));
    if (!chosen) return undefined;
    const found = await this.read(chosen);
    if (!found) return undefined;
    const { workflow } = found;
    const identifier = workflow.workflowId ?? '';
    const key = `${connection.id}:${identifier}`;
    const last = this.deps.memento.get<Record<string, string>>(LAST_TO_KEY, {})[key];
    const subscriberId = await pickSubscriber(this.prompter, {
      title: vscode.l10n.t('Trigger {0}: to whom? ({1})', identifier, connection.name),
      placeholder: vscode.l10n.t('Type a subscriber ID, an email address or a name, or pick a subscriber'),
      loaded: this.deps.loadedSubscribers(),
      ...(last ? { preferred: { subscriberId: last, why: vscode.l10n.t('Last used for {0}', identifier) } } : {}),
      client: () => this.deps.manager.clientFor(connection),
      connectionName: connection.name,
    });
    if (!subscriberId) return undefined;
    return this.deps.reviewTrigger(workflow, connection, subscriberId);
  }

  /** Trigger… to a topic (its row): the workflow picked, then a review whose `to` is the topic, with `exclude` to fill in. */
  async triggerToTopic(topicKey: string): Promise<vscode.TextEditor | undefined> {
    const connection = this.deps.manager.active;
    if (!connection) return undefined;
    const chosen = await this.pickWorkflow(connection);
    const found = chosen ? await this.read(chosen) : undefined;
    // l10n-ignore: the wire value of a topic recipient
    return found ? this.deps.reviewTrigger(found.workflow, connection, { type: 'Topic', topicKey, exclude: [] }) : undefined;
  }

  /** Trigger… of a workflow for a recipient already chosen, with a payload already written (a preview's Send a Test…). */
  async triggerWith(identifier: string, subscriberId: string, payload: Record<string, unknown>): Promise<unknown> {
    const connection = this.deps.manager.active;
    const found = connection ? await this.read(identifier) : undefined;
    return found && connection ? this.deps.reviewTrigger(found.workflow, connection, subscriberId, payload) : undefined;
  }

  /** Remembers the recipient of a trigger that started, for the next Trigger… of that workflow. */
  remember(connectionId: string, workflow: string, to: unknown): void {
    const subscriberId = typeof to === 'string' ? to : to && typeof to === 'object' && !Array.isArray(to) ? (to as Record<string, unknown>)['subscriberId'] : undefined;
    if (typeof subscriberId !== 'string' || subscriberId === '') return;
    const all = { ...this.deps.memento.get<Record<string, string>>(LAST_TO_KEY, {}) };
    all[`${connectionId}:${workflow}`] = subscriberId;
    // The newest 200 are kept.
    const entries = Object.entries(all);
    void this.deps.memento.update(LAST_TO_KEY, Object.fromEntries(entries.slice(Math.max(0, entries.length - 200))));
  }

  private async pickWorkflow(connection: Connection): Promise<string | undefined> {
    const client = await this.deps.manager.clientFor(connection);
    if (!client) return undefined;
    let workflows: WorkflowListItem[];
    try {
      workflows = (await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading workflows…') }, () => client.listWorkflows({ limit: 100 }))).workflows;
    } catch (error) {
      void this.prompter.message('error', formatErrorLine(vscode.l10n.t('Could not list the workflows'), describeWorkflowsError(error)));
      return undefined;
    }
    return this.prompter.pick<string>({
      title: vscode.l10n.t('Trigger Workflow ({0})', connection.name),
      placeholder: workflows.length > 0 ? vscode.l10n.t('The workflow to trigger') : vscode.l10n.t('This environment has no workflows'),
      items: workflows
        .filter((w) => w.workflowId)
        .map((w) => ({ label: noIcons(w.name ?? w.workflowId!), description: noIcons(w.workflowId!), ...(w.status && w.status !== 'ACTIVE' ? { detail: statusText(w.status) } : {}), value: w.workflowId! })),
    });
  }

  /** The whole workflow (§8.2): a row's expansion read, else one read; a failure is said. */
  private async read(target: WorkflowTarget): Promise<{ workflow: Workflow } | undefined> {
    if (target instanceof WorkflowNode && target.steps.kind === 'loaded') return { workflow: target.steps.workflow };
    const ref = target instanceof WorkflowNode ? target.workflow._id : target;
    if (!ref) return undefined;
    const active = await this.deps.manager.activeClient();
    if (!active) return undefined;
    try {
      const workflow = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading {0}…', ref) }, () => active.client.getWorkflow(ref));
      return { workflow };
    } catch (error) {
      const described = describeWorkflowsError(error);
      void this.prompter.message('error', described.kind === 'notFound' && !(target instanceof WorkflowNode) ? vscode.l10n.t('No workflow "{0}" in {1}.', ref, active.connection.name) : formatErrorLine(vscode.l10n.t('Could not read {0}', ref), described));
      return undefined;
    }
  }
}
