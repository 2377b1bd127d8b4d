/**
 * Issue 46, §3 in a real VS Code with its JavaScript debugger (js-debug): the Test Explorer's Debug
 * profile. The demo's real @novu/framework app runs in a process of its own, as a developer's dev
 * server does (its runner forwards to the app in a child process). Covered: Debug attaches to the
 * app's process, a breakpoint in the step's code stops its render while the case runs, Continue
 * ends it passed, and the debugger detaches with the app still running; a debug session of the
 * user's own already attached is used and left as it is; a program at the bridge URL that is not
 * Node.js is never signalled (it keeps running) and the run says why, once; nothing listening is
 * said too.
 */
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { Sandbox } from '../../src/sandbox';
import type { TestExplorer, TestItemData } from '../../src/testExplorer/testExplorer';
import { ScriptedPrompter, connectFreshSandbox, freePort, waitFor } from './helpers';

const ROOT = resolve(__dirname, '..', '..', '..');
const WORKFLOWS = join(ROOT, 'examples', 'demo-app', 'src', 'novu', 'welcome.ts');
const CASES = JSON.stringify({
  workflow: 'account-welcome',
  cases: [{ name: 'greets Grace by SMS', payload: { plan: 'team', companyName: 'Globex' }, subscriber: { firstName: 'Grace', phone: '+15005550006' }, expect: { 'welcome-sms': { text: { contains: 'Hi Grace' } } } }],
});

