/**
 * Issue 46, §1, §3 and §6 in a real VS Code: notification tests in the Test Explorer, run by the
 * demo's real @novu/framework app and signed with a fresh Sandbox's key. Case files are written
 * in a folder of the test's own inside the workspace (removed at the end): the demo's own cases,
 * a case the app's schema refuses, the demo's step that throws for FedEx, and bad files. Covered:
 * the tree (file → workflow → case → step) and the feature loaded only once a case file is there; a
 * run with a failing expectation's diff at its place; a snapshot written, broken by a payload
 * change, then updated; a refused payload at its key; a thrown step at the user's own file; the
 * diagnostics of bad files (while edited, and after a run) with the other files still run; a
 * continuous run on save; and the app down: every case errored and the problem said once.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { Sandbox } from '../../src/sandbox';
import type { TestExplorer, TestItemData } from '../../src/testExplorer/testExplorer';
import type { RunReport } from '../../src/testing/runCases';
import { ScriptedPrompter, connectFreshSandbox, freePort, startDemoBridge, waitFor, type DemoBridge } from './helpers';

const ROOT = resolve(__dirname, '..', '..', '..');
const DEMO_CASES = join(ROOT, 'examples', 'demo-app', 'novu-tests');
const DEMO_WORKFLOWS = join(ROOT, 'examples', 'demo-app', 'src', 'novu', 'welcome.ts');

/** Line and character (0-based) where `needle` starts in `text` (its first time from `from`). */
function placeOf(text: string, needle: string, from = 0): { line: number; character: number } {
  const at = text.indexOf(needle, from);
  assert.ok(at >= 0, `${needle} is in the text`);
  const before = text.slice(0, at).split('\n');
  return { line: before.length - 1, character: before.at(-1)!.length };
}

/** An item and its descendants, flat. */
function flat(items: readonly TestItemData[]): TestItemData[] {
  return items.flatMap((i) => [i, ...flat(i.children)]);
}

const REFUSED = `{
  "workflow": "account-welcome",
  "cases": [
    { "name": "<b onmouseover=alert(1)>a plan</b> \u202egold", "payload": { "plan": "gold", "companyName": "Acme" } }
  ]
}
`;

const SHIPPED = `{
  "workflow": "order-shipped",
  "cases": [
    { "name": "names the carrier", "payload": { "orderId": "A-2001", "carrier": "ups", "items": 2 }, "expect": { "shipped-push": { "body": { "contains": "with UPS" } } } },
    { "name": "ships with FedEx", "payload": { "orderId": "A-2002", "carrier": "fedex" } }
  ]
}
`;

const BAD = `{
  "workflow": "account-welcome",
  "cases": [
    { "name": "a key with a typo", "paylod": { "plan": "team" } },
    { "name": "a snapshot that is not a boolean", "snapshot": "yes" },
    { "name": "twice" },
    { "name": "twice" },
    { "name": "a step the app does not have", "expect": { "welcome-push": { "title": { "contains": "x" } } } },
    { "name": "a subscriber the connection does not have", "subscriber": { "subscriberId": "nobody-such" } },
    { "name": "still runs", "payload": { "plan": "free", "companyName": "Initech", "ownerName": "Lin" } }
  ]
}
`;

const BROKEN = `{
  "workflow": "account-welcome",
  "cases": [ { "name": "x", } ]
}
`;

