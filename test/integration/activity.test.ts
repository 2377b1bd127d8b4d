/** Issue 12: the Activity view, its filters, Live follow and id links, against a sandbox in real VS Code. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { NotificationNode } from '../../src/activity/activityNodes';
import { SANDBOX_FIXTURES as F, type Notification, type Sandbox } from '../../src/sandbox';
import type { TreeNode } from '../../src/ui/treeNodes';
import { ScriptedPrompter, addSandboxConnection, extensionApi, freshSandbox, kindOf, resetConnections, waitFor, disconnectSandbox } from './helpers';

const config = () => vscode.workspace.getConfiguration('novuExplorer');

describe('activity view', function () {
  let api: NovuExplorerApi;
  let sandbox: Sandbox;
  /** Two notifications that share one transaction id (an application that reused it). */
  const sharedTransaction = 'txn-shared-4242';

  before(async () => {
    api = await extensionApi();
    await resetConnections(api);
    const base = (await freshSandbox()).state.notification(F.canceledNotificationId)!;
    const twin = (id: string, minutesAgo: number): Notification => ({ ...structuredClone(base), _id: id, transactionId: sharedTransaction, createdAt: new Date(Date.now() - minutesAgo * 60_000).toISOString() });
    sandbox = await freshSandbox({ activityEndsAtMs: Date.now(), extraNotifications: [twin('6620bb0000000000000b0001', 300), twin('6620bb0000000000000b0002', 301)] });
    await addSandboxConnection(api, sandbox, 'Activity test');
    await config().update('activity.followIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('novuExplorer.activity.focus');
  });

  after(async () => {
    await api.activity.setFollow(false);
    await api.activity.setFilter({});
    await api.activity.setFailuresOnly(false);
    await config().update('activity.followIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Out of sight, the view asks nothing of the services of the tests that follow.
    await vscode.commands.executeCommand('workbench.view.explorer');
    await disconnectSandbox(api, sandbox);
  });

  beforeEach(async () => {
    sandbox.setFaults({});
    await api.activity.setFollow(false);
    await api.activity.setFilter({});
    await api.activity.setFailuresOnly(false);
    sandbox.clearRequests();
  });

  const lists = () => sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/v1/notifications');
  const notificationRows = (nodes: TreeNode[]) => nodes.filter((n) => kindOf(n) === 'notification') as NotificationNode[];
  const description = () => String(api.activity.view?.description);

  async function firstPage(): Promise<TreeNode[]> {
    api.activity.reload();
    return api.activity.getChildren();
  }

  it('lists the newest notifications first with workflow, subscriber, status, channels and time; one request a page [smoke]', async () => {
    const rows = await firstPage();
    const items = notificationRows(rows);
    assert.equal(items.length, 50);
    assert.equal(lists().length, 1);
    assert.equal(lists()[0]!.query.limit, '50');
    assert.equal(lists()[0]!.query.page, '0');
    const newest = sandbox.state.notifications.slice(0, 50).map((n) => n._id);
    assert.deepEqual(items.map((n) => n.notification._id), newest);
    const item = items[0]!.treeItem();
    const n = items[0]!.notification;
    assert.equal(item.label, n.template?.name);
    assert.match(String(item.description), /(just now|min ago|h ago)/);
    assert.equal(item.tooltip, undefined, 'the hover is built when it shows');
    const hover = String(api.activity.resolveTreeItem(item, items[0]!).tooltip);
    assert.match(hover, /Created: .+\nUTC: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    assert.ok(hover.includes(`Notification ID: ${n._id}`));
    assert.ok(item.iconPath instanceof vscode.ThemeIcon);
    assert.ok(items.some((r) => (r.treeItem().iconPath as vscode.ThemeIcon).color?.id === 'novuExplorer.status.failure'), 'failed rows in the contributed failure colour');
    assert.equal(kindOf(rows.at(-1)), 'loadMore');
    assert.match(description(), /^Activity test$/);
  });

  it('expands a row into its jobs with the failure reason, without a request', async () => {
    const rows = notificationRows(await firstPage());
    const failed = rows.find((r) => r.notification.jobs?.some((j) => j.status === 'failed'))!;
    assert.ok(failed, 'a failed notification among the newest');
    sandbox.clearRequests();
    const jobs = await api.activity.getChildren(failed);
    assert.equal(jobs.length, failed.notification.jobs!.length);
    const failedJob = jobs.map((j) => j.treeItem()).find((i) => /· Failed: /.test(String(i.description)));
    assert.ok(failedJob, 'the failed job says why');
    assert.equal(sandbox.requests.length, 0);
  });

  it('pages on with Load more to the end: no duplicates, and a full last page ends on the empty one', async () => {
    await firstPage();
    while (api.activity.hasMore) await api.activity.loadMore();
    const ids = api.activity.notifications.map((n) => n._id);
    assert.equal(ids.length, sandbox.state.notifications.length);
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(lists().length, Math.floor(ids.length / 50) + 1);
    const rows = await api.activity.getChildren();
    assert.ok(!rows.some((r) => kindOf(r) === 'loadMore'));
  });

  it('sends each filter as the contract names it, names it in the description, and clears it', async () => {
    await api.activity.setFilter({
      subscriberIds: [F.notificationSubscriberId],
      emails: [F.notificationSubscriberEmail],
      channels: ['email', 'sms'],
      workflows: [{ id: F.workflowId, name: 'Welcome' }],
      severity: ['high'],
      transactionId: F.failedTransactionId,
      topicKey: F.failedTopicKey,
      range: { kind: 'last7Days' },
    });
    await api.activity.getChildren();
    const q = lists().at(-1)!.query;
    assert.deepEqual([q['subscriberIds[]']].flat(), [F.notificationSubscriberId]);
    assert.deepEqual([q['emails[]']].flat(), [F.notificationSubscriberEmail]);
    assert.deepEqual([q['channels[]']].flat(), ['email', 'sms']);
    assert.deepEqual([q['templates[]']].flat(), [F.workflowId]);
    assert.deepEqual([q['severity[]']].flat(), ['high']);
    assert.equal(q.transactionId, F.failedTransactionId);
    assert.equal(q.topicKey, F.failedTopicKey);
    assert.ok(Math.abs(Date.parse(String(q.after)) - (Date.now() - 7 * 86_400_000)) < 60_000);
    assert.match(description(), /subscriber “sbx-alice” · email “alice@sandbox\.example” · workflow “Welcome” · Email or SMS · high severity · transaction “txn-sbx-failed-0001” · topic “sandbox-team” · last 7 days/);

    await api.activity.setFilter({ subscriberIds: [F.notificationSubscriberId] });
    const rows = notificationRows(await api.activity.getChildren());
    assert.ok(rows.length > 0);
    assert.ok(rows.every((r) => r.notification.subscriber?.subscriberId === F.notificationSubscriberId));

    await api.activity.setFilter({ subscriberIds: ['nobody-at-all'] });
    const empty = await api.activity.getChildren();
    assert.equal(empty.length, 1);
    assert.equal(empty[0]!.treeItem().label, 'No notifications match subscriber “nobody-at-all”');
    await vscode.commands.executeCommand(String(empty[0]!.treeItem().command!.command));
    assert.deepEqual(api.activity.filter, {});
    assert.equal(description(), 'Activity test');
  });

  it('builds the filter in one pick: typed values, ticked choices, and a custom range asked at its fields', async () => {
    await firstPage();
    const prompter = new ScriptedPrompter([
      { pickMany: ['subscriber:sbx-alice', 'channel:email', 'range:custom'], typed: 'sbx-alice' },
      { input: 'yesterday' },
      { input: '6h' },
      { input: '7h' },
      { input: '' },
    ]);
    api.setPrompter(prompter);
    await vscode.commands.executeCommand('novuExplorer.filterActivity');
    api.setPrompter(undefined);
    assert.match(prompter.inputs[0]!.problem!, /Not a date/, 'a bad time is refused at its field');
    assert.equal(prompter.inputs[2]!.problem, 'The end must come after the start.');
    const filter = api.activity.filter;
    assert.deepEqual(filter.subscriberIds, ['sbx-alice']);
    assert.deepEqual(filter.channels, ['email']);
    assert.equal(filter.range?.kind, 'custom');
    assert.ok(Math.abs(Date.parse((filter.range as { after: string }).after) - (Date.now() - 6 * 3_600_000)) < 60_000);
    const offered = prompter.manyPicks[0]!.items.map((i) => i.value as { kind: string; value: string });
    assert.ok(offered.some((p) => p.kind === 'workflow' && p.value === F.workflowId), 'the workflows seen are offered by their internal id');
    assert.ok(offered.some((p) => p.kind === 'range' && p.value === 'lastHour'));
    assert.ok(api.activity.view?.visible, 'the view is in sight after filtering');
  });

  it('remembers the filter, "Failures only" and follow per connection', async () => {
    await api.activity.setFilter({ channels: ['sms'] });
    await api.activity.setFailuresOnly(true);
    const first = api.manager.active!;
    const other = await freshSandbox();
    try {
      await addSandboxConnection(api, other, 'Other activity');
      assert.deepEqual(api.activity.filter, {}, 'another connection starts unfiltered');
      assert.equal(api.activity.settings.failuresOnly, false);
      await api.manager.switchTo(first.id);
      assert.deepEqual(api.activity.filter, { channels: ['sms'] });
      assert.equal(api.activity.settings.failuresOnly, true);
      const stored = api.context.globalState.get<Record<string, { filter: unknown }>>('novuExplorer.activity')!;
      assert.deepEqual(stored[first.id]!.filter, { channels: ['sms'] }, 'kept across reloads in globalState');
    } finally {
      const added = api.manager.connections.find((c) => c.name === 'Other activity');
      if (added) await api.manager.remove(added);
      await api.manager.switchTo(first.id);
      await other.close();
    }
  });

  it('"Failures only" filters what is loaded, says so, and asks nothing of the service', async () => {
    await firstPage();
    sandbox.clearRequests();
    await vscode.commands.executeCommand('novuExplorer.showFailuresOnly');
    const rows = notificationRows(await api.activity.getChildren());
    const failed = api.activity.notifications.filter((n) => n.jobs?.some((j) => j.status === 'failed')).length;
    assert.ok(failed > 0);
    assert.equal(rows.length, failed);
    assert.match(description(), new RegExp(`${failed} failed of 50 loaded`));
    assert.equal(lists().length, 0);
    await vscode.commands.executeCommand('novuExplorer.showAllActivity');
    assert.equal(notificationRows(await api.activity.getChildren()).length, 50);
  });

  it('says a range past the plan’s retention is that, not an error', async () => {
    await api.activity.setFilter({ range: { kind: 'custom', after: new Date(Date.now() - 400 * 86_400_000).toISOString() } });
    const rows = await api.activity.getChildren();
    assert.equal(rows.length, 1);
    assert.equal(kindOf(rows[0]), 'message');
    assert.match(String(rows[0]!.treeItem().label), /^The plan keeps activity for a limited time, and this range starts before it: .+\(HTTP 402\)/);
    assert.equal(rows[0]!.treeItem().command?.command, 'novuExplorer.filterActivity');
  });

  it("a subscriber's Show Notifications filters the Activity view to that subscriber and reveals it", async () => {
    await vscode.commands.executeCommand('workbench.view.explorer');
    api.subscribers.setFilter({ subscriberId: F.notificationSubscriberId });
    const [row] = await api.subscribers.getChildren();
    await vscode.commands.executeCommand('novuExplorer.showSubscriberNotifications', row);
    api.subscribers.setFilter({});
    assert.deepEqual(api.activity.filter, { subscriberIds: [F.notificationSubscriberId] });
    await waitFor(() => api.activity.view?.visible, 'the Activity view in sight');
    const rows = notificationRows(await api.activity.getChildren());
    assert.ok(rows.length >= 5);
    await vscode.commands.executeCommand('novuExplorer.openActivityNotification', rows[0]);
    await waitFor(() => api.notificationPanels.all.some((p) => p.notificationId === rows[0]!.notification._id), 'the notification panel');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('row actions: copy both ids, show only this subscriber or workflow, open as JSON, edit preferences', async () => {
    const [row] = notificationRows(await firstPage());
    const n = row!.notification;
    await vscode.commands.executeCommand('novuExplorer.copyNotificationId', row);
    assert.equal(await vscode.env.clipboard.readText(), n._id);
    await vscode.commands.executeCommand('novuExplorer.copyTransactionId', row);
    assert.equal(await vscode.env.clipboard.readText(), n.transactionId);
    await vscode.commands.executeCommand('novuExplorer.showOnlyActivityWorkflow', row);
    assert.deepEqual(api.activity.filter.workflows?.map((w) => w.id), [n.template?._id ?? n._templateId]);
    await vscode.commands.executeCommand('novuExplorer.showOnlyActivitySubscriber', row);
    assert.deepEqual(api.activity.filter.subscriberIds, [n.subscriber?.subscriberId]);
    assert.ok(api.activity.filter.workflows, 'the workflow filter stays');
    await vscode.commands.executeCommand('novuExplorer.openNotificationJson', row);
    const doc = vscode.window.activeTextEditor?.document;
    assert.equal(doc?.uri.scheme, 'novu-json');
    assert.equal(JSON.parse(doc!.getText())._id, n._id);
    await vscode.commands.executeCommand('novuExplorer.editActivityPreferences', row);
    await waitFor(() => api.preferencesPanels.all.some((p) => p.subscriberId === n.subscriber?.subscriberId), 'the preferences panel');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  describe('live follow', () => {
    it('inserts new rows on top, keeps the rows (and so what was expanded), updates a moved row, and counts new failures', async () => {
      const before = notificationRows(await firstPage());
      const kept = before[3]!;
      await api.activity.view!.reveal(kept, { expand: true, select: false, focus: false });
      const pending = sandbox.emitNotification({ outcome: 'pending' });
      sandbox.clearRequests();
      await api.activity.setFollow(true);
      assert.match(description(), /· live$/);
      await waitFor(() => api.activity.nodeOf(pending._id), 'the new row');
      assert.equal(lists().length, 1, 'one poll, one request');
      assert.equal(lists()[0]!.query.page, '0');
      const rows = notificationRows(await api.activity.getChildren());
      assert.equal(rows[0]!.notification._id, pending._id);
      assert.equal(api.activity.nodeOf(kept.notification._id), rows.find((r) => r.notification._id === kept.notification._id), 'the same row object, with its id and expansion');
      assert.equal(rows.find((r) => r.notification._id === kept.notification._id)!.treeItem().id, kept.treeItem().id);

      const failed = sandbox.emitNotification({ outcome: 'failed' });
      await waitFor(() => api.activity.nodeOf(failed._id), 'the failed row');
      assert.equal(api.activity.unseenFailureCount, 1);
      assert.equal(api.activity.view?.badge?.value, 1);
      assert.match(String(api.activity.view?.badge?.tooltip), /1 new failed notification/);

      // A job moving on updates its row in place.
      while (sandbox.advanceNotification(pending._id));
      await waitFor(() => !api.activity.nodeOf(pending._id)!.notification.jobs!.some((j) => ['pending', 'queued', 'running'].includes(j.status)), 'the row to update');

      // Looking at the view (selecting a row) clears the badge.
      await api.activity.view!.reveal(api.activity.nodeOf(failed._id)!, { select: true, focus: true });
      await waitFor(() => api.activity.view?.badge === undefined, 'the badge to clear');
      await api.activity.setFollow(false);
    });

    it('backs off while nothing changes, one request a poll', async () => {
      await firstPage();
      const start = api.activity.follow.polls;
      await api.activity.setFollow(true);
      await waitFor(() => api.activity.follow.polls >= start + 3 && !api.activity.isPolling, 'three polls', 15_000);
      const polls = api.activity.follow.polls - start;
      assert.equal(api.activity.follow.intervalMs, Math.round(1000 * 1.5 ** polls), 'the interval grows while nothing changes');
      await api.activity.setFollow(false);
      assert.equal(lists().length, polls + 1, 'the first page, then one request per poll');
    });

    it('pauses while the view is hidden and catches up when it is back', async () => {
      await firstPage();
      await api.activity.setFollow(true);
      await waitFor(() => api.activity.follow.polls >= 1, 'a poll');
      await vscode.commands.executeCommand('workbench.view.explorer');
      await waitFor(() => !api.activity.view?.visible, 'the view hidden');
      assert.equal(api.activity.follow.scheduled, false);
      const count = lists().length;
      const arrived = sandbox.emitNotification({ outcome: 'failed' });
      await new Promise((r) => setTimeout(r, 2500));
      assert.equal(lists().length, count, 'no poll while hidden');
      await vscode.commands.executeCommand('novuExplorer.activity.focus');
      await waitFor(() => api.activity.nodeOf(arrived._id), 'the catch-up poll');
      await api.activity.setFollow(false);
    });

    it('stops on a failed poll with the service’s message and Retry, and resumes', async () => {
      await firstPage();
      await api.activity.setFollow(true);
      sandbox.setFaults({ respond: { status: 503, message: 'Activity store down' } });
      await waitFor(() => api.activity.followStopped, 'follow to stop', 20_000);
      const rows = await api.activity.getChildren();
      assert.equal(kindOf(rows[0]), 'error');
      assert.match(String(rows[0]!.treeItem().label), /^Live follow stopped: Activity store down/);
      assert.ok(notificationRows(rows).length >= 50, 'the rows stay');
      assert.match(description(), /follow stopped/);
      const count = lists().length;
      await new Promise((r) => setTimeout(r, 1500));
      assert.equal(lists().length, count, 'no more polls');
      sandbox.setFaults({});
      await vscode.commands.executeCommand('novuExplorer.resumeActivityFollow');
      await waitFor(() => lists().length > count && !api.activity.followStopped, 'follow resumed');
      await api.activity.setFollow(false);
    });

    it('stops on a rejected key: the view shows the welcome with Set API Key', async () => {
      await firstPage();
      await api.activity.setFollow(true);
      sandbox.setFaults({ respond: { status: 401, message: 'API Key not found' } });
      await waitFor(() => api.manager.state === 'unauthorized', 'the key to be rejected', 15_000);
      assert.deepEqual(await api.activity.getChildren(), []);
      const count = lists().length;
      await new Promise((r) => setTimeout(r, 1500));
      assert.equal(lists().length, count, 'no polls with a rejected key');
      sandbox.setFaults({});
      await vscode.commands.executeCommand('novuExplorer.refreshActivity');
      await waitFor(() => api.manager.state === 'ready', 'ready again');
      await api.activity.setFollow(false);
    });
  });

  describe('id links', () => {
    const logText = [
      `2026-11-22T10:00:00Z ERROR delivery failed notificationId=${F.failedNotificationId} attempt=3`,
      `{"level":"warn","transactionId":"${F.failedTransactionId}"}`,
      `transactionId: ${sharedTransaction}`,
      `const sha = "${F.failedNotificationId}"; // not a link`,
    ].join('\n');

    async function documentLinks(language: string): Promise<vscode.DocumentLink[]> {
      const doc = await vscode.workspace.openTextDocument({ language, content: logText });
      return (await vscode.commands.executeCommand<vscode.DocumentLink[]>('vscode.executeLinkProvider', doc.uri)).filter((l) => l.target?.scheme === 'command');
    }

    it('links ids that a log line names in log, text and JSON documents, and asks nothing until clicked', async () => {
      await api.activity.getChildren();
      sandbox.clearRequests();
      const links = await documentLinks('log');
      const lines = logText.split('\n');
      const at = (line: number, id: string) => [line, lines[line]!.indexOf(id), line, lines[line]!.indexOf(id) + id.length];
      assert.deepEqual(
        links.map((l) => [l.range.start.line, l.range.start.character, l.range.end.line, l.range.end.character]),
        [at(0, F.failedNotificationId), at(1, F.failedTransactionId), at(2, sharedTransaction)],
      );
      assert.equal((await documentLinks('plaintext')).length, 3);
      assert.deepEqual(sandbox.requests.map((r) => r.path), [], 'no request until a link is activated');

      const target = (link: vscode.DocumentLink) => JSON.parse(decodeURIComponent(link.target!.query)) as unknown[];
      await vscode.commands.executeCommand('novuExplorer.openNotificationLink', ...target(links[0]!));
      await waitFor(() => api.notificationPanels.all.some((p) => p.notificationId === F.failedNotificationId), 'the panel from a notification id');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');

      sandbox.clearRequests();
      await vscode.commands.executeCommand('novuExplorer.openNotificationLink', ...target(links[1]!));
      assert.equal(lists()[0]?.query.transactionId, F.failedTransactionId, 'a transaction id is resolved through the list');
      await waitFor(() => api.notificationPanels.all.some((p) => p.notificationId === F.failedNotificationId), 'the panel from a transaction id');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');

      const prompter = new ScriptedPrompter([{ pick: '6620bb0000000000000b0002' }]);
      api.setPrompter(prompter);
      await vscode.commands.executeCommand('novuExplorer.openNotificationLink', ...target(links[2]!));
      api.setPrompter(undefined);
      assert.equal(prompter.picks[0]!.items.length, 2, 'several matches offer a pick');
      await waitFor(() => api.notificationPanels.all.some((p) => p.notificationId === '6620bb0000000000000b0002'), 'the picked one');
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('links in the terminal the same way, refuses a forged argument, and the setting turns links off', async () => {
      const terminalLinks = api.links.terminal.provideTerminalLinks({ line: `[api] sent transactionId: ${F.failedTransactionId} ok`, terminal: undefined as never }) as { startIndex: number; length: number }[];
      assert.deepEqual(terminalLinks.map((l) => [l.startIndex, l.length]), [[26, F.failedTransactionId.length]]);
      assert.equal(await vscode.commands.executeCommand('novuExplorer.openNotificationLink', { kind: 'notification', id: 'javascript:alert(1)' }), undefined);
      await config().update('links.enabled', false, vscode.ConfigurationTarget.Global);
      try {
        assert.equal((await documentLinks('log')).length, 0);
        assert.equal((api.links.terminal.provideTerminalLinks({ line: `transactionId: ${F.failedTransactionId}`, terminal: undefined as never }) as unknown[]).length, 0);
      } finally {
        await config().update('links.enabled', undefined, vscode.ConfigurationTarget.Global);
      }
    });
  });
});
