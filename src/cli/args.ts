/**
 * The command line of `novu-explorer-test` (issue 46, §7): what a CI job passes, read into options or
 * into one error in words. Nothing here reads a file or the network. The secret key is taken from
 * `--secret-key` or `NOVU_SECRET_KEY` and never put into a message: an unknown option is named
 * without its `=value`, and no error quotes a value of `--secret-key`. Pure: no vscode.
 */
import { DEFAULT_CASE_GLOB } from '../testing/caseFile';
import { l10n } from '../l10n';
import { parseShard, type Shard } from './shard';

export const TOOL = 'novu-explorer-test';
/** Where `npx novu dev` and the quickstarts serve the bridge (and the Preview's default). */
export const DEFAULT_BRIDGE_URL = 'http://localhost:4000/api/novu';
export const DEFAULT_START_TIMEOUT_S = 60;
export const REPORTERS = ['text', 'json', 'junit', 'github'] as const;
export type Reporter = (typeof REPORTERS)[number];

export interface CliOptions {
  /** Case files, folders or globs (relative to the working folder); the default glob when none. */
  patterns: string[];
  /** Only the files of these workflows (by id); all when empty. */
  workflows: string[];
  bridgeUrl: string;
  secretKey: string;
  /** The service's API, for the workflows the app does not define (the dashboard's): rendered by its step preview. */
  apiUrl?: string;
  /** Its API key: `--api-key`, else NOVU_API_KEY, else the secret key (the environment's secret key is its API key). */
  apiKey?: string;
  /** A command that starts the app (run by a shell), stopped when the run ends. */
  start?: string;
  startTimeoutMs: number;
  reporter: Reporter;
  /** The report's file; stdout when absent. */
  output?: string;
  /**
   * GitHub Actions' annotations, job summary and step outputs, beside the report (githubReport.ts):
   * `--reporter github`, `--github`, or by default when GITHUB_ACTIONS=true; `--no-github` turns it off.
   */
  github: boolean;
  /** `--shard i/n`: only the i-th of n parts of the case files (shard.ts). */
  shard?: Shard;
  updateSnapshots: boolean;
  /** CI mode: a missing snapshot fails instead of being written. `--ci`, `--ci=false`, `--no-ci`; by default on when the environment's CI is set (CI=true). */
  ci: boolean;
  /** caniemail's client globs; the checks' defaults when absent. */
  emailClients?: string[];
  smsMaxSegments?: number;
}

export type ParsedArgs = { kind: 'run'; options: CliOptions } | { kind: 'help' } | { kind: 'version' } | { kind: 'error'; message: string };

/** Options that take a value, and whether they may be given more than once. */
const VALUED: Readonly<Record<string, { repeat: boolean }>> = {
  '--workflow': { repeat: true },
  '--bridge-url': { repeat: false },
  '--secret-key': { repeat: false },
  '--api-url': { repeat: false },
  '--api-key': { repeat: false },
  '--start': { repeat: false },
  '--start-timeout': { repeat: false },
  '--reporter': { repeat: false },
  '--output': { repeat: false },
  '--email-clients': { repeat: false },
  '--sms-max-segments': { repeat: false },
  '--shard': { repeat: false },
};
const FLAGS = new Set(['--update-snapshots', '--help', '-h', '--version']);

