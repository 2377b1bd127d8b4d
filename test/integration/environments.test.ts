/**
 * Issue 52 in a real VS Code: Compare Environments… from the Sandbox to its Production (the demo's
 * two built-in connections), through the real command, picks, view and diff editor. The target is
 * Production by default (§10.1, from the environments' list); the view shows every planned mark and
 * finding; the reads are GETs only; no key is in the tree, the diff documents or the log; the same
 * environment twice is refused; a rejected key names its side and compares nothing; a workflow
 * answering 500 is listed as could not read while the rest is compared.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { Sandbox } from '../../src/sandbox';
import type { TreeNode } from '../../src/ui/treeNodes';
import { PLANNED_COUNTS, PLANNED_FINDINGS, PLANNED_LAYOUTS, PLANNED_WORKFLOWS } from '../unit/compare/sandboxPlan';
import { ScriptedPrompter, addSandboxConnection, extensionApi, resetConnections, waitFor } from './helpers';

/** Every row below `nodes` with its depth: label, description and tooltip as the view has them. */
async function rows(nodes: readonly TreeNode[], depth = 0): Promise<{ depth: number; label: string; description: string; tooltip: string; item: vscode.TreeItem }[]> {
  const out: { depth: number; label: string; description: string; tooltip: string; item: vscode.TreeItem }[] = [];
  for (const node of nodes) {
    const item = node.treeItem();
    const text = (v: unknown) => (typeof v === 'string' ? v : v instanceof vscode.MarkdownString ? v.value : typeof v === 'object' && v && 'label' in v ? String((v as { label: unknown }).label) : '');
    out.push({ depth, label: text(item.label), description: text(item.description), tooltip: text(item.tooltip), item });
    out.push(...(await rows((await node.children?.()) ?? [], depth + 1)));
  }
  return out;
}

