/**
 * Where the user's code triggers a workflow (issue 56, §2), for `compare --reporter github`: a
 * finding of a workflow is annotated on its trigger call. The working folder's JavaScript,
 * TypeScript and Python files are read with the scanners code awareness uses (src/scan: string
 * literals and the file's constants, never a comment; a Novu client or a framework workflow
 * imported from a local file is followed, as the module index does). Nothing in node_modules,
 * build output (dist, out, build), virtual environments or folders whose name starts with a dot;
 * no symbolic link to a folder; at most MAX_FILES files, none larger than MAX_FILE_BYTES. Pure
 * Node: no vscode.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ModuleMap, jsModule, moduleCandidates, scanJavaScript, scanPython, type CodeRef } from '../scan';
import { lineIndex } from '../testing/jsonTree';

const MAX_FILES = 5_000;
const MAX_FILE_BYTES = 2 * 1024 * 1024;
/** Files read one after another along a chain of imports, at most (as the module index). */
const MAX_ROUNDS = 10;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'out', 'build', 'venv', '__pycache__']);
const JS = /\.(?:[mc]?[jt]s|[jt]sx)$/;

export interface CodeSite {
  /** Absolute. */
  path: string;
  /** 1-based. */
  line: number;
  column: number;
}

/** A path as the scanners take it (`/`-separated, as in a URI: `/C:/x` on Windows), and back. */
const scanPath = (path: string) => {
  const slashed = path.replace(/\\/g, '/');
  return slashed.startsWith('/') ? slashed : `/${slashed}`;
};
const diskPath = (path: string) => (/^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path);

function sourceFiles(dir: string, out: string[]): void {
  if (out.length >= MAX_FILES) return;
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    if (out.length >= MAX_FILES) return;
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name)) sourceFiles(join(dir, entry.name), out);
    } else if (entry.isFile() && (JS.test(entry.name) || entry.name.endsWith('.py')) && !entry.name.endsWith('.d.ts')) {
      out.push(join(dir, entry.name));
    }
  }
}

function readText(path: string): string | undefined {
  try {
    if (statSync(path).size > MAX_FILE_BYTES) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The trigger calls of the workflows `ids` below `root`, by workflow id, each list in file and line order. */
export function findTriggers(root: string, ids: ReadonlySet<string>): Map<string, CodeSite[]> {
  const found = new Map<string, CodeSite[]>();
  if (ids.size === 0) return found;
  const files: string[] = [];
  sourceFiles(root, files);
  const modules = new ModuleMap();
  const readModule = (from: string, specifier: string) => {
    for (const candidate of moduleCandidates(from, specifier)) {
      const held = modules.get(candidate);
      if (held) return;
      if (held === null) continue;
      const text = readText(diskPath(candidate));
      modules.set(candidate, text === undefined ? null : jsModule(text));
      if (text !== undefined) return;
    }
  };
  for (const file of files) {
    const text = readText(file);
    // Only a file that says "trigger" can hold a call (TriggerEventRequestDto too).
    if (text === undefined || !/trigger/i.test(text)) continue;
    let refs: CodeRef[];
    if (file.endsWith('.py')) refs = scanPython(text);
    else {
      const path = scanPath(file);
      for (let round = 0; ; round++) {
        const wanted: { from: string; specifier: string }[] = [];
        refs = scanJavaScript(text, { path, modules: modules.lookup(wanted) });
        if (wanted.length === 0 || round >= MAX_ROUNDS) break;
        for (const { from, specifier } of wanted) readModule(from, specifier);
      }
    }
    const at = lineIndex(text);
    for (const ref of refs) {
      if (ref.kind !== 'trigger' || !ids.has(ref.identifier)) continue;
      const { line, character } = at(ref.start);
      const list = found.get(ref.identifier) ?? [];
      list.push({ path: file, line: line + 1, column: character + 1 });
      found.set(ref.identifier, list);
    }
  }
  return found;
}
