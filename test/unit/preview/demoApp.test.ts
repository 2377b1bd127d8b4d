/**
 * The demo's bridge app (examples/demo-app/src/novu/, served by examples/demo-app/bridge/run.mjs)
 * on the real @novu/framework: it starts strict, answers health-check, a signed discover with
 * visible payload schemas and a signed preview, refuses an unsigned discover, renders the demo's
 * edge cases (a throwing step, a raw-HTML step that passes hostile HTML through), and on a save keeps
 * running through a compile error and restarts on the same port once the code compiles.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compareWorkflows } from '../../../src/app/drift';
import { sandboxOptions } from '../../../src/connections/sandboxHost';
import { startSandbox } from '../../../src/sandbox';

// Compiled to out/test/unit/preview/: four levels up is the repository.
const ROOT = resolve(__dirname, '..', '..', '..', '..');
const RUNNER = join(ROOT, 'examples', 'demo-app', 'bridge', 'run.mjs');
const SOURCES = join(ROOT, 'examples', 'demo-app', 'src', 'novu');
const SECRET = 'sk_test_demo_app_unit';

interface BridgeApp {
  url: string;
  port: number;
  readonly pid: number | undefined;
  stop(): Promise<void>;
  onRestart(cb: (info: { pid: number; ms: number }) => void): () => void;
}
interface Runner {
  startBridgeApp(options: { secretKey: string; port?: number; strict?: boolean; watch?: boolean; log?: (line: string) => void }): Promise<BridgeApp>;
}

type Json = Record<string, unknown>;

/** `novu-signature` for `text` (§9.2): t in ms, v1 the hex HMAC-SHA256 of "<t>.<text>". */
function signature(text: string): string {
  const t = Date.now();
  return `t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.${text}`).digest('hex')}`;
}

async function get(app: BridgeApp, query: string, signed: boolean): Promise<{ status: number; body: Json }> {
  const response = await fetch(`${app.url}?${query}`, { headers: signed ? { 'novu-signature': signature('{}') } : {} });
  return { status: response.status, body: (await response.json()) as Json };
}

/** A signed preview with every key of §9.3's body. */
async function preview(app: BridgeApp, workflowId: string, stepId: string, payload: Json, subscriber: Json = { subscriberId: 'ada', firstName: 'Ada' }): Promise<{ status: number; body: Json }> {
  const text = JSON.stringify({
    workflowId, stepId, action: 'preview', payload, controls: {}, state: [],
    subscriber, context: {}, env: { name: '', type: 'dev' },
  });
  const response = await fetch(`${app.url}?action=preview&workflowId=${workflowId}&stepId=${stepId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'novu-signature': signature(text) },
    body: text,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the demo bridge app (real @novu/framework)', { timeout: 60_000 }, () => {
  let app: BridgeApp | undefined;
  const logs: string[] = [];

  before(async () => {
    const runner = (await import(pathToFileURL(RUNNER).href)) as Runner;
    app = await runner.startBridgeApp({ secretKey: SECRET, log: (line) => logs.push(line) });
  });
  after(async () => {
    await app?.stop();
  });

  it('listens on 127.0.0.1 and answers an unsigned health-check with what it discovered', async () => {
    assert.match(app!.url, /^http:\/\/127\.0\.0\.1:\d+\/api\/novu$/);
    const { status, body } = await get(app!, 'action=health-check', false);
    assert.equal(status, 200);
    assert.equal(body.status, 'ok');
    assert.deepEqual(body.discovered, { workflows: 4, steps: 10 });
  });

  it('lists its workflows in a signed discover, each payload schema visible', async () => {
    const { status, body } = await get(app!, 'action=discover', true);
    assert.equal(status, 200);
    const workflows = body.workflows as { workflowId: string; payload: { schema: Json }; steps: { stepId: string; type: string }[] }[];
    assert.deepEqual(
      workflows.map((w) => `${w.workflowId}: ${w.steps.map((s) => `${s.stepId}/${s.type}`).join(' ')}`),
      [
        'account-welcome: welcome-email/email welcome-in-app/in_app welcome-sms/sms upgrade-nudge/in_app',
        'order-shipped: shipped-push/push shipped-chat/chat shipped-sms/sms',
        'team-digest: collect/digest digest-email/email',
        'payment-receipt: receipt-email/email',
      ],
    );
    for (const w of workflows) assert.ok(Object.keys((w.payload.schema.properties ?? {}) as Json).length > 0, `${w.workflowId}'s payload schema is visible`);
    const welcome = workflows[0]!.payload.schema;
    assert.deepEqual(welcome.required, ['plan', 'companyName']);
    assert.deepEqual((welcome.properties as Record<string, Json>).plan, { type: 'string', enum: ['free', 'team', 'enterprise'], default: 'team' });
  });

  it('refuses an unsigned discover: it checks signatures', async () => {
    const { status, body } = await get(app!, 'action=discover', false);
    assert.equal(status, 401);
    assert.equal(body.code, 'SignatureNotFoundError');
  });

  it('differs from the demo’s Sandbox in the workflows docs/sandbox.md names, and no others (issue 45, B2)', async () => {
    // The Sandbox as `npm run demo` starts it: this app's key and URL.
    const sandbox = await startSandbox(sandboxOptions({ NOVU_EXPLORER_SANDBOX_KEY: SECRET, NOVU_EXPLORER_DEMO_BRIDGE_URL: app!.url, NOVU_EXPLORER_SANDBOX_LIVE: '1' }, Date.now()));
    try {
      const response = await fetch(`${sandbox.url}/v1/bridge/diff`, {
        method: 'POST',
        headers: { authorization: `ApiKey ${SECRET}`, 'content-type': 'application/json' },
        body: JSON.stringify({ bridgeUrl: app!.url }),
      });
      assert.equal(response.status, 200, 'the Sandbox was synced from the app');
      const environment = ((await response.json()) as { data: { current: { workflows: unknown[]; bridgeUrl: string } } }).data.current;
      assert.equal(environment.bridgeUrl, app!.url);
      const discovered = (await get(app!, 'action=discover', true)).body.workflows as { workflowId: string; steps: { stepId: string; type: string }[] }[];
      const drift = compareWorkflows(discovered, environment.workflows).filter((entry) => entry.kind !== 'same');
      assert.deepEqual(drift.map((entry) => `${entry.workflowId}: ${entry.kind}`), [
        'billing-receipt: onlyInEnvironment',
        'invoice-paid: onlyInEnvironment',
        'account-welcome: onlyInCode',
        'payment-receipt: onlyInCode',
        'team-digest: onlyInCode',
        'order-shipped: changed',
      ]);
      // Each named where the demo's Sandbox is described, with the count the app row shows.
      const docs = readFileSync(join(ROOT, 'docs', 'sandbox.md'), 'utf8');
      for (const entry of drift) assert.ok(docs.includes(`\`${entry.workflowId}\``), `docs/sandbox.md names ${entry.workflowId}`);
      assert.ok(docs.includes(`${drift.length} differences`));
    } finally {
      await sandbox.close();
    }
  });

  it('renders the welcome email in a signed preview: the subject from Liquid, an HTML body', async () => {
    const { status, body } = await preview(app!, 'account-welcome', 'welcome-email', { companyName: 'Acme' });
    assert.equal(status, 200);
    const outputs = body.outputs as { subject: string; body: string };
    assert.equal(outputs.subject, 'Welcome to Acme, Ada!');
    assert.match(outputs.body, /^<!DOCTYPE html><html>/);
    assert.match(outputs.body, /<h1>Hello Ada<\/h1>/);
    assert.match(outputs.body, /<b>team<\/b> plan at Acme .* 14 days/);
  });

  it('reads as a real message in a first preview, with no payload and no subscriber (issue 37)', async () => {
    const steps: [string, string][] = [
      ['account-welcome', 'welcome-email'], ['account-welcome', 'welcome-in-app'], ['account-welcome', 'welcome-sms'], ['account-welcome', 'upgrade-nudge'],
      ['order-shipped', 'shipped-push'], ['order-shipped', 'shipped-chat'], ['order-shipped', 'shipped-sms'],
      ['team-digest', 'digest-email'], ['payment-receipt', 'receipt-email'],
    ];
    for (const [workflowId, stepId] of steps) {
      const { status, body } = await preview(app!, workflowId, stepId, {}, {});
      assert.equal(status, 200, `${workflowId}/${stepId}: ${JSON.stringify(body)}`);
      const said = JSON.stringify(body.outputs);
      assert.doesNotMatch(said, /\[placeholder\]|undefined|null|, !|, \.|Hello there|Hi ,/, `${workflowId}/${stepId}: ${said}`);
    }
    const welcome = (await preview(app!, 'account-welcome', 'welcome-email', {}, {})).body.outputs as { subject: string; body: string };
    assert.equal(welcome.subject, 'Welcome to Acme, Ada!');
    assert.match(welcome.body, /<h1>Hello Ada<\/h1>/);
    // The subscriber's own first name wins over the name given at sign-up.
    const grace = (await preview(app!, 'account-welcome', 'welcome-email', {}, { subscriberId: 'grace', firstName: 'Grace' })).body.outputs as { subject: string };
    assert.equal(grace.subject, 'Welcome to Acme, Grace!');
  });

  it('fails the chat step for carrier "fedex" (502, the stack in src/novu/welcome.ts)', async () => {
    const { status, body } = await preview(app!, 'order-shipped', 'shipped-chat', { orderId: 'A-1001', carrier: 'fedex' });
    assert.equal(status, 502);
    assert.equal(body.code, 'StepExecutionFailedError');
    assert.match(String(body.message), /No tracking link for carrier "fedex"/);
    assert.match(String((body.data as Json).stack), /at trackingLink \(.*examples\/demo-app\/src\/novu\/welcome\.ts:\d+:\d+\)/);
    // Every time: a preview fills the schema's optional keys (trackingUrl) with made-up values now
    // and then, and a given trackingUrl once let "fedex" render (a full test run saw it twice).
    for (let i = 0; i < 15; i++) {
      const again = await preview(app!, 'order-shipped', 'shipped-chat', { orderId: `A-${i}`, carrier: 'fedex' });
      assert.equal(again.status, 502, `try ${i}: ${JSON.stringify(again.body).slice(0, 200)}`);
    }
  });

  it('passes the receipt footer through unsanitized: hostile HTML reaches the preview as sent', async () => {
    const footerHtml = '<script>parent.postMessage("pwned", "*")</script><img src=x onerror="alert(1)">';
    const { status, body } = await preview(app!, 'payment-receipt', 'receipt-email', { invoiceNumber: 'INV-7', footerHtml });
    assert.equal(status, 200);
    assert.ok((body.outputs as { body: string }).body.includes(`<footer>${footerHtml}</footer>`));
  });

  it('keeps running through a compile error, and restarts on the same port after a good save', async () => {
    const temp = join(SOURCES, 'zz-test-temp.ts');
    const firstPid = app!.pid;
    const restarts: { pid: number; ms: number }[] = [];
    const off = app!.onRestart((info) => restarts.push(info));
    try {
      writeFileSync(temp, 'export const broken = ;\n');
      await waitFor('the compile error', () => logs.find((line) => line.includes('compile error')), 10_000);
      assert.equal(restarts.length, 0);
      assert.equal(app!.pid, firstPid, 'the old app still runs');
      assert.equal((await get(app!, 'action=health-check', false)).status, 200);

      writeFileSync(temp, '// A file the demo-app unit test writes and removes.\nexport const harmless = 1;\n');
      const restart = await waitFor('a restart', () => restarts[0], 15_000);
      assert.notEqual(restart.pid, firstPid);
      assert.equal(app!.pid, restart.pid);
      const { status, body } = await get(app!, 'action=health-check', false);
      assert.equal(status, 200);
      assert.deepEqual(body.discovered, { workflows: 4, steps: 10 });
    } finally {
      off();
      if (existsSync(temp)) rmSync(temp);
    }
  });
});
