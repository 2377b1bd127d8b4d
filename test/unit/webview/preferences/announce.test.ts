/** What screen readers hear as preference changes move on. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { preferenceAnnouncements } from '../../../../webview/preferences/announce';
import type { ChannelToggle, PreferencesPanelState } from '../../../../src/preferences/protocol';

type Loaded = Extract<PreferencesPanelState, { kind: 'loaded' }>;

const toggle = (channel: string, enabled: boolean, saving = false): ChannelToggle => ({ channel, label: channel === 'email' ? 'Email' : 'SMS', enabled, saving, locked: false });

function state(global: ChannelToggle[], workflow: ChannelToggle[] = [], extra: Partial<Loaded> = {}, scheduleSaving = false): Loaded {
  return {
    kind: 'loaded',
    subscriberId: 'ada',
    connectionName: 'Sandbox',
    readFallback: false,
    changeErrors: {},
    model: {
      global: { enabled: true, channels: global, scheduleSaving },
      workflows: [{ id: 'welcome', name: 'Welcome', identifier: 'welcome', enabled: true, critical: false, channels: workflow }],
    },
    ...extra,
  } as unknown as Loaded;
}

describe('preference announcements', () => {
  it('says saving, then saved with the new value and where', () => {
    const idle = state([toggle('email', true)], [toggle('sms', true)]);
    const saving = state([toggle('email', false, true)], [toggle('sms', true)]);
    const saved = state([toggle('email', false)], [toggle('sms', true)]);
    assert.deepEqual(preferenceAnnouncements(undefined, idle), [], 'nothing on the first load');
    assert.deepEqual(preferenceAnnouncements(idle, saving), ['Saving Email globally…']);
    assert.deepEqual(preferenceAnnouncements(saving, saved), ['Saved: Email off globally.']);
    const wfSaving = state([toggle('email', true)], [toggle('sms', false, true)]);
    assert.deepEqual(preferenceAnnouncements(idle, wfSaving), ['Saving SMS for Welcome…']);
    assert.deepEqual(preferenceAnnouncements(wfSaving, idle), ['Saved: SMS on for Welcome.']);
  });

  it('leaves a refused change to its own alert, and says a saved schedule', () => {
    const saving = state([toggle('email', false, true)]);
    const refused = state([toggle('email', true)], [], { changeErrors: { global: { text: 'Could not turn off Email globally: no. The change was undone.', details: [] } } });
    assert.deepEqual(preferenceAnnouncements(saving, refused), []);
    assert.deepEqual(preferenceAnnouncements(state([], [], {}, true), state([], [], {}, false)), ['Saved: the weekly schedule.']);
    assert.deepEqual(preferenceAnnouncements(state([toggle('email', true)]), state([toggle('email', true)])), [], 'nothing moved, nothing said');
  });
});
