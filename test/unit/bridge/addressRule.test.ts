/** The one address rule: each class of host, odd forms, the trust prompt's decision, and the sync's words (§9.5). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { asksBeforeSigning, classifyHost, classifyHostname, isLocalNetworkHost, isThisMachine, type HostClass } from '../../../src/bridge/addressRule';
import { syncUrlProblem } from '../../../src/bridge/syncUrl';

function expectAll(kind: HostClass, urls: string[]) {
  for (const url of urls) assert.equal(classifyHost(url), kind, url);
}

describe('bridge URL guard: classifyHost', () => {
  it('loopback: names, 127/8, 0.0.0.0, ::1 and ::', () => {
    expectAll('loopback', [
      'http://localhost:4000/api/novu',
      'http://LOCALHOST./api/novu',
      'http://app.localhost:3000/api/novu',
      'https://localhost.localdomain/',
      'http://127.0.0.1:4000/api/novu',
      'http://127.255.1.2/',
      'http://0.0.0.0:4000/',
      'http://0/',
      'http://[::1]:4000/api/novu',
      'http://[0:0:0:0:0:0:0:1]/',
      'http://[::]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[64:ff9b::127.0.0.1]/',
      'http://[2002:7f00:1::]/',
    ]);
  });

  it('loopback in the forms the URL parser normalises', () => {
    expectAll('loopback', ['http://2130706433/', 'http://0x7f.1/', 'http://0177.0.0.1/', 'http://127.1/', 'http://0x7f000001/', 'http://%31%32%37.0.0.1/', 'http://①②⑦.0.0.1/']);
  });

  it('private: 10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7, and local names', () => {
    expectAll('private', [
      'http://10.0.0.5:4000/',
      'http://10.255.255.255/',
      'http://172.16.0.1/',
      'http://172.31.255.254/',
      'http://192.168.1.20:4000/api/novu',
      'http://100.64.0.1/',
      'http://100.127.255.255/',
      'http://167772161/', // 10.0.0.1
      'http://0xc0.0xa8.1.1/', // 192.168.1.1
      'http://[fc00::1]/',
      'http://[fd12:3456:789a::1]/',
      'http://[::ffff:10.0.0.1]/',
      'http://[::ffff:c0a8:101]/',
      'http://devbox:4000/api/novu',
      'http://printer.local/',
      'http://host.docker.internal:4000/api/novu',
      'http://nas.home.arpa/',
    ]);
  });

  it('link-local: 169.254/16 and fe80::/10', () => {
    expectAll('linkLocal', ['http://169.254.1.1/', 'http://169.254.0.0/', 'http://[fe80::1]/', 'http://[febf::1]/', 'http://[::ffff:169.254.3.4]/']);
  });

  it('metadata: the clouds’ addresses and names, over IPv4 and IPv6, mapped and odd forms included', () => {
    expectAll('metadata', [
      'http://169.254.169.254/latest/meta-data/',
      'http://2852039166/', // 169.254.169.254
      'http://0xa9.0xfe.0xa9.0xfe/',
      'http://[::ffff:169.254.169.254]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[fd00:ec2::254]/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://METADATA.GOOGLE.INTERNAL./',
      'http://100.100.100.200/',
    ]);
  });

  it('public: tunnels, deployed apps, public addresses and the ranges’ neighbours', () => {
    expectAll('public', [
      'https://abc123.ngrok.app/api/novu',
      'https://novu-bridge.example.com/api/novu',
      'https://my-app.vercel.app/api/novu',
      'http://8.8.8.8/',
      'http://172.15.255.255/',
      'http://172.32.0.1/',
      'http://100.63.255.255/',
      'http://100.128.0.1/',
      'http://192.169.0.1/',
      'http://169.255.0.1/',
      'http://[2001:4860:4860::8888]/',
      'http://[::ffff:8.8.8.8]/',
      'http://[2a00::1]/',
    ]);
  });

  it('invalid: no URL, no host', () => {
    expectAll('invalid', ['', '   ', 'not a url', 'localhost:4000', '/api/novu', 'http://', 'http://[::1/', 'mailto:someone@example.com', 'file:///etc/passwd']);
  });
});

describe('bridge URL guard: syncUrlProblem', () => {
  it('a public http(s) URL has no problem', () => {
    assert.equal(syncUrlProblem('https://abc123.ngrok.app/api/novu'), undefined);
    assert.equal(syncUrlProblem('http://novu-bridge.example.com/api/novu'), undefined);
    assert.equal(syncUrlProblem('  https://abc123.ngrok.app/api/novu  '), undefined);
  });

  it('says which guard refuses it, with the host', () => {
    assert.equal(
      syncUrlProblem('http://localhost:4000/api/novu'),
      'The service refuses addresses on this machine (localhost): use a public tunnel URL, such as the one `npx novu dev` prints.',
    );
    assert.equal(
      syncUrlProblem('http://2130706433:4000/api/novu'),
      'The service refuses addresses on this machine (127.0.0.1): use a public tunnel URL, such as the one `npx novu dev` prints.',
    );
    assert.equal(syncUrlProblem('http://[::1]:4000/'), 'The service refuses addresses on this machine ([::1]): use a public tunnel URL, such as the one `npx novu dev` prints.');
    assert.equal(
      syncUrlProblem('http://192.168.1.20:4000/api/novu'),
      'The service refuses private-network addresses (192.168.1.20): use a public tunnel URL, such as the one `npx novu dev` prints.',
    );
    assert.equal(syncUrlProblem('http://[fe80::1]/'), 'The service refuses link-local addresses ([fe80::1]): use a public tunnel URL, such as the one `npx novu dev` prints.');
    assert.equal(syncUrlProblem('http://169.254.169.254/'), "The service refuses cloud metadata addresses (169.254.169.254): use your app's public URL.");
  });

  it('not http(s), credentials, or not a URL', () => {
    assert.equal(syncUrlProblem('ftp://abc123.ngrok.app/'), 'The bridge URL must start with https:// or http://.');
    assert.equal(syncUrlProblem('ws://abc123.ngrok.app/'), 'The bridge URL must start with https:// or http://.');
    assert.equal(
      syncUrlProblem('https://user:secret@abc123.ngrok.app/api/novu'),
      'The bridge URL must not carry a user name or password: the service signs its requests with the secret key instead.',
    );
    assert.match(syncUrlProblem('https://user@abc123.ngrok.app/') ?? '', /user name or password/);
    assert.match(syncUrlProblem('abc123.ngrok.app/api/novu') ?? '', /^This is not a URL/);
    assert.match(syncUrlProblem('') ?? '', /^Enter the public URL/);
  });
});

describe('the address rule for hostnames, this machine, and the trust prompt', () => {
  it('reads a URL\'s hostname the same as its URL, brackets or not', () => {
    for (const url of ['http://127.0.0.2/', 'http://app.localhost/', 'http://[::1]/', 'http://[::ffff:10.0.0.1]/', 'http://169.254.169.254/', 'http://[fe80::1]/', 'https://api.novu.co/', 'http://nas.local/']) {
      const hostname = new URL(url).hostname;
      assert.equal(classifyHostname(hostname), classifyHost(url), url);
    }
    assert.equal(classifyHostname('::1'), 'loopback');
    assert.equal(classifyHostname(''), 'invalid');
  });

  it('this machine: every loopback form, never a private or public host', () => {
    for (const url of ['http://localhost:4000/api/novu', 'http://127.0.0.2:4000/', 'http://app.localhost:4000/', 'http://[::1]/', 'http://[::]/', 'http://[::ffff:127.0.0.1]/', 'http://0.0.0.0/', 'http://2130706433/']) {
      assert.equal(isThisMachine(url), true, url);
    }
    for (const url of ['http://192.168.1.2/', 'http://169.254.169.254/', 'https://example.ngrok.app/api/novu', 'not a url']) assert.equal(isThisMachine(url), false, url);
  });

  it('a local network: private, link-local and metadata hosts, never this machine or the Internet', () => {
    for (const host of ['10.0.0.5', '172.16.0.1', '192.168.1.20', '100.64.0.1', '169.254.10.1', '169.254.169.254', '[fd00::2]', '[fe80::1]', '[::ffff:192.168.0.1]', 'novu', 'nas.local', 'box.lan', 'svc.internal', 'pi.home.arpa']) {
      assert.equal(isLocalNetworkHost(host), true, host);
    }
    for (const host of ['localhost', '127.0.0.1', '[::1]', '8.8.8.8', '172.32.0.1', '192.0.2.2', '[2001:db8::1]', 'novu.example.com']) assert.equal(isLocalNetworkHost(host), false, host);
  });

  it('asks before signing for a bridge off this machine, once per origin; never for this machine in any form', () => {
    for (const url of ['http://localhost:4000/api/novu', 'http://127.0.0.2:4000/api/novu', 'http://app.localhost:4000/api/novu', 'http://[::1]:4000/api/novu', 'http://[::ffff:127.0.0.1]:4000/api/novu']) {
      assert.equal(asksBeforeSigning(url, []), false, url);
    }
    assert.equal(asksBeforeSigning('http://192.168.1.20:4000/api/novu', []), true);
    assert.equal(asksBeforeSigning('https://example.ngrok.app/api/novu', []), true);
    assert.equal(asksBeforeSigning('https://example.ngrok.app/api/novu', ['https://example.ngrok.app']), false);
    assert.equal(asksBeforeSigning('https://example.ngrok.app:8443/api/novu', ['https://example.ngrok.app']), true, 'another origin');
  });
});
