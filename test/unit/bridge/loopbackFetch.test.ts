/**
 * loopbackFetch (issue 51, C2): the Test Explorer's bridge client asks an app on this machine over
 * Node's http with kept-alive connections. Over real HTTP against the stand-in for the user's app
 * (fakeBridge.ts): every answer reads as it does through fetch, the request on the wire is the
 * same, connections are kept, and refusals, timeouts and aborts are said as before.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, Socket, type AddressInfo } from 'node:net';
import { isAbortError } from '../../../src/api';
import { BridgeClient } from '../../../src/bridge/bridgeClient';
import { isLoopback, loopbackFetch } from '../../../src/bridge/loopbackFetch';
import { startTestServer, type Handler, type TestServer } from '../../fixtures/testServer';
import * as answers from '../preview/bridgeAnswers';
import { expressNotFound, fakeBridge, send } from '../preview/fakeBridge';

const SECRET = 'sk_test_fixed';
const servers: TestServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function serve(handler: Handler): Promise<{ server: TestServer; bridge: string }> {
  const server = await startTestServer(handler);
  servers.push(server);
  return { server, bridge: `${server.url}/api/novu` };
}

const viaFetch = new BridgeClient();
const viaLoopback = new BridgeClient({ fetch: loopbackFetch() });

describe('loopbackFetch', () => {
  it('takes http URLs of this machine only', () => {
    for (const url of ['http://localhost:4000/api/novu', 'http://127.0.0.1:4000/', 'http://127.1.2.3/', 'http://[::1]:4000/']) assert.ok(isLoopback(new URL(url)), url);
    for (const url of ['https://localhost:4000/', 'http://example.com/', 'http://10.0.0.2/', 'http://localhost.example.com/', 'http://127.0.0.1.nip.io/']) assert.ok(!isLoopback(new URL(url)), url);
  });

  it('reads every answer as fetch does, and sends the same request', async () => {
    const { server, bridge } = await serve(fakeBridge({ secret: SECRET, previews: { 'account-welcome/welcome-sms': { status: 200, body: answers.welcomeSms } } }));
    const request = { workflowId: 'account-welcome', stepId: 'welcome-sms', payload: { companyName: 'Acme' }, subscriber: { firstName: 'Ada' } };
    for (const client of [viaFetch, viaLoopback]) {
      assert.equal((await client.discover(bridge, SECRET)).kind, 'discovered');
      assert.equal((await client.previewStep(bridge, SECRET, request)).kind, 'rendered');
    }
    assert.deepEqual(await viaLoopback.discover(bridge, SECRET), await viaFetch.discover(bridge, SECRET));
    assert.deepEqual(await viaLoopback.previewStep(bridge, SECRET, request), await viaFetch.previewStep(bridge, SECRET, request));
    assert.deepEqual(await viaLoopback.discover(bridge, 'sk_test_other'), await viaFetch.discover(bridge, 'sk_test_other'));
    const [fetched, looped] = [server.requests[1]!, server.requests[3]!];
    assert.equal(looped.body, fetched.body);
    assert.equal(looped.url, fetched.url);
    for (const name of ['content-type', 'content-length', 'accept', 'host']) assert.equal(looped.headers[name], fetched.headers[name], name);
    assert.match(String(looped.headers['novu-signature']), /^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('reads a 404 page, a 204 and a redirect elsewhere as fetch does', async () => {
    const { bridge } = await serve((request, response) => {
      if (request.url.includes('action=health-check')) return send(response, expressNotFound('GET', '/api/novu'));
      if (request.url.includes('action=discover')) return void response.writeHead(204).end();
      response.writeHead(302, { location: 'http://example.com/elsewhere' }).end();
    });
    assert.deepEqual(await viaLoopback.healthCheck(bridge), await viaFetch.healthCheck(bridge));
    assert.deepEqual(await viaLoopback.discover(bridge, SECRET), await viaFetch.discover(bridge, SECRET));
    assert.deepEqual(await viaLoopback.stepCode(bridge, SECRET, 'w', 's'), await viaFetch.stepCode(bridge, SECRET, 'w', 's'));
  });

  it('keeps its connections: many requests, few connections', async () => {
    const { bridge } = await serve(fakeBridge({ secret: SECRET }));
    const port = Number(new URL(bridge).port);
    // A counting front for the stand-in: each connection it accepts is piped to it.
    let connections = 0;
    const sockets = new Set<Socket>();
    const front = createServer((socket) => {
      connections++;
      sockets.add(socket);
      const upstream = new Socket();
      upstream.connect(port, '127.0.0.1');
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(front.address() as AddressInfo).port}/api/novu`;
      for (let i = 0; i < 20; i++) assert.equal((await viaLoopback.discover(url, SECRET)).kind, 'discovered');
      assert.equal(connections, 1, 'one connection for 20 requests one after the other');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => front.close(() => resolve()));
    }
  });

  it('says a refused connection, a timeout and an abort as before', async () => {
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as AddressInfo).port;
    await new Promise<void>((resolve) => free.close(() => resolve()));
    const refused = `http://127.0.0.1:${port}/api/novu`;
    assert.deepEqual(await viaLoopback.discover(refused, SECRET), await viaFetch.discover(refused, SECRET));
    assert.equal((await viaLoopback.discover(refused, SECRET) as { cause?: string }).cause, 'ECONNREFUSED');

    const { bridge } = await serve(() => undefined);
    const quick = new BridgeClient({ timeoutMs: 150, fetch: loopbackFetch() });
    assert.deepEqual(await quick.previewStep(bridge, SECRET, { workflowId: 'w', stepId: 's' }), { kind: 'unreachable', cause: 'timeout', detail: '', timeoutMs: 150 });
    const during = new AbortController();
    const pending = viaLoopback.previewStep(bridge, SECRET, { workflowId: 'w', stepId: 's' }, during.signal);
    setTimeout(() => during.abort(), 50);
    await assert.rejects(pending, (e: unknown) => isAbortError(e));
  });
});
