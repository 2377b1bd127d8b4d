/** The bridge's `novu-signature` (contract §9.2), against the vectors the real @novu/framework 2.13.2 accepted (REPORT §4). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { bridgeSignature as sandboxSignature } from '../../../src/sandbox/bridgeSigner';
import { BRIDGE_SIGNATURE_HEADER, bridgeBodyText, signBridge } from '../../../src/bridge/bridgeSignature';

const SECRET = 'sk_test_fixed';
const T = 1700000000000;

describe('bridge signature', () => {
  it('signs a GET over {}: the fixed vector', () => {
    assert.equal(signBridge(SECRET, {}, T), 't=1700000000000,v1=eb4059364ea9f22bd04cc8945b68c78f17976bebf5fb967dc4cb6be4652e0795');
    assert.equal(signBridge(SECRET, undefined, T), signBridge(SECRET, {}, T), 'no body is the {} the bridge reads');
    assert.equal(bridgeBodyText(undefined), '{}');
    assert.equal(BRIDGE_SIGNATURE_HEADER, 'novu-signature');
  });

  it('signs a preview body over its compact JSON, the same text that is sent', () => {
    const body = {
      workflowId: 'account-welcome', stepId: 'welcome-sms', action: 'preview', payload: { companyName: 'Acme' }, controls: {}, state: [],
      subscriber: { firstName: 'Ada' }, context: {}, env: { name: '', type: 'dev' },
    };
    const text = bridgeBodyText(body);
    assert.equal(
      text,
      '{"workflowId":"account-welcome","stepId":"welcome-sms","action":"preview","payload":{"companyName":"Acme"},"controls":{},"state":[],"subscriber":{"firstName":"Ada"},"context":{},"env":{"name":"","type":"dev"}}',
    );
    assert.equal(signBridge(SECRET, body, T), 't=1700000000000,v1=1524e45b34a276b2b8ac725c9809b9eaf6e5fc3cb037a6db974b3ad3c931e5a4');
    assert.equal(signBridge(SECRET, body, T).split('v1=')[1], createHmac('sha256', SECRET).update(`${T}.${text}`).digest('hex'));
  });

  it('writes whole milliseconds and lower-case hex, and another key gives another signature', () => {
    assert.match(signBridge(SECRET, {}, T + 0.7), /^t=1700000000000,v1=[0-9a-f]{64}$/);
    assert.notEqual(signBridge('sk_other', {}, T), signBridge(SECRET, {}, T));
    assert.ok(!signBridge(SECRET, { a: 'é ✓' }, T).includes(SECRET));
  });

  it('agrees with the sandbox\'s own signer, written apart as an independent check', () => {
    for (const body of [undefined, {}, { workflowId: 'w', payload: { name: 'Ada ✓' } }]) {
      assert.equal(signBridge(SECRET, body, T), sandboxSignature(SECRET, bridgeBodyText(body), T));
    }
  });
});
