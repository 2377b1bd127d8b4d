// Builds the extension, the sandbox CLI, the webview bundles and (with --tests) the test files.
// Usage: node esbuild.mjs [--production [--test-api]] [--watch] [--tests] | --cli
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

const production = process.argv.includes('--production');

// `--l10n` writes l10n/bundle.l10n.json (the English strings a translation replaces) from the
// sources with @vscode/l10n-dev, and builds nothing; `--l10n --check` only says whether it is current.
if (process.argv.includes('--l10n')) {
  const { l10nBundle } = await import('./test/l10n/extract.mjs');
  const { existsSync, writeFileSync } = await import('node:fs');
  const text = `${JSON.stringify(await l10nBundle(), null, 2)}\n`;
  const file = 'l10n/bundle.l10n.json';
  if (process.argv.includes('--check')) {
    const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
    if (current !== text) {
      console.error(`${file} is out of date with the sources: run \`npm run l10n\` and commit it.`);
      process.exit(1);
    }
  } else {
    mkdirSync('l10n', { recursive: true });
    writeFileSync(file, text);
    console.log(`${file}: ${Object.keys(JSON.parse(text)).length} strings`);
  }
  process.exit(0);
}
const watch = process.argv.includes('--watch');
const tests = process.argv.includes('--tests');

/** Every file below `dir` whose name ends with one of `suffixes`. */
function findFiles(dir, suffixes) {
  let found = [];
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return found;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found = found.concat(findFiles(path, suffixes));
    else if (suffixes.some((s) => name.endsWith(s))) found.push(path);
  }
  return found;
}

const node = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: production ? 'linked' : 'inline',
  minify: production,
  sourcesContent: false,
  logLevel: 'warning',
  external: ['vscode'],
  // The production build (the .vsix) runs only as an installed extension, which exports nothing: the
  // test API that extension.ts hands integration tests is left out of it (dist/extension.js < 150 KiB).
  // `--test-api` keeps it in a production build: the benchmarks in VS Code measure the minified
  // bundles through it (their size is measured first, from the build without it).
  define: { NOVU_EXPLORER_PRODUCTION_BUILD: String(production && !process.argv.includes('--test-api')) },
};

const builds = [
  {
    ...node,
    // The sandbox library is its own bundle: the extension loads it only when the Sandbox connection is
    // used; so are the panels, loaded when the first one opens, and the agent's tools, loaded when first called.
    // checksWorker is the thread the Preview checks an email in (src/preview/checksWorker.ts).
    entryPoints: { extension: 'src/extension.ts', panels: 'src/panelsBundle.ts', agent: 'src/agentBundle.ts', code: 'src/codeBundle.ts', commands: 'src/commandsBundle.ts', preview: 'src/previewBundle.ts', app: 'src/appBundle.ts', failures: 'src/failuresBundle.ts', tests: 'src/testsBundle.ts', environments: 'src/environmentsBundle.ts', audience: 'src/audienceBundle.ts', checksWorker: 'src/preview/checksWorkerMain.ts', sandbox: 'src/sandbox/main.ts', sandboxServer: 'src/sandbox/index.ts' },
    outdir: 'dist',
    metafile: true,
  },
];

/**
 * An esbuild plugin that loads @jsx-email/doiuse-email's bundle with each caniemail feature's slug,
 * description, keywords, tags, test date and test URLs left out: the library reads only a feature's
 * title, category, url, stats and notes, so its results are the same (−90 KB minified). It removes
 * whole `key: value,` lines of the data object only; when the file is laid out otherwise (a new
 * version), it removes nothing and says so, and the package test's size limit tells.
 */
function caniemailWithoutProse() {
  const unread = /^ {6}(?:slug|description|keywords|last_test_date|test_url|test_results_url|tags): (?:"(?:[^"\\\n]|\\.)*"|null|\[[^\]\n]*\]),\n/gm;
  return {
    name: 'caniemail-without-prose',
    setup(build) {
      build.onLoad({ filter: /[\\/]@jsx-email[\\/]doiuse-email[\\/]dist[\\/]index\.mjs$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        const start = text.indexOf('\nvar can_i_email_default = {\n');
        const end = start < 0 ? -1 : text.indexOf('\n};\n', start);
        const data = end < 0 ? '' : text.slice(start, end);
        const kept = data.replace(unread, '');
        if (kept === data) return { contents: text, loader: 'js', warnings: [{ text: "caniemail's data is laid out otherwise than expected: bundled whole" }] };
        return { contents: text.slice(0, start) + kept + text.slice(end), loader: 'js' };
      });
    },
  };
}

// The command-line runner of the notification tests (issue 46, §7): its own npm package, with every
// dependency (zod, caniemail's data) bundled in, so that the package has none. Not part of the .vsix.
// `--cli` builds it alone (its package test does, leaving the extension's dist/ as it is).
//
// It is always minified (issue 56, §1: the package is at most 1 MB unpacked, it was 1.6 MB). Messages
// are string literals, which minifying leaves as they are, and the CLI prints no class or function
// name (an unexpected error is said by its message), so names are not kept (keepNames: +16 KB).
// caniemail's data, more than half of the bundle, is bundled without the prose fields that
// @jsx-email/doiuse-email never reads (see caniemailWithoutProse).
const cliBuild = {
  ...node,
  entryPoints: { cli: 'src/cli/cli.ts' },
  outdir: 'packages/novu-explorer-test/dist',
  banner: { js: '#!/usr/bin/env node' },
  sourcemap: false,
  minify: true,
  plugins: [caniemailWithoutProse()],
};
if (process.argv.includes('--cli')) {
  await esbuild.build(cliBuild);
  process.exit(0);
}
builds.push(cliBuild);

const webviewEntries = Object.fromEntries(
  findFiles('webview', ['.ts']).filter((f) => /webview\/[^/]+\/main\.ts$/.test(f)).map((f) => [f.split('/')[1], f]),
);
if (Object.keys(webviewEntries).length > 0) {
  builds.push({
    bundle: true,
    platform: 'browser',
    target: 'chrome120',
    format: 'iife',
    sourcemap: production ? false : 'inline',
    minify: production,
    logLevel: 'warning',
    entryPoints: webviewEntries,
    outdir: 'media/dist',
  });
}

if (tests) {
  // Compiled tests of deleted or renamed files would still run: start from an empty out/test.
  rmSync('out/test', { recursive: true, force: true });
  // Tests keep their folder layout under out/ so that globs and relative paths stay simple.
  const testEntries = findFiles('test', ['.ts']).filter((f) => !f.endsWith('.d.ts'));
  builds.push({
    ...node,
    sourcemap: 'inline',
    minify: false,
    // Test tools load from node_modules at run time, as they expect to.
    external: ['vscode', 'mocha', 'playwright-core', 'esbuild', 'eslint', '@novu/api', 'typescript', '@vscode/l10n-dev'],
    entryPoints: testEntries,
    outdir: 'out/test',
    outbase: 'test',
  });
}

// Webviews load codicons from the built assets only (localResourceRoots is media/).
mkdirSync('media/dist/codicons', { recursive: true });
for (const file of ['codicon.css', 'codicon.ttf']) cpSync(`node_modules/@vscode/codicons/dist/${file}`, `media/dist/codicons/${file}`);

if (watch) {
  const contexts = await Promise.all(builds.map((b) => esbuild.context(b)));
  await Promise.all(contexts.map((c) => c.watch()));
  console.log('esbuild: watching for changes');
} else {
  await Promise.all(builds.map((b) => esbuild.build(b)));
}
