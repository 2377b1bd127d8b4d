/** Preview: what a framework step will send, rendered by the user's running app (issue 32). */
import type { Subscriber } from '../api';
import { Commands } from '../commands';
import { type Handlers, type Shared } from '../features';
import * as vscode from 'vscode';
import type { PreviewFeature } from './previewFeature';
import type { PreviewTarget } from './previewPanel';

export interface PreviewLinks {
  loadedSubscribers(): readonly Subscriber[];
  /** Trigger… for a recipient chosen, with the preview's payload (the workflow is read from the service). */
  triggerWith(workflowId: string, subscriberId: string, payload: Record<string, unknown>): Promise<unknown>;
}

/** What a lens or a caller gives Preview: a workflow, a step and the steps the code shows. */
function previewTarget(value: unknown): PreviewTarget | undefined {
  if (!value || typeof value !== 'object') return undefined;
  let v = value as Record<string, unknown>;
  // A Workflows view row: its trigger identifier.
  if (v['workflow'] && typeof v['workflow'] === 'object') v = { workflowId: (v['workflow'] as Record<string, unknown>)['workflowId'] };
  if (typeof v['workflowId'] !== 'string' || !v['workflowId']) return undefined;
  const steps = Array.isArray(v['codeSteps']) ? v['codeSteps'].filter((s): s is { stepId: string; type: string } => !!s && typeof s === 'object' && typeof s.stepId === 'string' && typeof s.type === 'string') : [];
  return { workflowId: v['workflowId'], ...(typeof v['stepId'] === 'string' ? { stepId: v['stepId'] } : {}), codeSteps: steps };
}

export function registerPreview(shared: Shared, code: () => { PreviewFeature: typeof PreviewFeature }, links: PreviewLinks) {
  let instance: PreviewFeature | undefined;
  const feature = (): PreviewFeature =>
    (instance ??= new (code().PreviewFeature)({
      extensionUri: shared.context.extensionUri,
      manager: shared.manager,
      log: shared.log,
      prompter: shared.prompter,
      memento: shared.context.globalState,
      previewCommand: Commands.previewStep,
      // `npm run demo` starts the demo's framework app and says where (never an installed extension).
      defaultBridgeUrl:
        (shared.context.extensionMode !== vscode.ExtensionMode.Production && process.env.NOVU_EXPLORER_DEMO_BRIDGE_URL) || 'http://localhost:4000/api/novu',
      loadedSubscribers: links.loadedSubscribers,
      // Send a Test…: to the preview's subscriber with its payload, or Trigger… asks to whom.
      sendTest: async (workflowId, payload, subscriberId) =>
        subscriberId ? links.triggerWith(workflowId, subscriberId, payload) : vscode.commands.executeCommand(Commands.triggerWorkflow, workflowId),
    }));
  shared.context.subscriptions.push({ dispose: () => instance?.dispose() });
  const handlers = {
    [Commands.previewStep]: (target?: unknown, connectionId?: unknown) => feature().open(previewTarget(target), typeof connectionId === 'string' ? connectionId : undefined),
    [Commands.setBridgeUrl]: () => feature().setBridgeUrl(),
  } satisfies Partial<Handlers>;
  return {
    handlers,
    feature,
    /** The agent's #novuPreview. */
    renderForAgent: (...args: Parameters<PreviewFeature['renderForAgent']>) => feature().renderForAgent(...args),
    /** The Preview lenses, from when code awareness starts (a document that imports an SDK). */
    startLenses: () => feature().startLenses(),
  };
}
