/**
 * Issue 16: Send Again (review, confirm, send, follow the new run) and Cancel Pending Steps, in the
 * real VS Code against the sandbox, with what went on the wire checked at the sandbox.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { NotificationPanel } from '../../src/notifications/notificationPanel';
import type { NotificationPanelState } from '../../src/notifications/protocol';
import type { SendResult } from '../../src/sendAgain/sendAgain';
import { TRIGGER_STATUSES } from '../../src/api';
import { SANDBOX_FIXTURES as F, type Sandbox } from '../../src/sandbox';
import { ScriptedPrompter, addSandboxConnection, waitFor, connectFreshSandbox, disconnectSandbox } from './helpers';

type Loaded = Extract<NotificationPanelState, { kind: 'loaded' }>;

async function loaded(panel: NotificationPanel | undefined, what = 'the panel to load'): Promise<Loaded> {
  assert.ok(panel, 'a panel was opened');
  const state = await waitFor(() => (panel.currentState.kind === 'loaded' ? panel.currentState : undefined), what);
  return state as Loaded;
}

describe('send again and cancel pending', function () {
  this.timeout(60_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;
  const logLines: string[] = [];

  before(async () => {
    ({ api, sandbox } = await connectFreshSandbox('Send again test'));
    api.log.onDidWrite(({ line }) => logLines.push(line));
  });

  afterEach(async () => {
    api.setPrompter(undefined);
    sandbox.setFaults({});
    api.sendAgain.follow = { firstMs: 1000, factor: 1.5, maxMs: 8000, giveUpMs: 30_000 };
    for (const review of api.sendAgain.openReviews) await vscode.commands.executeCommand('novuExplorer.discardTriggerReview', review.uri);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await waitFor(() => api.notificationPanels.all.length === 0, 'panels to close');
  });

  after(async () => {
    // The Sidebar as the next test file expects it: the Subscribers view in front.
    await vscode.commands.executeCommand('novuExplorer.subscribers.focus');
    await disconnectSandbox(api, sandbox);
  });

  const panelFor = (id: string) => api.notificationPanels.all.find((p) => p.notificationId === id);
  const triggers = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/v1/events/trigger');

  /** Opens the review of `ref` from the palette's command, as a person would with an id. */
  async function review(ref: string): Promise<vscode.TextEditor> {
    const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('novuExplorer.sendNotificationAgain', ref);
    assert.ok(editor, 'the review document opened');
    return editor;
  }

  async function replaceText(editor: vscode.TextEditor, text: string): Promise<void> {
    const doc = editor.document;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
    assert.ok(await vscode.workspace.applyEdit(edit));
  }

  async function send(editor: vscode.TextEditor, ...answers: boolean[]): Promise<{ result: SendResult | undefined; prompter: ScriptedPrompter }> {
    const prompter = new ScriptedPrompter(answers.map((confirm) => ({ confirm })));
    api.setPrompter(prompter);
    const result = await vscode.commands.executeCommand<SendResult | undefined>('novuExplorer.sendReviewedTrigger', editor.document.uri);
    return { result, prompter };
  }

  it('opens the trigger built from the notification in an untitled JSON editor, with Send, Cancel and where it goes [smoke]', async () => {
    sandbox.clearRequests();
    const editor = await review(F.failedNotificationId);
    const doc = editor.document;
    assert.equal(doc.uri.scheme, 'untitled');
    assert.equal(doc.languageId, 'json');
    assert.ok(doc.fileName.endsWith('.novu-trigger.json'), doc.fileName);
    const body = JSON.parse(doc.getText()) as Record<string, unknown>;
    const original = sandbox.state.notification(F.failedNotificationId)!;
    assert.equal(body['name'], original.template.triggers[0]!.identifier);
    assert.equal(body['to'], F.notificationSubscriberId);
    assert.deepEqual(body['payload'], original.payload);
    assert.equal(typeof body['transactionId'], 'string');
    assert.notEqual(body['transactionId'], original.transactionId, 'a new transaction id');
    assert.doesNotMatch(doc.getText(), /credentials/, 'no integration credentials in a trigger body');
    assert.equal(triggers().length, 0, 'opening the review sends nothing');

    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
    const titles = lenses.map((l) => l.command?.title ?? '');
    assert.ok(titles.some((t) => t.includes('Send to Send again test')), titles.join(' | '));
    assert.ok(titles.some((t) => t.includes('Cancel')), titles.join(' | '));
    assert.ok(titles.some((t) => t.includes(`environment ${F.developmentEnvironmentId}`)), titles.join(' | '));

    // A second review is a second action: its own new transaction id.
    const second = await review(F.failedNotificationId);
    assert.notEqual(JSON.parse(second.document.getText()).transactionId, body['transactionId']);
  });

  it("ties the trigger body's JSON schema to the review, so the editor itself flags a wrong field", async () => {
    const editor = await review(F.failedNotificationId);
    const body = JSON.parse(editor.document.getText()) as Record<string, unknown>;
    await replaceText(editor, JSON.stringify({ ...body, to: 5, payload: 'text' }, null, 2));
    const flagged = await waitFor(() => {
      const found = vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source !== 'Novu Explorer');
      return found.length >= 2 ? found : undefined;
    }, "the JSON language service's schema diagnostics", 20_000);
    const fields = flagged.map((d) => editor.document.getText(d.range));
    assert.ok(fields.includes('5') && fields.includes('"text"'), fields.join(' | '));
  });

  it('sends after one confirmation, finds the new run, opens it beside the original and links both ways', async () => {
    await vscode.commands.executeCommand('novuExplorer.openNotification', F.failedNotificationId);
    await loaded(panelFor(F.failedNotificationId));
    const editor = await review(F.failedNotificationId);
    const typed = JSON.parse(editor.document.getText()) as Record<string, unknown>;
    sandbox.clearRequests();
    const { result, prompter } = await send(editor, true);
    assert.ok(result && result.kind === 'sent', JSON.stringify(result));

    // The confirmation named the workflow, the subscriber and where, and said real messages go out.
    const question = prompter.messages.find((m) => m.actions.includes('Send'))!;
    assert.match(question.text, new RegExp(`${typed['name'] as string}.*${F.notificationSubscriberId}.*Send again test`));
    assert.match(question.detail ?? '', /real messages will be delivered/);
    assert.equal(prompter.messages.filter((m) => m.actions.includes('Send to Production')).length, 0, 'not production: asked once');

    // On the wire: the body as it was in the editor, with an idempotency key.
    const [post] = triggers();
    assert.ok(post);
    assert.deepEqual(post.body, typed);
    assert.ok(post.idempotencyKey && post.idempotencyKey.length > 10);
    assert.ok(sandbox.requests.some((r) => r.method === 'GET' && r.path === '/v1/notifications' && r.query['transactionId'] === typed['transactionId']), 'looked the new run up by its transaction id');

    // The new run: opened, linked from and to the original, and followed until its jobs settle.
    const panel = panelFor(result.notificationId);
    const state = await loaded(panel);
    assert.equal(state.related.sentAgainFrom, F.failedNotificationId);
    const original = await loaded(panelFor(F.failedNotificationId));
    await waitFor(() => (panelFor(F.failedNotificationId)!.currentState as Loaded).related.sentAgainAs.includes(result.notificationId), 'the original to link to the new run');
    assert.ok(original);
    assert.equal(api.sendAgain.openReviews.length, 0, 'the review closed once sent');
    const settled = await waitFor(() => {
      const s = panel!.currentState;
      return s.kind === 'loaded' && !s.model.inProgress ? s : undefined;
    }, 'the new run to settle by live refresh', 20_000);
    assert.ok(settled.model.jobs.every((j) => ['completed', 'failed', 'skipped', 'canceled'].includes(j.status)), settled.model.jobs.map((j) => j.status).join());
    assert.ok(panel!.loads >= 1, 'the panel read the run again while it moved');

    // Kept per connection: a panel opened again later still links.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('novuExplorer.openNotification', F.failedNotificationId);
    assert.ok((await loaded(panelFor(F.failedNotificationId))).related.sentAgainAs.includes(result.notificationId));

    // The log names the trigger and its transaction, never the payload's values.
    const line = logLines.find((l) => l.includes('POST') && l.includes('v1/events/trigger'));
    assert.ok(line && line.includes(`transaction ${typed['transactionId'] as string}`), line);
    const orderId = (typed['payload'] as Record<string, unknown>)['orderId'];
    assert.ok(orderId !== undefined && !logLines.some((l) => l.includes(String(orderId))), 'no payload value in the log');
  });

  it('reuses one idempotency key for the retries of a send, and a new one for the next send', async () => {
    const editor = await review(F.failedNotificationId);
    sandbox.clearRequests();
    sandbox.setFaults({ rejectNext: { method: 'POST', pathSuffix: '/v1/events/trigger', status: 503, message: 'Service Unavailable' } });
    const first = await send(editor, true);
    assert.equal(first.result?.kind, 'sent', JSON.stringify(first.result));
    const [a, b] = triggers();
    assert.ok(a && b, 'retried once after the 503');
    assert.equal(a.status, 503);
    assert.equal(a.idempotencyKey, b.idempotencyKey);
    const next = await review(F.failedNotificationId);
    sandbox.clearRequests();
    const second = await send(next, true);
    assert.equal(second.result?.kind, 'sent');
    assert.notEqual(triggers()[0]!.idempotencyKey, a.idempotencyKey);
  });

  it('refuses invalid JSON and a body without name or to at the editor, before any request, keeping the text', async () => {
    const editor = await review(F.failedNotificationId);
    sandbox.clearRequests();
    const broken = editor.document.getText().replace(/\n}\s*$/, ',\n}\n');
    await replaceText(editor, broken);
    const { result, prompter } = await send(editor);
    assert.equal(result?.kind, 'invalid');
    assert.match(prompter.messages[0]!.text, /not valid JSON \(line \d+, column \d+\)/);
    const diagnostics = vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'Novu Explorer');
    assert.equal(diagnostics.length, 1);
    assert.equal(editor.document.getText(), broken, 'nothing typed is lost');

    const withoutTo = JSON.parse(broken.replace(/,\n}\n$/, '\n}\n')) as Record<string, unknown>;
    delete withoutTo['to'];
    await replaceText(editor, JSON.stringify(withoutTo, null, 2));
    const missing = await send(editor);
    assert.equal(missing.result?.kind, 'invalid');
    assert.match(missing.prompter.messages[0]!.text, /to: A recipient is required/);
    assert.equal(triggers().length, 0, 'nothing was sent');
    assert.equal(sandbox.requests.length, 0, 'no request at all');
  });

  it('sends nothing when the confirmation is declined, and asks twice for production', async () => {
    const editor = await review(F.failedNotificationId);
    sandbox.clearRequests();
    const declined = await send(editor, false);
    assert.equal(declined.result?.kind, 'declined');
    assert.equal(triggers().length, 0);

    // A connection named for production asks once more, explicitly; declining there sends nothing.
    await addSandboxConnection(api, sandbox, 'Production (EU)');
    try {
      const prod = await review(F.failedNotificationId);
      const twice = await send(prod, true, false);
      assert.equal(twice.result?.kind, 'declined');
      const second = twice.prompter.messages.find((m) => m.actions.includes('Send to Production'));
      assert.ok(second, 'asked again for production');
      assert.match(second.text, /"Production \(EU\)" is a production environment/);
      assert.equal(triggers().length, 0);
    } finally {
      const prod = api.manager.connections.find((c) => c.name === 'Production (EU)');
      if (prod) await api.manager.remove(prod);
      await api.manager.switchTo(api.manager.connections.find((c) => c.name === 'Send again test')!.id);
    }
  });

  it('says every trigger status that is not processed in words, and keeps the review open', async () => {
    const editor = await review(F.failedNotificationId);
    // The sandbox's own refusal: an inactive workflow.
    const body = JSON.parse(editor.document.getText()) as Record<string, unknown>;
    await replaceText(editor, JSON.stringify({ ...body, name: 'marketing-newsletter' }, null, 2));
    const inactive = await send(editor, true);
    assert.ok(inactive.result?.kind === 'notStarted' && inactive.result.outcome.status === 'trigger_not_active', JSON.stringify(inactive.result));
    assert.match(inactive.prompter.messages.at(-1)!.text, /^Not sent: the workflow marketing-newsletter is not active/);
    // Every other status, as a live service would answer it.
    for (const status of TRIGGER_STATUSES.filter((s) => s !== 'processed')) {
      sandbox.setFaults({ respond: { pathIncludes: '/v1/events/trigger', status: 201, body: { data: { acknowledged: true, status, ...(status === 'error' ? { error: ['Template render failed'] } : {}) } } } });
      const { result, prompter } = await send(editor, true);
      assert.ok(result?.kind === 'notStarted' && result.outcome.status === status, `${status}: ${JSON.stringify(result)}`);
      const said = prompter.messages.at(-1)!;
      assert.equal(said.kind, 'error');
      assert.match(said.text, /^Not sent: /, status);
      if (status === 'error') assert.match(said.text, /Template render failed/);
      assert.equal(api.sendAgain.openReviews.length, 1, 'the review stays open to be fixed');
    }
  });

  it("points a 400's failing payload fields at the document, and says 5xx with its error ID", async () => {
    const editor = await review(F.failedNotificationId);
    const body = JSON.parse(editor.document.getText()) as { payload: Record<string, unknown> };
    delete body.payload['orderId'];
    await replaceText(editor, JSON.stringify(body, null, 2));
    const invalid = await send(editor, true);
    assert.equal(invalid.result?.kind, 'failed');
    await waitFor(() => invalid.prompter.messages.some((m) => m.kind === 'error'), 'the error message');
    const diagnostics = vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'Novu Explorer');
    assert.equal(diagnostics.length, 1);
    // The sandbox answers in the service's array form (`errors: [{ field, message }]`).
    assert.equal(diagnostics[0]!.message, 'payload.orderId: is required');
    assert.equal(editor.document.getText(diagnostics[0]!.range), '"payload"');
    const said = invalid.prompter.messages.find((m) => m.kind === 'error')!;
    assert.equal(said.text, 'Not sent: Payload validation failed: payload.orderId is required (HTTP 400)');

    sandbox.setFaults({ respond: { pathIncludes: '/v1/events/trigger', status: 500, message: 'Internal failure' } });
    const failed = await send(editor, true);
    assert.equal(failed.result?.kind, 'failed');
    assert.match((failed.result as { message: string }).message, /^Not sent: Internal failure\. \(HTTP 500\) Error ID: \S+\.$/);
  });

  it('gives up looking for the new run after the wait, with a clear message and a way to find it', async () => {
    api.sendAgain.follow = { firstMs: 200, factor: 1.5, maxMs: 500, giveUpMs: 1500 };
    const editor = await review(F.failedNotificationId);
    sandbox.setFaults({ respond: { pathIncludes: '/v1/notifications', status: 200, body: { data: [], hasMore: false, pageSize: 10, page: 0 } } });
    const { result, prompter } = await send(editor, true);
    assert.equal(result?.kind, 'notFound');
    const warning = await waitFor(() => prompter.messages.find((m) => m.actions.includes('Find Again')), 'the warning');
    assert.match(warning.text, /did not appear within 2 s/);
    assert.equal(warning.kind, 'warning');
  });

  it('cancels pending steps after a confirmation, says true and false as such, and shows them cancelled', async () => {
    await vscode.commands.executeCommand('novuExplorer.openNotification', F.delayedNotificationId);
    const before = await loaded(panelFor(F.delayedNotificationId));
    assert.equal(before.model.hasPending, true, 'offered while steps wait');
    const notification = sandbox.state.notification(F.delayedNotificationId)!;
    const connection = api.manager.active!;
    sandbox.clearRequests();

    api.setPrompter(new ScriptedPrompter([{ confirm: false }]));
    assert.equal(await api.sendAgain.cancelPending(notification as never, connection), undefined);
    assert.equal(sandbox.requests.length, 0, 'declined: nothing asked');

    const prompter = new ScriptedPrompter([{ confirm: true }, { confirm: true }]);
    api.setPrompter(prompter);
    assert.equal(await api.sendAgain.cancelPending(notification as never, connection), true);
    assert.ok(sandbox.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/events/trigger/${notification.transactionId}`));
    await waitFor(() => prompter.messages.some((m) => /^Cancelled the pending steps/.test(m.text)), 'the cancelled message');
    assert.equal(await api.sendAgain.cancelPending(notification as never, connection), false);
    await waitFor(() => prompter.messages.some((m) => /^Nothing was left to cancel/.test(m.text)), 'the nothing-left message');

    // The sandbox has cancelled them: the next read shows nothing pending. Another read started
    // meanwhile (a focus change reads a moving notification again) may supersede this one, so wait
    // for the state rather than take the one at hand; it must still come.
    const stored = sandbox.state.notification(F.delayedNotificationId)!.jobs.map((j) => `${j.type}:${j.status}`).join(', ');
    assert.ok(!/pending|queued|delayed/.test(stored), `the sandbox still has steps waiting: ${stored}`);
    await panelFor(F.delayedNotificationId)!.load();
    const after = await waitFor(() => {
      const state = panelFor(F.delayedNotificationId)?.currentState;
      return state?.kind === 'loaded' && !state.model.hasPending ? state : undefined;
    }, `the panel to show nothing pending (the sandbox has ${stored})`);
    assert.equal(after.model.hasPending, false, 'hidden once nothing is pending');
    assert.ok(after.model.jobs.filter((j) => j.status === 'canceled').length >= 2);

    await vscode.commands.executeCommand('novuExplorer.openNotification', F.failedNotificationId);
    assert.equal((await loaded(panelFor(F.failedNotificationId))).model.hasPending, false, 'not offered when nothing is pending');
  });

  it('opens the review from an Activity row and from a transaction id; links and deep links never send or cancel', async () => {
    sandbox.clearRequests();
    const fromTxn = await review(F.failedTransactionId);
    assert.equal(JSON.parse(fromTxn.document.getText()).to, F.notificationSubscriberId);

    await vscode.commands.executeCommand('novuExplorer.activity.focus');
    await waitFor(() => api.activity.status === 'loaded', 'the Activity view to load');
    const row = (await api.activity.getChildren()).find((n) => 'notification' in n && (n as { notification: { _id: string } }).notification._id === F.failedNotificationId);
    assert.ok(row, 'the failed notification is a row');
    const fromRow = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('novuExplorer.sendActivityNotificationAgain', row);
    assert.ok(fromRow && fromRow.document.fileName.endsWith('.novu-trigger.json'));

    for (const uri of [
      `vscode://novuexplorer.novu-explorer/notification?id=${F.failedNotificationId}&send=1`,
      `vscode://novuexplorer.novu-explorer/send?id=${F.failedNotificationId}`,
      `vscode://novuexplorer.novu-explorer/cancel?transactionId=${F.failedTransactionId}`,
      `vscode://novuexplorer.novu-explorer/notification?id=${F.delayedNotificationId}`,
    ]) {
      api.setPrompter(new ScriptedPrompter());
      await api.uriHandler.handleUri(vscode.Uri.parse(uri));
    }
    await vscode.commands.executeCommand('novuExplorer.openNotificationLink', { kind: 'transaction', id: F.failedTransactionId });
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(sandbox.requests.filter((r) => r.method !== 'GET').length, 0, 'only reads');
    assert.equal(api.sendAgain.openReviews.length, 2, 'links opened no review');
  });
});
