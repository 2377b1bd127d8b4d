/**
 * Issue 38 in a real VS Code against the Sandbox's incident: Failures by Cause reads the window
 * page by page (pages of 50, the window's end pinned, at most three at once), groups the undelivered
 * steps by cause (the same cause for different recipients is one group), opens a run and diagnoses
 * one, and stops when asked.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { FailuresPanel } from '../../src/failures/failuresPanel';
import { INCIDENT_FAILED_TAG, type Sandbox } from '../../src/sandbox';
import { AGENT_TOOLS } from '../../src/agent/toolNames';
import { ScriptedPrompter, connectFreshSandbox, disconnectSandbox, waitFor } from './helpers';

describe('Failures by Cause', function () {
  this.timeout(60_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;

  const settled = (panel: FailuresPanel) => waitFor(() => panel.current && panel.current.read.state !== 'reading' && panel.current, 'the read to settle', 30_000);
  const incidentRuns = () => sandbox.state.notifications.filter((n) => n._id.slice(8, 14) === INCIDENT_FAILED_TAG);

  before(async () => {
    ({ api, sandbox } = await connectFreshSandbox('Failures test', { activityEndsAtMs: Date.now(), incident: true }));
  });

  afterEach(async () => {
    sandbox.setFaults({});
    api.setPrompter(undefined);
    await api.activity.setFilter({});
    for (const panel of api.failuresPanels.all) panel.panel.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    await disconnectSandbox(api, sandbox);
  });

  it('groups the incident by cause, one group per cause whatever the recipient, from pages of 50 read once [smoke]', async () => {
    sandbox.clearRequests();
    const readFrom = Date.now() - 86_400_000;
    await vscode.commands.executeCommand('novuExplorer.showFailures');
    const panel = await waitFor(() => api.failuresPanels.all[0], 'the failures panel');
    const view = await settled(panel);
    assert.equal(view.read.state, 'done');
    assert.equal(view.range, 'last24Hours');

    // What the Sandbox holds for the incident, counted here from its own runs.
    const incident = incidentRuns();
    const byChannel = new Map<string, { runs: number; subscribers: Set<string> }>();
    for (const n of incident) {
      const job = n.jobs.find((j) => j.status === 'failed')!;
      const entry = byChannel.get(job.type) ?? { runs: 0, subscribers: new Set<string>() };
      entry.runs++;
      entry.subscribers.add(n.subscriber?.subscriberId ?? n._subscriberId);
      byChannel.set(job.type, entry);
    }
    const [first, second, third] = view.groups;
    assert.ok(first && second && third, 'three groups at least');
    assert.match(first.title, /^Email · SendGrid · /);
    assert.equal(first.runs, byChannel.get('email')!.runs);
    assert.equal(first.subscribers, byChannel.get('email')!.subscribers.size);
    assert.match(first.message ?? '', /The from address does not match a verified Sender Identity/);
    // Every recipient's number is in Twilio's message: masked, the 95 runs are one cause; with them,
    // any other SMS step of the window Twilio refused with its code 21211, however worded (issue 45).
    assert.equal(second.title, 'SMS · Twilio · the provider refused the message (error 21211)');
    const refused21211 = sandbox.state.notifications.filter((n) => Date.parse(n.createdAt) >= readFrom && n.jobs.some((j) => j.type === 'sms' && j.status === 'failed' && JSON.stringify(j.executionDetails).includes('21211')));
    assert.ok(refused21211.length >= byChannel.get('sms')!.runs);
    assert.equal(second.runs, refused21211.length);
    assert.ok(!/\+?\d{7,}/.test(second.message ?? ''), `no phone number in ${second.message}`);
    assert.match(third.title, /^Push · /);
    assert.equal(third.runs, byChannel.get('push')!.runs);
    assert.equal(third.subscribers, byChannel.get('push')!.subscribers.size);
    // The chart covers the window; its bars hold every run of the group.
    assert.equal(first.bars.reduce((a, b) => a + b.count, 0), first.runs);
    assert.ok(first.examples.length > 0 && first.examples.length <= 50);

    // Pages of 50, each asked once, all with the same pinned end; never more than needed plus two.
    const lists = sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/v1/notifications');
    const inWindow = view.read.runs;
    assert.ok(lists.every((r) => r.query['limit'] === '50'), 'pages of 50');
    assert.equal(new Set(lists.map((r) => r.query['before'])).size, 1, 'one pinned end');
    assert.equal(new Set(lists.map((r) => r.query['page'])).size, lists.length, 'no page asked twice');
    assert.ok(lists.length <= Math.floor(inWindow / 50) + 3, `${lists.length} requests for ${inWindow} runs`);
  });

  it('opens a run of a group in the notification panel, and diagnoses its newest run still not made good', async () => {
    const panel = (await api.openFailures())!;
    const view = await settled(panel);
    const group = view.groups[0]!;
    const run = group.examples[0]!;
    await panel.openRun(run.notificationId);
    await waitFor(() => api.notificationPanels.all.find((p) => p.notificationId === run.notificationId), 'the notification panel of the run');
    await panel.diagnoseOne(group.key);
    // The newest run that no later sent run made good: its diagnosis still finds the cause.
    const diagnosis = await waitFor(() => api.diagnosisPanels.all[0], 'the diagnosis of a run of the group');
    assert.ok(group.examples.some((e) => e.subscriberId === diagnosis.request.subscriberId));
    assert.equal(diagnosis.connection.id, panel.connection.id);
    await waitFor(() => diagnosis.state.kind === 'loaded' && !diagnosis.state.busy && diagnosis.current?.verdict.state !== 'pending', 'the verdict', 20_000);
    assert.equal(diagnosis.current!.verdict.state, 'broken', diagnosis.current!.verdict.text);
  });

  it('sends its webview the whole state once, then only what changed: a read again as updates, a review opened and closed with no part of a group (issue 45, E)', async () => {
    const panel = (await api.openFailures())!;
    // What the panel posts to its webview, seen on its way (the real webview receives every message).
    const webview = panel.panel.webview;
    const post = webview.postMessage.bind(webview);
    type Posted = { type: string; update?: { groups: { key: string; head?: unknown; bars?: unknown; examples?: unknown }[]; resend?: unknown } };
    const posted: (Posted & { chars: number })[] = [];
    webview.postMessage = (message: Posted) => {
      if (message.type === 'state' || message.type === 'update') posted.push({ ...message, chars: JSON.stringify(message).length });
      return post(message);
    };
    await settled(panel);
    await waitFor(() => posted.length > 0, 'the webview to say it is ready and get the state');
    // Read again: every state goes as an update (its groups, read afresh, come whole as they appear).
    let from = posted.length;
    await panel.show();
    const reread = posted.slice(from);
    assert.ok(reread.length >= 2 && reread.every((m) => m.type === 'update'), reread.map((m) => m.type).join());
    // The review opened, read and closed: nothing of the groups goes again, only the re-send's fields.
    const view = await settled(panel);
    from = posted.length;
    const whole: number[] = [];
    const counting = panel.onDidChangeState((state) => whole.push(JSON.stringify({ type: 'state', seq: 0, state }).length));
    await panel.reviewResend(view.groups[0]!.key);
    panel.closeResend();
    counting.dispose();
    const review = posted.slice(from);
    assert.ok(review.length >= 3 && review.length === whole.length, `${review.length} messages for ${whole.length} states`);
    review.forEach((m, i) => {
      assert.equal(m.type, 'update');
      assert.ok(m.update!.groups.every((g) => !g.head && !g.bars && !g.examples), 'no group part sent again');
      assert.ok(m.chars < whole[i]!, `${m.chars} characters for a whole state of ${whole[i]}`);
    });
    // Opened (preparing) and closed: a few lines where the whole state holds every group's runs and bars.
    for (const i of [0, review.length - 1]) assert.ok(review[i]!.chars * 5 < whole[i]!, `${review[i]!.chars} characters for a whole state of ${whole[i]}`);
    assert.equal(review.at(-1)!.update!.resend, null, 'the review closed');
  });

  it('gives the agent the same groups as data (#novuFailures), read-only and under 8 KB', async () => {
    sandbox.clearRequests();
    const result = await vscode.lm.invokeTool(AGENT_TOOLS.failures, { input: { window: 'last24Hours' }, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
    const text = result.content.map((part) => (part as { value?: unknown }).value).filter((v): v is string => typeof v === 'string').join('');
    assert.ok(Buffer.byteLength(text) <= 8 * 1024, `${Buffer.byteLength(text)} bytes`);
    assert.match(text, /^Connection "Failures test"/);
    assert.match(text, /Read all \d+ runs of the window\./);
    const records = text.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal(records[0]!['channel'], 'Email');
    assert.equal(records[0]!['provider'], 'SendGrid');
    assert.equal(records[0]!['runs'], incidentRuns().filter((n) => n.jobs.some((j) => j.type === 'email' && j.status === 'failed')).length);
    assert.match(String(records[0]!['providerMessage']), /verified Sender Identity/);
    assert.equal((records[0]!['exampleRunIds'] as string[]).length, 3);
    // The service's words only as data: no provider message in our own lines.
    const prose = text.split('\n').filter((line) => !line.startsWith('{')).join('\n');
    assert.ok(!/Sender Identity/.test(prose));
    // Read-only: only list requests went out.
    assert.ok(sandbox.requests.every((r) => r.method === 'GET' && r.path === '/v1/notifications'));
  });

  it('stops a slow read when asked, and keeps what it read', async () => {
    sandbox.setFaults({ latencyMs: 400 });
    const panel = (await api.openFailures())!;
    const reading = panel.show({ kind: 'last7Days' });
    await waitFor(() => panel.current && panel.current.read.runs > 0 && panel.current, 'a first page');
    panel.stop();
    await reading;
    const view = await settled(panel);
    assert.equal(view.read.state, 'stopped');
    assert.ok(view.read.runs >= 50);
  });

  it('reads a custom range typed at its fields: the runs between its two ends, each end refused at its field until it is one', async () => {
    const panel = (await api.openFailures())!;
    await settled(panel);
    const times = incidentRuns().map((n) => Date.parse(n.createdAt!)).sort((a, b) => a - b);
    const from = new Date(times[0]! + 10 * 60_000);
    const to = new Date(times[0]! + 20 * 60_000);
    const prompter = new ScriptedPrompter([{ input: 'last tuesday' }, { input: from.toISOString() }, { input: new Date(from.getTime() - 60_000).toISOString() }, { input: to.toISOString() }]);
    api.setPrompter(prompter);
    sandbox.clearRequests();
    await panel.chooseCustomRange();
    assert.match(prompter.inputs[0]!.problem ?? '', /^Not a date/, 'a bad start is said at its field');
    assert.equal(prompter.inputs[2]!.problem, 'The end must come after the start.', 'an end before the start is said at its field');
    assert.equal(prompter.remaining, 0);
    const view = await settled(panel);
    assert.equal(view.range, 'custom');
    assert.match(view.rangeLabel, / to /);
    // On the wire: the two ends as typed, on every page.
    const lists = sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/v1/notifications');
    assert.ok(lists.length > 0);
    assert.ok(lists.every((r) => r.query['after'] === from.toISOString() && r.query['before'] === to.toISOString()), JSON.stringify(lists.map((r) => r.query)));
    // Only the runs between the two ends: the email cause counted from the Sandbox's own runs.
    const inRange = incidentRuns().filter((n) => {
      const at = Date.parse(n.createdAt!);
      return at >= from.getTime() && at <= to.getTime() && n.jobs.some((j) => j.type === 'email' && j.status === 'failed');
    });
    const email = view.groups.find((g) => /^Email · SendGrid · /.test(g.title));
    assert.ok(inRange.length > 0 && email, 'the email cause falls in the range');
    assert.equal(email.runs, inRange.length);
    assert.ok(email.runs < 140, 'fewer than the whole incident');

    // Escape keeps the window shown: nothing is read again.
    sandbox.clearRequests();
    api.setPrompter(new ScriptedPrompter([{ cancel: true }]));
    await panel.chooseCustomRange();
    assert.equal(panel.current?.range, 'custom');
    assert.equal(sandbox.requests.length, 0);
  });

  it('says a custom range that starts before the plan keeps activity is that, not an error to retry', async () => {
    const panel = (await api.openFailures())!;
    await panel.show({ kind: 'custom', after: new Date(Date.now() - 400 * 86_400_000).toISOString() });
    const state = await waitFor(() => (panel.state.kind === 'error' ? panel.state : undefined), 'the panel to say why');
    assert.match(state.error.message, /limited time/);
  });

  it('leads from the Activity view: while failures are loaded, its first row opens Failures by Cause on the window that holds them', async () => {
    api.activity.reload();
    const rows = await api.activity.getChildren();
    const item = rows[0]!.treeItem();
    assert.equal(item.label, 'Failures by Cause');
    const loaded = api.activity.notifications;
    const failed = loaded.filter((n) => (n.jobs ?? []).some((j) => j.status === 'failed')).length;
    assert.ok(failed > 0);
    assert.equal(item.description, `${failed} failed of ${loaded.length} loaded`);
    assert.equal(item.command?.command, 'novuExplorer.showActivityFailures');
    await vscode.commands.executeCommand(item.command!.command);
    const panel = await waitFor(() => api.failuresPanels.all[0], 'the failures panel');
    // The newest 50 runs are the last minutes: the last hour holds their failures.
    assert.equal((await settled(panel)).range, 'lastHour');

    // With the filter's range, the same range (the runs the view lists).
    await api.activity.setFilter({ range: { kind: 'last7Days' } });
    const filtered = (await api.activity.getChildren())[0]!.treeItem();
    await vscode.commands.executeCommand(filtered.command!.command);
    await waitFor(() => panel.current?.range === 'last7Days', 'the panel on the filter’s range');
    assert.equal((await settled(panel)).range, 'last7Days');
    // No failure loaded, no row.
    await api.activity.setFilter({ subscriberIds: ['nobody-at-all'] });
    const none = await api.activity.getChildren();
    assert.ok(none.every((r) => r.treeItem().label !== 'Failures by Cause'));
  });

  it('gives the agent a custom window too (since, until), and refuses an end before the start at that field', async () => {
    const times = incidentRuns().map((n) => Date.parse(n.createdAt!)).sort((a, b) => a - b);
    const since = new Date(times[0]! - 60_000).toISOString();
    const until = new Date(times.at(-1)! + 60_000).toISOString();
    const invoke = async (input: object) => {
      const result = await vscode.lm.invokeTool(AGENT_TOOLS.failures, { input, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token);
      return result.content.map((part) => (part as { value?: unknown }).value).filter((v): v is string => typeof v === 'string').join('');
    };
    sandbox.clearRequests();
    const text = await invoke({ since, until });
    const lists = sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/v1/notifications');
    assert.ok(lists.length > 0 && lists.every((r) => r.query['after'] === since && r.query['before'] === until));
    const records = text.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.equal(records[0]!['runs'], incidentRuns().filter((n) => n.jobs.some((j) => j.type === 'email' && j.status === 'failed')).length);
    sandbox.clearRequests();
    const refused = await invoke({ since: until, until: since });
    assert.match(refused, /until/);
    assert.match(refused, /The end must come after the start\./);
    assert.equal(sandbox.requests.length, 0, 'nothing asked of the service');
  });
});
