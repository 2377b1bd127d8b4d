/**
 * Issue 38.2 and 38.3 in a real VS Code against the Sandbox: Send Again to These… reviews what a
 * group's re-send leaves out and why (each reason counted from the Sandbox's own runs), confirms
 * naming the connection as production, sends in bulk requests of at most 100 events (counted on
 * the wire: one key per request for every try, no event twice, a 429 waited out), can be cancelled
 * between requests, and follows the new runs to the end in one line.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { FailuresPanel } from '../../src/failures/failuresPanel';
import type { ResendView } from '../../src/failures/protocol';
import { INCIDENT, INCIDENT_FAILED_TAG, INCIDENT_SENT_TAG, INVALID_PHONE_PREFIX, type Sandbox } from '../../src/sandbox';
import { ScriptedPrompter, connectFreshSandbox, disconnectSandbox, waitFor } from './helpers';

describe('Failures by Cause: Send Again to These…', function () {
  this.timeout(120_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;
  let prompter: ScriptedPrompter;

  const settled = (panel: FailuresPanel) => waitFor(() => panel.current && panel.current.read.state !== 'reading' && panel.current, 'the read to settle', 30_000);
  const resendOf = (panel: FailuresPanel) => panel.current?.resend;
  const atStage = (panel: FailuresPanel, ...stages: ResendView['stage'][]) => waitFor(() => (stages.includes(resendOf(panel)?.stage as ResendView['stage']) ? resendOf(panel) : undefined), `the re-send at ${stages.join(' or ')}`, 90_000);
  const tagOf = (id: string) => id.slice(8, 14);
  const alreadySent = (excluded: ResendView['excluded']) => excluded.filter((e) => e.reason === 'alreadySent').reduce((n, e) => n + e.runs.length + e.more, 0);
  const bulkRequests = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/v1/events/trigger/bulk');
  const eventsOf = (r: { body?: unknown }) => ((r.body as { events?: { transactionId?: string; to?: unknown }[] }).events ?? []);
  type Run = Sandbox['state']['notifications'][number];
  const workflowOf = (n: Run) => n.template.triggers[0]!.identifier;
  /** A run reached email: it has email steps and every one went out (what makes an earlier email failure good). */
  const emailWentOut = (n: Run) => n.jobs.some((j) => j.type === 'email') && n.jobs.every((j) => j.type !== 'email' || j.status === 'completed');

  /** The Sandbox's own HTTP, as any client would call it. */
  async function service(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${sandbox.url}${path}`, { method, headers: { Authorization: `ApiKey ${sandbox.apiKey}`, 'Content-Type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    assert.ok(response.ok, `${method} ${path}: ${response.status}`);
    return response.json();
  }

  /** `count` runs of invoiceReminders (email only) to a new subscriber without an email: none is delivered, all for the same cause. */
  async function failingRuns(subscriberId: string, count: number): Promise<void> {
    await service('POST', '/v2/subscribers', { subscriberId, firstName: 'No', lastName: 'Email' });
    for (let i = 0; i < count; i += 100) {
      const events = Array.from({ length: Math.min(100, count - i) }, (_, k) => ({ name: 'invoiceReminders', to: { subscriberId }, payload: { invoiceNumber: `INV-${i + k}`, dueDate: '2026-12-01' }, transactionId: `itest-${subscriberId}-${i + k}` }));
      await service('POST', '/v1/events/trigger/bulk', { events });
    }
    await waitFor(() => {
      const runs = sandbox.state.notifications.filter((n) => n.subscriber?.subscriberId === subscriberId);
      // The step ends canceled with "Subscriber missing email address" (contract §8.6).
      return runs.length === count && runs.every((n) => n.jobs.some((j) => j.type === 'email' && (j.status === 'failed' || j.status === 'canceled')));
    }, `${count} failed runs of ${subscriberId}`, 60_000);
  }

  /** The failures panel of the last hour, read in full, and the group of `subscriberId`'s runs. */
  async function groupOf(subscriberId: string): Promise<{ panel: FailuresPanel; key: string; runs: number }> {
    const panel = (await api.openFailures())!;
    await panel.show({ kind: 'lastHour' });
    const view = await settled(panel);
    const group = view.groups.find((g) => g.examples.some((e) => e.subscriberId === subscriberId));
    assert.ok(group, `a group holds the runs of ${subscriberId}`);
    assert.match(group.title, /^Email · /);
    return { panel, key: group.key, runs: group.runs };
  }

  /** `count` failing runs of `subscriberId`, the fix (an email address), and their group's review open. */
  async function fixedGroupInReview(subscriberId: string, count: number): Promise<FailuresPanel> {
    await failingRuns(subscriberId, count);
    const { panel, key } = await groupOf(subscriberId);
    await service('PATCH', `/v2/subscribers/${subscriberId}`, { email: `${subscriberId}@sandbox.example` });
    await panel.reviewResend(key);
    await atStage(panel, 'review');
    return panel;
  }

  /**
   * `subscriberId`'s fixed group sent again while the look-ups fail (the sending's route is another):
   * the follow under way, saying why, nothing settled.
   */
  async function followingWhileLookUpsFail(subscriberId: string): Promise<{ panel: FailuresPanel; sending: Promise<void>; following: ResendView }> {
    const panel = await fixedGroupInReview(subscriberId, 2);
    prompter.script({ confirm: true });
    sandbox.setFaults({ respond: { status: 503, message: 'Activity store down', pathIncludes: '/v1/notifications' } });
    const sending = panel.sendResend();
    const following = await waitFor(() => (resendOf(panel)?.follow?.line.includes('Could not look the new runs up') ? resendOf(panel) : undefined), 'the follow to say why', 60_000);
    assert.match(following.follow!.line, /Activity store down/);
    assert.equal(following.stage, 'following', 'still following');
    return { panel, sending, following };
  }

  /** The one new run of `subscriberId` (one per subscriber and workflow) went out by email. */
  function assertSentOnce(subscriberId: string): void {
    const mine = sandbox.state.notifications.filter((n) => n.subscriber?.subscriberId === subscriberId && n.transactionId?.startsWith('nx-'));
    assert.equal(mine.length, 1, 'one re-send for the subscriber and workflow');
    assert.ok(mine[0]!.jobs.some((j) => j.type === 'email' && j.status === 'completed'));
  }

  before(async () => {
    ({ api, sandbox } = await connectFreshSandbox('Incident Production', { activityEndsAtMs: Date.now(), incident: true }));
    prompter = new ScriptedPrompter();
    api.setPrompter(prompter);
  });

  afterEach(async () => {
    sandbox.setFaults({});
    for (const panel of api.failuresPanels.all) panel.panel.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  after(async () => {
    api.setPrompter(undefined);
    await disconnectSandbox(api, sandbox);
  });

  it('reviews the incident’s email group: what goes, and what is left out with its reason, counted from the Sandbox’s runs; nothing is sent [smoke]', async () => {
    const panel = (await api.openFailures())!;
    const view = await settled(panel);
    const group = view.groups[0]!;
    assert.match(group.title, /^Email · SendGrid · /);
    sandbox.clearRequests();
    await panel.reviewResend(group.key);
    const review = await atStage(panel, 'review');

    // The Sandbox's own account of the group: its failed email runs, and the later runs it sent.
    const failed = sandbox.state.notifications.filter((n) => tagOf(n._id) === INCIDENT_FAILED_TAG && n.jobs.some((j) => j.type === 'email' && j.status === 'failed'));
    // A run reached the group's channel when every email step of it went out (the incident's later runs, and any other up to now).
    const laterSent = new Map<string, number>();
    const wentOut = emailWentOut;
    assert.ok(sandbox.state.notifications.some((x) => tagOf(x._id) === INCIDENT_SENT_TAG && wentOut(x)));
    for (const n of sandbox.state.notifications.filter(wentOut)) {
      const key = `${n.subscriber.subscriberId}/${workflowOf(n)}`;
      laterSent.set(key, Math.max(laterSent.get(key) ?? 0, Date.parse(n.createdAt)));
    }
    const inactive = failed.filter((n) => workflowOf(n) === INCIDENT.inactiveWorkflow);
    const active = failed.filter((n) => workflowOf(n) !== INCIDENT.inactiveWorkflow);
    const madeGood = active.filter((n) => (laterSent.get(`${n.subscriber.subscriberId}/${workflowOf(n)}`) ?? 0) > Date.parse(n.createdAt));
    const open = active.filter((n) => !madeGood.includes(n));
    const pairs = new Set(open.map((n) => `${n.subscriber.subscriberId}/${workflowOf(n)}`));
    const left = (reason: string) => review.excluded.find((e) => e.reason === reason);
    const counted = (reason: string) => (left(reason) ? left(reason)!.runs.length + left(reason)!.more : 0);

    assert.ok(inactive.length > 0 && madeGood.length > 0 && open.length > pairs.size, 'the incident has each case');
    assert.equal(counted('workflowInactive'), inactive.length);
    assert.match(left('workflowInactive')!.label, new RegExp(`^${inactive.length} runs of an inactive workflow$`));
    assert.equal(counted('laterRunSent'), madeGood.length);
    assert.equal(counted('olderRunOfPair'), open.length - pairs.size);
    assert.equal(review.choice, 'newestPerPair');
    assert.equal(review.runs, pairs.size, 'one per subscriber and workflow');
    assert.equal(review.counts.everyRun, open.length, 'every failed run not made good');
    assert.equal(review.runs + review.excluded.reduce((n, e) => n + e.runs.length + e.more, 0), group.runs, 'every run of the group goes or is left out');
    assert.ok(!review.workflows.includes(INCIDENT.inactiveWorkflow));
    assert.equal(review.connectionName, 'Incident Production');
    assert.equal(review.production, true);

    panel.currentResend!.choose('everyRun');
    const every = await waitFor(() => resendOf(panel)?.choice === 'everyRun' && resendOf(panel), 'the other choice');
    assert.equal(every.runs, open.length);
    assert.equal(counted('olderRunOfPair'), open.length - pairs.size, 'the view before the choice');
    assert.equal(every.excluded.find((e) => e.reason === 'olderRunOfPair'), undefined);

    // Reading the runs again went in batches of 50 transaction IDs (the look for later sends is the other list requests); nothing was sent.
    const lists = sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/v1/notifications' && r.query['transactionId'] !== undefined);
    assert.equal(sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/v1/notifications').length, lists.length + review.laterChecked!.requests);
    assert.ok(lists.every((r) => [r.query['transactionId']].flat().length <= 50));
    assert.ok(lists.length <= Math.ceil(open.length / 50) + 2, `${lists.length} list requests`);
    assert.equal(bulkRequests().length, 0);
    panel.closeResend();
    assert.equal(panel.current?.resend, undefined);
  });

  it('leaves out the SMS runs whose payload the workflow’s schema now refuses, with the schema’s words', async () => {
    const panel = (await api.openFailures())!;
    const view = await settled(panel);
    const sms = view.groups.find((g) => /^SMS · Twilio/.test(g.title))!;
    await panel.reviewResend(sms.key);
    const review = await atStage(panel, 'review');
    const refused = review.excluded.find((e) => e.reason === 'payloadRefused');
    assert.ok(refused && refused.runs.length > 0, 'some payloads are refused now');
    assert.ok(refused.runs.every((r) => r.workflow === INCIDENT.refusedPayloadWorkflow && /orderId/.test(r.detail ?? '')), JSON.stringify(refused.runs[0]));
    panel.closeResend();
  });

  it('after the fix, sends 150 runs again in two requests of at most 100, each event once with its own transaction ID, and follows them until all are sent', async () => {
    await failingRuns('resend-fixed', 150);
    const { panel, key, runs } = await groupOf('resend-fixed');
    assert.equal(runs, 150);
    // The fix: the subscriber gets an email address.
    await service('PATCH', '/v2/subscribers/resend-fixed', { email: 'fixed@sandbox.example' });

    await panel.reviewResend(key);
    let review = await atStage(panel, 'review');
    assert.equal(review.runs, 1, 'one per subscriber and workflow');
    panel.currentResend!.choose('everyRun');
    review = await waitFor(() => resendOf(panel)?.choice === 'everyRun' && resendOf(panel), 'every run');
    assert.equal(review.runs, 150);

    sandbox.clearRequests();
    prompter.script({ confirm: true });
    await panel.sendResend();
    const asked = prompter.messages.find((m) => m.actions.includes('Send 150 to Production'));
    assert.ok(asked, 'the confirmation names production in its button');
    assert.match(asked.text, /^Send 150 notifications again, to 1 subscriber, through "Incident Production", a PRODUCTION environment\?$/);

    const requests = bulkRequests();
    assert.equal(requests.length, 2, '⌈150/100⌉ requests');
    assert.deepEqual(requests.map((r) => eventsOf(r).length), [100, 50]);
    assert.equal(new Set(requests.map((r) => r.idempotencyKey)).size, 2, 'one key per request');
    const ids = requests.flatMap((r) => eventsOf(r).map((e) => e.transactionId!));
    assert.equal(new Set(ids).size, 150, 'no event twice');
    assert.ok(ids.every((id) => /^nx-[0-9a-f-]{36}-[0-9a-f]{24}$/.test(id)), ids[0]);

    const done = await atStage(panel, 'done');
    assert.equal(done.follow?.line, '150 emails sent again: 150 sent');
    assert.equal(done.follow?.over, true);
    assert.deepEqual(done.follow?.failedAgain, { same: [], other: [], skipped: [] });
    assert.ok(prompter.messages.some((m) => m.text === '150 emails sent again: 150 sent'));

    // The same group again: every run was sent again by this action, and a later run was sent.
    panel.closeResend();
    await panel.reviewResend(key);
    const again = await atStage(panel, 'review');
    assert.equal(again.runs, 0);
    assert.equal(again.counts.everyRun, 0);
  });

  it('waits out a 429 with the same key and events, and follows runs that fail again with the same cause', async () => {
    await failingRuns('resend-unfixed', 120);
    const { panel, key } = await groupOf('resend-unfixed');
    await panel.reviewResend(key);
    await atStage(panel, 'review');
    panel.currentResend!.choose('everyRun');
    await waitFor(() => resendOf(panel)?.runs === 120 && resendOf(panel), 'every run');
    // The trigger bucket holds one bulk request: the second waits for it to refill (Retry-After).
    sandbox.setFaults({ triggerRateLimit: { capacity: 100, refillPerSecond: 50 } });
    sandbox.clearRequests();
    prompter.script({ confirm: true });
    await panel.sendResend();
    const requests = bulkRequests();
    const refused = requests.filter((r) => r.status === 429);
    assert.ok(refused.length >= 1, 'a request was refused with 429 and tried again');
    const byKey = new Map<string, string[]>();
    for (const r of requests) {
      const body = JSON.stringify(eventsOf(r).map((e) => e.transactionId));
      const seen = byKey.get(r.idempotencyKey!) ?? [];
      seen.push(body);
      byKey.set(r.idempotencyKey!, seen);
    }
    assert.equal(byKey.size, 2, '⌈120/100⌉ keys');
    for (const bodies of byKey.values()) assert.equal(new Set(bodies).size, 1, 'every try of a request sends the same events');
    const accepted = requests.filter((r) => r.status === 201 || r.status === 200);
    assert.equal(new Set(accepted.flatMap((r) => eventsOf(r).map((e) => e.transactionId))).size, 120);

    const done = await atStage(panel, 'done');
    assert.equal(done.follow?.line, '120 emails sent again: 120 failed again with the same cause');
    // The runs that failed again are listed, newest first, 50 of them, each a new run of the service.
    const again = done.follow!.failedAgain;
    assert.equal(again.same.length, 50);
    assert.equal(again.other.length, 0);
    const newRuns = new Set(sandbox.state.notifications.filter((n) => n.transactionId?.startsWith('nx-')).map((n) => n._id));
    assert.ok(again.same.every((r) => newRuns.has(r.notificationId) && r.subscriberId === 'resend-unfixed' && r.workflow === 'invoiceReminders'), JSON.stringify(again.same[0]));
    panel.closeResend();
  });

  it('cancels between requests, and says exactly what was and was not sent', async () => {
    await failingRuns('resend-cancel', 150);
    const { panel, key } = await groupOf('resend-cancel');
    await panel.reviewResend(key);
    await atStage(panel, 'review');
    panel.currentResend!.choose('everyRun');
    // The earlier test's runs that failed again share the cause (no email): they are in the group too.
    const { runs, excluded } = await waitFor(() => resendOf(panel)?.choice === 'everyRun' && resendOf(panel)!.runs >= 150 && resendOf(panel), 'every run');
    const sentBefore = alreadySent(excluded);
    // The second request would wait 100 s for the bucket: cancelled while it waits.
    sandbox.setFaults({ triggerRateLimit: { capacity: 100, refillPerSecond: 1 } });
    sandbox.clearRequests();
    prompter.script({ confirm: true });
    const sending = panel.sendResend();
    await waitFor(() => bulkRequests().some((r) => r.status === 429), 'the second request refused');
    panel.closeResend();
    await sending;
    const done = await atStage(panel, 'done');
    const line = `100 sent again: ${runs - 100} not sent (cancelled)`;
    assert.equal(done.sent?.line, line);
    assert.equal(done.sent?.notSent, runs - 100);
    const accepted = bulkRequests().filter((r) => r.status === 201 || r.status === 200);
    assert.equal(accepted.length, 1);
    assert.ok(prompter.messages.some((m) => m.kind === 'warning' && m.text === line));
    // The 100 sent are followed to the end all the same: still no email, they fail again.
    assert.equal(done.follow?.line, '100 emails sent again: 100 failed again with the same cause');
    // What was not sent is offered again; what was sent is left out.
    panel.closeResend();
    await panel.reviewResend(key);
    await atStage(panel, 'review');
    panel.currentResend!.choose('everyRun');
    const again = await waitFor(() => resendOf(panel)?.choice === 'everyRun' && resendOf(panel), 'every run');
    assert.equal(alreadySent(again.excluded) - sentBefore, 100);
  });

  it('says why a review could not be made (the service’s words and errorId), and sends nothing', async () => {
    await failingRuns('resend-review-fails', 3);
    const { panel, key } = await groupOf('resend-review-fails');
    sandbox.setFaults({ respond: { status: 503, message: 'Workflow store unavailable', pathIncludes: '/v2/workflows' } });
    sandbox.clearRequests();
    await panel.reviewResend(key);
    const done = await atStage(panel, 'done');
    assert.match(done.error ?? '', /^Could not prepare the re-send: Workflow store unavailable/);
    assert.match(done.error ?? '', /Error ID: [0-9a-f-]{36}/);
    assert.equal(done.sent, undefined);
    assert.equal(bulkRequests().length, 0, 'nothing sent');
    // Closed, then opened again once the service is back: the review is made.
    sandbox.setFaults({});
    panel.closeResend();
    await panel.reviewResend(key);
    const review = await atStage(panel, 'review');
    assert.equal(review.error, undefined);
    assert.ok(review.runs >= 1);
    panel.closeResend();
  });

  it('a service failing on the send stops it, says it may have reached the service, and follows nothing', async () => {
    const panel = await fixedGroupInReview('resend-send-fails', 2);
    sandbox.setFaults({ respond: { status: 503, message: 'Trigger queue full', pathIncludes: '/v1/events/trigger/bulk' } });
    sandbox.clearRequests();
    prompter.script({ confirm: true });
    await panel.sendResend();
    const done = await atStage(panel, 'done');
    assert.match(done.error ?? '', /^The sending stopped: .*Trigger queue full/);
    assert.match(done.error ?? '', /may have reached the service/);
    assert.equal(done.follow, undefined, 'nothing to follow');
    // Every try of the one request carried the same key and events.
    const tries = bulkRequests();
    assert.ok(tries.length >= 1);
    assert.equal(new Set(tries.map((r) => r.idempotencyKey)).size, 1);
    assert.equal(new Set(tries.map((r) => JSON.stringify(eventsOf(r)))).size, 1);
    sandbox.setFaults({});
    panel.closeResend();
  });

  it('keeps following through a failed look-up, saying why meanwhile, and settles once the service answers again', async () => {
    const { panel, sending } = await followingWhileLookUpsFail('resend-follow-fails');
    sandbox.setFaults({});
    await sending;
    const done = await atStage(panel, 'done');
    // The group holds the earlier tests' runs of the same cause too (no email): this subscriber's is sent.
    assert.equal(done.follow?.counts.pending, 0, done.follow?.line);
    assert.doesNotMatch(done.follow?.line ?? '', /Could not look/);
    assertSentOnce('resend-follow-fails');
    panel.closeResend();
  });

  it('takes the follow up again after a window reload: the panel comes back on its connection and follows the re-send until it settles (issue 45, E)', async () => {
    // The look-ups fail meanwhile: the follow is under way, nothing settled, when the window reloads.
    const { panel, sending, following: cut } = await followingWhileLookUpsFail('resend-reload');
    // The window reloads: the panel and its follow end with the extension host…
    const connectionId = panel.connection.id;
    panel.panel.dispose();
    await sending;
    sandbox.setFaults({});
    // …and VS Code gives the panel back with the state its webview saved (the serializer: the test does what VS Code does).
    const webviewPanel = vscode.window.createWebviewPanel('novuExplorer.failures', 'Failures by Cause', vscode.ViewColumn.Active, {});
    await api.failuresPanels.restore(webviewPanel, { connectionId });
    const restored = await waitFor(() => api.failuresPanels.all[0], 'the panel restored');
    assert.equal(restored.panel, webviewPanel, 'shown in the panel VS Code gave back');
    const resumed = await atStage(restored, 'following', 'done');
    assert.equal(resumed.groupTitle, cut.groupTitle);
    const done = await atStage(restored, 'done');
    assert.equal(done.follow?.over, true);
    assert.equal(done.follow?.counts.total, cut.follow!.counts.total, 'the same new runs');
    assert.equal(done.follow?.counts.pending, 0, done.follow?.line);
    // This subscriber's new run went out, and the follow says so.
    assertSentOnce('resend-reload');
    assert.ok(done.follow!.counts.sent >= 1, done.follow?.line);
    assert.ok(prompter.messages.some((m) => m.text === done.follow!.line), 'said as a notification at its end');
    // Ended, it is not taken up again: the panel opened again on the connection follows nothing.
    restored.panel.dispose();
    const again = (await api.openFailures())!;
    assert.equal(again.currentResend, undefined);
  });

  describe('issue 45: true, and never twice', () => {
    const pair = (n: Run) => `${n.subscriber.subscriberId}/${workflowOf(n)}`;
    const at = (n: Run) => Date.parse(n.createdAt);
    /** Every email send of each subscriber and workflow, from the Sandbox's own runs. */
    function emailSends(): Map<string, number[]> {
      const sends = new Map<string, number[]>();
      for (const n of sandbox.state.notifications.filter(emailWentOut)) sends.set(pair(n), [...(sends.get(pair(n)) ?? []), at(n)]);
      return sends;
    }
    const incidentEmail = () => sandbox.state.notifications.filter((n) => tagOf(n._id) === INCIDENT_FAILED_TAG && n.jobs.some((j) => j.type === 'email' && j.status === 'failed'));

    it('a window that ends before the later sends: the review leaves out the runs made good after it, looked for up to now (A1)', async () => {
      const failed = incidentEmail();
      const times = failed.map(at).sort((a, b) => a - b);
      const after = new Date(times[0]! - 60_000);
      const before = new Date(times.at(-1)! + 1000);
      const panel = (await api.openFailures())!;
      await panel.show({ kind: 'custom', after: after.toISOString(), before: before.toISOString() });
      const view = await settled(panel);
      const group = view.groups.find((g) => g.provider === 'SendGrid' && g.httpStatus === 403)!;
      assert.equal(group.runs, failed.length);
      sandbox.clearRequests();
      await panel.reviewResend(group.key);
      const review = await atStage(panel, 'review');

      // Counted from the Sandbox: runs of active workflows whose subscriber got that workflow's email after the failure, up to now.
      const sends = emailSends();
      const later = (n: Run, until = Infinity) => (sends.get(pair(n)) ?? []).some((t) => t > at(n) && t <= until);
      const active = failed.filter((n) => workflowOf(n) !== INCIDENT.inactiveWorkflow);
      const madeGood = active.filter((n) => later(n));
      const inWindow = active.filter((n) => later(n, before.getTime()));
      assert.ok(madeGood.length > inWindow.length, `${madeGood.length} made good, ${inWindow.length} of them within the window`);
      const left = review.excluded.find((e) => e.reason === 'laterRunSent');
      assert.equal(left ? left.runs.length + left.more : 0, madeGood.length);

      // On the wire: the group's subscribers and workflows, after a failure, with no end; as many requests as the review says.
      const looks = sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/v1/notifications' && r.query['subscriberIds[]'] !== undefined);
      assert.ok(looks.length > 0);
      for (const r of looks) {
        assert.equal(r.query['before'], undefined);
        assert.ok(r.query['templates[]'] !== undefined && Date.parse(String(r.query['after'])) >= times[0]!, JSON.stringify(r.query).slice(0, 200));
      }
      assert.deepEqual(review.laterChecked, { requests: looks.length, complete: true });
      assert.ok(looks.length <= Math.ceil(group.subscribers / 50) * 10, `${looks.length} requests`);
      panel.closeResend();
    });

    it('one code in two wordings is one group; two messages of one provider are two groups with two titles (A2, A3)', async () => {
      // Twilio refuses this number with 21211 in its API's words; the address bounces at SendGrid.
      await service('POST', '/v2/subscribers', { subscriberId: 'wording-ada', firstName: 'Ada', email: 'wording-ada@bounce.example', phone: `${INVALID_PHONE_PREFIX}5550100` });
      await service('POST', '/v1/events/trigger/bulk', { events: [{ name: 'password-reset', to: { subscriberId: 'wording-ada' }, payload: { resetUrl: 'https://app.example/reset', expiresInMinutes: 30 }, transactionId: 'itest-wording-ada' }] });
      await waitFor(() => sandbox.state.notifications.find((n) => n.transactionId === 'itest-wording-ada' && n.jobs.filter((j) => j.status === 'failed').length === 2), 'the run to fail at both providers');
      const since = Date.now() - 86_400_000;
      const panel = (await api.openFailures())!;
      await panel.show({ kind: 'last24Hours' });
      const view = await settled(panel);

      const twilio = view.groups.filter((g) => g.provider === 'Twilio' && g.code === '21211');
      assert.equal(twilio.length, 1, view.groups.map((g) => g.title).join(' | '));
      const [code] = twilio;
      assert.equal(code!.title, 'SMS · Twilio · the provider refused the message (error 21211)');
      // Counted from the Sandbox: every SMS step of the window Twilio refused with 21211, in whatever words.
      const refused = sandbox.state.notifications.filter((n) => at(n) >= since && n.jobs.some((j) => j.type === 'sms' && j.status === 'failed' && JSON.stringify(j.executionDetails).includes('21211')));
      const wordings = new Set(refused.map((n) => n.jobs.find((j) => j.type === 'sms' && j.status === 'failed')!.executionDetails.at(-1)!.raw?.includes('Invalid') ? 'api' : 'incident'));
      assert.equal(wordings.size, 2, 'two wordings');
      assert.equal(code!.runs, refused.length);
      assert.ok(code!.examples.some((e) => e.subscriberId === 'wording-ada'));

      // SendGrid: the incident's 403 and the bounce, apart, each title telling which.
      const identity = view.groups.find((g) => g.provider === 'SendGrid' && g.httpStatus === 403)!;
      const bounce = view.groups.find((g) => g.provider === 'SendGrid' && g.examples.some((e) => e.subscriberId === 'wording-ada'))!;
      assert.ok(identity && bounce && identity.key !== bounce.key);
      assert.equal(identity.code, undefined, 'an HTTP status alone is not a code');
      assert.equal(identity.title, 'Email · SendGrid · the provider refused the message: The from address does not match a verified Sender Identity.');
      assert.match(bounce.title, /^Email · SendGrid · the provider refused the message: The email account that you tried to reach/);
      const titles = view.groups.map((g) => g.title);
      assert.equal(new Set(titles).size, titles.length, 'no two groups share a title');
    });

    it('a re-sent email whose run fails at another step: counted on the email step, the other step said apart (A4)', async () => {
      const panel = (await api.openFailures())!;
      await panel.show({ kind: 'last24Hours' });
      const view = await settled(panel);
      const group = view.groups.find((g) => g.provider === 'SendGrid' && g.httpStatus === 403)!;
      await panel.reviewResend(group.key);
      const review = await atStage(panel, 'review');
      sandbox.clearRequests();
      prompter.script({ confirm: true });
      await panel.sendResend();
      const done = await atStage(panel, 'done');

      // Counted from the Sandbox's new runs: their email steps, and their SMS steps skipped for no phone number.
      const sent = new Set(bulkRequests().flatMap((r) => eventsOf(r).map((e) => e.transactionId)));
      const runs = sandbox.state.notifications.filter((n) => sent.has(n.transactionId));
      assert.equal(runs.length, review.runs);
      const email = (n: Run, status: string) => n.jobs.some((j) => j.type === 'email' && j.status === status);
      const noPhone = runs.filter((n) => n.jobs.some((j) => j.type === 'sms' && j.status === 'canceled' && j.executionDetails.some((d) => d.detail === 'Subscriber missing phone number'))).length;
      const expected = { total: runs.length, sent: runs.filter(emailWentOut).length, failedSame: 0, failedOther: runs.filter((n) => email(n, 'failed')).length, skipped: runs.filter((n) => email(n, 'canceled')).length, pending: 0 };
      assert.ok(noPhone > 0, 'some of the new runs have an SMS step and no phone number');
      assert.deepEqual(done.follow?.counts, expected);
      const line = done.follow!.line;
      assert.ok(line.startsWith(`${runs.length} emails sent again: ${expected.sent} sent`), line);
      assert.ok(line.includes(`; in ${noPhone} of these runs the SMS step was skipped (no phone number)`), line);
      assert.doesNotMatch(line, /failed again with the same cause/);
      panel.closeResend();
    });
  });
});
