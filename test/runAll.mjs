// `npm test`: type-check, lint, build, then the unit tests (plain Node), the integration tests
// (inside a real VS Code: the floor of engines.vscode, 1.100.3, and the newest, 1.139.1, each its own
// summary line) and the UI tests (Playwright on the real workbench, including the built .vsix
// installed into VS Code), the VS Code stages as tasks for two workers (runTasks, below). The last
// line is the summary `N passed, N failed` over every stage.
// `npm test -- unit integration` runs only those stages; VSCODE_TEST_HOSTS=floor (or latest) runs
// the integration tests on that VS Code only.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { runVSCodeTests } from './vscode/runTests.mjs';
import { HOSTS, ensureVSCode } from './vscode/setup.mjs';
import { tapFailures } from './tapFailures.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const ALL_STAGES = ['checks', 'unit', 'integration', 'ui'];
const requested = process.argv.slice(2).filter((a) => ALL_STAGES.includes(a));
const stages = requested.length > 0 ? requested : ALL_STAGES;
const results = [];
/** The VS Code builds the integration stage runs on, each with its own summary line. */
const INTEGRATION_HOSTS = [
  { host: 'floor', name: 'integration' },
  { host: 'latest', name: `integration-${HOSTS.latest.vscodeVersion.split('.').slice(0, 2).join('.')}` },
].filter(({ host }) => !process.env.VSCODE_TEST_HOSTS || process.env.VSCODE_TEST_HOSTS.split(',').includes(host));
const tmp = mkdtempSync(join(tmpdir(), 'novu-test-'));
/** The UI test files that open the demo app's folder (and edit its files and snapshots). */
const UI_DEMO_FOLDER = new Set(['app.test.mjs', 'code.test.mjs', 'demo.test.mjs', 'environments.test.mjs', 'preview.test.mjs', 'tests.test.mjs']);
/**
 * About how long each UI file takes beside another task (seconds, a run of 2026-12-07): the longest
 * are started first, so that the two workers end together. A file not named here counts as 60 s.
 */
const UI_SECONDS = {
  'tests.test.mjs': 140, 'diagnosis.test.mjs': 136, 'connected.test.mjs': 215, 'preview.test.mjs': 107, 'code.test.mjs': 95,
  'sandboxWindow.test.mjs': 180, 'failures.test.mjs': 85, 'truth.test.mjs': 62,
  'demo.test.mjs': 61, 'environments.test.mjs': 61, 'app.test.mjs': 52,
  'latest.test.mjs': 46,
};

/**
 * Runs `tasks` on `workers` workers: each takes the first task in the list that it may start now.
 * A task's `demo` says its use of the demo app's folder: 'read' tasks may run beside each other,
 * a 'write' task beside none of either kind. A task's `after` (a promise) holds it back until it settles.
 */
async function runTasks(tasks, workers) {
  const queue = [...tasks];
  const using = { read: 0, write: 0 };
  const waiting = [];
  const ready = new Set(tasks.filter((task) => !task.after));
  for (const task of tasks.filter((t) => t.after)) {
    void task.after.finally(() => {
      ready.add(task);
      for (const wake of waiting.splice(0)) wake();
    });
  }
  const allowed = (task) => ready.has(task) && (task.demo === 'write' ? using.read === 0 && using.write === 0 : task.demo === 'read' ? using.write === 0 : true);
  const worker = async () => {
    for (;;) {
      const index = queue.findIndex(allowed);
      if (index < 0) {
        if (queue.length === 0) return;
        await new Promise((resolveWait) => waiting.push(resolveWait));
        continue;
      }
      const [task] = queue.splice(index, 1);
      if (task.demo) using[task.demo]++;
      try {
        await task.run();
      } catch (error) {
        results.push({ name: task.name, passed: 0, failed: 1, skipped: 0, failures: [{ title: `(${task.name} could not run)`, error: String(error?.stack ?? error) }] });
      } finally {
        if (task.demo) using[task.demo]--;
        for (const wake of waiting.splice(0)) wake();
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
}

function run(command, args, options = {}) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command with its output kept (stdout and stderr together) instead of shown. */
function runQuiet(command, args) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code, signal) => resolvePromise({ code: code ?? (signal ? 1 : 0), output }));
    child.on('error', (error) => resolvePromise({ code: 1, output: String(error) }));
  });
}

