// Runs extension integration tests in a real VS Code (code-server 4.100.3 + headless Chromium, or
// with --host=latest code-server 4.139.1 on Node 24) and prints their output. The test index
// (extensionTestsPath) exports run(); see mochaRunner.ts.
//
// CLI:
//   node test/vscode/runTests.mjs --extensionDevelopmentPath=. \
//     --extensionTestsPath=out/test/integration/index.js [--folder=PATH] [--timeout=MS] \
//     [--label=integration] [--env=NAME=VALUE ...] [--setting=KEY=JSON ...] [--verbose] [--host=latest]
// Exit code: the one the tests ended with; non-zero on failure, timeout or crash.
// The last line printed is `[label: ]N passed, N failed`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { format } from 'node:util';
import { openWorkbench, startCodeServer } from './codeServer.mjs';
import { ensureVSCode, isMain } from './setup.mjs';

/** Must equal the markers in mochaRunner.ts. */
export const RESULT_MARKER = '@@mocha-result@@ ';
export const START_MARKER = '@@mocha-start@@';
export const TEST_MARKER = '@@mocha-test@@ ';

/**
 * Runs the tests and resolves with the exit code (never rejects for a test failure).
 *
 * @param {object} options
 * @param {string|string[]} options.extensionDevelopmentPath folder(s) with the extension's package.json
 * @param {string} options.extensionTestsPath compiled test index (exports run())
 * @param {string} [options.folder] workspace folder to open (default: a fresh empty temp folder)
 * @param {Record<string,string>} [options.env] extra environment for code-server and the extension host
 * @param {Record<string,unknown>} [options.settings] extra VS Code user settings
 * @param {number} [options.timeoutMs] whole-run limit (default 10 min: the suite takes 4 to 5 on VS Code 1.100, longer on 1.139)
 * @param {string} [options.label] one word put before the summary line (`label: N passed, N failed`)
 * @param {boolean} [options.verbose] also print the workbench's own log and code-server's output
 * @param {boolean} [options.setup] run ensureVSCode() first (default true; ~0 s when up to date)
 * @param {'floor'|'latest'} [options.host] VS Code 1.100.3 ('floor', default) or 1.139.1 ('latest')
 * @param {(line: string) => void} [options.write] where output lines go (default stdout)
 * @param {(outcome: { passed: number, failed: number, failures: { title: string, error: string }[] }) => void} [options.onResult]
 *   called once at the end with the counts and every failure by its full title (a run that ended
 *   outside a test, cut short or crashed, is one failure saying so and naming the test it was in)
 * @returns {Promise<number>}
 */