describe('notification tests in the Test Explorer', function () {
  this.timeout(90_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;
  let app: DemoBridge;
  let folder: vscode.Uri;
  let tests: TestExplorer;
  const prompter = new ScriptedPrompter();
  const uri = (name: string) => vscode.Uri.joinPath(folder, name);
  const write = (name: string, text: string) => vscode.workspace.fs.writeFile(uri(name), new TextEncoder().encode(text));
  const read = async (name: string) => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri(name)));
  const setBridge = (url: string | undefined) => vscode.workspace.getConfiguration('novuExplorer').update('preview.bridgeUrl', url, vscode.ConfigurationTarget.Global);
  const welcomeText = readFileSync(join(DEMO_CASES, 'account-welcome.novu-test.json'), 'utf8');

  /** The items of one of the test's files (its file item). */
  const fileItem = (name: string) => tests.itemsData().find((i) => i.label.endsWith(`/${name}`));
  const caseId = (file: string, name: string) => flat(fileItem(file)?.children ?? []).find((i) => i.kind === 'case' && i.label === name)!.id;

  before(async () => {
    ({ api, sandbox } = await connectFreshSandbox('Development'));
    app = await startDemoBridge(sandbox.apiKey);
    await setBridge(app.url);
    api.setPrompter(prompter);
    const workspace = vscode.workspace.workspaceFolders?.[0];
    assert.ok(workspace, 'the integration VS Code opens a folder');
    folder = vscode.Uri.joinPath(workspace.uri, `novu-tests-${Math.random().toString(36).slice(2, 8)}`);
    await vscode.workspace.fs.createDirectory(folder);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    api.setPrompter(undefined);
    if (folder) await vscode.workspace.fs.delete(folder, { recursive: true, useTrash: false });
    await setBridge(undefined);
    await app?.stop();
    await sandbox?.close();
  });

  it('loads once a case file appears, and shows file → workflow → case → step; a run of the demo’s cases passes two, fails the one that fails on purpose with its diff at its expectation, and writes the snapshot [smoke]', async () => {
    // No case file in the workspace: the feature's code is not loaded.
    assert.equal(api.tests, undefined);
    await write('welcome.novu-test.json', welcomeText);
    tests = await waitFor(() => api.tests, 'the tests feature, started by the case file');
    // The app's steps come with the discover that follows.
    const file = await waitFor(() => {
      const f = fileItem('welcome.novu-test.json');
      return f?.children[0]?.children[0]?.children.length ? f : undefined;
    }, 'the tree with its steps');
    assert.equal(file.kind, 'file');
    const [workflow] = file.children;
    assert.deepEqual([workflow!.kind, workflow!.label, workflow!.line], ['workflow', 'account-welcome', placeOf(welcomeText, '"account-welcome"').line]);
    assert.deepEqual(
      workflow!.children.map((c) => [c.kind, c.label, c.line]),
      ['greets the subscriber by first name', 'falls back to the name given at sign-up', 'says the trial length in the SMS'].map((name) => ['case', name, placeOf(welcomeText, `"name": "${name}"`).line - 1]),
    );
    const steps = workflow!.children[0]!.children;
    assert.deepEqual(steps.map((s) => [s.kind, s.label, s.description]).sort(), [
      ['step', 'upgrade-nudge', 'in_app'],
      ['step', 'welcome-email', 'email'],
      ['step', 'welcome-in-app', 'in_app'],
      ['step', 'welcome-sms', 'sms'],
    ]);
    // The case's step with expectations has its place there.
    assert.equal(steps.find((s) => s.label === 'welcome-sms')!.line, placeOf(welcomeText, '"welcome-sms": { "text": { "matches"').line);

    // No snapshot kept yet: Update Snapshot is offered on no item.
    assert.deepEqual(await tests.snapshotItems(), []);
    const report = await tests.run([file.id]);
    assert.ok(report);
    assert.deepEqual(report.counts, { passed: 2, failed: 1, errored: 0, skipped: 0 }, tests.lastOutput);
    const failed = tests.results.get(caseId('welcome.novu-test.json', 'says the trial length in the SMS'))!;
    assert.equal(failed.status, 'failed');
    const [diff] = failed.messages;
    assert.equal(diff!.message, 'welcome-sms: The text does not contain 14-day trial.');
    assert.equal(diff!.expected, '14-day trial');
    assert.equal(diff!.actual, 'Hi Ada, welcome to Acme! Reply STOP to opt out.');
    const contains = placeOf(welcomeText, '"contains": "14-day trial"');
    assert.deepEqual(diff!.location, { uri: uri('welcome.novu-test.json').toString(), ...contains });
    // The step's own item failed with it; the others of the case passed.
    const smsStep = flat(fileItem('welcome.novu-test.json')!.children).find((i) => i.kind === 'step' && i.label === 'welcome-sms' && i.id.includes('says the trial'))!;
    assert.equal(tests.results.get(smsStep.id)?.status, 'failed');
    assert.equal(tests.results.get(caseId('welcome.novu-test.json', 'greets the subscriber by first name'))?.status, 'passed');
    assert.ok((tests.results.get(caseId('welcome.novu-test.json', 'greets the subscriber by first name'))?.durationMs ?? -1) >= 0);

    // The first run writes the snapshot beside the case file, and says so; warnings and the keys not set are in the output.
    const snapshot = await read('welcome.novu-test.snap.json');
    assert.match(snapshot, /"subject": "Welcome to Globex, Grace!"/);
    assert.match(tests.lastOutput, /Snapshot written: 4 steps, in novu-tests-\w+\/welcome\.novu-test\.snap\.json\./);
    assert.match(tests.lastOutput, /warning, welcome-email: border-radius is not supported by/);
    assert.match(tests.lastOutput, /2 keys of the payload not set by the case \(fixed samples fill them\): ownerName, ctaUrl/);
    assert.match(tests.lastOutput, /3 cases: 2 passed, 1 failed \(\d+ ms\)/);
  });

  it('shows Run and Debug lenses in a case file with each case’s last result, and a case’s Run lens runs that case alone, the others’ results kept', async () => {
    // The provider as VS Code asks it (an open editor would hold the file's text for the tests after
    // this one; the UI test sees the lenses drawn).
    const lensesOf = async () => (await tests.lenses.provideCodeLenses({ uri: uri('welcome.novu-test.json') } as vscode.TextDocument)) ?? [];
    const titlesAt = (lenses: vscode.CodeLens[], line: number) => lenses.filter((l) => l.range.start.line === line).map((l) => l.command!.title.replace(/\d+(\.\d)? m?s$/, 'T'));
    const workflowLine = placeOf(welcomeText, '"account-welcome"').line;
    const caseLine = (name: string) => placeOf(welcomeText, `"name": "${name}"`).line - 1;
    let lenses = await lensesOf();
    // The file's cases (2 passed, 1 failed in the run before), then each case: Run, Debug, its result.
    assert.deepEqual(titlesAt(lenses, workflowLine), ['$(run-all) Run All', '$(debug-alt) Debug All', '$(pass) 2 passed, $(error) 1 failed']);
    assert.deepEqual(titlesAt(lenses, caseLine('greets the subscriber by first name')), ['$(run) Run', '$(debug-alt) Debug', '$(pass) Passed in T']);
    const failing = lenses.filter((l) => l.range.start.line === caseLine('says the trial length in the SMS'));
    assert.deepEqual(failing.map((l) => l.command!.title.replace(/\d+(\.\d)? m?s$/, 'T')), ['$(run) Run', '$(debug-alt) Debug', '$(error) Failed in T']);
    // The failure's words in the tooltip (plain text), never in the title; the result shows the item in the Test Explorer.
    assert.equal(failing[2]!.command!.tooltip, 'welcome-sms: The text does not contain 14-day trial.');
    assert.equal(failing[2]!.command!.command, 'vscode.revealTestInExplorer');
    assert.equal((failing[2]!.command!.arguments?.[0] as vscode.TestItem).id, caseId('welcome.novu-test.json', 'says the trial length in the SMS'));

    // The failing case's Run lens: that case alone runs; the file's other results stay on their lenses.
    const report = await vscode.commands.executeCommand<RunReport | undefined>(failing[0]!.command!.command, ...(failing[0]!.command!.arguments ?? []));
    assert.deepEqual(report?.counts, { passed: 0, failed: 1, errored: 0, skipped: 0 }, tests.lastOutput);
    lenses = await lensesOf();
    assert.deepEqual(titlesAt(lenses, caseLine('greets the subscriber by first name')), ['$(run) Run', '$(debug-alt) Debug', '$(pass) Passed in T']);
    assert.deepEqual(titlesAt(lenses, workflowLine).at(-1), '$(pass) 2 passed, $(error) 1 failed');

    // A lens drawn for a case since removed: said, and nothing runs.
    const before = prompter.messages.length;
    assert.equal(await vscode.commands.executeCommand(failing[0]!.command!.command, '<case> ["gone"]'), undefined);
    assert.deepEqual(prompter.messages.slice(before).map((m) => m.text), ['That case is no longer in its file: run it from the Test Explorer.']);
  });

  it('offers Update Snapshot only on a case whose snapshot is kept or changed, and says why elsewhere', async () => {
    const greets = caseId('welcome.novu-test.json', 'greets the subscriber by first name');
    const fallsBack = caseId('welcome.novu-test.json', 'falls back to the name given at sign-up');
    // The Testing view's context menu: the case with "snapshot": true and a kept snapshot, its steps, and its file (all its snapshot cases); no other.
    const offered = await tests.snapshotItems();
    assert.deepEqual([...offered].sort(), [greets, ...[...tests.itemById(greets)!.children].map(([id]) => id), fileItem('welcome.novu-test.json')!.id].sort());
    const menu = (vscode.extensions.all.find((e) => e.packageJSON?.contributes?.menus?.['testing/item/context'])!.packageJSON as { contributes: { menus: Record<string, { command: string; when: string }[]> } }).contributes.menus['testing/item/context']!;
    assert.equal(menu.find((m) => m.command === 'novuExplorer.tests.updateSnapshot')?.when, 'controllerId == novuExplorer.tests && testId in novuExplorer.tests.snapshotItems');
    // A case without "snapshot": true, given as the menu would, or at the cursor from the palette: said why, nothing run.
    const noSnapshot = '"falls back to the name given at sign-up" has no snapshot: add "snapshot": true to the case, and its next run writes one.';
    const said = prompter.messages.length;
    assert.equal(await vscode.commands.executeCommand('novuExplorer.tests.updateSnapshot', tests.itemById(fallsBack)), undefined);
    // (In a copy of the file: an editor's document outlives the editor, and the next test writes welcome's file.)
    await write('offer.novu-test.json', welcomeText);
    try {
      await waitFor(() => fileItem('offer.novu-test.json'), 'the copy’s item');
      const editor = await vscode.window.showTextDocument(uri('offer.novu-test.json'));
      const inside = editor.document.positionAt(welcomeText.indexOf('"falls back to the name given at sign-up"'));
      editor.selection = new vscode.Selection(inside, inside);
      assert.equal(await vscode.commands.executeCommand('novuExplorer.tests.updateSnapshot'), undefined);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    } finally {
      await vscode.workspace.fs.delete(uri('offer.novu-test.json'));
    }
    // From the palette without a case at hand, after a run where no snapshot changed.
    assert.deepEqual((await tests.run([greets]))?.counts, { passed: 1, failed: 0, errored: 0, skipped: 0 });
    assert.equal(await vscode.commands.executeCommand('novuExplorer.tests.updateSnapshot'), undefined);
    assert.deepEqual(
      prompter.messages.slice(said).map((m) => m.text),
      [noSnapshot, noSnapshot, 'No case’s snapshot changed in the last run: put the cursor in a case with "snapshot": true to update it.'],
    );
  });

  it('fails a case whose output changed from its snapshot with a diff, and Update Snapshot accepts the new output', async () => {
    const changed = welcomeText.replace('"plan": "team", "companyName": "Globex"', '"plan": "enterprise", "companyName": "Globex"');
    assert.notEqual(changed, welcomeText);
    await write('welcome.novu-test.json', changed);
    const id = caseId('welcome.novu-test.json', 'greets the subscriber by first name');
    const report = await tests.run([id]);
    assert.deepEqual(report?.counts, { passed: 0, failed: 1, errored: 0, skipped: 0 }, tests.lastOutput);
    const result = tests.results.get(id)!;
    assert.equal(result.status, 'failed');
    const email = result.messages.find((m) => m.message.startsWith('welcome-email: What `welcome-email` sends differs from its snapshot'))!;
    assert.ok(email, result.messages.map((m) => m.message).join('\n'));
    assert.match(email.expected!, /Your <b>team<\/b> plan/);
    assert.match(email.actual!, /Your <b>enterprise<\/b> plan/);
    assert.equal(email.location!.line, placeOf(changed, '"name": "greets the subscriber by first name"').line);
    // The SMS does not name the plan: its snapshot still matches.
    assert.ok(!result.messages.some((m) => m.message.startsWith('welcome-sms')));

    // As the Test Explorer's context menu calls it: with the case's item.
    const updated = (await vscode.commands.executeCommand('novuExplorer.tests.updateSnapshot', tests.itemById(id))) as Awaited<ReturnType<TestExplorer['run']>>;
    assert.deepEqual(updated?.counts, { passed: 1, failed: 0, errored: 0, skipped: 0 }, tests.lastOutput);
    assert.match(tests.lastOutput, /Snapshot updated: 3 steps, in novu-tests-\w+\/welcome\.novu-test\.snap\.json\./);
    const snapshot = await read('welcome.novu-test.snap.json');
    assert.match(snapshot, /Your <b>enterprise<\/b> plan/);
    assert.doesNotMatch(snapshot, /Your <b>team<\/b> plan/);
    // And the next run passes with it.
    assert.deepEqual((await tests.run([id]))?.counts, { passed: 1, failed: 0, errored: 0, skipped: 0 });

    // An entry of a case renamed since: kept by an update of one case, removed by Update Snapshot on the file (issue 51, §16).
    const stored = JSON.parse(await read('welcome.novu-test.snap.json')) as { cases: Record<string, unknown> };
    stored.cases['a case renamed since'] = stored.cases['greets the subscriber by first name'];
    await write('welcome.novu-test.snap.json', `${JSON.stringify(stored, null, 2)}\n`);
    await vscode.commands.executeCommand('novuExplorer.tests.updateSnapshot', tests.itemById(id));
    assert.match(await read('welcome.novu-test.snap.json'), /a case renamed since/);
    await vscode.commands.executeCommand('novuExplorer.tests.updateSnapshot', tests.itemById(fileItem('welcome.novu-test.json')!.id));
    assert.match(tests.lastOutput, /Obsolete snapshot removed: 1 case renamed or removed, in novu-tests-\w+\/welcome\.novu-test\.snap\.json\./);
    assert.deepEqual(Object.keys((JSON.parse(await read('welcome.novu-test.snap.json')) as { cases: object }).cases), ['greets the subscriber by first name']);
  });

  it('says a payload the app refuses at its key in the case file', async () => {
    await write('refused.novu-test.json', REFUSED);
    await waitFor(() => fileItem('refused.novu-test.json')?.children[0]?.children[0], 'the refused case’s item');
    // A hostile name: shown as text, its direction control as an escape, in the tree, the results and the output.
    const id = caseId('refused.novu-test.json', '<b onmouseover=alert(1)>a plan</b> \\u202Egold');
    const report = await tests.run([id]);
    assert.deepEqual(report?.counts, { passed: 0, failed: 1, errored: 0, skipped: 0 }, tests.lastOutput);
    const messages = tests.results.get(id)!.messages;
    const atKey = messages.find((m) => m.location?.line === placeOf(REFUSED, '"plan": "gold"').line && m.location.character === placeOf(REFUSED, '"plan": "gold"').character);
    assert.ok(atKey, messages.map((m) => `${m.message} @${JSON.stringify(m.location)}`).join('\n'));
    assert.deepEqual(atKey.location, { uri: uri('refused.novu-test.json').toString(), ...placeOf(REFUSED, '"plan": "gold"') });
    assert.match(atKey.message, /plan/);
    // Said once for the case, naming every step it stopped.
    assert.match(atKey.message, /^welcome-email, welcome-in-app, welcome-sms, upgrade-nudge: /);
    const shown = { labels: JSON.stringify(flat(tests.itemsData()).map((i) => [i.label, i.description, i.error])), results: JSON.stringify([...tests.results.values()]), output: tests.lastOutput };
    for (const [where, text] of Object.entries(shown)) assert.ok(!text.includes('\u202e'), `no direction control as itself in the ${where}: ${text}`);
    assert.match(tests.lastOutput, /✗ <b onmouseover=alert\(1\)>a plan<\/b> \\u202Egold/);
  });

  it('places a step that threw at the first frame of the user’s own code', async () => {
    await write('shipped.novu-test.json', SHIPPED);
    await waitFor(() => fileItem('shipped.novu-test.json')?.children[0]?.children[1], 'the shipped cases’ items');
    const report = await tests.run([fileItem('shipped.novu-test.json')!.id]);
    assert.deepEqual(report?.counts, { passed: 1, failed: 1, errored: 0, skipped: 0 }, tests.lastOutput);
    const [threw] = tests.results.get(caseId('shipped.novu-test.json', 'ships with FedEx'))!.messages;
    assert.match(threw!.message, /^shipped-chat: `shipped-chat` threw: No tracking link for carrier "fedex"/);
    assert.equal(threw!.location?.uri, vscode.Uri.file(DEMO_WORKFLOWS).toString());
    assert.equal(threw!.location?.line, placeOf(readFileSync(DEMO_WORKFLOWS, 'utf8'), 'throw new Error(`No tracking link').line);
  });

  it('shows true durations after a run of many cases: each item’s time (its own, or else its children’s sum, as VS Code shows a parent) within the run’s', async () => {
    // Issue 51, item 15: a file of 1,000 cases was shown as 9,923.1 s after a run of 24.2 s.
    const cases = Array.from({ length: 40 }, (_, i) => ({ name: `order ${i}`, payload: { orderId: `A-${3000 + i}`, carrier: 'ups', items: 1 } }));
    await write('many.novu-test.json', JSON.stringify({ workflow: 'order-shipped', cases }));
    try {
      await waitFor(() => fileItem('many.novu-test.json')?.children[0]?.children[39]?.children.length, 'the 40 cases’ items with their steps');
      const started = performance.now();
      const report = await tests.run([fileItem('many.novu-test.json')!.id]);
      const wallMs = performance.now() - started;
      assert.equal(report?.counts.passed, 40, tests.lastOutput);
      const shown = (item: TestItemData): number => tests.results.get(item.id)?.durationMs ?? item.children.reduce((sum, child) => sum + shown(child), 0);
      const items = flat([fileItem('many.novu-test.json')!]);
      assert.equal(items.length, 1 + 1 + 40 * 4);
      for (const item of items) assert.ok(shown(item) <= wallMs, `${item.kind} ${item.label}: ${shown(item)} ms shown after a run of ${Math.round(wallMs)} ms`);
      // The file and its workflow have a time of their own, and each case and step has one.
      for (const item of items) assert.equal(typeof tests.results.get(item.id)?.durationMs, 'number', `${item.kind} ${item.label} has its own time`);
    } finally {
      await vscode.workspace.fs.delete(uri('many.novu-test.json'));
      await waitFor(() => !fileItem('many.novu-test.json'), 'the file’s items gone');
    }
  });

  it('says each problem of a bad case file at its place, as it is edited and after a run, and still runs the other cases and files', async () => {
    await write('bad.novu-test.json', BAD);
    await write('broken.novu-test.json', BROKEN);
    const problems = (name: string, count: number) => {
      // Ours (the JSON schema's own, of an open file, are VS Code's JSON support's).
      const now = () => vscode.languages.getDiagnostics(uri(name)).filter((x) => x.source === 'Novu tests').map((x) => [x.range.start.line, x.range.start.character, x.message, x.severity === vscode.DiagnosticSeverity.Error ? 'error' : 'other'] as const);
      return waitFor(() => now().length === count && now(), `${count} problems of ${name}`).catch((error: Error) => assert.fail(`${error.message}; there are: ${JSON.stringify(now())}`));
    };
    const at = (needle: string, from = 0) => {
      const { line, character } = placeOf(BAD, needle, from);
      return [line, character] as const;
    };
    const byLine = (list: readonly (readonly unknown[])[]) => [...list].sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number));
    const notJson = 'Not JSON: A comma before a closing brace: JSON allows none.';
    const comma = placeOf(BROKEN, '} ]');
    assert.deepEqual(await problems('broken.novu-test.json', 1), [[comma.line, comma.character, notJson, 'error']]);
    assert.equal((await waitFor(() => fileItem('broken.novu-test.json'), 'the broken file’s item')).error, notJson);

    // Before a run: what the file says, and what the last discover knows (the app's steps).
    const secondTwice = BAD.indexOf('"twice"', BAD.indexOf('"twice"') + 1);
    const ownProblems = [
      [...at('"paylod"'), 'cases.0: the key "paylod" is not one the case format knows. Did you mean "payload"?', 'error'],
      [...at('"yes"'), 'cases.1.snapshot: true or false is expected.', 'error'],
      [...at('"twice"', secondTwice), 'Another case of this file is named "twice": each case needs a name of its own (its snapshot is kept by name).', 'error'],
      [...at('"welcome-push"'), '"account-welcome" has no step "welcome-push" (its steps: welcome-email, welcome-in-app, welcome-sms, upgrade-nudge).', 'error'],
    ];
    assert.deepEqual(byLine(await problems('bad.novu-test.json', 4)), ownProblems);
    const caseItems = fileItem('bad.novu-test.json')!.children[0]!.children;
    assert.equal(caseItems.find((c) => c.label === 'a key with a typo')!.error, 'cases.0: the key "paylod" is not one the case format knows. Did you mean "payload"?');
    assert.equal(caseItems.filter((c) => c.label === 'twice').length, 2, 'two cases of one name are two items');

    // A run of everything: the bad cases error with their reasons; the good ones of the same file, and every other file, run.
    const report = await tests.run();
    const bad = report!.files.find((f) => f.path === uri('bad.novu-test.json').toString())!;
    assert.deepEqual(bad.cases.map((c) => [c.name, c.status]), [
      ['a key with a typo', 'errored'],
      ['a snapshot that is not a boolean', 'errored'],
      ['twice', 'passed'],
      ['twice', 'errored'],
      ['a step the app does not have', 'errored'],
      ['a subscriber the connection does not have', 'errored'],
      ['still runs', 'passed'],
    ]);
    assert.deepEqual(
      report!.files.filter((f) => f !== bad).map((f) => [f.path.slice(f.path.lastIndexOf('/') + 1), f.cases.length]).sort(),
      [['broken.novu-test.json', 0], ['refused.novu-test.json', 1], ['shipped.novu-test.json', 2], ['welcome.novu-test.json', 3]],
    );
    assert.deepEqual(report!.counts, { passed: 2 + 1 + 2, failed: 1 + 1 + 1, errored: 5, skipped: 0 }, tests.lastOutput);
    const typo = tests.results.get(caseId('bad.novu-test.json', 'a key with a typo'))!;
    assert.equal(typo.status, 'errored');
    assert.deepEqual(typo.messages.map((m) => [m.message, m.location?.line, m.location?.character]), [['cases.0: the key "paylod" is not one the case format knows. Did you mean "payload"?', ...at('"paylod"')]]);
    // After the run, what needs the connection too: the subscriber it does not have.
    const withSubscriber = [...ownProblems, [...at('"nobody-such"'), 'The connection has no subscriber "nobody-such".', 'error']];
    assert.deepEqual(byLine(await problems('bad.novu-test.json', 5)), withSubscriber);

    // Edited, not saved: said again after the debounce, at the new places; the file on disk is never written.
    const document = await vscode.workspace.openTextDocument(uri('bad.novu-test.json'));
    const editor = await vscode.window.showTextDocument(document);
    await editor.edit((edit) => edit.insert(document.positionAt(BAD.indexOf('{ "name": "still runs"') + 1), ' "colour": "red",'));
    const edited = await problems('bad.novu-test.json', 6);
    assert.deepEqual(edited.find(([, , message]) => message.includes('colour')), [...at('"name": "still runs"'), 'cases.6: the key "colour" is not one the case format knows.', 'error']);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    assert.equal(await read('bad.novu-test.json'), BAD);
    assert.deepEqual(byLine(await problems('bad.novu-test.json', 5)), withSubscriber);
  });

  it('says a workflow neither the app nor the connection has at the file’s workflow after a run, with the nearest id and a quick fix; an unknown key’s quick fix too', async () => {
    const typo = '{\n  "workflow": "acount-welcome",\n  "cases": [ { "name": "spelled wrong" } ]\n}\n';
    await write('typo.novu-test.json', typo);
    try {
      const id = await waitFor(() => fileItem('typo.novu-test.json') && caseId('typo.novu-test.json', 'spelled wrong'), 'the typo file’s case');
      // Before a run it may be the dashboard's: no problem said yet.
      assert.deepEqual(vscode.languages.getDiagnostics(uri('typo.novu-test.json')).filter((d) => d.source === 'Novu tests'), []);
      const report = await tests.run([id]);
      assert.deepEqual(report?.counts, { passed: 0, failed: 0, errored: 1, skipped: 0 }, tests.lastOutput);
      const message = 'Neither your app nor Development has a workflow "acount-welcome". Did you mean "account-welcome"?';
      const said = await waitFor(() => vscode.languages.getDiagnostics(uri('typo.novu-test.json')).find((d) => d.source === 'Novu tests'), 'the unknown workflow’s diagnostic');
      const start = placeOf(typo, '"acount-welcome"');
      assert.deepEqual([said.message, said.severity, said.range.start.line, said.range.start.character, said.range.end.character], [message, vscode.DiagnosticSeverity.Error, start.line, start.character, start.character + '"acount-welcome"'.length]);
      assert.equal(tests.results.get(id)?.messages[0]?.message, message);
      // Its quick fix puts the nearest id in its place; the problem goes with the next read.
      const document = await vscode.workspace.openTextDocument(uri('typo.novu-test.json'));
      const actions = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, said.range)).filter((a) => a.title.startsWith('Change to'));
      assert.deepEqual(actions.map((a) => a.title), ['Change to "account-welcome"']);
      assert.ok(await vscode.workspace.applyEdit(actions[0]!.edit!));
      assert.match(document.getText(), /"workflow": "account-welcome"/);
      await waitFor(() => vscode.languages.getDiagnostics(uri('typo.novu-test.json')).every((d) => d.source !== 'Novu tests'), 'no problem once it is mended');
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      // A key the format does not know: its quick fix too.
      const bad = await vscode.workspace.openTextDocument(uri('bad.novu-test.json'));
      const key = placeOf(BAD, '"paylod"');
      const keyRange = new vscode.Range(key.line, key.character, key.line, key.character + '"paylod"'.length);
      const keyActions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', bad.uri, keyRange);
      assert.ok(keyActions.some((a) => a.title === 'Change to "payload"'), keyActions.map((a) => a.title).join(', '));
    } finally {
      await vscode.workspace.fs.delete(uri('typo.novu-test.json'));
    }
  });

  it('runs a saved case file’s cases again while a continuous run is on, every case of its scope after a save of the app’s code, and a saved workflow’s cases only', async () => {
    const continuous = tests.startContinuous([fileItem('shipped.novu-test.json')!.id, fileItem('refused.novu-test.json')!.id]);
    const nextRun = () =>
      new Promise<Awaited<ReturnType<TestExplorer['run']>>>((resolveRun) => {
        const listener = tests.onDidRun((report) => {
          listener.dispose();
          resolveRun(report);
        });
      });
    try {
      let ran = nextRun();
      const document = await vscode.workspace.openTextDocument(uri('shipped.novu-test.json'));
      const editor = await vscode.window.showTextDocument(document);
      const ups = SHIPPED.indexOf('"with UPS"');
      await editor.edit((edit) => edit.replace(new vscode.Range(document.positionAt(ups), document.positionAt(ups + '"with UPS"'.length)), '"with DHL"'));
      await document.save();
      let report = await ran;
      assert.deepEqual(report?.files.map((f) => f.path), [uri('shipped.novu-test.json').toString()]);
      assert.deepEqual(report?.counts, { passed: 0, failed: 2, errored: 0, skipped: 0 }, tests.lastOutput);
      assert.equal(tests.results.get(caseId('shipped.novu-test.json', 'names the carrier'))?.messages[0]?.expected, 'with DHL');

      // A file of the app saved: every case of the run's scope (two files), once the app answers.
      await write('app.ts', 'export const saved = 1;\n');
      ran = nextRun();
      const code = await vscode.workspace.openTextDocument(uri('app.ts'));
      await (await vscode.window.showTextDocument(code)).edit((edit) => edit.insert(new vscode.Position(1, 0), 'export const again = 2;\n'));
      await code.save();
      report = await ran;
      assert.deepEqual(report?.files.map((f) => f.path.slice(f.path.lastIndexOf('/') + 1)).sort(), ['refused.novu-test.json', 'shipped.novu-test.json']);
      assert.deepEqual(report?.counts, { passed: 0, failed: 3, errored: 0, skipped: 0 }, tests.lastOutput);

      // A file that defines a workflow saved: only that workflow's cases run.
      await write('flows.ts', "import { workflow } from '@novu/framework';\nexport const shipped = workflow('order-shipped', async () => {});\n");
      ran = nextRun();
      const flows = await vscode.workspace.openTextDocument(uri('flows.ts'));
      await (await vscode.window.showTextDocument(flows)).edit((edit) => edit.insert(new vscode.Position(2, 0), '// changed\n'));
      await flows.save();
      report = await ran;
      assert.deepEqual(report?.files.map((f) => f.path.slice(f.path.lastIndexOf('/') + 1)), ['shipped.novu-test.json'], 'only order-shipped’s cases');

      // A file that defines two workflows: a change inside one's workflow(…) call runs its cases only;
      // a change outside both (a helper either may use) runs both's.
      const two = "import { workflow } from '@novu/framework';\nconst helper = 1;\nexport const shipped = workflow('order-shipped', async () => {\n  // shipped\n});\nexport const welcome = workflow('account-welcome', async () => {\n  // welcome\n});\n";
      await write('both.ts', two);
      const both = await vscode.workspace.openTextDocument(uri('both.ts'));
      const bothEditor = await vscode.window.showTextDocument(both);
      const savedAfter = async (at: string, insert: string) => {
        ran = nextRun();
        await bothEditor.edit((edit) => edit.insert(both.positionAt(both.getText().indexOf(at)), insert));
        assert.ok(await both.save());
        return (await ran)?.files.map((f) => f.path.slice(f.path.lastIndexOf('/') + 1)).sort();
      };
      assert.deepEqual(await savedAfter('// welcome', '// changed\n  '), ['refused.novu-test.json'], 'only account-welcome’s cases');
      assert.deepEqual(await savedAfter('// shipped', 'void 0;\n  '), ['shipped.novu-test.json'], 'only order-shipped’s cases');
      assert.deepEqual(await savedAfter('const helper', '// a helper\n'), ['refused.novu-test.json', 'shipped.novu-test.json'], 'both, for a change outside their calls');
    } finally {
      continuous.stop();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('after a save of the app’s code, asks an app that restarts again every quarter of a second until it answers, and runs with that answer as its one discover', async () => {
    // An app as tsx watch or nodemon restart one: for a second after the save, nothing answers (each
    // connection dropped); then the demo app does. Every discover that reaches it is counted.
    let down = false;
    const tries: { at: number; answered: boolean }[] = [];
    const upstream = new URL(app.url);
    const restarting: Server = createServer((request, response) => {
      const discover = /[?&]action=discover\b/.test(request.url ?? '');
      if (discover) tries.push({ at: Date.now(), answered: !down });
      if (down) return void request.socket.destroy();
      const out = forward({ host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      out.on('error', () => request.socket.destroy());
      request.pipe(out);
    });
    await new Promise<void>((resolveListen) => restarting.listen(0, '127.0.0.1', resolveListen));
    await setBridge(`http://127.0.0.1:${(restarting.address() as AddressInfo).port}${upstream.pathname}`);
    const continuous = tests.startContinuous([fileItem('shipped.novu-test.json')!.id]);
    try {
      await write('restarts.ts', "import { workflow } from '@novu/framework';\nexport const shipped = workflow('order-shipped', async () => {});\n");
      const ran = new Promise<Awaited<ReturnType<TestExplorer['run']>>>((resolveRun) => {
        const listener = tests.onDidRun((report) => {
          listener.dispose();
          resolveRun(report);
        });
      });
      const flows = await vscode.workspace.openTextDocument(uri('restarts.ts'));
      await (await vscode.window.showTextDocument(flows)).edit((edit) => edit.insert(new vscode.Position(2, 0), '// restarted\n'));
      down = true;
      tries.length = 0;
      assert.ok(await flows.save(), 'saved');
      // Down until it was asked three times (not for a fixed second: on a loaded machine the first ask
      // after the save may come late); the run waits for it up to 20 s.
      const downSince = Date.now();
      while (tries.filter((t) => !t.answered).length < 3 && Date.now() - downSince < 15_000) {
        await new Promise((resolveTick) => setTimeout(resolveTick, 20));
      }
      down = false;
      const report = await ran;
      assert.equal(report?.problem, undefined, tests.lastOutput);
      assert.equal(report?.counts.failed, 2, 'the run ran the file’s cases (both fail on purpose by now)');
      const refused = tries.filter((t) => !t.answered);
      assert.ok(refused.length >= 3, `asked again while it restarted: ${tries.map((t) => t.at - tries[0]!.at).join(', ')} ms`);
      assert.equal(tries.filter((t) => t.answered).length, 1, 'the answer waited for is the run’s one discover');
      const gaps = refused.slice(1).map((t, i) => t.at - refused[i]!.at);
      assert.ok(gaps.every((gap) => gap >= 200), `a quarter of a second between asks, not a busy loop: ${gaps.join(', ')} ms`);
    } finally {
      continuous.stop();
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await setBridge(app.url);
      await new Promise<void>((resolveClosed) => {
        restarting.closeAllConnections();
        restarting.close(() => resolveClosed());
      });
    }
  });

  it('says once that the app does not answer, and marks every case errored, not failed', async () => {
    // A port nothing listens on: the app is down.
    const down = await freePort();
    await setBridge(`http://127.0.0.1:${down}/api/novu`);
    const before = prompter.messages.length;
    try {
      const report = await tests.run([fileItem('welcome.novu-test.json')!.id, fileItem('shipped.novu-test.json')!.id]);
      assert.match(report?.problem ?? '', /^No app answers at 127\.0\.0\.1:\d+ \(connection refused\)\./);
      assert.deepEqual(report?.counts, { passed: 0, failed: 0, errored: 5, skipped: 0 });
      const said = prompter.messages.slice(before);
      assert.deepEqual(said.map((m) => [m.kind, m.text]), [['warning', `Novu notification tests: ${report!.problem}`]]);
      assert.equal(tests.lastOutput.split(report!.problem!).length - 1, 1, tests.lastOutput);
      for (const name of ['greets the subscriber by first name', 'says the trial length in the SMS']) {
        const result = tests.results.get(caseId('welcome.novu-test.json', name))!;
        assert.equal(result.status, 'errored');
        assert.deepEqual(result.messages.map((m) => m.message), ['Not run: the run could not be made (its output says why).']);
      }
    } finally {
      await setBridge(app.url);
    }
  });
});