function files(dir, suffix) {
  let found = [];
  let names = [];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return found;
  }
  for (const name of names) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found = found.concat(files(path, suffix));
    else if (name.endsWith(suffix)) found.push(path);
  }
  return found;
}

/**
 * Runs node's test runner with a spec report on screen and a TAP copy to count from. `lane`: run
 * beside another lane, its report kept in a file and printed whole when it ends (two interleaved
 * reports would be unreadable).
 */
async function nodeTests(name, testFiles, extraArgs = [], { lane = false, push = true } = {}) {
  const base = join(tmp, name.replace(/[^\w.-]+/g, '_'));
  const tap = `${base}.tap`;
  const timesFile = `${base}.times.json`;
  const specFile = `${base}.spec.txt`;
  const stageStarted = Date.now();
  const code = await run(process.execPath, [
    '--test', '--test-concurrency=1', ...extraArgs,
    '--test-reporter=spec', `--test-reporter-destination=${lane ? specFile : 'stdout'}`,
    '--test-reporter=tap', `--test-reporter-destination=${tap}`,
    `--test-reporter=${join(ROOT, 'test', 'fileTimes.mjs')}`, `--test-reporter-destination=${timesFile}`,
    ...testFiles,
  ], lane ? { stdio: ['ignore', 'ignore', 'inherit'] } : {});
  if (lane) {
    console.log(`\n── ${name} (${testFiles.length} files, ${Math.round((Date.now() - stageStarted) / 1000)} s) ──`);
    try {
      process.stdout.write(readFileSync(specFile, 'utf8'));
    } catch {
      /* no report: the counts below say why */
    }
  }
  const text = readFileSync(tap, 'utf8');
  const count = (label) => Number(text.match(new RegExp(`^# ${label} (\\d+)$`, "m"))?.[1] ?? 0);
  const passed = count('pass');
  const failed = count('fail') + count('cancelled');
  const failures = tapFailures(text);
  if (code !== 0 && failures.length === 0) failures.push({ title: `(node --test exited with code ${code} outside any test)`, error: '' });
  let files = {};
  try {
    files = JSON.parse(readFileSync(timesFile, 'utf8'));
  } catch {
    /* a run that died before its report: no file times */
  }
  const result = { name, passed, failed: code !== 0 && failed === 0 ? 1 : failed, skipped: count('skipped') + count('todo'), failures, at: stageStarted, ms: Date.now() - stageStarted, files };
  if (push) results.push(result);
  return result;
}

/** Adds a stage without tests of its own (build, VS Code's set-up) to the summary's times. */
const timings = [];
async function timed(name, body) {
  const at = Date.now();
  try {
    return await body();
  } finally {
    timings.push({ name, at, ms: Date.now() - at });
  }
}


function section(title) {
  console.log(`\n━━━ ${title} ━━━`);
}

const started = Date.now();
/**
 * VS Code's set-up (Debian packages, code-server 4.100.3, Node 24 and code-server 4.139.1: about
 * four minutes on a clean clone, most of it building native modules) runs in child processes
 * beside the checks, the build and the unit tests, its output kept in a file and printed when the
 * VS Code stages need it (issue 45, D2). The stage then only checks the stamps (a tenth of a second).
 * The newest VS Code's half goes on beside the first VS Code tasks; only its two tasks wait for it.
 */
