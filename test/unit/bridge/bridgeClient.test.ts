/**
 * BridgeClient over real HTTP against a stand-in for the user's app that answers as
 * @novu/framework 2.13.2 does (fakeBridge.ts, bodies copied from REPORT appendix A): every outcome,
 * the signature on the wire, timeouts, aborts, and the secret key kept out of everything but the HMAC.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:net';
import { isAbortError } from '../../../src/api';
import { BridgeClient, firstUserFrame, type BridgeFailure } from '../../../src/bridge/bridgeClient';
import { startTestServer, type Handler, type RecordedRequest, type TestServer } from '../../fixtures/testServer';
import * as answers from '../preview/bridgeAnswers';
import { fakeBridge, send, type Canned } from '../preview/fakeBridge';

const SECRET = 'sk_test_fixed';
const WRONG = 'sk_test_other_environment';

const servers: TestServer[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

async function serve(handler: Handler): Promise<{ server: TestServer; bridge: string }> {
  const server = await startTestServer(handler);
  servers.push(server);
  return { server, bridge: `${server.url}/api/novu` };
}

async function bridgeWith(previews: Record<string, Canned> = {}) {
  return serve(fakeBridge({ secret: SECRET, previews }));
}

/** Everything a request carried, as one string, but the signature's HMAC. */
function wireText(request: RecordedRequest): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${name === 'novu-signature' ? String(value).replace(/v1=[0-9a-f]{64}/, 'v1=<hmac>') : String(value)}`)
    .join('\n');
  return `${request.method} ${request.url}\n${headers}\n\n${request.body}`;
}

function assertNoSecret(server: TestServer, results: unknown[]): void {
  for (const request of server.requests) assert.ok(!wireText(request).includes(SECRET), `the key went over the wire: ${wireText(request)}`);
  for (const result of results) assert.ok(!JSON.stringify(result).includes(SECRET), `the key is in a result: ${JSON.stringify(result)}`);
}

const client = new BridgeClient();

describe('bridge client: the actions', () => {
  it('health-check: unsigned GET ?action=health-check, read as the framework answers', async () => {
    const { server, bridge } = await bridgeWith();
    const health = await client.healthCheck(bridge);
    assert.deepEqual(health, { kind: 'health', status: 'ok', sdkVersion: '2.13.2', frameworkVersion: '2024-06-26', discovered: { workflows: 5, steps: 14 } });
    const [request] = server.requests;
    assert.equal(request?.method, 'GET');
    assert.equal(request?.url, '/api/novu?action=health-check');
    assert.equal(request?.headers['novu-signature'], undefined);
  });

  it('discover: signed over {}, workflows read loosely (unknown keys kept, an unreadable entry counted)', async () => {
    const { server, bridge } = await bridgeWith();
    const result = await client.discover(bridge, SECRET);
    assert.equal(result.kind, 'discovered');
    if (result.kind !== 'discovered') return;
    assert.equal(result.unread, 1);
    assert.deepEqual(result.agents, []);
    const [workflow] = result.workflows;
    assert.equal(workflow?.workflowId, 'account-welcome');
    assert.equal(workflow?.name, 'Account welcome');
    assert.deepEqual(workflow?.tags, ['onboarding']);
    assert.deepEqual((workflow?.payload?.schema as { required: string[] }).required, ['plan', 'companyName']);
    assert.ok(workflow?.code?.includes('skip: () =>'));
    assert.deepEqual(workflow?.steps.map((s) => [s.stepId, s.type]), [['welcome-sms', 'sms'], ['upgrade-nudge', 'in_app']]);
    assert.ok('env' in (workflow as object) && 'unknownSchema' in (workflow?.payload as object), 'extra keys are kept');
    const request = server.requests[0]!;
    assert.equal(request.url, '/api/novu?action=discover');
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request.headers['novu-signature'])) ?? [];
    assert.equal(v1, createHmac('sha256', SECRET).update(`${t}.{}`).digest('hex'));
    assert.ok(Math.abs(Number(t) - Date.now()) < 60_000, 'signed with the time of sending, in milliseconds');
  });

  it("code: a step's resolver, or without stepId the workflow's function (where skip shows)", async () => {
    const { server, bridge } = await bridgeWith();
    assert.deepEqual(await client.stepCode(bridge, SECRET, 'account-welcome', 'upgrade-nudge'), { kind: 'code', code: answers.codeStep.code });
    const whole = await client.stepCode(bridge, SECRET, 'account-welcome', undefined);
    assert.ok(whole.kind === 'code' && whole.code.includes("'upgrade-nudge'"));
    assert.equal(server.requests[0]?.url, '/api/novu?action=code&workflowId=account-welcome&stepId=upgrade-nudge');
    assert.equal(server.requests[1]?.url, '/api/novu?action=code&workflowId=account-welcome');
    assert.deepEqual(await client.stepCode(bridge, SECRET, 'nope', 'x'), {
      kind: 'workflowNotFound', workflowId: 'nope', message: 'Workflow with id: `nope` does not exist. Please provide a valid id.',
    });
  });

  it('preview: POST with every key of §9.3, the body sent is the text signed, and the answer read', async () => {
    const { server, bridge } = await bridgeWith({ 'account-welcome/welcome-sms': { status: 200, body: answers.welcomeSms } });
    const result = await client.previewStep(bridge, SECRET, { workflowId: 'account-welcome', stepId: 'welcome-sms', payload: { companyName: 'Acme' }, subscriber: { firstName: 'Ada' } });
    assert.deepEqual(result, {
      kind: 'rendered', outputs: { body: 'Hi Ada, welcome to Acme! Reply STOP to opt out.' }, providers: {}, options: { skip: false },
      metadata: { status: 'success', error: false, duration: 2.762028 },
    });
    const request = server.requests[0]!;
    assert.equal(request.method, 'POST');
    const url = new URL(request.url, server.url);
    assert.deepEqual(Object.fromEntries(url.searchParams), { action: 'preview', workflowId: 'account-welcome', stepId: 'welcome-sms' });
    assert.equal(request.headers['content-type'], 'application/json');
    assert.equal(
      request.body,
      '{"workflowId":"account-welcome","stepId":"welcome-sms","action":"preview","payload":{"companyName":"Acme"},"controls":{},"state":[],"subscriber":{"firstName":"Ada"},"context":{},"env":{"name":"","type":"dev"}}',
    );
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request.headers['novu-signature'])) ?? [];
    assert.equal(v1, createHmac('sha256', SECRET).update(`${t}.${request.body}`).digest('hex'), 'the HMAC is over the exact text sent');
    assertNoSecret(server, [result]);
  });

  it('preview with a pinned clock sends the header of the vector the real framework accepted', async () => {
    const { server, bridge } = await serve((_req, res) => send(res, { status: 200, body: answers.welcomeSms }));
    const pinned = new BridgeClient({ now: () => 1700000000000 });
    await pinned.previewStep(bridge, SECRET, { workflowId: 'account-welcome', stepId: 'welcome-sms', payload: { companyName: 'Acme' }, subscriber: { firstName: 'Ada' } });
    assert.equal(server.requests[0]?.headers['novu-signature'], 't=1700000000000,v1=1524e45b34a276b2b8ac725c9809b9eaf6e5fc3cb037a6db974b3ad3c931e5a4');
  });

  it('keeps a query the bridge URL already has', async () => {
    const { server, bridge } = await bridgeWith();
    await client.healthCheck(`${bridge}?tenant=a`);
    assert.equal(server.requests[0]?.url, '/api/novu?tenant=a&action=health-check');
  });
});

describe('bridge client: every failure is a value', () => {
  const preview = (bridge: string, workflowId: string, stepId: string, extra: { stepType?: string; key?: string } = {}) =>
    client.previewStep(bridge, extra.key ?? SECRET, { workflowId, stepId, ...(extra.stepType ? { stepType: extra.stepType } : {}) });

  it('signatureMismatch: another environment’s key (GET and POST say which)', async () => {
    const { server, bridge } = await bridgeWith();
    assert.deepEqual(await client.discover(bridge, WRONG), { kind: 'signatureMismatch', method: 'GET' });
    assert.deepEqual(await preview(bridge, 'account-welcome', 'welcome-sms', { key: WRONG }), { kind: 'signatureMismatch', method: 'POST' });
    assertNoSecret(server, []);
  });

  it('signatureOther: expired and invalid, with their code', async () => {
    const { bridge } = await bridgeWith();
    const early = new BridgeClient({ now: () => Date.now() - 6 * 60_000 });
    assert.deepEqual(await early.discover(bridge, SECRET), { kind: 'signatureOther', code: 'SignatureExpiredError', message: answers.signatureExpired.message });
    const seconds = new BridgeClient({ now: () => Math.floor(Date.now() / 1000) });
    assert.equal(((await seconds.discover(bridge, SECRET)) as { code?: string }).code, 'SignatureExpiredError', 'a timestamp in seconds is "expired"');
    const { bridge: other } = await serve((_req, res) => send(res, { status: 401, body: answers.signatureInvalid }));
    assert.deepEqual(await client.discover(other, SECRET), { kind: 'signatureOther', code: 'SignatureInvalidError', message: answers.signatureInvalid.message });
  });

  it('payloadInvalid: every error with its path (zod), or the first one (JSON Schema)', async () => {
    const { bridge } = await bridgeWith({
      'order-shipped/shipped-sms': { status: 400, body: answers.payloadInvalidZod },
      'account-welcome/welcome-email': { status: 400, body: answers.payloadInvalidJsonSchema },
    });
    assert.deepEqual(await preview(bridge, 'order-shipped', 'shipped-sms'), {
      kind: 'payloadInvalid',
      errors: [
        { path: '/carrier', message: "Invalid enum value. Expected 'ups' | 'dhl' | 'fedex', received 'royalmail'" },
        { path: '/items', message: 'Number must be greater than or equal to 1' },
      ],
      message: answers.payloadInvalidZod.message,
    });
    const single = await preview(bridge, 'account-welcome', 'welcome-email');
    assert.deepEqual(single.kind === 'payloadInvalid' && single.errors, [{ path: '/plan', message: 'must be equal to one of the allowed values' }]);
  });

  it('controlsInvalid: wrong types with their paths; a Liquid syntax error with its name only', async () => {
    const { bridge } = await bridgeWith({
      'account-welcome/welcome-email': { status: 400, body: answers.controlsInvalid },
      'account-welcome/welcome-sms': { status: 400, body: answers.controlsLiquid },
    });
    assert.deepEqual(await preview(bridge, 'account-welcome', 'welcome-email'), {
      kind: 'controlsInvalid', code: 'ExecutionStateControlInvalidError', errors: [{ path: '/subject', message: 'must be string' }], message: answers.controlsInvalid.message,
    });
    assert.deepEqual(await preview(bridge, 'account-welcome', 'welcome-sms'), {
      kind: 'controlsInvalid', code: 'StepControlCompilationFailedError', errors: [], detail: 'TokenizationError', message: answers.controlsLiquid.message,
    });
  });

  it('outputInvalid, workflowNotFound, and stepNotFound naming the step the code reached', async () => {
    const { bridge } = await bridgeWith({
      'security-alert/alert-in-app': { status: 400, body: answers.outputInvalid },
      'no-such-workflow/welcome-email': { status: 404, body: answers.unknownWorkflow },
      'order-shipped/shipped-sms': { status: 404, body: answers.stepNotFound },
    });
    assert.deepEqual(await preview(bridge, 'security-alert', 'alert-in-app'), {
      kind: 'outputInvalid', errors: [{ path: '/redirect/url', message: 'must match format "uri"' }], message: answers.outputInvalid.message,
    });
    assert.deepEqual(await preview(bridge, 'no-such-workflow', 'welcome-email'), { kind: 'workflowNotFound', workflowId: 'no-such-workflow', message: answers.unknownWorkflow.message });
    assert.deepEqual(await preview(bridge, 'order-shipped', 'shipped-sms'), { kind: 'stepNotFound', stepId: 'expedited-sms', message: answers.stepNotFound.message });
  });

  it('stepThrew: the thrown message without the prefix, and only the first frame of the user’s file', async () => {
    const { bridge } = await bridgeWith({
      'order-shipped/shipped-chat': { status: 502, body: answers.stepThrew },
      'x/s': { status: 502, body: answers.stepThrewString },
    });
    const threw = await preview(bridge, 'order-shipped', 'shipped-chat');
    assert.deepEqual(threw, {
      kind: 'stepThrew',
      stepId: 'shipped-chat',
      message: 'No tracking link for carrier "fedex" (order A-1001)',
      frame: { file: '/work/scratch-framework/app.mjs', line: 83, column: 11, functionName: 'trackingLink' },
    });
    assert.ok(!JSON.stringify(threw).includes('node_modules'), 'never the whole stack');
    assert.deepEqual(await preview(bridge, 'x', 's'), { kind: 'stepThrew', stepId: 's', message: '"plain string"' }, 'a non-Error throw has no frames');
  });

  it('emptyOutputs: 200 with {} for a message step (or an unknown type), a result for a digest', async () => {
    const { bridge } = await bridgeWith({ 'team-digest/collect': { status: 200, body: { ...answers.unknownStep } } });
    assert.deepEqual(await preview(bridge, 'account-welcome', 'no-such-step'), { kind: 'emptyOutputs' });
    assert.deepEqual(await preview(bridge, 'account-welcome', 'no-such-step', { stepType: 'email' }), { kind: 'emptyOutputs' });
    assert.equal((await preview(bridge, 'team-digest', 'collect', { stepType: 'digest' })).kind, 'rendered');
  });

  it('serverError: a 500 BridgeError (the workflow threw outside its steps) keeps its first user frame; other 5xx their status', async () => {
    const { bridge } = await bridgeWith({
      'body-throws/hello': { status: 500, body: answers.bridgeError },
      'a/b': { status: 503, body: { message: 'Upstream down' } },
    });
    assert.deepEqual(await preview(bridge, 'body-throws', 'hello'), {
      kind: 'serverError', status: 500, code: 'BridgeError', message: answers.bridgeError.message,
      frame: { file: '/work/scratch-framework/body-throw-app.mjs', line: 6, column: 38, functionName: 'workflow.payloadSchema.type [as execute]' },
    });
    assert.deepEqual(await preview(bridge, 'a', 'b'), { kind: 'serverError', status: 503, message: 'Upstream down' });
  });

  it('other: a 4xx of the bridge that is none of the above, with status, code and message', async () => {
    const { bridge } = await serve((_req, res) => send(res, { status: 400, body: answers.invalidAction }));
    assert.deepEqual(await client.discover(bridge, SECRET), { kind: 'other', status: 400, code: 'InvalidActionError', message: answers.invalidAction.message });
  });

  it('notBridge: an HTML 404 (wrong path), an HTML 500, JSON of another shape', async () => {
    const { server } = await bridgeWith();
    assert.deepEqual(await client.healthCheck(`${server.url}/api/nov`), { kind: 'notBridge', status: 404, contentType: 'text/html; charset=utf-8' });
    assert.deepEqual(await client.previewStep(`${server.url}/api/nov`, SECRET, { workflowId: 'w', stepId: 's' }), { kind: 'notBridge', status: 404, contentType: 'text/html; charset=utf-8' });
    const { bridge: html500 } = await serve((_req, res) => send(res, { status: 500, body: undefined, raw: '<html><body>Internal Server Error</body></html>', contentType: 'text/html' }));
    assert.deepEqual(await client.discover(html500, SECRET), { kind: 'notBridge', status: 500, contentType: 'text/html' });
    const { bridge: other } = await serve((_req, res) => send(res, { status: 200, body: { hello: 'world' } }));
    assert.deepEqual(await client.healthCheck(other), { kind: 'notBridge', status: 200, contentType: 'application/json; charset=utf-8' });
    assert.deepEqual(await client.previewStep(other, SECRET, { workflowId: 'w', stepId: 's' }), { kind: 'notBridge', status: 200, contentType: 'application/json; charset=utf-8' });
    const { bridge: detail } = await serve((_req, res) => send(res, { status: 404, body: { detail: 'Not Found' } }));
    assert.equal((await client.discover(detail, SECRET)).kind, 'notBridge');
  });

  it('badUrl: not http(s), not a URL, or with a user name and password', async () => {
    for (const url of ['ftp://localhost:4000/api/novu', 'localhost:4000', 'not a url', 'http://user:pass@localhost:4000/api/novu']) {
      assert.deepEqual(await client.healthCheck(url), { kind: 'badUrl' }, url);
    }
  });
});

describe('bridge client: no answer', () => {
  it('unreachable: connection refused at a closed port', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const address = probe.address() as { port: number };
        probe.close(() => resolve(address.port));
      });
    });
    const result = await client.healthCheck(`http://127.0.0.1:${port}/api/novu`);
    assert.equal(result.kind, 'unreachable');
    assert.equal((result as { cause: string }).cause, 'ECONNREFUSED');
    assert.match((result as { detail: string }).detail, /ECONNREFUSED/);
  });

  it('unreachable: the app closes the connection without answering (it crashed)', async () => {
    const { bridge } = await serve((_req, res) => {
      res.socket?.destroy();
    });
    const result = await client.discover(bridge, SECRET);
    assert.equal(result.kind, 'unreachable');
    assert.ok(['UND_ERR_SOCKET', 'ECONNRESET'].includes((result as { cause: string }).cause), JSON.stringify(result));
  });

  it('unreachable: timeout when the app accepts and never answers (no retry)', async () => {
    const { server, bridge } = await serve(() => undefined);
    const quick = new BridgeClient({ timeoutMs: 150 });
    const started = Date.now();
    assert.deepEqual(await quick.previewStep(bridge, SECRET, { workflowId: 'w', stepId: 's' }), { kind: 'unreachable', cause: 'timeout', detail: '', timeoutMs: 150 });
    assert.ok(Date.now() - started < 5_000);
    assert.equal(server.requests.length, 1, 'no retries');
  });

  it('timeout also covers a body that stops halfway', async () => {
    const { bridge } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":"ok",');
    });
    const result = await new BridgeClient({ timeoutMs: 150 }).healthCheck(bridge);
    assert.equal((result as { cause?: string }).cause, 'timeout');
  });

  it('abort: the caller’s signal rejects with an AbortError, before and during a request', async () => {
    const { bridge } = await serve(() => undefined);
    const before = new AbortController();
    before.abort();
    await assert.rejects(client.healthCheck(bridge, before.signal), (e: unknown) => isAbortError(e));
    const during = new AbortController();
    const pending = client.previewStep(bridge, SECRET, { workflowId: 'w', stepId: 's' }, during.signal);
    setTimeout(() => during.abort(), 50);
    await assert.rejects(pending, (e: unknown) => isAbortError(e));
    const reasoned = new AbortController();
    const pendingWithReason = client.discover(bridge, SECRET, reasoned.signal);
    setTimeout(() => reasoned.abort(new Error('superseded')), 20);
    await assert.rejects(pendingWithReason, (e: unknown) => isAbortError(e));
  });
});

