/**
 * Issue 37 B3: the preview panel opens and comes back after a window reload through the one panel
 * registry, as the notification, preferences and diagnosis panels do. VS Code's serializer hands
 * the registry a webview panel and the state its webview saved; the test does what VS Code does.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { Sandbox } from '../../src/sandbox';
import { addSandboxConnection, extensionApi, freshSandbox, resetConnections, waitFor } from './helpers';

describe('the preview panel after a window reload', function () {
  this.timeout(60_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;

  before(async () => {
    api = await extensionApi();
    await resetConnections(api);
    sandbox = await freshSandbox();
    await addSandboxConnection(api, sandbox, 'Restore');
  });

  after(async () => {
    for (const panel of api.preview.registry.all) panel.dispose();
    await sandbox?.close();
  });

  it('activates on a preview panel and restores it, for its workflow and connection, through the registry', async () => {
    const activation = (vscode.extensions.getExtension('novuexplorer.novu-explorer')?.packageJSON as { activationEvents: string[] }).activationEvents;
    assert.ok(activation.includes('onWebviewPanel:novuExplorer.preview'), 'VS Code activates the extension to restore a preview panel');
    const connection = api.manager.active!;
    const webviewPanel = vscode.window.createWebviewPanel('novuExplorer.preview', 'Preview: account-welcome', vscode.ViewColumn.Beside, {});
    await api.preview.registry.restore(webviewPanel, { workflowId: 'account-welcome', connectionId: connection.id });
    const restored = await waitFor(() => api.preview.registry.all.find((p) => p.workflowId === 'account-welcome'), 'the preview panel restored');
    assert.equal(restored.panel, webviewPanel, 'shown in the panel VS Code gave back');
    assert.equal(restored.connection.id, connection.id);
    // Opening the same workflow again reveals the restored panel: one panel per connection and workflow.
    const again = await vscode.commands.executeCommand('novuExplorer.previewStep', { workflowId: 'account-welcome' });
    assert.equal(again, restored);
    assert.equal(api.preview.registry.all.length, 1);
    restored.dispose();
    assert.equal(api.preview.registry.all.length, 0, 'closed, it leaves the registry');
  });

  it('closes a restored panel whose state names no connection of this window', async () => {
    const webviewPanel = vscode.window.createWebviewPanel('novuExplorer.preview', 'Preview: gone', vscode.ViewColumn.Beside, {});
    let closed = false;
    webviewPanel.onDidDispose(() => (closed = true));
    await api.preview.registry.restore(webviewPanel, { workflowId: 'gone', connectionId: 'no-such-connection' });
    assert.equal(closed, true);
    assert.equal(api.preview.registry.all.length, 0);
  });
});
