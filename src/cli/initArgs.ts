/**
 * The command line of `novu-explorer-test init` (issue 56, §7): the first two minutes, read into
 * options or into one error in words. The secret key is taken as a test run takes it (`--secret-key`,
 * else `NOVU_SECRET_KEY`), since init asks the app's bridge with it, and it is never put into a
 * message: an unknown option is named without its `=value`. Nothing here reads a file or the
 * network. Pure: no vscode.
 */
import { l10n } from '../l10n';
import { DEFAULT_BRIDGE_URL, TOOL, isHttpUrl } from './args';
import { readSubcommandOptions } from './subcommandArgs';

export const INIT = 'init';
/** Where the first case files go, relative to the working folder (Save as Test Case's folder too). */
export const DEFAULT_INIT_FOLDER = 'novu-tests';
/** The GitHub Actions workflow init writes, relative to the working folder. */
export const WORKFLOW_FILE = '.github/workflows/novu-tests.yml';

export interface InitOptions {
  bridgeUrl: string;
  secretKey: string;
  /** The case files' folder, as given (relative to the working folder, or absolute). */
  folder: string;
}

export type ParsedInitArgs = { kind: 'init'; options: InitOptions } | { kind: 'help' } | { kind: 'error'; message: string };

const VALUED = new Set(['--bridge-url', '--secret-key', '--folder']);

/** Reads `argv` (after `init`); `env` gives `NOVU_SECRET_KEY`. */
export function parseInitArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ParsedInitArgs {
  const read = readSubcommandOptions(argv, INIT, VALUED);
  if ('error' in read) return error(read.error);
  const { values, help } = read;
  if (help) return { kind: 'help' };

  const bridgeUrl = values.get('--bridge-url') ?? DEFAULT_BRIDGE_URL;
  if (!isHttpUrl(bridgeUrl)) return error(l10n.t('--bridge-url takes an http(s) URL without a user name or password, such as {0}.', DEFAULT_BRIDGE_URL));

  const folder = values.get('--folder') ?? DEFAULT_INIT_FOLDER;
  // eslint-disable-next-line no-control-regex
  if (folder.trim() === '' || /[\u0000-\u001f]/.test(folder)) return error(l10n.t('--folder needs the name of a folder, such as {0}.', DEFAULT_INIT_FOLDER));

  const given = values.get('--secret-key');
  const secretKey = given ?? env['NOVU_SECRET_KEY'] ?? '';
  if (secretKey.trim() === '') {
    return error(given !== undefined ? l10n.t('--secret-key is empty.') : l10n.t("No secret key: set NOVU_SECRET_KEY (or pass --secret-key) to the environment's secret key your app runs with."));
  }
  return { kind: 'init', options: { bridgeUrl, secretKey, folder: folder.trim() } };
}

function error(message: string): ParsedInitArgs {
  return { kind: 'error', message };
}

/** `init --help`: what it writes, what it never does, the exit codes (no key in it: the key comes from the environment). */
export function initHelpText(): string {
  return [
    l10n.t('Usage: {0} {1} [options]', TOOL, INIT),
    '',
    l10n.t("Asks your running app's bridge for its workflows and writes, for each one, {0}/<workflow>.novu-test.json: one case with the sample payload of the workflow's schema, a sample subscriber and \"snapshot\": true. Then {1}, a GitHub Actions workflow that runs the cases on every pull request.", DEFAULT_INIT_FOLDER, WORKFLOW_FILE),
    l10n.t('It never overwrites a file: one that exists is skipped and said, and so is a workflow that has a case file already. Start your app first (npm run dev, or the command that serves its bridge).'),
    '',
    l10n.t('Options:'),
    l10n.t("  --bridge-url URL   your app's bridge (default {0})", DEFAULT_BRIDGE_URL),
    l10n.t("  --secret-key KEY   the environment's secret key your app runs with; better: the environment variable NOVU_SECRET_KEY"),
    l10n.t('  --folder FOLDER    where the case files go (default {0})', DEFAULT_INIT_FOLDER),
    l10n.t('  --help'),
    '',
    l10n.t('Exit codes: 0 files written (those that existed are skipped and listed); 2 nothing written (bad arguments, the app not answering or refusing the key, no workflow, every file there already, a file that could not be written).'),
    '',
    l10n.t('Then: {0}, which runs the cases and writes their snapshots; commit them with the files init wrote.', `npx ${TOOL}`),
    '',
  ].join('\n');
}
