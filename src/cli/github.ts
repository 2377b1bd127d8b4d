/**
 * GitHub Actions' files for `--reporter github` and the default under Actions (issue 56, §2): the
 * job summary (`$GITHUB_STEP_SUMMARY`) and the step's outputs (`$GITHUB_OUTPUT`), each appended to,
 * as the runner expects. Both are checked before anything runs: a path that cannot be written is an
 * error (exit 2) with nothing written, never a run whose summary is lost at its end. And where a file
 * is, as GitHub places an annotation: relative to the repository (`$GITHUB_WORKSPACE`), else to the
 * working folder, with `/`. Pure Node: no vscode.
 */
import { accessSync, appendFileSync, constants, statSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { l10n } from '../l10n';
import type { CliIo } from './io';
import { terminalText } from './runView';

export interface GithubFiles {
  /** Absolute; absent when the variable is not set. */
  summary?: string;
  output?: string;
}

const VARIABLES = { summary: 'GITHUB_STEP_SUMMARY', output: 'GITHUB_OUTPUT' } as const;

/** The files the environment names (an empty variable names none). */
export function githubFiles(io: Pick<CliIo, 'cwd' | 'env'>): GithubFiles {
  const out: GithubFiles = {};
  for (const which of ['summary', 'output'] as const) {
    const value = io.env[VARIABLES[which]];
    if (value !== undefined && value.trim() !== '') out[which] = resolve(io.cwd, value);
  }
  return out;
}

/** Why `path` cannot be appended to (an error code), or undefined when it can: an existing file (not a folder) that may be written, or a new one in a folder that may be. */
export function cannotAppend(path: string): string | undefined {
  const code = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);
  try {
    if (statSync(path).isDirectory()) return 'EISDIR';
    accessSync(path, constants.W_OK);
    return undefined;
  } catch (error) {
    if (code(error) !== 'ENOENT') return code(error);
  }
  try {
    if (!statSync(dirname(path)).isDirectory()) return 'ENOTDIR';
    accessSync(dirname(path), constants.W_OK);
    return undefined;
  } catch (error) {
    return code(error);
  }
}

/** Each file checked before the run: the first that cannot be written, said; undefined when both can. */
export function checkGithubFiles(files: GithubFiles): string | undefined {
  for (const which of ['summary', 'output'] as const) {
    const path = files[which];
    if (path === undefined) continue;
    const reason = cannotAppend(path);
    if (reason !== undefined) return l10n.t('{0} names {1}, which cannot be written ({2}): give a file that can be written, or --no-github.', VARIABLES[which], terminalText(path, true), reason);
  }
  return undefined;
}

/** Appends the summary and the outputs; undefined when written, else why not. */
export function appendGithubFiles(io: Pick<CliIo, 'appendFile'>, files: GithubFiles, summary: string, outputs: string): string | undefined {
  const append = io.appendFile ?? ((path: string, text: string) => appendFileSync(path, text));
  for (const [which, text] of [['summary', summary], ['output', outputs]] as const) {
    const path = files[which];
    if (path === undefined || text === '') continue;
    try {
      append(path, text);
    } catch (error) {
      return l10n.t('{0} names {1}, which could not be written ({2}).', VARIABLES[which], terminalText(path, true), (error as NodeJS.ErrnoException).code ?? String(error));
    }
  }
  return undefined;
}

/** A file as an annotation names it: relative to `$GITHUB_WORKSPACE` when inside it, else to the working folder when inside it, else absolute; with `/`. */
export function annotationPath(file: string, io: Pick<CliIo, 'cwd' | 'env'>): string {
  for (const base of [io.env['GITHUB_WORKSPACE'], io.cwd]) {
    if (base === undefined || base.trim() === '') continue;
    const rel = relative(resolve(io.cwd, base), resolve(io.cwd, file));
    if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) return rel.split(sep).join('/');
  }
  return file.split(sep).join('/');
}
