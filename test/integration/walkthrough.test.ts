/** Issue 13: the walkthrough's steps complete when the thing is done, in real VS Code. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import { SANDBOX_FIXTURES as F, type Sandbox } from '../../src/sandbox';
import { NOVU_CLIENT, addSandboxConnection, waitFor, freshStart, disconnectSandbox, revertAndClose } from './helpers';

describe('walkthrough', function () {
  let api: NovuExplorerApi;
  let sandbox: Sandbox;

  before(async () => {
    ({ api, sandbox } = await freshStart());
    // Tests before this one already did some steps in this window.
    api.walkthrough.reset();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await disconnectSandbox(api, sandbox);
  });

  it('opens from its command, "Get started with Novu Explorer"', async () => {
    await vscode.commands.executeCommand('novuExplorer.openWalkthrough');
    await waitFor(() => vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => /Welcome|Walkthrough|Get started/i.test(t.label))), 'the walkthrough editor');
  });

  it('completes "connect your own environment" once a view has loaded from it, not when the command starts', async () => {
    assert.ok(!api.walkthrough.done.has('connected'));
    await addSandboxConnection(api, sandbox, 'Walkthrough test');
    api.subscribers.reload();
    await api.subscribers.getChildren();
    await waitFor(() => api.walkthrough.done.has('connected'), 'the connected step');
    assert.ok(!api.walkthrough.done.has('triedSandbox'), 'an own connection is not the Sandbox');
  });

  it('completes "debug a failed delivery" when a notification with a failed job is opened, not any notification', async () => {
    await vscode.commands.executeCommand('novuExplorer.openNotification', F.digestNotificationId);
    await waitFor(() => api.notificationPanels.all.find((p) => p.notificationId === F.digestNotificationId)?.currentState.kind === 'loaded', 'a delivered notification');
    assert.ok(!api.walkthrough.done.has('debuggedFailure'));
    await vscode.commands.executeCommand('novuExplorer.openNotification', F.failedNotificationId);
    await waitFor(() => api.walkthrough.done.has('debuggedFailure'), 'the debug step');
  });

  it("completes 'edit a subscriber preferences' when the service accepted a change", async () => {
    api.subscribers.setFilter({ subscriberId: F.preferencesSubscriberId });
    const [row] = await api.subscribers.getChildren();
    await vscode.commands.executeCommand('novuExplorer.editPreferences', row);
    api.subscribers.setFilter({});
    const panel = api.preferencesPanels.all.find((p) => p.subscriberId === F.preferencesSubscriberId)!;
    await waitFor(() => panel.state.kind === 'loaded', 'the preferences');
    assert.ok(!api.walkthrough.done.has('editedPreferences'), 'opening is not editing');
    const current = sandbox.state.preferencesOf(F.preferencesSubscriberId)!.global.channels.sms;
    panel.setChannel('sms', !current);
    await waitFor(() => api.walkthrough.done.has('editedPreferences'), 'the preferences step');
  });

  it('completes "see your workflows in your code" when a lens shows a workflow the service holds, not an unknown one', async () => {
    // No editor left whose lenses could resolve on their own meanwhile.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    api.walkthrough.reset();
    // Both documents stay open until the end, so that each has its own URI (an untitled document
    // opened after another was closed gets Untitled-1 again, and a lens request on that URI once
    // came back with the closed one's lenses); then each is closed: an open document naming
    // workflows is checked again (its list read) whenever the connection changes, which would add
    // requests to the tests that count them.
    const opened: vscode.TextDocument[] = [];
    const lenses = async (content: string) => {
      const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content });
      opened.push(doc);
      await vscode.window.showTextDocument(doc);
      return vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri, 10);
    };
    try {
      const unknown = await lenses(`${NOVU_CLIENT}await novu.trigger({ workflowId: 'no-such-workflow', to: 'ada' });\n`);
      assert.ok(unknown.some((l) => l.command?.title.includes('no workflow "no-such-workflow"')), unknown.map((l) => l.command?.title).join(' | '));
      assert.ok(!api.walkthrough.done.has('sawCode'), 'a workflow the service does not have is not it');
      const known = await lenses(`${NOVU_CLIENT}await novu.trigger({ workflowId: '${F.workflowIdentifier}', to: 'ada' });\n`);
      assert.notEqual(opened[1]!.uri.toString(), opened[0]!.uri.toString(), 'two documents, two URIs');
      assert.ok(known.some((l) => /runs failed|no recent run/.test(l.command?.title ?? '')), known.map((l) => l.command?.title).join(' | '));
      await waitFor(() => api.walkthrough.done.has('sawCode'), 'the code step');
    } finally {
      for (const doc of opened.reverse()) await revertAndClose(doc);
    }
  });

  it('completes "try the Sandbox" when the Sandbox has answered', async () => {
    await vscode.commands.executeCommand('novuExplorer.openSandbox');
    await waitFor(() => api.manager.active?.name === 'Sandbox', 'the Sandbox connection', 30_000);
    api.subscribers.reload();
    await api.subscribers.getChildren();
    await waitFor(() => api.walkthrough.done.has('triedSandbox'), 'the sandbox step', 20_000);
  });
});
