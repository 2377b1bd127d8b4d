/**
 * Issue 25, code awareness, in a real VS Code against the sandbox: a lens above each trigger call
 * and framework definition (resolved only when asked, one list request per connection and one runs
 * request per workflow, cached), a warning with "Did you mean …?" and its quick fix, an inactive
 * workflow warned about, a definition the environment lacks said as "not synced", nothing sent
 * while typing, and a hover. Issue 30: only what is tied to Novu is marked.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extension';
import { SANDBOX_FIXTURES as F, type Sandbox } from '../../src/sandbox';
import { NOVU_CLIENT, addSandboxConnection, extensionApi, freshSandbox, resetConnections, waitFor } from './helpers';

const SOURCE = `import { Novu } from '@novu/api';
import { workflow } from '@novu/framework';
const novu = new Novu({ secretKey: process.env.NOVU_SECRET_KEY });
// novu.trigger({ workflowId: 'in-a-comment' })
await novu.trigger({ workflowId: '${F.workflowIdentifier}', to: 'ada', payload: {} });
await novu.trigger({ workflowId: 'welcom-onboarding', to: 'ada' });
await novu.trigger({ workflowId: 'marketing-newsletter', to: 'ada' });
export const local = workflow('only-in-code', async () => ({}));
`;

describe('code awareness', function () {
  this.timeout(60_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;
  let document: vscode.TextDocument;
  const novuDiagnostics = () => vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'Novu Explorer');
  const lists = () => sandbox.requests.filter((r) => r.path === '/v2/workflows');
  const runs = () => sandbox.requests.filter((r) => r.path === '/v1/notifications');

  before(async () => {
    api = await extensionApi();
    await resetConnections(api);
    sandbox = await freshSandbox();
    await addSandboxConnection(api, sandbox, 'Code test');
    sandbox.clearRequests();
    document = await vscode.workspace.openTextDocument({ language: 'typescript', content: SOURCE });
    await vscode.window.showTextDocument(document);
    await waitFor(() => api.codeAwareness, 'code awareness started by a TypeScript document');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await resetConnections(api);
    await sandbox.close();
  });

  it('warns about an unknown identifier with "Did you mean", an inactive workflow, and a definition not synced, naming the connection', async () => {
    const found = await waitFor(() => (novuDiagnostics().length >= 3 ? novuDiagnostics() : undefined), 'the diagnostics');
    const text = (d: vscode.Diagnostic) => `${document.getText(d.range)}: ${d.message}`;
    assert.deepEqual(found.map(text).sort(), [
      `marketing-newsletter: Workflow "marketing-newsletter" is not active in Code test (${new URL(sandbox.url).host}): triggers answer trigger_not_active.`,
      `only-in-code: Workflow "only-in-code" is not synced to Code test (${new URL(sandbox.url).host}): run \`npx novu sync\`.`,
      `welcom-onboarding: No workflow "welcom-onboarding" in Code test (${new URL(sandbox.url).host}). Did you mean "${F.workflowIdentifier}"?`,
    ]);
    assert.equal(found.find((d) => d.message.includes('not synced'))!.severity, vscode.DiagnosticSeverity.Information);
    assert.equal(lists().length, 1, 'the workflow list read once');
  });

  it('resolves lenses only when asked: one runs request per workflow, cached; nothing for a comment', async () => {
    sandbox.clearRequests();
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri, 100);
    const titles = lenses.map((l) => l.command?.title ?? '').filter(Boolean);
    assert.ok(titles.some((t) => /^Novu · Code test: active · (none of the last \d+ runs failed|\d+ of the last \d+ runs failed|no failure in its one recent run|its one recent run failed|no recent run)/.test(t)), titles.join(' | '));
    assert.ok(titles.some((t) => t === 'Novu · Code test: no workflow "welcom-onboarding"'), titles.join(' | '));
    assert.ok(titles.some((t) => t.startsWith('Novu · Code test: not active')), titles.join(' | '));
    assert.ok(titles.some((t) => t === 'Novu · Code test: not synced (run npx novu sync)'), titles.join(' | '));
    assert.ok(!titles.some((t) => t.includes('in-a-comment')));
    assert.equal(lists().length, 0, 'the list is cached');
    assert.equal(runs().length, 2, 'one runs request per known workflow on screen');
    const templates = runs().map((r) => r.query['templates[]'] ?? r.query['templates']);
    assert.ok(templates.includes(sandbox.state.workflows.find((w) => w.identifier === F.workflowIdentifier)!._id));
    await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri, 100);
    assert.equal(runs().length, 2, 'runs cached for a minute');
  });

  it('fixes the misspelled identifier with the quick fix, and sends nothing while typing', async () => {
    sandbox.clearRequests();
    const warning = novuDiagnostics().find((d) => d.message.startsWith('No workflow "welcom-onboarding"'))!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, warning.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title === `Change to "${F.workflowIdentifier}"`)!;
    assert.ok(fix?.edit, actions.map((a) => a.title).join(' | '));
    assert.ok(await vscode.workspace.applyEdit(fix.edit!));
    await waitFor(() => !novuDiagnostics().some((d) => d.message.includes('welcom-onboarding')), 'the warning gone');
    // Typing: a new unknown identifier is checked against the list held, with no request.
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, document.positionAt(document.getText().length), "await novu.trigger({ workflowId: 'ordr-shipped', to: 'ada' });\n");
    assert.ok(await vscode.workspace.applyEdit(edit));
    await waitFor(() => novuDiagnostics().some((d) => d.message.includes('"ordr-shipped"') && d.message.includes('Did you mean "order-shipped"?')), 'the new warning');
    assert.equal(sandbox.requests.length, 0, 'nothing sent while typing');
  });

  it('goes from a framework workflow\'s trigger to its definition', async () => {
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, document.positionAt(document.getText().length), "await local.trigger({ to: 'ada' });\n");
    assert.ok(await vscode.workspace.applyEdit(edit));
    const at = document.positionAt(document.getText().lastIndexOf('local.trigger') + 1);
    const targets = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', document.uri, at);
    // TypeScript's own definition (the variable) comes too: ours is the workflow's identifier.
    const texts = targets.map((t) => ('targetUri' in t ? { uri: t.targetUri, range: t.targetSelectionRange ?? t.targetRange } : t)).filter((t) => t.uri.toString() === document.uri.toString()).map((t) => document.getText(t.range));
    assert.ok(texts.includes('only-in-code'), texts.join(' | '));
  });

  it('hovers with the workflow as the service holds it', async () => {
    const at = document.positionAt(document.getText().indexOf(F.workflowIdentifier) + 2);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, at);
    // The hover is Markdown (the editor renders it): its source escapes every sign of what it says.
    const source = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : (c as vscode.MarkdownString).value))).join('\n');
    const text = source.replace(/\u00a0/g, ' ').replace(/\\([!-/:-@[-`{-~])/g, '$1');
    assert.match(text, /Welcome onboarding/);
    assert.match(text, /Identifier: welcome-onboarding/);
    // The whole workflow is read once for the hover: the payload's required keys (and the channels when the steps do not say them).
    assert.match(text, /In Code test \([^)]+\): active\n/, 'the status in words');
    assert.match(text, /Steps: In-app, Email/);
    assert.doesNotMatch(text, /Channels:/, 'the channels are the steps: said once');
    assert.match(text, /Payload: no required key|Payload requires: /);
    const again = document.positionAt(document.getText().indexOf(F.workflowIdentifier) + 2);
    sandbox.clearRequests();
    await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, again);
    assert.equal(sandbox.requests.filter((r) => r.path.startsWith('/v2/workflows/')).length, 0, 'the read is kept');
  });

  it('says which other saved connection has an identifier this one lacks', async () => {
    const other = await freshSandbox({ extraWorkflows: 1 });
    const active = api.manager.active!;
    try {
      await addSandboxConnection(api, other, 'Other env');
      await api.manager.switchTo(active.id);
      other.clearRequests();
      const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content: `${NOVU_CLIENT}await novu.trigger({ workflowId: 'generated-1', to: 'ada' });\n` });
      await vscode.window.showTextDocument(doc);
      const warning = await waitFor(() => vscode.languages.getDiagnostics(doc.uri).find((d) => d.source === 'Novu Explorer'), 'the warning');
      assert.equal(warning.message, `No workflow "generated-1" in Code test (${new URL(sandbox.url).host}): a trigger naming it is refused. It exists in Other env (${new URL(other.url).host}).`);
      assert.equal(other.requests.filter((r) => r.path === '/v2/workflows').length, 1, 'one list request to the other connection');
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    } finally {
      const added = api.manager.connections.find((c) => c.name === 'Other env');
      if (added) await api.manager.remove(added);
      await other.close();
    }
  });

  it('marks only Novu: an in-process events.trigger and a workflow() of another library get no lens, warning or hover', async () => {
    const content = `import { workflow } from './scheduler';
import { EventEmitter } from 'node:events';
${NOVU_CLIENT}const events = new EventEmitter();
events.trigger('${F.workflowIdentifier}', { userId: 'ada' }); // analytics: in-process event
export const nightly = workflow('nightly-export', async () => ({}));
await novu.trigger({ workflowId: 'welcom-onboarding', to: 'ada' });
`;
    const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content });
    await vscode.window.showTextDocument(doc);
    try {
      // The one Novu call is checked: then the others have been too.
      await waitFor(() => vscode.languages.getDiagnostics(doc.uri).some((d) => d.message.includes('welcom-onboarding')), 'the warning of the Novu call');
      const ours = vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source === 'Novu Explorer');
      assert.deepEqual(ours.map((d) => doc.getText(d.range)), ['welcom-onboarding'], ours.map((d) => d.message).join(' | '));
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri, 100);
      assert.deepEqual([...new Set(lenses.map((l) => doc.lineAt(l.range.start.line).text))], ["await novu.trigger({ workflowId: 'welcom-onboarding', to: 'ada' });"]);
      for (const text of [`'${F.workflowIdentifier}'`, "'nightly-export'"]) {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, doc.positionAt(content.indexOf(text) + 2));
        const said = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : (c as vscode.MarkdownString).value))).join('\n');
        assert.doesNotMatch(said, /Code test/, `no hover of ours on ${text}`);
      }
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });
});
