/**
 * Issue 46, §2 from Failures by Cause in a real VS Code, against the Sandbox's incident: Save as
 * Test Case… beside a group's run keeps the run's payload and subscriber as a case of its workflow,
 * reading the run once. A file of its own, after notificationTests (the files run in name order):
 * the case file it writes in the workspace starts the Test Explorer, whose loading on a first case
 * file that suite checks.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { Sandbox } from '../../src/sandbox';
import { readCaseFile } from '../../src/testing/caseFile';
import { ScriptedPrompter, connectFreshSandbox, disconnectSandbox, waitFor } from './helpers';

describe('save as test case from Failures by Cause', function () {
  this.timeout(60_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;

  before(async () => {
    ({ api, sandbox } = await connectFreshSandbox('Failures test', { activityEndsAtMs: Date.now(), incident: true }));
  });

  after(async () => {
    api.setPrompter(undefined);
    for (const panel of api.failuresPanels.all) panel.panel.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await disconnectSandbox(api, sandbox);
  });

  it('keeps a run of a group as a test case of its workflow (Save as Test Case… on its row): its payload, without e-mail and phone unless asked, read in one request', async () => {
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    const panel = (await api.openFailures())!;
    const view = await waitFor(() => panel.current && panel.current.read.state !== 'reading' && panel.current, 'the read to settle', 30_000);
    const run = view.groups[0]!.examples[0]!;
    const held = sandbox.state.notifications.find((n) => n._id === run.notificationId)!;
    const workflowId = held.template?.triggers?.[0]?.identifier ?? '';
    const uri = vscode.Uri.joinPath(folder, 'novu-tests', `${workflowId}.novu-test.json`);
    assert.ok(held.subscriber?.email, 'the email group’s run has an address: the case asks whether to keep it');
    const prompter = new ScriptedPrompter([{ input: 'sender identity refused' }, { pick: 'fields' }]);
    api.setPrompter(prompter);
    sandbox.clearRequests();
    try {
      // As the webview asks it (the message the row's button sends, checked by the panel's schema).
      await panel.saveTestCase(run.notificationId);
      assert.deepEqual(sandbox.requests.map((r) => `${r.method} ${r.path}`), [`GET /v1/notifications/${run.notificationId}`], 'the run is read once; nothing is sent');
      const file = readCaseFile(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)));
      assert.equal(file.workflowId, workflowId);
      const saved = file.cases.find((c) => c.name === 'sender identity refused');
      assert.ok(saved, JSON.stringify(file.cases.map((c) => c.name)));
      assert.deepEqual(saved.payload, held.payload ?? {});
      assert.equal(saved.subscriber?.email, undefined, 'no e-mail unless asked');
      assert.equal(saved.subscriber?.phone, undefined, 'no phone unless asked');
      assert.equal(prompter.inputs[0]!.options.value, `run ${held.transactionId}`, 'the name offered says the run');
      assert.equal(prompter.remaining, 0);
    } finally {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, 'novu-tests'), { recursive: true }).then(undefined, () => undefined);
    }
  });
});
