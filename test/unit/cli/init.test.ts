/**
 * `novu-explorer-test init` (issue 56, §7) through main(), against the demo's real @novu/framework
 * app (examples/demo-app/bridge/run.mjs, signatures checked): one case file per workflow the app
 * serves, each read back without a problem and run by main() (snapshots written, then matched);
 * the GitHub workflow read by a real YAML parser and using the action with its own input names;
 * nothing overwritten (a second init exits 2 and changes nothing, a partly written folder gets the
 * rest and says what it skipped); no app answering, a wrong key or a failed write: exit 2 and no
 * file left. The key is in no byte written.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BridgeClient } from '../../../src/bridge/bridgeClient';
import { main, type CliIo } from '../../../src/cli/main';
import { ACTION, SAMPLE_SUBSCRIBER } from '../../../src/cli/initCommand';
import { readCaseFile } from '../../../src/testing/caseFile';
import { checkPayload, payloadSkeleton, requiredKeys } from '../../../src/format/payloadSchema';
import { placeholderOf } from '../../../src/testing/casePayload';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const RUNNER = join(ROOT, 'examples', 'demo-app', 'bridge', 'run.mjs');
const KEY = 'sk_test_init_0123456789abcdef';
/** The input names of the repository's action.yml (issue 56, §3). */
const ACTION_INPUTS = ['command', 'bridge-url', 'start', 'start-timeout', 'workflow', 'reporter', 'output', 'shard', 'ci', 'update-snapshots', 'email-clients', 'sms-max-segments', 'api-url', 'source-api-url', 'target-api-url'];

/** The case file's JSON Schema the extension ships (package.json's jsonValidation for *.novu-test.json). */
const SCHEMA = JSON.parse(readFileSync(join(ROOT, 'media', 'novu-test.schema.json'), 'utf8')) as Schema;

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  items?: Schema;
  minLength?: number;
}

/** Where `value` breaks the schema's type, required, property and item rules (those the case file's schema uses for what init writes). */
function schemaErrors(schema: Schema, value: unknown, path = '$'): string[] {
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length > 0 && !types.includes(kind) && !(kind === 'integer' && types.includes('number'))) return [`${path}: not ${types.join('|')}`];
  if (typeof value === 'string' && schema.minLength !== undefined && value.length < schema.minLength) return [`${path}: too short`];
  if (Array.isArray(value)) return schema.items ? value.flatMap((v, i) => schemaErrors(schema.items!, v, `${path}.${i}`)) : [];
  if (kind !== 'object') return [];
  const record = value as Record<string, unknown>;
  return [
    ...(schema.required ?? []).filter((key) => !(key in record)).map((key) => `${path}: no ${key}`),
    ...Object.entries(record).flatMap(([key, v]) => {
      const own = schema.properties?.[key];
      if (own) return schemaErrors(own, v, `${path}.${key}`);
      if (schema.additionalProperties === false) return [`${path}: unknown ${key}`];
      return typeof schema.additionalProperties === 'object' ? schemaErrors(schema.additionalProperties, v, `${path}.${key}`) : [];
    }),
  ];
}

const yaml = createRequire(__filename)(join(ROOT, 'node_modules', 'js-yaml')) as { load(text: string): unknown };

interface BridgeApp {
  url: string;
  stop(): Promise<void>;
}

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** A port nothing listens on (taken, then given back). */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

/** Every file below `dir` (relative, `/`-separated) with its text: what a run left there. */
function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.set(relative(dir, path).split('\\').join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(dir);
  return out;
}

