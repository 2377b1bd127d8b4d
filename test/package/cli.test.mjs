// The command-line runner as a user gets it (issue 46, §7): the project's build makes
// packages/novu-explorer-test/dist/cli.js, `npm pack` packs the package, the tarball is installed
// into a temporary folder (offline: it has no dependencies) and its bin runs against the demo app's
// real @novu/framework bridge: through --start (the app started, waited for and stopped), then
// against one app the test starts. Exit codes 1 (the demo's case that fails on purpose), 0 (one
// workflow), 2 (a case file that is not JSON, an app that does not answer, another environment's
// key); the JUnit report read by a strict XML 1.0 parser, its counts those of the run; the key in no
// byte of any output.
// Run: node --test test/package/cli.test.mjs
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { SaxesParser } from 'saxes';
import { startBridgeApp } from '../../examples/demo-app/bridge/run.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PACKAGE = join(ROOT, 'packages', 'novu-explorer-test');
const KEY = 'sk_test_cli_package_5f0e1d2c3b4a';
const OTHER_KEY = 'sk_test_another_environment_9a8b7c';

/**
 * The environment of the npm commands: without the `npm_…` variables an `npm test` around this one
 * sets (its `npm_config_local_prefix` is the repository: an install there would land in its node_modules).
 */
const NPM_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

/** A port nothing listens on (taken, then given back). */
function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/** Parses with saxes (conformant XML 1.0: a forbidden character or bad markup throws); the elements with their attributes. */
function parseXml(xml) {
  const parser = new SaxesParser();
  const elements = [];
  let failure;
  parser.on('error', (error) => (failure ??= error));
  parser.on('opentag', (tag) => elements.push({ name: tag.name, attributes: tag.attributes }));
  parser.write(xml).close();
  if (failure) throw failure;
  return elements;
}

/** `4 passed, 1 failed` of the one line → counts. */
function countsOf(line) {
  const counts = { passed: 0, failed: 0, errored: 0, skipped: 0 };
  for (const [, n, status] of line.matchAll(/(\d+) (passed|failed|errored|skipped)/g)) counts[status] = Number(n);
  return counts;
}

