/** Preview: what a framework step will send, rendered by the user's running app (issue 32). */
import type { Subscriber } from '../api';
import { Commands } from '../commands';
import { type Handlers, type Shared } from '../features';
import type { PreviewFeature } from './previewFeature';
import type { PreviewPanel } from './previewPanel';
import type { PreviewTarget } from './previewTarget';
import { PanelRegistry } from '../panels/panelRegistry';
import { PREVIEW_PANEL_TYPE } from './panelState';

export interface PreviewLinks {
  loadedSubscribers(): readonly Subscriber[];
  /** Trigger… for a recipient chosen, with the preview's payload (the workflow is read from the service). */
  triggerWith(workflowId: string, subscriberId: string, payload: Record<string, unknown>): Promise<unknown>;
  /** A lens saw a framework definition: the workspace defines workflows in code. */
  definitionsSeen(): void;
}

export function registerPreview(shared: Shared, code: () => { PreviewFeature: typeof PreviewFeature }, links: PreviewLinks) {
  let instance: PreviewFeature | undefined;
  // Registered at activation, so that a preview panel of the last window comes back (its code loads then).
  const panels = new PanelRegistry<PreviewPanel, PreviewTarget>(
    {
      viewType: PREVIEW_PANEL_TYPE,
      parseState: (state) => {
        const { workflowId: id, connectionId } = (state ?? {}) as Record<string, unknown>;
        return typeof id === 'string' && id && typeof connectionId === 'string' ? { id, connectionId } : undefined;
      },
      create: (webviewPanel, workflowId, connection, target) => feature().createPanel(webviewPanel, workflowId, connection, target),
    },
    shared.context.extensionUri,
    shared.manager,
  );
  const feature = (): PreviewFeature =>
    (instance ??= new (code().PreviewFeature)({ context: shared.context, manager: shared.manager, log: shared.log, prompter: shared.prompter, panels, ...links }));
  shared.context.subscriptions.push(panels, { dispose: () => instance?.dispose() });
  const handlers = {
    [Commands.previewStep]: (target?: unknown, connectionId?: unknown) => feature().open(target, typeof connectionId === 'string' ? connectionId : undefined),
    [Commands.setBridgeUrl]: () => feature().setBridgeUrl(),
  } satisfies Partial<Handlers>;
  return {
    handlers,
    feature,
  };
}
