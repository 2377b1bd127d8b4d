/** Preview: what a framework step will send, rendered by the user's running app (issue 32). */
import type { Job, Notification, Subscriber } from '../api';
import type { Connection } from '../connections/connection';
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
  // A Workflows view row: its trigger identifier; a dashboard workflow is rendered by the service (§9.4).
  if (v['workflow'] && typeof v['workflow'] === 'object') {
    const row = v['workflow'] as Record<string, unknown>;
    v = { workflowId: row['workflowId'], via: row['origin'] === 'external' ? 'app' : 'service' };
  }
  if (typeof v['workflowId'] !== 'string' || !v['workflowId']) return undefined;
  const steps = Array.isArray(v['codeSteps']) ? v['codeSteps'].filter((s): s is { stepId: string; type: string } => !!s && typeof s === 'object' && typeof s.stepId === 'string' && typeof s.type === 'string') : [];
  const run = v['run'] && typeof v['run'] === 'object' ? (v['run'] as { payload?: unknown; subscriber?: unknown }) : undefined;
  const object = (x: unknown): Record<string, unknown> => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : {});
  return {
    workflowId: v['workflowId'],
    ...(typeof v['stepId'] === 'string' ? { stepId: v['stepId'] } : {}),
    codeSteps: steps,
    ...(v['via'] === 'service' || v['via'] === 'app' ? { via: v['via'] } : {}),
    ...(typeof v['stepType'] === 'string' ? { stepType: v['stepType'] } : {}),
    ...(run ? { run: { payload: object(run.payload), subscriber: object(run.subscriber) } } : {}),
  };
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
    /** The notification panel's "Render with This Run's Payload": through the service, with the run's payload and subscriber. */
    renderRun: (notification: Notification, job: Job, connection: Connection) => {
      const workflowId = notification.template?.triggers?.[0]?.identifier ?? notification.template?._id ?? notification._templateId;
      if (!workflowId) return Promise.resolve(undefined);
      const { subscriberId, firstName, lastName, email, phone, avatar, locale, data } = (notification.subscriber ?? {}) as Record<string, unknown>;
      const subscriber = Object.fromEntries(Object.entries({ subscriberId, firstName, lastName, email, phone, avatar, locale, data }).filter(([, v]) => v !== undefined && v !== null));
      const payload = notification.payload && typeof notification.payload === 'object' ? (notification.payload as Record<string, unknown>) : {};
      return feature().open({ workflowId, via: 'service', ...(job.type ? { stepType: job.type } : {}), run: { payload, subscriber } }, connection.id);
    },
    /** The agent's #novuPreview. */
    renderForAgent: (...args: Parameters<PreviewFeature['renderForAgent']>) => feature().renderForAgent(...args),
    /** The Preview lenses, from when code awareness starts (a document that imports an SDK). */
    startLenses: () => feature().startLenses(),
  };
}
