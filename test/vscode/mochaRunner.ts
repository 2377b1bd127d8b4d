// Extension-host side of the VS Code integration tests: runs every compiled `*.test.js` in a folder
// with mocha (bdd UI) and reports through console.log, which VS Code forwards from the extension
// host to the workbench's log while tests run from the command line (codeAutomationLog), and from
// there to the launcher (runTests.mjs) that prints it.
//
// A test index (compiled next to the test files, e.g. out/test/integration/index.js) is just:
//
//   import { runMochaTests } from '../vscode/mochaRunner';
//   export async function run(): Promise<void> {
//     await runMochaTests(__dirname);
//   }
//
// or, when the index is bundled (esbuild.mjs --tests bundles each entry), just
//   export { run } from '../vscode/mochaRunner';
import Mocha from 'mocha';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Lines runTests.mjs parses and does not echo: the tests start; a test starts (its full title, so
 * that a run cut short says which test it was in); their results (JSON).
 */
export const START_MARKER = '@@mocha-start@@';
export const TEST_MARKER = '@@mocha-test@@ ';
export const RESULT_MARKER = '@@mocha-result@@ ';

/** A failed test or hook: its full title ("suite test", or "suite \"before all\" hook: …") and the first line of its error. */
export interface MochaFailure {
  title: string;
  error: string;
}

export interface MochaResult {
  passed: number;
  failed: number;
  pending: number;
  durationMs: number;
  /** Every failure, named: the summary lists them (a count alone does not say which test to look at). */
  failures: MochaFailure[];
  /** Milliseconds spent in each test file (its top-level suites, hooks included): npm test names the slowest. */
  files: Record<string, number>;
}

export interface RunMochaOptions {
  /** Per-test timeout in ms (default 20 000). */
  timeout?: number;
  /** Only run tests whose full title matches (default: env MOCHA_GREP). */
  grep?: string;
  /** File name suffix of the test files (default `.test.js`). */
  suffix?: string;
  /**
   * A part of the suite to run instead of all of it: the tests of `wholeFiles` (by base name, without
   * the suffix), and of every other file the tests whose title contains `tag` (none without a tag).
   * Their hooks run as usual; a suite left with no test runs none of its hooks.
   */
  only?: { wholeFiles: string[]; tag?: string };
}

/** Drops from `suite` (recursively) every test whose title lacks `tag` (every test, without one). */
function keepTagged(suite: Mocha.Suite, tag: string | undefined): void {
  suite.tests = suite.tests.filter((test) => tag !== undefined && test.title.includes(tag));
  for (const child of suite.suites) keepTagged(child, tag);
  suite.suites = suite.suites.filter((child) => child.total() > 0);
}

/** Every file below `dir` whose name ends with `suffix`, sorted for a stable order. */
export function findTestFiles(dir: string, suffix = '.test.js'): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...findTestFiles(path, suffix));
    else if (name.endsWith(suffix)) found.push(path);
  }
  return found;
}

/**
 * Runs the tests in `dir` and resolves when all passed; rejects when any failed (or none were
 * found), which makes VS Code exit the test run with a non-zero code.
 */
export function runMochaTests(dir: string, options: RunMochaOptions = {}): Promise<MochaResult> {
  const grep = options.grep ?? process.env.MOCHA_GREP;
  const mocha = new Mocha({
    ui: 'bdd',
    timeout: options.timeout ?? 20_000,
    color: false,
    reporter: 'spec',
    ...(grep ? { grep } : {}),
  });
  // connections.test checks what activation after start-up did before any test used the extension: it must run first.
  const files = findTestFiles(dir, options.suffix ?? '.test.js').sort((a, b) => Number(b.endsWith('/connections.test.js')) - Number(a.endsWith('/connections.test.js')));
  for (const file of files) mocha.addFile(file);
  if (options.only && files.length > 0) {
    const { wholeFiles, tag } = options.only;
    // Loaded now to be pruned, and not again by run() (mocha's own, if not in its types).
    const loader = mocha as unknown as { loadFiles(): void; lazyLoadFiles(on: boolean): void };
    loader.loadFiles();
    loader.lazyLoadFiles(true);
    const whole = new Set(wholeFiles);
    for (const suite of mocha.suite.suites) {
      const base = (suite.file ?? '').replace(/^.*\//, '').replace(options.suffix ?? '.test.js', '');
      if (!whole.has(base)) keepTagged(suite, tag);
    }
    mocha.suite.suites = mocha.suite.suites.filter((suite) => suite.total() > 0);
  }
  const started = Date.now();
  console.log(START_MARKER);

  return new Promise<MochaResult>((resolve, reject) => {
    const failed: MochaFailure[] = [];
    const fileTimes: Record<string, number> = {};
    const report = (passed: number, failures: number, pending: number): MochaResult => {
      const result = { passed, failed: failures, pending, durationMs: Date.now() - started, failures: failed, files: fileTimes };
      console.log(RESULT_MARKER + JSON.stringify(result));
      return result;
    };
    if (files.length === 0) {
      failed.push({ title: `(no *${options.suffix ?? '.test.js'} files in ${dir})`, error: '' });
      report(0, 1, 0);
      reject(new Error(`no *${options.suffix ?? '.test.js'} files in ${dir}`));
      return;
    }
    try {
      const runner = mocha.run((failures) => {
        const stats = runner.stats;
        const result = report(stats?.passes ?? 0, stats?.failures ?? failures, stats?.pending ?? 0);
        if (failures > 0) reject(new Error(`${failures} of ${result.passed + failures} tests failed`));
        else resolve(result);
      });
      runner.on('test', (test) => console.log(TEST_MARKER + test.fullTitle()));
      // Each file's time: from its first top-level suite's start to its last one's end.
      const suiteStarts = new Map<Mocha.Suite, number>();
      runner.on('suite', (suite) => {
        if (suite.file && suite.parent?.root) suiteStarts.set(suite, Date.now());
      });
      runner.on('suite end', (suite) => {
        const at = suiteStarts.get(suite);
        if (at === undefined || !suite.file) return;
        const name = suite.file.replace(/^.*\/out\//, '');
        fileTimes[name] = (fileTimes[name] ?? 0) + (Date.now() - at);
      });
      // A hook's failure too ("before all" hook…): it fails the run without failing a test of its own.
      runner.on('fail', (test, error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        failed.push({ title: test.fullTitle(), error: (message.split('\n').find((l) => l.trim() !== '') ?? '').trim().slice(0, 300) });
      });
    } catch (err) {
      // A test file that throws while loading ends up here.
      console.error(err);
      failed.push({ title: '(a test file could not be loaded)', error: String(err instanceof Error ? err.message : err).split('\n')[0] ?? '' });
      report(0, 1, 0);
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}

/**
 * Ready-made `run()` for a test index that is bundled (esbuild, as in esbuild.mjs --tests): inside
 * the bundle `__dirname` is the index's own folder, so this runs the `*.test.js` next to it.
 * Index: `export { run } from '../vscode/mochaRunner';`. When in doubt, call runMochaTests(__dirname).
 */
export async function run(): Promise<void> {
  await runMochaTests(__dirname);
}

