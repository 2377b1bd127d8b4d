import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_FIXTURES as F, type Preferences, type Sandbox, startSandbox } from '../../../src/sandbox';
import { type ErrorBody, call, get } from './helpers';

const path = (id: string, query = ''): string => `/v2/subscribers/${encodeURIComponent(id)}/preferences${query}`;

describe('subscriber preferences', () => {
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox();
  });
  after(() => sandbox.close());

  const read = async (id: string, query = ''): Promise<Preferences> => {
    const res = await get<{ data: Preferences }>(sandbox, path(id, query));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data;
  };
  const patch = (id: string, body: unknown) => call<{ data: Preferences } & ErrorBody>(sandbox, path(id), { method: 'PATCH', body });

  it('returns global and workflow preferences with the service shape', async () => {
    const prefs = await read(F.preferencesSubscriberId);
    assert.equal(prefs.global.enabled, true);
    assert.equal(prefs.global.channels.sms, false);
    assert.equal(prefs.global.schedule?.isEnabled, true);
    assert.deepEqual(prefs.global.schedule?.weeklySchedule?.monday, { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] });
    const welcome = prefs.workflows.find((w) => w.workflow.identifier === F.workflowIdentifier);
    assert.ok(welcome);
    assert.deepEqual(welcome.channels, { in_app: true, email: false });
    assert.deepEqual(welcome.overrides, [
      { channel: 'in_app', source: 'template' },
      { channel: 'email', source: 'subscriber' },
    ]);
    assert.ok(welcome.workflow.slug && welcome.workflow.name && welcome.workflow.updatedAt);
    assert.ok(welcome.updatedAt, 'set when the subscriber changed it');
    assert.ok(prefs.workflows.some((w) => Object.keys(w.channels).length < 5), 'channel objects list only the channels that apply');
    const forced = prefs.workflows.find((w) => w.workflow.identifier === F.forcedChannelWorkflowIdentifier);
    assert.deepEqual(forced?.overrides, [{ channel: 'email', source: 'workflowOverride' }]);
  });

  it('filters workflows by criticality', async () => {
    const nonCritical = await read(F.notificationSubscriberId);
    assert.ok(!nonCritical.workflows.some((w) => w.workflow.identifier === F.criticalWorkflowIdentifier));
    const critical = await read(F.notificationSubscriberId, '?criticality=critical');
    assert.deepEqual(critical.workflows.map((w) => w.workflow.identifier), [F.criticalWorkflowIdentifier]);
    const all = await read(F.notificationSubscriberId, '?criticality=all');
    assert.equal(all.workflows.length, nonCritical.workflows.length + critical.workflows.length);
    assert.equal((await get(sandbox, path(F.notificationSubscriberId, '?criticality=some'))).status, 422);
  });

  it('answers 404 for an unknown subscriber on GET and PATCH', async () => {
    const res = await get<ErrorBody>(sandbox, path('nobody-here'));
    assert.equal(res.status, 404);
    assert.match(String(res.body.message), /nobody-here/);
    assert.equal((await patch('nobody-here', { channels: { email: false } })).status, 404);
  });

  it('returns the preferences unchanged for an empty PATCH body', async () => {
    const before = await read(F.preferencesSubscriberId);
    const res = await patch(F.preferencesSubscriberId, {});
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, before);
  });

  it('changes only the global channel keys given', async () => {
    const res = await patch(F.unicodeSubscriberId, { channels: { email: false } });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.global.channels.email, false);
    assert.equal(res.body.data.global.channels.in_app, true);
    assert.equal(res.body.data.global.channels.sms, true);
    assert.deepEqual((await read(F.unicodeSubscriberId)).global, res.body.data.global);
  });

  it('updates one workflow found by _id, identifier or slug', async () => {
    const wf = sandbox.state.workflows.find((w) => w.identifier === 'order-shipped');
    assert.ok(wf);
    for (const [ref, value] of [[wf._id, false], [wf.identifier, true], [wf.slug, false]] as const) {
      const res = await patch(F.htmlNameSubscriberId, { workflowId: ref, channels: { sms: value } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const entry = res.body.data.workflows.find((w) => w.workflow.identifier === 'order-shipped');
      assert.equal(entry?.channels.sms, value);
      assert.equal(entry?.channels.email, true, 'other channels untouched');
      assert.deepEqual(entry?.overrides.find((o) => o.channel === 'sms'), { channel: 'sms', source: 'subscriber' });
    }
    const stored = sandbox.state.preferencesOf(F.htmlNameSubscriberId);
    assert.equal(stored?.workflows.find((w) => w.workflow.identifier === 'order-shipped')?.channels.sms, false);
  });

  it('answers 404 "Workflow cannot be found" for an unknown workflow', async () => {
    const res = await patch(F.htmlNameSubscriberId, { workflowId: 'no-such-workflow', channels: { email: true } });
    assert.equal(res.status, 404);
    assert.equal(res.body.message, 'Workflow cannot be found');
  });

  it('answers 400 for a critical workflow', async () => {
    const res = await patch(F.htmlNameSubscriberId, { workflowId: F.criticalWorkflowIdentifier, channels: { email: false } });
    assert.equal(res.status, 400);
    const byId = await patch(F.htmlNameSubscriberId, { workflowId: F.criticalWorkflowId, channels: { sms: false } });
    assert.equal(byId.status, 400);
  });

  const invalidBodies: [string, unknown][] = [
    ['a non-boolean channel value', { channels: { email: 'yes' } }],
    ['an unknown channel key', { channels: { fax: true } }],
    ['a 24-hour time', { schedule: { isEnabled: true, weeklySchedule: { monday: { isEnabled: true, hours: [{ start: '13:00', end: '17:00' }] } } } }],
    ['an hour 13 PM', { schedule: { isEnabled: true, weeklySchedule: { monday: { isEnabled: true, hours: [{ start: '13:00 PM', end: '05:00 PM' }] } } } }],
    ['an enabled schedule with an empty week', { schedule: { isEnabled: true, weeklySchedule: {} } }],
    ['an unknown day name', { schedule: { isEnabled: true, weeklySchedule: { funday: { isEnabled: true } } } }],
    ['a missing isEnabled', { schedule: { weeklySchedule: { monday: { isEnabled: true } } } }],
    ['a non-object body', ['channels']],
  ];
  for (const [name, body] of invalidBodies) {
    it(`answers 422 for ${name}`, async () => {
      const res = await patch(F.noNameSubscriberId, body);
      assert.equal(res.status, 422, JSON.stringify(res.body));
      assert.ok(res.body.errors && Object.keys(res.body.errors).length > 0);
    });
  }

  it('stores a valid schedule, without checking that start is before end', async () => {
    const schedule = {
      isEnabled: true,
      weeklySchedule: {
        monday: { isEnabled: true, hours: [{ start: '9:30am', end: '08:00 AM' }] },
        sunday: { isEnabled: false, hours: [] },
      },
    };
    const res = await patch(F.noNameSubscriberId, { schedule });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data.global.schedule, schedule);
    assert.deepEqual((await read(F.noNameSubscriberId)).global.schedule, schedule);
    const off = await patch(F.noNameSubscriberId, { schedule: { isEnabled: false } });
    assert.equal(off.status, 200);
    assert.deepEqual(off.body.data.global.schedule, { isEnabled: false });
  });
});
