/** The preferences panel's pure parts: change → PATCH, optimistic view, critical and forced channels, schedules. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Preferences } from '../../../src/api';
import { applyChanges, buildPreferencesViewModel, changeToPatch, copyDayToOthers, proposedSchedule, type PreferenceChange } from '../../../src/preferences/preferencesModel';
import { validateSchedule } from '../../../src/api';
import { buildPreferences } from '../../fixtures/builders';

const time = (iso: string) => ({ local: iso, utc: iso });

describe('change → PATCH', () => {
  it('sends only what changed', () => {
    assert.deepEqual(changeToPatch({ id: '1', kind: 'channel', channel: 'email', enabled: false }), { channels: { email: false } });
    assert.deepEqual(changeToPatch({ id: '2', kind: 'channel', workflowId: 'order-shipped', channel: 'sms', enabled: true }), { channels: { sms: true }, workflowId: 'order-shipped' });
    const schedule = proposedSchedule();
    assert.deepEqual(changeToPatch({ id: '3', kind: 'schedule', schedule }), { schedule });
  });
});

describe('optimistic view', () => {
  const server: Preferences = buildPreferences({
    workflows: [
      { enabled: true, channels: { email: true, in_app: true }, overrides: [{ channel: 'email', source: 'template' }, { channel: 'in_app', source: 'workflowOverride' }], workflow: { slug: 'welcome', identifier: 'welcome', name: 'Welcome' } },
    ],
  });
  const critical = [{ enabled: true, channels: { email: true }, overrides: [], workflow: { slug: 'reset', identifier: 'reset', name: 'Password reset' } }];

  it('applies pending changes in order and marks them saving', () => {
    const pending: PreferenceChange[] = [
      { id: 'a', kind: 'channel', channel: 'email', enabled: false },
      { id: 'b', kind: 'channel', channel: 'email', enabled: true },
      { id: 'c', kind: 'channel', workflowId: 'welcome', channel: 'email', enabled: false },
    ];
    const model = buildPreferencesViewModel('u1', server, critical, pending, time);
    const globalEmail = model.global.channels.find((c) => c.channel === 'email')!;
    assert.equal(globalEmail.enabled, true, 'the last change wins');
    assert.equal(globalEmail.saving, true);
    const welcomeEmail = model.workflows[0]!.channels.find((c) => c.channel === 'email')!;
    assert.equal(welcomeEmail.enabled, false);
    assert.equal(welcomeEmail.source, 'subscriber', 'a change of the subscriber’s own makes the subscriber the source');
    assert.equal(model.global.channels.find((c) => c.channel === 'sms')!.saving, false);
    assert.deepEqual(applyChanges(server, []), server);
  });

  it('orders channels, locks forced channels and critical workflows with the reason', () => {
    const model = buildPreferencesViewModel('u1', server, critical, [], time);
    assert.deepEqual(model.global.channels.map((c) => c.channel), ['in_app', 'email', 'sms']);
    const inApp = model.workflows[0]!.channels.find((c) => c.channel === 'in_app')!;
    assert.equal(inApp.locked, true);
    assert.match(String(inApp.lockedReason), /workflow sets this channel/);
    assert.equal(inApp.sourceLabel, 'Forced by the workflow');
    const reset = model.workflows.find((w) => w.id === 'reset')!;
    assert.equal(reset.critical, true);
    assert.ok(reset.channels.every((c) => c.locked && /Critical workflow/.test(String(c.lockedReason))));
  });

  it('says when a channel is off globally, since the global preference wins', () => {
    const offGlobally = buildPreferences({ global: { enabled: true, channels: { email: false, in_app: true } }, workflows: server.workflows });
    const email = buildPreferencesViewModel('u1', offGlobally, [], [], time).workflows[0]!.channels.find((c) => c.channel === 'email')!;
    assert.match(String(email.sourceLabel), /Off globally/);
    assert.equal(email.locked, false, 'the workflow choice can still be set for when the channel is back on');
  });

  it('does not list a workflow twice when an older server ignores criticality', () => {
    const model = buildPreferencesViewModel('u1', server, server.workflows, [], time);
    assert.equal(model.workflows.length, 1);
    assert.equal(model.workflows[0]!.critical, false);
  });
});

describe('schedules', () => {
  it('proposes Monday to Friday, 09:00 AM to 05:00 PM, which the service accepts', () => {
    const schedule = proposedSchedule();
    assert.equal(schedule.isEnabled, true);
    assert.deepEqual(schedule.weeklySchedule?.monday, { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] });
    assert.equal(schedule.weeklySchedule?.saturday?.isEnabled, false);
    assert.deepEqual(validateSchedule(schedule), {});
  });

  it('copies a day to the other days without sharing its objects', () => {
    const base = proposedSchedule();
    base.weeklySchedule!.monday = { isEnabled: true, hours: [{ start: '08:00 AM', end: '12:00 PM' }, { start: '01:00 PM', end: '04:00 PM' }] };
    const copied = copyDayToOthers(base, 'monday');
    assert.deepEqual(copied.weeklySchedule?.sunday, base.weeklySchedule!.monday);
    copied.weeklySchedule!.sunday!.hours![0]!.start = '07:00 AM';
    assert.equal(base.weeklySchedule!.monday.hours![0]!.start, '08:00 AM');
    const some = copyDayToOthers(base, 'monday', ['tuesday']);
    assert.equal(some.weeklySchedule?.wednesday?.hours?.[0]?.start, '09:00 AM');
  });
});
