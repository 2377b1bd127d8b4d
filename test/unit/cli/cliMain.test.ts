/**
 * novu-explorer-test's main() against a small strict bridge over real HTTP (the signature checked as
 * @novu/framework does): exit codes 0, 1 and 2, the one line first (on stderr when the report goes
 * to stdout), snapshots written and said then updated on request, obsolete ones listed and removed,
 * CI mode, the progress line on a terminal, and the key in no byte written, even when the app echoes
 * it. With --start, a small app of its own in a process (APP below): refused when something already
 * answers, its crash during the run, a wrong path, an app that checks no signature. The packed
 * package against the real demo app is test/package/cli.test.mjs.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { main, type CliIo } from '../../../src/cli/main';
import { SANDBOX_FIXTURES as F, startSandbox } from '../../../src/sandbox';
import { startTestServer, type TestServer } from '../../fixtures/testServer';
import { caseFile, greetBridge } from './greetBridge';

const KEY = 'sk_test_cli_0123456789abcdef';

/**
 * An app for --start, as a process of its own: the `greet` workflow at /api/novu, no signature
 * checked (as @novu/framework without NODE_ENV=production). `node app.cjs PORT MODE`; MODE `crash`:
 * it dies at the first preview, as an app that lost its port; `not-found`: every path is Express's 404.
 */
const APP = `const http = require('node:http');
const [port, mode] = process.argv.slice(2);
const workflow = { workflowId: 'greet', payload: { schema: { type: 'object', properties: { name: { type: 'string', default: 'there' } }, required: ['name'] } }, steps: [{ stepId: 'greet-sms', type: 'sms', controls: { schema: { type: 'object' } }, outputs: { schema: { type: 'object' } } }] };
http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const url = new URL(req.url, 'http://app');
    const json = (status, value) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(value)); };
    if (mode === 'not-found' || url.pathname !== '/api/novu') { res.writeHead(404, { 'content-type': 'text/html' }); return res.end('<pre>Cannot GET ' + url.pathname + '</pre>'); }
    const action = url.searchParams.get('action');
    if (action === 'health-check') return json(200, { status: 'ok', sdkVersion: '2.13.2', frameworkVersion: '2024-06-26', discovered: { workflows: 1, steps: 1 } });
    if (action === 'discover') return json(200, { workflows: [workflow], agents: [] });
    if (mode === 'crash') { console.error('Error: listen EADDRINUSE: address already in use :::' + port); process.exit(1); }
    const payload = JSON.parse(body).payload || {};
    json(200, { outputs: { body: 'Hi ' + payload.name }, providers: {}, options: { skip: false }, metadata: { status: 'success', error: false, duration: 1 } });
  });
}).listen(Number(port), '127.0.0.1', () => console.log('listening on ' + port));
`;

