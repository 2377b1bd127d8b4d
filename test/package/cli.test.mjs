// The command-line runner as a user gets it (issue 46, §7; issue 56, §1): `npm publish` of the package
// into a local registry (Verdaccio, test/package/registry.mjs: no uplinks, nothing leaves this
// machine) builds packages/novu-explorer-test/dist/cli.js first (its prepack); the package holds
// the bin, README, LICENSE and package.json only, at most 1 MB unpacked, with `engines` and no
// dependencies. Then, as a new user would, from that registry: `npx -y novu-explorer-test@<version>
// --help` in an empty folder, and an install into another (the install and the --help right after
// it are measured and printed, not asserted: this machine's load decides them). The installed bin
// (and npx, for the first run and the first compare) runs against the demo app's
// real @novu/framework bridge: through --start (the app started, waited for and stopped), then
// against one app the test starts. Exit codes 1 (the demo's case that fails on purpose), 0 (one
// workflow), 2 (a case file that is not JSON, an app that does not answer, another environment's
// key, something already answering where --start would start the app, a subscriberId without
// --api-url); the note for an app that checks no signature; CI mode, obsolete snapshots, a snapshot
// diff's changed HTML line; the JUnit report read by a strict XML 1.0 parser, its counts those of
// the run; the key in no byte of any output. Every run sets CI itself (our own CI runs with CI=true).
// `compare` (issue 52) against a started Sandbox's two environments: exits 1, 0 and 2, its JUnit read
// back with counts equal to the findings, canary keys in no output or report. Packing from a clone
// stays the way to run an unreleased commit: `npm pack` without esbuild fails and packs nothing.
// Run: node --test test/package/cli.test.mjs
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { startBridgeApp } from '../../examples/demo-app/bridge/run.mjs';
import { freePort, parseXml } from './helpers.mjs';
import { publish, startRegistry } from './registry.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PACKAGE = join(ROOT, 'packages', 'novu-explorer-test');
const KEY = 'sk_test_cli_package_5f0e1d2c3b4a';
const OTHER_KEY = 'sk_test_another_environment_9a8b7c';

/**
 * The environment of the npm commands: without the `npm_…` variables an `npm test` around this one
 * sets (its `npm_config_local_prefix` is the repository: an install there would land in its node_modules).
 */
const NPM_ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));


/** `4 passed, 1 failed` of the one line → counts. */
function countsOf(line) {
  const counts = { passed: 0, failed: 0, errored: 0, skipped: 0 };
  for (const [, n, status] of line.matchAll(/(\d+) (passed|failed|errored|skipped)/g)) counts[status] = Number(n);
  return counts;
}

/**
 * Runs `command args` to its end under bash's `time`: its exit code and output, and its wall and CPU
 * time (user + system, its children's included), in ms. This machine's load stretches the wall time;
 * the CPU time is what the command itself cost.
 */
function timed(command, args, options) {
  const result = spawnSync('bash', ['-c', 'TIMEFORMAT="%R %U %S"; time "$@"', 'bash', command, ...args], { ...options, encoding: 'utf8' });
  const lines = result.stderr.trimEnd().split('\n');
  const [real, user, system] = lines.pop().split(' ').map(Number);
  return { status: result.status, stdout: result.stdout, stderr: lines.join('\n'), wallMs: real * 1000, cpuMs: (user + system) * 1000 };
}