/** Reads `argv` (without node and the script); `env` gives `NOVU_SECRET_KEY`. */
export function parseArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ParsedArgs {
  const values = new Map<string, string[]>();
  const flags = new Set<string>();
  const patterns: string[] = [];
  let onlyPositional = false;
  let ci: boolean | undefined;
  let github: boolean | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (onlyPositional || !arg.startsWith('-') || arg === '-') {
      patterns.push(arg);
      continue;
    }
    if (arg === '--') {
      onlyPositional = true;
      continue;
    }
    const equals = arg.indexOf('=');
    const name = equals > 0 ? arg.slice(0, equals) : arg;
    if (name === '--ci' || name === '--no-ci') {
      const value = equals > 0 ? arg.slice(equals + 1) : undefined;
      if (name === '--no-ci' ? value !== undefined : value !== undefined && value !== 'true' && value !== 'false') return error(l10n.t('--ci takes no value, or =true or =false (--no-ci is --ci=false).'));
      ci = name === '--ci' && value !== 'false';
      continue;
    }
    if (name === '--github' || name === '--no-github') {
      const value = equals > 0 ? arg.slice(equals + 1) : undefined;
      const read = githubFlag(name, value);
      if (typeof read !== 'boolean') return error(read.error);
      github = read;
      continue;
    }
    if (FLAGS.has(name)) {
      if (equals > 0) return error(l10n.t('{0} takes no value.', name));
      flags.add(name === '-h' ? '--help' : name);
      continue;
    }
    const spec = VALUED[name];
    // Named without what follows `=`: a mistyped `--secret-key=…` must not print the key.
    if (!spec) return error(l10n.t('{0} is not an option of {1}.', name.startsWith('--') ? name : name.slice(0, 2), TOOL));
    let value: string | undefined;
    if (equals > 0) value = arg.slice(equals + 1);
    else if (i + 1 < argv.length) value = argv[++i];
    if (value === undefined) return error(l10n.t('{0} needs a value.', name));
    const list = values.get(name) ?? [];
    if (list.length > 0 && !spec.repeat) return error(l10n.t('{0} is given more than once.', name));
    list.push(value);
    values.set(name, list);
  }
  if (flags.has('--help')) return { kind: 'help' };
  if (flags.has('--version')) return { kind: 'version' };
  const one = (name: string): string | undefined => values.get(name)?.[0];

  const reporter = one('--reporter') ?? 'text';
  if (!(REPORTERS as readonly string[]).includes(reporter)) return error(l10n.t('--reporter takes text, json, junit or github.'));

  const bridgeUrl = one('--bridge-url') ?? DEFAULT_BRIDGE_URL;
  if (!isHttpUrl(bridgeUrl)) return error(l10n.t('--bridge-url takes an http(s) URL without a user name or password, such as {0}.', DEFAULT_BRIDGE_URL));

  const secretKey = one('--secret-key') ?? env['NOVU_SECRET_KEY'] ?? '';
  if (secretKey.trim() === '') {
    return error(
      values.has('--secret-key')
        ? l10n.t('--secret-key is empty.')
        : l10n.t("No secret key: set NOVU_SECRET_KEY (or pass --secret-key) to the environment's secret key your app runs with."),
    );
  }

  const apiUrl = one('--api-url') ?? env['NOVU_API_URL'];
  if (apiUrl !== undefined && !isHttpUrl(apiUrl)) return error(l10n.t('--api-url takes an http(s) URL without a user name or password, such as {0}.', 'https://api.novu.co'));
  const apiKeyGiven = one('--api-key');
  if (apiKeyGiven !== undefined && apiUrl === undefined) return error(l10n.t('--api-key applies only with --api-url.'));
  if (apiKeyGiven !== undefined && apiKeyGiven.trim() === '') return error(l10n.t('--api-key is empty.'));
  const apiKey = apiKeyGiven ?? env['NOVU_API_KEY'] ?? secretKey;

  const workflows = values.get('--workflow') ?? [];
  if (workflows.some((w) => w.trim() === '')) return error(l10n.t('--workflow needs a workflow id.'));

  const start = one('--start');
  if (start !== undefined && start.trim() === '') return error(l10n.t('--start needs the command that starts your app.'));
  const timeoutText = one('--start-timeout');
  if (timeoutText !== undefined && start === undefined) return error(l10n.t('--start-timeout applies only with --start.'));
  const timeout = timeoutText === undefined ? DEFAULT_START_TIMEOUT_S : Number(timeoutText);
  if (!Number.isFinite(timeout) || timeout <= 0 || timeout > 3600 || timeoutText?.trim() === '') return error(l10n.t('--start-timeout takes a number of seconds, more than 0 and at most 3600.'));

  const output = one('--output');
  if (output !== undefined && output.trim() === '') return error(l10n.t('--output needs a file name.'));
  const githubOn = githubMode(reporter as Reporter, output, github, env);
  if (typeof githubOn !== 'boolean') return error(githubOn.error);

  let shard: Shard | undefined;
  const shardText = one('--shard');
  if (shardText !== undefined) {
    const read = parseShard(shardText);
    if ('error' in read) return error(read.error);
    shard = read;
  }

  let emailClients: string[] | undefined;
  const clientsText = one('--email-clients');
  if (clientsText !== undefined) {
    emailClients = clientsText.split(',').map((c) => c.trim()).filter((c) => c !== '');
    if (emailClients.length === 0) return error(l10n.t('--email-clients takes caniemail client names or globs, separated by commas (gmail.*,outlook.windows).'));
  }
  let smsMaxSegments: number | undefined;
  const segmentsText = one('--sms-max-segments');
  if (segmentsText !== undefined) {
    smsMaxSegments = Number(segmentsText);
    if (!/^\d+$/.test(segmentsText.trim()) || !Number.isSafeInteger(smsMaxSegments) || smsMaxSegments < 1 || smsMaxSegments > 100) return error(l10n.t('--sms-max-segments takes a whole number from 1 to 100.'));
  }

  return {
    kind: 'run',
    options: {
      patterns: patterns.length > 0 ? patterns : [DEFAULT_CASE_GLOB],
      workflows: [...new Set(workflows.map((w) => w.trim()))],
      bridgeUrl,
      secretKey,
      ...(apiUrl !== undefined ? { apiUrl, apiKey } : {}),
      ...(start !== undefined ? { start } : {}),
      startTimeoutMs: Math.round(timeout * 1000),
      reporter: reporter as Reporter,
      ...(output !== undefined ? { output } : {}),
      github: githubOn,
      ...(shard ? { shard } : {}),
      updateSnapshots: flags.has('--update-snapshots'),
      ci: ci ?? isCi(env['CI']),
      ...(emailClients ? { emailClients } : {}),
      ...(smsMaxSegments !== undefined ? { smsMaxSegments } : {}),
    },
  };
}

function error(message: string): ParsedArgs {
  return { kind: 'error', message };
}

