/**
 * Issue 51, C2: Run All in the Test Explorer within 1.5x the command line's time for the same cases.
 * After memory.test.ts (mocha runs the files by name: its folder holds a case file of 1 case and
 * one of 1,000 `order-shipped` cases, 3 message steps each, against the demo's real app): the
 * Testing view's own Run All (`testing.runAll`) with the 1,000-case file open in the editor (its
 * lenses drawn again as results come), timed from the command to the run's end in the extension
 * host; and novu-explorer-test (packages/novu-explorer-test/dist/cli.js, as built) over the same
 * folder against the same app, without --start. Three of each, in alternation, each once the
 * window is quiet; the medians and their ratio. VS Code's time ends when the workbench has taken
 * in the last result (a round trip to it after the run's end). Beside them, where the Run All's time goes: the extension host's CPU, and a CPU
 * profile of one more Run All (BENCH_PROFILE: its path) summed by function.
 * Also item 15: no item's shown duration over the run's wall time (a parent's is the sum of its
 * children's unless it has its own). Results go to BENCH_RUN_ALL_OUT as JSON.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../../src/extensionApi';
import type { TestItemData } from '../../../src/testExplorer/testExplorer';
import type { RunReport } from '../../../src/testing/runCases';
import { median, round } from '../stats';

const EXTENSION_ID = 'novuexplorer.novu-explorer';
const ROOT = resolve(__dirname, '..', '..', '..', '..');
const RUNS = 3;

/** The CLI over `folder` against `bridge`: its wall time, its exit code, and its cases passed. */
async function cli(folder: string, bridge: string, key: string): Promise<{ ms: number; code: number | null }> {
  const out = mkdtempSync(join(tmpdir(), 'novu-bench-runall-'));
  try {
    const started = performance.now();
    const child = spawn(process.execPath, [join(ROOT, 'packages', 'novu-explorer-test', 'dist', 'cli.js'), '--bridge-url', bridge, '--reporter', 'json', '--output', join(out, 'report.json')], {
      cwd: folder,
      env: { PATH: process.env['PATH'] ?? '', NOVU_SECRET_KEY: key, ELECTRON_RUN_AS_NODE: '1' },
      stdio: 'ignore',
    });
    const code = await new Promise<number | null>((done) => child.on('close', done));
    return { ms: performance.now() - started, code };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * What each process of the window took of the CPU so far (ms, from /proc), by its part: the
 * extension host, the workbench's renderer, … The CLI's ended processes are in the extension
 * host's children's time (it waited for them).
 */
function cpuByPart(): Map<string, number> {
  const parts = new Map<string, number>();
  const own = readFileSync('/proc/self/stat', 'utf8');
  const ownFields = own.slice(own.lastIndexOf(')') + 2).split(' ');
  parts.set('the CLI (ended children of the extension host)', (Number(ownFields[13]) + Number(ownFields[14])) * 10);
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime, in clock ticks (100 a second).
      const ms = (Number(fields[11]) + Number(fields[12])) * 10;
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const part =
        Number(pid) === process.pid
          ? 'extension host'
          : cmdline.includes('--type=renderer')
            ? 'workbench (renderer)'
            : cmdline.includes('--type=gpu-process')
              ? 'GPU process'
              : /chrom/i.test(cmdline)
                ? 'Chromium, other'
                : cmdline.includes('code-server')
                  ? 'code-server'
                  : /bench|run\.mjs/.test(cmdline)
                    ? 'the app (in the bench\'s process)'
                    : 'other processes';
      parts.set(part, (parts.get(part) ?? 0) + ms);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return parts;
}

/** Waits until the window is quiet: its renderer, GPU process and extension host used under 5% of a core over half a second (at most 30 s). */
async function settle(): Promise<void> {
  const busy = (m: Map<string, number>) => (m.get('workbench (renderer)') ?? 0) + (m.get('GPU process') ?? 0) + (m.get('extension host') ?? 0);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const before = busy(cpuByPart());
    await new Promise((r) => setTimeout(r, 500));
    if (busy(cpuByPart()) - before < 25) return;
  }
}

describe('Run All in the Test Explorer beside the command line', () => {
  it('runs 1,000 cases by the Testing view’s Run All and by novu-explorer-test, against the same app', async () => {
    const key = process.env.BENCH_TESTS_SANDBOX_KEY;
    const bridge = process.env.BENCH_TESTS_BRIDGE_URL;
    const out = process.env.BENCH_RUN_ALL_OUT;
    assert.ok(key && bridge && out, 'BENCH_TESTS_SANDBOX_KEY, BENCH_TESTS_BRIDGE_URL and BENCH_RUN_ALL_OUT are set');
    const api = vscode.extensions.getExtension<NovuExplorerApi | undefined>(EXTENSION_ID)!.exports;
    const tests = api?.tests;
    assert.ok(tests, 'memory.test.ts ran first: the Test Explorer holds its 1,001 cases');
    const folder = vscode.workspace.workspaceFolders![0]!.uri;
    const many = vscode.Uri.joinPath(folder, 'many.novu-test.json');
    await vscode.window.showTextDocument(many);

    const runAll = async (): Promise<{ ms: number; cpuMs: Record<string, number>; report: RunReport | undefined }> => {
      const ran = new Promise<RunReport | undefined>((done) => {
        const once = tests.onDidRun((report) => {
          once.dispose();
          done(report);
        });
      });
      const before = cpuByPart();
      const started = performance.now();
      await vscode.commands.executeCommand('testing.runAll');
      const report = await ran;
      // A round trip to the workbench: it has taken in every result sent before it.
      await vscode.commands.executeCommand('setContext', 'novuExplorer.benchRoundTrip', started);
      const ms = performance.now() - started;
      const after = cpuByPart();
      // (Processes that ended meanwhile, other than the CLI, are left out: their time is no longer read.)
      const cpuMs = Object.fromEntries([...after].map(([part, used]) => [part, Math.max(0, used - (before.get(part) ?? 0))]));
      return { ms, cpuMs, report };
    };

    const editor: number[] = [];
    const cpu: Record<string, number>[] = [];
    const command: number[] = [];
    const codes: (number | null)[] = [];
    let report: RunReport | undefined;
    const cliCpu: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await settle();
      const before = cpuByPart();
      const c = await cli(folder.fsPath, bridge, key);
      const after = cpuByPart();
      cliCpu.push(['the CLI (ended children of the extension host)', 'the app (in the bench\'s process)'].reduce((sum, part) => sum + (after.get(part) ?? 0) - (before.get(part) ?? 0), 0));
      command.push(c.ms);
      codes.push(c.code);
      await settle();
      const r = await runAll();
      editor.push(r.ms);
      cpu.push(r.cpuMs);
      report = r.report;
    }
    const cases = (report?.counts.passed ?? 0) + (report?.counts.failed ?? 0);
    assert.equal(report?.counts.passed, cases, 'every case passes in the Test Explorer');
    assert.deepEqual(codes, codes.map(() => 0), 'every CLI run exits 0');

    // Item 15: the longest duration VS Code shows, as it shows them: an item's own, else the sum of its children's.
    const shown = (item: TestItemData): number => tests.results.get(item.id)?.durationMs ?? item.children.reduce((sum, child) => sum + shown(child), 0);
    const longest = Math.max(...tests.itemsData().map(shown));

    // Where one more Run All's time goes in the extension host: a CPU profile, summed by function.
    let profile: { topSelfMs: { fn: string; ms: number }[] } | undefined;
    const profilePath = process.env.BENCH_PROFILE;
    if (profilePath) {
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      await runAll();
      const { profile: cpuProfile } = await session.post('Profiler.stop');
      session.disconnect();
      writeFileSync(profilePath, JSON.stringify(cpuProfile));
      const self = new Map<string, number>();
      const nodes = new Map(cpuProfile.nodes.map((n) => [n.id, n]));
      const interval = (cpuProfile.endTime - cpuProfile.startTime) / 1000 / Math.max(1, cpuProfile.samples?.length ?? 1);
      for (const id of cpuProfile.samples ?? []) {
        const frame = nodes.get(id)!.callFrame;
        const name = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
        self.set(name, (self.get(name) ?? 0) + interval);
      }
      profile = { topSelfMs: [...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([fn, ms]) => ({ fn, ms: round(ms) })) };
    }

    const ms = median(editor);
    const cliMs = median(command);
    writeFileSync(
      out,
      JSON.stringify({
        cases,
        ms: Math.round(ms),
        runs: editor.map(Math.round),
        cpuMs: Object.fromEntries(Object.keys(cpu[0] ?? {}).map((part) => [part, Math.round(median(cpu.map((c) => c[part] ?? 0)))])),
        cliMs: Math.round(cliMs),
        cliRuns: command.map(Math.round),
        cliCpuMs: Math.round(median(cliCpu)),
        ratio: round(ms / cliMs),
        target: 1.5,
        longestShownMs: Math.round(longest),
        ...(profile ? { profile } : {}),
      }),
    );
  });
});
