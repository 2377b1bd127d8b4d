/** Preview: what a framework step will send, rendered by the user's running app (issue 32). */
import type { Subscriber } from '../api';
import { Commands } from '../commands';
import { type Handlers, type Shared, type WorkflowsAppLink } from '../features';
import * as vscode from 'vscode';
import type { PreviewFeature } from './previewFeature';

export interface PreviewLinks {
  loadedSubscribers(): readonly Subscriber[];
  /** Trigger… for a recipient chosen, with the preview's payload (the workflow is read from the service). */
  triggerWith(workflowId: string, subscriberId: string, payload: Record<string, unknown>): Promise<unknown>;
}

export function registerPreview(shared: Shared, code: () => { PreviewFeature: typeof PreviewFeature }, links: PreviewLinks) {
  let instance: PreviewFeature | undefined;
  const driftChanged = new vscode.EventEmitter<void>();
  const feature = (): PreviewFeature =>
    (instance ??= new (code().PreviewFeature)({ context: shared.context, manager: shared.manager, log: shared.log, prompter: shared.prompter, appChanged: () => driftChanged.fire(), ...links }));
  shared.context.subscriptions.push({ dispose: () => instance?.dispose() });
  const handlers = {
    [Commands.previewStep]: (target?: unknown, connectionId?: unknown) => feature().open(target, typeof connectionId === 'string' ? connectionId : undefined),
    [Commands.setBridgeUrl]: () => feature().setBridgeUrl(),
    [Commands.syncWorkflows]: () => feature().syncWorkflows(),
  } satisfies Partial<Handlers>;
  return {
    handlers,
    feature,
    /** The notification panel's "Render with This Run's Payload": through the service, with the run's payload and subscriber. */
    renderRun: (...args: Parameters<PreviewFeature['renderRun']>) => feature().renderRun(...args),
    /**
     * The Workflows view's app row and drift (issue 33): when the workspace defines workflows in code
     * (code awareness started) or a bridge URL is set; the preview's code loads then, not before.
     */
    appLink: (codeStarted: () => boolean): WorkflowsAppLink | undefined => {
      const set = vscode.workspace.getConfiguration('novuExplorer').inspect('preview.bridgeUrl');
      return codeStarted() || set?.globalValue || set?.workspaceValue || process.env.NOVU_EXPLORER_DEMO_BRIDGE_URL ? feature().workflowsLink() : undefined;
    },
    /** A workflow's drift when the app was checked (the preview's code is not loaded for it), and when it changes. */
    codeLinks: { driftOf: (workflowId: string) => instance?.driftOf(workflowId), onDidChangeDrift: driftChanged.event },
    /** Refresh checks the app again (nothing to check when the preview's code is not loaded). */
    recheckApp: () => instance?.recheckApp(),
    /** The agent's #novuApp. */
    appForAgent: () => feature().appForAgent(),
    /** The agent's #novuPreview. */
    renderForAgent: (...args: Parameters<PreviewFeature['renderForAgent']>) => feature().renderForAgent(...args),
    /** The Preview lenses, from when code awareness starts (a document that imports an SDK). */
    startLenses: () => feature().startLenses(),
  };
}
