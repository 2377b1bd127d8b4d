/**
 * The workspace's files as modules: a relative import names a file, read by the caller (the
 * index); a package is never read.
 */
import type { JsModule } from './jsModule';

/** The files a module knows of, by path (`/`-separated, as in a URI). */
export interface ModuleLookup {
  /** The file that the relative `specifier` names from the file at `fromPath`, or undefined (none, or not read yet). */
  find(fromPath: string, specifier: string): { path: string; module: JsModule } | undefined;
}

export const isRelative = (specifier: string) => specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../');

/** `a/./b/../c` → `a/c`. */
function normalizePath(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '' && out[out.length - 1] !== '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * The paths a relative import may name, in the order TypeScript and Node try them: the file with
 * each source extension, then its folder's `index`; `./x.js` names `./x.ts` first (TypeScript's
 * ESM style). Nothing in `node_modules`, and nothing for a package name.
 */
export function moduleCandidates(fromPath: string, specifier: string): string[] {
  if (!isRelative(specifier)) return [];
  const base = normalizePath(`${fromPath.slice(0, fromPath.lastIndexOf('/'))}/${specifier}`);
  if (base.includes('/node_modules/') || base.endsWith('/node_modules')) return [];
  if (/\.(?:[mc]?ts|tsx)$/.test(base)) return [base];
  const js = /\.([mc]?)js(x?)$/.exec(base);
  if (js) {
    const stem = base.slice(0, -js[0].length);
    return [`${stem}.${js[1]}ts${js[2]}`, ...(js[1] || js[2] ? [] : [`${stem}.tsx`]), base];
  }
  return [...SOURCE_EXTENSIONS.map((ext) => base + ext), ...SOURCE_EXTENSIONS.map((ext) => `${base}/index${ext}`)];
}

/**
 * Module facts by path, as the index holds them: a path not held yet is said in `wanted` (the
 * caller reads it and asks again); a path known to hold no file is held as `null`.
 */
export class ModuleMap {
  private readonly files = new Map<string, JsModule | null>();

  set(path: string, module: JsModule | null): void {
    this.files.set(path, module);
  }

  /** Forgets a path (its file changed, was created or deleted): true when it was held. */
  delete(path: string): boolean {
    return this.files.delete(path);
  }

  /** A path's facts; null when it holds no file; undefined when not read. */
  get(path: string): JsModule | null | undefined {
    return this.files.get(path);
  }

  get size(): number {
    return this.files.size;
  }

  /** A lookup that says in `wanted` each import it could not answer for want of a file not read yet. */
  lookup(wanted: { from: string; specifier: string }[] = []): ModuleLookup {
    return {
      find: (fromPath, specifier) => {
        for (const path of moduleCandidates(fromPath, specifier)) {
          const held = this.files.get(path);
          if (held === undefined) {
            wanted.push({ from: fromPath, specifier });
            return undefined;
          }
          if (held) return { path, module: held };
        }
        return undefined;
      },
    };
  }
}
