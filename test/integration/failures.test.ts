/**
 * Issue 10: every surface through every failure. Each failure must end in a truthful state with a
 * next action (never an empty-state row, never a count from an earlier load), and every surface
 * must recover on Refresh once the service is healthy again, without reloading the window.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { PanelError } from '../../src/panels/protocol';
import { SANDBOX_FIXTURES as F, startSandbox, type Sandbox, type SandboxFaults } from '../../src/sandbox';
import type { TreeNode } from '../../src/ui/treeNodes';
import { ScriptedPrompter, addSandboxConnection, kindOf, waitFor, freshStart, disconnectSandbox } from './helpers';

interface Failure {
  name: string;
  /** What the user must read: the service's words (or ours for network and shape). */
  text: RegExp;
  faults?: SandboxFaults;
  /** The service is not there at all (connection refused). */
  down?: boolean;
  unauthorized?: boolean;
  errorId?: boolean;
}

const FAILURES: Failure[] = [
  { name: '401 mid-session', text: /API Key not found/, faults: { respond: { status: 401, message: 'API Key not found' } }, unauthorized: true },
  { name: '403', text: /The service refused access: API endpoint not accessible\. \(HTTP 403\)/, faults: { respond: { status: 403, message: 'API endpoint not accessible' } } },
  { name: '404', text: /Gone fishing\. \(HTTP 404\)|not found/i, faults: { respond: { status: 404, message: 'Gone fishing' } } },
  { name: '429 with retries exhausted', text: /API rate limit exceeded\. \(HTTP 429\)/, faults: { respond: { status: 429, message: 'API rate limit exceeded', headers: { 'Retry-After': '0' } } } },
  { name: '5xx with retries exhausted', text: /Service Unavailable\. \(HTTP 503\)/, faults: { respond: { status: 503, message: 'Service Unavailable' } }, errorId: true },
  { name: 'timeout', text: /did not answer within 1 s/, faults: { latencyMs: 1600 } },
  { name: 'connection refused', text: /Could not reach 127\.0\.0\.1:\d+: .*refused/i, down: true },
  { name: 'a body of the wrong shape', text: /does not understand/, faults: { respond: { status: 200, body: { data: 'not what the contract says' } } } },
];

