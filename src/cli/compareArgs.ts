/**
 * The command line of `novu-explorer-test compare` (issue 52, §4): two environments, each with its
 * own API key and URL, read into options or into one error in words. The keys come from
 * `NOVU_SOURCE_API_KEY` / `NOVU_TARGET_API_KEY` or `--source-api-key` / `--target-api-key` and are
 * never put into a message: an unknown option is named without its `=value`. Nothing here reads a
 * file or the network. Pure: no vscode.
 */
import { l10n } from '../l10n';
import { REPORTERS, TOOL, githubMode, isHttpUrl, type Reporter } from './args';
import { readSubcommandOptions } from './subcommandArgs';

export const COMPARE = 'compare';
/** Novu's US cloud: each side's default API. */
export const DEFAULT_API_URL = 'https://api.novu.co';

export interface CompareSide {
  apiUrl: string;
  apiKey: string;
  /** Where the key came from (`--target-api-key` or `NOVU_TARGET_API_KEY`): said with the side when it is rejected. */
  keyFrom: string;
}

export interface CompareOptions {
  source: CompareSide;
  target: CompareSide;
  reporter: Reporter;
  /** The report's file; stdout when absent. */
  output?: string;
  /** GitHub's annotations, job summary and outputs beside the report: as the test run's `github` (args.ts). */
  github: boolean;
}

export type ParsedCompareArgs = { kind: 'compare'; options: CompareOptions } | { kind: 'help' } | { kind: 'error'; message: string };

const VALUED = new Set(['--source-api-key', '--target-api-key', '--source-api-url', '--target-api-url', '--reporter', '--output']);

/** Reads `argv` (after `compare`); `env` gives the keys. */
export function parseCompareArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): ParsedCompareArgs {
  const read = readSubcommandOptions(argv, COMPARE, VALUED, { github: true });
  if ('error' in read) return error(read.error);
  const { values, help, github } = read;
  if (help) return { kind: 'help' };

  const sides: Partial<Record<'source' | 'target', CompareSide>> = {};
  for (const side of ['source', 'target'] as const) {
    const option = `--${side}-api-key`;
    const variable = side === 'source' ? 'NOVU_SOURCE_API_KEY' : 'NOVU_TARGET_API_KEY';
    const given = values.get(option);
    const apiKey = given ?? env[variable] ?? '';
    if (apiKey.trim() === '') {
      return error(
        given !== undefined
          ? l10n.t('{0} is empty.', option)
          : side === 'source'
            ? l10n.t('No source API key: set NOVU_SOURCE_API_KEY (or pass --source-api-key) to the API key of the environment whose state should reach the target (usually Development).')
            : l10n.t('No target API key: set NOVU_TARGET_API_KEY (or pass --target-api-key) to the API key of the environment that must send (usually Production).'),
      );
    }
    const urlOption = `--${side}-api-url`;
    const apiUrl = values.get(urlOption) ?? DEFAULT_API_URL;
    if (!isHttpUrl(apiUrl)) return error(l10n.t('{0} takes an http(s) URL without a user name or password, such as {1} or {2}.', urlOption, DEFAULT_API_URL, 'https://eu.api.novu.co'));
    sides[side] = { apiUrl: apiUrl.trim().replace(/\/+$/, ''), apiKey: apiKey.trim(), keyFrom: given !== undefined ? option : variable };
  }

  const reporter = values.get('--reporter') ?? 'text';
  if (!(REPORTERS as readonly string[]).includes(reporter)) return error(l10n.t('--reporter takes text, json, junit or github.'));
  const output = values.get('--output');
  if (output !== undefined && output.trim() === '') return error(l10n.t('--output needs a file name.'));
  const githubOn = githubMode(reporter as Reporter, output, github, env);
  if (typeof githubOn !== 'boolean') return error(githubOn.error);
  return { kind: 'compare', options: { source: sides.source!, target: sides.target!, reporter: reporter as Reporter, ...(output !== undefined ? { output } : {}), github: githubOn } };
}

function error(message: string): ParsedCompareArgs {
  return { kind: 'error', message };
}

/** `compare --help`: the options, the exit codes and an example (the keys from the environment). */
export function compareHelpText(): string {
  return [
    l10n.t('Usage: {0} compare [options]', TOOL),
    '',
    l10n.t('A deploy gate: reads two Novu environments (GET requests only, each with its own API key), compares them the way Novu\'s publish compares them, and finds what the target lacks that would make sends fail: a workflow missing or inactive, a channel without an active integration, a layout missing, a stricter payload schema.'),
    '',
    l10n.t('Options:'),
    l10n.t('  --source-api-key KEY     the source environment\'s API key (usually Development); better: NOVU_SOURCE_API_KEY'),
    l10n.t('  --target-api-key KEY     the target environment\'s API key (usually Production); better: NOVU_TARGET_API_KEY'),
    l10n.t('  --source-api-url URL     the source\'s API (default {0}; https://eu.api.novu.co for the EU, or your own)', DEFAULT_API_URL),
    l10n.t('  --target-api-url URL     the target\'s API (default {0})', DEFAULT_API_URL),
    l10n.t('  --reporter NAME          text (default), json, junit or github (annotations on stdout, the job summary and outputs)'),
    l10n.t('  --output FILE            write the report to FILE instead of stdout'),
    l10n.t('  --github, --no-github    GitHub annotations (each finding on the trigger call in your code), job summary and outputs beside the report (default: on when GITHUB_ACTIONS=true)'),
    l10n.t('  --help'),
    '',
    l10n.t('Exit codes: 0 nothing blocking (warnings may remain); 1 blocking findings (a send the target would refuse or fail); 2 the comparison could not be made or is incomplete: bad arguments, a GitHub summary or output file that cannot be written, a key rejected (the side is named), the service unreachable, the same environment twice, or a workflow or layout that could not be read with no blocking finding (with blocking findings the exit is 1 and what could not be read is listed too).'),
    l10n.t('Two organizations or regions are compared after a warning: the findings stay valid, but Novu cannot publish between them.'),
    '',
    l10n.t('Example (the keys in NOVU_SOURCE_API_KEY and NOVU_TARGET_API_KEY):'),
    l10n.t('  {0} compare --reporter junit --output novu-compare.xml', TOOL),
    '',
  ].join('\n');
}
