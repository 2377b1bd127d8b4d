/**
 * `novu-explorer-test compare` (issue 52, §4) through main(), against a started Sandbox's two
 * environments over real HTTP: exit 1 for the planned differences (their blocking findings said
 * with evidence, failure and fix, the JSON's findings those of the plan, the JUnit's failures the
 * blocking ones), exit 0 against a Production that is the same as Development, exit 2 for the same
 * environment twice, a rejected key (its side named), an unreachable service and a partial read
 * without a blocking finding; another organization warned about, then compared; the canary keys in
 * no byte written. The packed bin is test/package/cli.test.mjs.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { main, type CliIo } from '../../../src/cli/main';
import { compareHelpText, parseCompareArgs } from '../../../src/cli/compareArgs';
import { type Sandbox, startSandbox } from '../../../src/sandbox';
import { PLANNED_FINDINGS } from '../compare/sandboxPlan';

const DEV = 'canary-cli-dev-key-71c3e9a0-never-shown';
const PROD = 'canary-cli-prod-key-5d2b8f14-never-shown';

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  files: Map<string, string>;
}

const written: string[] = [];

async function run(args: string[], env: Record<string, string | undefined> = {}): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const files = new Map<string, string>();
  const io: CliIo = {
    cwd: '/work',
    env: { NOVU_SOURCE_API_KEY: DEV, NOVU_TARGET_API_KEY: PROD, ...env },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    writeFile: (path, text) => files.set(path, text),
    version: '0.0.0-test',
  };
  const code = await main(['compare', ...args], io);
  written.push(stdout, stderr, ...files.values());
  return { code, stdout, stderr, files };
}

describe('novu-explorer-test compare against the Sandbox', () => {
  let planned: Sandbox;
  let same: Sandbox;
  before(async () => {
    [planned, same] = await Promise.all([
      startSandbox({ apiKey: DEV, productionApiKey: PROD, subscriberCount: 10, activityCount: 0 }),
      startSandbox({ apiKey: DEV, productionApiKey: PROD, subscriberCount: 10, activityCount: 0, production: 'same' }),
    ]);
  });
  after(async () => {
    await Promise.all([planned.close(), same.close()]);
  });
  const urls = (s: Sandbox) => ['--source-api-url', s.url, '--target-api-url', s.url];

  it('exits 1 for the planned differences: the line first, then each blocking finding with its evidence, failure and fix, then the differences by mark', async () => {
    const { code, stdout, stderr } = await run(urls(planned));
    assert.equal(code, 1, stderr);
    const host = new URL(planned.url).host;
    assert.match(stderr, new RegExp(`^novu-explorer-test compare: Development \\(${host.replace('.', '\\.')}\\) → Production \\(${host.replace('.', '\\.')}\\): 7 blocking findings, 10 warnings \\(15 workflows and layouts, 12 differ, [\\d.]+ s\\)\\n$`));
    const blocking = stdout.indexOf('Blocking (7)');
    const warnings = stdout.indexOf('Warnings (10)');
    const differences = stdout.indexOf('Differences');
    assert.ok(blocking > 0 && warnings > blocking && differences > warnings, stdout);
    assert.match(stdout, /\n {2}R1 comment-mention \(Comment mention\): not in Production\n {6}fails: every trigger answers 422 workflow_not_found\n {6}evidence: Development: GET \/v2\/workflows → workflows\[\]\.workflowId = "comment-mention"\n {6}evidence: Production: GET \/v2\/workflows → workflows\[\]\.workflowId = null\n {6}fix: Publish comment-mention from Development in Novu’s dashboard/);
    assert.match(stdout, /R4 password-reset \(Password reset\) \/ sms-step: no active primary SMS integration in Production\n {6}fails: runs start, and each SMS step fails: “Subscriber does not have an active integration”/);
    assert.match(stdout, /R5 system-maintenance \(System maintenance\) \/ email-step: layout brand-footer is not in Production\n {6}fails: each email of this step fails: “Layout not found”/);
    assert.match(stdout, /fails: a payload Development accepts can be refused: 400 PAYLOAD_VALIDATION_ERROR, “Payload validation failed: root\.invoiceNumber”/);
    assert.match(stdout, /R9 invoice-paid \(Invoice paid\): code workflow[^\n]*\n(?: {6}[^\n]*\n)* {6}fix: Sync Production’s bridge with the code you ship \(npx novu sync/);
    for (const [label, n] of [['Not in Production', 2], ['Only in Production', 2], ['Differs', 7], ['Step order differs', 1], ['Same', 3]] as const) assert.ok(stdout.includes(`\n  ${label} (${n})\n`), label);
    assert.ok(stdout.endsWith('\nTranslations that differ\n  password-reset: Development: en_US, fr_FR, de_DE → Production: en_US, de_DE (lacks fr_FR; outdated de_DE)\n  weekly-digest: Development: en_US, es_ES → Production: not enabled\n'), stdout.slice(-400));
    assert.match(stdout, /R12 password-reset \(Password reset\)[^\n]*\n/);
  });

  it('gives the Comparison and its findings as JSON, the findings those of the plan', async () => {
    const { code, stdout } = await run([...urls(planned), '--reporter', 'json']);
    assert.equal(code, 1);
    const report = JSON.parse(stdout);
    assert.equal(report.exitCode, 1);
    assert.deepEqual(report.counts, { blocking: 7, warnings: 10, unread: 0, marks: { notInTarget: 2, onlyInTarget: 2, differs: 7, stepOrder: 1, same: 3, notRead: 0 } });
    assert.deepEqual(report.comparison.findings.map((f: { id: string; level: string }) => `${f.id} ${f.level}`), PLANNED_FINDINGS.map((f) => f.split(' ').slice(0, 2).join(' ')));
    const r1 = report.comparison.findings[0];
    assert.equal(r1.words.failure, 'every trigger answers 422 workflow_not_found');
    assert.deepEqual(r1.evidence[0], { side: 'source', route: 'GET /v2/workflows', field: 'workflows[].workflowId', value: 'comment-mention' });
  });

  it('writes JUnit to --output: a blocking finding a failure, a warning passed with its text, each workflow and layout a passed test; the line on stdout', async () => {
    const { code, stdout, files } = await run([...urls(planned), '--reporter', 'junit', '--output', 'compare.xml']);
    assert.equal(code, 1);
    assert.match(stdout, /^novu-explorer-test compare: .*7 blocking findings, 10 warnings/);
    const xml = files.get('/work/compare.xml')!;
    assert.match(xml, /<testsuites name="novu-explorer-test compare" tests="32" failures="7" errors="0" skipped="0"/);
    assert.equal(xml.match(/<failure /g)?.length, 7);
    assert.match(xml, /<testcase name="R11 weekly-digest \(Weekly digest\): preferences or criticality differ in Production" classname="readiness.R11" time="0.000">\n {6}<system-out>warning: fails: subscribers can opt out/);
    assert.match(xml, /<testcase name="layout legacy-header: Only in Production" classname="differences.layout"/);
  });

  it('exits 0 when Production is the same as Development: nothing blocking, its warning said, "no differences found in the fields Novu compares"', async () => {
    const { code, stderr, stdout } = await run(urls(same));
    assert.equal(code, 0, stdout);
    assert.match(stderr, /: nothing blocking, 1 warning \(13 workflows and layouts, 0 differ, [\d.]+ s\); no differences found in the fields Novu compares\n$/);
    assert.match(stdout, /Warnings \(1\)\n {2}R10 trial-ending/);
    assert.ok(stdout.endsWith('\nTranslations: the same on both sides (2 workflows with translations)\n'), stdout.slice(-200));
  });

  it('refuses the same environment twice (exit 2)', async () => {
    const { code, stderr, stdout } = await run(urls(planned), { NOVU_TARGET_API_KEY: DEV });
    assert.equal(code, 2);
    assert.equal(stderr, 'novu-explorer-test compare: Both connections use the same environment (Development): nothing to compare.\n');
    assert.equal(stdout, '');
  });

  it('names the side whose key is rejected, and where the key came from (exit 2)', async () => {
    const { code, stderr } = await run([...urls(planned), '--target-api-key', 'rejected-key-0000']);
    assert.equal(code, 2);
    assert.equal(stderr, 'novu-explorer-test compare: nothing compared: target (--target-api-key): the API key was rejected (API Key not found)\n');
    assert.ok(!stderr.includes('rejected-key-0000'));
  });

  it('says an unreachable service (exit 2)', async () => {
    const { code, stderr } = await run(['--source-api-url', 'http://127.0.0.1:9', '--target-api-url', planned.url]);
    assert.equal(code, 2);
    assert.match(stderr, /^novu-explorer-test compare: nothing compared: source \(NOVU_SOURCE_API_KEY\): Could not reach 127\.0\.0\.1:9/);
  });

  it('never says "nothing blocking" for a partial read: a workflow answering 500 is listed and the exit is 2; with blocking findings it is 1, and the item still listed', async () => {
    const prodId = same.state.workflows.find((w) => w.identifier === 'weekly-digest')!._id.replace(/^6615c0ffee00000000f1/, '6615c0ffee00000000f3');
    same.setFaults({ respond: { status: 500, message: 'Internal server error', pathIncludes: `/v2/workflows/${prodId}` } });
    try {
      const { code, stderr, stdout } = await run(urls(same));
      assert.equal(code, 2, stderr);
      assert.match(stderr, /: nothing blocking, 1 warning \(13 workflows and layouts, 0 differ, [\d.]+ s\); 1 item could not be read\n$/);
      assert.match(stdout, /Could not be read \(1\): not compared, never "no differences"\n {2}Production: workflow weekly-digest: could not read \(errorId [0-9a-f-]{36}\)\n/);
      assert.match(stdout, /\n {2}Could not read \(1\)\n {4}weekly-digest/);
    } finally {
      same.setFaults({});
    }
    const plannedId = planned.state.workflows.find((w) => w.identifier === 'weekly-digest')!._id.replace(/^6615c0ffee00000000f1/, '6615c0ffee00000000f3');
    planned.setFaults({ respond: { status: 500, message: 'Internal server error', pathIncludes: `/v2/workflows/${plannedId}` } });
    try {
      const { code, stderr } = await run(urls(planned));
      assert.equal(code, 1);
      assert.match(stderr, /7 blocking findings, 8 warnings .*; 1 item could not be read\n$/);
    } finally {
      planned.setFaults({});
    }
  });

  it('warns about two organizations (two services), then compares', async () => {
    const { code, stderr } = await run(['--source-api-url', planned.url, '--target-api-url', same.url]);
    // Production there is Development's copy: compared after the warning, nothing blocking.
    assert.equal(code, 0);
    const [line, note] = stderr.split('\n');
    assert.match(line!, /^novu-explorer-test compare: Development .* → Production .*: nothing blocking, 1 warning/);
    assert.equal(note, `These connections belong to different Novu organizations (${new URL(planned.url).host}, ${new URL(same.url).host}). The comparison shows differences, but Novu cannot publish between them.`);
  });

  it('never wrote a key', () => {
    assert.ok(written.length >= 20);
    for (const text of written) for (const key of [DEV, PROD]) assert.ok(!text.includes(key), text.slice(0, 200));
  });
});

describe('compare’s arguments', () => {
  const env = { NOVU_SOURCE_API_KEY: 'source-key-123', NOVU_TARGET_API_KEY: 'target-key-456' };
  it('takes the keys from the environment or the options, and each side’s URL (US by default, EU or your own)', () => {
    assert.deepEqual(parseCompareArgs(['--target-api-url', 'https://eu.api.novu.co/', '--source-api-key=given-source-key'], env), {
      kind: 'compare',
      options: {
        source: { apiUrl: 'https://api.novu.co', apiKey: 'given-source-key', keyFrom: '--source-api-key' },
        target: { apiUrl: 'https://eu.api.novu.co', apiKey: 'target-key-456', keyFrom: 'NOVU_TARGET_API_KEY' },
        reporter: 'text',
        github: false,
      },
    });
  });
  it('writes GitHub annotations, summary and outputs under GitHub Actions unless --no-github; --reporter github with no --output', () => {
    const github = (argv: string[], e: Record<string, string> = env) => {
      const parsed = parseCompareArgs(argv, e);
      return parsed.kind === 'compare' ? parsed.options.github : parsed.kind === 'error' ? parsed.message : parsed.kind;
    };
    assert.equal(github([]), false);
    assert.equal(github([], { ...env, GITHUB_ACTIONS: 'true' }), true);
    assert.equal(github(['--no-github'], { ...env, GITHUB_ACTIONS: 'true' }), false);
    assert.equal(github(['--github=false'], { ...env, GITHUB_ACTIONS: 'true' }), false);
    assert.equal(github(['--github', '--reporter', 'junit', '--output', 'x.xml']), true);
    assert.equal(github(['--reporter', 'github']), true);
    assert.match(String(github(['--reporter', 'github', '--no-github'])), /^--no-github turns off what --reporter github writes/);
    assert.match(String(github(['--reporter', 'github', '--output', 'x'])), /^--reporter github writes annotations to stdout/);
    assert.match(String(github(['--github=yes'])), /^--github takes no value, or =true or =false/);
    const help = compareHelpText();
    for (const option of ['--github', '--no-github', 'github (annotations']) assert.ok(help.includes(option), option);
  });
  it('says what is wrong, at its option, without a key', () => {
    const message = (argv: string[], e: Record<string, string> = env) => {
      const parsed = parseCompareArgs(argv, e);
      return parsed.kind === 'error' ? parsed.message : parsed.kind;
    };
    assert.match(message([], { NOVU_SOURCE_API_KEY: 'x-123456' }), /^No target API key: set NOVU_TARGET_API_KEY/);
    assert.match(message([], {}), /^No source API key/);
    assert.equal(message(['--source-api-key', ' ']), '--source-api-key is empty.');
    assert.match(message(['--target-api-url', 'ftp://user:pw@host']), /^--target-api-url takes an http\(s\) URL/);
    assert.equal(message(['--reporter', 'xml']), '--reporter takes text, json, junit or github.');
    assert.equal(message(['--api-key=secret-value-1']), '--api-key is not an option of novu-explorer-test compare.');
    assert.equal(message(['case.novu-test.json']), 'novu-explorer-test compare takes no files or other arguments, only options.');
    assert.equal(message(['--output']), '--output needs a value.');
    assert.equal(message(['--help']), 'help');
  });
});
