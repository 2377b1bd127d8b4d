/** Issue 5: opening notifications in the panel from every entry point, reuse, live refresh, errors. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { NotificationPanel } from '../../src/notifications/notificationPanel';
import type { NotificationPanelState } from '../../src/notifications/protocol';
import { SANDBOX_FIXTURES as F, type Sandbox } from '../../src/sandbox';
import { EXTENSION_ID, ScriptedPrompter, addSandboxConnection, freshSandbox, resetConnections, waitFor, connectFreshSandbox, disconnectSandbox } from './helpers';

async function loaded(panel: NotificationPanel | undefined): Promise<Extract<NotificationPanelState, { kind: 'loaded' }>> {
  assert.ok(panel, 'a panel was opened');
  const state = await waitFor(() => (panel.currentState.kind !== 'loading' ? panel.currentState : undefined), 'the panel to load');
  assert.equal(state.kind, 'loaded', JSON.stringify(state).slice(0, 300));
  return state as Extract<NotificationPanelState, { kind: 'loaded' }>;
}

describe('notification panel', function () {
  let api: NovuExplorerApi;
  let sandbox: Sandbox;

  before(async () => {
    ({ api, sandbox } = await connectFreshSandbox('Notifications test'));
  });

  afterEach(async () => {
    api.setPrompter(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(() => api.notificationPanels.all.length === 0, 'panels to close');
  });

  after(async () => {
    await disconnectSandbox(api, sandbox);
  });

  const panelFor = (id: string) => api.notificationPanels.all.find((p) => p.notificationId === id);

  it('opens from the command with an id and shows the header and every job [smoke]', async () => {
    await vscode.commands.executeCommand('novuExplorer.openNotification', F.failedNotificationId);
    const state = await loaded(panelFor(F.failedNotificationId));
    const record = sandbox.state.notification(F.failedNotificationId)!;
    assert.equal(state.model.header.id, F.failedNotificationId);
    assert.equal(state.model.jobs.length, record.jobs.length);
    assert.ok(state.model.jobs.some((j) => j.status === 'failed' && j.summary.startsWith('Failed: ')));
    assert.equal(state.model.header.overall.tone, 'failure');
    assert.equal(state.connectionName, 'Notifications test');
    assert.ok(panelFor(F.failedNotificationId)!.panel.title.includes(record.template.name));
  });

  it('reuses the open panel for the same notification', async () => {
    await vscode.commands.executeCommand('novuExplorer.openNotification', F.digestNotificationId);
    await loaded(panelFor(F.digestNotificationId));
    sandbox.clearRequests();
    await vscode.commands.executeCommand('novuExplorer.openNotification', F.digestNotificationId);
    assert.equal(api.notificationPanels.all.length, 1);
    assert.equal(sandbox.requests.length, 0, 'revealing asks nothing of the service');
  });

  // Issue 30.10: a notification the opener has is in the panel's first document, so the webview
  // draws it as its script runs instead of asking for it; one the panel reads comes by message.
  it('writes a notification it was opened with into the panel\'s document, and not one it reads', async () => {
    await vscode.commands.executeCommand('novuExplorer.openNotification', F.failedTransactionId);
    const found = panelFor(F.failedNotificationId);
    assert.equal(found?.currentState.kind, 'loaded', 'the transaction list answered with the whole notification');
    const html = await waitFor(() => (found!.panel.webview.html.includes('data-state=') ? found!.panel.webview.html : undefined), 'the document');
    const state = /data-state="([^"]*)"/.exec(html)![1]!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    assert.deepEqual(JSON.parse(state), found!.currentState);
    await vscode.commands.executeCommand('novuExplorer.openNotification', F.digestNotificationId);
    const read = panelFor(F.digestNotificationId)!;
    await loaded(read);
    assert.ok(read.panel.webview.html.includes('<main id="app"'), 'the document is written');
    assert.ok(!read.panel.webview.html.includes('data-state='), 'read after the panel opened: sent by message');
  });

  it('Open Notification… takes a pasted id, a transaction id, and offers recent and latest ones', async () => {
    const prompter = new ScriptedPrompter([{ search: `  ${F.mergedNotificationId.toUpperCase()} ` }]);
    api.setPrompter(prompter);
    await vscode.commands.executeCommand('novuExplorer.openNotification');
    await loaded(panelFor(F.mergedNotificationId));
    const first = prompter.searches[0]!;
    assert.match(first.items[0]!.label, /Open notification/);

    prompter.script({ search: F.failedTransactionId });
    sandbox.clearRequests();
    await vscode.commands.executeCommand('novuExplorer.openNotification');
    await loaded(panelFor(F.failedNotificationId));
    assert.match(prompter.searches[1]!.items[0]!.label, /Find by transaction ID/);
    // The transaction's list answer is the whole notification: the panel reads nothing more.
    const reads = sandbox.requests.filter((r) => r.method === 'GET').map((r) => `${r.path}${r.query.transactionId ? ` transactionId` : ''}`);
    assert.deepEqual(reads.sort(), ['/v1/notifications', '/v1/notifications transactionId'], 'the latest list (read behind the open pick) and the transaction');

    prompter.script({ search: '' });
    await vscode.commands.executeCommand('novuExplorer.openNotification').then(() => undefined, () => undefined);
    const offered = prompter.searches[2]!.items.map((i) => i.label);
    assert.ok(offered.includes('Recently opened'), offered.join(' | '));
    assert.ok(offered.some((l) => l.startsWith('Latest in')), 'latest notifications are offered');
  });

  it('opens from an editor selection (notification id) and from the word under the cursor (transaction id)', async () => {
    const doc = await vscode.workspace.openTextDocument({ content: `log: sent ${F.timedDigestNotificationId} for ${F.failedTransactionId}\n`, language: 'plaintext' });
    const editor = await vscode.window.showTextDocument(doc);
    const start = doc.getText().indexOf(F.timedDigestNotificationId);
    editor.selection = new vscode.Selection(doc.positionAt(start), doc.positionAt(start + 24));
    await vscode.commands.executeCommand('novuExplorer.openNotificationFromEditor');
    await loaded(panelFor(F.timedDigestNotificationId));

    await vscode.window.showTextDocument(doc);
    const cursor = doc.positionAt(doc.getText().indexOf(F.failedTransactionId) + 5);
    vscode.window.activeTextEditor!.selection = new vscode.Selection(cursor, cursor);
    await vscode.commands.executeCommand('novuExplorer.openNotificationFromEditor');
    await loaded(panelFor(F.failedNotificationId));

    const prompter = new ScriptedPrompter();
    api.setPrompter(prompter);
    await vscode.window.showTextDocument(doc);
    const word = doc.positionAt(doc.getText().indexOf('log'));
    vscode.window.activeTextEditor!.selection = new vscode.Selection(word, word);
    await vscode.commands.executeCommand('novuExplorer.openNotificationFromEditor');
    assert.match(prompter.messages[0]!.text, /Select a notification ID or a transaction ID/);
  });

  it('opens from a deep link, and refuses a malformed one', async () => {
    const prompter = new ScriptedPrompter();
    api.setPrompter(prompter);
    await api.uriHandler.handleUri(vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION_ID}/notification?id=${F.delayedNotificationId}&connection=Notifications%20test`));
    await loaded(panelFor(F.delayedNotificationId));
    await api.uriHandler.handleUri(vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION_ID}/notification?id=<script>`));
    assert.match(prompter.messages.at(-1)!.text, /parameters it does not accept/);
    assert.equal(api.notificationPanels.all.length, 1);
  });

  it('opens from a row of the Activity view at once, asking nothing again for a settled notification', async () => {
    await api.activity.setFilter({ subscriberIds: [F.notificationSubscriberId] });
    const rows = await api.activity.getChildren();
    const row = rows.find((r) => (r as { notification?: { _id: string } }).notification?._id === F.canceledNotificationId);
    assert.ok(row, 'the canceled notification is listed for its subscriber');
    sandbox.clearRequests();
    await vscode.commands.executeCommand('novuExplorer.openActivityNotification', row);
    const panel = panelFor(F.canceledNotificationId);
    assert.equal(panel?.currentState.kind, 'loaded', 'shown from the row, with no wait');
    const state = await loaded(panel);
    assert.ok(state.model.jobs.some((j) => j.summary === 'Canceled'));
    assert.equal(sandbox.requests.length, 0, 'the row is the whole notification');
    assert.equal(panel!.loads, 0);
    // Its Refresh still reads it from the service.
    await panel!.load();
    assert.equal(sandbox.requests.filter((r) => r.path === `/v1/notifications/${F.canceledNotificationId}`).length, 1);
    await api.activity.setFilter({});
  });

  it('Open Notification… offers the Activity view\'s rows as the latest, with no request', async () => {
    await api.activity.setFilter({});
    api.activity.reload();
    await api.activity.getChildren();
    await waitFor(() => api.activity.status === 'loaded', 'the Activity view');
    const newest = api.activity.notifications[0]!;
    // Escape after looking: the pick offered the Activity view's newest rows.
    const prompter = new ScriptedPrompter([{ search: '', escape: true }]);
    api.setPrompter(prompter);
    sandbox.clearRequests();
    await vscode.commands.executeCommand('novuExplorer.openNotification');
    const offered = prompter.searches[0]!.items;
    assert.ok(offered.some((i) => i.label.startsWith('Latest in')));
    assert.ok(offered.some((i) => (i.value as { id?: string }).id === newest._id), 'the newest row is offered');
    assert.equal(sandbox.requests.length, 0, 'the latest come from the Activity view');
  });

  it('refreshes by itself while jobs are moving, and stops once they settle', async () => {
    await vscode.commands.executeCommand('novuExplorer.openNotification', F.inProgressNotificationId);
    const panel = panelFor(F.inProgressNotificationId)!;
    const first = await loaded(panel);
    assert.equal(first.model.inProgress, true);
    assert.equal(first.live.active, true);
    assert.ok(panel.isLive);
    const loadsBefore = panel.loads;
    while (sandbox.advanceNotification(F.inProgressNotificationId));
    const settled = await waitFor(
      () => (panel.loads > loadsBefore && panel.currentState.kind === 'loaded' && !panel.currentState.model.inProgress ? panel.currentState : undefined),
      'a live refresh that sees it settled',
      8000,
    );
    assert.equal(panel.isLive, false);
    assert.equal(settled.live.active, false);
    const loads = panel.loads;
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal(panel.loads, loads, 'no more polling once settled');
  });

  it('stops refreshing while hidden', async () => {
    await vscode.commands.executeCommand('novuExplorer.openNotification', F.delayedNotificationId);
    const panel = panelFor(F.delayedNotificationId)!;
    await loaded(panel);
    assert.ok(panel.isLive);
    const doc = await vscode.workspace.openTextDocument({ content: 'other tab' });
    await vscode.window.showTextDocument(doc, { viewColumn: panel.panel.viewColumn });
    await waitFor(() => !panel.panel.visible, 'the panel to be hidden');
    await waitFor(() => !panel.isLive, 'polling to stop');
    const loads = panel.loads;
    await new Promise((r) => setTimeout(r, 2500));
    assert.equal(panel.loads, loads, 'no requests while hidden');
    panel.reveal();
    await waitFor(() => panel.loads > loads, 'a catch-up load when shown again');
  });

  it('renders not-found, unauthorized and network errors with their next action', async () => {
    await vscode.commands.executeCommand('novuExplorer.openNotification', '6620aa00000000000000ffff');
    const panel = panelFor('6620aa00000000000000ffff')!;
    const notFound = await waitFor(() => (panel.currentState.kind === 'error' ? panel.currentState : undefined), 'an error state');
    assert.equal(notFound.error.title, 'Notification not found');
    assert.deepEqual(notFound.error.actions, ['switchConnection', 'retry']);

    const connection = api.manager.active!;
    await api.context.secrets.store(`novuExplorer.apiKey.${connection.id}`, 'revoked-in-test');
    await waitFor(() => true, 'tick', 50).catch(() => undefined);
    api.setPrompter(new ScriptedPrompter());
    await vscode.commands.executeCommand('novuExplorer.openNotification', F.criticalNotificationId);
    const denied = panelFor(F.criticalNotificationId)!;
    const unauthorized = await waitFor(() => (denied.currentState.kind === 'error' ? denied.currentState : undefined), 'an unauthorized state');
    assert.equal(unauthorized.error.title, 'The API key was rejected');
    assert.deepEqual(unauthorized.error.actions, ['setApiKey', 'showLog']);
    await api.context.secrets.store(`novuExplorer.apiKey.${connection.id}`, sandbox.apiKey);

    await sandbox.close();
    try {
      await denied.load();
      assert.equal(denied.currentState.kind, 'error');
      if (denied.currentState.kind === 'error') {
        assert.equal(denied.currentState.error.title, 'Could not reach the service');
        assert.deepEqual(denied.currentState.error.actions, ['retry', 'showLog']);
      }
    } finally {
      sandbox = await freshSandbox();
      await resetConnections(api);
      await addSandboxConnection(api, sandbox, 'Notifications test');
    }
  });
});
