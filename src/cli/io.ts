/** What the command line reads and writes through (the process's own, or a test's): its commands share it. */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { l10n } from '../l10n';
import { terminalText } from './runView';

export interface Writer {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface CliIo {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  stdout: Writer;
  stderr: Writer;
  writeFile?: (path: string, text: string) => void;
  /** Appends to a file (GitHub's job summary and outputs); appendFileSync when absent. */
  appendFile?: (path: string, text: string) => void;
  /** Aborted on SIGINT or SIGTERM: the app is stopped and the run ends with exit 2. */
  signal?: AbortSignal;
  version: string;
}

/**
 * A command's outcome lines, then its report: with `--output`, the report to that file and the lines
 * on stdout; else the report on stdout and the lines on stderr. Undefined when written, else why not.
 */
export function emitReport(io: CliIo, said: string, report: string, output: string | undefined, write: { out(text: string): unknown; err(text: string): unknown; redact(text: string): string }): string | undefined {
  if (output === undefined) {
    write.err(`${said}\n`);
    write.out(report);
    return undefined;
  }
  write.out(`${said}\n`);
  try {
    (io.writeFile ?? ((path: string, text: string) => writeFileSync(path, text)))(resolve(io.cwd, output), write.redact(report));
    return undefined;
  } catch (error) {
    return l10n.t('the report could not be written to {0} ({1}).', terminalText(output, true), (error as NodeJS.ErrnoException).code ?? String(error));
  }
}
