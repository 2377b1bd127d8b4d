/**
 * Which case files a command-line run reads (issue 46, §7): each argument is a file, a folder (its
 * case files) or a glob, relative to the working folder; none means the default glob. A walk never
 * enters node_modules or a folder whose name starts with a dot, and follows no symbolic link to a
 * folder (no cycles). Globs: `**` any folders, `*` and `?` within a name, `{a,b}` either. Pure
 * Node: no vscode.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { DEFAULT_CASE_GLOB, snapshotPathOf } from '../testing/caseFile';

export interface FoundFiles {
  /** Absolute paths, sorted, each once. */
  files: string[];
  /** The arguments that matched no file. */
  unmatched: string[];
}

const GLOB_CHARS = /[*?{[]/;

/** A glob as a regular expression over `/`-separated relative paths. */
export function globRegExp(glob: string): RegExp {
  let out = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const slashAfter = glob[i + 2] === '/';
        const atStart = i === 0 || glob[i - 1] === '/';
        i += slashAfter ? 2 : 1;
        out += atStart && slashAfter ? '(?:[^/]*/)*' : '.*';
      } else {
        out += '[^/]*';
      }
    } else if (c === '?') {
      out += '[^/]';
    } else if (c === '{') {
      braces++;
      out += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      out += ')';
    } else if (c === ',' && braces > 0) {
      out += '|';
    } else {
      out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp(`^${out + ')'.repeat(braces)}$`);
}

/** Every file below `dir` (relative, `/`-separated), not in node_modules or dot folders. */
function walk(dir: string, prefix = '', out: string[] = []): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      walk(join(dir, entry.name), path, out);
    } else if (entry.isFile() || entry.isSymbolicLink()) {
      out.push(path);
    }
  }
  return out;
}

/** The case files that `patterns` name, from `cwd`. */
export function findCaseFiles(cwd: string, patterns: readonly string[]): FoundFiles {
  const found = new Set<string>();
  const unmatched: string[] = [];
  const walks = new Map<string, string[]>();
  const walkOnce = (dir: string): string[] => {
    let files = walks.get(dir);
    if (!files) {
      files = walk(dir);
      walks.set(dir, files);
    }
    return files;
  };
  for (const pattern of patterns) {
    const before = found.size;
    const path = resolve(cwd, pattern);
    let matched = false;
    if (!GLOB_CHARS.test(pattern) && existsSync(path)) {
      if (statSync(path).isDirectory()) {
        const regex = globRegExp(DEFAULT_CASE_GLOB);
        for (const file of walkOnce(path)) if (regex.test(file)) found.add(join(path, file));
      } else {
        found.add(path);
      }
      matched = found.size > before || statSync(path).isFile();
    } else {
      // The glob's fixed leading folders are where the walk starts: `../other/**/*.json` works too.
      const slashed = pattern.split(sep).join('/');
      const parts = slashed.split('/');
      const fixed: string[] = [];
      while (parts.length > 1 && !GLOB_CHARS.test(parts[0]!)) fixed.push(parts.shift()!);
      const base = isAbsolute(slashed) ? resolve('/', ...fixed) : resolve(cwd, ...fixed);
      const regex = globRegExp(parts.join('/'));
      for (const file of walkOnce(base)) if (regex.test(file)) found.add(join(base, file));
      matched = found.size > before;
    }
    if (!matched) unmatched.push(pattern);
  }
  return { files: [...found].sort(), unmatched };
}

/** How a file is named to the user: relative to `cwd` (with `/`) when inside it, else absolute. */
export function shownPath(cwd: string, file: string): string {
  const rel = relative(cwd, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split(sep).join('/') : file;
}

export interface ReadCaseFile {
  path: string;
  text: string;
  snapshotText?: string;
}

/** Reads a case file and the snapshot file beside it; an error names the file and why. */
export function readCaseFileText(path: string): { ok: true; file: ReadCaseFile } | { ok: false; reason: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { ok: false, reason: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
  const snapshotPath = snapshotPathOf(path);
  let snapshotText: string | undefined;
  try {
    snapshotText = readFileSync(snapshotPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return { ok: false, reason: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
  return { ok: true, file: { path, text, ...(snapshotText !== undefined ? { snapshotText } : {}) } };
}