describe('Compare Environments', function () {
  this.timeout(60_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;
  const log: string[] = [];

  before(async () => {
    api = await extensionApi();
    await resetConnections(api);
    await api.manager.switchTo('sandbox');
    sandbox = await api.sandbox.ensure();
    api.log.onDidWrite(({ line }) => log.push(line));
  });

  afterEach(async () => {
    sandbox.setFaults({});
    api.setPrompter(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await resetConnections(api);
    // The comparison revealed the Novu side bar: leave the window as the next suite expects it (its
    // Activity view, shown, would hold the next suite's notifications, and its panels open from them).
    await vscode.commands.executeCommand('workbench.view.explorer');
  });

  const compare = async (answers: ConstructorParameters<typeof ScriptedPrompter>[0]) => {
    const prompter = new ScriptedPrompter(answers);
    api.setPrompter(prompter);
    await vscode.commands.executeCommand('novuExplorer.compareEnvironments');
    return prompter;
  };

  it('#novuCompare compares by itself when the window has none: the active connection to its organization’s Production, GETs only, into the view', async () => {
    assert.equal(api.environments?.comparison, undefined, 'no comparison yet in this window');
    sandbox.clearRequests();
    const result = await vscode.lm.invokeTool('novuExplorer_compare', { input: {}, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
    const text = result.content.map((part) => (part as { value?: unknown }).value).filter((v): v is string => typeof v === 'string').join('');
    assert.match(text, /^Development \(127\.0\.0\.1:\d+\) \(read .+\) → Production \(127\.0\.0\.1:\d+\) \(read .+\), as the Environment Comparison view shows it/);
    assert.match(text, /7 blocking findings and 10 warnings for what Production lacks/);
    assert.match(text, /\d+ more records: call again with from \d+ for them\./, 'the rest of the findings are a call away');
    assert.deepEqual([...new Set(sandbox.requests.map((r) => r.method))], ['GET'], 'GET only');
    assert.deepEqual(api.environments!.comparison!.counts, PLANNED_COUNTS, 'the view shows what the agent was told');
    for (const key of [sandbox.apiKey, sandbox.productionApiKey]) assert.ok(!text.includes(key));
    // Asked again: the comparison shown, no read; refresh reads the lists again.
    sandbox.clearRequests();
    await vscode.lm.invokeTool('novuExplorer_compare', { input: { part: 'differences' }, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
    assert.equal(sandbox.requests.length, 0);
    await vscode.lm.invokeTool('novuExplorer_compare', { input: { refresh: true }, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
    assert.ok(sandbox.requests.some((r) => r.path === '/v2/workflows'));
  });

  it('compares the Sandbox with its Production, by default, into the view: every planned mark and finding, GETs only, no key anywhere [smoke]', async () => {
    sandbox.clearRequests();
    const prompter = await compare([{ pick: 'sandbox' }, { pick: 'sandbox-production' }]);
    const target = prompter.picks[1]!;
    assert.equal(target.items[0]!.value, 'sandbox-production', 'Production is offered first');
    assert.equal(target.items[0]!.picked, true, 'and chosen by default');
    const feature = api.environments!;
    const c = feature.comparison!;
    assert.ok(c, 'compared');
    assert.equal(`${c.source.environmentName} → ${c.target.environmentName}`, 'Development → Production');
    assert.match(c.source.name, /^Development \(127\.0\.0\.1:\d+\)$/);
    assert.deepEqual(Object.fromEntries(c.workflows.map((w) => [w.workflowId, w.mark])), Object.fromEntries(Object.entries(PLANNED_WORKFLOWS).map(([id, [mark]]) => [id, mark])));
    assert.deepEqual(Object.fromEntries(c.layouts.map((l) => [l.layoutId, l.mark])), Object.fromEntries(Object.entries(PLANNED_LAYOUTS).map(([id, [mark]]) => [id, mark])));
    assert.deepEqual(c.counts, PLANNED_COUNTS);
    assert.deepEqual(c.findings.map((f) => `${f.id} ${f.level} ${f.workflowId ?? f.layoutId ?? f.channel}${f.stepId ? `/${f.stepId}` : ''}`), PLANNED_FINDINGS.map((p) => p.split(' ').slice(0, 3).join(' ')));
    assert.deepEqual([...new Set(sandbox.requests.map((r) => r.method))], ['GET'], 'GET only');

    // The view: title, sections in order, blocking findings first, every mark in words with its counts.
    const view = await rows(feature.tree.roots());
    const top = view.filter((r) => r.depth === 0).map((r) => r.label);
    assert.deepEqual(top, ['What Production lacks', 'Workflows', 'Layouts', 'Integrations by channel', 'Translations']);
    assert.equal(view[0]!.description, '7 blocking · 10 warnings');
    const findings = view.filter((r) => r.depth === 1 && r.description.match(/^R\d+ · /));
    assert.equal(findings.length, PLANNED_FINDINGS.length);
    assert.deepEqual(findings.map((f) => f.description.split(' · ')[1]), [...Array(7).fill('blocking'), ...Array(10).fill('warning')]);
    assert.equal(findings[0]!.label, 'Comment mention: not in Production');
    assert.match(findings[0]!.tooltip, /Predicts: every trigger answers 422 workflow_not_found\nFix: Publish comment-mention from Development in Novu’s dashboard\nDevelopment: GET \/v2\/workflows → workflows\[\]\.workflowId = "comment-mention"/);
    const workflowsRow = view.find((r) => r.depth === 0 && r.label === 'Workflows')!;
    assert.equal(workflowsRow.description, '1 Not in Production · 6 Differs · 1 Step order differs · 1 Only in Production · 3 Same');
    // What differs comes first, in that order, then Same; by name within a mark (not the source's newest-first order).
    const start = view.indexOf(workflowsRow);
    const workflowMarks = view.slice(start + 1).filter((r) => r.depth === 1).slice(0, 12).map((r) => ({ name: r.label, mark: r.description.split(' · ')[0]! }));
    const order = ['Not in Production', 'Differs', 'Step order differs', 'Only in Production', 'Same'];
    assert.deepEqual(workflowMarks.map((w) => w.mark), [...workflowMarks.map((w) => w.mark)].sort((a, b) => order.indexOf(a) - order.indexOf(b)), workflowMarks.map((w) => `${w.name}: ${w.mark}`).join('\n'));
    const sames = workflowMarks.filter((w) => w.mark === 'Same').map((w) => w.name);
    assert.deepEqual(sames, [...sames].sort((a, b) => a.localeCompare(b)));
    const marks = view.filter((r) => r.depth === 1 && /Not in Production|Only in Production|Differs|Step order differs|Same/.test(r.description)).map((r) => `${r.label}: ${r.description}`);
    assert.ok(marks.includes('Order shipped: Same · code'), marks.join('\n'));
    assert.ok(marks.some((m) => /: Same · legacy$/.test(m)), marks.join('\n'));
    const digest = view.findIndex((r) => r.depth === 1 && r.label === 'Weekly digest');
    assert.deepEqual(view.slice(digest + 1, digest + 4).map((r) => `${r.label} ${r.description}`), ['preferences.default.channels.email.enabled field differs', 'isTranslationEnabled field differs', 'email-step (email-step) changed · controlValues.subject · position 2 → 2']);
    // Translations where enabled (§10.7): each workflow's locales on both sides, what the target lacks and has outdated.
    const translations = view.findIndex((r) => r.depth === 0 && r.label === 'Translations');
    assert.equal(view[translations]!.description, '2 of 2 workflows differ');
    assert.deepEqual(view.slice(translations + 1, translations + 3).map((r) => `${r.label}: ${r.description}`), [
      'Password reset: Development: en_US, fr_FR, de_DE → Production: en_US, de_DE (lacks fr_FR; outdated de_DE)',
      'Weekly digest: Development: en_US, es_ES → Production: not enabled',
    ]);

    // Show Differences Only: Same rows go, the counts stay.
    await vscode.commands.executeCommand('novuExplorer.showComparisonDifferencesOnly');
    const filtered = await rows(feature.tree.roots());
    assert.ok(!filtered.some((r) => r.depth === 1 && r.description.startsWith('Same')));
    assert.equal(filtered.find((r) => r.label === 'Workflows')!.description, workflowsRow.description);
    await vscode.commands.executeCommand('novuExplorer.showComparisonAll');

    // A difference in the diff editor: both sides' documents of their own scheme, named and timed.
    const row = view[digest]!;
    await vscode.commands.executeCommand(row.item.command!.command, ...(row.item.command!.arguments ?? []));
    const tab = await waitFor(() => vscode.window.tabGroups.activeTabGroup.activeTab, 'the diff tab');
    assert.ok(tab.input instanceof vscode.TabInputTextDiff);
    assert.match(tab.label, /^Weekly digest: Development \(127\.0\.0\.1:\d+\) \(.+\) ↔ Production \(127\.0\.0\.1:\d+\) \(.+\)$/);
    const [left, right] = await Promise.all([vscode.workspace.openTextDocument(tab.input.original), vscode.workspace.openTextDocument(tab.input.modified)]);
    assert.equal(left.uri.scheme, 'novu-compare');
    assert.match(right.getText(), /"subject": "Your week on Sandbox"/);
    assert.ok(!left.getText().includes('"subject"'));

    // R7 with the runs: Development's recent runs of invoiceReminders read (a GET of the Activity) and checked against Production's schema.
    const recent = await waitFor(async () => (await rows(feature.tree.roots())).find((r) => r.label === 'Recent runs'), 'the recent runs checked');
    assert.equal(recent.description, 'No recent run of invoiceReminders in Development carries a payload to check');
    const invoiceId = sandbox.state.workflows.find((w) => w.identifier === 'invoiceReminders')!._id;
    assert.ok(sandbox.requests.some((r) => r.method === 'GET' && r.path === '/v1/notifications' && r.query['templates[]'] === invoiceId && r.query['limit'] === '50'));

    const everything = [...view.map((r) => `${r.label} ${r.description} ${r.tooltip}`), left.getText(), right.getText(), ...log].join('\n');
    for (const key of [sandbox.apiKey, sandbox.productionApiKey]) assert.ok(!everything.includes(key), 'no key in the view, the diff documents or the log');
  });

  it('warns at a trigger whose literal payload lacks a key Production requires, and checks the file again as it is edited', async () => {
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    const file = vscode.Uri.joinPath(folder, 'src', 'billing.ts');
    const text = [
      "import { Novu } from '@novu/api';",
      "const novu = new Novu({ secretKey: process.env['NOVU_SECRET_KEY'] });",
      'export async function remind(to: string, invoiceNumber: string, rest: object) {',
      "  await novu.trigger({ workflowId: 'invoiceReminders', to, payload: { invoiceNumber } });",
      "  await novu.trigger({ workflowId: 'invoiceReminders', to, payload: { invoiceNumber, dueDate: '2027-01-31' } });",
      "  await novu.trigger({ workflowId: 'invoiceReminders', to, payload: { ...rest } });",
      "  await novu.trigger({ workflowId: 'welcome-onboarding', to, payload: {} });",
      '}',
      '',
    ].join('\n');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(text));
    try {
      await compare([{ pick: 'sandbox' }, { pick: 'sandbox-production' }]);
      const ours = () => vscode.languages.getDiagnostics(file).filter((d) => d.code === 'payload-lacks-required');
      const [warning] = await waitFor(() => (ours().length > 0 ? ours() : undefined), 'the payload warning');
      assert.equal(ours().length, 1, 'only the call that lacks it: not the one with dueDate, nor the spread, nor a workflow without a validated schema');
      assert.equal(warning!.range.start.line, 3);
      assert.equal(warning!.severity, vscode.DiagnosticSeverity.Warning);
      assert.equal(warning!.message, 'Production requires "root.dueDate" in the payload of "invoiceReminders", which this trigger does not send: in Production it answers 400 PAYLOAD_VALIDATION_ERROR (Compare Environments).');
      // Fixed in the editor: the warning goes as the file is typed, unsaved.
      const document = await vscode.workspace.openTextDocument(file);
      const editor = await vscode.window.showTextDocument(document);
      const line = document.lineAt(3);
      await editor.edit((e) => e.replace(line.range, line.text.replace('{ invoiceNumber }', "{ invoiceNumber, dueDate: '2027-02-28' }")));
      await waitFor(() => (ours().length === 0 ? true : undefined), 'the warning gone after the edit');
      await vscode.commands.executeCommand('workbench.action.files.revert');
    } finally {
      await vscode.workspace.fs.delete(file);
    }
  });

  it('reads again only what changed (Compare Again)', async () => {
    sandbox.clearRequests();
    await vscode.commands.executeCommand('novuExplorer.compareAgain');
    const paths = sandbox.requests.map((r) => r.path);
    assert.ok(paths.includes('/v2/workflows') && paths.includes('/v2/layouts'), paths.join(' '));
    assert.ok(!paths.some((p) => /^\/v2\/workflows\/./.test(p)), `no workflow read again: ${paths.join(' ')}`);
    assert.deepEqual(api.environments!.comparison!.counts, PLANNED_COUNTS);
  });

  it('lists a workflow answering 500 as could not read, and compares the rest', async () => {
    const prodId = sandbox.state.workflows.find((w) => w.identifier === 'weekly-digest')!._id.replace(/^6615c0ffee00000000f1/, '6615c0ffee00000000f3');
    sandbox.setFaults({ respond: { status: 500, message: 'Internal server error', pathIncludes: `/v2/workflows/${prodId}` } });
    await compare([{ pick: 'sandbox' }, { pick: 'sandbox-production' }]);
    const c = api.environments!.comparison!;
    assert.equal(c.workflows.find((w) => w.workflowId === 'weekly-digest')!.mark, 'notRead');
    assert.equal(c.workflows.find((w) => w.workflowId === 'trial-ending')!.mark, 'differs');
    const view = await rows(api.environments!.tree.roots());
    const unread = view.find((r) => r.depth === 0 && r.label.startsWith('Could not read'))!;
    assert.equal(unread.label, 'Could not read (1)');
    assert.ok(view.some((r) => r.label === 'Weekly digest' && /^Production \(.+\): could not read \(errorId [0-9a-f-]{36}\)$/.test(r.description)), 'listed, never as no differences');
  });

  it('waits Retry-After on a 429 and reads the same workflow again', async () => {
    const prodId = sandbox.state.workflows.find((w) => w.identifier === 'trial-ending')!._id.replace(/^6615c0ffee00000000f1/, '6615c0ffee00000000f3');
    sandbox.setFaults({ rejectNext: { method: 'GET', pathSuffix: `/v2/workflows/${prodId}`, status: 429, message: 'API rate limit exceeded', headers: { 'Retry-After': '1' } } });
    sandbox.clearRequests();
    const started = Date.now();
    await compare([{ pick: 'sandbox' }, { pick: 'sandbox-production' }]);
    const reads = sandbox.requests.filter((r) => r.path === `/v2/workflows/${prodId}`);
    assert.deepEqual(reads.map((r) => r.status), [429, 200]);
    assert.ok(Date.now() - started >= 1000, 'Retry-After waited');
    assert.deepEqual(api.environments!.comparison!.counts, PLANNED_COUNTS);
    assert.deepEqual(api.environments!.comparison!.unread, []);
  });

  it('refuses the same environment twice, and names the side whose key is rejected, comparing nothing', async () => {
    await addSandboxConnection(api, sandbox, 'Development again');
    const again = api.manager.connections.find((c) => c.name === 'Development again')!;
    const same = await compare([{ pick: 'sandbox' }, { pick: again.id }]);
    assert.deepEqual(same.messages.map((m) => m.text), ['Both connections use the same environment (Development): nothing to compare.']);

    await api.manager.add({ name: 'Revoked Production', region: 'custom', baseUrl: sandbox.url }, 'revoked-key-never-shown');
    const revoked = api.manager.connections.find((c) => c.name === 'Revoked Production')!;
    const refused = await compare([{ pick: 'sandbox' }, { pick: revoked.id }]);
    assert.equal(refused.messages.length, 1);
    assert.match(refused.messages[0]!.text, /^Revoked Production: /);
    assert.ok(!refused.messages[0]!.text.includes('revoked-key-never-shown'));
  });
});
