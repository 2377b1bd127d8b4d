// `npm pack` (and `npm publish`) of novu-explorer-test build its bundle first (the package's
// `prepack`): the repository's esbuild.mjs --cli writes dist/cli.js. When it cannot, the pack fails
// here, loudly, so that a tarball without dist/ never comes out (issue 51, §4). Not in the package.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const here = import.meta.dirname;
const root = resolve(here, '..', '..');
const bundle = join(here, 'dist', 'cli.js');

function fail(message) {
  console.error(`novu-explorer-test: ${message}`);
  process.exit(1);
}

if (!existsSync(join(root, 'esbuild.mjs'))) fail(`no esbuild.mjs in ${root}: pack this package from the Novu Explorer repository.`);
try {
  createRequire(join(root, 'package.json')).resolve('esbuild');
} catch {
  fail(`esbuild is not installed in ${root}: run npm ci first (in the repository's root), then pack again.`);
}
// An old bundle must not pass for a new one.
rmSync(bundle, { force: true });
const build = spawnSync(process.execPath, ['esbuild.mjs', '--cli'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) fail(`the build failed (${build.error?.message ?? build.signal ?? `exit code ${build.status}`}): nothing was packed.`);
if (!existsSync(bundle)) fail(`the build wrote no ${bundle}: nothing was packed.`);
