/** The command line of novu-explorer-test (issue 46, §7): options read, every mistake said in words, the key never in a message. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_BRIDGE_URL, helpText, parseArgs, type CliOptions, type ParsedArgs } from '../../../src/cli/args';
import { findCaseFiles, globRegExp, shownPath } from '../../../src/cli/caseFiles';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const KEY = 'sk_test_4f1c0ffee0ddba11';
const ENV = { NOVU_SECRET_KEY: KEY };

function options(argv: string[], env: Record<string, string | undefined> = ENV): CliOptions {
  const parsed = parseArgs(argv, env);
  assert.equal(parsed.kind, 'run', JSON.stringify(parsed));
  return (parsed as Extract<ParsedArgs, { kind: 'run' }>).options;
}

function errorOf(argv: string[], env: Record<string, string | undefined> = ENV): string {
  const parsed = parseArgs(argv, env);
  assert.equal(parsed.kind, 'error', JSON.stringify(parsed));
  return (parsed as Extract<ParsedArgs, { kind: 'error' }>).message;
}

describe('novu-explorer-test: arguments', () => {
  it('runs every case file of the working folder against the default bridge, with the key from the environment', () => {
    assert.deepEqual(options([]), {
      patterns: ['**/*.novu-test.json'],
      workflows: [],
      bridgeUrl: DEFAULT_BRIDGE_URL,
      secretKey: KEY,
      startTimeoutMs: 60_000,
      reporter: 'text',
      github: false,
      updateSnapshots: false,
      ci: false,
    });
  });

  it('writes GitHub annotations, summary and outputs with --reporter github, --github, or by default under GitHub Actions; not with --no-github', () => {
    assert.equal(options([], { ...ENV, GITHUB_ACTIONS: 'true' }).github, true);
    assert.equal(options([], { ...ENV, GITHUB_ACTIONS: 'false' }).github, false);
    assert.equal(options(['--no-github'], { ...ENV, GITHUB_ACTIONS: 'true' }).github, false);
    assert.equal(options(['--github=false'], { ...ENV, GITHUB_ACTIONS: 'true' }).github, false);
    assert.equal(options(['--github']).github, true);
    assert.deepEqual(
      { ...options(['--reporter', 'junit', '--output', 'x.xml'], { ...ENV, GITHUB_ACTIONS: 'true' }) },
      { ...options(['--reporter', 'junit', '--output', 'x.xml', '--github']) },
      'beside the chosen reporter',
    );
    const alone = options(['--reporter', 'github']);
    assert.equal(alone.reporter, 'github');
    assert.equal(alone.github, true);
    assert.match(errorOf(['--reporter', 'github', '--no-github']), /^--no-github turns off what --reporter github writes: give one of them\.$/);
    assert.match(errorOf(['--reporter', 'github', '--output', 'a.txt']), /^--reporter github writes annotations to stdout, where GitHub reads them, so --output does not apply/);
    assert.match(errorOf(['--github=yes']), /^--github takes no value, or =true or =false/);
    assert.match(errorOf(['--no-github=true']), /^--github takes no value/);
  });

  it('is in CI mode with --ci, or by default when the environment says CI (CI=true), and not with --no-ci or --ci=false', () => {
    assert.equal(options(['--ci']).ci, true);
    assert.equal(options(['--ci=true']).ci, true);
    assert.equal(options([], { ...ENV, CI: 'true' }).ci, true);
    assert.equal(options([], { ...ENV, CI: '1' }).ci, true);
    assert.equal(options(['--no-ci'], { ...ENV, CI: 'true' }).ci, false);
    assert.equal(options(['--ci=false'], { ...ENV, CI: 'true' }).ci, false);
    assert.equal(options([], { ...ENV, CI: 'false' }).ci, false);
    assert.equal(options([], { ...ENV, CI: '' }).ci, false);
    assert.match(errorOf(['--ci=yes']), /^--ci takes no value, or =true or =false/);
    assert.match(errorOf(['--no-ci=true']), /^--ci takes no value, or =true or =false/);
  });

  it('reads every option, as `--name value` and `--name=value`, and files after `--`', () => {
    const read = options([
      'novu-tests/a.novu-test.json',
      '--workflow', 'account-welcome',
      '--workflow=order-shipped',
      '--bridge-url=http://127.0.0.1:4100/api/novu',
      '--secret-key', 'sk_given_on_the_line',
      '--start', 'npm run dev -- --port 4100',
      '--start-timeout', '2.5',
      '--reporter', 'junit',
      '--output', 'out/novu.xml',
      '--update-snapshots',
      '--email-clients', 'gmail.*, outlook.windows',
      '--sms-max-segments', '3',
      '--shard', '2/4',
      '--',
      '--odd-name.novu-test.json',
    ]);
    assert.deepEqual(read, {
      patterns: ['novu-tests/a.novu-test.json', '--odd-name.novu-test.json'],
      workflows: ['account-welcome', 'order-shipped'],
      bridgeUrl: 'http://127.0.0.1:4100/api/novu',
      secretKey: 'sk_given_on_the_line',
      start: 'npm run dev -- --port 4100',
      startTimeoutMs: 2500,
      reporter: 'junit',
      output: 'out/novu.xml',
      github: false,
      shard: { index: 2, count: 4 },
      updateSnapshots: true,
      ci: false,
      emailClients: ['gmail.*', 'outlook.windows'],
      smsMaxSegments: 3,
    });
  });

  it('answers --help and --version before anything else is checked (no key needed)', () => {
    assert.deepEqual(parseArgs(['--help'], {}), { kind: 'help' });
    assert.deepEqual(parseArgs(['-h', '--reporter', 'nope'], {}), { kind: 'help' });
    assert.deepEqual(parseArgs(['--version'], {}), { kind: 'version' });
    const help = helpText();
    for (const option of ['--bridge-url', '--secret-key', '--api-url', '--api-key', '--start', '--start-timeout', '--workflow', '--reporter', '--output', '--update-snapshots', '--ci', '--no-ci', '--email-clients', '--sms-max-segments', '--github', '--no-github', '--shard I/N', 'github (annotations', '--shard 2/4 --reporter junit --output novu-tests-2.xml']) assert.ok(help.includes(option), option);
    assert.match(help, /Exit codes: 0 .*1 .*2 /);
  });

  it('says each mistake in words', () => {
    assert.match(errorOf([], {}), /No secret key: set NOVU_SECRET_KEY/);
    assert.match(errorOf([], { NOVU_SECRET_KEY: '  ' }), /No secret key/);
    assert.match(errorOf(['--secret-key=']), /--secret-key is empty/);
    assert.match(errorOf(['--reporter', 'xml']), /--reporter takes text, json, junit or github/);
    assert.match(errorOf(['--bridge-url', 'ftp://host/api/novu']), /--bridge-url takes an http\(s\) URL/);
    assert.match(errorOf(['--bridge-url', 'http://user:pass@host/api/novu']), /without a user name or password/);
    assert.match(errorOf(['--bridge-url', 'not a url']), /--bridge-url/);
    assert.match(errorOf(['--start-timeout', '5']), /--start-timeout applies only with --start/);
    assert.match(errorOf(['--start', 'x', '--start-timeout', '0']), /more than 0/);
    assert.match(errorOf(['--start', 'x', '--start-timeout', 'soon']), /a number of seconds/);
    assert.match(errorOf(['--start', '  ']), /--start needs the command/);
    assert.match(errorOf(['--sms-max-segments', '1.5']), /whole number from 1 to 100/);
    assert.match(errorOf(['--sms-max-segments', '0']), /whole number from 1 to 100/);
    assert.match(errorOf(['--email-clients', ' , ']), /caniemail client names/);
    assert.match(errorOf(['--workflow', '']), /--workflow needs a workflow id/);
    assert.match(errorOf(['--output']), /--output needs a value/);
    assert.match(errorOf(['--reporter', 'text', '--reporter', 'json']), /--reporter is given more than once/);
    assert.match(errorOf(['--update-snapshots=yes']), /--update-snapshots takes no value/);
    assert.match(errorOf(['--api-key', 'x']), /--api-key applies only with --api-url/);
    assert.match(errorOf(['--api-url', 'api.novu.co']), /--api-url takes an http\(s\) URL/);
    assert.match(errorOf(['--api-url', 'https://api.novu.co', '--api-key', ' ']), /--api-key is empty/);
    assert.match(errorOf(['--nope']), /--nope is not an option of novu-explorer-test/);
    const withService = parseArgs(['--api-url', 'https://eu.api.novu.co'], { NOVU_SECRET_KEY: 'sk_1234567' });
    assert.ok(withService.kind === 'run' && withService.options.apiKey === 'sk_1234567', 'the secret key is the environment’s API key');
  });

  it('never puts the key into a message, even from a mistyped option', () => {
    for (const argv of [['--secret-kye=' + KEY], ['--secret-kye', KEY], ['-k' + KEY], ['--secret-key', KEY, '--secret-key', KEY], ['--secret-key', KEY, '--reporter', KEY]]) {
      const message = errorOf(argv);
      assert.ok(!message.includes(KEY), `${argv.join(' ')} → ${message}`);
    }
    assert.ok(!helpText().includes(KEY));
  });
});