/** A port nothing listens on (taken, then given back). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('novu-explorer-test: main', () => {
  const state: { smsSuffix: string; bodyLimit?: number } = { smsSuffix: '!' };
  let server: TestServer;
  let dir: string;
  before(async () => {
    server = await startTestServer(greetBridge(KEY, state));
    dir = mkdtempSync(join(tmpdir(), 'nx-cli-main-'));
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function run(argv: string[], options: { tty?: boolean; env?: Record<string, string> } = {}): Promise<Run> {
    let stdout = '';
    let stderr = '';
    const io: CliIo = {
      cwd: dir,
      env: options.env ?? { NOVU_SECRET_KEY: KEY },
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t), ...(options.tty ? { isTTY: true } : {}) },
      version: '0.1.0-test',
    };
    const code = await main(argv.includes('--bridge-url') ? argv : ['--bridge-url', `${server.url}/api/novu`, ...argv], io);
    assert.ok(!(stdout + stderr).includes(KEY), 'the key is in no output');
    return { code, stdout, stderr };
  }

  it('exits 1 when a case fails: the line first on stderr, the report on stdout, the key nowhere even when the app echoes it', async () => {
    const text = caseFile([
      { name: 'says hi', payload: { name: 'Ada' }, expect: { 'greet-sms': { text: { contains: 'Hi Ada' } } } },
      { name: 'says bye', payload: { name: 'Ada', echo: true }, expect: { 'greet-sms': { text: { contains: 'Bye' } } } },
    ]);
    writeFileSync(join(dir, 'greet.novu-test.json'), text);
    // Where `"contains": "Bye"` is, counted here: the failure's place.
    const before = text.slice(0, text.indexOf('"contains": "Bye"')).split('\n');
    const place = `${before.length}:${before[before.length - 1]!.length + 1}`;
    const { code, stdout, stderr } = await run([]);
    assert.equal(code, 1);
    assert.match(stderr, /^novu-explorer-test: 1 passed, 1 failed \(1 file, \d+\.\d s\)\n$/);
    assert.match(stdout, /passed {3}says hi/);
    assert.match(stdout, /FAILED {3}says bye \(\d+ ms\)\n {11}greet-sms: The text does not contain Bye\.\n {13}at greet\.novu-test\.json:(\d+:\d+)\n {13}expected: Bye\n {13}actual: {3}Hi Ada! \(key \*\*\*\)\n/);
    assert.equal(/at greet\.novu-test\.json:(\d+:\d+)/.exec(stdout)?.[1], place);
  });

  it('exits 0 for the cases of one workflow, writes a first snapshot and says so, then fails a change until --update-snapshots', async () => {
    writeFileSync(join(dir, 'greet.novu-test.json'), caseFile([{ name: 'snap', payload: { name: 'Grace' }, snapshot: true }]));
    writeFileSync(join(dir, 'other.novu-test.json'), `${JSON.stringify({ workflow: 'not-this-one', cases: [{ name: 'x' }] })}\n`);
    const snapshot = join(dir, 'greet.novu-test.snap.json');
    const first = await run(['--workflow', 'greet']);
    assert.equal(first.code, 0, first.stderr + first.stdout);
    assert.match(first.stderr, /^novu-explorer-test: 1 passed \(1 file, [\d.]+ s\); 1 new snapshot written\n$/);
    assert.match(first.stdout, /snapshot written \(first run\): greet-sms/);
    assert.deepEqual(JSON.parse(readFileSync(snapshot, 'utf8')).cases, { snap: { 'greet-sms': { text: 'Hi Grace!' } } });

    assert.equal((await run(['--workflow', 'greet'])).code, 0);
    state.smsSuffix = '?';
    try {
      const changed = await run(['greet.novu-test.json', '--reporter', 'json']);
      assert.equal(changed.code, 1);
      const report = JSON.parse(changed.stdout) as { exitCode: number; files: { cases: { failures: { kind: string; expected: string; actual: string }[] }[] }[] };
      assert.equal(report.exitCode, 1);
      assert.equal(report.files[0]!.cases[0]!.failures[0]!.kind, 'snapshot');
      assert.match(report.files[0]!.cases[0]!.failures[0]!.actual, /Hi Grace\?/);
      assert.match(readFileSync(snapshot, 'utf8'), /Hi Grace!/, 'a change is not written without --update-snapshots');

      const updated = await run(['greet.novu-test.json', '--update-snapshots']);
      assert.equal(updated.code, 0);
      assert.match(updated.stderr, /; 1 snapshot updated\n$/);
      assert.match(readFileSync(snapshot, 'utf8'), /Hi Grace\?/);
    } finally {
      state.smsSuffix = '!';
      rmSync(snapshot, { force: true });
      rmSync(join(dir, 'other.novu-test.json'), { force: true });
    }
  });

  it('writes the report to --output and says the line on stdout; on a terminal, one line of progress on stderr', async () => {
    writeFileSync(join(dir, 'greet.novu-test.json'), caseFile([{ name: 'a', payload: { name: 'A' } }, { name: 'b', payload: { name: 'B' } }]));
    const { code, stdout, stderr } = await run(['--reporter', 'junit', '--output', 'report.xml'], { tty: true });
    assert.equal(code, 0);
    assert.match(stdout, /^novu-explorer-test: 2 passed \(1 file, [\d.]+ s\)\n$/);
    // eslint-disable-next-line no-control-regex
    assert.match(stderr, /\r\u001b\[Knovu-explorer-test: 2 of 2: 2 passed, 0 failed, 0 errored/);
    assert.ok(stderr.endsWith('\r\u001b[K'), 'the progress line is cleared');
    assert.match(readFileSync(join(dir, 'report.xml'), 'utf8'), /<testsuites name="novu-explorer-test" tests="2" failures="0" errors="0" skipped="0"/);
  });

  it('exits 2 with one line for another environment\'s key, an app that does not answer, a bad file, a bad argument', async () => {
    writeFileSync(join(dir, 'greet.novu-test.json'), caseFile([{ name: 'a' }]));
    const wrongKey = await run([], { env: { NOVU_SECRET_KEY: 'sk_test_another_environment' } });
    assert.equal(wrongKey.code, 2);
    assert.match(wrongKey.stderr, /^novu-explorer-test: 1 errored \(1 file, [\d.]+ s\): Your app at 127\.0\.0\.1:\d+ runs with another environment's secret key than the one given \(NOVU_SECRET_KEY or --secret-key\)\.\n$/);

    const noApp = await run(['--bridge-url', 'http://127.0.0.1:9/api/novu']);
    assert.equal(noApp.code, 2);
    assert.match(noApp.stderr, /^novu-explorer-test: 1 errored \(1 file, [\d.]+ s\): No app answers at 127\.0\.0\.1:9/);

    writeFileSync(join(dir, 'broken.novu-test.json'), '{ "workflow": "greet", "cases": [ ');
    try {
      const broken = await run([]);
      assert.equal(broken.code, 2);
      assert.match(broken.stderr, /^novu-explorer-test: 1 passed, 1 errored \(2 files, [\d.]+ s\): 1 case file has problems\n$/);
      assert.match(broken.stdout, /broken\.novu-test\.json\n {2}problem: Not JSON: The file ends where a value was expected\.\n {4}at broken\.novu-test\.json:1:35/);
    } finally {
      rmSync(join(dir, 'broken.novu-test.json'));
    }

    const badArgument = await run(['--reporter', 'xml']);
    assert.deepEqual(badArgument, { code: 2, stdout: '', stderr: 'novu-explorer-test: --reporter takes text, json, junit or github. (--help lists the options)\n' });
    const nothing = await run(['missing/*.novu-test.json']);
    assert.equal(nothing.code, 2);
    assert.match(nothing.stderr, /^novu-explorer-test: no case file matches missing\/\*\.novu-test\.json in /);
    const noWorkflow = await run(['--workflow', 'nope']);
    assert.match(noWorkflow.stderr, /^novu-explorer-test: no case file is of workflow nope \(1 case file read\)\.\n$/);
  });

  it('exits 2 when the command given to --start ends before its bridge answers, and shows its last lines with the key hidden', async () => {
    writeFileSync(join(dir, 'greet.novu-test.json'), caseFile([{ name: 'a' }]));
    const { code, stderr } = await run(['--bridge-url', 'http://127.0.0.1:9/api/novu', '--start', `echo "starting with $NOVU_SECRET_KEY"; exit 3`, '--start-timeout', '20'], { env: { NOVU_SECRET_KEY: KEY, PATH: process.env['PATH'] ?? '' } });
    assert.equal(code, 2);
    // The outcome line first, then the app's last lines (issue 51, §7).
    assert.match(stderr, /^novu-explorer-test: 1 errored \(1 file, [\d.]+ s\): the command given to --start failed \(exit code 3\) before the bridge at 127\.0\.0\.1:9 answered\.\nThe last lines of your app's output:\n {2}starting with \*\*\*\n$/);
    assert.ok(!existsSync(join(dir, 'greet.novu-test.snap.json')));
  });

  it('waits for the bridge when the command given to --start ends well (the app started in the background), and says once that the app checks no signature', async () => {
    writeFileSync(join(dir, 'greet.novu-test.json'), caseFile([{ name: 'a', payload: { name: 'A' } }]));
    writeFileSync(join(dir, 'app.cjs'), APP);
    const port = await freePort();
    const { code, stderr, stdout } = await run(['--bridge-url', `http://127.0.0.1:${port}/api/novu`, '--start', `"${process.execPath}" app.cjs ${port} ok & exit 0`, '--start-timeout', '20'], { env: { NOVU_SECRET_KEY: KEY, PATH: process.env['PATH'] ?? '' } });
    assert.equal(code, 0, stderr);
    assert.match(stderr, /^novu-explorer-test: 1 passed \(1 file, [\d.]+ s\)\nYour app does not check signatures, so a wrong key is not caught\.\n$/);
    assert.ok(!stdout.includes('check signatures'), 'said once');
  });

  it('refuses --start when something already answers at the bridge URL: nothing is started, exit 2 (issue 51, §1)', async () => {
    writeFileSync(join(dir, 'greet.novu-test.json'), caseFile([{ name: 'a', payload: { name: 'A' } }]));
    const marker = join(dir, 'started');
    // The strict test server holds the port: an app left running there.
    const { code, stderr } = await run(['--start', `echo started > "${marker}"`, '--reporter', 'junit'], { env: { NOVU_SECRET_KEY: KEY, PATH: process.env['PATH'] ?? '' } });
    assert.equal(code, 2);
    assert.match(stderr, /^novu-explorer-test: 1 errored \(1 file, [\d.]+ s\): Something already answers at 127\.0\.0\.1:\d+; stop it, or leave out --start to test it\.\n$/);
    assert.ok(!existsSync(marker), 'the command was not run');
  });

  it('ends the run with exit 2 and the last lines when the started app dies during it', async () => {
    writeFileSync(join(dir, 'greet.novu-test.json'), caseFile([{ name: 'a', payload: { name: 'A' } }, { name: 'b', payload: { name: 'B' } }]));
    writeFileSync(join(dir, 'app.cjs'), APP);
    const port = await freePort();
    const { code, stderr } = await run(['--bridge-url', `http://127.0.0.1:${port}/api/novu`, '--start', `"${process.execPath}" app.cjs ${port} crash`, '--start-timeout', '20'], { env: { NOVU_SECRET_KEY: KEY, PATH: process.env['PATH'] ?? '' } });
    assert.equal(code, 2, stderr);
    assert.match(stderr, /^novu-explorer-test: 2 errored \(1 file, [\d.]+ s\): the command given to --start ended \(exit code 1\) during the run\.\n/);
    assert.match(stderr, /\nThe last lines of your app's output:\n {2}listening on \d+\n {2}Error: listen EADDRINUSE: address already in use :::\d+\n$/);
  });

  it('says a wrong bridge path at the first answer, not after --start-timeout (issue 51, §5)', async () => {
    writeFileSync(join(dir, 'greet.novu-test.json'), caseFile([{ name: 'a', payload: { name: 'A' } }]));
    writeFileSync(join(dir, 'app.cjs'), APP);
    const port = await freePort();
    const started = Date.now();
    const { code, stderr } = await run(['--bridge-url', `http://127.0.0.1:${port}/api/novu`, '--start', `"${process.execPath}" app.cjs ${port} not-found`, '--start-timeout', '60'], { env: { NOVU_SECRET_KEY: KEY, PATH: process.env['PATH'] ?? '' } });
    assert.equal(code, 2, stderr);
    assert.ok(Date.now() - started < 15_000, `said after ${Date.now() - started} ms`);
    assert.match(stderr, /^novu-explorer-test: 1 errored \(1 file, [\d.]+ s\): the app started by --start answers, but not as a bridge: No Novu bridge answers at 127\.0\.0\.1:\d+ \(HTTP 404\): is the path right \(often \/api\/novu\)\?\n/);
  });

  it('says a 413 as the app refusing a request too large, not as a wrong path (issue 51, §6)', async () => {
    writeFileSync(join(dir, 'greet.novu-test.json'), caseFile([{ name: 'big', payload: { name: 'x'.repeat(5_000) } }, { name: 'small', payload: { name: 'A' } }]));
    state.bodyLimit = 2_000;
    try {
      const { code, stdout, stderr } = await run([]);
      assert.equal(code, 1, stderr + stdout);
      assert.match(stdout, /FAILED {3}big \(\d+ ms\)\n {11}greet-sms: It did not render: Your app refused the request as too large\. Express's `express\.json\(\)` allows 100 kB by default; raise it for the bridge route\.\n/);
      assert.match(stdout, /passed {3}small/);
      assert.ok(!(stdout + stderr).includes('is the path right'));
    } finally {
      delete state.bodyLimit;
    }
  });

  it('errors a case with a subscriberId when there is no --api-url to look it up: exit 2, an error in JUnit (issue 51, §2)', async () => {
    writeFileSync(join(dir, 'greet.novu-test.json'), caseFile([{ name: 'by id', payload: { name: 'A' }, subscriber: { subscriberId: 'sub-1' }, expect: { 'greet-sms': { text: { contains: 'Hi' } } } }, { name: 'plain', payload: { name: 'A' } }]));
    const { code, stdout, stderr } = await run([]);
    assert.equal(code, 2);
    assert.match(stderr, /^novu-explorer-test: 1 passed, 1 errored \(1 file, [\d.]+ s\): 1 case cannot run with these options\n$/);
    assert.match(stdout, /ERRORED {2}by id\n {11}Its subscriberId cannot be looked up without --api-url/);
    const junit = await run(['--reporter', 'junit']);
    assert.match(junit.stdout, /<testsuites name="novu-explorer-test" tests="2" failures="0" errors="1" skipped="0"/);
    assert.match(junit.stdout, /<error message="Its subscriberId cannot be looked up without --api-url/);
  });

  it('lists obsolete snapshots, removes them with --update-snapshots, and in CI mode fails a missing snapshot instead of writing it (issue 51, §16, §17)', async () => {
    const snapshot = join(dir, 'greet.novu-test.snap.json');
    try {
      writeFileSync(join(dir, 'greet.novu-test.json'), caseFile([{ name: 'old name', payload: { name: 'Ada' }, snapshot: true }]));
      assert.equal((await run(['--no-ci'], { env: { NOVU_SECRET_KEY: KEY, CI: 'true' } })).code, 0);
      assert.deepEqual(Object.keys(JSON.parse(readFileSync(snapshot, 'utf8')).cases), ['old name']);
      // Renamed: its old entry is obsolete, and the new name has no snapshot yet.
      writeFileSync(join(dir, 'greet.novu-test.json'), caseFile([{ name: 'new name', payload: { name: 'Ada' }, snapshot: true }]));
      for (const [argv, env] of [[['--ci'], { NOVU_SECRET_KEY: KEY }], [[], { NOVU_SECRET_KEY: KEY, CI: 'true' }]] as const) {
        const ci = await run([...argv], { env });
        assert.equal(ci.code, 1, ci.stderr);
        assert.match(ci.stderr, /^novu-explorer-test: 1 failed \(1 file, [\d.]+ s\); 1 obsolete snapshot \(--update-snapshots removes it\)\n$/);
        assert.match(ci.stdout, /greet-sms: `greet-sms` has no snapshot yet, and in CI mode \(--ci\) a missing snapshot fails instead of being written/);
        assert.match(ci.stdout, /obsolete snapshots \(no case of that name now; --update-snapshots removes them\): old name\n/);
        assert.deepEqual(Object.keys(JSON.parse(readFileSync(snapshot, 'utf8')).cases), ['old name'], 'nothing written in CI mode');
      }
      // --update-snapshots writes a missing one in CI mode too (as Jest's --ci -u), and removes the obsolete one.
      const updated = await run(['--update-snapshots', '--ci']);
      assert.equal(updated.code, 0);
      assert.match(updated.stderr, /^novu-explorer-test: 1 passed \(1 file, [\d.]+ s\); 1 new snapshot written; 1 obsolete snapshot removed\n$/);
      assert.deepEqual(Object.keys(JSON.parse(readFileSync(snapshot, 'utf8')).cases), ['new name']);
    } finally {
      rmSync(snapshot, { force: true });
    }
  });

  it('renders a dashboard workflow through the service with --api-url, the API key in no byte written', async () => {
    const apiKey = 'sk_test_cli_service_key_0123';
    const sandbox = await startSandbox({ apiKey });
    const folder = mkdtempSync(join(tmpdir(), 'nx-cli-service-'));
    try {
      writeFileSync(join(folder, 'welcome.novu-test.json'), `${JSON.stringify({ workflow: F.workflowIdentifier, cases: [{ name: 'onboarding', payload: { firstName: 'Ada' }, subscriber: { firstName: 'Ada', email: 'ada@example.com', phone: '+15005550006' }, expect: { 'email-step': { subject: { contains: 'Welcome onboarding: Ada' } } } }] })}\n`);
      let stdout = '';
      let stderr = '';
      const code = await main(['--bridge-url', `${server.url}/api/novu`, '--api-url', sandbox.url, '--api-key', apiKey], {
        cwd: folder,
        env: { NOVU_SECRET_KEY: KEY },
        stdout: { write: (t: string) => (stdout += t) },
        stderr: { write: (t: string) => (stderr += t) },
        version: '0.1.0-test',
      });
      assert.equal(code, 0, stderr + stdout);
      assert.match(stderr, /^novu-explorer-test: 1 passed/);
      assert.ok(!(stdout + stderr).includes(apiKey) && !(stdout + stderr).includes(KEY));
      const unknown = await main(['--api-key', apiKey], { cwd: folder, env: { NOVU_SECRET_KEY: KEY }, stdout: { write: () => 0 }, stderr: { write: (t: string) => (stderr = t) }, version: '0' });
      assert.equal(unknown, 2);
      assert.match(stderr, /--api-key applies only with --api-url/);
    } finally {
      await sandbox.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
