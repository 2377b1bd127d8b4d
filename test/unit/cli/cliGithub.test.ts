/**
 * novu-explorer-test under GitHub Actions (issue 56, §2 and §6), through main() against a small
 * strict bridge over real HTTP, and `compare` against a started Sandbox: with GITHUB_ACTIONS=true
 * the failed case is an annotation on its case's line beside a JUnit report, the job summary and the
 * outputs are appended to the files GitHub names; `--no-github` turns it off; `--reporter github`
 * alone writes only annotations; a text report is fenced so that an app's text is no command; a
 * summary file that cannot be written is exit 2 with nothing run and nothing written; the shards of
 * one command run each case once, and a shard with no file passes and says so. The keys are in no
 * byte written. Annotations are read back by GitHub's rules (githubCommands.ts).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main, type CliIo } from '../../../src/cli/main';
import { type Sandbox, startSandbox } from '../../../src/sandbox';
import { startTestServer, type TestServer } from '../../fixtures/testServer';
import { caseFile, greetBridge } from './greetBridge';
import { readCommands } from './githubCommands';

const KEY = 'sk_test_cli_github_0123456789abcdef';

/** The 1-based line of the first `text` in `file`. */
const lineOf = (file: string, text: string) => file.slice(0, file.indexOf(text)).split('\n').length;

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

