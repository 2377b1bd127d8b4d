/**
 * `--shard i/n` (issue 56, §6): the case files split into n parts, so that a CI matrix of n jobs
 * runs every case exactly once. A file's part comes from a hash of its path relative to the working
 * folder, written with `/` (`novu-tests/a.novu-test.json`): the same on every machine and operating
 * system, whatever the checkout's absolute path or the order the files were found in, and a file
 * keeps its part when others are added or removed. The hash is FNV-1a (32 bits) over the path's
 * UTF-8 bytes, then murmur3's finalizer (FNV's low bits follow only the bytes' low bits, so similar
 * names would bunch), and the part is its high bits scaled to n. Pure: no vscode, no file read.
 */
import { l10n } from '../l10n';

export interface Shard {
  /** 1-based: `--shard 1/4` is the first of four. */
  index: number;
  count: number;
}

/** The most parts: more jobs than this is not a matrix a CI runs. */
export const MAX_SHARDS = 1000;

/** `i/n` read, or why not. */
export function parseShard(text: string): Shard | { error: string } {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (!match || !Number.isSafeInteger(index) || !Number.isSafeInteger(count) || count < 1 || count > MAX_SHARDS || index < 1 || index > count) {
    return { error: l10n.t('--shard takes i/n, the part to run and how many parts, with 1 ≤ i ≤ n ≤ {0} (such as 1/4).', MAX_SHARDS) };
  }
  return { index, count };
}

/** FNV-1a, 32 bits, over the UTF-8 bytes of `text`. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** murmur3's 32-bit finalizer: every input bit moves every output bit. */
function mix(hash: number): number {
  let h = hash;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

const slashed = (path: string) => path.replace(/\\/g, '/').replace(/^([A-Za-z]):/, (_m, drive: string) => `${drive.toLowerCase()}:`);
const isAbsolutePath = (path: string) => path.startsWith('/') || /^[a-z]:\//i.test(path);

/**
 * What a file is hashed by: its path relative to `cwd`, with `/`, no `./`. `\` counts as `/` in
 * both (a Windows path). A file outside the working folder is hashed by its whole path.
 */
export function shardKey(file: string, cwd: string): string {
  const path = slashed(file).replace(/\/{2,}/g, '/');
  const root = slashed(cwd).replace(/\/{2,}/g, '/').replace(/\/+$/, '');
  let rel = path;
  if (isAbsolutePath(path) && root !== '' && path.startsWith(`${root}/`)) rel = path.slice(root.length + 1);
  else if (isAbsolutePath(path) && root === '') rel = path.slice(1);
  return rel.split('/').filter((part) => part !== '.' && part !== '').join('/');
}

/** The part (1 to count) a file of this key is in. */
export function shardOfKey(key: string, count: number): number {
  // The high bits, scaled: `floor(h · n / 2³²)` spreads as evenly as h does.
  return Math.floor((mix(fnv1a32(key)) / 0x1_0000_0000) * count) + 1;
}

/** The files of `shard`, in the order given. */
export function filesOfShard<T>(files: readonly T[], pathOf: (file: T) => string, cwd: string, shard: Shard): T[] {
  return files.filter((file) => shardOfKey(shardKey(pathOf(file), cwd), shard.count) === shard.index);
}
