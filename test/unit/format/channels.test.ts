/** Channel names and order: one table for every screen. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CHANNEL_TYPES } from '../../../src/api/constants';
import { CHANNELS, channelLabel, compareChannels } from '../../../src/format/channels';

describe('channels', () => {
  it('names every channel of the contract, and an unknown one as the service named it', () => {
    assert.deepEqual(Object.keys(CHANNELS), [...CHANNEL_TYPES]);
    assert.equal(channelLabel('in_app'), 'In-app');
    assert.equal(channelLabel('sms'), 'SMS');
    assert.equal(channelLabel('carrier_pigeon'), 'carrier_pigeon');
  });

  it("sorts in the contract's order, then the extra groups, then the unknown by name", () => {
    assert.deepEqual(['push', 'zeta', 'email', 'in_app', 'alpha'].sort((a, b) => compareChannels(a, b)), ['in_app', 'email', 'push', 'alpha', 'zeta']);
    assert.deepEqual(['webhook', 'agent', 'chat', 'aardvark'].sort((a, b) => compareChannels(a, b, ['agent'])), ['chat', 'agent', 'aardvark', 'webhook']);
  });
});
