/**
 * Issue 25, code awareness, in a real VS Code against the sandbox: a lens above each trigger call
 * and framework definition (resolved only when asked, one list request per connection and one runs
 * request per workflow, cached), a warning with "Did you mean …?" and its quick fix, an inactive
 * workflow warned about, a definition the environment lacks said as "not synced", nothing sent
 * while typing, and a hover. Issue 30: only what is tied to Novu is marked, and a framework
 * workflow imported from another file of the workspace is followed there, read again on save.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import { SANDBOX_FIXTURES as F, type Sandbox } from '../../src/sandbox';
import { NOVU_CLIENT, addSandboxConnection, freshSandbox, waitFor, connectFreshSandbox, disconnectSandbox, revertAndClose } from './helpers';

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
    ({ api, sandbox } = await connectFreshSandbox('Code test'));
    sandbox.clearRequests();
    document = await vscode.workspace.openTextDocument({ language: 'typescript', content: SOURCE });
    await vscode.window.showTextDocument(document);
    await waitFor(() => api.codeAwareness, 'code awareness started by a TypeScript document');
  });

  after(async () => {
    await revertAndClose(document);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await disconnectSandbox(api, sandbox);
  });

  it('warns about an unknown identifier with "Did you mean", an inactive workflow, and a definition not synced, naming the connection [smoke]', async () => {
    const found = await waitFor(() => (novuDiagnostics().length >= 3 ? novuDiagnostics() : undefined), 'the diagnostics');
    const text = (d: vscode.Diagnostic) => `${document.getText(d.range)}: ${d.message}`;
    assert.deepEqual(found.map(text).sort(), [
      `marketing-newsletter: Workflow "marketing-newsletter" is not active in Code test (${new URL(sandbox.url).host}): triggers answer trigger_not_active.`,
      `only-in-code: Workflow "only-in-code" is not synced to Code test (${new URL(sandbox.url).host}). Sync Workflows… sends your app's workflows, after a review.`,
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
    const notSynced = lenses.find((l) => l.command?.title === 'Novu · Code test: not synced · $(sync) Sync Workflows…');
    assert.equal(notSynced?.command?.command, 'novuExplorer.syncWorkflows', titles.join(' | '));
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

  it('gives a Python trigger through a module constant, on a client a function returns, its lens: NAME: Final = "…" followed as TypeScript follows a const (issue 37), `with _client() as novu` (issue 45, C)', async () => {
    const content = `from typing import Final\nfrom novu_py import Novu\n\nWELCOME: Final = "${F.workflowIdentifier}"\n\ndef _client() -> Novu:\n    return Novu(secret_key="x")\n\nwith _client() as novu:\n    novu.trigger(workflow_id=WELCOME, to="ada")\n`;
    const doc = await vscode.workspace.openTextDocument({ language: 'python', content });
    await vscode.window.showTextDocument(doc);
    try {
      const line = await waitFor(async () => {
        const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri, 100);
        return lenses.find((l) => l.range.start.line === 9 && /^Novu · Code test: active/.test(l.command?.title ?? ''));
      }, 'the lens of the trigger');
      assert.equal(doc.getText(line.range), 'WELCOME', 'on the name the call uses');
      assert.equal(line.command!.command, 'novuExplorer.code.showActivity', 'a click shows its Activity');
    } finally {
      await revertAndClose(doc);
    }
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
      await revertAndClose(doc);
    } finally {
      const added = api.manager.connections.find((c) => c.name === 'Other env');
      if (added) await api.manager.remove(added);
      await other.close();
    }
  });

  it('a rejected key ("API Key not found") is said on the lens with Set API Key, never as workflows that could not be read', async () => {
    try {
      sandbox.setFaults({ respond: { status: 401, message: 'API Key not found' } });
      api.codeAwareness!.refresh();
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri, 100);
      const commands = lenses.map((l) => l.command).filter((c): c is vscode.Command => !!c && c.title.startsWith('Novu'));
      assert.ok(commands.length > 0);
      for (const c of commands) {
        assert.equal(c.title, 'Novu · Code test: the API key was rejected');
        assert.equal(c.command, 'novuExplorer.setApiKey');
      }
      await waitFor(() => api.manager.state === 'unauthorized', 'the rejected-key state');
    } finally {
      sandbox.setFaults({});
      await vscode.commands.executeCommand('novuExplorer.refresh');
    }
    await waitFor(() => api.manager.state === 'ready', 'ready again');
    // The list read again, and the lenses with it, before the next test counts requests.
    await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri, 100);
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
      await revertAndClose(doc);
    }
  });

  describe('a framework workflow triggered from another file', () => {
    const folder = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0]!.uri, 'app');
    const file = (path: string) => vscode.Uri.joinPath(folder(), path);
    const write = (path: string, text: string) => vscode.workspace.fs.writeFile(file(path), new TextEncoder().encode(text));
    let signup: vscode.TextDocument;
    const ours = () => vscode.languages.getDiagnostics(signup.uri).filter((d) => d.source === 'Novu Explorer');
    const lensLines = async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', signup.uri, 100);
      return lenses.map((l) => `${signup.lineAt(l.range.start.line).text.trim()} => ${l.command?.title ?? ''}`);
    };

    before(async () => {
      await write('novu/workflows.ts', "import { workflow } from '@novu/framework';\nexport const onboardingChecklist = workflow('onboarding-checklist', async () => ({}));\nexport const welcome = workflow('welcome-onboarding', async () => ({}));\n");
      await write('novu/index.ts', "export * from './workflows';\n");
      await write('scheduler.ts', 'export function workflow(name: string, run: () => unknown) {\n  return { name, run, trigger: (_options: unknown) => undefined };\n}\n');
      await write(
        'services/signup.ts',
        "import { onboardingChecklist, welcome } from '../novu';\nimport { workflow } from '../scheduler';\nexport const nightly = workflow('nightly-export', async () => ({}));\nexport async function signUp(to: string) {\n  await onboardingChecklist.trigger({ to, payload: {} });\n  await welcome.trigger({ to, payload: {} });\n  await nightly.trigger({ to });\n}\n",
      );
      signup = await vscode.workspace.openTextDocument(file('services/signup.ts'));
      await vscode.window.showTextDocument(signup);
    });

    after(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      // Deleted as an edit, so that VS Code lets go of the documents opened from the folder: one
      // left open names workflows, and is checked again (its list read) on every connection change.
      const edit = new vscode.WorkspaceEdit();
      edit.deleteFile(folder(), { recursive: true, ignoreIfNotExists: true });
      assert.ok(await vscode.workspace.applyEdit(edit));
      await waitFor(() => !vscode.workspace.textDocuments.some((d) => d.uri.path.startsWith(`${folder().path}/`)), 'the documents of the folder closed');
    });

    it('gives it its lens, Trigger…, "not synced" warning, hover and definition, through the index', async () => {
      const warning = await waitFor(() => ours()[0], 'the warning');
      assert.deepEqual(ours().map((d) => `${signup.getText(d.range)}: ${d.message}`), [
        `onboardingChecklist: Workflow "onboarding-checklist" is not synced to Code test (${new URL(sandbox.url).host}): this trigger is refused until it is. Sync Workflows… sends your app's workflows, after a review.`,
      ]);
      assert.equal(warning.severity, vscode.DiagnosticSeverity.Warning);
      const lines = await lensLines();
      assert.ok(lines.includes('await onboardingChecklist.trigger({ to, payload: {} }); => Novu · Code test: not synced · $(sync) Sync Workflows…'), lines.join('\n'));
      assert.ok(lines.some((l) => /^await welcome\.trigger\(\{ to, payload: \{\} \}\); => Novu · Code test: active/.test(l)), lines.join('\n'));
      assert.ok(lines.includes('await welcome.trigger({ to, payload: {} }); => $(play) Trigger…'), lines.join('\n'));
      assert.ok(!lines.some((l) => l.includes('nightly')), 'a workflow() of ./scheduler is not one');
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', signup.uri, signup.positionAt(signup.getText().indexOf('welcome.trigger') + 2));
      const said = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : (c as vscode.MarkdownString).value))).join('\n');
      assert.match(said, /Welcome onboarding/);
      const targets = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', signup.uri, signup.positionAt(signup.getText().indexOf('onboardingChecklist.trigger') + 2));
      const ourTarget = targets.map((t) => ('targetUri' in t ? { uri: t.targetUri, range: t.targetSelectionRange ?? t.targetRange } : t)).find((t) => t.uri.path.endsWith('/novu/workflows.ts') && t.range.start.line === 1 && t.range.start.character > 40);
      assert.ok(ourTarget, JSON.stringify(targets));
      const definitions = await vscode.workspace.openTextDocument(ourTarget.uri);
      assert.equal(definitions.getText(ourTarget.range), 'onboarding-checklist');
    });

    it('offers the product\'s own Sync Workflows… and Preview for a workflow not synced, on the lens and as quick fixes, and sends no one to a CLI (issue 37)', async () => {
      const warning = await waitFor(() => ours()[0], 'the warning');
      const line = signup.getText().split('\n').findIndex((l) => l.includes('onboardingChecklist.trigger'));
      const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', signup.uri, 100)).filter((l) => l.range.start.line === line);
      const said = (command: vscode.Command | undefined) => ({ title: command?.title, command: command?.command, arguments: command?.arguments ?? [] });
      assert.deepEqual(lenses.map((l) => said(l.command)).sort((a, b) => String(a.command).localeCompare(String(b.command))), [
        { title: '$(open-preview) Preview', command: 'novuExplorer.previewStep', arguments: [{ workflowId: 'onboarding-checklist', via: 'app' }] },
        { title: 'Novu · Code test: not synced · $(sync) Sync Workflows…', command: 'novuExplorer.syncWorkflows', arguments: [] },
      ]);
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', signup.uri, warning.range, vscode.CodeActionKind.QuickFix.value);
      assert.deepEqual(actions.filter((a) => a.command?.command.startsWith('novuExplorer.')).map((a) => said(a.command)), [
        { title: 'Sync Workflows to Code test…', command: 'novuExplorer.syncWorkflows', arguments: [] },
        { title: 'Preview onboarding-checklist', command: 'novuExplorer.previewStep', arguments: [{ workflowId: 'onboarding-checklist', via: 'app' }] },
      ]);
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', signup.uri, warning.range.start.translate(0, 2));
      const hover = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : (c as vscode.MarkdownString).value))).join('\n');
      for (const words of [warning.message, hover, ...lenses.map((l) => l.command?.title ?? ''), ...actions.map((a) => a.title)]) assert.doesNotMatch(words, /npx|novu sync/, words);
    });

    it('reads the workflows again once `novu sync` has run in a terminal: "not synced" is said from a fresh list', async () => {
      const terminal = vscode.window.createTerminal({ name: 'novu sync', shellPath: '/bin/bash' });
      try {
        const shell =
          terminal.shellIntegration ??
          (await new Promise<vscode.TerminalShellIntegration | undefined>((resolve) => {
            const done = vscode.window.onDidChangeTerminalShellIntegration((e) => {
              if (e.terminal !== terminal) return;
              done.dispose();
              resolve(e.shellIntegration);
            });
            setTimeout(() => resolve(undefined), 20_000);
          }));
        assert.ok(shell, 'shell integration in the test terminal');
        sandbox.clearRequests();
        const ended = new Promise<vscode.TerminalShellExecutionEndEvent>((resolve) => {
          const done = vscode.window.onDidEndTerminalShellExecution((e) => {
            if (e.terminal !== terminal) return;
            done.dispose();
            resolve(e);
          });
        });
        // A stand-in for the CLI: the command line is what is read.
        shell.executeCommand('novu() { return 0; }; novu sync --bridge-url http://localhost:4000/api/novu');
        await ended;
        await waitFor(() => lists().length > 0, 'the workflow list read again');
        await waitFor(() => ours().length === 1, 'the warning given again from it');
      } finally {
        terminal.dispose();
      }
    });

    it('reads the definitions again when their file is saved, and when a file of the chain is deleted', async () => {
      const definitions = await vscode.workspace.openTextDocument(file('novu/workflows.ts'));
      const edit = new vscode.WorkspaceEdit();
      const start = definitions.getText().indexOf("'onboarding-checklist'") + 1;
      edit.replace(definitions.uri, new vscode.Range(definitions.positionAt(start), definitions.positionAt(start + 'onboarding-checklist'.length)), 'order-shipped');
      assert.ok(await vscode.workspace.applyEdit(edit));
      assert.ok(await definitions.save());
      await waitFor(() => ours().length === 0, 'the warning gone once the definition names a synced workflow');
      const lines = await waitFor(async () => {
        const found = await lensLines();
        return found.some((l) => /^await onboardingChecklist\.trigger\(.*=> Novu · Code test: active/.test(l)) ? found : undefined;
      }, 'the lens of order-shipped');
      assert.ok(lines.includes('await onboardingChecklist.trigger({ to, payload: {} }); => $(play) Trigger…'), lines.join('\n'));
      // The barrel it was imported through is gone: nothing left to tie the calls to Novu.
      await vscode.workspace.fs.delete(file('novu/index.ts'));
      await waitFor(async () => (await lensLines()).length === 0, 'no lens once ../novu names no file');
    });
  });
});
