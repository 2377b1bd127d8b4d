/** Integrations: the view of the active integrations by channel, and its rows' actions. */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import { lazy, type Handlers, type Shared } from '../features';
import type { IntegrationCommands } from './integrationCommands';
import { INTEGRATIONS_VIEW_ID, INTEGRATIONS_VIEW_MODE, IntegrationsProvider, type IntegrationNode, type IntegrationsViewMode } from './integrationsProvider';

export function registerIntegrations(shared: Shared, code: () => { IntegrationCommands: typeof IntegrationCommands }) {
  const provider = new IntegrationsProvider(shared.manager);
  const view = vscode.window.createTreeView(INTEGRATIONS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  provider.view = view;
  shared.context.subscriptions.push(provider, view);
  const commands = lazy(() => new (code().IntegrationCommands)(shared.json));
  // The choice is the user's everywhere (as SCM's View as Tree/List), unless this workspace set its own.
  const viewAs = (mode: IntegrationsViewMode) => {
    const config = vscode.workspace.getConfiguration('novuExplorer');
    const target = config.inspect(INTEGRATIONS_VIEW_MODE)?.workspaceValue !== undefined ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    return config.update(INTEGRATIONS_VIEW_MODE, mode, target);
  };
  const handlers = {
    [Commands.refreshIntegrations]: () => shared.refresh(provider),
    [Commands.viewIntegrationsAsTree]: () => viewAs('tree'),
    [Commands.viewIntegrationsAsList]: () => viewAs('list'),
    [Commands.copyIntegrationIdentifier]: (node: IntegrationNode) => commands().copyIdentifier(node),
    [Commands.openIntegrationJson]: (node: IntegrationNode) => commands().openJson(node),
  } satisfies Partial<Handlers>;
  return { provider, show: () => vscode.commands.executeCommand(`${INTEGRATIONS_VIEW_ID}.focus`), handlers };
}
