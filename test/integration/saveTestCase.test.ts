/**
 * Issue 46, §2 in a real VS Code: Save as Test Case… from the Preview (its payload and subscriber,
 * e-mail and phone left out unless the user says so) creates the workflow's case file in the
 * workspace and shows it; a second case goes at its end and leaves the user's text as it was; a
 * name the file already has is said at the field; a past run of the Sandbox becomes a case with
 * its payload, and its e-mail only when the user picks that; a file that is not JSON is never touched.
 * The agent's #novuTests runs a workflow's cases, read-only, and gives the failures as data.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { PreviewPanel } from '../../src/preview/previewPanel';
import { SANDBOX_FIXTURES as F, type Sandbox } from '../../src/sandbox';
import { readCaseFile } from '../../src/testing/caseFile';
import { ScriptedPrompter, connectFreshSandbox, disconnectSandbox, startDemoBridge, waitFor, type DemoBridge } from './helpers';

describe('save as test case', function () {
  this.timeout(90_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;
  let app: DemoBridge;
  const folder = () => vscode.workspace.workspaceFolders![0]!.uri;
  const caseFile = () => vscode.Uri.joinPath(folder(), 'novu-tests', 'account-welcome.novu-test.json');
  const read = async (uri: vscode.Uri) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  /** The welcome email's preview, rendered (opened again when an earlier test closed the editors). */
  async function preview(): Promise<PreviewPanel> {
    const panel = (await vscode.commands.executeCommand('novuExplorer.previewStep', { workflowId: 'account-welcome', stepId: 'welcome-email' })) as PreviewPanel;
    await waitFor(() => panel.current.status === 'rendered', 'the first render', 20_000);
    return panel;
  }

  before(async () => {
    ({ api, sandbox } = await connectFreshSandbox('Development'));
    app = await startDemoBridge(sandbox.apiKey);
    await vscode.workspace.getConfiguration('novuExplorer').update('preview.bridgeUrl', app.url, vscode.ConfigurationTarget.Global);
  });

  /** The agent's tool, as the chat calls it; its text. */
  async function invokeTests(input: object): Promise<string> {
    const answer = await vscode.lm.invokeTool('novuExplorer_runTests', { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
    return answer.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
  }

  after(async () => {
    api.setPrompter(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder(), 'novu-tests'), { recursive: true }).then(undefined, () => undefined);
    await vscode.workspace.getConfiguration('novuExplorer').update('preview.bridgeUrl', undefined, vscode.ConfigurationTarget.Global);
    await app?.stop();
    await disconnectSandbox(api, sandbox);
  });

  it('keeps the Preview’s payload and subscriber as a new case file, without e-mail and phone, and shows it [smoke]', async () => {
    const panel = await preview();
    await panel.setPayload({ plan: 'enterprise', companyName: '<b>Globex</b> \u202e' });
    panel.setSubscriber({ _id: 'x', subscriberId: 'ada-l', firstName: 'Ada', email: 'ada@example.com', phone: '+15005550006' } as never);
    await waitFor(() => panel.current.status === 'rendered' && panel.current.subscriber.includes('ada-l'), 'the render for Ada', 20_000);
    const prompter = new ScriptedPrompter([{ input: 'enterprise welcome' }, { pick: 'fields' }]);
    api.setPrompter(prompter);
    const uri = await panel.saveAsTestCase();
    assert.equal(uri?.toString(), caseFile().toString());
    const text = await read(caseFile());
    const file = readCaseFile(text);
    assert.deepEqual(file.problems, []);
    assert.equal(file.workflowId, 'account-welcome');
    assert.deepEqual(
      file.cases.map((c) => ({ name: c.name, payload: c.payload, subscriber: c.subscriber })),
      [{ name: 'enterprise welcome', payload: { plan: 'enterprise', companyName: '<b>Globex</b> \u202e' }, subscriber: { firstName: 'Ada' } }],
    );
    assert.doesNotMatch(text, /ada@example\.com|\+15005550006/, 'no e-mail or phone unless asked');
    assert.equal(prompter.picks[0]!.items.length, 3, 'fields, the ID only, or every field');
    const editor = await waitFor(() => vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === caseFile().toString()), 'the case file shown');
    assert.equal(editor.document.getText(editor.selection), '"enterprise welcome"');
  });

  it('adds a second case at the end, leaves the user’s text as it was, and says a taken name at the field', async () => {
    // The user's own formatting: four spaces and a note in "description".
    const own = '{\n    "workflow": "account-welcome",\n    "description": "mine",\n    "cases": [\n        { "name": "enterprise welcome", "payload": {} }\n    ]\n}\n';
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.fs.writeFile(caseFile(), new TextEncoder().encode(own));
    const panel = await preview();
    const prompter = new ScriptedPrompter([{ input: 'enterprise welcome' }, { input: 'second' }]);
    api.setPrompter(prompter);
    await panel.saveAsTestCase();
    assert.equal(prompter.inputs[0]!.problem, 'This file already has a case named "enterprise welcome".');
    const text = await read(caseFile());
    assert.ok(text.startsWith(own.slice(0, own.lastIndexOf('}\n    ]'))), 'what the user wrote is kept as written');
    const file = readCaseFile(text);
    assert.deepEqual(file.problems, []);
    assert.deepEqual(file.cases.map((c) => c.name), ['enterprise welcome', 'second']);
    assert.equal(file.cases[1]!.payload['companyName'], undefined, 'a new panel: the payload as it opens');
    assert.match(text, /\n {8}\{\n {12}"name": "second"/, 'indented as the file is');
  });

  it('makes a case of a past run, its e-mail only when asked, and never touches a file that is not JSON', async () => {
    const client = (await api.manager.clientFor(api.manager.active!))!;
    const run = await client.getNotification(F.failedNotificationId);
    const workflowId = run.template?.triggers?.[0]?.identifier ?? '';
    const uri = vscode.Uri.joinPath(folder(), 'novu-tests', `${workflowId}.novu-test.json`);
    const prompter = new ScriptedPrompter(run.subscriber?.email || run.subscriber?.phone ? [{ input: 'regression' }, { pick: 'fields' }] : [{ input: 'regression' }]);
    api.setPrompter(prompter);
    const saved = await api.preview.saveRunAsTestCase(run).catch((e: unknown) => assert.fail(`${String(e)}; asked: ${JSON.stringify(prompter.inputs.map((i) => i.options.title))} ${JSON.stringify(prompter.picks.map((p) => p.title))}; subscriber ${JSON.stringify(run.subscriber)}`));
    assert.equal(saved?.toString(), uri.toString());
    const file = readCaseFile(await read(uri));
    assert.equal(prompter.inputs[0]!.options.value, `run ${run.transactionId}`, 'the name offered first says the run');
    assert.deepEqual(file.cases[0]!.payload, run.payload ?? {});
    assert.equal(file.cases[0]!.subscriber?.email, undefined);

    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const broken = '{ "workflow": "account-welcome", "cases": [ ';
    await vscode.workspace.fs.writeFile(caseFile(), new TextEncoder().encode(broken));
    api.setPrompter(new ScriptedPrompter([]));
    assert.equal(await (await preview()).saveAsTestCase(), undefined);
    assert.equal(await read(caseFile()), broken);
  });

  it('runs a workflow’s cases for the agent (#novuTests), read-only, the failures as data with their lines', async () => {
    const text = JSON.stringify(
      {
        workflow: 'account-welcome',
        cases: [
          { name: 'passes', payload: { companyName: 'Globex' }, subscriber: { firstName: 'Ada', email: 'ada@example.com' }, expect: { 'welcome-email': { subject: { contains: 'Globex' } } }, snapshot: true },
          { name: '<img src=x onerror=alert(1)> fails', payload: { companyName: 'Initech' }, expect: { 'welcome-email': { subject: { contains: 'Globex' } } } },
        ],
      },
      null,
      2,
    );
    await vscode.workspace.fs.writeFile(caseFile(), new TextEncoder().encode(text));
    const before = sandbox.requests.length;
    const answer = await invokeTests({ workflowId: 'account-welcome' });
    assert.match(answer, /^Connection "Development"/);
    assert.match(answer, /Ran 2 cases of 1 case file against the user’s app: 1 passed, 1 failed, 0 errored, 0 skipped/);
    assert.match(answer, /3 snapshots are not written yet: this tool writes nothing/);
    const data = answer.slice(answer.indexOf('```json'), answer.lastIndexOf('```')).split('\n').slice(1).filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(data.length, 1);
    assert.equal(data[0]!['case'], '<img src=x onerror=alert(1)> fails');
    const failures = (data[0]!['failures'] as { step: string; failures: { expected: string; actual: string; line: number }[] }[])[0]!;
    assert.equal(failures.step, 'welcome-email');
    assert.equal(failures.failures[0]!.expected, 'Globex');
    assert.match(failures.failures[0]!.actual, /^Welcome to Initech/);
    assert.equal(text.split('\n')[failures.failures[0]!.line - 1]!.trim(), '"contains": "Globex"');
    assert.equal(await vscode.workspace.fs.stat(vscode.Uri.joinPath(folder(), 'novu-tests', 'account-welcome.novu-test.snap.json')).then(() => true, () => false), false, 'no snapshot written');
    assert.equal(sandbox.requests.slice(before).filter((r) => r.method !== 'GET').length, 0, 'nothing sent to the service');
    assert.match(await invokeTests({ file: 'novu-tests/none.novu-test.json' }), /FAILED: no test case ran/);
  });
});