/** `--github`, `--github=true|false` or `--no-github`, read; or why not. */
export function githubFlag(name: string, value: string | undefined): boolean | { error: string } {
  if (name === '--no-github' ? value !== undefined : value !== undefined && value !== 'true' && value !== 'false') return { error: l10n.t('--github takes no value, or =true or =false (--no-github is --github=false).') };
  return name === '--github' && value !== 'false';
}

/**
 * Whether GitHub's annotations, job summary and outputs are written: with `--reporter github`; else
 * as `--github` / `--no-github` say; else when the environment is GitHub Actions (GITHUB_ACTIONS=true).
 */
export function githubMode(reporter: Reporter, output: string | undefined, flag: boolean | undefined, env: Readonly<Record<string, string | undefined>>): boolean | { error: string } {
  if (reporter === 'github') {
    if (flag === false) return { error: l10n.t('--no-github turns off what --reporter github writes: give one of them.') };
    if (output !== undefined) return { error: l10n.t('--reporter github writes annotations to stdout, where GitHub reads them, so --output does not apply: give another reporter with --output, and the annotations are written beside it.') };
    return true;
  }
  return flag ?? env['GITHUB_ACTIONS'] === 'true';
}

/** The CI variable as CI services set it (`true`, GitLab's and others' too; some `1`): on unless empty, `false` or `0`. */
function isCi(value: string | undefined): boolean {
  return value !== undefined && !['', 'false', '0'].includes(value.trim().toLowerCase());
}

/** An http(s) URL without a user name or password (a bridge, an API): what every URL option takes. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** `--help`: the options, the exit codes and an example (no key in it: the key comes from the environment). */
export function helpText(): string {
  return [
    l10n.t('Usage: {0} [options] [case files, folders or globs]', TOOL),
    '',
    l10n.t("Runs the notification test cases (*.novu-test.json) against your app's bridge, with the same rendering and checks as Novu Explorer's Test Explorer; with --api-url, a workflow your app does not define (the dashboard's) is rendered by Novu's step preview."),
    l10n.t('Without a file, every {0} below the working folder (not in node_modules or folders whose name starts with a dot).', DEFAULT_CASE_GLOB),
    '',
    l10n.t('Options:'),
    l10n.t('  --bridge-url URL         your app\'s bridge (default {0})', DEFAULT_BRIDGE_URL),
    l10n.t("  --secret-key KEY         the environment's secret key your app runs with; better: the environment variable NOVU_SECRET_KEY"),
    l10n.t('  --api-url URL            Novu\'s API (https://api.novu.co, https://eu.api.novu.co, or your own), for the dashboard\'s workflows; or NOVU_API_URL'),
    l10n.t('  --api-key KEY            its API key (default: NOVU_API_KEY, else the secret key)'),
    l10n.t('  --start "COMMAND"        start your app with this shell command, wait until its bridge answers, stop it when done'),
    l10n.t('  --start-timeout SECONDS  how long to wait for the app started by --start (default {0})', DEFAULT_START_TIMEOUT_S),
    l10n.t('  --workflow ID            only the case files of this workflow (repeatable)'),
    l10n.t('  --reporter NAME          text (default), json, junit or github (annotations on stdout, the job summary and outputs)'),
    l10n.t('  --output FILE            write the report to FILE instead of stdout'),
    l10n.t('  --github, --no-github    GitHub annotations (on stdout), job summary and outputs beside the report (default: on when GITHUB_ACTIONS=true)'),
    l10n.t('  --shard I/N              run only the I-th of N parts of the case files (split by a hash of their paths); with --output, give each part its own file'),
    l10n.t('  --update-snapshots       accept changed snapshots, write missing ones (even with --ci) and remove obsolete ones'),
    l10n.t('  --ci, --no-ci            CI mode: a missing snapshot fails instead of being written (default: on when CI=true)'),
    l10n.t('  --email-clients LIST     caniemail clients to check email HTML against (default gmail.*,outlook.*,apple-mail.*)'),
    l10n.t('  --sms-max-segments N     the most SMS segments a message may take (default 2)'),
    l10n.t('  --help, --version'),
    '',
    l10n.t('Exit codes: 0 every case passed; 1 a case failed; 2 the run could not be made (bad arguments, a bad case file, a case that cannot run as given, the app not answering or not started, another environment\'s key, a GitHub summary or output file that cannot be written).'),
    '',
    l10n.t('{0} compare --help: the deploy gate that compares two environments (what Production lacks for what you ship).', TOOL),
    l10n.t('{0} init --help: the first case file for each workflow of your running app, and a GitHub Actions workflow that runs them.', TOOL),
    '',
    l10n.t('Example (the key in NOVU_SECRET_KEY):'),
    l10n.t('  {0} --start "npm run dev" --bridge-url http://localhost:4000/api/novu --reporter junit --output novu-tests.xml', TOOL),
    l10n.t('The second of four parts, in a CI matrix (each part its own JUnit file):'),
    l10n.t('  {0} --shard 2/4 --reporter junit --output novu-tests-2.xml', TOOL),
    '',
  ].join('\n');
}
