/**
 * A panel's saved state read back after a window reload (src/panels/savedState.ts), with the real
 * schemas of the notification and preferences panels: what fits names the record and connection,
 * anything else (a missing, empty or oversized field, not an object) brings no panel back.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stateParser } from '../../../src/panels/savedState';
import { panelStateSchema } from '../../../src/notifications/panelState';
import { preferencesPanelStateSchema } from '../../../src/preferences/panelState';

describe('a panel’s saved state', () => {
  const notification = stateParser(panelStateSchema, (state) => state.notificationId);
  const preferences = stateParser(preferencesPanelStateSchema, (state) => state.subscriberId);

  it('names the record and the connection when it fits the schema', () => {
    assert.deepEqual(notification({ notificationId: 'n1', connectionId: 'c1' }), { id: 'n1', connectionId: 'c1' });
    assert.deepEqual(preferences({ subscriberId: 'ada@example.com', connectionId: 'c2', extra: true }), { id: 'ada@example.com', connectionId: 'c2' });
  });

  it('brings nothing back for a state that does not fit', () => {
    for (const state of [undefined, null, 'n1', {}, { notificationId: 'n1' }, { notificationId: '', connectionId: 'c1' }, { notificationId: 'n'.repeat(101), connectionId: 'c1' }, { notificationId: 1, connectionId: 'c1' }]) {
      assert.equal(notification(state), undefined, JSON.stringify(state));
    }
    assert.equal(preferences({ subscriberId: 'ada', connectionId: '' }), undefined);
    assert.equal(preferences({ notificationId: 'n1', connectionId: 'c1' }), undefined);
  });
});
