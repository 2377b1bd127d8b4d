/** Issue 3: activation, connections, SecretStorage, the 401 path, deep links and log redaction, in real VS Code. */
import * as assert from 'node:assert/strict';
import { networkInterfaces } from 'node:os';
import * as vscode from 'vscode';
import { isLocalNetworkHost } from '../../src/bridge/addressRule';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { Sandbox } from '../../src/sandbox';
import { EXTENSION_ID, ScriptedPrompter, addSandboxConnection, extensionApi, freshSandbox, resetConnections, waitFor, revertAndClose } from './helpers';

describe('connections', function () {
  let api: NovuExplorerApi;
  let sandbox: Sandbox;
  let other: Sandbox;
  const logLines: string[] = [];

  before(async function () {
    const extension = vscode.extensions.getExtension<NovuExplorerApi | undefined>(EXTENSION_ID);
    assert.ok(extension);
    // Activated once start-up is finished (issue 30.11: the status bar and code awareness must not
    // wait for a click), and cheap there: in this workspace, which uses no Novu SDK, none of the
    // bundles loaded on demand is loaded, and the built-in Sandbox is not started.
    const events: string[] = extension.packageJSON.activationEvents ?? [];
    assert.ok(!events.includes('*') && events.includes('onStartupFinished'), 'after start-up, never before it');
    await waitFor(() => extension.isActive, 'activation after start-up', 30_000);
    const loaded = Object.keys(require.cache).filter((path) => /[\\/]dist[\\/](code|panels|commands|agent|sandboxServer|tests)\.js$/.test(path));
    assert.deepEqual(loaded, [], 'no bundle loaded on demand before it is needed');
    api = await extensionApi();
    assert.equal(api.codeAwareness, undefined, 'no code awareness in a workspace without a Novu SDK');
    api.log.onDidWrite(({ line }) => logLines.push(line));
    sandbox = await freshSandbox();
    other = await freshSandbox();
    await resetConnections(api);
  });

  after(async () => {
    await resetConnections(api);
    await sandbox.close();
    await other.close();
  });

  it('starts code awareness for a document only once an SDK import is in it, typed key by key', async function () {
    // The window's first test: it pays for the first TypeScript document and the code bundle's load,
    // which beside another VS Code stage (test/runAll.mjs runs two at once) took more than 20 s.
    this.timeout(60_000);
    const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content: "export const events = { trigger(name: string) { return name; } };\n" });
    await vscode.window.showTextDocument(doc);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(api.codeAwareness, undefined, 'not for a TypeScript document without a Novu SDK');
    // Typed key by key, as a person does (no single edit holds the word "novu").
    const line = "import { Novu } from '@novu/api';\n";
    for (const [i, char] of [...line].entries()) {
      const edit = new vscode.WorkspaceEdit();
      edit.insert(doc.uri, new vscode.Position(0, i), char);
      assert.ok(await vscode.workspace.applyEdit(edit));
    }
    await waitFor(() => api.codeAwareness, 'code awareness started by the typed import');
    await revertAndClose(doc);
  });

  it('has no connection on a fresh profile, so the welcome views show', async () => {
    assert.equal(api.manager.active, undefined);
    assert.equal(api.manager.state, 'none');
    assert.deepEqual(await api.subscribers.getChildren(), []);
    assert.deepEqual(await api.integrations.getChildren(), []);
  });

  it('registers every command of the palette category "Novu"', async () => {
    const all = await vscode.commands.getCommands(true);
    for (const id of ['addConnection', 'switchConnection', 'setApiKey', 'removeConnection', 'openSandbox', 'showLog', 'refresh']) {
      assert.ok(all.includes(`novuExplorer.${id}`), id);
    }
  });

  it('Add Connection checks the key with one request, keeps the dialog open on 401, and stores the key only in SecretStorage', async () => {
    const prompter = new ScriptedPrompter([
      { pick: 'custom' },
      { input: 'ftp://nope' },
      { input: sandbox.url },
      { input: 'wrong-key-123' },
      { input: sandbox.apiKey },
      { input: '' },
      { input: 'Local Dev' },
    ]);
    api.setPrompter(prompter);
    sandbox.clearRequests();
    await vscode.commands.executeCommand('novuExplorer.addConnection');
    api.setPrompter(undefined);

    const problems = prompter.inputs.filter((i) => i.problem).map((i) => i.problem!);
    assert.match(problems[0]!, /http:\/\/ or https:\/\//);
    assert.match(problems[1]!, /API key was rejected: API Key not found/);
    assert.match(problems[2]!, /Give the connection a name/);
    assert.equal(prompter.remaining, 0);
    const connection = api.manager.active;
    assert.equal(connection?.name, 'Local Dev');
    assert.equal(connection?.baseUrl, sandbox.url);
    assert.equal(api.manager.state, 'ready');

    const keyChecks = sandbox.requests.filter((r) => r.path === '/v2/subscribers');
    assert.equal(keyChecks.length, 2, 'one request per key tried');
    assert.equal(await api.context.secrets.get(`novuExplorer.apiKey.${connection!.id}`), sandbox.apiKey);
    const settings = JSON.stringify(vscode.workspace.getConfiguration('novuExplorer'));
    assert.ok(!settings.includes(sandbox.apiKey), 'not in settings');
    for (const key of api.context.globalState.keys()) {
      assert.ok(!JSON.stringify(api.context.globalState.get(key)).includes(sandbox.apiKey), `not in global state ${key}`);
    }
    for (const message of prompter.messages) assert.ok(!message.text.includes(sandbox.apiKey));
  });

  it('Add Connection over http:// to a private network address: warned once, each step numbered, Back keeps what was typed', async function () {
    // The service in Docker on another machine: reached here through this machine's own private address.
    const address = Object.values(networkInterfaces())
      .flat()
      .find((i) => i && !i.internal && isLocalNetworkHost(i.family === 'IPv6' ? `[${i.address}]` : i.address));
    if (!address) {
      console.log('    (no private network address on this machine: skipped)');
      this.skip();
    }
    const lan = await freshSandbox({ host: address!.family === 'IPv6' ? '::' : '0.0.0.0' });
    const previous = api.manager.active;
    try {
      const port = new URL(lan.url).port;
      const url = `http://${address!.family === 'IPv6' ? `[${address!.address}]` : address!.address}:${port}`;
      const prompter = new ScriptedPrompter([
        { pick: 'custom' },
        { input: url },
        { confirm: false },
        { input: url },
        { confirm: true },
        { input: lan.apiKey },
        { back: true, typed: 'LAN box' },
        { input: lan.apiKey },
        { input: 'LAN box' },
      ]);
      api.setPrompter(prompter);
      await vscode.commands.executeCommand('novuExplorer.addConnection');
      api.setPrompter(undefined);
      assert.equal(prompter.remaining, 0);

      const warnings = prompter.messages.filter((m) => m.kind === 'warning');
      assert.equal(warnings.length, 2, 'declined once, then accepted');
      assert.match(warnings[0]!.text, /is not encrypted: the API key .* travel in clear text/);
      assert.ok(warnings[0]!.text.includes(url));
      const [urlStep, urlAgain, key, name, keyAgain, nameAgain] = prompter.inputs;
      assert.deepEqual([urlStep!.options.step, urlStep!.options.totalSteps, key!.options.step, name!.options.step], [2, 4, 3, 4]);
      assert.equal(urlAgain!.options.value, url, 'declining keeps the URL as typed');
      assert.equal(key!.options.back, true);
      assert.equal(keyAgain!.options.value, lan.apiKey, 'Back to the key keeps the key typed');
      assert.equal(nameAgain!.options.value, 'LAN box', 'coming forward again keeps the name typed');
      assert.equal(name!.value, 'LAN box');

      const connection = api.manager.active;
      assert.equal(connection?.baseUrl, url);
      assert.equal(api.manager.state, 'ready');
      assert.match(api.statusBar.tooltip, /Not encrypted \(http:\/\/\): the API key and the answers travel in clear text/);
    } finally {
      // The tests after this one go on with the connection that was active before.
      const added = api.manager.connections.find((c) => c.name === 'LAN box');
      if (added) await api.manager.remove(added);
      if (previous) await api.manager.switchTo(previous.id);
      await lan.close();
    }
  });

  it('refuses http:// to a public address at the field, naming what is allowed', () => {
    const prompter = new ScriptedPrompter([{ pick: 'custom' }, { input: 'http://novu.example.com' }, { cancel: true }]);
    api.setPrompter(prompter);
    return Promise.resolve(vscode.commands.executeCommand('novuExplorer.addConnection')).then(() => {
      api.setPrompter(undefined);
      assert.match(prompter.inputs[0]!.problem ?? '', /Use https:\/\/.*localhost and private network addresses only/);
      assert.equal(prompter.messages.length, 0, 'refused before any warning or request');
    });
  });

  it('loads the views from the active connection and learns its environment', async () => {
    const roots = await api.subscribers.getChildren();
    assert.ok(roots.length > 1, 'subscriber rows');
    assert.equal(api.subscribers.subscribers.length, 25);
    const rows = await api.integrations.getChildren();
    assert.ok(rows.length >= 5, 'integration rows');
    assert.equal(api.manager.environmentOf(api.manager.active!), sandbox.state.environments[0]?._id);
  });

  it('Switch Connection moves both views to the other connection', async () => {
    const prompter = await addSandboxConnection(api, other, 'Other');
    assert.equal(prompter.remaining, 0);
    assert.equal(api.manager.active?.name, 'Other');
    const first = api.manager.connections.find((c) => c.name === 'Local Dev')!;
    api.setPrompter(new ScriptedPrompter([{ pick: first.id }]));
    other.clearRequests();
    sandbox.clearRequests();
    await vscode.commands.executeCommand('novuExplorer.switchConnection');
    api.setPrompter(undefined);
    assert.equal(api.manager.active?.id, first.id);
    await api.subscribers.getChildren();
    await api.integrations.getChildren();
    assert.equal(other.requests.length, 0, 'nothing asked of the old connection');
    assert.deepEqual(sandbox.requests.map((r) => r.path).sort(), ['/v1/integrations/active', '/v2/subscribers']);
  });

  it('shows the rejected-key state when the service answers 401, and Set API Key recovers', async () => {
    const connection = api.manager.active!;
    // The key was revoked on the service: simulate by storing one the sandbox does not know.
    await api.context.secrets.store(`novuExplorer.apiKey.${connection.id}`, 'revoked-key-456');
    const errors = new ScriptedPrompter();
    api.setPrompter(errors);
    await waitFor(() => true, 'secret change event', 200).catch(() => undefined);
    await vscode.commands.executeCommand('novuExplorer.refresh');
    await api.subscribers.getChildren();
    await waitFor(() => api.manager.state === 'unauthorized', 'unauthorized state');
    assert.deepEqual(await api.integrations.getChildren(), [], 'the welcome view explains and offers Set API Key');
    await waitFor(() => errors.messages.find((m) => m.kind === 'error'), 'an error message');
    const shown = errors.messages.find((m) => m.kind === 'error')!;
    assert.match(shown.text, /rejected the API key of "Local Dev"/);
    assert.deepEqual(shown.actions, ['Set API Key', 'Show Log']);

    const fixer = new ScriptedPrompter([{ input: 'still-wrong-789' }, { input: sandbox.apiKey }]);
    api.setPrompter(fixer);
    await vscode.commands.executeCommand('novuExplorer.setApiKey');
    api.setPrompter(undefined);
    assert.match(fixer.inputs[0]!.problem!, /API Key not found/);
    assert.equal(api.manager.state, 'ready');
    assert.ok((await api.subscribers.getChildren()).length > 1);
  });

  it('Open Sandbox starts the built-in sandbox with sample data', async () => {
    await vscode.commands.executeCommand('novuExplorer.openSandbox');
    assert.equal(api.manager.active?.name, 'Sandbox');
    const rows = await api.subscribers.getChildren();
    assert.ok(rows.length > 1);
    assert.ok(api.sandbox.running);
    api.setPrompter(new ScriptedPrompter());
    await vscode.commands.executeCommand('novuExplorer.setApiKey');
    api.setPrompter(undefined);
  });

  it('Remove Connection asks first, then deletes the connection and its key', async () => {
    const target = api.manager.connections.find((c) => c.name === 'Other')!;
    api.setPrompter(new ScriptedPrompter([{ pick: target.id }, { confirm: false }]));
    await vscode.commands.executeCommand('novuExplorer.removeConnection');
    assert.ok(api.manager.connections.some((c) => c.id === target.id), 'kept when not confirmed');
    api.setPrompter(new ScriptedPrompter([{ pick: target.id }, { confirm: true }]));
    await vscode.commands.executeCommand('novuExplorer.removeConnection');
    api.setPrompter(undefined);
    assert.ok(!api.manager.connections.some((c) => c.id === target.id));
    assert.equal(await api.context.secrets.get(`novuExplorer.apiKey.${target.id}`), undefined);
  });

  it('removing the active connection switches to another one, and the last one leaves none', async () => {
    const local = api.manager.connections.find((c) => c.name === 'Local Dev')!;
    await api.manager.switchTo(local.id);
    api.setPrompter(new ScriptedPrompter([{ confirm: true }]));
    await vscode.commands.executeCommand('novuExplorer.removeConnection', local.id);
    api.setPrompter(undefined);
    assert.equal(api.manager.connections.length, 0);
    assert.equal(api.manager.active, undefined);
    assert.equal(api.manager.state, 'none');
  });

  it('deep links open only allowed paths with valid parameters', async () => {
    const prompter = new ScriptedPrompter();
    api.setPrompter(prompter);
    await api.uriHandler.handleUri(vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION_ID}/open?connection=Sandbox`));
    assert.equal(api.manager.active?.name, 'Sandbox');
    await api.uriHandler.handleUri(vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION_ID}/delete-everything?x=1`));
    assert.match(prompter.messages.at(-1)!.text, /cannot open links to "\/delete-everything"/);
    await api.uriHandler.handleUri(vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION_ID}/open?connection=Nope`));
    assert.match(prompter.messages.at(-1)!.text, /no connection named "Nope"/);
    await api.uriHandler.handleUri(vscode.Uri.parse(`${vscode.env.uriScheme}://${EXTENSION_ID}/open?evil=1`));
    assert.match(prompter.messages.at(-1)!.text, /parameters it does not accept/);
    assert.equal(api.manager.active?.name, 'Sandbox', 'a bad link changes nothing');
    api.setPrompter(undefined);
  });

  it('logs every request with method, path, status and duration, and never a key', () => {
    const requests = logLines.filter((l) => / (GET|POST|PATCH) \//.test(l));
    assert.ok(requests.some((l) => /\[Local Dev\] GET \/v2\/subscribers\?limit=1 → 401 in \d+ ms/.test(l) || /GET \/v2\/subscribers\?limit=1 → 401/.test(l)), 'the failed key check is logged');
    assert.ok(requests.some((l) => /GET \/v1\/integrations\/active → 200 in \d+ ms/.test(l)));
    for (const line of logLines) {
      for (const secret of [sandbox.apiKey, other.apiKey, 'wrong-key-123', 'revoked-key-456', 'still-wrong-789']) {
        assert.ok(!line.includes(secret), `log line leaks a key: ${line}`);
      }
    }
    assert.equal(api.log.redact('Authorization: ApiKey abc.def'), 'Authorization: ApiKey [redacted]');
  });
});
