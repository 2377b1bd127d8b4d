/** Issue 13: a self-hosted service over http:// on the local network is allowed (after a warning); on the internet it is not. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isLocalNetworkHost } from '../../../src/bridge/addressRule';
import { sendsKeyInClear, validateBaseUrl } from '../../../src/connections/connection';

describe('connection URLs', () => {
  it('knows the private network addresses a service in Docker on another machine has', () => {
    for (const host of ['10.0.0.5', '172.16.0.1', '172.31.255.254', '192.168.1.20', '169.254.10.1', '[fd00::2]', '[fe80::1]', 'novu', 'nas.local', 'box.lan', 'svc.internal', 'pi.home.arpa']) {
      assert.equal(isLocalNetworkHost(host), true, host);
    }
    for (const host of ['8.8.8.8', '172.32.0.1', '192.0.2.2', '193.168.1.1', '[2001:db8::1]', 'novu.example.com', 'api.novu.co']) {
      assert.equal(isLocalNetworkHost(host), false, host);
    }
  });

  it('accepts http:// for this machine and the local network, and refuses it on the internet', () => {
    assert.equal(validateBaseUrl('http://localhost:3000'), undefined);
    assert.equal(validateBaseUrl('http://192.168.1.20:3000/api'), undefined);
    assert.equal(validateBaseUrl('http://[fd00::2]:3000'), undefined);
    assert.equal(validateBaseUrl('http://app.localhost:3000'), undefined);
    assert.equal(validateBaseUrl('http://[::ffff:192.168.1.20]:3000'), undefined);
    assert.match(validateBaseUrl('http://novu.example.com') ?? '', /Use https:\/\/.*private network addresses only/);
    assert.equal(validateBaseUrl('https://novu.example.com'), undefined);
  });

  it('says when the key travels unencrypted: http:// to anything but this machine', () => {
    assert.equal(sendsKeyInClear('http://192.168.1.20:3000'), true);
    assert.equal(sendsKeyInClear('http://novu'), true);
    assert.equal(sendsKeyInClear('http://127.0.0.1:3000'), false);
    assert.equal(sendsKeyInClear('http://localhost'), false);
    // The one address rule (bridge/addressRule.ts): every form of this machine, not only 127.x and `localhost`.
    for (const local of ['http://127.0.0.2:3000', 'http://app.localhost:3000', 'http://[::ffff:127.0.0.1]:3000', 'http://0x7f.1:3000', 'http://0.0.0.0:3000', 'http://[::]:3000']) {
      assert.equal(sendsKeyInClear(local), false, local);
    }
    assert.equal(sendsKeyInClear('https://192.168.1.20'), false);
    assert.equal(sendsKeyInClear('not a url'), false);
  });
});
