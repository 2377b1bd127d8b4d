/**
 * Issue 33 in a real VS Code: the user's app against the environment, with the real
 * @novu/framework app of the demo (Express): running and which key (the active connection's,
 * another saved connection's, or not checked at all), down, the drift on the Workflows view's
 * rows, and a sync reviewed (what it deletes named first), one request, then refreshed. No check
 * while the view is hidden.
 */
import * as assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { Sandbox } from '../../src/sandbox';
import type { TreeNode } from '../../src/ui/treeNodes';
import type { PreviewPanel } from '../../src/preview/previewPanel';
import { ScriptedPrompter, addSandboxConnection, extensionApi, freshSandbox, resetConnections, waitFor, revertAndClose } from './helpers';

interface BridgeApp {
  url: string;
  port: number;
  stop(): Promise<void>;
}
type StartBridgeApp = (options: { secretKey: string; port?: number; strict?: boolean; watch?: boolean }) => Promise<BridgeApp>;

const ROOT = resolve(__dirname, '..', '..', '..');

async function startApp(secretKey: string, strict = true, port?: number): Promise<BridgeApp> {
  const { startBridgeApp } = (await import(pathToFileURL(join(ROOT, 'examples', 'demo-app', 'bridge', 'run.mjs')).href)) as { startBridgeApp: StartBridgeApp };
  return startBridgeApp({ secretKey, strict, watch: false, ...(port ? { port } : {}) });
}

