/**
 * `--shard i/n` (issue 56, §6): four parts of 1,000 case files cover each file exactly once and are
 * about the same size; the split is the same whatever the order of the files, the checkout's
 * absolute path or the separator (`\` on Windows), and the same from one version to the next (a few
 * files' parts are pinned); and `--shard` is read or refused in words.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseArgs } from '../../../src/cli/args';
import { filesOfShard, fnv1a32, parseShard, shardKey, shardOfKey } from '../../../src/cli/shard';

const ENV = { NOVU_SECRET_KEY: 'sk_test_shard_0123456789' };

/** 1,000 case files as a suite names them: a few folders, numbered workflows, some with more in a name. */
function suite(): string[] {
  const folders = ['novu-tests', 'novu-tests/billing', 'apps/web/novu-tests', 'packages/mail/tests'];
  return Array.from({ length: 1000 }, (_, i) => `${folders[i % folders.length]}/workflow-${String(i).padStart(4, '0')}${i % 7 === 0 ? '-digest' : ''}.novu-test.json`);
}

/** A deterministic shuffle (a linear congruential generator), so that a failure can be run again. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function split(files: readonly string[], cwd: string, count: number): string[][] {
  return Array.from({ length: count }, (_, i) => filesOfShard(files, (f) => f, cwd, { index: i + 1, count }));
}

describe('novu-explorer-test: --shard', () => {
  it('hashes with FNV-1a over UTF-8 (its published values)', () => {
    assert.equal(fnv1a32(''), 0x811c9dc5);
    assert.equal(fnv1a32('a'), 0xe40c292c);
    assert.equal(fnv1a32('foobar'), 0xbf9cf968);
    // Bytes, not UTF-16 units: "é" is two bytes (0xc3 0xa9).
    assert.equal(fnv1a32('é'), Math.imul((Math.imul(0x811c9dc5 ^ 0xc3, 0x01000193) >>> 0) ^ 0xa9, 0x01000193) >>> 0);
  });

  it('covers each of 1,000 case files exactly once in 4 shards, about a quarter each', () => {
    const files = suite().map((f) => `/home/runner/work/app/app/${f}`);
    const parts = split(files, '/home/runner/work/app/app', 4);
    const seen = new Map<string, number>();
    for (const part of parts) for (const file of part) seen.set(file, (seen.get(file) ?? 0) + 1);
    assert.equal(seen.size, 1000, 'every file is in a shard');
    assert.ok([...seen.values()].every((n) => n === 1), 'no file is in two shards');
    const sizes = parts.map((p) => p.length);
    assert.equal(sizes.reduce((a, b) => a + b, 0), 1000);
    // 250 each, give or take: a fair hash stays within ±40 (about 3 standard deviations).
    for (const size of sizes) assert.ok(size >= 210 && size <= 290, `sizes ${sizes.join(', ')}`);
    // And for other counts of jobs.
    for (const count of [2, 3, 5, 8]) {
      const sizesN = split(files, '/home/runner/work/app/app', count).map((p) => p.length);
      assert.equal(sizesN.reduce((a, b) => a + b, 0), 1000);
      for (const size of sizesN) assert.ok(Math.abs(size - 1000 / count) < 4 * Math.sqrt(1000 / count), `${count}: ${sizesN.join(', ')}`);
    }
  });

  it('gives the same split on two machines: any file order, checkout path or separator', () => {
    const files = suite();
    const linux = split(files.map((f) => `/home/runner/work/app/app/${f}`), '/home/runner/work/app/app', 4).map((p) => p.map((f) => shardKey(f, '/home/runner/work/app/app')).sort());
    const windows = split(shuffled(files, 7).map((f) => `D:\\a\\app\\app\\${f.replace(/\//g, '\\')}`), 'D:\\a\\app\\app\\', 4).map((p) => p.map((f) => shardKey(f, 'D:\\a\\app\\app')).sort());
    const relative = split(shuffled(files, 42).map((f) => `./${f}`), '/elsewhere', 4).map((p) => p.map((f) => shardKey(f, '/elsewhere')).sort());
    assert.deepEqual(windows, linux);
    assert.deepEqual(relative, linux);
    assert.equal(shardKey('C:\\repo\\novu-tests\\a.novu-test.json', 'c:\\repo'), 'novu-tests/a.novu-test.json');
    assert.equal(shardKey('/repo//novu-tests/./a.novu-test.json', '/repo/'), 'novu-tests/a.novu-test.json');
    // A file keeps its shard when others come and go.
    const fewer = split(files.slice(0, 500).map((f) => `/r/${f}`), '/r', 4).map((p) => p.map((f) => shardKey(f, '/r')));
    for (let i = 0; i < 4; i++) for (const key of fewer[i]!) assert.ok(linux[i]!.includes(key), key);
  });

  it('keeps a file in its shard from one version to the next (pinned parts)', () => {
    const pinned = ['novu-tests/account-welcome.novu-test.json', 'novu-tests/order-shipped.novu-test.json', 'novu-tests/password-reset.novu-test.json', 'apps/web/novu-tests/weekly-digest.novu-test.json', 'novu-tests/comment-mention.novu-test.json', 'novu-tests/invoice-paid.novu-test.json'];
    assert.deepEqual(
      pinned.map((key) => shardOfKey(key, 4)),
      [4, 4, 3, 1, 1, 3],
    );
  });

  it('reads i/n, and refuses 0/4, 5/4, a/b, 1/0 and friends in words (exit 2 through main)', () => {
    assert.deepEqual(parseShard('1/4'), { index: 1, count: 4 });
    assert.deepEqual(parseShard(' 4 / 4 '), { index: 4, count: 4 });
    assert.deepEqual(parseShard('1/1'), { index: 1, count: 1 });
    for (const bad of ['0/4', '5/4', 'a/b', '1/0', '0/0', '-1/4', '1.5/4', '1/4/2', '', '4', '1/1001', '01x/4']) {
      const read = parseShard(bad);
      assert.ok('error' in read, bad);
      assert.match(read.error, /^--shard takes i\/n, the part to run and how many parts, with 1 ≤ i ≤ n ≤ 1000 \(such as 1\/4\)\.$/);
      const parsed = parseArgs(['--shard', bad], ENV);
      assert.deepEqual(parsed, { kind: 'error', message: read.error });
    }
    const parsed = parseArgs(['--shard=2/3'], ENV);
    assert.ok(parsed.kind === 'run' && parsed.options.shard?.index === 2 && parsed.options.shard.count === 3);
    assert.deepEqual(parseArgs(['--shard', '1/2', '--shard', '2/2'], ENV), { kind: 'error', message: '--shard is given more than once.' });
  });
});