describe('bridge client: redirects and the key', () => {
  it('follows a redirect on the same origin, re-signed; not one to another host', async () => {
    const { server: elsewhere } = await serve((_req, res) => send(res, { status: 200, body: answers.discover }));
    const { server, bridge } = await serve((req, res) => {
      if (req.url.startsWith('/api/novu/')) return fakeBridge({ secret: SECRET })({ ...req, url: req.url.replace('/api/novu/', '/api/novu') }, res, 0);
      if (req.url.includes('action=code')) {
        res.writeHead(307, { location: `${elsewhere.url}/api/novu?action=code&workflowId=x` });
        res.end();
        return;
      }
      res.writeHead(308, { location: req.url.replace('/api/novu', '/api/novu/') });
      res.end();
    });
    assert.equal((await client.discover(bridge, SECRET)).kind, 'discovered');
    assert.equal((await client.previewStep(bridge, SECRET, { workflowId: 'account-welcome', stepId: 'no-such' })).kind, 'emptyOutputs', 'a 308 keeps the POST and its body');
    assert.deepEqual(await client.stepCode(bridge, SECRET, 'x', undefined), { kind: 'notBridge', status: 307, contentType: '' });
    assert.equal(elsewhere.requests.length, 0, 'no signature sent to another origin');
    assertNoSecret(server, []);
  });

  it('never sends the key, and never returns it, even when the app echoes it', async () => {
    const echo: Canned = { status: 502, body: { message: `Failed to preview Step with id: \`s\`: bad key ${SECRET}`, data: { stack: `Error: ${SECRET}\n    at f (/app/src/${SECRET}.js:1:2)` }, code: 'StepExecutionFailedError' } };
    const { server, bridge } = await bridgeWith({
      'w/s': echo,
      'w/ok': { status: 200, body: { outputs: { body: `your key is ${SECRET}` }, providers: {}, options: {}, metadata: {} } },
    });
    const results: unknown[] = [
      await client.healthCheck(bridge),
      await client.discover(bridge, SECRET),
      await client.stepCode(bridge, SECRET, 'account-welcome', 'upgrade-nudge'),
      await client.previewStep(bridge, SECRET, { workflowId: 'w', stepId: 's' }),
      await client.previewStep(bridge, SECRET, { workflowId: 'w', stepId: 'ok' }),
      await client.discover(bridge, WRONG),
    ];
    assertNoSecret(server, results);
    assert.deepEqual(results[3], { kind: 'stepThrew', stepId: 's', message: 'bad key ***', frame: { file: '/app/src/***.js', line: 1, column: 2, functionName: 'f' } });
    assert.deepEqual((results[4] as { outputs: unknown }).outputs, { body: 'your key is ***' });
  });
});

