/** Issue 6: the preferences panel against a fresh sandbox in real VS Code. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { PreferencesPanel } from '../../src/preferences/preferencesPanel';
import { proposedSchedule } from '../../src/preferences/preferencesModel';
import type { PreferencesPanelState } from '../../src/preferences/protocol';
import { SANDBOX_FIXTURES as F, type Sandbox } from '../../src/sandbox';
import { ScriptedPrompter, waitFor, connectFreshSandbox, disconnectSandbox } from './helpers';

type Loaded = Extract<PreferencesPanelState, { kind: 'loaded' }>;

async function loaded(panel: PreferencesPanel): Promise<Loaded> {
  const state = await waitFor(() => (panel.state.kind !== 'loading' ? panel.state : undefined), 'the preferences to load');
  assert.equal(state.kind, 'loaded', JSON.stringify(state).slice(0, 400));
  return state as Loaded;
}

async function settled(panel: PreferencesPanel): Promise<Loaded> {
  await waitFor(() => !panel.busy, 'the changes to be saved', 15_000);
  return loaded(panel);
}

describe('preferences panel', function () {
  let api: NovuExplorerApi;
  let sandbox: Sandbox;
  const subscriber = F.preferencesSubscriberId;
  const patches = () => sandbox.requests.filter((r) => r.method === 'PATCH');

  before(async () => {
    ({ api, sandbox } = await connectFreshSandbox('Preferences test'));
  });

  beforeEach(() => {
    sandbox.setFaults({});
    sandbox.clearRequests();
  });

  after(async () => {
    api.subscribers.setFilter({});
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await disconnectSandbox(api, sandbox);
  });

  async function open(id: string = subscriber): Promise<PreferencesPanel> {
    api.subscribers.setFilter({ subscriberId: id });
    const [row] = await api.subscribers.getChildren();
    await vscode.commands.executeCommand('novuExplorer.editPreferences', row);
    const panel = api.preferencesPanels.all.find((p) => p.subscriberId === id);
    assert.ok(panel);
    return panel;
  }

  it('loads the global and per-workflow preferences, critical workflows read-only [smoke]', async () => {
    const panel = await open();
    const state = await loaded(panel);
    const stored = sandbox.state.preferencesOf(subscriber, 'all')!;
    assert.deepEqual(state.model.global.channels.map((c) => c.channel).sort(), Object.keys(stored.global.channels).sort());
    assert.equal(state.model.workflows.length, stored.workflows.length);
    const critical = state.model.workflows.find((w) => w.identifier === F.criticalWorkflowIdentifier)!;
    assert.equal(critical.critical, true);
    assert.ok(critical.channels.every((c) => c.locked));
    assert.ok(state.model.global.schedule?.isEnabled, 'the fixture subscriber has a schedule');
    const gets = sandbox.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/preferences'));
    assert.deepEqual(gets.map((r) => r.query.criticality ?? 'default').sort(), ['critical', 'default']);
    // Opened from its row: the time zone comes with the record, with no request for it.
    assert.deepEqual(state.timeZone, { kind: 'set', zone: 'Europe/London' });
    const panelReads = (r: { method: string; path: string; query: Record<string, unknown> }) => r.method === 'GET' && r.path === '/v2/subscribers' && r.query.limit === '1';
    assert.equal(sandbox.requests.filter(panelReads).length, 0, 'the view found the row; the panel read no subscriber');
  });

  it("names the schedule's time zone when opened without the subscriber's record, reading it alongside", async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    sandbox.clearRequests();
    const panel = api.preferencesPanels.open(subscriber, api.manager.active!);
    const state = await loaded(panel);
    assert.deepEqual(state.timeZone, { kind: 'set', zone: 'Europe/London' });
    assert.equal(state.subscriberName, 'Sam Schedule', 'the name comes with it');
    const reads = sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/v2/subscribers');
    assert.deepEqual(reads.map((r) => [r.query.subscriberId, r.query.limit]), [[subscriber, '1']], 'one read of the subscriber, next to the two of the preferences');
    // A subscriber without a time zone: said so, and that the service does not say which one applies.
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const plain = sandbox.state.subscribers.find((s) => !s.timezone);
    assert.ok(plain, 'the sandbox has a subscriber without a time zone');
    const other = api.preferencesPanels.open(plain.subscriberId, api.manager.active!);
    assert.deepEqual((await loaded(other)).timeZone, { kind: 'none' });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('reveals the open panel instead of opening another', async () => {
    await open();
    assert.equal(api.preferencesPanels.all.length, 1);
  });

  it('saves a global toggle as one PATCH of that channel, with an idempotency key', async () => {
    const panel = await open();
    const before = (await loaded(panel)).model.global.channels.find((c) => c.channel === 'email')!.enabled;
    panel.setChannel('email', !before);
    const optimistic = panel.state as Loaded;
    const shown = optimistic.model.global.channels.find((c) => c.channel === 'email')!;
    assert.equal(shown.enabled, !before, 'shown at once');
    assert.equal(shown.saving, true, 'marked as saving');
    const after = await settled(panel);
    assert.equal(after.model.global.channels.find((c) => c.channel === 'email')!.saving, false);
    assert.equal(sandbox.state.preferencesOf(subscriber)!.global.channels.email, !before);
    assert.equal(patches().length, 1);
    assert.ok(patches()[0]!.idempotencyKey);
  });

  it('saves a workflow toggle with its workflowId', async () => {
    const panel = await open();
    await loaded(panel);
    panel.setChannel('in_app', false, F.workflowIdentifier);
    await settled(panel);
    const stored = sandbox.state.preferencesOf(subscriber)!.workflows.find((w) => w.workflow.identifier === F.workflowIdentifier)!;
    assert.equal(stored.channels.in_app, false);
    assert.equal(stored.overrides.find((o) => o.channel === 'in_app')?.source, 'subscriber');
  });

  it('saves an edited schedule as a whole, and refuses a bad one at its fields before any request', async () => {
    const panel = await open();
    await loaded(panel);
    const schedule = proposedSchedule();
    schedule.weeklySchedule!.monday = { isEnabled: true, hours: [{ start: '08:30 AM', end: '12:00 PM' }, { start: '01:00 PM', end: '06:00 PM' }] };
    panel.saveSchedule(schedule);
    await settled(panel);
    assert.deepEqual(sandbox.state.preferencesOf(subscriber)!.global.schedule?.weeklySchedule?.monday, schedule.weeklySchedule!.monday);

    sandbox.clearRequests();
    const bad = proposedSchedule();
    bad.weeklySchedule!.tuesday = { isEnabled: true, hours: [{ start: '09:00 AM', end: '01:00 PM' }, { start: '12:00 PM', end: '11:00 AM' }] };
    assert.throws(() => panel.saveSchedule(bad), /fields to fix/);
    const refused = (panel.state as Loaded).changeErrors.schedule!;
    assert.ok(refused.fieldErrors?.['weeklySchedule.tuesday.hours.1.end'], JSON.stringify(refused.fieldErrors));
    assert.equal(patches().length, 0);
  });

  it('refuses a critical workflow, and rolls back what the service refuses with its message', async () => {
    const panel = await open();
    await loaded(panel);
    panel.setChannel('email', false, F.criticalWorkflowIdentifier);
    assert.match((panel.state as Loaded).changeErrors[`workflow:${F.criticalWorkflowIdentifier}`]!.text, /critical/i, 'said at the card');
    assert.equal(patches().length, 0);

    const before = sandbox.state.preferencesOf(subscriber)!.workflows.find((w) => w.workflow.identifier === F.workflowIdentifier)!.channels.email;
    sandbox.setFaults({ rejectNext: { method: 'PATCH', pathSuffix: '/preferences', status: 400, message: `Critical workflow ${F.workflowIdentifier} preferences cannot be changed` } });
    panel.setChannel('email', !before, F.workflowIdentifier);
    const after = await settled(panel);
    const email = after.model.workflows.find((w) => w.id === F.workflowIdentifier)!.channels.find((c) => c.channel === 'email')!;
    assert.equal(email.enabled, before, 'rolled back');
    const refused = after.changeErrors[`workflow:${F.workflowIdentifier}`];
    assert.match(refused!.text, /Could not turn (on|off) Email for “.+”: Critical workflow .* cannot be changed\. \(HTTP 400\) The change was undone\./);
    assert.equal(after.changeErrors.global, undefined, 'only the card where the user acted');
    assert.equal(after.banner, undefined, 'a refused change is not a failure of the whole panel');

    // It stays until the next change on that card, and that change clears it.
    panel.setChannel('email', !before, F.workflowIdentifier);
    assert.equal((panel.state as Loaded).changeErrors[`workflow:${F.workflowIdentifier}`], undefined);
    const saved = await settled(panel);
    assert.equal(saved.changeErrors[`workflow:${F.workflowIdentifier}`], undefined);
  });

  it('a change that fails for the whole panel (rejected key, service unreachable) is said at the card and at the top', async () => {
    const panel = await open();
    await loaded(panel);
    const scope = `workflow:${F.workflowIdentifier}` as const;
    // In-app: on globally in every earlier test, so the per-workflow value is what the service reports
    // (a channel off globally stays off in every workflow).
    const current = () => sandbox.state.preferencesOf(subscriber)!.workflows.find((w) => w.workflow.identifier === F.workflowIdentifier)!.channels.in_app!;

    sandbox.setFaults({ respond: { status: 401, message: 'API Key not found' } });
    panel.setChannel('in_app', !current(), F.workflowIdentifier);
    let state = await settled(panel);
    assert.match(state.changeErrors[scope]!.text, /The API key was rejected: API Key not found/);
    assert.equal(state.banner?.title, 'The API key was rejected');
    assert.ok(state.banner?.actions.includes('setApiKey'));
    await vscode.commands.executeCommand('novuExplorer.refresh');

    sandbox.setFaults({ latencyMs: 2500 });
    await vscode.workspace.getConfiguration('novuExplorer').update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
    try {
      panel.setChannel('in_app', !current(), F.workflowIdentifier);
      state = await settled(panel);
      assert.match(state.changeErrors[scope]!.text, /Could not confirm .*did not answer within 1 s\. It may have been saved anyway; Refresh shows what the service holds\./);
      assert.equal(state.banner?.title, 'Could not reach the service');
    } finally {
      await vscode.workspace.getConfiguration('novuExplorer').update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    }

    // Once the service answers again, neither message stays to say something no longer true.
    sandbox.setFaults({});
    const before = current();
    panel.setChannel('in_app', !before, F.workflowIdentifier);
    state = await settled(panel);
    assert.equal(state.banner, undefined);
    assert.equal(state.changeErrors[scope], undefined);
    assert.equal(current(), !before);
  });

  it('shows a 422 of the service with its field messages, and keeps the old schedule', async () => {
    const panel = await open();
    const before = (await loaded(panel)).model.global.schedule;
    sandbox.setFaults({
      rejectNext: { method: 'PATCH', pathSuffix: '/preferences', status: 422, message: 'Validation Error', errors: { 'schedule.weeklySchedule.monday.hours.0.end': { messages: ['end must be within business hours'], value: '11:00 PM' } } },
    });
    const schedule = proposedSchedule();
    schedule.weeklySchedule!.monday = { isEnabled: true, hours: [{ start: '09:00 AM', end: '11:00 PM' }] };
    panel.saveSchedule(schedule);
    const after = await settled(panel);
    assert.deepEqual(after.model.global.schedule, before);
    assert.deepEqual(after.changeErrors.schedule?.fieldErrors, { 'weeklySchedule.monday.hours.0.end': ['end must be within business hours'] });
    assert.match(after.changeErrors.schedule!.text, /Validation Error/);
  });

  it('says so when the subscriber does not exist', async () => {
    api.setPrompter(new ScriptedPrompter([{ search: 'no-such-subscriber-42' }]));
    await vscode.commands.executeCommand('novuExplorer.editPreferences');
    api.setPrompter(undefined);
    const panel = api.preferencesPanels.all.find((p) => p.subscriberId === 'no-such-subscriber-42')!;
    const state = await waitFor(() => (panel.state.kind === 'error' ? panel.state : undefined), 'an error state');
    assert.equal(state.error.title, 'Subscriber not found');
    assert.deepEqual(state.error.actions, ['switchConnection', 'retry']);
  });

  it('falls back to reading through PATCH with an empty body on a server without GET', async () => {
    const lines: string[] = [];
    const listener = api.log.onDidWrite(({ line }) => lines.push(line));
    sandbox.setFaults({ withoutPreferencesGet: true });
    const panel = await open(F.notificationSubscriberId);
    const state = await loaded(panel);
    listener.dispose();
    assert.equal(state.readFallback, true);
    assert.ok(state.model.workflows.length > 0);
    const patch = patches()[0];
    assert.ok(patch, 'read with PATCH');
    assert.ok(lines.some((l) => /reading through PATCH with an empty body/.test(l)));
    assert.deepEqual(sandbox.state.preferencesOf(F.notificationSubscriberId), panel.serverPreferences, 'nothing changed by reading');
  });

  it('ends a rapid series of toggles agreeing with the service', async () => {
    sandbox.setFaults({ latencyMs: 60 });
    const panel = await open();
    await loaded(panel);
    const sequence: [string, boolean, string | undefined][] = [
      ['email', false, undefined], ['sms', true, undefined], ['email', true, undefined], ['email', false, F.workflowIdentifier],
      ['in_app', true, F.workflowIdentifier], ['email', true, F.workflowIdentifier], ['email', false, undefined], ['sms', false, undefined],
    ];
    for (const [channel, enabled, workflowId] of sequence) panel.setChannel(channel as 'email', enabled, workflowId);
    const final = await settled(panel);
    assert.equal(patches().length, sequence.length, 'one PATCH per toggle');
    const server = sandbox.state.preferencesOf(subscriber)!;
    assert.equal(server.global.channels.email, false);
    assert.equal(server.global.channels.sms, false);
    const wf = server.workflows.find((w) => w.workflow.identifier === F.workflowIdentifier)!;
    assert.equal(wf.channels.email, false, 'email is off globally, and the global preference wins');
    assert.equal(wf.channels.in_app, true);
    const card0 = final.model.workflows.find((w) => w.id === F.workflowIdentifier)!;
    assert.match(String(card0.channels.find((c) => c.channel === 'email')?.sourceLabel), /Off globally/);
    for (const toggle of final.model.global.channels) assert.equal(toggle.enabled, (server.global.channels as Record<string, boolean>)[toggle.channel], toggle.channel);
    const card = final.model.workflows.find((w) => w.id === F.workflowIdentifier)!;
    for (const toggle of card.channels) assert.equal(toggle.enabled, (wf.channels as Record<string, boolean>)[toggle.channel], `${F.workflowIdentifier}.${toggle.channel}`);
    assert.ok(final.model.global.channels.every((c) => !c.saving));
  });
});