describe('novu-explorer-test published to a local registry', { timeout: 180_000 }, () => {
  let work;
  let registry;
  let published;
  let version;
  let bin;
  let cases;
  let app;
  const outputs = [];
  const measured = [];

  /**
   * Runs the installed bin in `cwd` (with `npx: true`, `npx -y novu-explorer-test@<version>` from the
   * registry); resolves with its exit code and output (every byte kept for the key check).
   */
  function run(args, { cwd = cases, env = {}, npx = false } = {}) {
    return new Promise((resolveRun, reject) => {
      // CI mode is the runs' own choice: a first run writes its snapshots, whatever CI this test runs in;
      // and under GitHub Actions the runs write no annotations and append nothing to the job's summary.
      const base = npx ? registry.npmEnv() : NPM_ENV;
      const [command, commandArgs] = npx ? ['npx', ['-y', `novu-explorer-test@${version}`, ...args]] : [bin, args];
      const child = spawn(command, commandArgs, { cwd, env: { ...base, NOVU_SECRET_KEY: KEY, CI: '', GITHUB_ACTIONS: '', GITHUB_STEP_SUMMARY: '', GITHUB_OUTPUT: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
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
    version = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')).version;
    registry = await startRegistry(join(work, 'registry'));
    // `npm publish` builds the bin's bundle itself (the package's prepack): none is there before it.
    rmSync(join(PACKAGE, 'dist'), { recursive: true, force: true });
    published = publish(PACKAGE, registry.npmEnv(), work);

    // A new user, in an empty folder, with npm pointed at the registry (and an empty npm cache).
    const first = join(work, 'first');
    mkdirSync(first);
    const npx = timed('npx', ['-y', `novu-explorer-test@${version}`, '--help'], { cwd: first, env: registry.npmEnv() });
    assert.equal(npx.status, 0, npx.stderr);
    assert.match(npx.stdout, /^Usage: novu-explorer-test \[options\]/);
    assert.deepEqual(readdirSync(first), [], 'npx left nothing in the folder');
    measured.push(['npx -y novu-explorer-test --help, first time (install from the registry and run)', npx]);

    // Installed into an empty folder, as a CI job that keeps it does; its bin runs the cases below.
    const install = join(work, 'install');
    mkdirSync(install);
    const installed = timed('npm', ['install', '--prefix', install, `novu-explorer-test@${version}`], { cwd: install, env: registry.npmEnv() });
    assert.equal(installed.status, 0, installed.stderr);
    measured.push(['npm install novu-explorer-test into an empty folder (goal: at most 5 s)', installed]);
    const help = timed('npx', ['novu-explorer-test', '--help'], { cwd: install, env: registry.npmEnv() });
    assert.equal(help.status, 0, help.stderr);
    assert.equal(help.stdout, npx.stdout);
    measured.push(['npx novu-explorer-test --help right after (goal: at most 1 s)', help]);
    bin = join(install, 'node_modules', '.bin', 'novu-explorer-test');
    assert.ok(statSync(bin).mode & 0o111, 'the bin is executable');
    // No dependency came with it.
    assert.deepEqual(readdirSync(join(install, 'node_modules')).filter((n) => !n.startsWith('.')), ['novu-explorer-test']);
    // The demo's case files, copied without their committed snapshot: the first run writes it.
    cases = join(work, 'cases');
    cpSync(join(ROOT, 'examples', 'demo-app', 'novu-tests'), cases, { recursive: true });
    rmSync(join(cases, 'account-welcome.novu-test.snap.json'), { force: true });
  });

  it('holds the bin, README, LICENSE and package.json only: at most 1 MB unpacked, Node 20 and later, no dependencies (measured)', async (t) => {
    assert.deepEqual(published.files.map((f) => f.path).sort(), ['LICENSE', 'README.md', 'dist/cli.js', 'package.json']);
    assert.ok(published.unpackedSize <= 1_000_000, `${published.unpackedSize} bytes unpacked, more than 1 MB`);
    // What the registry serves to npm: the manifest of this version.
    const served = (await (await fetch(`${registry.url}novu-explorer-test`)).json()).versions[version];
    assert.deepEqual(served.engines, { node: '>=20' });
    assert.deepEqual(served.bin, { 'novu-explorer-test': 'dist/cli.js' });
    assert.deepEqual([served.dependencies ?? {}, served.peerDependencies ?? {}, served.optionalDependencies ?? {}], [{}, {}, {}]);
    const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
    t.diagnostic(`unpacked: ${kb(published.unpackedSize)} (dist/cli.js ${kb(published.files.find((f) => f.path === 'dist/cli.js').size)}), packed: ${kb(published.size)}`);
    const [load] = loadavg();
    for (const [what, { wallMs, cpuMs }] of measured) t.diagnostic(`${what}: ${(wallMs / 1000).toFixed(2)} s (${(cpuMs / 1000).toFixed(2)} s of CPU; load average ${load.toFixed(1)} on ${availableParallelism()} cores)`);
  });

  after(async () => {
    await app?.stop();
    await registry?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('starts the demo app with --start, exits 1 for the case that fails on purpose, writes JUnit that counts as the run, and stops the app', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/api/novu`;
    // As an app runs in development (NODE_ENV unset): @novu/framework checks no signature.
    const start = `"${process.execPath}" "${join(ROOT, 'examples', 'demo-app', 'bridge', 'run.mjs')}" --port ${port} --no-watch --no-strict`;
    // Through npx, as the README says to run it: the same exit code and output as the bin's.
    const { code, stdout, stderr } = await run(['--start', start, '--bridge-url', url, '--reporter', 'junit', '--output', 'report.xml'], { npx: true });
    assert.equal(code, 1, stdout + stderr);
    const line = stdout.split('\n')[0];
    assert.match(line, /^novu-explorer-test: 4 passed, 1 failed \(2 files, [\d.]+ s\); 4 new snapshots written$/);
    assert.equal(stdout, `${line}\nYour app does not check signatures, so a wrong key is not caught.\n`, 'the line and its note only: the report is in the file, the app output nowhere');
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
      const { code, stdout, stderr, line } = await run(['--bridge-url', app.url, '--workflow', 'order-shipped']);
      assert.equal(code, 0, stdout);
      assert.match(line, /^novu-explorer-test: 2 passed \(1 file, [\d.]+ s\)$/);
      assert.equal(stderr, `${line}\n`, 'an app that checks signatures: no note');
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

    it('refuses --start when something already answers at the bridge URL (issue 51, §1)', async () => {
      const marker = join(work, 'started-anyway');
      const { code, line } = await run(['--bridge-url', app.url, '--start', `echo started > "${marker}"`, '--workflow', 'order-shipped']);
      assert.equal(code, 2);
      assert.match(line, /^novu-explorer-test: 2 errored \(1 file, [\d.]+ s\): Something already answers at 127\.0\.0\.1:\d+; stop it, or leave out --start to test it\.$/);
      assert.ok(!existsSync(marker), 'nothing was started');
    });

    it('errors a case whose subscriberId needs --api-url: exit 2, an error in JUnit (issue 51, §2)', async () => {
      const dir = mkdtempSync(join(work, 'by-id-'));
      writeFileSync(join(dir, 'order-shipped.novu-test.json'), `${JSON.stringify({ workflow: 'order-shipped', cases: [{ name: 'for a stored subscriber', subscriber: { subscriberId: 'sub-42' } }] })}\n`);
      const { code, stdout, line } = await run(['--bridge-url', app.url, '--reporter', 'junit'], { cwd: dir });
      assert.equal(code, 2);
      assert.match(line, /^novu-explorer-test: 1 errored \(1 file, [\d.]+ s\): 1 case cannot run with these options$/);
      const root = parseXml(stdout).find((e) => e.name === 'testsuites');
      assert.deepEqual([root.attributes.tests, root.attributes.errors, root.attributes.skipped], ['1', '1', '0']);
    });

    it('in CI mode fails a missing snapshot instead of writing it; lists an obsolete one and removes it on --update-snapshots; shows a changed link in the HTML diff (issue 51, §16–18)', async () => {
      const dir = mkdtempSync(join(work, 'snapshots-'));
      const file = join(dir, 'account-welcome.novu-test.json');
      const snapshot = join(dir, 'account-welcome.novu-test.snap.json');
      const cases = JSON.parse(readFileSync(join(ROOT, 'examples', 'demo-app', 'novu-tests', 'account-welcome.novu-test.json'), 'utf8'));
      // A long company name puts the email's link far down its HTML.
      cases.cases = [{ ...cases.cases[0], payload: { ...cases.cases[0].payload, companyName: `Globex ${'and partners '.repeat(80)}` }, expect: {} }];
      writeFileSync(file, `${JSON.stringify(cases, null, 2)}\n`);
      const ci = await run(['--bridge-url', app.url, '--ci'], { cwd: dir });
      assert.equal(ci.code, 1, ci.stdout);
      assert.match(ci.stdout, /welcome-email: `welcome-email` has no snapshot yet, and in CI mode \(--ci\) a missing snapshot fails instead of being written/);
      assert.ok(!existsSync(snapshot), 'nothing written in CI mode');
      const first = await run(['--bridge-url', app.url, '--no-ci'], { cwd: dir, env: { CI: 'true' } });
      assert.equal(first.code, 0, first.stdout);
      assert.match(first.line, /; 4 new snapshots written$/);
      // The stored email had an http: link: the diff shows that line, far below 300 characters.
      const stored = JSON.parse(readFileSync(snapshot, 'utf8'));
      const email = stored.cases[cases.cases[0].name]['welcome-email'];
      assert.ok(email.html.indexOf('https://app.example.com/start') > 1_000);
      email.html = email.html.replace('https://app.example.com/start', 'http://app.example.com/start');
      writeFileSync(snapshot, `${JSON.stringify(stored, null, 2)}\n`);
      const changed = await run(['--bridge-url', app.url], { cwd: dir });
      assert.equal(changed.code, 1);
      assert.match(changed.stdout, /\n {13}- {5}href="http:\/\/app\.example\.com\/start"\n {13}\+ {5}href="https:\/\/app\.example\.com\/start"\n/);
      // Renamed: the old name's entries are obsolete, and CI=true alone is CI mode: the new name's snapshot is missing.
      cases.cases[0].name = 'greets the subscriber by name';
      writeFileSync(file, `${JSON.stringify(cases, null, 2)}\n`);
      const renamed = await run(['--bridge-url', app.url], { cwd: dir, env: { CI: 'true' } });
      assert.equal(renamed.code, 1);
      assert.match(renamed.line, /^novu-explorer-test: 1 failed \(1 file, [\d.]+ s\); 1 obsolete snapshot \(--update-snapshots removes it\)$/);
      assert.match(renamed.stdout, /has no snapshot yet, and in CI mode/);
      assert.match(renamed.stdout, /obsolete snapshots \(no case of that name now; --update-snapshots removes them\): greets the subscriber by first name\n/);
      const updated = await run(['--bridge-url', app.url, '--update-snapshots'], { cwd: dir });
      assert.equal(updated.code, 0, updated.stdout);
      assert.match(updated.line, /; 4 new snapshots written; 1 obsolete snapshot removed$/);
      assert.deepEqual(Object.keys(JSON.parse(readFileSync(snapshot, 'utf8')).cases), ['greets the subscriber by name']);
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

  // Issue 52, §4: the deploy gate against a started Sandbox's two environments (dist/sandboxServer.js).
  describe('compare', () => {
    const DEV = 'canary-package-dev-key-3e8a1f6b';
    const PROD = 'canary-package-prod-key-c47d90e2';
    let planned;
    let same;
    const compareOutputs = [];
    const compare = async (sandbox, args, env = {}, npx = false) => {
      const result = await run(['compare', '--source-api-url', sandbox.url, '--target-api-url', sandbox.url, ...args], { cwd: work, env: { NOVU_SOURCE_API_KEY: DEV, NOVU_TARGET_API_KEY: PROD, ...env }, npx });
      compareOutputs.push(result.stdout, result.stderr);
      return result;
    };
    before(async () => {
      const { startSandbox } = createRequire(import.meta.url)(join(ROOT, 'dist', 'sandboxServer.js'));
      const options = { apiKey: DEV, productionApiKey: PROD, subscriberCount: 10, activityCount: 0 };
      [planned, same] = await Promise.all([startSandbox(options), startSandbox({ ...options, production: 'same' })]);
    });
    after(async () => {
      await Promise.all([planned?.close(), same?.close()]);
    });

    it('exits 1 on the Sandbox\'s planned differences, and its JUnit, read back, counts the findings', async () => {
      const { code, stdout, stderr } = await compare(planned, ['--reporter', 'junit', '--output', 'compare.xml'], {}, true);
      assert.equal(code, 1, stderr);
      assert.match(stdout, /^novu-explorer-test compare: Development \(127\.0\.0\.1:\d+\) → Production \(127\.0\.0\.1:\d+\): 7 blocking findings, 10 warnings \(15 workflows and layouts, 12 differ, [\d.]+ s\)\n$/);
      const xml = readFileSync(join(work, 'compare.xml'), 'utf8');
      compareOutputs.push(xml);
      const elements = parseXml(xml);
      const suites = elements.filter((e) => e.name === 'testsuite');
      const readiness = suites[0];
      // The findings as the JSON report gives them: the JUnit's counts are theirs.
      const json = await compare(planned, ['--reporter', 'json']);
      assert.equal(json.code, 1);
      const findings = JSON.parse(json.stdout).comparison.findings;
      assert.equal(Number(readiness.attributes.tests), findings.length);
      assert.equal(Number(readiness.attributes.failures), findings.filter((f) => f.level === 'blocking').length);
      assert.equal(elements.filter((e) => e.name === 'failure').length, 7);
      const root = elements.find((e) => e.name === 'testsuites');
      assert.equal(Number(root.attributes.tests), elements.filter((e) => e.name === 'testcase').length);
      assert.equal(Number(root.attributes.failures), 7);
      assert.deepEqual(elements.filter((e) => e.name === 'failure').map((e) => e.attributes.type), ['R1', 'R2', 'R3', 'R4', 'R4', 'R4', 'R5']);
    });

    it('exits 0 when Production is the same as Development', async () => {
      const { code, stdout, stderr } = await compare(same, []);
      assert.equal(code, 0, stdout + stderr);
      assert.match(stderr, /: nothing blocking, 1 warning \(13 workflows and layouts, 0 differ, [\d.]+ s\); no differences found in the fields Novu compares\n$/);
    });

    it('exits 2 for a rejected key, naming its side; and for the same environment twice', async () => {
      const rejected = await compare(planned, [], { NOVU_SOURCE_API_KEY: 'canary-rejected-key-77aa' });
      assert.equal(rejected.code, 2);
      assert.equal(rejected.stderr, 'novu-explorer-test compare: nothing compared: source (NOVU_SOURCE_API_KEY): the API key was rejected (API Key not found)\n');
      assert.ok(!rejected.stderr.includes('canary-rejected-key-77aa'));
      const twice = await compare(planned, [], { NOVU_TARGET_API_KEY: DEV });
      assert.equal(twice.code, 2);
      assert.match(twice.stderr, /the same environment \(Development\): nothing to compare\.\n$/);
    });

    it('never wrote a canary key', () => {
      assert.ok(compareOutputs.length >= 9);
      for (const text of compareOutputs) for (const key of [DEV, PROD]) assert.ok(!text.includes(key), text.slice(0, 200));
    });
  });

  it('npm pack without esbuild installed fails, says "run npm ci first", and packs nothing (issue 51, §4)', () => {
    // The repository's build script and the package, in a folder with no node_modules above it.
    const repo = join(work, 'no-deps', 'repo');
    cpSync(join(ROOT, 'esbuild.mjs'), join(repo, 'esbuild.mjs'));
    cpSync(PACKAGE, join(repo, 'packages', 'novu-explorer-test'), { recursive: true, filter: (path) => !path.includes(`${join('novu-explorer-test', 'dist')}`) });
    const out = join(work, 'no-deps', 'out');
    mkdirSync(out);
    const pack = spawnSync('npm', ['pack', join(repo, 'packages', 'novu-explorer-test'), '--pack-destination', out], { cwd: out, encoding: 'utf8', env: NPM_ENV });
    assert.notEqual(pack.status, 0);
    assert.match(pack.stderr + pack.stdout, /esbuild is not installed in .*: run npm ci first/);
    assert.deepEqual(readdirSync(out).filter((n) => n.endsWith('.tgz')), [], 'no tarball');
  });

  it('never wrote the key', () => {
    assert.ok(outputs.length >= 12);
    for (const text of outputs) assert.ok(!text.includes(KEY), text);
    for (const name of readdirSync(cases)) assert.ok(!readFileSync(join(cases, name), 'utf8').includes(KEY), name);
  });
});
