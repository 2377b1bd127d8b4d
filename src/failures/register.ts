/** Failures by Cause (issue 38): its panel, one per connection, from the Activity view's title, the palette and the failure badge. */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import { type Handlers, type Shared } from '../features';
import { PanelRegistry } from '../panels/panelRegistry';
import type { FailuresActions, FailuresPanel } from './failuresPanel';
import type { FailureGrouping } from './groupViews';
import type { ResendMemory } from './resendMemory';
import type { FailureWindow } from './windows';
import { FAILURES_PANEL_TYPE, failuresPanelStateSchema } from './panelState';

/** One panel per connection: the registry's record id. */
const PANEL_ID = 'failures';

export function registerFailures(
  shared: Shared,
  code: () => { FailuresPanel: typeof FailuresPanel; ResendMemory: typeof ResendMemory; createGrouping(window: { startMs: number; endMs: number }): FailureGrouping; windowArgument(value: unknown): FailureWindow | undefined },
  links: Omit<FailuresActions, 'grouping' | 'prompter' | 'memory' | 'followIntervalMs'>,
) {
  const { context, manager, log } = shared;
  const services = { extensionUri: context.extensionUri, manager, log };
  let memory: ResendMemory | undefined;
  const actions: FailuresActions = {
    ...links,
    grouping: (window) => code().createGrouping(window),
    prompter: shared.prompter,
    get memory() {
      return (memory ??= new (code().ResendMemory)(context.globalState));
    },
    // The Activity view's follow interval: one setting for "how often to look again".
    followIntervalMs: () => Math.max(1, vscode.workspace.getConfiguration('novuExplorer').get<number>('activity.followIntervalSeconds', 5)) * 1000,
  };
  const registry = new PanelRegistry<FailuresPanel, FailureWindow>(
    {
      viewType: FAILURES_PANEL_TYPE,
      parseState: (state) => {
        const parsed = failuresPanelStateSchema.safeParse(state);
        return parsed.success ? { id: PANEL_ID, connectionId: parsed.data.connectionId } : undefined;
      },
      create: (webviewPanel, _id, connection, window) => new (code().FailuresPanel)(webviewPanel, connection, services, actions, window),
    },
    context.extensionUri,
    manager,
  );
  context.subscriptions.push(registry);

  /**
   * Opens the active connection's panel on `window` (else the one it shows), or shows it and reads
   * it again. A command's argument is checked in the panel's bundle (windowArgument): not a window, not used.
   */
  const open = async (argument?: unknown): Promise<FailuresPanel | undefined> => {
    const connection = manager.active;
    if (!connection) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Add a connection first: Failures by Cause reads its recent notifications.'));
      return undefined;
    }
    const window = argument === undefined ? undefined : code().windowArgument(argument);
    const existing = registry.all.find((p) => p.connection.id === connection.id);
    if (existing) {
      existing.reveal();
      await existing.show(window);
      return existing;
    }
    return registry.open(PANEL_ID, connection, vscode.l10n.t('Failures by Cause'), window);
  };
  const handlers = {
    // From the palette and the Activity view's title (no argument), or Activity's first row (the window of its failures).
    [Commands.showFailures]: (window?: unknown) => open(window),
  } satisfies Partial<Handlers>;
  return { open, panels: registry, handlers };
}
