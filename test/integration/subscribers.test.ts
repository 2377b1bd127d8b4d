/** Issue 4: the Subscribers view against a fresh sandbox in real VS Code. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import { SANDBOX_FIXTURES, type Sandbox } from '../../src/sandbox';
import type { TreeNode } from '../../src/ui/treeNodes';
import type { SubscriberNode } from '../../src/subscribers/subscriberNode';
import { ScriptedPrompter, kindOf, addSandboxConnection, waitFor, type Answer, freshStart, disconnectSandbox } from './helpers';

describe('subscribers view', function () {
  let api: NovuExplorerApi;
  let sandbox: Sandbox;

  before(async () => {
    ({ api, sandbox } = await freshStart());
    api.subscribers.setFilter({});
    await addSandboxConnection(api, sandbox, 'Subscribers test');
  });

  after(async () => {
    api.subscribers.setFilter({});
    await disconnectSandbox(api, sandbox);
  });

  beforeEach(() => {
    sandbox.setFaults({});
    sandbox.clearRequests();
  });

  const searches = () => sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/v2/subscribers');

  async function loadAll(): Promise<void> {
    await api.subscribers.getChildren();
    while (api.subscribers.hasMore) await api.subscribers.loadMore();
  }

  it('pages through every subscriber with "Load more": right count, no duplicates, one request a page [smoke]', async () => {
    // The load the new connection started (before this test) is awaited and not counted.
    await api.subscribers.getChildren();
    sandbox.clearRequests();
    api.subscribers.reload();
    const first = await api.subscribers.getChildren();
    assert.equal(api.subscribers.subscribers.length, 25);
    assert.equal(kindOf(first.at(-1)), 'loadMore');
    await loadAll();
    const all = api.subscribers.subscribers;
    const total = sandbox.state.subscribers.length;
    assert.equal(all.length, total);
    assert.equal(new Set(all.map((s) => s.subscriberId)).size, total);
    assert.equal(api.subscribers.totalCount, total);
    assert.equal(searches().length, Math.ceil(total / 25));
    const last = await api.subscribers.getChildren();
    assert.ok(!last.some((n) => kindOf(n) === 'loadMore'), 'no "Load more" after the last page');
    assert.match(String(api.subscribers.view?.description), new RegExp(`Subscribers test · ${total}`));
  });

  it('uses the page size setting', async () => {
    await vscode.workspace.getConfiguration('novuExplorer').update('subscribers.pageSize', 100, vscode.ConfigurationTarget.Global);
    try {
      api.subscribers.reload();
      await api.subscribers.getChildren();
      assert.equal(api.subscribers.subscribers.length, 100);
      assert.equal(searches()[0]?.query.limit, '100');
    } finally {
      await vscode.workspace.getConfiguration('novuExplorer').update('subscribers.pageSize', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('filters by each of name, email, phone and subscriber id through the search command', async () => {
    const alice = sandbox.state.subscriber(SANDBOX_FIXTURES.notificationSubscriberId)!;
    const cases: [Answer, (s: { subscriberId: string }) => boolean, string][] = [
      [{ search: 'name:"alice sandbox"' }, (s) => s.subscriberId === alice.subscriberId, 'name'],
      [{ search: SANDBOX_FIXTURES.notificationSubscriberEmail.toUpperCase() }, (s) => s.subscriberId === alice.subscriberId, 'email'],
      [{ search: `phone:${alice.phone}` }, (s) => s.subscriberId === alice.subscriberId, 'phone'],
      [{ search: `id:${SANDBOX_FIXTURES.htmlNameSubscriberId}` }, (s) => s.subscriberId === SANDBOX_FIXTURES.htmlNameSubscriberId, 'subscriberId'],
    ];
    for (const [answer, expected, field] of cases) {
      sandbox.clearRequests();
      api.setPrompter(new ScriptedPrompter([answer]));
      await vscode.commands.executeCommand('novuExplorer.searchSubscribers');
      await api.subscribers.getChildren();
      const found = api.subscribers.subscribers;
      assert.ok(found.length >= 1 && found.some(expected), `${field} finds the subscriber`);
      assert.ok(searches()[0]?.query[field], `the ${field} filter was sent`);
      assert.equal(searches().length, 1, 'one request per search');
      assert.match(String(api.subscribers.view?.description), / · filtered by /);
      assert.equal(api.subscribers.view?.message, undefined, 'no message: it would push the rows down after they came');
    }
    api.setPrompter(undefined);
  });

  it('offers plain text as each filter, likeliest first, and combines prefixed ones', async () => {
    const prompter = new ScriptedPrompter([{ search: 'ada@example.com' }, { search: 'name:ada email:example' }]);
    api.setPrompter(prompter);
    await vscode.commands.executeCommand('novuExplorer.searchSubscribers');
    await vscode.commands.executeCommand('novuExplorer.searchSubscribers');
    api.setPrompter(undefined);
    assert.match(prompter.searches[0]!.items[0]!.label, /Email contains/);
    assert.equal(prompter.searches[0]!.items[0]!.description, 'email “ada@example.com”');
    assert.equal(prompter.searches[0]!.items.length, 4);
    assert.deepEqual(prompter.searches[1]!.items[0]!.value, { name: 'ada', email: 'example' });
    await api.subscribers.getChildren();
  });

  it('pages through a filtered list to its end, and says so when nothing matches', async () => {
    api.subscribers.setFilter({ email: 'sandbox' });
    await loadAll();
    const loaded = api.subscribers.subscribers;
    assert.ok(loaded.length > 25, 'more than one page matches');
    assert.equal(loaded.length, api.subscribers.totalCount);
    assert.ok(loaded.every((s) => s.email?.toLowerCase().includes('sandbox')));
    assert.equal(new Set(loaded.map((s) => s.subscriberId)).size, loaded.length);
    assert.ok(searches().every((r) => r.query.email === 'sandbox'), 'the filter stays on every page');

    api.subscribers.setFilter({ name: 'zzz-nobody-has-this-name' });
    const rows: TreeNode[] = await api.subscribers.getChildren();
    assert.equal(rows.length, 1);
    assert.equal(kindOf(rows[0]), 'message');
    assert.match(String(rows[0]!.treeItem().label), /No subscribers match name “zzz-nobody-has-this-name”/);
  });

  it('clears the filter from its title action', async () => {
    api.subscribers.setFilter({ name: 'alice' });
    await api.subscribers.getChildren();
    await vscode.commands.executeCommand('novuExplorer.clearSubscriberFilter');
    await api.subscribers.getChildren();
    assert.deepEqual(api.subscribers.filter, {});
    assert.doesNotMatch(String(api.subscribers.view?.description), /filtered by/);
    assert.equal(api.subscribers.subscribers.length, 25);
    assert.equal(api.subscribers.totalCount, sandbox.state.subscribers.length);
  });

  it('sorts by creation and by last update, both ways', async () => {
    const byCreation = [...sandbox.state.subscribers];
    const orders: [number, (list: { subscriberId: string; updatedAt?: string | null }[]) => void][] = [
      [1, (list) => assert.equal(list[0]?.subscriberId, byCreation[0]?.subscriberId)],
      [0, (list) => assert.equal(list[0]?.subscriberId, byCreation.at(-1)?.subscriberId)],
      [2, (list) => assert.ok(list.every((s, i) => i === 0 || String(list[i - 1]!.updatedAt) >= String(s.updatedAt)))],
      [3, (list) => assert.ok(list.every((s, i) => i === 0 || String(list[i - 1]!.updatedAt) <= String(s.updatedAt)))],
    ];
    const { ORDERS } = await import('../../src/subscribers/subscriberCommands');
    for (const [index, check] of orders) {
      api.setPrompter(new ScriptedPrompter([{ pick: ORDERS[index]!.order }]));
      await vscode.commands.executeCommand('novuExplorer.sortSubscribers');
      await api.subscribers.getChildren();
      check(api.subscribers.subscribers);
    }
    api.setPrompter(undefined);
    api.subscribers.setOrder(ORDERS[0]!.order);
  });

  it('cancels a superseded search: only the newest search shows, even when the old answer comes later', async () => {
    sandbox.setFaults({ latencyMs: 400 });
    api.subscribers.setFilter({ name: 'alice' });
    const stale = api.subscribers.getChildren();
    await new Promise((r) => setTimeout(r, 100));
    sandbox.setFaults({ latencyMs: 0 });
    api.subscribers.setFilter({ subscriberId: SANDBOX_FIXTURES.htmlNameSubscriberId });
    const fresh = await api.subscribers.getChildren();
    await stale;
    await new Promise((r) => setTimeout(r, 500));
    assert.deepEqual(api.subscribers.subscribers.map((s) => s.subscriberId), [SANDBOX_FIXTURES.htmlNameSubscriberId]);
    assert.equal(fresh.length, 1);
    api.subscribers.setFilter({});
  });

  it('shows an error row with Retry when the service fails, and Retry recovers', async () => {
    sandbox.setFaults({ errorRate: 1 });
    api.subscribers.reload();
    const rows: TreeNode[] = await api.subscribers.getChildren();
    assert.equal(rows.length, 1);
    assert.equal(kindOf(rows[0]), 'error');
    const item = rows[0]!.treeItem();
    assert.match(String(item.label), /HTTP 503/);
    assert.match(String(item.description), /Error ID/);
    assert.equal(item.command?.command, 'novuExplorer.refreshSubscribers');
    sandbox.setFaults({});
    await vscode.commands.executeCommand(item.command!.command);
    const after = await api.subscribers.getChildren();
    assert.equal(kindOf(after[0]), 'subscriber');
  });

  it('shows subscriber rows with name, id, tooltip and composed context values, HTML as plain text', async () => {
    api.subscribers.setFilter({ subscriberId: SANDBOX_FIXTURES.htmlNameSubscriberId });
    const [row] = await api.subscribers.getChildren();
    const item = (row as SubscriberNode).treeItem();
    assert.ok(String(item.label).startsWith(SANDBOX_FIXTURES.htmlName));
    assert.equal(item.description, SANDBOX_FIXTURES.htmlNameSubscriberId);
    assert.match(String(item.contextValue), /^subscriber/);
    // A plain-string tooltip: VS Code shows it as text, so the name is there exactly as typed.
    assert.equal(typeof item.tooltip, 'string');
    assert.ok(String(item.tooltip).includes(`Name: ${SANDBOX_FIXTURES.htmlName} <b>Bold</b> & "quoted"`), String(item.tooltip));

    // Markdown, icon and link syntax, escapes, emoji and right-to-left text: all as typed, everywhere.
    const markup = `${SANDBOX_FIXTURES.markupFirstName} ${SANDBOX_FIXTURES.markupLastName}`;
    api.subscribers.setFilter({ subscriberId: SANDBOX_FIXTURES.markupSubscriberId });
    const [markupRow] = await api.subscribers.getChildren();
    const markupItem = (markupRow as SubscriberNode).treeItem();
    assert.equal(markupItem.label, markup);
    assert.ok(String(markupItem.tooltip).startsWith(`Name: ${markup}\nSubscriber ID: ${SANDBOX_FIXTURES.markupSubscriberId}\nEmail: markup@sandbox.example`), String(markupItem.tooltip));
    assert.ok(String(markupItem.tooltip).includes('**not bold** [not a link](command:workbench.action.quit)'));
    await vscode.commands.executeCommand('novuExplorer.openSubscriberJson', markupRow);
    const json = JSON.parse(vscode.window.activeTextEditor!.document.getText());
    assert.equal(`${json.firstName} ${json.lastName}`, markup, 'Open as JSON holds the record as sent');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    api.subscribers.setFilter({ subscriberId: SANDBOX_FIXTURES.noNameSubscriberId });
    const [nameless] = await api.subscribers.getChildren();
    assert.equal(String((nameless as SubscriberNode).treeItem().label), SANDBOX_FIXTURES.noNameSubscriberId);
    api.subscribers.setFilter({});
  });

  describe('Create Subscriber', () => {
    const fill = (fields: string[]): Answer[] => fields.map((input) => ({ input }));

    it('creates with every field, then reveals and selects the new row', async () => {
      api.subscribers.reload();
      await api.subscribers.getChildren();
      const prompter = new ScriptedPrompter([...fill(['grace-h', 'Grace', 'Hopper', 'grace@navy.example', '+15550100', 'https://example.com/g.png', 'en-US', 'America/New_York', '{"rank":"admiral"}']), { pick: 'create' }]);
      api.setPrompter(prompter);
      await vscode.commands.executeCommand('novuExplorer.createSubscriber');
      api.setPrompter(undefined);
      const stored = sandbox.state.subscriber('grace-h');
      assert.equal(stored?.lastName, 'Hopper');
      assert.deepEqual(stored?.data, { rank: 'admiral' });
      assert.equal(api.subscribers.subscribers[0]?.subscriberId, 'grace-h');
      await waitFor(() => api.subscribers.view?.selection[0], `the new row to be selected (visible: ${api.subscribers.view?.visible})`);
      assert.equal((api.subscribers.view!.selection[0] as SubscriberNode).subscriber.subscriberId, 'grace-h');
      const posts = sandbox.requests.filter((r) => r.method === 'POST');
      assert.equal(posts.length, 1);
      assert.ok(posts[0]?.idempotencyKey, 'sent with an idempotency key');
    });

    it('rejects each kind of bad input at its field before any request, keeping the rest', async () => {
      const prompter = new ScriptedPrompter([
        { input: 'has space' }, { input: 'ada-l' },
        { input: 'Ada' }, { input: '' },
        { input: 'not-an-email' }, { input: 'ada@example.com' },
        { input: '' },
        { input: 'ftp://x' }, { input: '' },
        { input: 'not a locale!' }, { input: 'en' },
        { input: 'Mars/Base' }, { input: 'Europe/London' },
        { input: '{bad json' }, { input: '[1,2]' }, { input: '' },
        { pick: 'create' },
      ]);
      api.setPrompter(prompter);
      await vscode.commands.executeCommand('novuExplorer.createSubscriber');
      api.setPrompter(undefined);
      const problems = prompter.inputs.filter((i) => i.problem);
      assert.deepEqual(problems.map((p) => p.value), ['has space', 'not-an-email', 'ftp://x', 'not a locale!', 'Mars/Base', '{bad json', '[1,2]']);
      assert.equal(sandbox.requests.filter((r) => r.method === 'POST').length, 1, 'one request, after every field was fixed');
      const stored = sandbox.state.subscriber('ada-l');
      assert.equal(stored?.firstName, 'Ada');
      assert.equal(stored?.timezone, 'Europe/London');
    });

    it('numbers each step and goes Back with what was typed kept, from a field and from the review', async () => {
      const prompter = new ScriptedPrompter([
        { input: 'back-and-forth' },
        { input: 'Katherine' },
        { back: true, typed: 'Johns' },
        { input: 'Katherine' },
        { input: 'Johnson' },
        ...fill(['', '', '', '', '', '']),
        { back: true },
        { input: '{"team":"nasa"}' },
        { pick: 'create' },
      ]);
      api.setPrompter(prompter);
      await vscode.commands.executeCommand('novuExplorer.createSubscriber');
      api.setPrompter(undefined);
      assert.equal(prompter.remaining, 0);
      const [id, first, last, firstAgain, lastAgain] = prompter.inputs;
      assert.deepEqual([id!.options.step, first!.options.step, id!.options.totalSteps], [1, 2, 10]);
      assert.equal(id!.options.back, false, 'the first step has no Back');
      assert.equal(first!.options.back, true);
      assert.equal(last!.options.step, 3);
      assert.equal(firstAgain!.options.value, 'Katherine', 'Back shows the field before as it was typed');
      assert.equal(lastAgain!.options.value, 'Johns', 'coming forward keeps what was typed before going back');
      const review = prompter.picks.at(-1)!;
      assert.deepEqual([review.step, review.totalSteps, review.back], [10, 10, true]);
      assert.deepEqual(sandbox.state.subscriber('back-and-forth')?.data, { team: 'nasa' });
    });

    it('on 409 goes back to the ID with the service message; the other fields are kept', async () => {
      const prompter = new ScriptedPrompter([
        ...fill([SANDBOX_FIXTURES.notificationSubscriberId, 'Dup', 'Licate', 'dup@example.com', '', '', '', '', '']),
        { pick: 'create' },
        { input: 'dup-2' },
        { pick: 'create' },
      ]);
      api.setPrompter(prompter);
      await vscode.commands.executeCommand('novuExplorer.createSubscriber');
      api.setPrompter(undefined);
      const reopened = prompter.inputs.find((i) => i.shownProblem);
      assert.ok(reopened, 'the ID field was reopened');
      assert.match(reopened.shownProblem!, /already exists/i);
      assert.equal(reopened.options.value, SANDBOX_FIXTURES.notificationSubscriberId, 'what was typed is still there');
      assert.equal(sandbox.state.subscriber('dup-2')?.email, 'dup@example.com');
      assert.equal(sandbox.state.subscriber(SANDBOX_FIXTURES.notificationSubscriberId)?.firstName, 'Alice', 'the existing one is untouched');
    });

    it('on a 422 from the service goes to the field it names, with its message', async () => {
      // An alias time zone passes the client's check but not the service's list of IANA names.
      const prompter = new ScriptedPrompter([...fill(['tz-user', 'Tz', '', '', '', '', '', 'US/Eastern', '']), { pick: 'create' }, { input: 'America/New_York' }, { pick: 'create' }]);
      api.setPrompter(prompter);
      await vscode.commands.executeCommand('novuExplorer.createSubscriber');
      api.setPrompter(undefined);
      const reopened = prompter.inputs.find((i) => i.shownProblem);
      assert.match(String(reopened?.shownProblem), /timezone/);
      assert.equal(reopened?.options.value, 'US/Eastern');
      assert.equal(sandbox.state.subscriber('tz-user')?.timezone, 'America/New_York');
    });
  });

  it('row actions: copy ID, open as JSON, refresh one row, show notifications', async () => {
    api.subscribers.setFilter({ subscriberId: SANDBOX_FIXTURES.notificationSubscriberId });
    const [row] = (await api.subscribers.getChildren()) as SubscriberNode[];
    await vscode.commands.executeCommand('novuExplorer.copySubscriberId', row);
    assert.equal(await vscode.env.clipboard.readText(), SANDBOX_FIXTURES.notificationSubscriberId);

    await vscode.commands.executeCommand('novuExplorer.openSubscriberJson', row);
    const doc = vscode.window.activeTextEditor?.document;
    assert.equal(doc?.uri.scheme, 'novu-json');
    assert.equal(JSON.parse(doc!.getText()).subscriberId, SANDBOX_FIXTURES.notificationSubscriberId);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    sandbox.clearRequests();
    await vscode.commands.executeCommand('novuExplorer.refreshItem', row);
    assert.equal(searches().length, 1);
    assert.equal(searches()[0]?.query.subscriberId, SANDBOX_FIXTURES.notificationSubscriberId);

    // Show Notifications filters the Activity view to this subscriber (tested in activity.test.ts).
    await vscode.commands.executeCommand('novuExplorer.showSubscriberNotifications', row);
    assert.deepEqual(api.activity.filter, { subscriberIds: [SANDBOX_FIXTURES.notificationSubscriberId] });
    await api.activity.getChildren();
    const list = sandbox.requests.find((r) => r.path === '/v1/notifications');
    assert.deepEqual([list?.query['subscriberIds[]']].flat(), [SANDBOX_FIXTURES.notificationSubscriberId]);
    await api.activity.setFilter({});
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    api.subscribers.setFilter({});
  });
});
