/**
 * Sync Workflows to <connection>…: the URL (checked at the field), a review of what will be
 * created, updated and deleted, each named, from the app's discover and the environment's last
 * sync; then one `POST /v1/bridge/sync`, and the views refresh. Never automatic.
 */
import * as vscode from 'vscode';
import { bridgeUrlProblem } from '../bridgeSettings';
import { syncUrlProblem } from '../bridge/syncUrl';
import { Commands } from '../commands';
import type { ConnectionManager } from '../connections/connectionManager';
import { describeError, formatErrorLine } from '../ui/errors';
import type { Prompter } from '../ui/prompter';
import type { AppState } from './appState';
import { bridgeSync } from './bridgeApi';
import { syncPlan } from './drift';

export interface SyncDeps {
  manager: ConnectionManager;
  prompter: () => Prompter;
  appState: AppState;
}

export async function syncWorkflows(deps: SyncDeps): Promise<void> {
  const connection = deps.manager.active;
  const client = connection ? await deps.manager.clientFor(connection) : undefined;
  if (!connection || !client) {
    await deps.prompter().message('info', vscode.l10n.t('Add a connection (or open the Sandbox) to sync your workflows to.'));
    return;
  }
  await deps.appState.check();
  const status = deps.appState.status;
  if (status.kind !== 'running' || !status.workflows || !status.drift) {
    const why = status.kind === 'down' ? status.why : status.kind === 'running' && status.driftProblem ? status.driftProblem : vscode.l10n.t('Your app did not list its workflows.');
    await deps.prompter().message('warning', vscode.l10n.t('Nothing was synced: the review needs your running app and the environment’s last sync. {0}', why));
    return;
  }
  const selfHosted = connection.region === 'custom' || connection.region === 'sandbox';
  const url = await deps.prompter().input({
    title: vscode.l10n.t('Sync Workflows to {0}: where does the service reach your app?', connection.name),
    prompt: vscode.l10n.t('A public URL of your bridge (the service calls it); for a local app, the tunnel URL `npx novu dev` prints'),
    value: status.syncedUrl ?? '',
    placeholder: 'https://example.ngrok.app/api/novu',
    // A cloud service refuses addresses of this machine or a private network; a self-hosted one may allow them.
    validate: (text) => (selfHosted ? bridgeUrlProblem(text) : (bridgeUrlProblem(text) ?? syncUrlProblem(text))),
  });
  if (url === undefined) return;
  const plan = syncPlan(status.drift);
  const production = await deps.manager.looksLikeProduction(connection);
  const names = (ids: string[]) => ids.join(', ');
  const detail = [
    plan.delete.length > 0 ? vscode.l10n.t('Deletes {0}: {1}. Your app no longer defines them; triggers of them will fail.', plan.delete.length, names(plan.delete)) : vscode.l10n.t('Deletes nothing.'),
    plan.create.length > 0 ? vscode.l10n.t('Creates {0}: {1}.', plan.create.length, names(plan.create)) : '',
    plan.update.length > 0 ? vscode.l10n.t('Updates {0}: {1}.', plan.update.length, names(plan.update)) : '',
    vscode.l10n.t('The service reads your app’s workflows at {0}.', url.trim()),
  ]
    .filter(Boolean)
    .join('\n');
  const title = production ? vscode.l10n.t('Sync workflows to {0}, a PRODUCTION environment?', connection.name) : vscode.l10n.t('Sync workflows to {0}?', connection.name);
  const action =
    plan.delete.length > 0
      ? production
        ? vscode.l10n.t('Sync to Production and Delete {0}', plan.delete.length)
        : vscode.l10n.t('Sync and Delete {0}', plan.delete.length)
      : production
        ? vscode.l10n.t('Sync to Production')
        : vscode.l10n.t('Sync');
  if (!(await deps.prompter().confirm(title, action, detail))) return;
  try {
    await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Syncing workflows to {0}…', connection.name) }, () => bridgeSync(client, url.trim()));
  } catch (error) {
    await deps.prompter().message('error', formatErrorLine(vscode.l10n.t('The sync to {0} was refused', connection.name), describeError(error)));
    return;
  }
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Synced to {0}: {1} created, {2} updated, {3} deleted.', connection.name, plan.create.length, plan.update.length, plan.delete.length),
  );
  // The Workflows view, the lenses and the diagnostics read again; so does the app's state.
  await vscode.commands.executeCommand(Commands.refresh);
  void deps.appState.check();
}