describe('every surface through every failure', function () {
  this.timeout(60_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;
  let port: number;
  const config = () => vscode.workspace.getConfiguration('novuExplorer');

  before(async () => {
    ({ api, sandbox } = await freshStart());
    port = Number(new URL(sandbox.url).port);
    // Retries stay on (one), so that "exhausted" is what is tested; a short timeout keeps it quick.
    await config().update('retries', 1, vscode.ConfigurationTarget.Global);
    await config().update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
    await addSandboxConnection(api, sandbox, 'Failures test');
  });

  after(async () => {
    api.subscribers.setFilter({});
    await config().update('retries', undefined, vscode.ConfigurationTarget.Global);
    await config().update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    api.setPrompter(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await disconnectSandbox(api, sandbox);
  });

  let down = false;

  async function breakService(failure: Failure): Promise<void> {
    if (failure.down) {
      await sandbox.close();
      down = true;
    } else sandbox.setFaults(failure.faults ?? {});
  }

  /** The same service again: for "connection refused", a new sandbox on the same port and key. */
  async function healService(): Promise<void> {
    if (down) {
      sandbox = await startSandbox({ port, apiKey: sandbox.apiKey });
      down = false;
    }
    sandbox.setFaults({});
  }

  /** What the user does once the service is healthy again: Refresh (no window reload). */
  async function refresh(): Promise<void> {
    await vscode.commands.executeCommand('novuExplorer.refresh');
  }

  function assertFailedView(rows: TreeNode[], failure: Failure, view: vscode.TreeView<TreeNode> | undefined, what: string): void {
    if (failure.unauthorized) {
      assert.equal(api.manager.state, 'unauthorized', `${what}: the connection is marked unauthorized`);
      assert.deepEqual(rows, [], `${what}: no rows, so the welcome (Set API Key, Switch Connection) shows`);
      assert.equal(view?.message, undefined, `${what}: no message hides the welcome`);
    } else {
      assert.equal(api.manager.state, 'ready');
      assert.deepEqual(rows.map(kindOf), ['error'], `${what}: one error row, no empty-state row`);
      const item = rows[0]!.treeItem();
      assert.match(String(item.label), failure.text, `${what}: the row says why`);
      assert.ok(item.command, `${what}: clicking the row retries`);
      if (failure.errorId) assert.match(String(item.description), /^Error ID [0-9a-f-]{36}$/, `${what}: the errorId to quote`);
      assert.match(String(item.tooltip), failure.text);
    }
    assert.doesNotMatch(String(view?.description), /· \d/, `${what}: no count from an earlier load (${view?.description})`);
  }

  for (const failure of FAILURES) {
    describe(failure.name, () => {
      afterEach(async () => {
        await healService();
        api.subscribers.setFilter({});
        api.setPrompter(undefined);
        await refresh();
      });

      it('Subscribers view, unfiltered and filtered: a truthful state, then recovery on Refresh', async () => {
        api.subscribers.setFilter({});
        await api.subscribers.getChildren();
        assert.match(String(api.subscribers.view?.description), /Failures test · \d/);

        await breakService(failure);
        api.subscribers.reload();
        assertFailedView(await api.subscribers.getChildren(), failure, api.subscribers.view, 'unfiltered');

        // With a filter, the failure shows and the filter stays visible.
        api.subscribers.setFilter({ name: 'alice' });
        const rows = await api.subscribers.getChildren();
        assertFailedView(rows, failure, api.subscribers.view, 'filtered');
        const shown = `${api.subscribers.view?.description ?? ''} ${api.subscribers.view?.message ?? ''}`;
        assert.match(shown, /name “alice”/, 'the filter is still named');
        assert.match(String(api.subscribers.view?.description), /filtered by name “alice”/);

        await healService();
        await refresh();
        const recovered = await api.subscribers.getChildren();
        assert.equal(api.manager.state, 'ready');
        assert.ok(recovered.length > 0 && recovered.every((n) => kindOf(n) === 'subscriber'), 'the filtered rows are back');
        assert.match(String(api.subscribers.view?.description), /Failures test · \d+ match(es)? · filtered by name “alice”/);
        assert.equal(api.subscribers.view?.message, undefined);
      });

      it('Integrations view: a truthful state, then recovery on Refresh', async () => {
        await api.integrations.getChildren();
        assert.match(String(api.integrations.view?.description), /Failures test · \d/);
        await breakService(failure);
        api.integrations.reload();
        assertFailedView(await api.integrations.getChildren(), failure, api.integrations.view, 'integrations');
        assert.equal(api.integrations.items.length, 0, 'nothing from the earlier load is kept');

        await healService();
        await refresh();
        const rows = await api.integrations.getChildren();
        assert.ok(rows.length > 0 && rows.every((n) => kindOf(n) === 'integration'));
        assert.match(String(api.integrations.view?.description), /Failures test · \d/);
      });

      it('notification panel: an error with its next step, then the notification on Retry [smoke]', async () => {
        await breakService(failure);
        await vscode.commands.executeCommand('novuExplorer.openNotification', F.failedNotificationId);
        const panel = await waitFor(() => api.notificationPanels.all.find((p) => p.notificationId === F.failedNotificationId), 'the panel');
        await errorThenLoaded(panel, () => panel.currentState, failure);
      });

      it('preferences panel: an error with its next step, then the preferences on Retry', async () => {
        await breakService(failure);
        const panel = api.preferencesPanels.open(F.preferencesSubscriberId, api.manager.active!);
        await errorThenLoaded(panel, () => panel.state, failure);
      });

      it('Create Subscriber: the failure is said at the review step, and nothing typed is lost', async () => {
        const id = `failure-${Math.random().toString(36).slice(2, 8)}`;
        const prompter = new ScriptedPrompter([{ input: id }, { input: 'Grace' }, { input: '' }, { input: '' }, { input: '' }, { input: '' }, { input: '' }, { input: '' }, { input: '' }, { pick: 'create' }, { cancel: true }]);
        await breakService(failure);
        api.setPrompter(prompter);
        await vscode.commands.executeCommand('novuExplorer.createSubscriber');
        const review = prompter.picks.at(-1)!;
        assert.match(review.title, /Not created: /);
        assert.match(review.title, failure.text);
        if (failure.unauthorized) assert.equal(api.manager.state, 'unauthorized', 'the views learn of the rejected key too');
        // The draft is still there to send again.
        assert.equal(review.items.find((i) => i.value === 'create')?.description, id);
        assert.equal(review.items.find((i) => i.value === 'firstName')?.description, 'Grace');
      });

      it('Open as JSON: shows what was loaded, asks nothing of the failing service', async () => {
        await Promise.all([api.subscribers.getChildren(), api.integrations.getChildren()]);
        const node = api.subscribers.nodeOf(api.subscribers.subscribers[0]!.subscriberId)!;
        await breakService(failure);
        const before = failure.down ? 0 : sandbox.requests.length;
        await vscode.commands.executeCommand('novuExplorer.openSubscriberJson', node);
        const text = vscode.window.activeTextEditor?.document.getText() ?? '';
        assert.equal(JSON.parse(text).subscriberId, node.subscriber.subscriberId);
        if (!failure.down) assert.equal(sandbox.requests.length, before, 'no request');
        await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
      });
    });
  }

  /** A panel that says the failure in words, then shows its content on Retry once the service is back; closed after. */
  async function errorThenLoaded(panel: { load(): Promise<void>; panel: vscode.WebviewPanel }, state: () => { kind: string; error?: PanelError }, failure: Failure): Promise<void> {
    const error = await waitFor(() => state().error, 'an error state', 20_000);
    assertPanelError(error, failure);

    await healService();
    await panel.load();
    assert.equal(state().kind, 'loaded');
    panel.panel.dispose();
  }

  function assertPanelError(error: PanelError, failure: Failure): void {
    assert.match(`${error.title}: ${error.message}`, failure.unauthorized ? /API key was rejected/ : failure.name === '404' ? /not found/i : failure.text);
    assert.ok(error.actions.length > 0, 'a next step');
    if (failure.unauthorized) assert.ok(error.actions.includes('setApiKey'));
    else assert.ok(error.actions.includes('retry') || error.actions.includes('switchConnection'));
    if (failure.errorId) assert.match(error.errorId ?? '', /^[0-9a-f-]{36}$/);
  }
});
