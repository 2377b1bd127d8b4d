/** Each way a preview fails, in the panel's words; the secret key never in them; the skip note. */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BridgeClient, type BridgeFailure } from '../../../src/bridge/bridgeClient';
import { bridgeHost, failureOutcome, failureWords, frameLocation, framePath, hasSkip, payloadKey, rendererWords, skipNote, type PreviewWordsContext, type RendererContext, type ServiceEmptyPreview } from '../../../src/rendered/previewWords';
import { unsafeReasonWords } from '../../../src/rendered/linkSafety';
import { startTestServer, type TestServer } from '../../fixtures/testServer';
import * as answers from './bridgeAnswers';
import { fakeBridge } from './fakeBridge';

const SECRET = 'sk_test_fixed';
const context: PreviewWordsContext = { url: 'http://localhost:4000/api/novu', connectionName: 'Acme Development', workflowId: 'account-welcome', stepId: 'welcome-email' };

const text = (failure: BridgeFailure | ServiceEmptyPreview, ctx = context) => failureWords(failure, ctx).text;

describe('preview words', () => {
  it('name the app by host and port only', () => {
    assert.equal(bridgeHost('http://localhost:4000/api/novu'), 'localhost:4000');
    assert.equal(bridgeHost('https://user:pw@abc.ngrok.app/api/novu?x=1'), 'abc.ngrok.app');
    assert.equal(bridgeHost(undefined), 'your app');
  });

  it('no answer', () => {
    assert.equal(text({ kind: 'unreachable', cause: 'ECONNREFUSED', detail: 'connect ECONNREFUSED 127.0.0.1:4000' }), 'No app answers at localhost:4000 (connection refused).');
    assert.equal(text({ kind: 'unreachable', cause: 'ENOTFOUND', detail: '' }), 'No app answers at localhost:4000 (host not found).');
    assert.equal(text({ kind: 'unreachable', cause: 'UND_ERR_SOCKET', detail: 'other side closed' }), 'Your app at localhost:4000 closed the connection: it may have crashed (see its terminal).');
    assert.equal(text({ kind: 'unreachable', cause: 'timeout', detail: '', timeoutMs: 10_000 }), 'Your app at localhost:4000 did not answer within 10 s.');
    assert.equal(text({ kind: 'unreachable', cause: 'EHOSTUNREACH', detail: '' }), 'No app answers at localhost:4000 (EHOSTUNREACH).');
    assert.equal(text({ kind: 'notBridge', status: 404, contentType: 'text/html' }), 'No Novu bridge answers at localhost:4000 (HTTP 404): is the path right (often /api/novu)?');
    assert.equal(text({ kind: 'badUrl' }), 'The bridge URL must be an http(s) URL without a user name or password.');
  });

  it('the signature: another environment’s key, named by the connection', () => {
    assert.equal(text({ kind: 'signatureMismatch', method: 'GET' }), "Your app at localhost:4000 runs with another environment's secret key than Acme Development's.");
    assert.match(text({ kind: 'signatureMismatch', method: 'POST' }), /^Your app at localhost:4000 refused the preview's signature: it runs with another environment's secret key than Acme Development's, or does not parse JSON bodies/);
    assert.match(text({ kind: 'signatureOther', code: 'SignatureExpiredError', message: '' }), /clock .* more than 5 minutes/);
    assert.equal(text({ kind: 'signatureOther', code: 'SignatureVersionInvalidError', message: '' }), 'Your app at localhost:4000 refused the signature (SignatureVersionInvalidError).');
  });

  it('the payload and controls: one line, each problem at its key', () => {
    const payload = failureWords({ kind: 'payloadInvalid', errors: answers.payloadInvalidZod.data.map((e) => ({ ...e })), message: '' }, context);
    assert.equal(payload.text, "The payload does not match the workflow's schema: 2 problems.");
    assert.deepEqual(payload.atKeys, [
      { key: 'carrier', message: "Invalid enum value. Expected 'ups' | 'dhl' | 'fedex', received 'royalmail'" },
      { key: 'items', message: 'Number must be greater than or equal to 1' },
    ]);
    assert.equal(text({ kind: 'payloadInvalid', errors: [{ path: '/plan', message: 'x' }], message: '' }), "The payload does not match the workflow's schema: 1 problem.");
    assert.equal(text({ kind: 'controlsInvalid', code: 'ExecutionStateControlInvalidError', errors: [{ path: '/subject', message: 'must be string' }], message: '' }), "The controls do not match the step's control schema: 1 problem.");
    assert.deepEqual(failureWords({ kind: 'controlsInvalid', code: 'StepControlCompilationFailedError', errors: [], detail: 'TokenizationError', message: '' }, context), {
      text: 'A control of `welcome-email` has a Liquid syntax error.', more: ['TokenizationError'], atKeys: [],
    });
    assert.equal(text({ kind: 'outputInvalid', errors: [{ path: '/redirect/url', message: 'x' }], message: '' }), '`welcome-email` returned output its channel refuses: 1 problem.');
    assert.deepEqual([payloadKey('/customer/name'), payloadKey('/items/0/id'), payloadKey(''), payloadKey('/a~1b~0c')], ['customer.name', 'items[0].id', '', 'a/b~c']);
  });

  it('what the code did: no workflow, no step, a step discover never saw, a throw', () => {
    assert.equal(text({ kind: 'workflowNotFound', workflowId: 'no-such-workflow', message: '' }), 'Your app at localhost:4000 has no workflow `no-such-workflow`: saved and reloaded?');
    assert.equal(text({ kind: 'emptyOutputs' }), 'Your app at localhost:4000 has no step `welcome-email` in `account-welcome`: saved and reloaded?');
    assert.equal(text({ kind: 'stepNotFound', stepId: 'expedited-sms', message: '' }), 'This payload takes the code to step `expedited-sms`, which discover never saw.');
    const threw = failureWords({ kind: 'stepThrew', stepId: 'shipped-chat', message: 'No tracking link for carrier "fedex" (order A-1001)', frame: { file: '/app/src/notify.ts', line: 83, column: 11 } }, context);
    assert.deepEqual(threw, {
      text: '`shipped-chat` threw: No tracking link for carrier "fedex" (order A-1001)',
      more: ['at /app/src/notify.ts:83:11'],
      atKeys: [],
      frame: { file: '/app/src/notify.ts', line: 83, column: 11 },
    });
    assert.equal(text({ kind: 'stepThrew', message: '"plain string"' }), '`welcome-email` threw: "plain string"');
    assert.equal(text({ kind: 'serverError', status: 500, code: 'BridgeError', message: 'Unknown BridgeError: workflow body failed' }), '`account-welcome` threw outside its steps: workflow body failed');
    assert.equal(text({ kind: 'serverError', status: 503, message: '' }), 'Your app at localhost:4000 failed with HTTP 503.');
    assert.equal(text({ kind: 'other', status: 405, code: 'MethodNotAllowedError', message: 'Method not allowed.' }), 'Your app at localhost:4000 answered HTTP 405: Method not allowed.');
  });

  it('the service’s empty preview, with or without the synced URL', () => {
    assert.equal(text({ kind: 'serviceEmpty', bridgeUrl: 'https://abc.ngrok.app/api/novu' }), 'Novu could not render it: the synced app at https://abc.ngrok.app/api/novu did not answer.');
    assert.equal(text({ kind: 'serviceEmpty' }), 'Novu could not render it: the synced app did not answer.');
  });

  it('keeps a long message to one short line', () => {
    const words = text({ kind: 'stepThrew', stepId: 's', message: `${'x'.repeat(5000)}\n    at a (b:1:1)` });
    assert.ok(words.length < 400 && !words.includes('\n'));
  });

  it('the skip note, and unsafe links in words', () => {
    assert.equal(skipNote(), 'Skip conditions are not evaluated in a preview.');
    assert.equal(unsafeReasonWords('frameTarget'), 'replaces the whole page (_top or _parent)');
    assert.equal(unsafeReasonWords('bidi'), 'hides its real order with direction controls (shown as \\u…)');
  });
});

describe('the header: who rendered it, or what was tried (issue 37)', () => {
  const app: RendererContext = { via: 'app', url: 'http://localhost:4000/api/novu', framework: '2.13.2', connectionName: 'Development' };
  const failures: (BridgeFailure | ServiceEmptyPreview)[] = [
    { kind: 'badUrl' },
    { kind: 'unreachable', cause: 'ECONNREFUSED', detail: '' },
    { kind: 'unreachable', cause: 'timeout', detail: '', timeoutMs: 10_000 },
    { kind: 'notBridge', status: 404, contentType: 'text/html' },
    { kind: 'signatureMismatch', method: 'POST' },
    { kind: 'signatureOther', code: 'SignatureExpiredError', message: '' },
    { kind: 'payloadInvalid', errors: [], message: '' },
    { kind: 'controlsInvalid', code: 'ExecutionStateControlInvalidError', errors: [], message: '' },
    { kind: 'outputInvalid', errors: [], message: '' },
    { kind: 'workflowNotFound', workflowId: 'w', message: '' },
    { kind: 'stepNotFound', stepId: 's', message: '' },
    { kind: 'stepThrew', stepId: 's', message: 'boom' },
    { kind: 'emptyOutputs' },
    { kind: 'serverError', status: 500, code: '', message: '' },
    { kind: 'other', status: 418, code: 'Teapot', message: '' },
    { kind: 'serviceEmpty' },
  ] as (BridgeFailure | ServiceEmptyPreview)[];

  it('says who rendered what is shown', () => {
    assert.equal(rendererWords(app, 'rendered'), "Rendered by your app at localhost:4000 (framework 2.13.2), signed with Development's key");
    assert.equal(rendererWords({ ...app, framework: undefined }, 'rendered'), "Rendered by your app at localhost:4000, signed with Development's key");
    assert.equal(rendererWords({ via: 'service', connectionName: 'Development' }, 'rendered'), "Rendered by Novu · Development, from the workflow's content");
    assert.equal(rendererWords({ via: 'service', connectionName: 'Development', synced: true }, 'rendered'), 'Rendered by Novu · Development, from the synced app');
    assert.equal(rendererWords(app, 'asking'), "Asking your app at localhost:4000, signed with Development's key…");
  });

  it('never says "Rendered by" over a failure, of any kind, and says what was tried', () => {
    for (const failure of failures) {
      for (const who of [app, { via: 'service', connectionName: 'Development' } as RendererContext, { via: 'app', connectionName: 'Development' } as RendererContext]) {
        const said = rendererWords(who, failureOutcome(failure.kind));
        assert.match(said, /^Not rendered: /, `${failure.kind}: ${said}`);
        assert.doesNotMatch(said, /Rendered by/);
      }
    }
    const said = (kind: (typeof failures)[number]['kind']) => rendererWords(app, failureOutcome(kind));
    assert.equal(said('unreachable'), 'Not rendered: your app at localhost:4000 did not answer');
    assert.equal(said('notBridge'), 'Not rendered: no Novu bridge answered at localhost:4000');
    assert.equal(said('signatureMismatch'), "Not rendered: your app at localhost:4000 refused the request signed with Development's key");
    assert.equal(said('stepThrew'), "Not rendered: asked your app at localhost:4000 (framework 2.13.2), signed with Development's key");
    assert.equal(said('badUrl'), 'Not rendered: nothing was asked of your app at localhost:4000');
    assert.equal(rendererWords({ via: 'service', connectionName: 'Development', synced: true }, failureOutcome('serviceEmpty')), 'Not rendered: asked Novu · Development, from the synced app');
    assert.equal(rendererWords({ via: 'app', connectionName: 'Development' }, 'notAsked'), 'Not rendered: nothing was asked of your app');
  });
});

describe('where a step threw: relative to the workspace, the absolute path only to open it (issue 37)', () => {
  const frame = { file: '/home/ada/shop/src/novu/workflows.mjs', line: 179, column: 42 };

  it('says the file relative to the workspace folder that holds it, else by its name', () => {
    assert.equal(frameLocation(frame, ['/home/ada/other', '/home/ada/shop']), 'src/novu/workflows.mjs:179:42');
    assert.equal(frameLocation(frame, ['/home/ada/shop/']), 'src/novu/workflows.mjs:179:42');
    assert.equal(frameLocation(frame, ['/home/ada/sho']), 'workflows.mjs:179:42', 'a folder whose name only starts the same does not hold it');
    assert.equal(frameLocation(frame, []), 'workflows.mjs:179:42');
    assert.equal(framePath('file:///home/ada/shop/src/a%20b.ts', ['/home/ada/shop']), 'src/a b.ts');
    assert.equal(framePath('C:\\Users\\ada\\shop\\src\\x.ts', ['C:\\Users\\ada\\shop']), 'src/x.ts');
    assert.equal(framePath(frame.file), frame.file, 'no workspace known: as the stack wrote it');
  });

  it('in the failure’s lines too, never every folder from the root', () => {
    const words = failureWords({ kind: 'stepThrew', stepId: 's', message: 'boom', frame }, { ...context, folders: ['/home/ada/shop'] });
    assert.deepEqual(words.more, ['at src/novu/workflows.mjs:179:42']);
    assert.deepEqual(words.frame, frame, 'the absolute path stays, to open the file');
  });
});

describe('preview words: a request too large (issue 51, §6)', () => {
  let server: TestServer;
  after(() => server.close());

  it("says Express's 413 page as the app refusing the size, not as a wrong path, and as an answer of the app", async () => {
    // express.json()'s error through Express's default handler: HTML, status 413, before the bridge.
    server = await startTestServer((_req, res) => {
      res.writeHead(413, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!DOCTYPE html><html><body><pre>PayloadTooLargeError: request entity too large</pre></body></html>');
    });
    const failure = await new BridgeClient().previewStep(`${server.url}/api/novu`, SECRET, { workflowId: 'w', stepId: 's', payload: { big: 'x'.repeat(200_000) } });
    assert.notEqual(failure.kind, 'rendered');
    const words = text(failure as BridgeFailure);
    assert.equal(words, "Your app refused the request as too large. Express's `express.json()` allows 100 kB by default; raise it for the bridge route.");
    assert.equal(failureOutcome((failure as BridgeFailure).kind), 'answered');
    assert.equal(text({ kind: 'notBridge', status: 413, contentType: 'text/html' }), words);
  });
});

describe('preview words: never the key', () => {
  let server: TestServer;
  after(() => server.close());

  it('holds for every failure the client returns, even when the app echoes the key', async () => {
    server = await startTestServer(
      fakeBridge({
        secret: SECRET,
        previews: {
          'w/threw': { status: 502, body: { message: `Failed to preview Step with id: \`threw\`: key=${SECRET}`, data: { stack: `Error: ${SECRET}\n    at f (/src/${SECRET}.ts:1:1)` }, code: 'StepExecutionFailedError' } },
          'w/payload': { status: 400, body: { message: SECRET, data: [{ path: `/${SECRET}`, message: SECRET }], code: 'ExecutionEventPayloadInvalidError' } },
          'w/other': { status: 418, body: { message: `teapot ${SECRET}`, code: 'Teapot' } },
          'w/server': { status: 500, body: { message: `Unknown BridgeError: ${SECRET}`, code: 'BridgeError' } },
        },
      }),
    );
    const bridge = `${server.url}/api/novu`;
    const client = new BridgeClient();
    const failures = [
      await client.discover(bridge, 'sk_wrong_environment'),
      ...(await Promise.all(['threw', 'payload', 'other', 'server', 'empty'].map((stepId) => client.previewStep(bridge, SECRET, { workflowId: 'w', stepId })))),
      await client.healthCheck(`${server.url}/nope`),
    ];
    assert.equal(failures.length, 7);
    for (const failure of failures) {
      assert.notEqual(failure.kind, 'rendered');
      const words = failureWords(failure as BridgeFailure, { ...context, url: bridge });
      assert.ok(!JSON.stringify(words).includes(SECRET), JSON.stringify(words));
    }
  });
});

describe('hasSkip', () => {
  const workflowCode = answers.discover.workflows[0].code;

  it('finds the skip option in the workflow’s code, for that step only', () => {
    assert.equal(hasSkip(workflowCode, 'upgrade-nudge'), true);
    assert.equal(hasSkip(workflowCode, 'welcome-sms'), false);
    assert.equal(hasSkip(workflowCode, 'welcome-email'), false, 'its options have controlSchema, not skip');
    assert.equal(hasSkip(workflowCode), true, 'without a step: anywhere in the code');
  });

  it('is false for a step resolver (which never shows its options) and for payload.skip', () => {
    assert.equal(hasSkip(answers.codeStep.code), false);
    assert.equal(hasSkip('async () => ({ body: payload.skip ? "a" : "b" })'), false);
    assert.equal(hasSkip("await step.sms('s', resolve, { skip })", 's'), true);
    assert.equal(hasSkip('await step.sms("s", resolve, { skip() { return true } })', 's'), true);
    assert.equal(hasSkip("await step.sms('s', async () => ({ body: 'skip: no' }))", 's'), false, 'inside a string of the call');
  });

  it('stays fast on 1 MB of code', () => {
    const started = performance.now();
    hasSkip(`step.email('x', ${'('.repeat(500_000)}${"'".repeat(500_000)}`, 'x');
    hasSkip(`skip ${' '.repeat(1_000_000)}`);
    assert.ok(performance.now() - started < 2_000);
  });
});
