/**
 * Issue 55: topics (who a send reaches, and who its conditions filtered out), contexts, and the
 * Inbox as the service holds it, against a fresh sandbox in real VS Code. Every write is asked
 * first and sent once, with an idempotency key.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { Notification } from '../../src/api';
import type { InboxPanel } from '../../src/inbox/inboxPanel';
import type { ReachView } from '../../src/topics/reachProtocol';
import type { TopicNode } from '../../src/topics/topicNodes';
import { SANDBOX_FIXTURES as F, type Sandbox } from '../../src/sandbox';
import { ScriptedPrompter, connectFreshSandbox, disconnectSandbox, waitFor } from './helpers';
import { trigger } from '../../src/api';

describe('topics, contexts and the Inbox', function () {
  this.timeout(60_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;
  let prompter: ScriptedPrompter;
  const requests = (method: string, path: RegExp) => sandbox.requests.filter((r) => r.method === method && path.test(r.path));

  before(async () => {
    // On the real clock: a run triggered now is in the diagnosis's last 24 hours.
    ({ api, sandbox } = await connectFreshSandbox('Audience test', { activityEndsAtMs: Date.now() }));
  });

  beforeEach(() => {
    sandbox.setFaults({});
    sandbox.clearRequests();
    prompter = new ScriptedPrompter();
    api.setPrompter(prompter);
  });

  afterEach(async () => {
    api.setPrompter(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await disconnectSandbox(api, sandbox);
  });

  async function topicNodes(): Promise<TopicNode[]> {
    const topics = api.topics.provider;
    topics.reload();
    return waitFor(async () => {
      const nodes = (await topics.getChildren()).filter((n): n is TopicNode => 'key' in n && 'topic' in n);
      return nodes.length > 0 ? nodes : undefined;
    }, 'the topics to load');
  }

  async function topicNode(key: string): Promise<TopicNode> {
    const node = (await topicNodes()).find((n) => n.key === key);
    assert.ok(node, `the Topics view lists ${key}`);
    return node;
  }

  async function notification(id: string): Promise<Notification> {
    const client = await api.manager.clientFor(api.manager.active!);
    return client!.getNotification(id);
  }

  it('lists the topics, and a topic\'s subscriptions with their context, one request each [smoke]', async () => {
    const keys = (await topicNodes()).map((n) => n.key);
    for (const key of [F.productUpdatesTopicKey, F.failedTopicKey, F.emptyTopicKey]) assert.ok(keys.includes(key), `${key} in ${keys.join(', ')}`);
    assert.equal(requests('GET', /^\/v2\/topics$/).length, 1);
    const node = await topicNode(F.productUpdatesTopicKey);
    const children = await node.children();
    const labels = children.map((c) => String(c.treeItem().label ?? ''));
    assert.ok(children.length >= 5, labels.join(', '));
    const html = children.find((c) => 'subscription' in c && (c as { subscription: { subscriber?: { subscriberId?: string } } }).subscription.subscriber?.subscriberId === F.htmlNameSubscriberId);
    assert.ok(html, 'sbx-html-name is subscribed');
    assert.match(String(html.treeItem().description ?? ''), /tenant:acme/, 'its context shows on its row');
    assert.equal(requests('GET', new RegExp(`^/v2/topics/${F.productUpdatesTopicKey}/subscriptions$`)).length, 1);
  });

  it('creates a topic after a question, once with an idempotency key, and asks the key again on a 409 with the service\'s words', async () => {
    prompter.script({ input: F.productUpdatesTopicKey }, { input: 'Taken' }, { confirm: true }, { input: 'release-notes' }, { input: 'Release notes' }, { confirm: true });
    await vscode.commands.executeCommand('novuExplorer.createTopic');
    const posts = requests('POST', /^\/v2\/topics$/);
    assert.equal(posts.length, 2, 'the taken key, then the new one');
    assert.equal(posts[0]!.query.failIfExists, 'true');
    assert.ok(posts.every((p) => p.idempotencyKey), 'each write has its key');
    assert.notEqual(posts[0]!.idempotencyKey, posts[1]!.idempotencyKey);
    const again = prompter.inputs.filter((i) => i.options.prompt?.includes('topic key'));
    assert.match(again[1]!.shownProblem ?? '', /already exists/, 'the key is asked again under the service\'s message');
    assert.ok((await topicNodes()).some((n) => n.key === 'release-notes'));
  });

  it('sends nothing when a write is declined', async () => {
    const node = await topicNode(F.emptyTopicKey);
    prompter.script({ confirm: false });
    await vscode.commands.executeCommand('novuExplorer.deleteTopic', node);
    assert.equal(requests('DELETE', /^\/v2\/topics/).length, 0);
  });

  it('adds subscribers in one request, says each one the service refused, and removes one subscription', async () => {
    const node = await topicNode(F.emptyTopicKey);
    prompter.script({ pickMany: [F.notificationSubscriberId, 'nobody-here'], typed: `${F.notificationSubscriberId}, nobody-here` }, { confirm: true });
    await vscode.commands.executeCommand('novuExplorer.addTopicSubscribers', node);
    const posts = requests('POST', new RegExp(`^/v2/topics/${F.emptyTopicKey}/subscriptions$`));
    assert.equal(posts.length, 1);
    assert.deepEqual((posts[0]!.body as { subscriberIds?: string[]; subscriptions?: unknown[] }).subscriberIds ?? (posts[0]!.body as { subscriptions: unknown[] }).subscriptions, [F.notificationSubscriberId, 'nobody-here']);
    const said = prompter.messages.find((m) => m.kind === 'warning' && /1 of 2 subscribed/.test(m.text));
    assert.ok(said, prompter.messages.map((m) => m.text).join(' | '));
    assert.match(said.text, /nobody-here/);
    const [subscription] = (await (await topicNode(F.emptyTopicKey)).children()).filter((c) => 'subscription' in c);
    assert.ok(subscription);
    prompter.script({ confirm: true });
    await vscode.commands.executeCommand('novuExplorer.removeTopicSubscription', subscription);
    const deletes = requests('DELETE', new RegExp(`^/v2/topics/${F.emptyTopicKey}/subscriptions$`));
    assert.equal(deletes.length, 1);
    assert.ok(deletes[0]!.idempotencyKey);
  });

  it('works out who a send to a topic would reach, without sending, and why each other one is filtered', async () => {
    const node = await topicNode(F.productUpdatesTopicKey);
    prompter.script({ pick: F.topicWorkflowIdentifier });
    await vscode.commands.executeCommand('novuExplorer.topicReach', node);
    const panel = await waitFor(() => api.topics.reachPanels[0], 'the dry run');
    const view: ReachView = await waitFor(() => panel.current, 'the dry run to be worked out', 20_000);
    assert.equal(view.mode, 'dryRun');
    const outcome = (id: string) => view.rows.find((r) => r.subscriberId === id);
    assert.equal(outcome(F.notificationSubscriberId)?.outcome, 'reached');
    assert.equal(outcome(F.noNameSubscriberId)?.outcome, 'filtered');
    assert.match(outcome(F.noNameSubscriberId)!.why, /disabled|turned off|off/i);
    assert.equal(outcome(F.unicodeSubscriberId)?.outcome, 'filtered', 'its condition needs payload.region "eu"');
    assert.match(outcome(F.unicodeSubscriberId)!.why, /region/);
    assert.equal(requests('POST', /^\/v1\/events\/trigger$/).length, 0, 'a dry run sends nothing');
    // The body changes (region eu): the dry run follows it.
    const review = vscode.window.visibleTextEditors.find((e) => e.document.uri.path.endsWith('.novu-trigger.json'));
    assert.ok(review, 'the review is open beside it');
    const body = JSON.parse(review.document.getText()) as { payload: Record<string, unknown> };
    await review.edit((edit) => edit.replace(new vscode.Range(0, 0, review.document.lineCount, 0), `${JSON.stringify({ ...body, payload: { ...body.payload, region: 'eu' } }, null, 2)}\n`));
    const changed = await waitFor(() => (panel.current?.rows.find((r) => r.subscriberId === F.unicodeSubscriberId)?.outcome === 'reached' ? panel.current : undefined), 'the dry run to follow the edit', 10_000);
    assert.equal(changed.rows.find((r) => r.subscriberId === F.notificationSubscriberId)?.outcome, 'reached');
    assert.equal(requests('POST', /^\/v1\/events\/trigger$/).length, 0);
  });

  it('shows who a past topic send reached, and why the others got nothing', async () => {
    const run = await notification(F.topicSendNotificationId);
    await vscode.commands.executeCommand('novuExplorer.pastTopicReach', run);
    const panel = await waitFor(() => api.topics.reachPanels.find((p) => p.current?.mode === 'past' || p.state.kind !== 'loading'), 'the past send');
    const view = await waitFor(() => panel.current, 'the past send to be read', 20_000);
    assert.equal(view.mode, 'past');
    assert.equal(view.rows.find((r) => r.subscriberId === F.notificationSubscriberId)?.outcome, 'got');
    const missed = view.rows.filter((r) => r.outcome === 'missed').map((r) => r.subscriberId);
    assert.ok(missed.includes(F.unicodeSubscriberId), `sbx-unicode missed it (region us): ${missed.join(', ')}`);
  });

  it('groups the contexts by type, and shows the runs of exactly one context in the Activity view [smoke]', async () => {
    const contexts = api.contexts.provider;
    contexts.reload();
    const groups = await waitFor(async () => {
      const nodes = await contexts.getChildren();
      return nodes.length > 0 ? nodes : undefined;
    }, 'the contexts to load');
    const labels = groups.map((g) => String(g.treeItem().label ?? ''));
    assert.ok(labels.some((l) => l.includes('tenant')), labels.join(', '));
    const tenants = groups.find((g) => String(g.treeItem().label ?? '').includes('tenant'))!;
    const acme = (await tenants.children!()).find((c) => (c as { key?: string }).key === F.acmeContextKey);
    assert.ok(acme, 'tenant:acme is listed under tenant');
    sandbox.clearRequests();
    await vscode.commands.executeCommand('novuExplorer.showContextActivity', acme);
    const list = await waitFor(() => requests('GET', /^\/v1\/notifications$/).find((r) => r.query.contextKeys !== undefined), 'the Activity to ask for the context');
    assert.deepEqual([list.query.contextKeys].flat(), [F.acmeContextKey]);
    const ids = await waitFor(() => (api.activity.notifications.length > 0 ? api.activity.notifications.map((n) => n._id) : undefined), 'the rows');
    assert.ok(ids.includes(F.acmeNotificationId));
    assert.ok(!ids.includes(F.acmeDashboardNotificationId), 'a run with another key more is not in exactly tenant:acme');
    await api.activity.setFilter({});
  });

  it('says why a topic send left a subscriber out, when no run of it is theirs: the condition with the value it read', async () => {
    const client = (await api.manager.activeClient())!.client;
    await client.createSubscriber({ subscriberId: 'topic-amy', firstName: 'Amy' });
    await client.createSubscriber({ subscriberId: 'topic-bob', firstName: 'Bob' });
    const post = (body: unknown) => fetch(`${sandbox.url}/v2/topics/diag-topic/subscriptions`, { method: 'POST', headers: { Authorization: `ApiKey ${sandbox.apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    assert.equal((await post({ subscriptions: ['topic-amy'] })).status, 201);
    assert.equal((await post({ subscriptions: ['topic-bob'], preferences: [{ workflowId: F.topicWorkflowIdentifier, condition: { '==': [{ var: 'payload.region' }, 'eu'] } }] })).status, 201);
    const transactionId = `txn-topic-${Math.random().toString(36).slice(2, 10)}`;
    const answer = await trigger(client, { name: F.topicWorkflowIdentifier, to: [{ type: 'Topic', topicKey: 'diag-topic' }], payload: { region: 'us', window: 'now', services: 'the API' }, transactionId });
    assert.equal(answer.status, 'processed');
    await waitFor(() => sandbox.state.notifications.some((n) => n.transactionId === transactionId), 'the send\'s run for Amy');
    assert.ok(!sandbox.state.notifications.some((n) => n.transactionId === transactionId && n.subscriber?.subscriberId === 'topic-bob'), 'Bob was filtered: no run');
    await api.diagnose({ kind: 'request', request: { subscriberId: 'topic-bob', workflowRef: F.topicWorkflowIdentifier } });
    const panel = await waitFor(() => api.diagnosisPanels.all.find((p) => p.request.subscriberId === 'topic-bob'), 'the diagnosis panel');
    await waitFor(() => panel.state.kind === 'loaded' && !panel.state.busy && panel.current?.verdict.state !== 'pending', 'the verdict', 15_000);
    const verdict = panel.current!.verdict;
    assert.equal(verdict.cause, 'topicFiltered', verdict.text);
    assert.match(verdict.text, /Bob is subscribed to diag-topic/);
    assert.match(verdict.text, /payload\.region/);
    assert.match(verdict.text, /"us"/);
    assert.match(verdict.text, /only a request trace/);
    panel.panel.dispose();
  });

  it('reads an Inbox set-up in the code: a lens names its environment, a warning says Production\'s identifier and the missing hash', async () => {
    const content = `import { Inbox } from '@novu/react';\n\nexport function Bell() {\n  return <Inbox applicationIdentifier="${F.productionApplicationIdentifier}" subscriberId="sbx-alice" />;\n}\n`;
    const document = await vscode.workspace.openTextDocument({ language: 'typescriptreact', content });
    await vscode.window.showTextDocument(document);
    const warnings = await waitFor(() => {
      const found = vscode.languages.getDiagnostics(document.uri).filter((d) => d.source === 'Novu Explorer');
      return found.some((d) => /Production/.test(d.message)) ? found : undefined;
    }, 'the Inbox set-up\'s warnings', 20_000);
    const production = warnings.find((d) => /Production/.test(d.message))!;
    assert.equal(production.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(production.range.start.line, 3, 'at the set-up');
    assert.match(production.message, /the active connection is Development/);
    // Production's in-app integration has HMAC on: a set-up without a hash is said too.
    assert.ok(warnings.some((d) => /HMAC/.test(d.message)), warnings.map((d) => d.message).join(' | '));
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri, 100);
    const titles = lenses.map((l) => l.command?.title ?? '');
    assert.ok(titles.some((t) => /Inbox/.test(t) && /Production/.test(t)), titles.join(' | '));
    // Closed without saving: an open document is checked again at every change of connection (the later suites count requests).
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('opens a run\'s message in its subscriber\'s Inbox, in the run\'s context, and changes it only after a question', async () => {
    const run = await notification(F.acmeNotificationId);
    sandbox.clearRequests();
    await vscode.commands.executeCommand('novuExplorer.openRunInInbox', run);
    const panel: InboxPanel = await waitFor(() => api.inboxPanels.all.find((p) => p.subscriberId === F.notificationSubscriberId), 'the Inbox panel');
    const current = await waitFor(() => (panel.current.items.length > 0 ? panel.current : undefined), 'the Inbox to load', 15_000);
    assert.deepEqual(current.context, { kind: 'keys', keys: [F.acmeContextKey] });
    const list = requests('GET', new RegExp(`^/v2/subscribers/${F.notificationSubscriberId}/notifications$`));
    assert.deepEqual([list[0]!.query.contextKeys].flat(), [F.acmeContextKey]);
    assert.ok(current.items.some((i) => i.id === F.inboxAcmeMessageId), 'the run\'s message is there');
    assert.ok(!current.items.some((i) => i.id === F.inboxAcmeDashboardMessageId), 'not one of tenant:acme + app:dashboard');
    assert.equal(current.focused, F.inboxAcmeMessageId);
    // Declined: nothing sent.
    prompter.script({ confirm: false });
    await panel.act(F.inboxAcmeMessageId, 'read');
    assert.equal(requests('PATCH', /\/read$/).length, 0);
    prompter.script({ confirm: true });
    await panel.act(F.inboxAcmeMessageId, 'read');
    const patches = requests('PATCH', new RegExp(`/notifications/${F.inboxAcmeMessageId}/read$`));
    assert.equal(patches.length, 1);
    assert.ok(patches[0]!.idempotencyKey);
    assert.match(prompter.messages.at(-1)!.text, /Audience test/, 'the question names the connection');
    const after = await waitFor(() => panel.current.items.find((i) => i.id === F.inboxAcmeMessageId && i.isRead), 'the item to show read');
    assert.ok(after);
  });
});

describe('a server without topics, contexts or the server-side Inbox', function () {
  this.timeout(30_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;

  before(async () => {
    ({ api, sandbox } = await connectFreshSandbox('Older server', { without: ['topics', 'contexts', 'inbox'] }));
  });

  after(async () => {
    api.setPrompter(undefined);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await disconnectSandbox(api, sandbox);
  });

  const rowText = async (provider: { reload(): void; getChildren(): Promise<{ treeItem(): vscode.TreeItem }[]> }) => {
    provider.reload();
    const rows = await waitFor(async () => {
      const nodes = await provider.getChildren();
      return nodes.length > 0 ? nodes : undefined;
    }, 'the view to answer');
    return rows.map((r) => { const item = r.treeItem(); return `${String(item.label ?? '')} ${String(item.description ?? '')} ${String(item.tooltip ?? '')}`; }).join(' | ');
  };

  it('says in each view what the server lacks, not an empty list', async () => {
    assert.match(await rowText(api.topics.provider), /does not have topics \(the \/v2\/topics routes\).*Cannot GET \/v2\/topics/s);
    assert.match(await rowText(api.contexts.provider), /does not have contexts/);
  });

  it('says it in the Inbox panel too', async () => {
    const panel = api.inboxPanels.open(F.notificationSubscriberId, api.manager.active!);
    const current = await waitFor(() => (panel.current.error ? panel.current : undefined), 'the Inbox to fail', 15_000);
    assert.match(current.error!, /does not have the server-side Inbox/);
  });
});