const needsVSCode = stages.includes('integration') || stages.includes('ui');
const setupLog = join(tmp, 'vscode-setup.log');
const latestSetupLog = join(tmp, 'vscode-setup-latest.log');
const needsLatest = stages.includes('ui') || INTEGRATION_HOSTS.some(({ host }) => host === 'latest');
/** One run of test/vscode/setup.mjs for `host`, its output kept in `log`. */
const setUp = (host, log) => {
  const at = Date.now();
  return new Promise((resolvePromise) => {
    const out = openSync(log, 'w');
    const child = spawn(process.execPath, [join(ROOT, 'test', 'vscode', 'setup.mjs'), `--${host}`], { cwd: ROOT, stdio: ['ignore', out, out] });
    child.on('exit', (code) => {
      closeSync(out);
      resolvePromise({ code, ms: Date.now() - at });
    });
    child.on('error', () => resolvePromise({ code: 1, ms: Date.now() - at }));
  });
};
// VS Code 1.100.3 first: every stage but two waits for it. The newest (its native modules build on
// Node 24, about two minutes on a clean clone) goes on beside the first tasks; its two wait for it.
const earlySetup = needsVSCode ? setUp('floor', setupLog) : undefined;
const earlyLatest = needsVSCode && needsLatest ? earlySetup.then(() => setUp('latest', latestSetupLog)) : undefined;
try {
  // The type check and lint run beside the build and the unit tests (one core each on two), their
  // output kept and printed after the unit tests.
  const checks = stages.includes('checks')
    ? (async () => {
        const at = Date.now();
        const tsc = await runQuiet(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', '.', '--noEmit']);
        const lint = await runQuiet(process.execPath, [join(ROOT, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings=0']);
        return { tsc, lint, at, ms: Date.now() - at };
      })()
    : undefined;
  let checksReported = false;
  const reportChecks = async () => {
    if (!checks || checksReported) return;
    checksReported = true;
    const { tsc, lint, at, ms } = await checks;
    section('type check and lint');
    process.stdout.write(tsc.output + lint.output);
    const failures = [...(tsc.code !== 0 ? [{ title: 'type check (tsc)', error: '' }] : []), ...(lint.code !== 0 ? [{ title: 'lint (eslint)', error: '' }] : [])];
    results.push({ name: 'checks', passed: (tsc.code === 0) + (lint.code === 0), failed: (tsc.code !== 0) + (lint.code !== 0), skipped: 0, failures, at, ms });
    console.log(tsc.code !== 0 ? 'type check failed' : 'type check passed');
    console.log(lint.code !== 0 ? 'lint failed' : 'lint passed');
  };

  section('build');
  if ((await timed('build', () => run(process.execPath, ['esbuild.mjs', '--tests']))) !== 0) {
    results.push({ name: 'build', passed: 0, failed: 1, skipped: 0, failures: [{ title: 'esbuild.mjs --tests', error: '' }] });
    await reportChecks();
    throw new Error('build failed');
  }

  if (stages.includes('unit')) {
    section('unit tests (Node)');
    // Two lanes at once: the files that run or read the demo app one at a time (one of them writes
    // into its sources to see the app restart, which another app's compile must not meet), beside
    // the rest two at a time. One file at a time left a core idle once the checks ended.
    const unit = files(join(ROOT, 'out/test/unit'), '.test.js');
    const demo = unit.filter((f) => readFileSync(f, 'utf8').includes('demo-app'));
    // The l10n check, the longest file (it parses every source), first: last, it ended the lane alone.
    const rest = unit.filter((f) => !demo.includes(f)).sort((a, b) => Number(b.endsWith('/l10n.test.js')) - Number(a.endsWith('/l10n.test.js')));
    await Promise.all([nodeTests('unit', demo, [], { lane: true }), nodeTests('unit-2', rest, ['--test-concurrency=2'], { lane: true })]);
  }
  await reportChecks();

  /** Why the newest VS Code could not be set up, if it could not: its stages fail, the rest run. */
  let latestProblem;
  /** Settles once the newest VS Code is set up (or could not be): the tasks that need it wait for it. */
  let latestReady = Promise.resolve();
  if (stages.includes('integration') || stages.includes('ui')) {
    section('VS Code (code-server) and Chromium');
    await timed('VS Code set-up', async () => {
      // The set-up begun beside the checks: its output, then the stamps checked (or, had it failed,
      // the set-up tried again here, where its error is said and fails the stages that need it).
      const early = await earlySetup;
      process.stdout.write(readFileSync(setupLog, 'utf8'));
      console.log(`(set up beside the checks and unit tests: ${Math.round(early.ms / 1000)} s${early.code === 0 ? '' : `, exit code ${early.code}`})`);
      await ensureVSCode();
    });
    // The newest VS Code: Node 24 and code-server 4.139.1 (two minutes once, then ~0.1 s), beside the tasks.
    if (earlyLatest) {
      latestReady = timed(`VS Code ${HOSTS.latest.vscodeVersion} set-up (beside)`, async () => {
        const early = await earlyLatest;
        const said = [readFileSync(latestSetupLog, 'utf8').trimEnd(), `(set up beside the other stages: ${Math.round(early.ms / 1000)} s${early.code === 0 ? '' : `, exit code ${early.code}`})`];
        try {
          await ensureVSCode({ host: 'latest' });
        } catch (error) {
          latestProblem = error;
          said.push(`could not set up VS Code ${HOSTS.latest.vscodeVersion}: ${error.message}`);
        }
        section(`VS Code ${HOSTS.latest.vscodeVersion} set up`);
        console.log(said.join('\n'));
      });
    }
  }

  /** One VS Code's integration run, its output kept and printed whole when it ends (it runs beside other tasks). */
  const integrationTests = async (host, name) => {
    if (host === 'latest' && latestProblem) {
      results.push({ name, passed: 0, failed: 1, skipped: 0, failures: [{ title: `(VS Code ${HOSTS.latest.vscodeVersion} could not be set up)`, error: latestProblem.message }] });
      return;
    }
    let summary = '';
    let outcome;
    const lines = [];
    const stageStarted = Date.now();
    const code = await runVSCodeTests({
      extensionDevelopmentPath: ROOT,
      extensionTestsPath: join(ROOT, 'out/test/integration/index.js'),
      label: name,
      host,
      setup: false,
      // The newest VS Code runs what differs by version and a smoke test of each feature (issue 45, D2):
      // test/integration/index.ts says which, docs/development.md why that is enough.
      env: host === 'latest' && !process.env.NOVU_INTEGRATION_SCOPE ? { NOVU_INTEGRATION_SCOPE: 'newest' } : {},
      write: (line) => {
        summary = line;
        lines.push(line);
      },
      onResult: (r) => {
        outcome = r;
      },
    });
    section(`integration tests (inside VS Code ${HOSTS[host].vscodeVersion}, ${Math.round((Date.now() - stageStarted) / 1000)} s)`);
    process.stdout.write(`${lines.join('\n')}\n`);
    const match = /(\d+) passed, (\d+) failed/.exec(summary);
    const passed = outcome?.passed ?? Number(match?.[1] ?? 0);
    const failed = outcome?.failed ?? Number(match?.[2] ?? 0);
    const failures = outcome?.failures ?? [];
    if (code !== 0 && failures.length === 0) failures.push({ title: `(the run ended with exit code ${code})`, error: '' });
    results.push({ name, passed, failed: code !== 0 && failed === 0 ? 1 : failed, skipped: 0, failures, at: stageStarted, ms: Date.now() - stageStarted, files: outcome?.files ?? {} });
  };

  // The VS Code stages, as tasks for two workers (issue 55): the integration runs leave a core
  // idle almost half their time (they wait on VS Code and the services), so UI test files fill it,
  // each worker taking the first task it may run. What the demo app's folder allows: the UI files
  // that open it (and edit its files) one at a time and never beside an integration run or the
  // package's tests, which compile its workflows and read its case files. The .vsix is built in a
  // folder of its own (test/package/installed.mjs), so dist/ stays the build every task loads.
  const tasks = [];
  if (stages.includes('integration')) {
    for (const { host, name } of INTEGRATION_HOSTS) tasks.push({ name, rank: 0, weight: host === 'latest' ? 100 : 330, demo: 'read', after: host === 'latest' ? latestReady : undefined, run: () => integrationTests(host, name) });
  }
  if (stages.includes('ui')) {
    const packageFiles = files(join(ROOT, 'test/package'), '.test.mjs');
    // The package's tests run the demo app's workflows and copy its case files.
    if (packageFiles.length > 0) tasks.push({ name: 'ui-package', rank: 1, weight: 70, demo: 'read', run: async () => results.push(await nodeTests('ui-package', packageFiles, [], { lane: true, push: false })) });
    for (const file of files(join(ROOT, 'test/ui'), '.test.mjs')) {
      const demo = UI_DEMO_FOLDER.has(basename(file));
      const after = basename(file) === 'latest.test.mjs' ? latestReady : undefined;
      tasks.push({ name: `ui ${basename(file)}`, rank: demo ? 2 : 3, weight: UI_SECONDS[basename(file)] ?? 60, demo: demo ? 'write' : undefined, after, run: async () => uiResults.push(await nodeTests(`ui: ${basename(file)}`, [file], [], { lane: true, push: false })) });
    }
  }
  const uiResults = [];
  if (tasks.length > 0) {
    section(`VS Code stages: ${tasks.map((t) => t.name).join(', ')}, two at a time`);
    // The reads of the demo app's folder first, so that they end together and its UI files (which
    // run one after another) start as early as they can; the other UI files fill in, longest first.
    await runTasks(tasks.sort((a, b) => a.rank - b.rank || b.weight - a.weight), 2);
  }
  if (uiResults.length > 0) {
    // The UI files as one line of the summary: their counts, failures and file times together.
    const at = Math.min(...uiResults.map((r) => r.at));
    results.push({
      name: 'ui',
      passed: uiResults.reduce((n, r) => n + r.passed, 0),
      failed: uiResults.reduce((n, r) => n + r.failed, 0),
      skipped: uiResults.reduce((n, r) => n + r.skipped, 0),
      failures: uiResults.flatMap((r) => r.failures),
      at,
      ms: Math.max(...uiResults.map((r) => r.at + r.ms)) - at,
      files: Object.assign({}, ...uiResults.map((r) => r.files)),
    });
  }
} catch (error) {
  console.log(String(error));
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
section(`summary (${Math.round((Date.now() - started) / 1000)} s)`);
const width = Math.max(12, ...[...timings, ...results].map((r) => r.name.length + 1));
const secs = (ms) => `${String(Math.round(ms / 1000)).padStart(5)} s`;
// Each stage in the order it ran, with its time: the set-up stages (build, VS Code) have no counts.
for (const r of [...timings, ...results].sort((a, b) => (a.at ?? Infinity) - (b.at ?? Infinity))) {
  if (r.passed === undefined) console.log(`${r.name.padEnd(width)} ${secs(r.ms)}`);
  else console.log(`${r.name.padEnd(width)} ${r.ms !== undefined ? secs(r.ms) : '       '}  ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(4)} failed${r.skipped ? ` ${r.skipped} skipped` : ''}`);
}
// Where the time goes: the ten slowest test files over every stage (issue 45, D1).
const slowest = results.flatMap((r) => Object.entries(r.files ?? {}).map(([file, ms]) => ({ stage: r.name, file: file.replace(/^.*?\/(out\/)?(test\/)/, '$2'), ms })))
  .sort((a, b) => b.ms - a.ms).slice(0, 10);
if (slowest.length > 0) {
  console.log('\nslowest test files:');
  for (const s of slowest) console.log(`${secs(s.ms)}  [${s.stage}] ${s.file}`);
}
// Which tests failed, by name: a count alone sends one to search a long log (a CI run said "1 failed" and no more).
const failing = results.flatMap((r) => (r.failures ?? []).map((f) => ({ stage: r.name, ...f })));
if (failing.length > 0) {
  console.log('\nfailing tests:');
  for (const f of failing) console.log(`  ✖ [${f.stage}] ${f.title}${f.error ? `\n      ${f.error}` : ''}`);
  console.log('');
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || results.length === 0 ? 1 : 0;
