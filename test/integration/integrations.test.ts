/** Issue 4: the Integrations view against a fresh sandbox in real VS Code. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import { SANDBOX_FIXTURES, type Sandbox } from '../../src/sandbox';
import type { TreeNode } from '../../src/ui/treeNodes';
import type { ChannelGroupNode, IntegrationNode } from '../../src/integrations/integrationsProvider';
import { kindOf, connectFreshSandbox, disconnectSandbox } from './helpers';

/** Every string a tree shows for a node and its descendants: labels, descriptions, tooltips. */
async function renderAll(api: NovuExplorerApi, nodes: TreeNode[]): Promise<string> {
  let text = '';
  for (const node of nodes) {
    const item = node.treeItem();
    const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip ?? '');
    text += `${String(typeof item.label === 'object' ? item.label.label : item.label)} ${String(item.description ?? '')} ${tooltip}\n`;
    text += await renderAll(api, await api.integrations.getChildren(node));
  }
  return text;
}

describe('integrations view', function () {
  let api: NovuExplorerApi;
  let sandbox: Sandbox;

  before(async () => {
    ({ api, sandbox } = await connectFreshSandbox('Integrations test'));
    await api.subscribers.getChildren(); // learns the connection's environment
  });

  after(async () => {
    await disconnectSandbox(api, sandbox);
  });

  /** The view's integration rows, whichever way it shows them. */
  async function integrationRows(): Promise<IntegrationNode[]> {
    const top = await api.integrations.getChildren();
    return kindOf(top[0]) === 'channelGroup' ? (top as ChannelGroupNode[]).flatMap((g) => g.integrations) : (top as IntegrationNode[]);
  }

  it('lists active integrations by channel in one level, each naming its channel, agents last, primary and this environment first', async () => {
    api.integrations.reload();
    const rows = (await api.integrations.getChildren()) as IntegrationNode[];
    assert.ok(rows.every((r) => kindOf(r) === 'integration'), 'one level: the rows come with the one answer');
    assert.equal(rows.length, sandbox.state.integrations.filter((i) => i.active && !i.deleted).length);
    const channels = rows.map((r) => r.integration.kind === 'agent' || !r.integration.channel ? 'agent' : r.integration.channel);
    assert.deepEqual([...new Set(channels)], ['in_app', 'email', 'sms', 'chat', 'push', 'agent'], 'each channel’s rows together, in the channels’ order');
    const email = rows.filter((r) => r.integration.channel === 'email' && r.integration.kind !== 'agent');
    assert.ok(!email[0]!.isOtherEnvironment);
    assert.equal(email[0]!.integration.primary, true);
    const item = email[0]!.treeItem();
    assert.match(String(item.description), /^Email · ★ primary · /);
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'mail');
    assert.equal(rows.at(-1)?.integration._id, SANDBOX_FIXTURES.agentIntegrationId);
  });

  it('groups them under their channels with View as Tree, and back with View as List', async () => {
    const loads = sandbox.requests.filter((r) => r.path === '/v1/integrations/active').length;
    const changed = new Promise<void>((resolve) => {
      const sub = api.integrations.onDidChangeTreeData(() => {
        sub.dispose();
        resolve();
      });
    });
    await vscode.commands.executeCommand('novuExplorer.viewIntegrationsAsTree');
    try {
      await changed;
      const groups = (await api.integrations.getChildren()) as ChannelGroupNode[];
      assert.deepEqual(groups.map((g) => g.channel), ['in_app', 'email', 'sms', 'chat', 'push', 'agent']);
      const total = groups.reduce((n, g) => n + g.integrations.length, 0);
      assert.equal(total, sandbox.state.integrations.filter((i) => i.active && !i.deleted).length);
      const email = groups.find((g) => g.channel === 'email')!;
      assert.equal(email.treeItem().collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
      assert.equal(email.integrations[0]!.integration.primary, true);
      // Under its group a row needs no channel: the icon says primary.
      assert.doesNotMatch(String(email.integrations[0]!.treeItem().description), /Email/);
      assert.equal((email.integrations[0]!.treeItem().iconPath as vscode.ThemeIcon).id, 'star-full');
      const agent = groups.find((g) => g.channel === 'agent')!;
      assert.equal(agent.integrations[0]?.integration._id, SANDBOX_FIXTURES.agentIntegrationId);
      assert.equal(sandbox.requests.filter((r) => r.path === '/v1/integrations/active').length, loads, 'drawn again without asking the service');
    } finally {
      await vscode.commands.executeCommand('novuExplorer.viewIntegrationsAsList');
    }
    assert.equal(vscode.workspace.getConfiguration('novuExplorer').get('integrations.viewMode'), 'list');
    assert.equal(kindOf((await api.integrations.getChildren())[0]), 'integration');
  });

  it('names the environment of each row when several come back', async () => {
    const rows = await integrationRows();
    const production = rows.find((r) => r.integration._id === SANDBOX_FIXTURES.productionIntegrationId)!;
    assert.ok(production.isOtherEnvironment);
    assert.match(String(production.treeItem().description), /other environment/);
    assert.match(String(production.treeItem().contextValue), /otherEnvironment/);
    const primary = rows.find((r) => r.integration._id === SANDBOX_FIXTURES.primaryEmailIntegrationId)!;
    assert.doesNotMatch(String(primary.treeItem().description), /environment/);
    assert.match(String(primary.treeItem().tooltip), /^Environment: .* \(the active connection’s\)$/m);
  });

  it('shows conditions as readable rows', async () => {
    const withConditions = (await integrationRows()).find((r) => r.integration._id === SANDBOX_FIXTURES.conditionsIntegrationId)!;
    const children = await api.integrations.getChildren(withConditions);
    const labels = children.map((c) => String(c.treeItem().label));
    assert.ok(labels.some((l) => /^(subscriber|payload)\.\S+ [A-Z_]+ /.test(l)), labels.join(' | '));
  });

  it('never shows, copies or keeps a credential value, even when the service sends them', async () => {
    const secrets = Object.values(sandbox.state.integrations.find((i) => i._id === SANDBOX_FIXTURES.legacyCredentialsIntegrationId)!.credentials ?? {}).filter((v): v is string => typeof v === 'string' && v.length > 3);
    assert.ok(secrets.length > 0, 'the sandbox sends credential values');
    const groups = await api.integrations.getChildren();
    const text = await renderAll(api, groups);
    for (const secret of secrets) assert.ok(!text.includes(secret), 'a credential value is on screen');
    assert.ok(!JSON.stringify(api.integrations.items).includes(secrets[0]!), 'a credential value is kept');
    const legacy = (await integrationRows()).find((r) => r.integration._id === SANDBOX_FIXTURES.legacyCredentialsIntegrationId)!;
    const fields = (await api.integrations.getChildren(legacy)).map((c) => c.treeItem());
    assert.ok(fields.some((f) => f.description === '•••••• set'));

    await vscode.commands.executeCommand('novuExplorer.openIntegrationJson', legacy);
    const doc = vscode.window.activeTextEditor!.document;
    for (const secret of secrets) assert.ok(!doc.getText().includes(secret), 'a credential value in Open as JSON');
    assert.match(doc.getText(), /set, hidden/);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    await vscode.commands.executeCommand('novuExplorer.copyIntegrationIdentifier', legacy);
    assert.equal(await vscode.env.clipboard.readText(), legacy.integration.identifier);
  });

  it('shows an error row with Retry, and one request per refresh', async () => {
    sandbox.setFaults({ errorRate: 1 });
    await vscode.commands.executeCommand('novuExplorer.refreshIntegrations');
    const rows = await api.integrations.getChildren();
    assert.equal(kindOf(rows[0]), 'error');
    sandbox.setFaults({});
    sandbox.clearRequests();
    await vscode.commands.executeCommand('novuExplorer.refreshIntegrations');
    const healed = await api.integrations.getChildren();
    await api.integrations.getChildren();
    assert.equal(kindOf(healed[0]), 'integration');
    assert.equal(sandbox.requests.filter((r) => r.path === '/v1/integrations/active').length, 1, 'nothing fetched twice');
  });
});
