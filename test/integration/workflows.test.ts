/**
 * Issue 25 in a real VS Code against the sandbox: the Workflows view (paging 50 at a time, search
 * and status filter asked of the service, rows and tooltips, steps read once when expanded, every
 * failure state), Trigger… (the payload filled from the workflow's schema, refused at the field
 * before any request, then sent and followed), Open in Code and the lens's Trigger….
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { SendResult } from '../../src/sendAgain/sendAgain';
import type { TreeNode } from '../../src/ui/treeNodes';
import type { WorkflowNode } from '../../src/workflows/workflowsProvider';
import { SANDBOX_FIXTURES as F, type Sandbox } from '../../src/sandbox';
import { NOVU_CLIENT, ScriptedPrompter, addSandboxConnection, freshSandbox, kindOf, waitFor, connectFreshSandbox, disconnectSandbox } from './helpers';
import { trigger } from '../../src/api';

const CATALOGUE = 11;
const EXTRA = 55;

describe('workflows view and trigger', function () {
  this.timeout(60_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;
  const lists = () => sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/v2/workflows');
  const reads = () => sandbox.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v2/workflows/'));
  const triggers = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/v1/events/trigger');
  // The service's workflows (the row of the user's app, issue 33, is another test's).
  const rows = async (): Promise<TreeNode[]> => ((await api.workflows.getChildren()) ?? []).filter((n) => !String(n.treeItem().id ?? '').startsWith('workflows:app'));
  const workflowRows = async () => (await rows()).filter((n) => kindOf(n) === 'workflow') as WorkflowNode[];

  before(async () => {
    ({ api, sandbox } = await connectFreshSandbox('Workflows test', { extraWorkflows: EXTRA }));
  });

  afterEach(async () => {
    api.setPrompter(undefined);
    sandbox.setFaults({});
    api.workflows.setFilter({});
    for (const review of api.sendAgain.openReviews) await vscode.commands.executeCommand('novuExplorer.discardTriggerReview', review.uri);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await disconnectSandbox(api, sandbox);
  });

  it('lists 50 a page with Load more, each workflow once, one request per action [smoke]', async () => {
    sandbox.clearRequests();
    api.workflows.reload();
    const first = await workflowRows();
    assert.equal(first.length, 50);
    assert.equal(lists().length, 1);
    assert.deepEqual({ limit: lists()[0]!.query['limit'], offset: lists()[0]!.query['offset'] }, { limit: '50', offset: '0' });
    assert.equal(kindOf((await rows()).at(-1)), 'loadMore');
    assert.equal(api.workflows.totalCount, CATALOGUE + EXTRA);
    await vscode.commands.executeCommand('novuExplorer.loadMoreWorkflows');
    const all = await workflowRows();
    assert.equal(all.length, CATALOGUE + EXTRA);
    assert.equal(new Set(all.map((n) => n.workflow._id)).size, all.length, 'each once');
    assert.equal(lists().length, 2);
    assert.equal(lists()[1]!.query['offset'], '50');
    assert.notEqual(kindOf((await rows()).at(-1)), 'loadMore', 'no Load more after the last page');
  });

  it('shows name, identifier, status, origin and tags; the tooltip adds the last trigger and the steps', async () => {
    api.workflows.setFilter({ query: 'invoice' });
    const found = await workflowRows();
    assert.deepEqual(found.map((n) => n.workflow.workflowId).sort(), ['invoice-paid', 'invoiceReminders']);
    const paid = found.find((n) => n.workflow.workflowId === 'invoice-paid')!;
    const item = paid.treeItem();
    assert.equal(item.label, 'Invoice paid');
    assert.equal(item.description, 'invoice-paid · code · billing, code');
    assert.equal((item.iconPath as vscode.ThemeIcon).id, 'pass');
    assert.match(item.contextValue ?? '', /^workflow;hasIdentifier;statusACTIVE;code$/);
    const resolved = api.workflows.resolveTreeItem(item, paid) as vscode.TreeItem;
    const tooltip = String(resolved.tooltip);
    assert.match(tooltip, /Identifier: invoice-paid/);
    assert.match(tooltip, /Origin: code \(synced from @novu\/framework\)/);
    assert.match(tooltip, /Steps: In-app → Email/);
    assert.match(tooltip, /Last triggered: never/);
    // A workflow with runs says when it was last triggered.
    api.workflows.setFilter({ query: F.workflowIdentifier });
    const welcome = (await workflowRows())[0]!;
    assert.match(String((api.workflows.resolveTreeItem(welcome.treeItem(), welcome) as vscode.TreeItem).tooltip), /Last triggered: (?!never)\w+/);
    assert.equal(lists().at(-1)!.query['query'], F.workflowIdentifier);
  });

  it('filters by status on the service, and says when nothing matches, with Clear Filter', async () => {
    api.setPrompter(new ScriptedPrompter([{ pickMany: ['ERROR', 'INACTIVE'] }]));
    await vscode.commands.executeCommand('novuExplorer.filterWorkflowStatus');
    const found = await workflowRows();
    assert.deepEqual(found.map((n) => n.workflow.workflowId).sort(), ['marketing-newsletter', 'trial-ending']);
    assert.deepEqual(lists().at(-1)!.query['status'], ['ERROR', 'INACTIVE']);
    const error = found.find((n) => n.workflow.workflowId === 'trial-ending')!.treeItem();
    assert.equal((error.iconPath as vscode.ThemeIcon).id, 'warning');
    assert.equal(error.description, 'trial-ending · active, with errors · dashboard · lifecycle');
    assert.match(api.workflows.view!.description ?? '', /Workflows test · 2 matches · filtered by inactive, active, with errors|Workflows test · 2 matches · filtered by active, with errors, inactive/);
    api.workflows.setFilter({ query: 'nothing-like-this', statuses: ['ACTIVE'] });
    const none = await rows();
    assert.equal(none.length, 1);
    const message = none[0]!.treeItem();
    assert.equal(message.label, 'No workflows match “nothing-like-this” · active');
    assert.equal(message.command?.command, 'novuExplorer.clearWorkflowFilter');
  });

  it('lists a workflow’s steps when expanded, read once, with the service’s issues', async () => {
    api.workflows.setFilter({ query: 'trial-ending' });
    const node = (await workflowRows())[0]!;
    sandbox.clearRequests();
    const steps = (await api.workflows.getChildren(node)) ?? [];
    assert.equal(steps.length, 2);
    const email = steps[1]!.treeItem();
    assert.equal(email.label, 'email-step');
    assert.equal(email.description, 'Email · Subject is required');
    assert.equal((email.iconPath as vscode.ThemeIcon).id, 'warning');
    assert.equal(reads().length, 1);
    assert.equal(reads()[0]!.path, `/v2/workflows/${node.workflow._id}`);
    await api.workflows.getChildren(node);
    assert.equal(reads().length, 1, 'read once');
  });

  it('tells the truth when reading fails: the service’s error with Retry, an old server’s 401 without rejecting the key', async () => {
    sandbox.setFaults({ respond: { status: 500, message: 'Database unavailable', pathIncludes: '/v2/workflows' } });
    api.workflows.reload();
    const failed = await rows();
    assert.equal(failed.length, 1);
    assert.equal(kindOf(failed[0]), 'error');
    assert.match(String(failed[0]!.treeItem().label), /Database unavailable/);
    assert.equal(failed[0]!.treeItem().command?.command, 'novuExplorer.refreshWorkflows');
    sandbox.setFaults({ respond: { status: 401, message: 'API endpoint not accessible', pathIncludes: '/v2/workflows' } });
    api.workflows.reload();
    const closed = await rows();
    assert.equal(String(closed[0]!.treeItem().label), 'This server does not let API keys read workflows (servers before June 2025 answer so): API endpoint not accessible (HTTP 401)');
    assert.equal(api.manager.state, 'ready', 'the key is not marked rejected');
    sandbox.setFaults({});
    api.workflows.reload();
    assert.ok((await workflowRows()).length > 0);
  });

  it('a 401 "API Key not found" on the workflows is a rejected key, as on every other route: the view empties for its welcome, the state says so', async () => {
    const prompter = new ScriptedPrompter();
    api.setPrompter(prompter);
    try {
      sandbox.setFaults({ respond: { status: 401, message: 'API Key not found', pathIncludes: '/v2/workflows' } });
      api.workflows.reload();
      await rows();
      await waitFor(() => api.manager.state === 'unauthorized', 'the rejected-key state');
      assert.deepEqual(await rows(), [], 'no "server does not let API keys read workflows" row: the welcome offers Set API Key');
      assert.equal(api.workflows.status, 'unauthorized');
    } finally {
      sandbox.setFaults({});
      await vscode.commands.executeCommand('novuExplorer.refresh');
      api.setPrompter(undefined);
    }
    await waitFor(() => api.manager.state === 'ready', 'ready again');
    assert.ok((await workflowRows()).length > 0);
  });

  it('Trigger…: fills the payload from the schema, refuses a bad one at the field before any request, then sends and follows the run', async () => {
    sandbox.clearRequests();
    const subscriber = F.notificationSubscriberId;
    api.setPrompter(new ScriptedPrompter([{ search: subscriber }]));
    const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('novuExplorer.triggerWorkflow', 'invoice-paid');
    assert.ok(editor, 'the review opened');
    const body = JSON.parse(editor.document.getText()) as { name: string; to: string; payload: Record<string, unknown>; transactionId: string };
    assert.equal(body.name, 'invoice-paid');
    assert.equal(body.to, subscriber);
    assert.deepEqual(Object.keys(body.payload), ['invoiceNumber', 'amount', 'customer', 'currency', 'sendReceipt'], 'required keys first, then those with defaults');
    assert.deepEqual(body.payload, { invoiceNumber: '', amount: 0, customer: { name: '' }, currency: 'EUR', sendReceipt: true });
    assert.equal(reads().length, 1, 'the workflow read once, for its schema');

    // Sent as filled: the empty invoice number is refused at its key, and nothing leaves.
    const send = async (...answers: boolean[]) => {
      const prompter = new ScriptedPrompter(answers.map((confirm) => ({ confirm })));
      api.setPrompter(prompter);
      const result = await vscode.commands.executeCommand<SendResult | undefined>('novuExplorer.sendReviewedTrigger', editor.document.uri);
      return { result, prompter };
    };
    const refused = await send();
    assert.equal(refused.result?.kind, 'invalid');
    const problems = vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'Novu Explorer');
    assert.equal(problems.length, 1);
    assert.equal(editor.document.getText(problems[0]!.range), '"invoiceNumber"');
    assert.match(refused.prompter.messages[0]!.text, /^Not sent: payload\.invoiceNumber .+ \(checked against the payload schema of invoice-paid\)$/);
    assert.equal(triggers().length, 0);

    // A wrong type and a value outside the enum, each at its key.
    const replace = async (payload: Record<string, unknown>) => {
      const edit = new vscode.WorkspaceEdit();
      const doc = editor.document;
      edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), JSON.stringify({ ...body, payload }, null, 2));
      assert.ok(await vscode.workspace.applyEdit(edit));
    };
    await replace({ invoiceNumber: 'INV-7', amount: '42', customer: { name: 'Ada' }, currency: 'JPY' });
    const typed = await send();
    assert.equal(typed.result?.kind, 'invalid');
    const at = vscode.languages
      .getDiagnostics(editor.document.uri)
      .filter((d) => d.source === 'Novu Explorer')
      .map((d) => editor.document.getText(d.range))
      .sort();
    assert.deepEqual(at, ['"amount"', '"currency"']);
    assert.equal(triggers().length, 0);

    // VS Code's own JSON check knows the schema too, as it is typed.
    const jsonProblems = await waitFor(
      () => {
        const found = vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source !== 'Novu Explorer');
        const at = found.map((d) => editor.document.getText(d.range));
        return at.some((t) => t.includes('42')) && at.some((t) => t.includes('JPY')) ? found : undefined;
      },
      'the JSON schema check of the payload',
      15_000,
    );
    assert.ok(jsonProblems.length >= 2, jsonProblems.map((d) => d.message).join(' | '));

    // Its row in the Workflows view, before: never triggered.
    api.workflows.setFilter({ query: 'invoice-paid' });
    const paidRow = (await workflowRows()).find((n) => n.workflow.workflowId === 'invoice-paid')!;
    assert.match(paidRow.tooltip(), /Last triggered: never/);
    const viewReads = () => lists().filter((r) => r.query['limit'] === '50').length;
    const viewReadsBefore = viewReads();

    // The lens above a trigger of it, before: no run yet.
    const code = await vscode.workspace.openTextDocument({ language: 'typescript', content: `${NOVU_CLIENT}await novu.trigger({ workflowId: 'invoice-paid', to: 'ada' });\n` });
    const codeEditor = await vscode.window.showTextDocument(code, { preview: false, preserveFocus: true, viewColumn: vscode.ViewColumn.Beside });
    const lensTitles = async () => ((await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', code.uri, 10)) ?? []).map((l) => l.command?.title ?? '');
    await waitFor(async () => (await lensTitles()).some((t) => t.endsWith('no recent run')), 'the lens before');

    // A good payload: asked first, sent once, and the new run opens.
    api.sendAgain.follow = { firstMs: 100, factor: 1.5, maxMs: 500, giveUpMs: 10_000 };
    await replace({ invoiceNumber: 'INV-7', amount: 42, customer: { name: 'Ada' }, currency: 'EUR', lines: [{ description: 'Seats', quantity: 3 }] });
    const sent = await send(true);
    assert.equal(sent.result?.kind, 'sent', JSON.stringify(sent.result));
    assert.equal(triggers().length, 1);
    const wire = triggers()[0]!;
    assert.ok(wire.idempotencyKey, 'an idempotency key');
    assert.deepEqual((wire.body as { payload: unknown }).payload, { invoiceNumber: 'INV-7', amount: 42, customer: { name: 'Ada' }, currency: 'EUR', lines: [{ description: 'Seats', quantity: 3 }] });
    await waitFor(() => api.notificationPanels.all.length === 1, 'the new run’s panel');
    // The lens reads the runs again once the new run is found (not a minute later).
    const after = await waitFor(async () => {
      const titles = await lensTitles();
      return titles.some((t) => /no failure in its one recent run|its one recent run failed/.test(t)) ? titles : undefined;
    }, 'the lens after');
    assert.ok(after.some((t) => / · last run .+$/.test(t)), after.join(' | '));
    // The row says it too, with no read of the list.
    await waitFor(() => !/Last triggered: never/.test(paidRow.tooltip()), 'the row’s last trigger');
    assert.match(paidRow.tooltip(), /Last triggered: \S/);
    assert.equal(viewReads(), viewReadsBefore, 'no list read for it');
    // Closed again (an open document naming workflows is checked again whenever the connection changes).
    await vscode.window.showTextDocument(codeEditor.document, codeEditor.viewColumn);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    await vscode.window.showTextDocument(editor.document);

    // The next Trigger… offers the subscriber just used first.
    const again = new ScriptedPrompter([{ search: '' }]);
    api.setPrompter(again);
    const second = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('novuExplorer.triggerWorkflow', 'invoice-paid');
    assert.ok(second);
    assert.equal((JSON.parse(second.document.getText()) as { to: string }).to, subscriber);
    assert.match(String(again.searches[0]!.items[0]!.detail), /Last used for invoice-paid/);
  });

  it('Trigger…: a required key left out that has a default passes, by the rule Preview follows (issue 37)', async () => {
    // The invoice's currency made required: it keeps its default, so the app and the service fill it in.
    const schema = sandbox.state.workflows.find((w) => w.identifier === 'invoice-paid')!.payloadSchema as { required: string[] };
    const required = schema.required;
    schema.required = [...required, 'currency'];
    try {
      api.setPrompter(new ScriptedPrompter([{ search: F.notificationSubscriberId }]));
      const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('novuExplorer.triggerWorkflow', 'invoice-paid');
      assert.ok(editor, 'the review opened');
      const body = JSON.parse(editor.document.getText()) as Record<string, unknown>;
      const send = async (...answers: boolean[]) => {
        const prompter = new ScriptedPrompter(answers.map((confirm) => ({ confirm })));
        api.setPrompter(prompter);
        return vscode.commands.executeCommand<SendResult | undefined>('novuExplorer.sendReviewedTrigger', editor.document.uri);
      };
      const replace = async (payload: Record<string, unknown>) => {
        const edit = new vscode.WorkspaceEdit();
        const doc = editor.document;
        edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), JSON.stringify({ ...body, payload }, null, 2));
        assert.ok(await vscode.workspace.applyEdit(edit));
      };
      // Without the currency and with a wrong amount: only the amount is refused, by Send and by VS Code's own check.
      await replace({ invoiceNumber: 'INV-8', amount: '42', customer: { name: 'Ada' } });
      assert.equal((await send())?.kind, 'invalid');
      const ours = vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source === 'Novu Explorer');
      assert.deepEqual(ours.map((d) => editor.document.getText(d.range)), ['"amount"']);
      const theirs = await waitFor(() => {
        const found = vscode.languages.getDiagnostics(editor.document.uri).filter((d) => d.source !== 'Novu Explorer');
        return found.some((d) => editor.document.getText(d.range).includes('42')) ? found : undefined;
      }, 'the JSON schema check of the payload', 15_000);
      assert.ok(!theirs.some((d) => d.message.includes('currency')), theirs.map((d) => d.message).join(' | '));
      // Without the currency only: it passes the check, and Send asks (declined here: nothing leaves).
      const before = triggers().length;
      await replace({ invoiceNumber: 'INV-8', amount: 42, customer: { name: 'Ada' } });
      assert.equal((await send(false))?.kind, 'declined');
      assert.equal(triggers().length, before);
    } finally {
      schema.required = required;
    }
  });

  it('Trigger…: finds a subscriber the view does not hold by name, with one search of the service', async () => {
    const name = 'Петров';
    const named = sandbox.state.subscribers.filter((s) => `${s.firstName ?? ''} ${s.lastName ?? ''}`.toLowerCase().includes(name.toLowerCase()));
    assert.ok(named.length > 1, 'the sandbox has several');
    const chosen = named.at(-1)!.subscriberId;
    const prompter = new ScriptedPrompter([{ search: name, choose: -1 }, { pick: chosen }]);
    api.setPrompter(prompter);
    sandbox.clearRequests();
    const editor = await vscode.commands.executeCommand<vscode.TextEditor | undefined>('novuExplorer.triggerWorkflow', 'invoice-paid');
    assert.ok(editor, 'the review opened');
    assert.equal((JSON.parse(editor.document.getText()) as { to: string }).to, chosen);
    // Offered last, so that Enter still takes an ID typed or the subscriber it names.
    const offered = prompter.searches[0]!.items.at(-1)!;
    assert.equal(offered.label, '$(search) Search Workflows test by name');
    assert.equal(offered.description, name);
    const searches = sandbox.requests.filter((r) => r.path === '/v2/subscribers');
    assert.equal(searches.length, 1, 'one search');
    assert.equal(searches[0]!.query['name'], name);
    // Several answered: the pick lists them with their IDs (and says when there are more).
    const pick = prompter.picks.at(-1)!;
    assert.equal(pick.title, `Subscribers whose name contains "${name}"`);
    assert.deepEqual(pick.items.map((i) => i.value).sort(), named.map((s) => s.subscriberId).sort());

    // Nobody by that name: said, and nothing opens.
    const nobody = new ScriptedPrompter([{ search: 'Nobody Zzyzx', choose: -1 }]);
    api.setPrompter(nobody);
    assert.equal(await vscode.commands.executeCommand('novuExplorer.triggerWorkflow', 'invoice-paid'), undefined);
    assert.equal(nobody.messages.at(-1)!.text, 'No subscriber\'s name contains "Nobody Zzyzx" in "Workflows test".');
  });

  it('shows a workflow named with markup exactly as the service holds it: row, tooltip, steps, pick and hover', async () => {
    const hostile = await freshSandbox({ markupWorkflow: true });
    const home = api.manager.active!;
    try {
      await addSandboxConnection(api, hostile, 'Markup env');
      assert.equal(api.manager.active?.name, 'Markup env');
      api.workflows.setFilter({ query: F.markupWorkflowIdentifier });
      const node = (await workflowRows())[0]!;
      const item = node.treeItem();
      assert.equal(item.label, F.markupWorkflowName);
      assert.equal(item.description, `${F.markupWorkflowIdentifier} · active, with errors · code · ${F.markupWorkflowTag}`);
      assert.ok(item.accessibilityInformation?.label.startsWith(`${F.markupWorkflowName}, ${F.markupWorkflowIdentifier}`));
      const tooltip = String((api.workflows.resolveTreeItem(item, node) as vscode.TreeItem).tooltip);
      assert.ok(tooltip.startsWith(`${F.markupWorkflowName}\n`), tooltip);
      assert.ok(tooltip.includes(`Tags: ${F.markupWorkflowTag}`), tooltip);
      const email = ((await api.workflows.getChildren(node)) ?? [])[1]!.treeItem();
      assert.equal(email.description, `Email · ${F.markupStepIssue}`);
      assert.ok(String(email.tooltip).includes(F.markupStepIssue));

      // The palette's pick: the name as text, never an icon.
      const picking = new ScriptedPrompter([{ cancel: true }]);
      api.setPrompter(picking);
      await vscode.commands.executeCommand('novuExplorer.triggerWorkflow');
      const offered = picking.picks[0]!.items.find((i) => i.value === F.markupWorkflowIdentifier)!;
      assert.equal(offered.label, F.markupWorkflowName.replace('$(alert)', '\\$(alert)'));

      // The hover is Markdown: its source escapes every sign, so the name reads as typed (the
      // rendered hover is read in test/ui/truth.test.mjs).
      const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content: `${NOVU_CLIENT}await novu.trigger({ workflowId: '${F.markupWorkflowIdentifier}', to: 'ada' });\n` });
      const at = doc.positionAt(doc.getText().indexOf(F.markupWorkflowIdentifier) + 2);
      const hover = await waitFor(async () => {
        const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, at);
        const md = hovers.flatMap((h) => h.contents).find((c): c is vscode.MarkdownString => typeof c !== 'string' && 'value' in c && c.value.includes('workflow'));
        return md && !md.value.includes('not read yet') ? md : undefined;
      }, 'the hover');
      assert.ok(!hover.supportHtml && !hover.supportThemeIcons && !hover.isTrusted, 'no HTML, icons or commands');
      // No tag, link, entity or autolink for the renderer to make: every ASCII sign is escaped.
      assert.doesNotMatch(hover.value.replace(/\\[!-/:-@[-`{-~]/g, '').replace(/\*\*/g, ''), /[!-/:-@[-`{-~]/, hover.value);
      assert.doesNotMatch(hover.value, /&nbsp;|&lt;|&amp;/, 'no entity made of the text');
      const text = hover.value.replace(/\\([!-/:-@[-`{-~])/g, '$1');
      assert.ok(text.includes(`**${F.markupWorkflowName}**`), text);
    } finally {
      api.setPrompter(undefined);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      const added = api.manager.connections.find((c) => c.name === 'Markup env');
      if (added) await api.manager.remove(added);
      await api.manager.switchTo(home.id);
      await hostile.close();
    }
  });

  it('says every failure of Trigger… and of a workflow’s steps, and sends nothing', async () => {
    sandbox.clearRequests();
    // An identifier this environment does not have: said, nothing asked of the person.
    const unknown = new ScriptedPrompter([]);
    api.setPrompter(unknown);
    assert.equal(await vscode.commands.executeCommand('novuExplorer.triggerWorkflow', 'welcom-onboarding'), undefined);
    assert.equal(unknown.messages.at(-1)!.text, 'No workflow "welcom-onboarding" in Workflows test.');
    // The read fails: the service's words and its error ID.
    sandbox.setFaults({ respond: { status: 503, message: 'Service unavailable', pathIncludes: '/v2/workflows/' } });
    const failing = new ScriptedPrompter([]);
    api.setPrompter(failing);
    assert.equal(await vscode.commands.executeCommand('novuExplorer.triggerWorkflow', 'invoice-paid'), undefined);
    assert.match(failing.messages.at(-1)!.text, /^Could not read invoice-paid: Service unavailable.*Error ID/);
    // The subscriber question dismissed: no review, no request.
    sandbox.setFaults({});
    api.setPrompter(new ScriptedPrompter([{ cancel: true }]));
    assert.equal(await vscode.commands.executeCommand('novuExplorer.triggerWorkflow', 'invoice-paid'), undefined);
    assert.equal(api.sendAgain.openReviews.length, 0);
    assert.equal(triggers().length, 0);
    // A workflow's steps that cannot be read: an error row whose Retry reads them again.
    api.workflows.setFilter({ query: 'invoiceReminders' });
    const node = (await workflowRows())[0]!;
    sandbox.setFaults({ respond: { status: 500, message: 'Step could not be built', pathIncludes: `/v2/workflows/${node.workflow._id}` } });
    const failed = (await api.workflows.getChildren(node)) ?? [];
    assert.equal(kindOf(failed[0]), 'error');
    assert.match(String(failed[0]!.treeItem().label), /Step could not be built/);
    assert.equal(failed[0]!.treeItem().command?.command, 'novuExplorer.reloadWorkflowSteps');
    sandbox.setFaults({});
    await vscode.commands.executeCommand('novuExplorer.reloadWorkflowSteps', node);
    const steps = (await api.workflows.getChildren(node)) ?? [];
    assert.equal(steps.length, 1);
    assert.equal(steps[0]!.treeItem().label, 'email-step');
  });

  it('without the check, a code workflow’s bad payload becomes a failed run (why the check matters)', async () => {
    const state = sandbox.state;
    const before = state.notifications.length;
    const client = (await api.manager.activeClient())!.client;
    const answer = await trigger(client, { name: 'invoice-paid', to: F.notificationSubscriberId, payload: { amount: 'x' }, transactionId: `itest-${Date.now()}` }, { idempotencyKey: `itest-${Date.now()}` });
    assert.equal(answer.status, 'processed', 'a code workflow does not answer 400');
    await waitFor(() => state.notifications.length > before && state.notifications.find((n) => n.jobs.some((j) => j.status === 'failed' && j.executionDetails.some((d) => d.detail === 'Bridge execution failed'))), 'a failed run at the bridge', 15_000);
  });

  it('finds the 16-character identifier that the service misreads, and opens a definition in code', async () => {
    const client = (await api.manager.activeClient())!.client;
    const reminders = await client.getWorkflow('invoiceReminders');
    assert.equal(reminders.workflowId, 'invoiceReminders');
    const doc = await vscode.workspace.openTextDocument({ language: 'typescript', content: "import { workflow } from '@novu/framework';\nexport const paid = workflow('invoice-paid', async () => ({}));\n" });
    await vscode.window.showTextDocument(doc);
    const location = await vscode.commands.executeCommand<vscode.Location | undefined>('novuExplorer.openWorkflowInCode', 'invoice-paid');
    assert.ok(location, 'a definition found');
    assert.equal(location.uri.toString(), doc.uri.toString());
    assert.equal(doc.getText(location.range), 'invoice-paid');
    // The lens of a trigger to an active workflow offers Trigger…, once the list is held.
    const triggerDoc = await vscode.workspace.openTextDocument({ language: 'typescript', content: `${NOVU_CLIENT}await novu.trigger({ workflowId: 'invoice-paid', to: 'ada' });\nawait novu.trigger({ workflowId: 'marketing-newsletter', to: 'ada' });\n` });
    await vscode.window.showTextDocument(triggerDoc);
    const titles = await waitFor(async () => {
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', triggerDoc.uri, 100);
      const found = lenses.filter((l) => l.command?.command === 'novuExplorer.triggerWorkflow');
      return found.length > 0 ? found : undefined;
    }, 'a Trigger… lens');
    assert.equal(titles.length, 1, 'only for the active workflow');
    assert.deepEqual(titles[0]!.command!.arguments, ['invoice-paid']);
    assert.equal(titles[0]!.range.start.line, 2, 'above the first trigger, after the client');
  });
});