describe('novu-explorer-test init', { timeout: 120_000 }, () => {
  let app: BridgeApp;
  let base: string;
  let workflows: { workflowId: string; payload?: { schema?: unknown } }[] = [];

  before(async () => {
    const runner = (await import(pathToFileURL(RUNNER).href)) as { startBridgeApp(o: { secretKey: string; strict: boolean; watch: boolean }): Promise<BridgeApp> };
    app = await runner.startBridgeApp({ secretKey: KEY, strict: true, watch: false });
    base = mkdtempSync(join(tmpdir(), 'nx-cli-init-'));
    const discovered = await new BridgeClient().discover(app.url, KEY);
    assert.equal(discovered.kind, 'discovered');
    workflows = discovered.kind === 'discovered' ? discovered.workflows : [];
    assert.ok(workflows.length >= 2, 'the demo serves several workflows');
  });
  after(async () => {
    await app?.stop();
    if (base) rmSync(base, { recursive: true, force: true });
  });

  let folders = 0;
  /** A new empty working folder. */
  const folder = (): string => {
    const dir = join(base, `w${++folders}`);
    mkdirSync(dir);
    return dir;
  };

  async function run(cwd: string, argv: string[], env: Record<string, string> = { NOVU_SECRET_KEY: KEY }): Promise<Run> {
    let stdout = '';
    let stderr = '';
    const io: CliIo = { cwd, env, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, version: '0.1.0-test' };
    const code = await main(argv, io);
    assert.ok(!(stdout + stderr).includes(KEY), 'the key is in no output');
    return { code, stdout, stderr };
  }
  const init = (cwd: string, more: string[] = [], env?: Record<string, string>) => run(cwd, ['init', '--bridge-url', app.url, ...more], env);

  it('checks files against the schema (the check is live)', () => {
    assert.deepEqual(schemaErrors(SCHEMA, { workflow: 'w', cases: [{ name: 'n', snapshot: 'yes', subscriber: { subscriberID: 'x' } }] }), ['$.cases.0.snapshot: not boolean', '$.cases.0.subscriber: unknown subscriberID']);
    assert.deepEqual(schemaErrors(SCHEMA, { cases: [{}] }), ['$: no workflow', '$.cases.0: no name']);
  });

  it('writes one case file per workflow, each read back without a problem, and the workflow file; says them and the next command', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'my-app', scripts: { dev: 'node server.js', start: 'node dist/server.js' } }));
    const { code, stdout, stderr } = await init(dir);
    assert.equal(stderr, '');
    assert.equal(code, 0, stdout);
    const files = tree(dir);
    const expected = [...workflows.map((w) => `novu-tests/${w.workflowId}.novu-test.json`), '.github/workflows/novu-tests.yml', 'package.json'].sort();
    assert.deepEqual([...files.keys()].sort(), expected);
    for (const w of workflows) {
      const shown = `novu-tests/${w.workflowId}.novu-test.json`;
      const text = files.get(shown)!;
      const file = readCaseFile(text);
      assert.deepEqual(file.problems, [], shown);
      assert.deepEqual(schemaErrors(SCHEMA, JSON.parse(text)), [], `${shown} against media/novu-test.schema.json`);
      assert.equal(file.workflowId, w.workflowId);
      assert.equal(file.cases.length, 1);
      const [c] = file.cases;
      assert.deepEqual(c!.problems, [], shown);
      assert.equal(c!.snapshot, true);
      assert.deepEqual(c!.subscriber, SAMPLE_SUBSCRIBER);
      assert.ok(!JSON.parse(text).cases[0].subscriber.subscriberId, 'no subscriberId: a run without --api-url would refuse it');
      // The Preview's starting payload: the schema's required keys, filled, and the schema takes it.
      const schema = w.payload?.schema;
      assert.deepEqual(c!.payload, payloadSkeleton(schema, placeholderOf));
      for (const key of requiredKeys(schema)) assert.ok(key in c!.payload, `${shown}: the required ${key}`);
      assert.deepEqual(checkPayload(c!.payload, schema), {}, `${shown}: the sample passes the schema`);
      assert.match(stdout, new RegExp(`^  wrote ${shown.replace(/[.]/g, '\\.')}$`, 'm'));
      // Save as Test Case's writer: two-space JSON with a final newline.
      assert.equal(text, `${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    }
    assert.match(stdout, /^ {2}wrote \.github\/workflows\/novu-tests\.yml$/m);
    assert.match(stdout, new RegExp(`serves ${workflows.length} workflows`));
    assert.match(stdout, new RegExp(`^  npx novu-explorer-test --bridge-url ${app.url.replace(/[.]/g, '\\.')}$`, 'm'), 'the next command, with the bridge URL given');
    assert.doesNotMatch(stdout, /skipped/);

    // The workflow file: real YAML, the action with its own inputs, the key from the secret by env.
    const doc = yaml.load(files.get('.github/workflows/novu-tests.yml')!) as { on: unknown; jobs: Record<string, { steps: { uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, unknown> }[] }> };
    assert.ok(doc.on && typeof doc.on === 'object' && 'pull_request' in doc.on);
    const steps = Object.values(doc.jobs).flatMap((j) => j.steps);
    const step = steps.find((s) => s.uses === ACTION);
    assert.ok(step, 'a step uses the action');
    assert.equal(ACTION, 'novuexplorer/novu-explorer@v1');
    assert.deepEqual(step.with, { command: 'test', 'bridge-url': app.url, start: 'npm run dev' });
    for (const input of Object.keys(step.with ?? {})) assert.ok(ACTION_INPUTS.includes(input), `${input} is an input of the action`);
    assert.deepEqual(step.env, { NOVU_SECRET_KEY: '${{ secrets.NOVU_SECRET_KEY }}' });
    assert.ok(steps.some((s) => s.run === 'npm install'), 'no package-lock.json: npm install');
    for (const s of steps) if (s.uses) assert.match(s.uses, /@v\d+$/, 'every action pinned to a major version');

    // The written cases run: the first run writes their snapshots, the second matches them.
    const first = await run(dir, ['--bridge-url', app.url, '--no-ci']);
    assert.equal(first.code, 0, `${first.stderr}\n${first.stdout}`);
    assert.match(first.stderr, new RegExp(`^novu-explorer-test: ${workflows.length} passed \\(${workflows.length} files, [^)]*\\); \\d+ new snapshots written$`, 'm'));
    for (const w of workflows) assert.ok(existsSync(join(dir, 'novu-tests', `${w.workflowId}.novu-test.snap.json`)), `${w.workflowId}'s snapshot written`);
    // In CI mode, as the written workflow runs them: the snapshots are there and match.
    const second = await run(dir, ['--bridge-url', app.url, '--ci']);
    assert.equal(second.code, 0, `${second.stderr}\n${second.stdout}`);
    assert.match(second.stderr, new RegExp(`^novu-explorer-test: ${workflows.length} passed \\(`, 'm'));
    assert.doesNotMatch(second.stderr + second.stdout, /snapshot/i, 'nothing written, nothing differs');
  });

  it('writes nothing a second time: exit 2, every file as it was, each skip said', async () => {
    const dir = folder();
    assert.equal((await init(dir)).code, 0);
    const before = tree(dir);
    const times = [...before.keys()].map((f) => statSync(join(dir, f)).mtimeMs);
    const again = await init(dir);
    assert.equal(again.code, 2);
    assert.equal(again.stdout, '');
    assert.match(again.stderr, /^novu-explorer-test init: every file init would write is there already: nothing was written\.$/m);
    for (const f of before.keys()) assert.match(again.stderr, new RegExp(`^  skipped ${f.replace(/[.]/g, '\\.')}: it exists$`, 'm'));
    assert.deepEqual(tree(dir), before);
    assert.deepEqual([...before.keys()].map((f) => statSync(join(dir, f)).mtimeMs), times);
  });

  it('in a partly written folder writes the rest and says what it skipped', async () => {
    const dir = folder();
    const [kept, ...rest] = workflows;
    mkdirSync(join(dir, 'tests'));
    const mine = '{ "workflow": "mine", "cases": [] }\n';
    writeFileSync(join(dir, 'tests', `${kept!.workflowId}.novu-test.json`), mine);
    const { code, stdout } = await init(dir, ['--folder', 'tests']);
    assert.equal(code, 0);
    assert.match(stdout, new RegExp(`^  skipped tests/${kept!.workflowId}\\.novu-test\\.json: it exists$`, 'm'));
    assert.equal(readFileSync(join(dir, 'tests', `${kept!.workflowId}.novu-test.json`), 'utf8'), mine, 'never overwritten');
    for (const w of rest) assert.equal(readCaseFile(readFileSync(join(dir, 'tests', `${w.workflowId}.novu-test.json`), 'utf8')).workflowId, w.workflowId);
    assert.ok(existsSync(join(dir, '.github', 'workflows', 'novu-tests.yml')));
    assert.match(readFileSync(join(dir, '.github', 'workflows', 'novu-tests.yml'), 'utf8'), /as in tests\//);
  });

  it('skips a workflow whose cases are in a file elsewhere', async () => {
    const dir = folder();
    const [w] = workflows;
    mkdirSync(join(dir, 'spec'));
    writeFileSync(join(dir, 'spec', 'mine.novu-test.json'), JSON.stringify({ workflow: w!.workflowId, cases: [] }));
    const { code, stdout } = await init(dir);
    assert.equal(code, 0);
    assert.match(stdout, new RegExp(`skipped novu-tests/${w!.workflowId}\\.novu-test\\.json: the cases of ${w!.workflowId} are in spec/mine\\.novu-test\\.json`));
    assert.equal(existsSync(join(dir, 'novu-tests', `${w!.workflowId}.novu-test.json`)), false);
    assert.equal(readdirSync(join(dir, 'novu-tests')).length, workflows.length - 1);
  });

  it('with no app answering: exit 2, the URL and how to start the app said, nothing written', async () => {
    const dir = folder();
    const url = `http://127.0.0.1:${await freePort()}/api/novu`;
    const { code, stdout, stderr } = await run(dir, ['init', '--bridge-url', url]);
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.match(stderr, new RegExp(`No app answers at ${url.replace(/[.]/g, '\\.')}: start your app first \\(npm run dev`));
    assert.match(stderr, /Nothing was written\./);
    assert.deepEqual(readdirSync(dir), []);
  });

  it('with another key than the app runs with: exit 2, nothing written, neither key said', async () => {
    const dir = folder();
    const other = 'sk_test_other_environment_key_42';
    const { code, stdout, stderr } = await run(dir, ['init', '--bridge-url', app.url, `--secret-key=${other}`], {});
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.match(stderr, /another environment's secret key/);
    assert.ok(!stderr.includes(other));
    assert.deepEqual(readdirSync(dir), []);
  });

  it('removes what it wrote when a file cannot be written: exit 2, nothing left', async () => {
    const dir = folder();
    writeFileSync(join(dir, '.github'), 'a file where the folder would go');
    const { code, stderr } = await init(dir);
    assert.equal(code, 2);
    assert.match(stderr, /\.github\/workflows\/novu-tests\.yml could not be written \((ENOTDIR|EEXIST)\): nothing was written\./);
    assert.deepEqual(readdirSync(dir), ['.github'], 'the case files written before it removed, and their folder');
  });

  it('reads its options as a test run does: the key never said, unknown options named without their value; --help', async () => {
    const dir = folder();
    const typo = await run(dir, ['init', `--secret-kee=${KEY}`]);
    assert.equal(typo.code, 2);
    assert.match(typo.stderr, /--secret-kee is not an option of novu-explorer-test init\. \(init --help lists the options\)/);
    const noKey = await run(dir, ['init', '--bridge-url', app.url], {});
    assert.equal(noKey.code, 2);
    assert.match(noKey.stderr, /No secret key: set NOVU_SECRET_KEY/);
    assert.equal((await run(dir, ['init', 'novu-tests'])).code, 2);
    assert.equal((await run(dir, ['init', '--bridge-url', 'ftp://x'])).code, 2);
    const help = await run(dir, ['init', '--help'], {});
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: novu-explorer-test init \[options\]/);
    assert.match(help.stdout, /--folder FOLDER/);
    assert.match(help.stdout, /never overwrites a file/);
    assert.deepEqual(readdirSync(dir), []);
    const mainHelp = await run(dir, ['--help'], {});
    assert.match(mainHelp.stdout, /novu-explorer-test init --help: /);
  });

  it('writes the workflow without a start command when package.json has none, with npm ci and its cache when locked', async () => {
    const none = folder();
    assert.equal((await init(none, [], { NOVU_SECRET_KEY: KEY })).code, 0);
    const bare = yaml.load(readFileSync(join(none, '.github', 'workflows', 'novu-tests.yml'), 'utf8')) as { jobs: Record<string, { steps: { uses?: string; run?: string; with?: Record<string, unknown> }[] }> };
    const bareSteps = Object.values(bare.jobs).flatMap((j) => j.steps);
    assert.deepEqual(bareSteps.find((s) => s.uses === ACTION)!.with, { command: 'test', 'bridge-url': app.url });
    assert.ok(!bareSteps.some((s) => s.run !== undefined), 'no package.json: no install step');
    assert.match(readFileSync(join(none, '.github', 'workflows', 'novu-tests.yml'), 'utf8'), /# start: npm run dev/);

    const locked = folder();
    writeFileSync(join(locked, 'package.json'), JSON.stringify({ scripts: { start: 'node app.js' } }));
    writeFileSync(join(locked, 'package-lock.json'), '{}');
    assert.equal((await init(locked)).code, 0);
    const doc = yaml.load(readFileSync(join(locked, '.github', 'workflows', 'novu-tests.yml'), 'utf8')) as { jobs: Record<string, { steps: { uses?: string; run?: string; with?: Record<string, unknown> }[] }> };
    const steps = Object.values(doc.jobs).flatMap((j) => j.steps);
    assert.equal(steps.find((s) => s.uses === ACTION)!.with!['start'], 'npm start');
    assert.ok(steps.some((s) => s.run === 'npm ci'));
    assert.equal(steps.find((s) => s.uses === 'actions/setup-node@v4')!.with!['cache'], 'npm');
  });
});