describe('first user frame', () => {
  it('skips node_modules, node: and anonymous frames; reads CommonJS paths and bare locations', () => {
    const stack = [
      'TypeError: boom',
      '    at Object.<anonymous> (/srv/app/node_modules/@novu/framework/dist/cjs/index.cjs:1:2)',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
      '    at eval (eval at run (/srv/x.js:1:1), <anonymous>:1:1)',
      '    at /srv/app/src/workflows/welcome.js:12:7',
    ].join('\n');
    assert.deepEqual(firstUserFrame(stack), { file: '/srv/app/src/workflows/welcome.js', line: 12, column: 7 });
    assert.deepEqual(firstUserFrame('    at async run (C:\\app\\src\\notify.ts:3:9)'), { file: 'C:\\app\\src\\notify.ts', line: 3, column: 9, functionName: 'run' });
    assert.equal(firstUserFrame('Failed to preview Step with id: `s`'), undefined);
    assert.equal(firstUserFrame(`    at x (${'a'.repeat(1_000_000)}:1:1)`), undefined, 'an absurd line is not read');
  });
});

// The union is exhaustive on the page: a kind added to BridgeFailure without a test fails to compile here.
export const KINDS: Record<BridgeFailure['kind'], true> = {
  badUrl: true, unreachable: true, notBridge: true, signatureMismatch: true, signatureOther: true, payloadInvalid: true, controlsInvalid: true,
  outputInvalid: true, workflowNotFound: true, stepNotFound: true, stepThrew: true, emptyOutputs: true, serverError: true, other: true,
};
