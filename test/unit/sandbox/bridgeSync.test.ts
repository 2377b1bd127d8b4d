// The sandbox's drift and sync (contract §9.5): diff of the code workflows as last synced, validate
// (an unsigned health-check), sync (a signed discover, then created, updated and deleted code
// workflows and the bridge URL kept), the dashboard-identifier clash, and the address guard the
// cloud service has (`refuseLocalBridgeUrls`). The bridge is a small local server that checks the
// signature as the framework does.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_FIXTURES as F, startSandbox, type Sandbox } from '../../../src/sandbox';
import { isLocalBridgeUrl } from '../../../src/sandbox/bridgeSync';
import { type ErrorBody, call, get } from './helpers';

const BRIDGE_KEY = 'bridge-sync-key';

/** What the test bridge's discover lists: a changed seeded workflow, an unchanged one, a new one (and not billing-receipt). */
const DISCOVERED = [
  {
    workflowId: 'order-shipped',
    name: 'Order shipped (v2)',
    description: 'Tells the customer their order left',
    tags: ['orders'],
    severity: 'high',
    preferences: { all: { enabled: true, readOnly: false }, channels: { email: { enabled: true }, in_app: { enabled: false } } },
    payload: { schema: { type: 'object', properties: { orderId: { type: 'string' }, eta: { type: 'string', format: 'date' } }, required: ['orderId', 'eta'], additionalProperties: false } },
    controls: { schema: {} },
    code: 'workflow(…)',
    steps: [
      { stepId: 'digest-orders', type: 'digest', controls: { schema: {} }, outputs: { schema: {} }, results: { schema: {} }, options: {}, providers: [], code: '' },
      { stepId: 'shipped-email', type: 'email', controls: { schema: { type: 'object', properties: { subject: { type: 'string', default: 'Shipped' } } } }, outputs: { schema: {} }, results: { schema: {} }, options: {}, providers: [], code: '' },
      { stepId: 'shipped-inbox', type: 'in_app', controls: { schema: {} }, outputs: { schema: {} }, results: { schema: {} }, options: {}, providers: [], code: '' },
    ],
  },
  {
    workflowId: 'invoice-paid',
    name: 'Invoice paid',
    tags: ['billing', 'code'],
    // zod 4: the schema is not visible, so the sandbox keeps none.
    payload: { schema: { $schema: 'http://json-schema.org/draft-07/schema#' } },
    controls: { schema: {} },
    steps: [{ stepId: 'paid-email', type: 'email', controls: { schema: {} } }],
  },
  {
    workflowId: 'team-invite',
    tags: ['team'],
    payload: { schema: { type: 'object', properties: { teamName: { type: 'string' }, inviteUrl: { type: 'string' } }, required: ['teamName'] } },
    controls: { schema: {} },
    steps: [
      { stepId: 'invite-email', type: 'email', controls: { schema: {} } },
      { stepId: 'invite-sms', type: 'sms', controls: { schema: {} } },
    ],
  },
];

interface Diff {
  data: { current: { workflows: Record<string, unknown>[]; bridgeUrl: string }; new: unknown };
}

