// The sandbox's step preview (contract §9.4): a dashboard step rendered from its content with the
// payload and subscriber, a code step rendered by the synced bridge (signed with the environment's
// key), and `preview: {}` with no error when that app does not answer, as the service does.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NovuClient } from '../../../src/api';
import { previewStepOnService } from '../../../src/api/stepPreview';
import { SANDBOX_FIXTURES as F, startSandbox, type Sandbox } from '../../../src/sandbox';

describe('sandbox: the service’s step preview', () => {
  let sandbox: Sandbox;
  let synced: Sandbox;
  let bridge: Server;
  const signatures: boolean[] = [];

  before(async () => {
    sandbox = await startSandbox({ apiKey: 'step-preview-key' });
    // A bridge that checks the signature as the framework does and answers one step.
    bridge = createServer((req, res) => {
      let text = '';
      req.on('data', (c: Buffer) => (text += c.toString()));
      req.on('end', () => {
        const [t, v1] = String(req.headers['novu-signature']).split(',').map((p) => p.split('=')[1]);
        signatures.push(createHmac('sha256', 'synced-key').update(`${t}.${text}`).digest('hex') === v1);
        const event = JSON.parse(text) as { stepId: string; payload: { orderId?: string } };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ outputs: { body: `Order ${event.payload.orderId} (${event.stepId})` }, providers: {}, options: {}, metadata: { status: 'success' } }));
      });
    });
    await new Promise<void>((r) => bridge.listen(0, '127.0.0.1', r));
    synced = await startSandbox({ apiKey: 'synced-key', bridgeUrl: `http://127.0.0.1:${(bridge.address() as AddressInfo).port}/api/novu` });
  });
  after(async () => {
    await sandbox.close();
    await synced.close();
    await new Promise((r) => bridge.close(r));
  });

  it('renders a dashboard step from its content, with the payload and the subscriber', async () => {
    const client = new NovuClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    const answer = await previewStepOnService(client, F.workflowIdentifier, 'email-step', { previewPayload: { payload: { firstName: 'Ada <b>', ctaUrl: 'https://x.example' }, subscriber: { firstName: 'Ada' } } });
    assert.equal(answer.result.type, 'email');
    assert.match(String(answer.result.preview!['subject']), /^Welcome onboarding: Ada <b>$/);
    assert.match(String(answer.result.preview!['body']), /<p>Hi Ada,<\/p><p>firstName: Ada &lt;b&gt;<\/p>/);
    const sms = await previewStepOnService(client, F.criticalWorkflowIdentifier, 'sms-step', { previewPayload: { payload: { resetUrl: 'https://r.example' } } });
    assert.match(String(sms.result.preview!['body']), /resetUrl: https:\/\/r\.example/);
  });

  it('renders a code step by the synced bridge, signed with the environment’s key; {} when there is none to answer', async () => {
    const client = new NovuClient({ baseUrl: synced.url, apiKey: synced.apiKey });
    const answer = await previewStepOnService(client, 'order-shipped', 'sms-step', { previewPayload: { payload: { orderId: 'A-1' } } });
    assert.deepEqual(answer.result.preview, { body: 'Order A-1 (sms-step)' });
    assert.deepEqual(signatures, [true]);
    const unsynced = new NovuClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    const empty = await previewStepOnService(unsynced, 'order-shipped', 'sms-step', {});
    assert.deepEqual(empty.result.preview, {});
    assert.equal(empty.result.error ?? undefined, undefined);
  });
});
