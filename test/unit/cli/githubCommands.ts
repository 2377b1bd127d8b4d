/**
 * GitHub's workflow commands read back as the runner reads them (actions/runner, ActionCommand's
 * TryParseV2 and ActionCommandManager; the rules docs.github.com documents for workflow commands):
 * a log is cut into lines at `\n`, `\r\n` or `\r`; a line is a command when, after its leading
 * white space, it starts with `::` and has a second `::`; what is between is the name and, after
 * a space, the properties, split at `,` and each at its first `=`; each property's value is
 * un-escaped (`%0D`, `%0A`, `%3A`, `%2C`, then `%25`), and the message after the second `::` too
 * (`%0D`, `%0A`, then `%25`). `::stop-commands::<token>` stops reading commands until a line
 * `::<token>::`. For the tests: what a runner would take from what the command line writes.
 */

export interface ReadCommand {
  name: string;
  properties: Record<string, string>;
  message: string;
}

/** The commands the runner knows; any other name is not a command (the line is shown as is). */
const REGISTERED = new Set(['error', 'warning', 'notice', 'debug', 'group', 'endgroup', 'add-mask', 'stop-commands', 'echo', 'add-matcher', 'remove-matcher', 'save-state', 'set-output', 'add-path', 'set-env']);

function unescape(text: string, mappings: readonly [token: string, replacement: string][]): string {
  let out = text;
  for (const [token, replacement] of mappings) out = out.split(replacement).join(token);
  return out;
}

const DATA: [string, string][] = [
  ['\r', '%0D'],
  ['\n', '%0A'],
  ['%', '%25'],
];
const PROPERTY: [string, string][] = [
  ['\r', '%0D'],
  ['\n', '%0A'],
  [':', '%3A'],
  [',', '%2C'],
  ['%', '%25'],
];

/** One line as the runner's TryParseV2 reads it; undefined when it is not a command. */
export function readLine(line: string): ReadCommand | undefined {
  const message = line.trimStart();
  if (!message.startsWith('::')) return undefined;
  const end = message.indexOf('::', 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const space = info.indexOf(' ');
  const name = space < 0 ? info : info.slice(0, space);
  if (!REGISTERED.has(name)) return undefined;
  const properties: Record<string, string> = {};
  if (space > 0) {
    for (const property of info.slice(space + 1).trim().split(',').filter((p) => p !== '')) {
      const equals = property.indexOf('=');
      // .NET's Split('=', 2, RemoveEmptyEntries): a key with an empty value is no pair.
      if (equals <= 0 || equals === property.length - 1) continue;
      properties[property.slice(0, equals)] = unescape(property.slice(equals + 1), PROPERTY);
    }
  }
  return { name, properties, message: unescape(message.slice(end + 2), DATA) };
}

/** Every command the runner would act on in `log`, stop-commands honoured (the stop and resume lines are not listed). */
export function readCommands(log: string): ReadCommand[] {
  const out: ReadCommand[] = [];
  let stopToken: string | undefined;
  for (const line of log.split(/\r\n|\r|\n/)) {
    if (stopToken !== undefined) {
      if (line.trim() === `::${stopToken}::`) stopToken = undefined;
      continue;
    }
    const command = readLine(line);
    if (!command) continue;
    if (command.name === 'stop-commands') {
      stopToken = command.message;
      continue;
    }
    out.push(command);
  }
  return out;
}