describe('your app and the environment', function () {
  this.timeout(90_000);
  let api: NovuExplorerApi;
  let development: Sandbox;
  let production: Sandbox;
  let app: BridgeApp;

  const setBridge = (url: string | undefined) => vscode.workspace.getConfiguration('novuExplorer').update('preview.bridgeUrl', url, vscode.ConfigurationTarget.Global);
  async function rows(): Promise<TreeNode[]> {
    return api.workflows.getChildren();
  }
  async function appRow(): Promise<vscode.TreeItem> {
    const [first] = await rows();
    const item = first!.treeItem();
    assert.match(item.id ?? '', /^workflows:app:/, 'the app row is first');
    return item;
  }
  /** Checks again and waits for the app row to say `expected`. */
  async function appSays(expected: RegExp): Promise<vscode.TreeItem> {
    await api.app.appState.check();
    return waitFor(async () => {
      const item = await appRow();
      return expected.test(String(item.description)) ? item : undefined;
    }, `the app row to say ${expected}`);
  }

  before(async () => {
    api = await extensionApi();
    await resetConnections(api);
    const key = `itest-development-${Date.now()}`;
    app = await startApp(key);
    // As if the environment was synced with this app once: its code workflows then drifted apart.
    development = await freshSandbox({ apiKey: key, bridgeUrl: app.url });
    production = await freshSandbox({ apiKey: `itest-production-${Date.now()}` });
    await addSandboxConnection(api, production, 'Production');
    await addSandboxConnection(api, development, 'Development');
    await setBridge(app.url);
    await vscode.commands.executeCommand('novuExplorer.workflows.focus');
    api.workflows.reload();
  });

  after(async () => {
    await setBridge(undefined);
    await app?.stop();
    await development?.close();
    await production?.close();
  });

  it('shows the app first in the Workflows view: running, its framework, its workflows, the key confirmed, and the drift [smoke]', async () => {
    const item = await appSays(/^127\.0\.0\.1:\d+ · framework 2\.13\.\d+ · 4 workflows · Development's key ✓ · \d+ differences$/);
    assert.match(String(item.tooltip), /A discover signed with Development's key passed, and an unsigned one was refused/);
    const [first] = await rows();
    const drift = ((await first!.children?.()) ?? []).map((n) => n.treeItem());
    const said = (id: string) => String(drift.find((d) => d.label === id)?.description ?? '');
    // Only in code, synced but no longer defined (a sync deletes it), changed.
    assert.match(said('account-welcome'), /^not synced to Development$/);
    assert.match(said('invoice-paid'), /^synced, but your app no longer defines it: a sync deletes it$/);
    assert.match(said('order-shipped'), /^changed since the last sync: /);
    // The deletions come first.
    assert.equal(drift[0]!.contextValue, 'drift;onlyInEnvironment');
    // The workflow's own row says it too.
    const row = (await rows()).map((n) => n.treeItem()).find((i) => i.label === 'Order shipped');
    assert.match(String(row?.description), /changed since the last sync/);
  });

  it('names the connection whose key the app runs with, says when it checks no signatures, and says when it is down', async () => {
    const other = await startApp(production.apiKey);
    try {
      await setBridge(other.url);
      const item = await appSays(/running with Production's key/);
      assert.match(String(item.tooltip), /Your app runs with Production's key; this connection is Development\./);
      // The preview says whose key it is too, and offers to preview there.
      const panel = (await vscode.commands.executeCommand('novuExplorer.previewStep', { workflowId: 'account-welcome', stepId: 'welcome-sms' })) as PreviewPanel;
      await panel.render('refresh');
      const refused = await waitFor(() => (panel.current.failure?.more.some((m) => m.includes("Your app runs with Production's key: preview it on Production.")) ? panel.current : undefined), 'the key named in the preview');
      assert.match(refused.failure!.text, /runs with another environment's secret key than Development's/);
      assert.ok(refused.failure!.actions.includes('switchConnection'));
      panel.dispose();
    } finally {
      await other.stop();
    }
    const open = await startApp('sk_any_key', false);
    try {
      await setBridge(open.url);
      const item = await appSays(/signatures not checked/);
      assert.match(String(item.tooltip), /does not check signatures .*: the key cannot be confirmed/);
      assert.doesNotMatch(String(item.description), /✓/);
    } finally {
      await open.stop();
    }
    await setBridge('http://127.0.0.1:9/api/novu');
    await appSays(/^not running at 127\.0\.0\.1:9$/);
    await setBridge(app.url);
    await appSays(/Development's key ✓/);
  });

  it('checks the app again on Refresh: restarted with another key, the row says so at once (the palette\'s and the view\'s)', async () => {
    await appSays(/Development's key ✓/);
    /** Restarts the app on the same port (the same bridge URL) with another environment's key. */
    const restart = async (key: string) => {
      const port = app.port;
      await app.stop();
      app = await startApp(key, true, port);
    };
    const rowSays = (expected: RegExp, what: string) =>
      waitFor(async () => (expected.test(String((await appRow()).description)) ? true : undefined), what, 4_000);
    try {
      await restart(production.apiKey);
      await vscode.commands.executeCommand('novuExplorer.refresh');
      await rowSays(/running with Production's key/, "the row to say Production's key after the palette's Refresh");
      await restart(development.apiKey);
      await vscode.commands.executeCommand('novuExplorer.refreshWorkflows');
      await rowSays(/Development's key ✓/, "the row to say Development's key after the view's Refresh");
    } finally {
      if (!/Development's key ✓/.test(String((await appRow()).description))) await restart(development.apiKey);
    }
  });

  it('says in the code what changed since the last sync, and offers the sync on a workflow not synced', async () => {
    await appSays(/differences/);
    const content = [
      "import { workflow } from '@novu/framework';",
      "export const shipped = workflow('order-shipped', async ({ step }) => { await step.sms('shipped-sms', async () => ({ body: 'x' })); });",
      "export const welcome = workflow('account-welcome', async ({ step }) => { await step.sms('welcome-sms', async () => ({ body: 'x' })); });",
      '',
    ].join('\n');
    const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content });
    await vscode.window.showTextDocument(doc);
    try {
      const diagnostics = await waitFor(() => {
        const found = vscode.languages.getDiagnostics(doc.uri).filter((d) => d.source === 'Novu Explorer');
        return found.some((d) => d.code === 'changed-workflow') && found.some((d) => d.code === 'unsynced-workflow') ? found : undefined;
      }, 'the drift said in the code', 20_000);
      const changed = diagnostics.find((d) => d.code === 'changed-workflow')!;
      assert.match(changed.message, /^Workflow "order-shipped" in Development \(.*\): changed since the last sync: /);
      const unsynced = diagnostics.find((d) => d.code === 'unsynced-workflow')!;
      const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, unsynced.range);
      assert.ok(actions.some((a) => a.title === 'Sync Workflows to Development…' && a.command?.command === 'novuExplorer.syncWorkflows'), actions.map((a) => a.title).join(' | '));
    } finally {
      await revertAndClose(doc);
    }
  });

  it('checks nothing while the view is hidden', async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
    await waitFor(() => api.workflows.view?.visible === false, 'the view hidden');
    const before = api.app.appState.checks;
    const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content: 'export {};\n' });
    await vscode.window.showTextDocument(doc);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(api.app.appState.checks, before);
    await revertAndClose(doc);
    await vscode.commands.executeCommand('novuExplorer.workflows.focus');
  });

  it('syncs after a review that names what it deletes, with one request, then reads again', async () => {
    await appSays(/differences/);
    const prompter = new ScriptedPrompter([{ input: app.url }, { confirm: true }]);
    api.setPrompter(prompter);
    development.clearRequests();
    try {
      await vscode.commands.executeCommand('novuExplorer.syncWorkflows');
    } finally {
      api.setPrompter(undefined);
    }
    const review = prompter.messages.find((m) => m.detail);
    assert.ok(review, JSON.stringify(prompter.messages));
    assert.match(review.text, /^Sync workflows to Development\?$/);
    assert.match(review.detail!, /^Deletes \d+: .*invoice-paid/);
    assert.match(review.detail!, /Creates \d+: .*account-welcome/);
    assert.deepEqual(review.actions.length, 1);
    assert.match(review.actions[0]!, /^Sync and Delete \d+$/);
    assert.equal(development.requests.filter((r) => r.method === 'POST' && r.path === '/v1/bridge/sync').length, 1);
    // The environment now holds the app's workflows: nothing differs.
    await appSays(/Development's key ✓$/);
    assert.ok(!development.state.workflows.some((w) => w.identifier === 'invoice-paid'), 'deleted');
    assert.ok(development.state.workflows.some((w) => w.identifier === 'account-welcome'), 'created');
  });
});
