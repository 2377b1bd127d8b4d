/**
 * Issue 24 in a real VS Code against the sandbox: "why didn't they get it?" diagnosed from the
 * service's own answers (runs the sandbox really ran after a trigger), its fixes applied through
 * the same requests as the rest of the extension (asked first), the requests on the wire (one
 * round in parallel, nothing repeated), the cross-connection lookup, each failure said as "?",
 * and no device token or webhook URL in the panel, the log or the agent's answer.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { NovuClient } from '../../src/api';
import { DIAGNOSIS_CASES as C, SANDBOX_FIXTURES as F, type Sandbox } from '../../src/sandbox';
import type { DiagnosisPanel } from '../../src/diagnosis/diagnosisPanel';
import { AGENT_TOOLS } from '../../src/agent/toolNames';
import { ScriptedPrompter, addSandboxConnection, freshSandbox, waitFor, connectFreshSandbox, disconnectSandbox } from './helpers';
import { trigger, updatePreferences } from '../../src/api';

describe('delivery diagnosis', function () {
  this.timeout(60_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;
  let client: NovuClient;
  const logLines: string[] = [];

  /** Triggers `workflow` to `subscriberId` and waits until the sandbox has settled the run. */
  async function runSettled(subscriberId: string, workflow: string = F.workflowIdentifier): Promise<string> {
    const transactionId = `txn-diag-${Math.random().toString(36).slice(2, 10)}`;
    const answer = await trigger(client, { name: workflow, to: subscriberId, payload: {}, transactionId });
    assert.equal(answer.status, 'processed');
    return waitFor(
      () => {
        const run = sandbox.state.notifications.find((n) => n.transactionId === transactionId);
        return run && !run.jobs.some((j) => ['pending', 'queued', 'running', 'delayed'].includes(j.status)) ? run._id : undefined;
      },
      `the run ${transactionId} to settle`,
      20_000,
    );
  }

  async function diagnosed(request: { subscriberId: string; workflowRef?: string; channel?: 'email' | 'sms' | 'push' | 'chat' | 'in_app' }): Promise<DiagnosisPanel> {
    await api.diagnose({ kind: 'request', request });
    const panel = await waitFor(() => api.diagnosisPanels.all.find((p) => p.request.subscriberId === request.subscriberId && (p.request.workflowRef ?? '') === (request.workflowRef ?? '')), 'the diagnosis panel');
    await waitFor(() => panel.state.kind === 'loaded' && !panel.state.busy && panel.current?.verdict.state !== 'pending', 'the verdict', 15_000);
    return panel;
  }

  const link = (panel: DiagnosisPanel, id: string) => panel.current!.links.find((l) => l.id === id)!;

  before(async () => {
    // On the real clock: a run triggered now is in the diagnosis's last 24 hours.
    ({ api, sandbox } = await connectFreshSandbox('Diagnosis test', { activityEndsAtMs: Date.now() }));
    client = (await api.manager.activeClient())!.client;
    api.log.onDidWrite(({ line }) => logLines.push(line));
  });

  afterEach(async () => {
    sandbox.setFaults({});
    api.setPrompter(undefined);
    for (const panel of api.diagnosisPanels.all) panel.panel.dispose();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('workbench.view.explorer');
    await disconnectSandbox(api, sandbox);
  });

  it('proves a preference off with the latest run, turns it on after asking, and follows the run sent again to ✓ [smoke]', async () => {
    await client.createSubscriber({ subscriberId: 'diag-ada', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@diag.example', timezone: 'Europe/Paris' });
    await updatePreferences(client, 'diag-ada', { workflowId: F.workflowIdentifier, channels: { email: false } });
    await runSettled('diag-ada');
    sandbox.clearRequests();
    const panel = await diagnosed({ subscriberId: 'diag-ada', workflowRef: F.workflowIdentifier, channel: 'email' });
    const verdict = panel.current!.verdict;
    assert.equal(verdict.proven, true);
    assert.match(verdict.text, /^Email to Ada: Skipped: Ada turned email off for Welcome onboarding\. Proof: the latest run \(.+\) says "Step filtered by subscriber workflow preferences"\.$/);
    assert.deepEqual(verdict.fix, { kind: 'turnOn', channel: 'email', workflowIdentifier: F.workflowIdentifier });
    assert.equal(link(panel, 'preferences').state, 'broken');
    // One round, nothing asked twice: subscriber, workflow, runs, preferences (and its critical list), integrations.
    const asked = sandbox.requests.map((r) => `${r.method} ${r.path}`);
    assert.equal(asked.length, new Set(sandbox.requests.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.query)}`)).size, `nothing repeated: ${asked.join(', ')}`);
    for (const expected of ['GET /v2/subscribers/diag-ada', `GET /v2/workflows/${F.workflowIdentifier}`, 'GET /v1/notifications', 'GET /v2/subscribers/diag-ada/preferences', 'GET /v1/integrations/active']) {
      assert.ok(asked.includes(expected), `${expected} in ${asked.join(', ')}`);
    }
    const runsQuery = sandbox.requests.find((r) => r.path === '/v1/notifications')!.query;
    assert.deepEqual(runsQuery['subscriberIds[]'] ?? runsQuery['subscriberIds'], 'diag-ada');

    // The fix: asked first, one PATCH with its key, then checked again.
    const prompter = new ScriptedPrompter([{ confirm: true }]);
    api.setPrompter(prompter);
    sandbox.clearRequests();
    await panel.fix('verdict');
    assert.match(prompter.messages[0]!.text, /^Turn Email on for subscriber diag-ada in workflow welcome-onboarding\?/);
    const patch = sandbox.requests.find((r) => r.method === 'PATCH')!;
    assert.deepEqual(patch.body, { channels: { email: true }, workflowId: F.workflowIdentifier });
    assert.ok(patch.idempotencyKey);
    await waitFor(() => !panel.state.kind || (panel.state.kind === 'loaded' && !panel.state.busy), 'checked again');
    assert.equal(link(panel, 'preferences').state, 'ok');
    assert.equal(panel.current!.verdict.state, 'warning');
    assert.match(panel.current!.verdict.text, /Preferences is fine now: send it again to deliver it\.$/);
    assert.equal(panel.current!.verdict.fix?.kind, 'sendAgain');

    // Send Again: the review opens; Send confirms; the panel follows the new run until its email is sent.
    await panel.fix('verdict');
    const review = await waitFor(() => api.sendAgain.openReviews.at(-1), 'the review');
    api.setPrompter(new ScriptedPrompter([{ confirm: true }]));
    await vscode.commands.executeCommand('novuExplorer.sendReviewedTrigger', review.uri);
    await waitFor(() => panel.current?.verdict.state === 'ok', 'the verdict to turn ✓', 30_000);
    assert.match(panel.current!.verdict.text, /^Email to Ada was sent through .+ Sent is not delivered/);
    assert.equal(link(panel, 'runs').state, 'ok');
  });

  it('says no email at the address link, fixes it with Edit Subscriber (checked at the field, asked first), and checks again', async () => {
    await client.createSubscriber({ subscriberId: 'diag-linus', firstName: 'Linus' });
    await runSettled('diag-linus');
    const panel = await diagnosed({ subscriberId: 'diag-linus', workflowRef: F.workflowIdentifier, channel: 'email' });
    assert.match(panel.current!.verdict.text, /Skipped: no email address/);
    assert.equal(link(panel, 'addresses').state, 'broken');
    assert.deepEqual(panel.current!.verdict.fix, { kind: 'editSubscriber', field: 'email' });
    // A bad address is refused at the field (no request); the good one is asked about, then sent.
    const prompter = new ScriptedPrompter([{ input: 'not an address' }, { input: 'linus@diag.example' }, { confirm: true }]);
    api.setPrompter(prompter);
    sandbox.clearRequests();
    await panel.fix('addresses');
    assert.equal(prompter.inputs[0]!.problem !== undefined, true, 'the bad address is refused at the field');
    const patch = sandbox.requests.find((r) => r.method === 'PATCH' && r.path === '/v2/subscribers/diag-linus')!;
    assert.deepEqual(patch.body, { email: 'linus@diag.example' });
    assert.ok(patch.idempotencyKey);
    await waitFor(() => link(panel, 'addresses')?.state === 'ok', 'the address ✓');
    assert.equal(panel.current!.verdict.fix?.kind, 'sendAgain');
  });

  it('a subscriber not here is looked up in every other connection at once: found there, Switch Connection', async () => {
    const other = await freshSandbox({ activityEndsAtMs: Date.now() });
    try {
      await other.state.subscribers.length; // the other sandbox is up
      await addSandboxConnection(api, other, 'Elsewhere');
      const there = (await api.manager.activeClient())!.client;
      await there.createSubscriber({ subscriberId: 'only-there', email: 'there@diag.example' });
      await api.manager.switchTo(api.manager.connections.find((c) => c.name === 'Diagnosis test')!.id);
      other.clearRequests();
      const panel = await diagnosed({ subscriberId: 'only-there' });
      await waitFor(() => link(panel, 'subscriber').summary.includes('found in'), 'the other connections asked');
      assert.match(link(panel, 'subscriber').summary, /^Not in Diagnosis test \(.+\); found in Elsewhere \(.+\)\./);
      assert.deepEqual(link(panel, 'subscriber').fix, { kind: 'switchConnection', connectionId: api.manager.connections.find((c) => c.name === 'Elsewhere')!.id, connectionName: 'Elsewhere' });
      assert.deepEqual(other.requests.map((r) => `${r.method} ${r.path}`), ['GET /v2/subscribers/only-there'], 'one request there');
      assert.equal(link(panel, 'runs').state, 'unknown');
    } finally {
      await api.manager.remove(api.manager.connections.find((c) => c.name === 'Elsewhere')!);
      await api.manager.switchTo(api.manager.connections.find((c) => c.name === 'Diagnosis test')!.id);
      await other.close();
    }
  });

  it('chat through the subscriber’s own provider: Teams not active here is broken whatever Slack does, with where it is active, and never “fine now”', async () => {
    await client.createSubscriber({ subscriberId: 'diag-dorothy', firstName: 'Dorothy', email: 'dorothy@diag.example' });
    sandbox.state.subscriber('diag-dorothy')!.channels = [{ providerId: 'msteams', credentials: { webhookUrl: 'https://teams.diag.example/SECRET-HOOK' }, _integrationId: '6615c0ffee00000000e10020' }];
    await runSettled('diag-dorothy', 'comment-mention');
    const panel = await diagnosed({ subscriberId: 'diag-dorothy', workflowRef: 'comment-mention', channel: 'chat' });
    const integrations = link(panel, 'integrations');
    assert.equal(integrations.state, 'broken');
    // The sandbox answers as servers since 0.17.0 do: the organization's list, Teams in Production's environment.
    assert.match(integrations.summary, /^Chat of Dorothy goes through Microsoft Teams only, and Diagnosis test has no active Microsoft Teams integration \(its active Chat integrations: Slack, Discord\): Chat steps to Dorothy fail\. It is active in another environment of the organization \(6615c0ffee0000000000d002\)\.$/);
    const verdict = panel.current!.verdict;
    assert.equal(verdict.state, 'broken');
    assert.match(verdict.text, /^Chat to Dorothy: Failed: no active chat integration\. Proof: the latest run \(.+\) says "Subscriber does not have an active integration"\. Chat of Dorothy goes through Microsoft Teams only, /);
    assert.deepEqual(verdict.fix, { kind: 'showIntegrations' });
    assert.ok(!JSON.stringify(panel.state).includes('SECRET-HOOK'));
    panel.panel.dispose();

    // A newer server scopes the list to the key's environment: the other connections are asked, once each.
    const other = await freshSandbox({ activityEndsAtMs: Date.now() });
    try {
      await addSandboxConnection(api, other, 'Production keys');
      await api.manager.switchTo(api.manager.connections.find((c) => c.name === 'Diagnosis test')!.id);
      sandbox.setFaults({ respond: { pathIncludes: '/v1/integrations/active', status: 200, body: { data: sandbox.state.integrations.filter((i) => i._environmentId === F.developmentEnvironmentId) } } });
      other.setFaults({ respond: { pathIncludes: '/v1/integrations/active', status: 200, body: { data: sandbox.state.integrations.filter((i) => i.providerId === 'msteams').map((i) => ({ ...i, _environmentId: F.developmentEnvironmentId })) } } });
      other.clearRequests();
      const scoped = await diagnosed({ subscriberId: 'diag-dorothy', workflowRef: 'comment-mention', channel: 'chat' });
      await waitFor(() => /It is active in Production keys\.$/.test(link(scoped, 'integrations').summary), 'the other connection named', 10_000);
      assert.deepEqual(other.requests.map((r) => `${r.method} ${r.path}`), ['GET /v1/integrations/active'], 'one request there');
      assert.equal(scoped.current!.verdict.state, 'broken');
    } finally {
      other.setFaults({});
      await api.manager.remove(api.manager.connections.find((c) => c.name === 'Production keys')!);
      await api.manager.switchTo(api.manager.connections.find((c) => c.name === 'Diagnosis test')!.id);
      await other.close();
    }
  });

  it('a mistyped subscriber ID leads: "did you mean", and Send Again to the one meant opens the review with that recipient', async () => {
    await client.createSubscriber({ subscriberId: 'ada-lovelace', firstName: 'Ada', email: 'ada.lovelace@diag.example' });
    await runSettled('ada-lovelce');
    sandbox.clearRequests();
    const panel = await diagnosed({ subscriberId: 'ada-lovelce', workflowRef: F.workflowIdentifier, channel: 'email' });
    await waitFor(() => panel.current!.verdict.fix?.kind === 'sendAgainTo', 'the typo verdict');
    assert.match(panel.current!.verdict.text, /^"ada-lovelce" was created by this trigger \(no name, no address, created with its first run\); did you mean "ada-lovelace"\?/);
    assert.deepEqual(link(panel, 'subscriber').fix, { kind: 'showTrigger', workflowIdentifier: F.workflowIdentifier });
    assert.equal(sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/v2/subscribers' && r.query['limit'] === '100').length, 1, 'one page of subscribers looked through');
    await panel.fix('verdict');
    const review = await waitFor(() => api.sendAgain.openReviews.at(-1), 'the review');
    const body = JSON.parse((await vscode.workspace.openTextDocument(review.uri)).getText()) as { to: string; name: string };
    assert.equal(body.to, 'ada-lovelace');
    assert.equal(body.name, F.workflowIdentifier);
    await vscode.commands.executeCommand('novuExplorer.discardTriggerReview', review.uri);
  });

  it('a rejected key ("API Key not found") is the rejected-key state: the Connection link ✗ with Set API Key, no "older server" on the workflow', async () => {
    const prompter = new ScriptedPrompter();
    api.setPrompter(prompter);
    try {
      sandbox.setFaults({ respond: { status: 401, message: 'API Key not found' } });
      const panel = await diagnosed({ subscriberId: F.notificationSubscriberId, workflowRef: 'order-shipped', channel: 'email' });
      assert.equal(link(panel, 'connection').state, 'broken');
      assert.match(link(panel, 'connection').summary, /refused the API key: The API key was rejected: API Key not found/);
      assert.doesNotMatch(link(panel, 'workflow').summary, /does not let API keys read workflows/);
      assert.deepEqual(panel.current!.verdict.fix, { kind: 'setApiKey' });
      assert.equal(api.manager.state, 'unauthorized', 'the views say so too');
    } finally {
      sandbox.setFaults({});
      await vscode.commands.executeCommand('novuExplorer.refresh');
      api.setPrompter(undefined);
    }
    await waitFor(() => api.manager.state === 'ready', 'ready again');
  });

  it('asks its questions in one parallel round: the verdict after one round trip when the subscriber is here', async () => {
    sandbox.setFaults({ latencyMs: 400 });
    sandbox.clearRequests();
    const started = Date.now();
    let mostAtOnce = 0;
    const watch = setInterval(() => (mostAtOnce = Math.max(mostAtOnce, sandbox.requests.filter((r) => r.status === 0).length)), 20);
    try {
      const panel = await diagnosed({ subscriberId: F.notificationSubscriberId, workflowRef: 'order-shipped', channel: 'email' });
      const took = Date.now() - started;
      assert.ok(mostAtOnce >= 5, `${mostAtOnce} requests were out at once`);
      assert.ok(took < 2 * 400 + 600, `the verdict took ${took} ms at 400 ms a request`);
      assert.notEqual(panel.current!.verdict.state, 'pending');
    } finally {
      clearInterval(watch);
    }
  });

  it('says what could not be checked as "?" with the reason: a 403, a route the server does not have, workflows closed to keys, a timeout', async () => {
    sandbox.setFaults({ respond: { pathIncludes: '/v1/integrations/active', status: 403, message: 'Forbidden resource' } });
    const forbidden = await diagnosed({ subscriberId: F.notificationSubscriberId, channel: 'email' });
    assert.equal(link(forbidden, 'integrations').state, 'unknown');
    assert.match(link(forbidden, 'integrations').summary, /^Could not be checked: The service refused access: Forbidden resource/);
    forbidden.panel.dispose();
    sandbox.setFaults({ respond: { pathIncludes: '/v2/workflows', status: 404, message: 'Cannot GET /v2/workflows/order-shipped' } });
    const older = await diagnosed({ subscriberId: F.notificationSubscriberId, workflowRef: 'order-shipped' });
    assert.equal(link(older, 'workflow').state, 'unknown', 'a route the server lacks is not a missing workflow');
    assert.match(link(older, 'workflow').summary, /no route to read workflows/);
    older.panel.dispose();
    // Servers before 2025-06 close the workflows to API keys with a 401: not a rejected key.
    sandbox.setFaults({ respond: { pathIncludes: '/v2/workflows', status: 401, message: 'API endpoint not accessible' } });
    const closed = await diagnosed({ subscriberId: F.notificationSubscriberId, workflowRef: 'order-shipped' });
    assert.equal(link(closed, 'workflow').state, 'unknown');
    assert.match(link(closed, 'workflow').summary, /does not let API keys read workflows/);
    assert.equal(api.manager.state, 'ready', 'the views keep working');
    closed.panel.dispose();
    // No answer in time: "?" with the reason, the rest still checked.
    await vscode.workspace.getConfiguration('novuExplorer').update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('novuExplorer').update('retries', 0, vscode.ConfigurationTarget.Global);
    try {
      sandbox.setFaults({ respond: { pathIncludes: '/v1/integrations/active', status: 200, body: { data: [] }, delayMs: 3000 } });
      const slow = await diagnosed({ subscriberId: F.notificationSubscriberId, channel: 'email' });
      assert.equal(link(slow, 'integrations').state, 'unknown');
      assert.match(link(slow, 'integrations').summary, /did not answer within 1 s/);
      assert.equal(link(slow, 'subscriber').state, 'ok');
    } finally {
      await vscode.workspace.getConfiguration('novuExplorer').update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
      await vscode.workspace.getConfiguration('novuExplorer').update('retries', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('never shows a webhook URL or a device token: panel, log and the agent’s answer', async () => {
    // Alice has a Slack webhook URL in her channels (a secret).
    const panel = await diagnosed({ subscriberId: F.notificationSubscriberId, channel: 'chat' });
    const shown = JSON.stringify(panel.state);
    assert.ok(!shown.includes('hooks.slack.example'), 'no webhook URL in the panel');
    assert.ok(link(panel, 'addresses').evidence.some((e) => e.value === '1 set'));
    const text = (await vscode.lm.invokeTool(AGENT_TOOLS.diagnoseDelivery, { input: { subscriberId: F.notificationSubscriberId, channel: 'chat' }, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token)).content
      .map((part) => (part as { value?: unknown }).value)
      .join('');
    assert.match(text, /^Connection "Diagnosis test"/);
    assert.match(text, /\nVerdict \((proven by the latest run|inferred from the settings)\): /);
    assert.match(text, /```json diagnosis\n\{"verdict":.*\n\{"link":"connection","state":"✓"/);
    assert.ok(Buffer.byteLength(text) <= 8192);
    assert.ok(!text.includes('hooks.slack.example'), 'no webhook URL in the tool result');
    assert.ok(!logLines.some((l) => l.includes('hooks.slack.example')), 'no webhook URL in the log');
    assert.ok(!logLines.some((l) => l.includes(sandbox.apiKey)), 'no key in the log');
  });

  it('opens from a subscriber row, an Activity row and a deep link, with subscriber, workflow and channel taken from where it was asked', async () => {
    await vscode.commands.executeCommand('novuExplorer.diagnoseSubscriber', { subscriber: { subscriberId: F.notificationSubscriberId } });
    await waitFor(() => api.diagnosisPanels.all.find((p) => p.request.subscriberId === F.notificationSubscriberId && !p.request.workflowRef), 'from the subscriber row');
    const failed = sandbox.state.notification(F.failedNotificationId)!;
    await vscode.commands.executeCommand('novuExplorer.diagnoseActivityNotification', { notification: failed });
    const fromRow = await waitFor(() => api.diagnosisPanels.all.find((p) => p.request.workflowRef === 'order-shipped'), 'from the Activity row');
    assert.equal(fromRow.request.channel, 'email', 'the first channel step that did not go out');
    await api.uriHandler.handleUri(vscode.Uri.parse(`vscode://novuexplorer.novu-explorer/diagnose?subscriberId=${F.notificationSubscriberId}&workflow=${F.workflowIdentifier}&channel=in_app`));
    await waitFor(() => api.diagnosisPanels.all.find((p) => p.request.workflowRef === F.workflowIdentifier && p.request.channel === 'in_app'), 'from the deep link');
  });
});

describe('#novuDiagnose over the Sandbox’s diagnosis cases (issue 37)', function () {
  this.timeout(90_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;

  before(async () => {
    ({ api, sandbox } = await connectFreshSandbox('Cases test', { activityEndsAtMs: Date.now(), diagnosisCases: true }));
    // Each case's run, triggered at start, settled.
    await waitFor(() => !sandbox.state.notifications.some((n) => n.transactionId.startsWith('txn-diag-') && n.jobs.some((j) => ['pending', 'queued', 'running', 'delayed'].includes(j.status))), 'the cases’ runs to settle', 20_000);
  });

  after(() => disconnectSandbox(api, sandbox));

  it('names the kind of cause in its own words, each case; the names of the service stay in the data; an unknown subscriber is "not found" with its id, first', async () => {
    // Names of people, workflows, providers and addresses: data only, never the tool's own words.
    const names = ['Ada', 'Lovelace', 'Grace', 'Linus', 'Margaret', 'Alan', 'Hedy', 'Katherine', 'Dorothy', 'Vaughan', 'Welcome onboarding', 'Order shipped', 'Comment mention', 'SendGrid', 'Twilio', 'Firebase', 'Microsoft Teams', 'Slack', 'Discord', 'diagnosis.example', 'teams.diagnosis'];
    const cases: [string, { workflow?: string; channel?: string }, RegExp][] = [
      [C.workflowPreferenceOff, { workflow: F.workflowIdentifier, channel: 'email' }, /its email step did not reach the subscriber: the subscriber turned email off for this workflow\./],
      [C.globalPreferenceOff, { workflow: F.workflowIdentifier, channel: 'email' }, /its email step did not reach the subscriber: the subscriber turned email off for every workflow/],
      [C.noEmail, { workflow: F.workflowIdentifier, channel: 'email' }, /its email step did not reach the subscriber: the subscriber has no email address\./],
      [C.noPhone, { workflow: 'order-shipped', channel: 'sms' }, /its sms step did not reach the subscriber: the subscriber has no phone number\./],
      [C.noPushToken, { workflow: 'order-shipped', channel: 'push' }, /its push step did not reach the subscriber: the subscriber has no push device token\./],
      [C.outsideSchedule, { workflow: F.workflowIdentifier, channel: 'email' }, /its email step did not reach the subscriber: it fell outside the subscriber's delivery schedule\./],
      [C.providerError, { workflow: F.workflowIdentifier, channel: 'email' }, /its email step did not reach the subscriber: the provider refused the message/],
      [C.mistypedId, { workflow: F.workflowIdentifier, channel: 'email' }, /subscriber "diag-adaa" was created by this trigger with nothing but its ID, and a subscriber with a close ID exists/],
      [C.chatProviderInactive, { workflow: 'comment-mention', channel: 'chat' }, /its chat step did not reach the subscriber: the subscriber's own chat provider has no active integration in this environment\./],
      ['diag-nobody', { workflow: F.workflowIdentifier, channel: 'email' }, /^Verdict \(inferred from the settings\): Subscriber "diag-nobody" was not found in this connection\./],
    ];
    for (const [subscriberId, ask, words] of cases) {
      const text = (await vscode.lm.invokeTool(AGENT_TOOLS.diagnoseDelivery, { input: { subscriberId, ...ask }, toolInvocationToken: undefined }, new vscode.CancellationTokenSource().token)).content
        .map((part) => (part as { value?: unknown }).value)
        .join('');
      const lines = text.split('\n');
      assert.match(lines[0]!, /^Connection "Cases test"/);
      assert.match(lines[1]!, words, `${subscriberId}:\n${text}`);
      assert.doesNotMatch(lines[1]!, /the run says why|the chain breaks at the link/);
      const prose = lines.slice(0, lines.findIndex((l) => l.startsWith('```json '))).join('\n');
      for (const name of names) assert.ok(!prose.includes(name), `${subscriberId}: ${JSON.stringify(name)} is in the tool's own words:\n${prose}`);
    }
  });
});
