/**
 * The runner of notification tests (issue 46, §3, §6) against the demo's real @novu/framework app:
 * the demo's cases (one fails on purpose, with expected and actual), the same case 20 times byte for
 * byte, snapshots written, then a change failed with both texts, then updated; a payload refused at
 * its key; a thrown step at the user's own file; a bad file that stops none of the others; the
 * app down or on another key said once, every case errored. Plus the pure parts: the payload's
 * fixed instance and the expectations.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NovuClient } from '../../../src/api';
import { BridgeClient } from '../../../src/bridge/bridgeClient';
import { SANDBOX_FIXTURES as F, startSandbox } from '../../../src/sandbox';
import { serviceRenderer } from '../../../src/testing/serviceTarget';
import { DEFAULT_CHECKS_SETTINGS } from '../../../src/checks';
import { buildPreviewModel } from '../../../src/rendered/previewModel';
import { casePayload } from '../../../src/testing/casePayload';
import { judgeStep } from '../../../src/testing/expectations';
import { lineIndex } from '../../../src/testing/jsonTree';
import { runCases, type FileToRun, type RunReport } from '../../../src/testing/runCases';
import { readSnapshots } from '../../../src/testing/snapshots';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const CASES = join(ROOT, 'examples', 'demo-app', 'novu-tests');
const RUNNER = join(ROOT, 'examples', 'demo-app', 'bridge', 'run.mjs');
const SECRET = 'sk_test_cases_unit';

interface BridgeApp {
  url: string;
  stop(): Promise<void>;
}

const demoFile = (name: string): FileToRun => {
  const snapshot = join(CASES, `${name}.novu-test.snap.json`);
  return { path: `${name}.novu-test.json`, text: readFileSync(join(CASES, `${name}.novu-test.json`), 'utf8'), ...(existsSync(snapshot) ? { snapshotText: readFileSync(snapshot, 'utf8') } : {}) };
};
const caseFile = (workflow: string, cases: unknown[]): FileToRun => ({ path: `${workflow}-${Math.random()}.novu-test.json`, text: JSON.stringify({ workflow, cases }, null, 2) });
const statuses = (report: RunReport) => report.files.flatMap((f) => f.cases.map((c) => `${c.status}: ${c.name}`));

describe('a case’s payload', () => {
  const schema = {
    type: 'object',
    properties: {
      plan: { type: 'string', enum: ['free', 'team'] },
      company: { type: 'object', properties: { name: { type: 'string', default: 'Acme' }, size: { type: 'integer', minimum: 1 } }, required: ['size'] },
      email: { type: 'string', format: 'email' },
      note: { type: 'string' },
    },
    required: ['plan', 'company', 'email'],
  };

  it('lies over a fixed instance of the schema, merged deeply, and names what it did not set', () => {
    const { payload, unset } = casePayload({ company: { size: 5 }, extra: [1] }, schema);
    assert.deepEqual(payload, { plan: 'free', company: { name: 'Acme', size: 5 }, email: 'sample@example.com', note: 'sample note', extra: [1] });
    assert.deepEqual(unset, ['plan', 'company.name', 'email', 'note'], 'optional keys too: the mock would fill them at random');
  });

  it('is the same on every run, and adds nothing without a visible schema or for garbage', () => {
    const first = JSON.stringify(casePayload({}, schema));
    for (let i = 0; i < 20; i++) assert.equal(JSON.stringify(casePayload({}, schema)), first);
    assert.deepEqual(casePayload({ a: 1 }, undefined), { payload: { a: 1 }, unset: [] });
    assert.deepEqual(casePayload({ a: 1 }, 'garbage'), { payload: { a: 1 }, unset: [] });
    const proto = casePayload(JSON.parse('{"__proto__": {"polluted": 1}}') as Record<string, unknown>, schema).payload;
    assert.ok(Object.prototype.hasOwnProperty.call(proto, '__proto__'));
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  });
});

describe('expectations of a step', () => {
  const email = buildPreviewModel('email', { subject: 'Welcome to Acme, Ada!', body: '<p>Hello <b>Ada</b> <a href="https://x.example/start">go</a></p>' });

  it('holds when met, and fails with the expected and the actual text when not', () => {
    assert.deepEqual(judgeStep('e', { subject: { contains: 'Ada', notContains: 'undefined', matches: '^Welcome' }, text: { contains: 'Hello Ada' }, targets: { contains: 'https://x.example/start' } }, { kind: 'rendered', model: email }), []);
    const failures = judgeStep('e', { subject: { contains: ['Ada', 'Grace'] }, body: { notContains: '<b>' }, targets: { contains: 'https://y.example/' } }, { kind: 'rendered', model: email });
    assert.deepEqual(
      failures.map((f) => [f.path.join('.'), f.expected, f.actual?.slice(0, 21)]),
      [
        ['expect.e.subject.contains', 'Grace', 'Welcome to Acme, Ada!'],
        ['expect.e.body.notContains', '(without <b>)', '<p>Hello <b>Ada</b> <'],
        ['expect.e.targets.contains', 'https://y.example/', 'https://x.example/sta'],
      ],
    );
  });

  it('judges throws and skipped on what happened', () => {
    assert.deepEqual(judgeStep('c', { throws: 'No tracking' }, { kind: 'threw', message: 'No tracking link for carrier "fedex"' }), []);
    assert.equal(judgeStep('c', { throws: true }, { kind: 'rendered', model: email }).length, 1);
    assert.equal(judgeStep('c', { throws: 'other' }, { kind: 'threw', message: 'No tracking' })[0]!.actual, 'No tracking');
    assert.deepEqual(judgeStep('s', { skipped: true }, { kind: 'skipped', reason: 'no phone' }), []);
    assert.match(judgeStep('s', { skipped: false }, { kind: 'skipped', reason: 'the subscriber has no phone number' })[0]!.message, /is skipped: the subscriber has no phone number/);
    const unseen = judgeStep('e', { subject: { contains: 'Hi' } }, { kind: 'skipped', reason: 'the subscriber has no e-mail address' });
    assert.deepEqual(unseen.map((f) => [f.path.join('.'), f.actual]), [['expect.e.subject', 'skipped']], 'an expectation of a skipped step fails, never passes in silence');
    assert.match(unseen[0]!.message, /is skipped \(the subscriber has no e-mail address\): its subject cannot be checked/);
  });

  it('shows a hostile expectation as text, direction controls escaped', () => {
    const [failure] = judgeStep('e', { subject: { contains: '<img src=x onerror=alert(1)>\u202e' } }, { kind: 'rendered', model: email });
    assert.match(failure!.message, /<img src=x onerror=alert\(1\)>\\u202e|<img src=x onerror=alert\(1\)>.*U\+202E/i);
  });
});

describe('running cases against the demo’s real app', { timeout: 120_000 }, () => {
  let app: BridgeApp;
  const client = new BridgeClient();
  const target = () => ({ client, url: app.url, secret: SECRET });
  const options = { settings: DEFAULT_CHECKS_SETTINGS };

  before(async () => {
    const runner = (await import(pathToFileURL(RUNNER).href)) as { startBridgeApp(o: { secretKey: string; strict: boolean; watch: boolean }): Promise<BridgeApp> };
    app = await runner.startBridgeApp({ secretKey: SECRET, strict: true, watch: false });
  });
  after(() => app?.stop());

  it('runs the demo’s cases: the failing one fails with expected and actual, at its place; the rest pass', async () => {
    const files = [demoFile('account-welcome'), demoFile('order-shipped')];
    const report = await runCases(files, target(), options);
    assert.equal(report.problem, undefined);
    assert.deepEqual(statuses(report), [
      'passed: greets the subscriber by first name',
      'passed: falls back to the name given at sign-up',
      'failed: says the trial length in the SMS',
      'passed: names the carrier in the push',
      'passed: has no tracking link for FedEx',
    ]);
    const failed = report.files[0]!.cases[2]!;
    const sms = failed.steps.find((s) => s.stepId === 'welcome-sms')!;
    assert.deepEqual(sms.failures.map((f) => [f.kind, f.expected, f.actual]), [['expectation', '14-day trial', 'Hi Ada, welcome to Acme! Reply STOP to opt out.']]);
    const place = sms.failures[0]!.place!;
    assert.equal(files[0]!.text.slice(place.offset, place.offset + place.length), '"contains"');
    assert.equal(failed.steps.find((s) => s.stepId === 'welcome-email')!.skipped, 'the subscriber has no e-mail address');
    assert.deepEqual(report.files[0]!.cases[0]!.unset, ['ownerName', 'ctaUrl']);
    assert.deepEqual(report.counts, { passed: 4, failed: 1, errored: 0, skipped: 0 });
    // The demo's committed snapshot is what its app sends today: nothing to write.
    assert.deepEqual(report.files[0]!.cases[0]!.steps.map((s) => s.snapshot?.kind), ['matched', 'matched', 'matched', 'matched']);
    assert.equal(report.files[0]!.snapshotWrite, undefined);
  });

  it('renders the same case the same, byte for byte, 20 times', async () => {
    const file = caseFile('payment-receipt', [{ name: 'receipt', subscriber: { firstName: 'Ada', email: 'ada@example.com' }, snapshot: true }]);
    const outputs = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const report = await runCases([file], target(), options);
      outputs.add(report.files[0]!.snapshotWrite!.text);
    }
    assert.equal(outputs.size, 1);
  });

  it('writes a snapshot on the first run, fails a change with both texts, and takes it on update', async () => {
    const cases = (company: string) => [{ name: 'snap', payload: { companyName: company }, subscriber: { firstName: 'Ada', email: 'ada@example.com', phone: '+15005550006' }, snapshot: true }];
    const first = await runCases([caseFile('account-welcome', cases('Acme'))], target(), options);
    const written = first.files[0]!;
    assert.equal(written.cases[0]!.status, 'passed');
    assert.equal(written.snapshotWrite!.written, 4, JSON.stringify(written.cases[0]!.steps.map((s) => [s.stepId, s.status, s.snapshot, s.failures])));
    assert.deepEqual(Object.keys(readSnapshots(written.snapshotWrite!.text).data['snap']!).sort(), ['upgrade-nudge', 'welcome-email', 'welcome-in-app', 'welcome-sms']);
    const again = await runCases([{ ...caseFile('account-welcome', cases('Acme')), snapshotText: written.snapshotWrite!.text }], target(), options);
    assert.equal(again.files[0]!.cases[0]!.status, 'passed');
    assert.equal(again.files[0]!.snapshotWrite, undefined, 'nothing to write when it matches');
    const changed = await runCases([{ ...caseFile('account-welcome', cases('Globex')), snapshotText: written.snapshotWrite!.text }], target(), options);
    const result = changed.files[0]!.cases[0]!;
    assert.equal(result.status, 'failed');
    const email = result.steps.find((s) => s.stepId === 'welcome-email')!.failures[0]!;
    assert.equal(email.kind, 'snapshot');
    assert.match(email.expected!, /Welcome to Acme, Ada!/);
    assert.match(email.actual!, /Welcome to Globex, Ada!/);
    const updated = await runCases([{ ...caseFile('account-welcome', cases('Globex')), snapshotText: written.snapshotWrite!.text }], target(), { ...options, updateSnapshots: true });
    assert.equal(updated.files[0]!.cases[0]!.status, 'passed');
    assert.equal(updated.files[0]!.snapshotWrite!.updated, 3, 'the upgrade nudge does not name the company: its snapshot still matches');
    assert.match(JSON.stringify(readSnapshots(updated.files[0]!.snapshotWrite!.text).data), /Welcome to Globex, Ada!/);
  });

  it('says a refused payload at its key, a thrown step at the user’s file, and a bad file stops no other', async () => {
    const refused = caseFile('account-welcome', [{ name: 'gold plan', payload: { plan: 'gold' } }]);
    const threw = caseFile('order-shipped', [{ name: 'fedex', payload: { carrier: 'fedex' } }]);
    const bad: FileToRun = { path: 'bad.novu-test.json', text: '{ "workflow": "account-welcome", "cases": [ }' };
    const unknown = caseFile('no-such-workflow', [{ name: 'x' }]);
    const report = await runCases([refused, threw, bad, unknown], target(), options);
    assert.deepEqual(statuses(report), ['failed: gold plan', 'failed: fedex', 'errored: x']);
    const planFailure = report.files[0]!.cases[0]!.steps[0]!.failures.find((f) => f.place && refused.text.slice(f.place.offset, f.place.offset + f.place.length) === '"plan"');
    assert.ok(planFailure, JSON.stringify(report.files[0]!.cases[0]!.steps[0]!.failures));
    const chat = report.files[1]!.cases[0]!.steps.find((s) => s.stepId === 'shipped-chat')!;
    assert.equal(chat.failures[0]!.kind, 'threw');
    assert.match(chat.failures[0]!.message, /No tracking link for carrier "fedex"/);
    assert.match(chat.failures[0]!.frame!.file, /welcome\.ts$/);
    assert.equal(report.files[2]!.cases.length, 0, 'bad JSON: no case read');
    assert.equal(report.files[2]!.file.problems.length, 1);
    assert.equal(lineIndex(bad.text)(report.files[2]!.file.problems[0]!.offset).line, 0);
    assert.equal(report.files[3]!.cases[0]!.status, 'errored');
    assert.match(report.files[3]!.cases[0]!.message!, /Your app has no workflow "no-such-workflow"/);
  });

  it('says once that the app does not answer, or answers with another key, and errors every case', async () => {
    const files = [demoFile('account-welcome'), demoFile('order-shipped')];
    const wrongKey = await runCases(files, { client, url: app.url, secret: 'sk_another_environment' }, options);
    assert.match(wrongKey.problem!, /runs with another environment's secret key/);
    assert.doesNotMatch(JSON.stringify(wrongKey), /sk_another_environment/);
    assert.deepEqual(wrongKey.counts, { passed: 0, failed: 0, errored: 5, skipped: 0 });
    const down = await runCases(files, { client, url: 'http://127.0.0.1:9/api/novu', secret: SECRET }, options);
    assert.ok(down.problem);
    assert.deepEqual(down.counts, { passed: 0, failed: 0, errored: 5, skipped: 0 });
  });

  it('renders a dashboard workflow’s cases through the service’s step preview, and says a workflow neither has', async () => {
    const sandbox = await startSandbox({ apiKey: 'sk_cases_service' });
    try {
      const service = serviceRenderer(new NovuClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey }), 'the Sandbox');
      const dashboard = caseFile(F.workflowIdentifier, [{ name: 'welcome', payload: { firstName: 'Ada' }, subscriber: { firstName: 'Ada', email: 'ada@example.com', phone: '+15005550006' }, expect: { 'email-step': { subject: { contains: 'Welcome onboarding: Ada' } } } }]);
      const missing = caseFile('nowhere', [{ name: 'x' }]);
      // Typos of the service's workflow and of the app's: the nearest is offered, at the file's workflow.
      const typos = [caseFile(`${F.workflowIdentifier}x`, [{ name: 'x' }]), caseFile('order-shiped', [{ name: 'x' }])];
      const report = await runCases([dashboard, missing, demoFile('order-shipped'), ...typos], { ...target(), service }, options);
      assert.equal(report.files[0]!.renderedBy, 'service');
      assert.equal(report.files[0]!.cases[0]!.status, 'passed', JSON.stringify(report.files[0]!.cases[0]));
      assert.ok(report.files[0]!.cases[0]!.steps.some((s) => s.stepId === 'email-step' && s.status === 'passed'));
      assert.equal(report.files[1]!.cases[0]!.message, 'Neither your app nor the Sandbox has a workflow "nowhere".');
      assert.deepEqual(
        report.files.slice(3).map((f, i) => [f.cases[0]!.status, f.file.problems.map((p) => [p.message, p.replacement, typos[i]!.text.slice(p.offset, p.offset + p.length)])]),
        [
          ['errored', [[`Neither your app nor the Sandbox has a workflow "${F.workflowIdentifier}x". Did you mean "${F.workflowIdentifier}"?`, JSON.stringify(F.workflowIdentifier), `"${F.workflowIdentifier}x"`]]],
          ['errored', [['Neither your app nor the Sandbox has a workflow "order-shiped". Did you mean "order-shipped"?', '"order-shipped"', '"order-shiped"']]],
        ],
        'said at the workflow’s value, with the nearest id of the service or of the app',
      );
      assert.equal(report.files[2]!.renderedBy, 'app', 'a workflow of the app is rendered by the app');
      // The app down: the dashboard's workflow still runs; the app's are errored with why.
      const down = await runCases([dashboard, demoFile('order-shipped')], { client, url: 'http://127.0.0.1:9/api/novu', secret: SECRET, service }, options);
      assert.equal(down.files[0]!.cases[0]!.status, 'passed');
      assert.ok(down.problem);
      assert.equal(down.files[1]!.cases[0]!.status, 'errored');
    } finally {
      await sandbox.close();
    }
  });
});
