// The GitHub Action (issue 56, §3) as a runner runs it: action.yml at the repository's root, read with
// a real YAML parser, its steps run by test/package/actionRunner.mjs (bash -eo pipefail, the
// variables GitHub sets, the inputs through the step's env only), and the CLI it runs is
// novu-explorer-test at the action's pinned version, from a local registry (Verdaccio,
// test/package/registry.mjs) that the package is published to first. Against the demo app's real
// bridge: `command: test` started by the `start` input (exit 1 for the case that fails on purpose,
// its JUnit read back), and against a running app with `workflow` and `files` split into one argument
// each (exit 0); an input's shell metacharacters stay data. `command: compare` against a started
// Sandbox (exit 1, its findings counted). Refusals before anything runs (exit 2): an unknown command,
// an input of the other command, a bad `ci`, Node.js older than 20. The action's outputs are read
// back from the step's GITHUB_OUTPUT when the published CLI writes it (--reporter github, issue 56
// §2). No key in any output.
// Run: node --test test/package/action.test.mjs
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startBridgeApp } from '../../examples/demo-app/bridge/run.mjs';
import { evaluateExpression, parseOutputFile, readAction, runAction } from './actionRunner.mjs';
import { freePort, parseXml } from './helpers.mjs';
import { publish, startRegistry } from './registry.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PACKAGE = join(ROOT, 'packages', 'novu-explorer-test');
const KEY = 'sk_test_action_package_71c0e9d4b2a8';
const DEV = 'canary-action-dev-key-5d2e8b19';
const PROD = 'canary-action-prod-key-0f6a3c77';


/** The CLI's one outcome line among what it wrote (annotations, when it writes them, are other lines). */
const outcomeLine = (text) => text.split('\n').find((line) => line.startsWith('novu-explorer-test'));