interface SpawnedApp {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

function flat(items: readonly TestItemData[]): TestItemData[] {
  return items.flatMap((i) => [i, ...flat(i.children)]);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The line (1-based) of the SMS step's body in the demo's workflows. */
function smsLine(text: string): number {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes('body: `Hi ${firstName}, welcome to'));
  assert.ok(line >= 0, 'the SMS body is in welcome.ts');
  return line + 1;
}

describe('notification tests: Debug', function () {
  this.timeout(40_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;
  let app: SpawnedApp;
  let tests: TestExplorer;
  let folder: vscode.Uri;
  let caseId: string;
  const prompter = new ScriptedPrompter();
  const setBridge = (url: string | undefined) => vscode.workspace.getConfiguration('novuExplorer').update('preview.bridgeUrl', url, vscode.ConfigurationTarget.Global);

  before(async () => {
    ({ api, sandbox } = await connectFreshSandbox('Development'));
    api.setPrompter(prompter);
    const run = join(ROOT, 'examples', 'demo-app', 'bridge', 'run.mjs');
    const { spawnBridgeApp } = (await import(pathToFileURL(run).href)) as { spawnBridgeApp(o: { secretKey: string; watch: boolean }): Promise<SpawnedApp> };
    app = await spawnBridgeApp({ secretKey: sandbox.apiKey, watch: false });
    await setBridge(app.url);
    const workspace = vscode.workspace.workspaceFolders?.[0];
    assert.ok(workspace, 'the integration VS Code opens a folder');
    folder = vscode.Uri.joinPath(workspace.uri, `novu-debug-${Math.random().toString(36).slice(2, 8)}`);
    await vscode.workspace.fs.createDirectory(folder);
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'welcome.novu-test.json'), new TextEncoder().encode(CASES));
    tests = await waitFor(() => api.tests, 'the tests feature', 20_000);
    caseId = await waitFor(() => flat(tests.itemsData()).find((i) => i.kind === 'case' && i.label === 'greets Grace by SMS')?.id, 'the case', 20_000);
  });

  after(async () => {
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
    await vscode.debug.stopDebugging();
    api.setPrompter(undefined);
    if (folder) await vscode.workspace.fs.delete(folder, { recursive: true, useTrash: false });
    await setBridge(undefined);
    await app?.stop();
    await sandbox?.close();
  });

  it('attaches VS Code’s debugger to the app’s process, stops at a breakpoint in the step while the case runs, and detaches after it passed, the app still running [smoke]', async () => {
    const uri = vscode.Uri.file(WORKFLOWS);
    const line = smsLine((await vscode.workspace.openTextDocument(uri)).getText());
    vscode.debug.addBreakpoints([new vscode.SourceBreakpoint(new vscode.Location(uri, new vscode.Position(line - 1, 0)))]);
    const stopped = new Promise<vscode.DebugStackFrame>((resolveStop) => {
      const listener = vscode.debug.onDidChangeActiveStackItem((item) => {
        if (item && 'frameId' in item) {
          listener.dispose();
          resolveStop(item);
        }
      });
    });
    const ended = new Promise<string>((resolveEnded) => {
      const listener = vscode.debug.onDidTerminateDebugSession((session) => {
        if (!/^Novu tests: your app/.test(session.name)) return;
        listener.dispose();
        resolveEnded(session.name);
      });
    });
    const running = tests.run([caseId], { debug: true });
    const frame = await stopped;
    // What the stop shows, read while it holds; then Continue, whatever it shows.
    let trace: { stackFrames: { line: number; source?: { path?: string } }[] } | undefined;
    let status: string | undefined;
    try {
      trace = (await frame.session.customRequest('stackTrace', { threadId: frame.threadId, startFrame: 0, levels: 1 })) as typeof trace;
      status = tests.results.get(caseId)?.status;
    } finally {
      await frame.session.customRequest('continue', { threadId: frame.threadId });
    }
    // The process's session is js-debug's child of the one attached for the run.
    assert.match(frame.session.parentSession?.name ?? '', /^Novu tests: your app \(process \d+\)$/);
    // The path as VS Code hands it to an extension: a URI of this (remote) host.
    const path = trace?.stackFrames[0]?.source?.path ?? '';
    assert.equal(/^[a-z-]+:\/\//.test(path) ? vscode.Uri.parse(path).path : path, WORKFLOWS, 'stopped in the demo’s own source, through its source map');
    // The SMS step's resolver (js-debug puts the breakpoint at the statement of its line: the arrow's return).
    assert.ok([line, line + 1].includes(trace!.stackFrames[0]!.line), `stopped at line ${trace?.stackFrames[0]?.line}`);
    assert.equal(status, 'started', 'the case is running while the render is held');
    const report = await running;
    assert.deepEqual(report?.counts, { passed: 1, failed: 0, errored: 0, skipped: 0 }, tests.lastOutput);
    assert.match(tests.lastOutput, new RegExp(`^Debugging: VS Code’s debugger is attached to your app \\(process \\d+, node server\\.mjs\\) \\(the process at the bridge URL, ${app.pid}, hands it the requests\\) for this run`, 'm'));
    assert.match(await ended, /^Novu tests: your app \(process \d+\)$/, 'the debugger detached');
    assert.ok(alive(app.pid), 'the app keeps running');
    const health = await fetch(`${app.url}?action=health-check`);
    assert.equal(health.status, 200, 'and answers');
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
  });

  it('uses a debug session of the user’s own already attached to the app, and leaves it running', async () => {
    const line = tests.lastOutput.match(/attached to your app \(process (\d+),/);
    assert.ok(line, tests.lastOutput);
    const pid = line[1]!;
    // Which sessions the run asks which process they debug: js-debug's launch or attach session (the
    // process's parent) answers none (it logs "Unknown request" and never replies: the run waited for it).
    const asked: string[] = [];
    const tracker = vscode.debug.registerDebugAdapterTrackerFactory('*', {
      createDebugAdapterTracker: (session) => ({
        onWillReceiveMessage: (m: { type?: string; command?: string }) => {
          if (m.type === 'request' && m.command === 'evaluate') asked.push(session.id);
        },
      }),
    });
    assert.ok(await vscode.debug.startDebugging(undefined, { type: 'node', request: 'attach', name: 'My app', processId: pid, address: '127.0.0.1' }));
    // The process's own session: js-debug's child of the one attached (the user's, long attached when they click Debug).
    const own = await waitFor(() => (vscode.debug.activeDebugSession?.parentSession?.name === 'My app' ? vscode.debug.activeDebugSession : undefined), 'the user’s session');
    const terminated: string[] = [];
    const listener = vscode.debug.onDidTerminateDebugSession((session) => terminated.push(session.id));
    try {
      const report = await tests.run([caseId], { debug: true });
      assert.equal(report?.counts.passed, 1, tests.lastOutput);
      assert.match(tests.lastOutput, new RegExp(`^Debugging in "My app", attached to your app \\(process ${pid}, node server\\.mjs\\)`, 'm'));
      assert.ok(!terminated.includes(own.id), 'the user’s session is left as it was');
      assert.deepEqual(asked, [own.id], 'only the process’s own session is asked');
    } finally {
      tracker.dispose();
      await vscode.debug.stopDebugging(own.parentSession);
      // Stopped means ended (the next test counts the sessions a run starts).
      await waitFor(() => (terminated.includes(own.id) && terminated.includes(own.parentSession!.id)) || undefined, 'the user’s sessions ended');
      listener.dispose();
    }
  });

  it('never signals a program that is not Node.js: the run says why once, and runs no case', async () => {
    const python: ChildProcess = spawn('python3', ['-u', '-c', "import http.server as h;s=h.HTTPServer(('127.0.0.1',0),h.SimpleHTTPRequestHandler);print(s.server_port);s.serve_forever()"], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const port = await new Promise<string>((resolvePort) => createInterface({ input: python.stdout! }).once('line', resolvePort));
      await setBridge(`http://127.0.0.1:${port}/api/novu`);
      const before = prompter.messages.length;
      const started: string[] = [];
      const starts = vscode.debug.onDidStartDebugSession((session) => started.push(session.name));
      const report = await tests.run([caseId], { debug: true }).finally(() => starts.dispose());
      assert.match(report?.problem ?? '', new RegExp(`^The process at port ${port} \\(process ${python.pid}, python3[^)]*\\) is not Node\\.js: Debug attaches VS Code’s JavaScript debugger, which needs a Node\\.js app\\.$`));
      assert.deepEqual(report?.counts, { passed: 0, failed: 0, errored: 1, skipped: 0 });
      assert.deepEqual(prompter.messages.slice(before).map((m) => m.text), [`Novu notification tests: ${report!.problem}`]);
      // (Not activeDebugSession: VS Code may leave it set to a session that ended.)
      assert.deepEqual(started, [], 'no debugger started');
      assert.ok(alive(python.pid!), 'the program was not signalled');
    } finally {
      python.kill();
      await setBridge(app.url);
    }
  });

  it('says so when nothing listens at the bridge URL', async () => {
    const free = await freePort();
    await setBridge(`http://127.0.0.1:${free}/api/novu`);
    try {
      const report = await tests.run([caseId], { debug: true });
      assert.match(report?.problem ?? '', new RegExp(`^No process that Novu Explorer can see listens at port ${free} \\(your app is not running, or it runs in a container or as another user\\)\\. Start your app under VS Code’s debugger`));
      assert.equal(report?.counts.errored, 1);
    } finally {
      await setBridge(app.url);
    }
  });
});