describe('novu-explorer-test from its packed tarball', { timeout: 120_000 }, () => {
  let work;
  let bin;
  let cases;
  let app;
  const outputs = [];

  /** Runs the installed bin in `cwd`; resolves with its exit code and output (every byte kept for the key check). */
  function run(args, { cwd = cases, env = {} } = {}) {
    return new Promise((resolveRun, reject) => {
      const child = spawn(bin, args, { cwd, env: { ...NPM_ENV, NOVU_SECRET_KEY: KEY, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.once('error', reject);
      child.once('close', (code) => {
        outputs.push(stdout, stderr);
        resolveRun({ code, stdout, stderr, line: stderr.split('\n')[0] });
      });
    });
  }

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'nx-cli-package-'));
    // The project's build makes the bin's bundle (its `--cli` part only: the extension's dist/ is left as it is).
    const build = spawnSync(process.execPath, ['esbuild.mjs', '--cli'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(build.status, 0, build.stderr);
    const pack = spawnSync('npm', ['pack', PACKAGE, '--pack-destination', work, '--json'], { cwd: work, encoding: 'utf8', env: NPM_ENV });
    assert.equal(pack.status, 0, pack.stderr);
    const [packed] = JSON.parse(pack.stdout);
    assert.deepEqual(packed.files.map((f) => f.path).sort(), ['LICENSE', 'README.md', 'dist/cli.js', 'package.json']);
    const install = join(work, 'install');
    cpSync(join(work, packed.filename), join(install, packed.filename));
    writeFileSync(join(install, 'package.json'), '{ "name": "ci-job", "private": true }\n');
    const installed = spawnSync('npm', ['install', '--offline', '--no-audit', '--no-fund', `./${packed.filename}`], { cwd: install, encoding: 'utf8', env: NPM_ENV });
    assert.equal(installed.status, 0, installed.stderr);
    bin = join(install, 'node_modules', '.bin', 'novu-explorer-test');
    assert.ok(statSync(bin).mode & 0o111, 'the bin is executable');
    // No dependency came with it.
    assert.deepEqual(readdirSync(join(install, 'node_modules')).filter((n) => !n.startsWith('.')), ['novu-explorer-test']);
    // The demo's case files, copied without their committed snapshot: the first run writes it.
    cases = join(work, 'cases');
    cpSync(join(ROOT, 'examples', 'demo-app', 'novu-tests'), cases, { recursive: true });
    rmSync(join(cases, 'account-welcome.novu-test.snap.json'), { force: true });
  });

  after(async () => {
    await app?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('starts the demo app with --start, exits 1 for the case that fails on purpose, writes JUnit that counts as the run, and stops the app', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/api/novu`;
    const start = `"${process.execPath}" "${join(ROOT, 'examples', 'demo-app', 'bridge', 'run.mjs')}" --port ${port} --no-watch`;
    const { code, stdout, stderr } = await run(['--start', start, '--bridge-url', url, '--reporter', 'junit', '--output', 'report.xml']);
    assert.equal(code, 1, stdout + stderr);
    const line = stdout.split('\n')[0];
    assert.match(line, /^novu-explorer-test: 4 passed, 1 failed \(2 files, [\d.]+ s\); 4 new snapshots written$/);
    assert.equal(stdout, `${line}\n`, 'only the line: the report is in the file, the app output nowhere');
    const elements = parseXml(readFileSync(join(cases, 'report.xml'), 'utf8'));
    const root = elements.find((e) => e.name === 'testsuites');
    const counts = countsOf(line);
    assert.deepEqual(
      { tests: Number(root.attributes.tests), failures: Number(root.attributes.failures), errors: Number(root.attributes.errors), skipped: Number(root.attributes.skipped) },
      { tests: counts.passed + counts.failed + counts.errored + counts.skipped, failures: counts.failed, errors: counts.errored, skipped: counts.skipped },
    );
    const testcases = elements.filter((e) => e.name === 'testcase');
    assert.equal(testcases.length, 5);
    assert.equal(elements.filter((e) => e.name === 'failure').length, 1);
    assert.deepEqual(testcases.map((t) => t.attributes.classname).sort(), ['account-welcome', 'account-welcome', 'account-welcome', 'order-shipped', 'order-shipped']);
    const failed = elements[elements.findIndex((e) => e.name === 'failure') - 1];
    assert.equal(failed.attributes.name, 'says the trial length in the SMS');
    assert.ok(existsSync(join(cases, 'account-welcome.novu-test.snap.json')), 'the first run wrote the snapshot');
    // The app is stopped: its port no longer answers.
    const after = await run(['--bridge-url', url, '--workflow', 'order-shipped']);
    assert.equal(after.code, 2);
    assert.match(after.line, /^novu-explorer-test: 2 errored \(1 file, [\d.]+ s\): No app answers at 127\.0\.0\.1:\d+ \(connection refused\)\.$/);
  });

  describe('against one running demo app', () => {
    before(async () => {
      app = await startBridgeApp({ secretKey: KEY, strict: true, watch: false });
    });

    it('exits 0 for one workflow whose cases pass, with the snapshot matched', async () => {
      const { code, stdout, line } = await run(['--bridge-url', app.url, '--workflow', 'order-shipped']);
      assert.equal(code, 0, stdout);
      assert.match(line, /^novu-explorer-test: 2 passed \(1 file, [\d.]+ s\)$/);
      assert.match(stdout, /passed {3}names the carrier in the push/);
      const again = await run(['--bridge-url', app.url, 'account-welcome.novu-test.json', '--reporter', 'json']);
      assert.equal(again.code, 1);
      const report = JSON.parse(again.stdout);
      assert.deepEqual(report.counts, { passed: 2, failed: 1, errored: 0, skipped: 0 });
      assert.equal(report.files[0].snapshot, undefined, 'the snapshot matched: nothing written');
    });

    it('holds a digest case’s snapshot run after run, and renders keys left out (issue 51, §13, §14)', async () => {
      const dir = join(work, 'digest');
      cpSync(join(ROOT, 'examples', 'demo-app', 'novu-tests', 'order-shipped.novu-test.json'), join(dir, 'order-shipped.novu-test.json'));
      const shipped = JSON.parse(readFileSync(join(dir, 'order-shipped.novu-test.json'), 'utf8'));
      shipped.cases = [{ name: 'no tracking link given', absent: ['trackingUrl'], expect: { 'shipped-chat': { text: { contains: 'https://track.example.com/dhl/A-1001' } } } }];
      writeFileSync(join(dir, 'order-shipped.novu-test.json'), JSON.stringify(shipped, null, 2));
      const digest = {
        workflow: 'team-digest',
        cases: [
          { name: 'weekly', subscriber: { email: 'ada@example.com' }, snapshot: true },
          { name: 'no title', subscriber: { email: 'ada@example.com' }, absent: ['title'], expect: { 'digest-email': { body: { contains: ['Update 1', 'Update 2'] } } } },
        ],
      };
      writeFileSync(join(dir, 'team-digest.novu-test.json'), JSON.stringify(digest, null, 2));
      const first = await run(['--bridge-url', app.url, '--reporter', 'text'], { cwd: dir });
      assert.equal(first.code, 0, first.stdout + first.stderr);
      assert.match(first.stdout, /collect \(a digest\): 2 fixed events carrying this payload/);
      const written = readFileSync(join(dir, 'team-digest.novu-test.snap.json'), 'utf8');
      assert.match(written, /Core team: 2 update\(s\) this week/);
      for (let i = 0; i < 5; i++) {
        const again = await run(['--bridge-url', app.url], { cwd: dir });
        assert.equal(again.code, 0, again.stdout + again.stderr);
        assert.match(again.line, /^novu-explorer-test: 3 passed \(2 files, [\d.]+ s\)$/);
      }
      assert.equal(readFileSync(join(dir, 'team-digest.novu-test.snap.json'), 'utf8'), written);
    });

    it('exits 2 for a case file that is not JSON, saying where', async () => {
      const dir = mkdtempSync(join(work, 'bad-'));
      writeFileSync(join(dir, 'broken.novu-test.json'), '{ "workflow": "order-shipped",\n  "cases": [ { "name": "x", } ] }\n');
      const { code, stdout, line } = await run(['--bridge-url', app.url], { cwd: dir });
      assert.equal(code, 2);
      assert.match(line, /^novu-explorer-test: 1 errored \(1 file, [\d.]+ s\): 1 case file has problems$/);
      assert.match(stdout, /problem: Not JSON: A comma before a closing brace: JSON allows none\.\n {4}at broken\.novu-test\.json:2:29/);
    });

    it("exits 2 for another environment's key (the app checks signatures)", async () => {
      const { code, stdout, line } = await run(['--bridge-url', app.url, '--secret-key', OTHER_KEY]);
      assert.equal(code, 2);
      assert.match(line, /^novu-explorer-test: 5 errored \(2 files, [\d.]+ s\): Your app at 127\.0\.0\.1:\d+ runs with another environment's secret key than the one given \(NOVU_SECRET_KEY or --secret-key\)\.$/);
      assert.ok(!stdout.includes(OTHER_KEY) && !line.includes(OTHER_KEY));
    });

    it('exits 2 when the app started by --start does not answer in time, and stops it', async () => {
      const port = await freePort();
      const marker = `nx-cli-hang-${process.pid}-${port}`;
      // A shell that starts a child that never answers: both are stopped, as one process group.
      const { code, line } = await run(['--workflow', 'order-shipped', '--bridge-url', `http://127.0.0.1:${port}/api/novu`, '--start', `"${process.execPath}" -e "setInterval(() => {}, 1000) // ${marker}"; echo done`, '--start-timeout', '1']);
      assert.equal(code, 2);
      assert.match(line, /^novu-explorer-test: 2 errored \(1 file, [\d.]+ s\): the bridge at 127\.0\.0\.1:\d+ did not answer within 1\.0 s \(the app was stopped\): No app answers/);
      const processes = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout;
      assert.ok(!processes.includes(marker), 'the started command is gone');
    });
  });

  it('never wrote the key', () => {
    assert.ok(outputs.length >= 12);
    for (const text of outputs) assert.ok(!text.includes(KEY), text);
    for (const name of readdirSync(cases)) assert.ok(!readFileSync(join(cases, name), 'utf8').includes(KEY), name);
  });
});