describe('action.yml run as a runner would, with novu-explorer-test from a local registry', { timeout: 180_000 }, () => {
  const action = readAction(join(ROOT, 'action.yml'));
  const version = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')).version;
  let work;
  let registry;
  let workspace;
  let baseEnv;
  let app;
  let sandbox;
  /** The published CLI writes GITHUB_OUTPUT (issue 56, §2); until it does, the outputs are not asserted. */
  let writesOutputs;
  const written = [];

  /** The action with `inputs`, the calling step's env holding the secret key (and `env`); every byte kept. */
  const act = async (inputs, env = {}) => {
    const result = await runAction({ actionPath: ROOT, action, inputs, env: { NOVU_SECRET_KEY: KEY, ...env }, workspace, baseEnv });
    written.push(result.stdout, result.stderr, result.summary, ...Object.values(result.outputs));
    return result;
  };

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'nx-action-'));
    registry = await startRegistry(join(work, 'registry'));
    // The package as `npm publish` builds it (its prepack), at the version the action pins.
    rmSync(join(PACKAGE, 'dist'), { recursive: true, force: true });
    publish(PACKAGE, registry.npmEnv(), work);
    writesOutputs = readFileSync(join(PACKAGE, 'dist', 'cli.js'), 'utf8').includes('GITHUB_OUTPUT');
    // The runner's own environment: none of a CI around this test (its GITHUB_* and CI), npm at the registry.
    const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(GITHUB_|RUNNER_|NOVU_|CI$)/.test(name)));
    baseEnv = registry.npmEnv(clean);
    // The user's repository: the demo's case files and their committed snapshot.
    workspace = join(work, 'workspace');
    cpSync(join(ROOT, 'examples', 'demo-app', 'novu-tests'), join(workspace, 'novu-tests'), { recursive: true });
    app = await startBridgeApp({ secretKey: KEY, strict: true, watch: false });
  });

  after(async () => {
    await app?.stop();
    await sandbox?.close();
    await registry?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('command: test starts the demo app (start), exits 1 for the case that fails on purpose and writes JUnit; the CLI is the pinned version from the registry', async (t) => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/api/novu`;
    // A command with quotes and spaces: one argument, through the step's env.
    const start = `"${process.execPath}" "${join(ROOT, 'examples', 'demo-app', 'bridge', 'run.mjs')}" --port ${port} --no-watch --no-strict`;
    const result = await act({ start, 'bridge-url': url, reporter: 'junit', output: 'report.xml', 'working-directory': 'novu-tests' });
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.deepEqual(result.steps[0], { id: undefined, name: 'Set up Node.js', uses: 'actions/setup-node@v4', skipped: 'its if is false' });
    assert.equal(result.stderr.split('\n')[0], `novu-explorer-test@${version} --bridge-url ${url} --start ${shellQuoted(start)} --reporter junit --output report.xml`);
    // CI=true on a runner: CI mode, and the committed snapshot matches.
    assert.match(outcomeLine(result.stdout), /^novu-explorer-test: 4 passed, 1 failed \(2 files, [\d.]+ s\)$/);
    const elements = parseXml(readFileSync(join(workspace, 'novu-tests', 'report.xml'), 'utf8'));
    const root = elements.find((e) => e.name === 'testsuites');
    assert.deepEqual([root.attributes.tests, root.attributes.failures, root.attributes.errors], ['5', '1', '0']);
    if (writesOutputs) {
      assert.deepEqual([result.outputs.passed, result.outputs.failed, result.outputs.errored, result.outputs.skipped], ['4', '1', '0', '0']);
      assert.notEqual(result.summary, '', 'a job summary');
    } else t.diagnostic('TODO: the published CLI writes no GITHUB_OUTPUT yet (issue 56, §2): the outputs passed, failed, errored and skipped are not asserted');
  });

  it('command: test against a running app: workflow and files split on spaces and new lines into one argument each, a glob passed as it is; exit 0', async (t) => {
    const result = await act({ 'bridge-url': app.url, workflow: ' order-shipped\n', files: 'novu-tests/order-*.novu-test.json\n  novu-tests/account-welcome.novu-test.json', ci: 'false', 'update-snapshots': 'false' });
    assert.equal(result.code, 0, result.stdout + result.stderr);
    assert.equal(result.stderr.split('\n')[0], `novu-explorer-test@${version} --bridge-url ${app.url} --workflow order-shipped --ci=false -- novu-tests/order-\\*.novu-test.json novu-tests/account-welcome.novu-test.json`, "the glob is the CLI's to expand, not bash's");
    assert.match(outcomeLine(result.stderr.split('\n').slice(1).join('\n')), /^novu-explorer-test: 2 passed \(1 file, [\d.]+ s\)$/);
    if (writesOutputs) assert.deepEqual([result.outputs.passed, result.outputs.failed, result.outputs.errored, result.outputs.skipped], ['2', '0', '0', '0']);
    else t.diagnostic('TODO: outputs not asserted (no GITHUB_OUTPUT from the CLI yet)');
  });

  it("keeps an input's shell metacharacters as data: nothing runs from them", async () => {
    const marker = join(work, 'injected');
    const result = await act({ 'bridge-url': app.url, workflow: `$(touch ${marker}) \`touch ${marker}\`;touch${'\t'}${marker}` });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /no case file is of workflow \$\(touch, /);
    assert.ok(!existsSync(marker), 'nothing was run');
  });

  it('command: compare against the Sandbox: exit 1, its findings counted', async (t) => {
    const { startSandbox } = createRequire(import.meta.url)(join(ROOT, 'dist', 'sandboxServer.js'));
    sandbox = await startSandbox({ apiKey: DEV, productionApiKey: PROD, subscriberCount: 10, activityCount: 0 });
    const result = await act({ command: 'compare', 'source-api-url': sandbox.url, 'target-api-url': sandbox.url, reporter: 'json', output: 'compare.json' }, { NOVU_SOURCE_API_KEY: DEV, NOVU_TARGET_API_KEY: PROD });
    assert.equal(result.code, 1, result.stdout + result.stderr);
    assert.match(outcomeLine(result.stdout), /^novu-explorer-test compare: Development \(127\.0\.0\.1:\d+\) → Production \(127\.0\.0\.1:\d+\): 7 blocking findings, 10 warnings/);
    const report = readFileSync(join(workspace, 'compare.json'), 'utf8');
    written.push(report);
    const { findings } = JSON.parse(report).comparison;
    assert.deepEqual([findings.filter((f) => f.level === 'blocking').length, findings.filter((f) => f.level === 'warning').length], [7, 10]);
    if (writesOutputs) assert.deepEqual([result.outputs.blocking, result.outputs.warnings], ['7', '10']);
    else t.diagnostic('TODO: the outputs blocking and warnings are not asserted (no GITHUB_OUTPUT from the CLI yet)');
  });

  it('refuses with exit 2, before the CLI is fetched: an unknown command, an input of the other command, a bad ci, Node.js older than 20', async () => {
    const refused = async (inputs, env, message) => {
      const result = await act(inputs, env);
      assert.equal(result.code, 2, result.stderr);
      assert.equal(result.stderr, `novu-explorer-test action: ${message}\n`);
      assert.equal(result.stdout, '');
      return result;
    };
    const setUp = await refused({ command: 'deploy', 'node-version': '20' }, {}, 'the input command takes test or compare.');
    assert.equal(setUp.steps[0].skipped, 'the runner would run it', 'node-version given: setup-node runs first');
    await refused({ command: 'compare', start: 'npm run dev' }, {}, 'the input start applies to command: test only.');
    await refused({ command: 'compare', 'update-snapshots': 'true' }, {}, 'the input update-snapshots applies to command: test only.');
    await refused({ 'target-api-url': 'https://api.novu.co' }, {}, 'the input target-api-url applies to command: compare only.');
    await refused({ ci: 'yes' }, {}, 'the input ci takes true or false.');
    await refused({ 'working-directory': 'no-such-folder' }, {}, 'the input working-directory names no folder.');
    const old = join(work, 'node-18');
    mkdirSync(old);
    writeFileSync(join(old, 'node'), '#!/bin/sh\necho 18\n');
    chmodSync(join(old, 'node'), 0o755);
    await refused({}, { PATH: `${old}:${process.env.PATH}` }, 'novu-explorer-test needs Node.js 20 or later: set the input node-version (20), or run actions/setup-node before this step.');
  });

  it("the runner reads GITHUB_OUTPUT by GitHub's rules and refuses an expression it does not know", () => {
    assert.deepEqual(parseOutputFile('passed=4\nnote<<EOF\na=b\n\nc\nEOF\nempty=\n'), { passed: '4', note: 'a=b\n\nc', empty: '' });
    assert.throws(() => parseOutputFile('just text\n'), /neither name=value/);
    assert.throws(() => parseOutputFile('x<<EOF\nnever closed\n'), /never closed/);
    const context = { inputs: { command: 'test' }, steps: {}, actionPath: ROOT, workspace: ROOT, runnerTemp: tmpdir() };
    assert.equal(evaluateExpression(" inputs.command == 'TEST' ", context), 'true');
    assert.throws(() => evaluateExpression('secrets.NOVU_SECRET_KEY', context), /does not know/);
    assert.throws(() => evaluateExpression('inputs.api-key', context), /has no input api-key/);
    assert.throws(() => evaluateExpression("contains(inputs.command, 't')", context), /does not know/);
  });

  it('never wrote a key', () => {
    assert.ok(written.length >= 40);
    for (const text of written) for (const key of [KEY, DEV, PROD]) assert.ok(!text.includes(key), text.slice(0, 200));
  });
});

/** A word as bash's `printf %q` writes it (the action shows its command line so). */
function shellQuoted(word) {
  return spawnSync('bash', ['-c', 'printf %q "$1"', 'bash', word], { encoding: 'utf8' }).stdout;
}
