/** Workflows: the view (its code loads when it first asks for rows), its search and filter, and the rows' actions. */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import { type Handlers, type Shared, type WorkflowsAppLink } from '../features';
import { LazyTree } from '../ui/lazyTree';
import type { TreeNode } from '../ui/treeNodes';
import { WORKFLOWS_VIEW_ID } from './viewId';
import type { WorkflowCommandDeps, WorkflowCommands, WorkflowTarget } from './workflowCommands';
import type { WorkflowNode, WorkflowsProvider } from './workflowsProvider';

export type WorkflowsLinks = Omit<WorkflowCommandDeps, 'manager' | 'provider' | 'prompter' | 'json' | 'memento'> & {
  /** The user's app against the environment (the preview's code), when the workspace has one. */
  app?(): WorkflowsAppLink | undefined;
};

export function registerWorkflows(shared: Shared, code: () => { WorkflowsProvider: typeof WorkflowsProvider; WorkflowCommands: typeof WorkflowCommands }, links: WorkflowsLinks) {
  const { context, manager } = shared;
  let instance: WorkflowsProvider | undefined;
  const provider = (): WorkflowsProvider => {
    if (!instance) {
      instance = new (code().WorkflowsProvider)(manager);
      instance.view = view;
      const app = links.app?.();
      if (app) instance.app = app;
    }
    return instance;
  };
  const tree = new LazyTree<TreeNode>(provider);
  const view = vscode.window.createTreeView(WORKFLOWS_VIEW_ID, { treeDataProvider: tree, showCollapseAll: true });
  context.subscriptions.push(tree, view, { dispose: () => instance?.dispose() });
  let commandsInstance: WorkflowCommands | undefined;
  const commands = (): WorkflowCommands =>
    (commandsInstance ??= new (code().WorkflowCommands)({ ...links, manager, provider: provider(), prompter: shared.prompter, json: shared.json, memento: context.globalState }));
  // A row, or (from a lens or a link) the trigger identifier.
  const target = (value: unknown): WorkflowTarget =>
    typeof value === 'string' ? value : value && typeof value === 'object' && 'workflow' in value ? (value as WorkflowNode) : undefined;
  const handlers = {
    [Commands.showWorkflowActivity]: (workflowId?: unknown, name?: unknown) =>
      typeof workflowId === 'string' ? links.showActivity(workflowId, typeof name === 'string' ? name : undefined) : commands().showActivity(target(workflowId)),
    [Commands.refreshWorkflows]: () => shared.refresh(provider()),
    [Commands.loadMoreWorkflows]: () => provider().loadMore(),
    [Commands.searchWorkflows]: () => commands().search(),
    [Commands.filterWorkflowStatus]: () => commands().filterStatus(),
    [Commands.clearWorkflowFilter]: () => commands().clearFilter(),
    [Commands.reloadWorkflowSteps]: (node?: unknown) => {
      const row = target(node);
      return row && typeof row === 'object' ? provider().loadSteps(row, true) : undefined;
    },
    [Commands.copyWorkflowIdentifier]: (value?: unknown) => commands().copyIdentifier(target(value)),
    [Commands.openWorkflowJson]: (value?: unknown) => commands().openJson(target(value)),
    [Commands.openWorkflowInCode]: (value?: unknown) => commands().openInCode(target(value)),
    [Commands.diagnoseWorkflow]: (value?: unknown) => commands().diagnose(target(value)),
    [Commands.triggerWorkflow]: (value?: unknown) => commands().trigger(target(value)),
  } satisfies Partial<Handlers>;
  return {
    provider,
    /** The provider, when the view's code is loaded (nothing to tell it before). */
    get loaded(): WorkflowsProvider | undefined {
      return instance;
    },
    triggerWith: (identifier: string, subscriberId: string, payload: Record<string, unknown>) => commands().triggerWith(identifier, subscriberId, payload),
    triggerToTopic: (topicKey: string) => commands().triggerToTopic(topicKey),
    remember: (connectionId: string, workflow: string, to: Parameters<WorkflowCommands['remember']>[2]) => commands().remember(connectionId, workflow, to),
    handlers,
  };
}