describe('novu-explorer-test under GitHub Actions', () => {
  let server: TestServer;
  let dir: string;
  before(async () => {
    server = await startTestServer(greetBridge(KEY, { smsSuffix: '!' }));
  });
  after(async () => {
    await server.close();
  });

  /** A fresh working folder with GitHub's two files (already holding a line each, as earlier steps leave them). */
  function folder(): { dir: string; summary: string; output: string } {
    dir = mkdtempSync(join(tmpdir(), 'nx-cli-github-'));
    mkdirSync(join(dir, 'runner'));
    const summary = join(dir, 'runner', 'step_summary');
    const output = join(dir, 'runner', 'output');
    writeFileSync(summary, '# Earlier step\n');
    writeFileSync(output, 'earlier=1\n');
    return { dir, summary, output };
  }

  async function run(argv: string[], env: Record<string, string | undefined>, cwd = dir): Promise<Ran> {
    let stdout = '';
    let stderr = '';
    const io: CliIo = { cwd, env: { NOVU_SECRET_KEY: KEY, ...env }, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, version: '0.1.0-test' };
    const code = await main(['--bridge-url', `${server.url}/api/novu`, ...argv], io);
    assert.ok(!(stdout + stderr).includes(KEY), 'the key is in no output');
    return { code, stdout, stderr };
  }

  it('with GITHUB_ACTIONS=true beside JUnit: the failed case annotated on its line, the summary and outputs appended, the key nowhere', async () => {
    const { summary, output } = folder();
    try {
      const text = caseFile([
        { name: 'says hi', payload: { name: 'Ada' }, expect: { 'greet-sms': { text: { contains: 'Hi Ada' } } } },
        { name: 'says bye', payload: { name: 'Ada', echo: true }, expect: { 'greet-sms': { text: { contains: 'Bye' } } } },
      ]);
      mkdirSync(join(dir, 'novu-tests'));
      writeFileSync(join(dir, 'novu-tests', 'greet.novu-test.json'), text);
      const env = { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output, GITHUB_WORKSPACE: dir };
      const { code, stdout, stderr } = await run(['--reporter', 'junit', '--output', 'report.xml'], env);
      assert.equal(code, 1, stderr + stdout);
      assert.equal(stderr, '');
      assert.match(stdout, /^novu-explorer-test: 1 passed, 1 failed \(1 file, [\d.]+ s\)\n::error /);
      const commands = readCommands(stdout);
      assert.equal(commands.length, 1, stdout);
      assert.deepEqual(commands[0]!.properties, { file: 'novu-tests/greet.novu-test.json', line: String(lineOf(text, '"name": "says bye"')), title: 'greet › says bye' });
      assert.equal(commands[0]!.name, 'error');
      assert.match(commands[0]!.message, /^greet-sms: The text does not contain Bye\.\n {2}at novu-tests\/greet\.novu-test\.json:\d+:\d+\n {2}expected: Bye\n {2}actual: {3}Hi Ada! \(key \*\*\*\)$/);
      assert.match(readFileSync(join(dir, 'report.xml'), 'utf8'), /<testsuites name="novu-explorer-test" tests="2" failures="1"/);

      const written = readFileSync(summary, 'utf8');
      assert.ok(written.startsWith('# Earlier step\n### novu\\-explorer\\-test\\: 1 passed\\, 1 failed'), written.slice(0, 200));
      assert.match(written, /\| 1 \| 1 \| 0 \| 0 \|/);
      assert.match(written, /<details><summary>failed: greet › says bye \(novu-tests\/greet\.novu-test\.json:\d+\)<\/summary>\n\n```text\ngreet-sms: The text does not contain Bye\.\n/);
      assert.ok(!written.includes(KEY) && written.includes('(key ***)'), 'the key is replaced in the summary');
      assert.equal(readFileSync(output, 'utf8'), 'earlier=1\npassed=1\nfailed=1\nerrored=0\nskipped=0\n');

      // --no-github: the same run without any of it.
      writeFileSync(summary, '');
      writeFileSync(output, '');
      const off = await run(['--reporter', 'junit', '--output', 'report.xml', '--no-github'], env);
      assert.equal(off.code, 1);
      assert.match(off.stdout, /^novu-explorer-test: 1 passed, 1 failed \(1 file, [\d.]+ s\)\n$/);
      assert.equal(readFileSync(summary, 'utf8') + readFileSync(output, 'utf8'), '');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fences the text report so that what the app says is no command, and puts annotations beside a JSON report on stderr', async () => {
    folder();
    try {
      writeFileSync(join(dir, 'greet.novu-test.json'), caseFile([{ name: 'forges', payload: { name: 'x\n::error file=src/evil.ts,line=1::forged\n::add-mask::oops' }, expect: { 'greet-sms': { text: { contains: 'Bye' } } } }]));
      const text = await run([], { GITHUB_ACTIONS: 'true' });
      assert.equal(text.code, 1);
      assert.match(text.stdout, /\n +::error file=src\/evil\.ts,line=1::forged\n/, 'the app’s line is in the report as it said it');
      const commands = readCommands(text.stdout);
      assert.deepEqual(commands.map((c) => [c.name, c.properties['file'], c.properties['title']]), [['error', 'greet.novu-test.json', 'greet › forges']]);
      assert.match(commands[0]!.message, /\n {4}::error file=src\/evil\.ts,line=1::forged\n {4}::add-mask::oops!\n/);

      const json = await run(['--reporter', 'json'], { GITHUB_ACTIONS: 'true' });
      assert.equal(json.code, 1);
      assert.equal(JSON.parse(json.stdout).exitCode, 1, 'stdout is the JSON report alone');
      assert.deepEqual(readCommands(json.stderr).map((c) => c.name), ['error']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--reporter github alone: only annotations on stdout, the line on stderr; no file without the variables', async () => {
    folder();
    try {
      writeFileSync(join(dir, 'greet.novu-test.json'), caseFile([{ name: 'ok', payload: { name: 'A' } }, { name: 'bad', payload: { name: 'A' }, expect: { 'greet-sms': { text: { contains: 'B' } } } }]));
      const { code, stdout, stderr } = await run(['--reporter', 'github'], {});
      assert.equal(code, 1);
      assert.match(stderr, /^novu-explorer-test: 1 passed, 1 failed/);
      assert.ok(stdout.split('\n').filter((l) => l !== '').every((l) => l.startsWith('::')), stdout);
      assert.deepEqual(readCommands(stdout).map((c) => `${c.name} ${c.properties['title']}`), ['error greet › bad']);
      const refused = await run(['--reporter', 'github', '--output', 'x.txt'], {});
      assert.equal(refused.code, 2);
      assert.match(refused.stderr, /--reporter github writes annotations to stdout/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exits 2 with nothing run and nothing written when the summary or output file cannot be written', async () => {
    const { summary, output } = folder();
    try {
      writeFileSync(join(dir, 'greet.novu-test.json'), caseFile([{ name: 'snap', payload: { name: 'A' }, snapshot: true }]));
      const asked = server.requests.length;
      for (const [variable, path, code] of [
        ['GITHUB_STEP_SUMMARY', join(dir, 'missing', 'summary.md'), 'ENOENT'],
        ['GITHUB_STEP_SUMMARY', join(dir, 'runner'), 'EISDIR'],
        ['GITHUB_OUTPUT', join(summary, 'output'), 'ENOTDIR'],
      ] as const) {
        const env = { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output, [variable]: path };
        const { code: exit, stdout, stderr } = await run(['--reporter', 'junit', '--output', 'report.xml'], env);
        assert.equal(exit, 2);
        assert.equal(stdout, '');
        assert.equal(stderr, `novu-explorer-test: ${variable} names ${path}, which cannot be written (${code}): give a file that can be written, or --no-github.\n`);
      }
      assert.equal(server.requests.length, asked, 'the app was not asked');
      assert.ok(!existsSync(join(dir, 'report.xml')) && !existsSync(join(dir, 'greet.novu-test.snap.json')), 'no report, no snapshot');
      assert.equal(readFileSync(summary, 'utf8'), '# Earlier step\n');
      assert.equal(readFileSync(output, 'utf8'), 'earlier=1\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--shard i/n: the shards of one command run each case once, each its own JUnit; a shard with no file passes and says so', async () => {
    const { summary, output } = folder();
    try {
      const names = ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta'];
      for (const name of names) writeFileSync(join(dir, `${name}.novu-test.json`), caseFile([{ name: `${name} 1`, payload: { name } }, { name: `${name} 2`, payload: { name } }]));
      const ran: string[] = [];
      for (let i = 1; i <= 3; i++) {
        const { code, stdout } = await run(['--shard', `${i}/3`, '--reporter', 'junit', '--output', `novu-tests-${i}.xml`], {});
        assert.equal(code, 0, stdout);
        const xml = readFileSync(join(dir, `novu-tests-${i}.xml`), 'utf8');
        assert.match(xml, new RegExp(`<testsuites name="novu-explorer-test \\(shard ${i}/3\\)"`));
        const cases = [...xml.matchAll(/<testcase name="([^"]+)"/g)].map((m) => m[1]!);
        const files = cases.length / 2;
        assert.match(stdout, new RegExp(`^novu-explorer-test: ${cases.length} passed \\(${files === 1 ? '1 file' : `${files} files`} of 8, shard ${i}/3, [\\d.]+ s\\)\\n$`));
        ran.push(...cases);
      }
      assert.deepEqual([...ran].sort(), names.flatMap((n) => [`${n} 1`, `${n} 2`]).sort(), 'every case once');

      // One file, four shards: three have nothing to run, pass, say so, and still write their report, summary and outputs.
      for (const name of names.slice(1)) rmSync(join(dir, `${name}.novu-test.json`));
      const outcomes: string[] = [];
      for (let i = 1; i <= 4; i++) {
        writeFileSync(summary, '');
        writeFileSync(output, '');
        const asked = server.requests.length;
        const { code, stdout } = await run(['--shard', `${i}/4`, '--reporter', 'junit', '--output', `one-${i}.xml`], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary, GITHUB_OUTPUT: output });
        assert.equal(code, 0, stdout);
        if (/nothing to run/.test(stdout)) {
          assert.equal(stdout, `novu-explorer-test: shard ${i}/4 has no case file (the 1 case file is in another shard): nothing to run.\n`);
          assert.equal(server.requests.length, asked, 'the app is not asked');
          assert.match(readFileSync(join(dir, `one-${i}.xml`), 'utf8'), new RegExp(`<testsuites name="novu-explorer-test \\(shard ${i}/4\\)" tests="0"`));
          assert.equal(readFileSync(output, 'utf8'), 'passed=0\nfailed=0\nerrored=0\nskipped=0\n');
          assert.match(readFileSync(summary, 'utf8'), /^### novu\\-explorer\\-test\\: shard \d\\\/4 has no case file/);
          outcomes.push('empty');
        } else {
          assert.equal(readFileSync(output, 'utf8'), 'passed=2\nfailed=0\nerrored=0\nskipped=0\n');
          outcomes.push('ran');
        }
      }
      assert.deepEqual(outcomes.filter((o) => o === 'ran'), ['ran'], outcomes.join(', '));

      const bad = await run(['--shard', '5/4', '--reporter', 'junit', '--output', 'bad.xml'], {});
      assert.deepEqual(bad, { code: 2, stdout: '', stderr: 'novu-explorer-test: --shard takes i/n, the part to run and how many parts, with 1 ≤ i ≤ n ≤ 1000 (such as 1/4). (--help lists the options)\n' });
      assert.ok(!existsSync(join(dir, 'bad.xml')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('novu-explorer-test compare under GitHub Actions', () => {
  const DEV = 'canary-gh-dev-key-3c1e9a70-never-shown';
  const PROD = 'canary-gh-prod-key-8d2b4f61-never-shown';
  let sandbox: Sandbox;
  before(async () => {
    sandbox = await startSandbox({ apiKey: DEV, productionApiKey: PROD, subscriberCount: 10, activityCount: 0 });
  });
  after(async () => {
    await sandbox.close();
  });

  it('annotates each finding on the trigger call of its workflow in your code, else with no file; appends the findings table and the counts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nx-cli-github-compare-'));
    try {
      mkdirSync(join(dir, 'src'));
      mkdirSync(join(dir, 'node_modules', 'dep'), { recursive: true });
      writeFileSync(join(dir, 'src', 'client.ts'), "import { Novu } from '@novu/api';\nexport const novu = new Novu({ secretKey: process.env.NOVU_SECRET_KEY });\n");
      const notify = "import { novu } from './client';\n\nexport async function mention(to: string) {\n  // novu.trigger({ workflowId: 'password-reset' }) in a comment is no call\n  await novu.trigger({ workflowId: 'comment-mention', to, payload: {} });\n}\n";
      writeFileSync(join(dir, 'src', 'notify.ts'), notify);
      writeFileSync(join(dir, 'node_modules', 'dep', 'index.js'), "const { Novu } = require('@novu/api');\nnew Novu({}).trigger({ workflowId: 'password-reset' });\n");
      writeFileSync(join(dir, 'summary.md'), '');
      writeFileSync(join(dir, 'output.txt'), '');
      let stdout = '';
      let stderr = '';
      const code = await main(['compare', '--source-api-url', sandbox.url, '--target-api-url', sandbox.url, '--reporter', 'junit', '--output', 'compare.xml'], {
        cwd: dir,
        env: { NOVU_SOURCE_API_KEY: DEV, NOVU_TARGET_API_KEY: PROD, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(dir, 'summary.md'), GITHUB_OUTPUT: join(dir, 'output.txt') },
        stdout: { write: (t: string) => (stdout += t) },
        stderr: { write: (t: string) => (stderr += t) },
        version: '0.0.0-test',
      });
      assert.equal(code, 1, stderr);
      const commands = readCommands(stdout);
      assert.equal(commands.filter((c) => c.name === 'error').length, 7);
      assert.equal(commands.filter((c) => c.name === 'warning').length, 10);
      const r1 = commands.find((c) => c.properties['title']?.startsWith('R1 comment-mention'));
      assert.deepEqual(r1?.properties, { file: 'src/notify.ts', line: String(lineOf(notify, "novu.trigger({ workflowId: 'comment-mention'")), title: 'R1 comment-mention (Comment mention): not in Production' });
      assert.match(r1!.message, /^fails: every trigger answers 422 workflow_not_found\nfix: /);
      // password-reset is triggered only in a comment and in node_modules: its findings have no file.
      const reset = commands.filter((c) => c.properties['title']?.includes('password-reset'));
      assert.ok(reset.length > 0 && reset.every((c) => c.properties['file'] === undefined), JSON.stringify(reset.map((c) => c.properties)));
      const summary = readFileSync(join(dir, 'summary.md'), 'utf8');
      assert.match(summary, /^### novu\\-explorer\\-test compare\\: /);
      assert.equal(summary.split('\n').filter((l) => /^\| (\*\*blocking\*\*|warning) \|/.test(l)).length, 17);
      assert.match(summary, /\| \*\*blocking\*\* \| R1 comment\\-mention \\\(Comment mention\\\)\\: not in Production \| every trigger answers 422 workflow\\_not\\_found \| .* \| src\\\/notify\\\.ts\\:5 \|/);
      assert.equal(readFileSync(join(dir, 'output.txt'), 'utf8'), 'blocking=7\nwarnings=10\n');
      assert.match(readFileSync(join(dir, 'compare.xml'), 'utf8'), /failures="7"/);
      for (const text of [stdout, stderr, summary]) assert.ok(!text.includes(DEV) && !text.includes(PROD));

      // --reporter github alone and an unwritable summary: exit 2 before anything is read.
      const before = sandbox.requests.length;
      let err = '';
      const refused = await main(['compare', '--source-api-url', sandbox.url, '--target-api-url', sandbox.url], {
        cwd: dir,
        env: { NOVU_SOURCE_API_KEY: DEV, NOVU_TARGET_API_KEY: PROD, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(dir, 'nope', 'summary.md') },
        stdout: { write: () => 0 },
        stderr: { write: (t: string) => (err += t) },
        version: '0.0.0-test',
      });
      assert.equal(refused, 2);
      assert.match(err, /^novu-explorer-test compare: GITHUB_STEP_SUMMARY names .*summary\.md, which cannot be written \(ENOENT\): give a file that can be written, or --no-github\.\n$/);
      assert.equal(sandbox.requests.length, before, 'nothing was read');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