export async function runVSCodeTests({
  extensionDevelopmentPath,
  extensionTestsPath,
  folder,
  env = {},
  settings = {},
  timeoutMs = 10 * 60_000,
  label,
  verbose = !!process.env.VSCODE_TEST_VERBOSE,
  setup = true,
  host = 'floor',
  write = (line) => process.stdout.write(line + '\n'),
  onResult = () => {},
}) {
  if (!extensionDevelopmentPath) throw new Error('runVSCodeTests: extensionDevelopmentPath is required');
  if (!extensionTestsPath) throw new Error('runVSCodeTests: extensionTestsPath is required');
  const started = Date.now();
  const devPaths = [].concat(extensionDevelopmentPath).map((p) => resolve(p));
  const testsPath = resolve(extensionTestsPath);

  let result = null; // parsed from the runner's marker line
  let testsStarted = false; // seen the first line from the extension host's test output
  let currentTest; // the full title of the test running now (a run cut short names it)
  const early = []; // workbench log before the tests print anything: shown on trouble only
  let finish;
  const finished = new Promise((r) => (finish = r));
  const end = (code, reason) => finish({ code, reason });

  const onLog = (type, args) => {
    let line;
    try {
      line = Array.isArray(args) ? format(...args) : String(args);
    } catch {
      line = JSON.stringify(args);
    }
    for (const l of line.split('\n')) {
      if (l.startsWith(START_MARKER)) {
        testsStarted = true;
        continue;
      }
      if (l.startsWith(TEST_MARKER)) {
        currentTest = l.slice(TEST_MARKER.length);
        continue;
      }
      if (l.startsWith(RESULT_MARKER)) {
        try {
          result = JSON.parse(l.slice(RESULT_MARKER.length));
        } catch {
          /* malformed: ignore */
        }
        continue;
      }
      // The extension host's console output arrives through the same log as the workbench's own
      // messages; before the runner's start marker it is the workbench's (or the extension's
      // activation): kept back and shown only when the run fails before any test ran.
      if (!testsStarted && !verbose && type !== 'error') {
        early.push(`[${type}] ${l}`);
        if (early.length > 400) early.shift();
        continue;
      }
      // 1.139's workbench logs its agent host's sign-in polling (no account here) while tests run.
      if (!verbose && type !== 'error' && /^\[AgentHost\] /.test(l)) continue;
      write(type === 'error' || type === 'warn' ? `[${type}] ${l}` : l);
    }
  };
  let server;
  let workbench;
  let ownFolder;
  const onSignal = (signal) => end(130, `interrupted by ${signal}`);
  const onExitSync = () => {
    // last resort if the process exits without cleanup: kill the server's process group
    try {
      if (server?.pid) process.kill(-server.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    try {
      workbench?.browser.process?.()?.kill('SIGKILL');
    } catch {
      /* gone */
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', onExitSync);
  const timer = setTimeout(
    () => end(124, `timed out after ${Math.round(timeoutMs / 1000)} s without the tests finishing`),
    timeoutMs,
  );

  let outcome;
  try {
    const run = async () => {
      if (setup) await ensureVSCode({ host });
      if (!folder) ownFolder = folder = mkdtempSync(join(tmpdir(), 'novu-vscode-workspace-'));
      // extensionDevelopment: 1.139 honours the URL's extensionDevelopmentPath/extensionTestsPath only so.
      server = await startCodeServer({ env, settings, verbose, host, extensionDevelopment: true });
      server.exited.then(({ code, signal }) => end(1, `code-server exited unexpectedly (code ${code}, signal ${signal})`));
      workbench = await openWorkbench({
        server,
        extensionDevelopmentPath: devPaths,
        extensionTestsPath: testsPath,
        folder,
        onLog,
        onExit: (code) => end(typeof code === 'number' ? code : 1, null),
      });
      workbench.browser.on('disconnected', () => end(1, 'Chromium disconnected unexpectedly'));
      workbench.page.on('crash', () => end(1, 'the workbench page crashed'));
      workbench.page.on('close', () => end(1, 'the workbench page closed unexpectedly'));
    };
    run().catch((err) => end(1, `could not run the tests: ${err?.stack ?? err}`));
    outcome = await finished;
  } finally {
    clearTimeout(timer);
    // onExit handlers above may fire during teardown; `finished` has already settled.
    await Promise.all([workbench?.close().catch(() => {}), server?.close().catch(() => {})]);
    if (ownFolder) rmSync(ownFolder, { recursive: true, force: true });
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.off('exit', onExitSync);
  }

  let { code } = outcome;
  if (outcome.reason) {
    if (!testsStarted && early.length > 0) {
      write('--- workbench log before the failure ---');
      for (const l of early.slice(-60)) write(l);
      if (server && !verbose) {
        write('--- code-server output ---');
        write(server.output().trim().split('\n').slice(-30).join('\n'));
      }
    }
    write(`error: ${outcome.reason}${currentTest && !result ? ` (while running: ${currentTest})` : ''}`);
  }
  if (code === 0 && result && result.failed > 0) code = 1; // belt and braces
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const passed = result?.passed ?? 0;
  let failed = result?.failed ?? 0;
  if (!result) {
    write(`no test results were reported (exit code ${code})`);
    if (code === 0) code = 1; // a run that reports nothing is not a pass
  }
  if (code !== 0 && failed === 0) failed = 1; // the run failed outside a test (load error, crash, timeout)
  const failures = [...(result?.failures ?? [])];
  if (!result || (code !== 0 && failures.length === 0)) {
    // Cut short (the whole-run limit, a crash) or failed outside any test: said as one failure, with where it was.
    failures.push({ title: currentTest ? `(the run ended during: ${currentTest})` : '(the run ended before any test ran)', error: outcome.reason ?? `exit code ${code}` });
  }
  if (result?.pending) write(`${result.pending} pending`);
  if (failures.length > 0) {
    write(`failing (${failures.length}):`);
    for (const f of failures) write(`  ✖ ${f.title}${f.error ? `\n      ${f.error}` : ''}`);
  }
  write(`exit code ${code} after ${seconds} s`);
  write(`${label ? `${label}: ` : ''}${passed} passed, ${failed} failed`);
  onResult({ passed, failed, failures, files: result?.files ?? {} });
  return code;
}

/** Parses `--name=value` / `--name value` flags; repeated --env/--setting accumulate. */
export function parseArgs(argv) {
  const opts = { env: {}, settings: {}, rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      opts.rest.push(a);
      continue;
    }
    let [name, value] = a.slice(2).split(/=(.*)/s);
    const flag = ['verbose', 'no-setup', 'bridge-app'].includes(name);
    if (value === undefined && !flag) value = argv[++i];
    switch (name) {
      case 'env': {
        const [k, v = ''] = value.split(/=(.*)/s);
        opts.env[k] = v;
        break;
      }
      case 'setting': {
        const [k, v = 'true'] = value.split(/=(.*)/s);
        try {
          opts.settings[k] = JSON.parse(v);
        } catch {
          opts.settings[k] = v;
        }
        break;
      }
      case 'verbose':
        opts.verbose = true;
        break;
      case 'bridge-app':
        opts.bridgeApp = true;
        break;
      case 'no-setup':
        opts.setup = false;
        break;
      case 'timeout':
        opts.timeoutMs = Number(value);
        break;
      case 'extensionDevelopmentPath':
        opts.extensionDevelopmentPath = [].concat(opts.extensionDevelopmentPath ?? [], value);
        break;
      default:
        opts[name] = value;
    }
  }
  return opts;
}

if (isMain(import.meta.url)) {
  const { rest, ...opts } = parseArgs(process.argv.slice(2));
  if (!opts.folder && rest[0]) opts.folder = rest[0];
  if (!opts.extensionDevelopmentPath || !opts.extensionTestsPath) {
    console.error(
      'usage: node test/vscode/runTests.mjs --extensionDevelopmentPath=DIR --extensionTestsPath=FILE ' +
        '[--folder=DIR] [--timeout=MS] [--label=WORD] [--env=K=V]... [--setting=K=JSON]... [--verbose] [--no-setup] [--host=floor|latest]',
    );
    process.exit(2);
  }
  process.exitCode = await runVSCodeTests(opts);
}