describe('novu-explorer-test: which case files', () => {
  it('reads globs as the Test Explorer does: ** any folders, * within a name, {a,b} either', () => {
    const regex = globRegExp('**/*.novu-test.json');
    assert.ok(regex.test('a.novu-test.json'));
    assert.ok(regex.test('x/y/a.novu-test.json'));
    assert.ok(!regex.test('x/a.novu-test.snap.json'));
    assert.ok(!regex.test('x/a.novu-test.json.bak'));
    assert.ok(globRegExp('tests/{a,b}/*.json').test('tests/b/c.json'));
    assert.ok(!globRegExp('tests/*.json').test('tests/x/c.json'));
    assert.ok(globRegExp('t?.json').test('t1.json'));
    assert.ok(!globRegExp('a.b').test('axb'), 'a dot is a dot');
  });

  it('finds files, folders and globs, never in node_modules or dot folders, and names what matched nothing', () => {
    const root = mkdtempSync(join(tmpdir(), 'nx-cli-files-'));
    try {
      for (const path of ['a.novu-test.json', 'a.novu-test.snap.json', 'sub/b.novu-test.json', 'node_modules/x/c.novu-test.json', '.hidden/d.novu-test.json', 'other/e.json']) {
        mkdirSync(join(root, path, '..'), { recursive: true });
        writeFileSync(join(root, path), '{}');
      }
      const shown = (patterns: string[]) => {
        const found = findCaseFiles(root, patterns);
        return { files: found.files.map((f) => shownPath(root, f)), unmatched: found.unmatched };
      };
      assert.deepEqual(shown(['**/*.novu-test.json']), { files: ['a.novu-test.json', 'sub/b.novu-test.json'], unmatched: [] });
      assert.deepEqual(shown(['sub']), { files: ['sub/b.novu-test.json'], unmatched: [] });
      assert.deepEqual(shown(['other/e.json', 'sub/*.json']), { files: ['other/e.json', 'sub/b.novu-test.json'], unmatched: [] });
      assert.deepEqual(shown(['missing.novu-test.json', 'nothing/**/*.json', 'other']), { files: [], unmatched: ['missing.novu-test.json', 'nothing/**/*.json', 'other'] });
      assert.deepEqual(findCaseFiles(join(root, 'sub'), ['../*.novu-test.json']).files, [join(root, 'a.novu-test.json')]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