describe('sandbox: bridge diff, validate and sync', () => {
  let bridge: Server;
  let bridgeUrl: string;
  let closedUrl: string;
  /** For each request the bridge got: its action and whether it carried a valid signature (undefined: none). */
  const seen: { action: string; signed: boolean | undefined }[] = [];
  const sandboxes: Sandbox[] = [];
  const start = async (options: Parameters<typeof startSandbox>[0]) => {
    const sandbox = await startSandbox(options);
    sandboxes.push(sandbox);
    return sandbox;
  };

  before(async () => {
    bridge = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://bridge');
      const action = url.searchParams.get('action') ?? 'health-check';
      const header = req.headers['novu-signature'];
      let signed: boolean | undefined;
      if (typeof header === 'string') {
        const [t, v1] = header.split(',').map((p) => p.split('=')[1]);
        signed = createHmac('sha256', BRIDGE_KEY).update(`${t}.{}`).digest('hex') === v1 && Math.abs(Date.now() - Number(t)) < 5 * 60_000;
      }
      seen.push({ action, signed });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
        res.end(JSON.stringify(body));
      };
      if (url.pathname === '/not-a-bridge') {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<h1>Not found</h1>');
        return;
      }
      if (action === 'health-check') {
        send(200, { status: 'ok', sdkVersion: '2.13.2', frameworkVersion: '2.13.2', discovered: { workflows: 3, steps: 6 } });
        return;
      }
      if (action === 'discover') {
        if (signed === undefined) return send(401, { message: 'Signature not found', data: {}, code: 'SignatureNotFoundError' });
        if (!signed) return send(401, { message: 'Signature mismatch', data: {}, code: 'SignatureMismatchError' });
        const workflows = url.pathname === '/clash' ? [...DISCOVERED, { workflowId: F.workflowIdentifier, steps: [], payload: { schema: {} }, controls: { schema: {} } }] : DISCOVERED;
        return send(200, { workflows, agents: [] });
      }
      send(400, { message: 'Invalid action', data: {}, code: 'InvalidActionError' });
    });
    await new Promise<void>((r) => bridge.listen(0, '127.0.0.1', r));
    bridgeUrl = `http://127.0.0.1:${(bridge.address() as AddressInfo).port}/api/novu`;
    // A port nothing listens on.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    closedUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/api/novu`;
    await new Promise((r) => probe.close(r));
  });
  after(async () => {
    for (const sandbox of sandboxes) await sandbox.close();
    await new Promise((r) => bridge.close(r));
  });

  describe('diff', () => {
    it('answers 400 "Bridge URL not found" when the environment was never synced', async () => {
      const sandbox = await start({ apiKey: BRIDGE_KEY });
      const res = await call<ErrorBody>(sandbox, '/v1/bridge/diff', { method: 'POST', body: { bridgeUrl, workflows: [] } });
      assert.equal(res.status, 400);
      assert.equal(res.body.message, 'Bridge URL not found');
    });

    it('lists the code workflows as last synced, in discover’s shape, beside the body as sent', async () => {
      const sandbox = await start({ apiKey: BRIDGE_KEY, bridgeUrl });
      const body = { bridgeUrl: 'https://tunnel.example/api/novu', workflows: [{ workflowId: 'x', steps: [] }] };
      const res = await call<Diff>(sandbox, '/v1/bridge/diff', { method: 'POST', body });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data.new, body);
      assert.equal(res.body.data.current.bridgeUrl, bridgeUrl);
      const current = res.body.data.current.workflows;
      assert.deepEqual(
        current.map((w) => w['workflowId']),
        ['order-shipped', F.forcedChannelWorkflowIdentifier, 'invoice-paid'],
      );
      const order = current[0]!;
      assert.equal(order['name'], 'Order shipped');
      assert.equal(order['origin'], 'external');
      assert.deepEqual(order['controls'], { schema: {} });
      assert.deepEqual(
        (order['steps'] as { stepId: string; type: string; controls: { schema: unknown } }[]).map((s) => [s.stepId, s.type]),
        [['in-app-step', 'in_app'], ['email-step', 'email'], ['sms-step', 'sms'], ['push-step', 'push'], ['chat-step', 'chat']],
      );
      const orderSchema = (order['payload'] as { schema: { properties: Record<string, unknown>; required: string[] } }).schema;
      assert.deepEqual(Object.keys(orderSchema.properties), ['orderId', 'carrier', 'trackingUrl']);
      assert.deepEqual(orderSchema.required, ['orderId']);
      // The code's own schema, as §8.2 shows it.
      const detail = await get<{ data: { payloadSchema: unknown } }>(sandbox, '/v2/workflows/invoice-paid');
      assert.deepEqual((current[2]!['payload'] as { schema: unknown }).schema, detail.body.data.payloadSchema);
    });

    it('answers 422 without a bridgeUrl', async () => {
      const sandbox = await start({ apiKey: BRIDGE_KEY, bridgeUrl });
      const res = await call<ErrorBody>(sandbox, '/v1/bridge/diff', { method: 'POST', body: { workflows: [] } });
      assert.equal(res.status, 422);
      assert.deepEqual(res.body.errors?.['bridgeUrl']?.messages, ['bridgeUrl must be a URL address']);
    });

    it('takes the API key like every route', async () => {
      const sandbox = await start({ apiKey: BRIDGE_KEY, bridgeUrl });
      const res = await call<ErrorBody>(sandbox, '/v1/bridge/diff', { method: 'POST', body: { bridgeUrl, workflows: [] }, auth: false });
      assert.equal(res.status, 401);
    });
  });

  describe('validate', () => {
    it('is valid when an unsigned health-check answers status ok; not for a closed port or a non-bridge', async () => {
      const sandbox = await start({ apiKey: BRIDGE_KEY });
      seen.length = 0;
      const good = await call<{ data: { isValid: boolean; error?: string } }>(sandbox, '/v1/bridge/validate', { method: 'POST', body: { bridgeUrl } });
      assert.equal(good.status, 200);
      assert.deepEqual(good.body.data, { isValid: true });
      assert.deepEqual(seen, [{ action: 'health-check', signed: undefined }]);
      const closed = await call<{ data: { isValid: boolean; error?: string } }>(sandbox, '/v1/bridge/validate', { method: 'POST', body: { bridgeUrl: closedUrl } });
      assert.equal(closed.status, 200);
      assert.equal(closed.body.data.isValid, false);
      assert.equal(typeof closed.body.data.error, 'string');
      const notBridge = await call<{ data: { isValid: boolean; error?: string } }>(sandbox, '/v1/bridge/validate', { method: 'POST', body: { bridgeUrl: bridgeUrl.replace('/api/novu', '/not-a-bridge') } });
      assert.equal(notBridge.body.data.isValid, false);
      assert.match(notBridge.body.data.error ?? '', /404/);
    });
  });

  describe('sync', () => {
    it('creates, updates and deletes code workflows from a signed discover, and keeps the bridge URL', async () => {
      const sandbox = await start({ apiKey: BRIDGE_KEY });
      assert.equal(sandbox.state.bridgeUrl, undefined);
      seen.length = 0;
      const res = await call<{ data: { workflowId: string; action: string }[] }>(sandbox, '/v1/bridge/sync?source=cli', { method: 'POST', body: { bridgeUrl } });
      assert.equal(res.status, 201);
      assert.deepEqual(res.body.data, [
        { workflowId: 'order-shipped', action: 'updated' },
        { workflowId: 'invoice-paid', action: 'updated' },
        { workflowId: 'team-invite', action: 'created' },
        { workflowId: F.forcedChannelWorkflowIdentifier, action: 'deleted' },
      ]);
      assert.deepEqual(seen, [{ action: 'discover', signed: true }]);
      assert.equal(sandbox.state.bridgeUrl, bridgeUrl);

      // The workflow list changed accordingly (live state and the API alike).
      const identifiers = sandbox.state.workflows.map((w) => w.identifier);
      assert.ok(identifiers.includes('team-invite'));
      assert.ok(!identifiers.includes(F.forcedChannelWorkflowIdentifier));
      const list = await get<{ data: { workflows: { workflowId: string; origin: string; name: string }[]; totalCount: number } }>(sandbox, '/v2/workflows?limit=100');
      assert.equal(list.body.data.workflows[0]!.workflowId, 'team-invite', 'a created workflow is the newest');
      assert.deepEqual(list.body.data.workflows[0], { ...list.body.data.workflows[0], origin: 'external', name: 'team-invite' });
      assert.ok(!list.body.data.workflows.some((w) => w.workflowId === F.forcedChannelWorkflowIdentifier));
      const gone = await get<ErrorBody>(sandbox, `/v2/workflows/${F.forcedChannelWorkflowIdentifier}`);
      assert.equal(gone.status, 404);

      // The updated workflow: name, channel steps (the digest is no channel), payload schema, preferences.
      const order = await get<{ data: { name: string; tags: string[]; severity: string; steps: { type: string }[]; payloadSchema: unknown; validatePayload: boolean } }>(sandbox, '/v2/workflows/order-shipped');
      assert.equal(order.body.data.name, 'Order shipped (v2)');
      assert.deepEqual(order.body.data.tags, ['orders']);
      assert.equal(order.body.data.severity, 'high');
      assert.deepEqual(order.body.data.steps.map((s) => s.type), ['email', 'in_app']);
      assert.deepEqual(order.body.data.payloadSchema, DISCOVERED[0]!.payload.schema);
      // An invisible (zod 4) schema leaves the service with none.
      const invoice = await get<{ data: { payloadSchema?: unknown } }>(sandbox, '/v2/workflows/invoice-paid');
      assert.equal(invoice.body.data.payloadSchema, undefined);

      // The next diff shows no drift: current is what discover returned.
      const diff = await call<Diff>(sandbox, '/v1/bridge/diff', { method: 'POST', body: { bridgeUrl, workflows: DISCOVERED } });
      assert.equal(diff.status, 200);
      assert.deepEqual(diff.body.data.current, { workflows: DISCOVERED, bridgeUrl });

      // The rest of the store stays consistent: listing, preferences and a trigger of the new workflow.
      const notifications = await get<{ data: unknown[] }>(sandbox, '/v1/notifications?limit=50');
      assert.equal(notifications.status, 200);
      const preferences = await get<{ data: { workflows: { workflow: { identifier: string } }[] } }>(sandbox, `/v2/subscribers/${F.notificationSubscriberId}/preferences`);
      assert.equal(preferences.status, 200);
      assert.ok(!preferences.body.data.workflows.some((w) => w.workflow.identifier === F.forcedChannelWorkflowIdentifier));
      assert.ok(preferences.body.data.workflows.some((w) => w.workflow.identifier === 'team-invite'));
      const trigger = await call<{ data: { status: string } }>(sandbox, '/v1/events/trigger', { method: 'POST', body: { name: 'team-invite', to: F.notificationSubscriberId, payload: { teamName: 'Core' } } });
      assert.equal(trigger.status, 201);
      assert.equal(trigger.body.data.status, 'processed');

      // A second sync of the same code changes nothing but updates.
      const again = await call<{ data: { workflowId: string; action: string }[] }>(sandbox, '/v1/bridge/sync?source=cli', { method: 'POST', body: { bridgeUrl } });
      assert.deepEqual(again.body.data.map((c) => c.action), ['updated', 'updated', 'updated']);
    });

    it('refuses a discovered workflowId that a dashboard workflow has, before writing anything', async () => {
      const sandbox = await start({ apiKey: BRIDGE_KEY });
      const before = JSON.stringify(sandbox.state.workflows);
      const res = await call<ErrorBody>(sandbox, '/v1/bridge/sync?source=cli', { method: 'POST', body: { bridgeUrl: bridgeUrl.replace('/api/novu', '/clash') } });
      assert.equal(res.status, 400);
      assert.equal(res.body.message, `Workflow ${F.workflowIdentifier} was already created in Dashboard. Please use another workflowId.`);
      assert.equal(JSON.stringify(sandbox.state.workflows), before);
      assert.equal(sandbox.state.bridgeUrl, undefined);
    });

    it('answers 400 when the bridge cannot be reached or refuses the key, and changes nothing', async () => {
      const sandbox = await start({ apiKey: 'another-environment-key' });
      const before = JSON.stringify(sandbox.state.workflows);
      const closed = await call<ErrorBody>(sandbox, '/v1/bridge/sync?source=cli', { method: 'POST', body: { bridgeUrl: closedUrl } });
      assert.equal(closed.status, 400);
      assert.equal(closed.body.message, 'Bridge URL is not reachable');
      const mismatch = await call<ErrorBody>(sandbox, '/v1/bridge/sync?source=cli', { method: 'POST', body: { bridgeUrl } });
      assert.equal(mismatch.status, 400);
      assert.equal(mismatch.body.message, 'Bridge URL is not reachable: the bridge answered 401 SignatureMismatchError');
      assert.doesNotMatch(JSON.stringify(mismatch.body), /another-environment-key/);
      const notBridge = await call<ErrorBody>(sandbox, '/v1/bridge/sync?source=cli', { method: 'POST', body: { bridgeUrl: bridgeUrl.replace('/api/novu', '/not-a-bridge') } });
      assert.equal(notBridge.body.message, 'Bridge URL is not reachable: the bridge answered 404');
      assert.equal(JSON.stringify(sandbox.state.workflows), before);
      assert.equal(sandbox.state.bridgeUrl, undefined);
    });
  });

  describe('address guard', () => {
    it('accepts local bridge URLs by default and refuses them with refuseLocalBridgeUrls, as the cloud does', async () => {
      const cloud = await start({ apiKey: BRIDGE_KEY, refuseLocalBridgeUrls: true });
      seen.length = 0;
      for (const path of ['/v1/bridge/validate', '/v1/bridge/sync?source=cli', '/v1/bridge/diff']) {
        const res = await call<ErrorBody>(cloud, path, { method: 'POST', body: { bridgeUrl, workflows: [] } });
        assert.equal(res.status, 400, path);
        assert.equal(res.body.message, 'Bridge URL must be a public address', path);
      }
      assert.deepEqual(seen, [], 'a refused URL is never called');
      // A public URL passes the guard (this environment was never synced).
      const diff = await call<ErrorBody>(cloud, '/v1/bridge/diff', { method: 'POST', body: { bridgeUrl: 'https://abc.trycloudflare.com/api/novu', workflows: [] } });
      assert.equal(diff.body.message, 'Bridge URL not found');
    });

    it('reads loopback, private, link-local and metadata hosts from the URL', () => {
      const local = [
        'http://localhost:4000/api/novu',
        'http://app.localhost/api/novu',
        'http://127.0.0.2/',
        'http://2130706433/',
        'http://0.0.0.0:4000/',
        'http://10.1.2.3/',
        'http://172.20.0.1/',
        'http://192.168.1.10/',
        'http://169.254.169.254/latest/meta-data/',
        'http://100.100.100.200/',
        'http://metadata.google.internal/',
        'http://host.docker.internal:4000/',
        'http://[::1]:4000/',
        'http://[::]/',
        'http://[::ffff:127.0.0.1]/',
        'http://[fd00:ec2::254]/',
        'http://[fe80::1]/',
      ];
      const publicUrls = ['https://abc.trycloudflare.com/api/novu', 'https://8.8.8.8/', 'http://172.32.0.1/', 'http://[2606:4700::1111]/', 'https://example.com:8443/api/novu'];
      for (const url of local) assert.equal(isLocalBridgeUrl(new URL(url)), true, url);
      for (const url of publicUrls) assert.equal(isLocalBridgeUrl(new URL(url)), false, url);
    });
  });
});
