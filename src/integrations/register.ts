/** Integrations: the view of the active integrations by channel, and its rows' actions. */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import { lazy, type Handlers, type Shared } from '../features';
import type { IntegrationCommands } from './integrationCommands';
import { INTEGRATIONS_VIEW_ID, IntegrationsProvider, type IntegrationNode } from './integrationsProvider';

export function registerIntegrations(shared: Shared, code: () => { IntegrationCommands: typeof IntegrationCommands }) {
  const provider = new IntegrationsProvider(shared.manager);
  const view = vscode.window.createTreeView(INTEGRATIONS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  provider.view = view;
  shared.context.subscriptions.push(provider, view);
  const commands = lazy(() => new (code().IntegrationCommands)(shared.json));
  const handlers = {
    [Commands.refreshIntegrations]: () => shared.refresh(provider),
    [Commands.copyIntegrationIdentifier]: (node: IntegrationNode) => commands().copyIdentifier(node),
    [Commands.openIntegrationJson]: (node: IntegrationNode) => commands().openJson(node),
  } satisfies Partial<Handlers>;
  return { provider, show: () => vscode.commands.executeCommand(`${INTEGRATIONS_VIEW_ID}.focus`), handlers };
}
