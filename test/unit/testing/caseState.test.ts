/**
 * The same output every run for every step, absent keys, and each case's own time (issue 51, §13–15),
 * against the demo's real @novu/framework app: a digest case's snapshot over 20 runs, the events a
 * case gives, a JSON Schema and a zod/v3 workflow rendering a key left out, a case's time from its
 * first request to its last answer. And a real framework app with custom steps that write a file when
 * they run: a case rendered as sent (`execute`) never runs them. Plus the pure parts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BridgeClient } from '../../../src/bridge/bridgeClient';
import { DEFAULT_CHECKS_SETTINGS } from '../../../src/checks';
import { casePayload } from '../../../src/testing/casePayload';
import { caseState, madeWords } from '../../../src/testing/caseState';
import { readCaseFile } from '../../../src/testing/caseFile';
import { runCases, type CaseResult, type FileToRun } from '../../../src/testing/runCases';
import { readSnapshots } from '../../../src/testing/snapshots';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const RUNNER = join(ROOT, 'examples', 'demo-app', 'bridge', 'run.mjs');
const SERVER = join(ROOT, 'examples', 'demo-app', 'bridge', 'server.mjs');
const SECRET = 'sk_test_case_state_unit';

interface BridgeApp {
  url: string;
  stop(): Promise<void>;
}

let files = 0;
const caseFile = (workflow: string, cases: unknown[]): FileToRun => ({ path: `${workflow}-${files++}.novu-test.json`, text: JSON.stringify({ workflow, cases }, null, 2) });
const options = { settings: DEFAULT_CHECKS_SETTINGS };
const texts = (c: CaseResult) => JSON.stringify(c.steps.map((s) => [s.stepId, s.status, s.failures.map((f) => f.message)]));

describe('other steps’ results and absent keys (pure)', () => {
  const digestSchema = { type: 'object', properties: { eventCount: { type: 'number' }, events: { type: 'array', items: { type: 'object' } } }, required: ['events'] };
  const steps = [
    { stepId: 'collect', type: 'digest', results: { schema: digestSchema } },
    { stepId: 'seen', type: 'in_app', results: { schema: { type: 'object', properties: { seen: { type: 'boolean' }, lastSeenDate: { type: 'string', format: 'date-time' } }, required: ['seen'] } } },
    { stepId: 'charge', type: 'custom', results: { schema: { type: 'object', properties: { receipt: { type: 'string' } } } } },
  ];

  it('makes a digest’s events from the payload sent, the same every run, and names what it made', () => {
    const first = caseState(steps, {}, { teamName: 'Core' });
    assert.deepEqual(first.state[0], {
      stepId: 'collect',
      outputs: { events: [{ id: 'novu-test-event-1', time: '2026-01-01T09:00:00.000Z', payload: { teamName: 'Core' } }, { id: 'novu-test-event-2', time: '2026-01-01T09:00:00.000Z', payload: { teamName: 'Core' } }], eventCount: 2 },
      state: { status: 'success' },
    });
    assert.deepEqual(first.state[1]!.outputs, { seen: false, lastSeenDate: '2026-01-01T09:00:00.000Z' }, 'not the mock’s random seen');
    assert.deepEqual(first.state[2]!.outputs, { receipt: 'sample receipt' });
    assert.deepEqual(first.made, [{ stepId: 'collect', type: 'digest', events: 2 }, { stepId: 'charge', type: 'custom' }]);
    for (let i = 0; i < 20; i++) assert.deepEqual(caseState(steps, {}, { teamName: 'Core' }), first);
  });

  it('takes the case’s own results, filling an event’s id, time and payload', () => {
    const given = caseState(steps, { collect: { events: [{ payload: { title: 'A' } }, { id: 'x', time: 't' }] }, charge: { receipt: 'R-1' } }, { teamName: 'Core' });
    assert.deepEqual(given.state[0]!.outputs['events'], [
      { id: 'novu-test-event-1', time: '2026-01-01T09:00:00.000Z', payload: { title: 'A' } },
      { id: 'x', time: 't', payload: { teamName: 'Core' } },
    ]);
    assert.equal(given.state[0]!.outputs['eventCount'], 2);
    assert.deepEqual(given.state[2]!.outputs, { receipt: 'R-1' });
    assert.deepEqual(given.made, []);
  });

  it('leaves an absent key out of the payload, nested too, and does not call it unset', () => {
    const schema = { type: 'object', properties: { city: { type: 'string' }, address: { type: 'object', properties: { line2: { type: 'string' }, street: { type: 'string' } } } } };
    assert.deepEqual(casePayload({}, schema, ['city', 'address.line2']), { payload: { address: { street: 'sample street' } }, unset: ['address'] });
  });

  it('reads `steps` and `absent` from a case file, a key both given and absent said at its place', () => {
    const text = JSON.stringify({ workflow: 'w', cases: [{ name: 'a', payload: { city: 'Oslo' }, absent: ['city'], steps: { collect: { events: [] } } }, { name: 'b', absent: [''], steps: { collect: 3 } }] }, null, 1);
    const file = readCaseFile(text);
    assert.deepEqual(file.cases[0]!.steps, { collect: { events: [] } });
    const [both] = file.cases[0]!.problems;
    assert.match(both!.message, /cases\.0\.absent: "city" is also in the payload/);
    assert.equal(text.slice(both!.offset, both!.offset + both!.length), '"city"');
    assert.deepEqual(file.cases[1]!.problems.map((p) => p.message.split(':')[0]), ['cases.1.absent.0', 'cases.1.steps.collect']);
  });
});

describe('digests, absent keys and case times against the demo’s real app', { timeout: 120_000 }, () => {
  let app: BridgeApp;
  const client = new BridgeClient();
  const target = () => ({ client, url: app.url, secret: SECRET });

  before(async () => {
    const runner = (await import(pathToFileURL(RUNNER).href)) as { startBridgeApp(o: { secretKey: string; strict: boolean; watch: boolean }): Promise<BridgeApp> };
    app = await runner.startBridgeApp({ secretKey: SECRET, strict: true, watch: false });
  });
  after(() => app?.stop());

  it('renders a digest case the same 20 times (its snapshot holds), and says the events were the runner’s', async () => {
    const file = caseFile('team-digest', [{ name: 'weekly', subscriber: { email: 'ada@example.com' }, snapshot: true }]);
    const first = await runCases([file], target(), options);
    const written = first.files[0]!.snapshotWrite!.text;
    const email = readSnapshots(written).data['weekly']!['digest-email'] as { subject: string };
    assert.equal(email.subject, 'Core team: 2 update(s) this week');
    assert.deepEqual(first.files[0]!.cases[0]!.made, [{ stepId: 'collect', type: 'digest', events: 2 }]);
    assert.equal(madeWords(first.files[0]!.cases[0]!.made), 'results the case did not give (its "steps" key), fixed by the runner: collect (a digest): 2 fixed events carrying this payload');
    for (let i = 0; i < 20; i++) {
      const report = await runCases([{ ...file, snapshotText: written }], target(), options);
      const result = report.files[0]!.cases[0]!;
      assert.equal(result.status, 'passed', `run ${i + 1}: ${texts(result)}`);
      assert.equal(result.steps[0]!.snapshot?.kind, 'matched');
    }
  });

  it('renders the events a case gives', async () => {
    const file = caseFile('team-digest', [{ name: 'three', subscriber: { email: 'ada@example.com' }, steps: { collect: { events: [{ payload: { title: 'Deploy' } }, { payload: { title: 'Review' } }, { payload: {} }] } }, expect: { 'digest-email': { subject: { contains: '3 update(s)' }, body: { contains: ['Deploy', 'Review', 'Update 3'] } } } }]);
    const result = (await runCases([file], target(), options)).files[0]!.cases[0]!;
    assert.equal(result.status, 'passed', texts(result));
    assert.equal(result.made, undefined);
  });

  it('renders an optional key left out, as a send would: a JSON Schema workflow and a zod/v3 one', async () => {
    // team-digest (JSON Schema): each event's title is the payload's; without it the email falls back to "Update n".
    const digest = caseFile('team-digest', [
      { name: 'with title', subscriber: { email: 'ada@example.com' }, expect: { 'digest-email': { body: { contains: 'sample title', notContains: 'Update 1' } } } },
      { name: 'no title', subscriber: { email: 'ada@example.com' }, absent: ['title'], expect: { 'digest-email': { body: { contains: ['Update 1', 'Update 2'], notContains: 'sample title' } } } },
    ]);
    // order-shipped (zod/v3): without trackingUrl the chat links the carrier's own page.
    const shipped = caseFile('order-shipped', [
      { name: 'with link', expect: { 'shipped-chat': { text: { contains: 'https://example.com/sample' } } } },
      { name: 'no link', absent: ['trackingUrl'], expect: { 'shipped-chat': { text: { contains: 'https://track.example.com/dhl/A-1001', notContains: 'example.com/sample' } } } },
    ]);
    const report = await runCases([digest, shipped], target(), options);
    for (const c of report.files.flatMap((f) => f.cases)) assert.equal(c.status, 'passed', `${c.name}: ${texts(c)}`);
    assert.deepEqual(report.files[0]!.cases[1]!.unset, ['teamName', 'frequency'], 'the absent key is not "not set": it is left out');
  });

  it('evaluates a step’s skip condition for a case rendered as sent, as a send does', async () => {
    const file = caseFile('account-welcome', [
      { name: 'enterprise', payload: { plan: 'enterprise' }, subscriber: { firstName: 'Ada', email: 'ada@example.com' }, absent: ['ctaUrl'], expect: { 'upgrade-nudge': { skipped: true }, 'welcome-email': { body: { contains: 'https://app.example.com/start' } } } },
      { name: 'team', payload: { plan: 'team' }, subscriber: { firstName: 'Ada', email: 'ada@example.com' }, absent: ['ctaUrl'], expect: { 'upgrade-nudge': { skipped: false } } },
    ]);
    const [enterprise, team] = (await runCases([file], target(), options)).files[0]!.cases;
    assert.equal(enterprise!.status, 'passed', texts(enterprise!));
    assert.equal(enterprise!.steps.find((s) => s.stepId === 'upgrade-nudge')!.skipped, 'its skip condition holds for this payload');
    assert.equal(team!.status, 'passed', texts(team!));
  });

  it('times each case from its first request to its last answer: one at a time, no case’s time holds another’s', async () => {
    const cases = Array.from({ length: 12 }, (_, i) => ({ name: `receipt ${i}`, subscriber: { email: 'ada@example.com' } }));
    const report = await runCases([caseFile('payment-receipt', cases)], target(), { ...options, maxInFlight: 1 });
    const results = [...report.files[0]!.cases].sort((a, b) => a.startedAt! - b.startedAt!);
    assert.equal(results.length, 12);
    for (let i = 1; i < results.length; i++) {
      const before = results[i - 1]!;
      assert.ok(results[i]!.startedAt! >= before.startedAt! + before.durationMs, `case ${i} started before case ${i - 1} ended: ${JSON.stringify(results.map((r) => [r.startedAt, r.durationMs]))}`);
    }
    const total = results.reduce((sum, r) => sum + r.durationMs, 0);
    assert.ok(total <= report.durationMs, `the cases’ times (${total} ms) fit in the run’s (${report.durationMs} ms)`);
  });
});

describe('a step with effects never runs in a test', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(ROOT, 'out', 'side-effects-'));
  const marker = join(dir, 'ran.txt');
  let child: ChildProcess | undefined;
  let url = '';

  before(async () => {
    // A real framework app (the demo's Express server) whose custom steps write a file when they run.
    const module = join(dir, 'workflows.mjs');
    writeFileSync(
      module,
      `import { workflow } from '@novu/framework';
import { appendFileSync } from 'node:fs';
const ran = (what) => appendFileSync(${JSON.stringify(marker)}, what + '\\n');
export const workflows = [workflow('charge-then-mail', async ({ step, payload }) => {
  const charge = await step.custom('charge', async () => { ran('charge'); return { receipt: 'R-real' }; }, { outputSchema: { type: 'object', properties: { receipt: { type: 'string' } }, required: ['receipt'], additionalProperties: false } });
  await step.email('receipt-email', async () => ({ subject: 'Receipt ' + charge.receipt, body: '<p>Note: ' + payload.note + '</p>' }));
  await step.custom('after', async () => { ran('after'); return {}; });
}, { payloadSchema: { type: 'object', properties: { note: { type: 'string' }, ref: { type: 'string' } }, additionalProperties: false } })];
`,
    );
    child = spawn(process.execPath, [SERVER], { env: { ...process.env, NOVU_DEMO_WORKFLOWS: module, PORT: '0', NOVU_SECRET_KEY: SECRET, NODE_ENV: 'production' }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    const port = await new Promise<number>((done, fail) => {
      child!.on('message', (m: { type?: string; port?: number }) => m.type === 'listening' && done(m.port!));
      child!.on('exit', (code) => fail(new Error(`the app exited (${code})`)));
    });
    url = `http://127.0.0.1:${port}/api/novu`;
  });
  after(() => {
    child?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('renders the message step from the case’s or the runner’s result of the custom step, never running it', async () => {
    const file = caseFile('charge-then-mail', [
      { name: 'as sent, no note', absent: ['note'], expect: { 'receipt-email': { subject: { contains: 'Receipt sample receipt' }, body: { contains: 'Note: undefined' } } } },
      { name: 'as sent, its receipt', payload: { note: 'paid' }, absent: ['ref'], steps: { charge: { receipt: 'R-42' } }, expect: { 'receipt-email': { subject: { contains: 'Receipt R-42' } } } },
      { name: 'previewed', payload: { note: 'hi' }, expect: { 'receipt-email': { subject: { contains: 'Receipt sample receipt' }, body: { contains: 'Note: hi' } } } },
    ]);
    const report = await runCases([file], { client: new BridgeClient(), url, secret: SECRET }, options);
    const [noNote, ...rest] = report.files[0]!.cases;
    // The send would say "Note: undefined": the case sees it, and the check of values not filled in fails it.
    assert.deepEqual(noNote!.steps[0]!.failures.map((f) => [f.kind, f.message]), [['check', 'The body shows “undefined”, a value that was not filled in: “Note: undefined”']]);
    for (const c of rest) assert.equal(c.status, 'passed', `${c.name}: ${texts(c)}`);
    assert.deepEqual(report.files[0]!.cases[0]!.made, [{ stepId: 'charge', type: 'custom' }, { stepId: 'after', type: 'custom' }]);
    assert.equal(existsSync(marker) ? readFileSync(marker, 'utf8') : '', '', 'no custom step’s code ran');
  });

  it('refuses to execute anything but a message step', async () => {
    await assert.rejects(new BridgeClient().previewStep(url, SECRET, { workflowId: 'charge-then-mail', stepId: 'charge', stepType: 'custom', action: 'execute' }), /only for a message step/);
    assert.equal(existsSync(marker), false);
  });
});
