/**
 * The options of a subcommand (`compare`, `init`), read the same way for each: only options, no
 * files; each named once, as `--name value` or `--name=value`; `--help` or `-h`; and, where the
 * command takes them, `--github` / `--no-github`. An unknown option is named without what follows
 * its `=`: a mistyped `--target-api-key=…` or `--secret-key=…` must not print the key. Pure: no vscode.
 */
import { l10n } from '../l10n';
import { TOOL, githubFlag } from './args';

export interface SubcommandOptions {
  /** Each valued option given, by its name (`--folder`). */
  values: Map<string, string>;
  help: boolean;
  /** `--github` / `--no-github` as given; undefined when not (the command takes them only when asked). */
  github?: boolean;
}

/** Reads `argv` (after the subcommand's word) for the options of `valued`; or the one mistake, in words. */
export function readSubcommandOptions(argv: readonly string[], command: string, valued: ReadonlySet<string>, { github = false } = {}): SubcommandOptions | { error: string } {
  const read: SubcommandOptions = { values: new Map(), help: false };
  const whole = `${TOOL} ${command}`;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-') || arg === '-') return { error: l10n.t('{0} takes no files or other arguments, only options.', whole) };
    const equals = arg.indexOf('=');
    const name = equals > 0 ? arg.slice(0, equals) : arg;
    if (name === '--help' || name === '-h') {
      if (equals > 0) return { error: l10n.t('{0} takes no value.', name) };
      read.help = true;
      continue;
    }
    if (github && (name === '--github' || name === '--no-github')) {
      const flag = githubFlag(name, equals > 0 ? arg.slice(equals + 1) : undefined);
      if (typeof flag !== 'boolean') return flag;
      read.github = flag;
      continue;
    }
    if (!valued.has(name)) return { error: l10n.t('{0} is not an option of {1}.', name.startsWith('--') ? name : name.slice(0, 2), whole) };
    let value: string | undefined;
    if (equals > 0) value = arg.slice(equals + 1);
    else if (i + 1 < argv.length) value = argv[++i];
    if (value === undefined) return { error: l10n.t('{0} needs a value.', name) };
    if (read.values.has(name)) return { error: l10n.t('{0} is given more than once.', name) };
    read.values.set(name, value);
  }
  return read;
}
