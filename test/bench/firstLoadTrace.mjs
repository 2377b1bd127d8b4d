// Issue 55, "the first load": where the time of the click on the Novu icon in a fresh window goes,
// beside the floor extension (test/bench/emptyViews) doing the same, as the `user` stage measures
// it (userActions.mjs), with everything on one clock. Not a stage of `npm run bench`: run it alone,
// after `node esbuild.mjs --production --tests --test-api`:
//   node test/bench/firstLoadTrace.mjs [runs]        (default 4 runs, each ours and the floor's)
// Each run, in a fresh window (a new extension host), for ours and for the floor:
//   - a CPU profile of the extension host from its start-up (test/bench/hostProbe activates at `*`)
//     until a few seconds after Novu Explorer activated (on start-up finished): what activation
//     costs there, by bundle;
//   - then a CPU profile of the extension host and one of the workbench (CDP) from the click to the
//     rows in Subscribers and Integrations (the floor's first three views), with the requests at
//     the proxy (100 ms away) and when each view showed its rows;
//   - which of Novu Explorer's bundles were loaded by then, and which paths were asked for (Topics
//     and Contexts start folded, and load their code and ask for rows only when unfolded).
// Prints a summary and writes test-results/first-load-trace.json (the profiles, test-results/*.cpuprofile).
/* global window, document, MutationObserver -- used inside the workbench page */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { addConnection, launch, openNovu, runCommand, startSandbox } from '../ui/workbench.mjs';
import { median } from './workbenchBench.mjs';

const ROOT = resolve(import.meta.dirname, '..', '..');
const RUNS = Number(process.argv[2] ?? 4);
const DELAY_MS = 100;
/** BENCH_TRACE_SOCKET=1: also the web socket frames between the window and the server (CDP's Network domain, which slows the window). */
const SOCKET = process.env.BENCH_TRACE_SOCKET === '1';
const require = createRequire(import.meta.url);
const { startLatencyProxy } = require(join(ROOT, 'out/test/bench/latencyProxy.js'));

/** Wall-clock milliseconds of a monotonic time in microseconds (V8's profiles, process.hrtime: one clock on this machine). */
const nowPair = () => ({ monotonicUs: Number(process.hrtime.bigint() / 1000n), epochMs: performance.timeOrigin + performance.now() });
const clock = nowPair();
const epochOf = (monotonicUs) => clock.epochMs + (monotonicUs - clock.monotonicUs) / 1000;

/** Our bundles' source maps, read once: a frame of dist/ is named by its source's folder (src/activity, zod, ky). */
const sourceMaps = new Map();
function ourSource(url, line, column) {
  const file = url.slice(url.indexOf(`${ROOT}/dist/`));
  if (!sourceMaps.has(file)) sourceMaps.set(file, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : undefined);
  const source = sourceMaps.get(file)?.findEntry(line, column)?.originalSource;
  if (!source) return `dist/${file.split('/').pop()}`;
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (modules) return modules[1];
  const src = /src\/(.*)$/.exec(source)?.[1];
  return src ? `src/${src.includes('/') ? src.slice(0, src.lastIndexOf('/')) : src}` : source;
}

/** The line (0-based) of src/extension.ts where activate() starts: its frame in a minified bundle, found by the source map. */
const ACTIVATE_LINE = readFileSync(join(ROOT, 'src', 'extension.ts'), 'utf8').split('\n').findIndex((line) => line.startsWith('export async function activate('));
function isOurActivate(node) {
  const { url, lineNumber, columnNumber } = node.callFrame;
  if (!url.endsWith(`${ROOT}/dist/extension.js`)) return false;
  ourSource(url, lineNumber, columnNumber);
  const entry = sourceMaps.get(url.slice(url.indexOf(`${ROOT}/dist/`)))?.findEntry(lineNumber, columnNumber);
  return entry?.originalSource?.endsWith('src/extension.ts') === true && entry.originalLine === ACTIVATE_LINE;
}

/** The kind of code a profile node runs: ours (by the source's folder), the floor's, VS Code's, Node's, or V8's own. */
function kindOf(node) {
  const { url, functionName, lineNumber, columnNumber } = node.callFrame;
  if (!url) return functionName === '(garbage collector)' ? 'garbage collection' : functionName === '(idle)' ? 'idle' : functionName === '(program)' ? 'program (V8, native)' : `native ${functionName || '(anonymous)'}`;
  if (url.includes(`${ROOT}/dist/`)) return `ours: ${ourSource(url, lineNumber, columnNumber)}`;
  if (/emptyViews/.test(url)) return 'the floor extension';
  if (/hostProbe/.test(url)) return 'the probe';
  if (url.startsWith('node:')) return url.startsWith('node:internal/deps/undici') ? 'node: undici (fetch)' : 'node: other';
  if (/extensionHostProcess|[\\/]vs[\\/]/.test(url)) return 'VS Code';
  if (/node_modules/.test(url)) return `VS Code's modules: ${/node_modules[\\/](@[^\\/]+[\\/][^\\/]+|[^\\/]+)/.exec(url)?.[1]}`;
  return `other: ${url.slice(-60)}`;
}

/**
 * A profile's samples between `from` and `to` (wall-clock ms), as milliseconds by the kind of the
 * sampled function, and by "ours on the stack" (a sample whose stack holds any of our frames).
 */
function profileTimes(profile, from, to) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const oursOnStack = new Map();
  const onStack = (id) => {
    if (oursOnStack.has(id)) return oursOnStack.get(id);
    const node = byId.get(id);
    const value = kindOf(node).startsWith('ours') || (parent.has(id) && onStack(parent.get(id)));
    oursOnStack.set(id, value);
    return value;
  };
  // Each sample's time given to the nearest of our frames on its stack (what our code had VS Code
  // and Node do counts as ours), else to the kind of the sampled function.
  const attributed = new Map();
  const attribute = (id) => {
    if (attributed.has(id)) return attributed.get(id);
    const kind = kindOf(byId.get(id));
    const value = kind.startsWith('ours') ? kind : parent.has(id) && attribute(parent.get(id)).startsWith('ours') ? attribute(parent.get(id)) : kind;
    attributed.set(id, value);
    return value;
  };
  // Samples inside our activate() (its own code and all it called).
  const inActivate = new Map();
  const underActivate = (id) => {
    if (inActivate.has(id)) return inActivate.get(id);
    const node = byId.get(id);
    const value = isOurActivate(node) || (parent.has(id) && underActivate(parent.get(id)));
    inActivate.set(id, value);
    return value;
  };
  let activateMs = 0;
  const byCaller = {};
  const self = {};
  const fns = {};
  let inclusiveOurs = 0;
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i];
    const next = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0;
    const at = epochOf(t);
    if (at < from || at > to) continue;
    const ms = next / 1000;
    const node = byId.get(profile.samples[i]);
    const kind = kindOf(node);
    self[kind] = (self[kind] ?? 0) + ms;
    const caller = attribute(node.id);
    byCaller[caller] = (byCaller[caller] ?? 0) + ms;
    if (kind !== 'idle' && kind !== 'program (V8, native)') {
      const name = `${node.callFrame.functionName || '(anonymous)'} ${kind.startsWith('ours') || kind.startsWith('VS Code') ? '' : `[${kind}]`}`.trim();
      fns[name] = (fns[name] ?? 0) + ms;
    }
    if (onStack(node.id)) inclusiveOurs += ms;
    if (underActivate(node.id)) activateMs += ms;
  }
  const round = (o) => Object.fromEntries(Object.entries(o).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Math.round(v * 10) / 10]));
  const busy = Object.entries(self).filter(([k]) => k !== 'idle').reduce((a, [, v]) => a + v, 0);
  return { busyMs: Math.round(busy), oursOnStackMs: Math.round(inclusiveOurs), activateMs: Math.round(activateMs), byKind: round(self), byOurCaller: round(byCaller), topFunctions: Object.fromEntries(Object.entries(round(fns)).slice(0, 12)) };
}

async function main() {
  const dir = join(tmpdir(), `novu-first-load-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const files = { BENCH_PROFILE_OUT: join(dir, 'profile.json'), BENCH_MODULES_OUT: join(dir, 'modules.json'), BENCH_HEAP_OUT: join(dir, 'heap.json') };
  const sandbox = await startSandbox({ apiKey: `bench-trace-${Date.now()}` });
  const proxy = await startLatencyProxy(sandbox.url, DELAY_MS);
  const ui = await launch({
    theme: 'dark',
    env: { ...files, BENCH_PROFILE_STARTUP: '1', BENCH_FIRST_URL: `${proxy.url}/v2/subscribers?limit=10`, BENCH_FIRST_KEY: sandbox.apiKey },
    extraExtensions: [join(ROOT, 'test', 'bench', 'emptyViews'), join(ROOT, 'test', 'bench', 'hostProbe')],
  });
  const { page } = ui;
  const cdp = await page.context().newCDPSession(page);
  const written = async (file, command) => {
    rmSync(file, { force: true });
    await runCommand(page, command);
    const deadline = Date.now() + 30_000;
    while (!existsSync(file)) {
      if (Date.now() > deadline) throw new Error(`"${command}" wrote nothing`);
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 100));
    return JSON.parse(readFileSync(file, 'utf8'));
  };
  const runs = [];
  /** Novu Explorer's bundles of dist/ loaded in the extension host so far. */
  const bundles = async () => (await written(files.BENCH_MODULES_OUT, "Bench: List the Extension Host's Bundles")).filter((f) => f.startsWith(`${ROOT}/dist/`)).map((f) => f.slice(ROOT.length + 1));
  // The workbench's web socket frames (to and from the extension host and the server), timed on the wall clock.
  const frames = [];
  const frame = (dir) => ({ timestamp, response }) => {
    const bytes = response.opcode === 2 ? Math.floor((response.payloadData.length * 3) / 4) : Buffer.byteLength(response.payloadData);
    frames.push({ dir, at: epochOf(timestamp * 1e6), bytes });
  };
  cdp.on('Network.webSocketFrameReceived', frame('in'));
  cdp.on('Network.webSocketFrameSent', frame('out'));
  try {
    await openNovu(page);
    await addConnection(page, { url: proxy.url, apiKey: sandbox.apiKey }, 'Bench');
    const one = async (which) => {
      // A fresh window with the Search view in the side bar (as userActions.mjs's first load).
      await runCommand(page, 'View: Show Search');
      await page.waitForTimeout(1000);
      const reloadAt = performance.timeOrigin + performance.now();
      await page.reload({ waitUntil: 'domcontentloaded' });
      await page.locator('.monaco-workbench .part.activitybar').first().waitFor({ state: 'visible', timeout: 60_000 });
      await page.locator('.statusbar-item', { hasText: 'Novu:' }).first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(3000);
      // Start-up: the probe's profile since it activated, to now.
      const startup = await written(files.BENCH_PROFILE_OUT, "Bench: Write the Extension Host's Profile");
      const activation = profileTimes(startup.profile, reloadAt, performance.timeOrigin + performance.now());
      const modulesBefore = which === 'ours' ? await bundles() : undefined;
      await runCommand(page, "Bench: Start the Extension Host's Profile");
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await page.waitForTimeout(1000);
      const panes = which === 'ours' ? ['Subscribers', 'Integrations'] : ['Bench View One', 'Bench View Two', 'Bench View Three'];
      await page.evaluate((panes) => {
        const w = window;
        w.__benchStart = undefined;
        w.__benchPaneAt = {};
        w.__benchDone = undefined;
        window.addEventListener('mousedown', () => (w.__benchStart ??= performance.timeOrigin + performance.now()), { capture: true, once: true });
        const rowsOf = (title) => [...document.querySelectorAll('.pane')].filter((p) => p.querySelector('.pane-header')?.textContent?.includes(title)).flatMap((p) => [...p.querySelectorAll('.monaco-list-row')]);
        const observer = new MutationObserver(() => {
          if (w.__benchStart === undefined) return;
          for (const title of panes) if (!(title in w.__benchPaneAt) && rowsOf(title).some((r) => /\S/.test(r.textContent ?? ''))) w.__benchPaneAt[title] = performance.timeOrigin + performance.now();
          if (panes.every((t) => t in w.__benchPaneAt)) {
            w.__benchDone = performance.timeOrigin + performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      }, panes);
      frames.length = 0;
      if (SOCKET) await cdp.send('Network.enable');
      await cdp.send('Profiler.start');
      const requestsBefore = proxy.requests.length;
      await page.locator('.activitybar').getByRole('tab', { name: which === 'ours' ? /^Novu/ : /^Bench Four Views/ }).first().click();
      await page.waitForFunction(() => window.__benchDone !== undefined, undefined, { timeout: 30_000, polling: 20 });
      const { profile: pageProfile } = await cdp.send('Profiler.stop');
      if (SOCKET) await cdp.send('Network.disable');
      const marks = await page.evaluate(() => ({ click: window.__benchStart, done: window.__benchDone, panes: window.__benchPaneAt }));
      const host = await written(files.BENCH_PROFILE_OUT, "Bench: Write the Extension Host's Profile");
      const modules = which === 'ours' ? await bundles() : undefined;
      // What the window and the extension host said to each other from the click to the rows (the
      // frames' payload, decompressed; binary frames come base64 encoded).
      const inWindow = frames.filter((f) => f.at >= marks.click && f.at <= marks.done);
      const sum = (dir) => inWindow.filter((f) => f.dir === dir).reduce((a, f) => a + f.bytes, 0);
      const socket = { received: inWindow.filter((f) => f.dir === 'in').length, receivedBytes: sum('in'), sent: inWindow.filter((f) => f.dir === 'out').length, sentBytes: sum('out') };
      const requests = proxy.requests.slice(requestsBefore).filter((r) => r.startMs + performance.timeOrigin <= marks.done + 50).map((r) => ({
        path: r.path.split('?')[0],
        leftMs: Math.round(r.startMs + performance.timeOrigin - marks.click),
        answeredMs: Math.round(r.endMs + performance.timeOrigin - marks.click),
      }));
      const lastAnswer = Math.max(...requests.map((r) => r.answeredMs));
      const run = {
        which,
        clickToRowsMs: Math.round(marks.done - marks.click),
        withoutTheServiceMs: Math.round(marks.done - marks.click - Math.max(...requests.map((r) => r.answeredMs - r.leftMs))),
        rowsAfterClickMs: Object.fromEntries(Object.entries(marks.panes).map(([k, v]) => [k, Math.round(v - marks.click)])),
        rowsAfterLastAnswerMs: Math.round(marks.done - marks.click - lastAnswer),
        requests,
        activation,
        hostClickToRows: profileTimes(host.profile, marks.click, marks.done),
        hostClickToRequests: profileTimes(host.profile, marks.click, marks.click + Math.min(...requests.map((r) => r.leftMs))),
        hostAnswersToRows: profileTimes(host.profile, marks.click + Math.min(...requests.map((r) => r.answeredMs)), marks.done),
        workbenchClickToRows: profileTimes(pageProfile, marks.click, marks.done),
        workbenchAnswersToRows: profileTimes(pageProfile, marks.click + Math.min(...requests.map((r) => r.answeredMs)), marks.done),
        ...(SOCKET ? { socket } : {}),
        marks,
        ...(modules ? { bundlesBeforeClick: modulesBefore, bundlesLoaded: modules } : {}),
      };
      writeFileSync(join(ROOT, 'test-results', `first-load-${which}-${runs.length}.host.cpuprofile`), JSON.stringify(host.profile));
      writeFileSync(join(ROOT, 'test-results', `first-load-${which}-${runs.length}.workbench.cpuprofile`), JSON.stringify(pageProfile));
      runs.push(run);
      console.log(`${which}: click → rows ${run.clickToRowsMs} ms (without the service ${run.withoutTheServiceMs}), rows ${run.rowsAfterLastAnswerMs} ms after the last answer; requests ${requests.map((r) => `${r.path} +${r.leftMs}→+${r.answeredMs}`).join(', ')}; host busy ${run.hostClickToRows.busyMs} ms (ours on the stack ${run.hostClickToRows.oursOnStackMs}), workbench busy ${run.workbenchClickToRows.busyMs} ms${SOCKET ? `; socket in ${socket.received} frames ${Math.round(socket.receivedBytes / 1024)} KB, out ${socket.sent} frames ${Math.round(socket.sentBytes / 1024)} KB` : ''}`);
    };
    for (let i = 0; i < RUNS; i++) {
      if (i % 2) {
        await one('floor');
        await one('ours');
      } else {
        await one('ours');
        await one('floor');
      }
    }
  } finally {
    await ui.close();
    await proxy.close();
    await sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  }
  // Medians over the runs of each, for the numbers that say where the time goes.
  const summary = {};
  for (const which of ['ours', 'floor']) {
    const mine = runs.filter((r) => r.which === which);
    const m = (pick) => Math.round(median(mine.map(pick).filter((v) => Number.isFinite(v))));
    summary[which] = {
      clickToRowsMs: m((r) => r.clickToRowsMs),
      withoutTheServiceMs: m((r) => r.withoutTheServiceMs),
      firstRequestLeftMs: m((r) => Math.min(...r.requests.map((q) => q.leftMs))),
      lastAnswerMs: m((r) => Math.max(...r.requests.map((q) => q.answeredMs))),
      rowsAfterLastAnswerMs: m((r) => r.rowsAfterLastAnswerMs),
      hostBusyClickToRowsMs: m((r) => r.hostClickToRows.busyMs),
      hostOursOnStackClickToRowsMs: m((r) => r.hostClickToRows.oursOnStackMs),
      hostBusyClickToRequestsMs: m((r) => r.hostClickToRequests.busyMs),
      hostBusyAnswersToRowsMs: m((r) => r.hostAnswersToRows.busyMs),
      workbenchBusyClickToRowsMs: m((r) => r.workbenchClickToRows.busyMs),
      workbenchBusyAnswersToRowsMs: m((r) => r.workbenchAnswersToRows.busyMs),
      activationOursOnStackMs: m((r) => r.activation.oursOnStackMs),
      activateMs: m((r) => r.activation.activateMs),
      paths: [...new Set(mine.flatMap((r) => r.requests.map((q) => q.path)))],
      ...(SOCKET ? { socketReceivedKb: m((r) => r.socket.receivedBytes / 1024), socketFramesReceived: m((r) => r.socket.received), socketSentKb: m((r) => r.socket.sentBytes / 1024) } : {}),
      ...(which === 'ours' ? { bundlesBeforeClick: [...new Set(mine.flatMap((r) => r.bundlesBeforeClick ?? []))], bundlesLoadedByTheClick: [...new Set(mine.flatMap((r) => r.bundlesLoaded.filter((b) => !r.bundlesBeforeClick.includes(b))))] } : {}),
    };
  }
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  writeFileSync(join(ROOT, 'test-results', 'first-load-trace.json'), JSON.stringify({ date: new Date().toISOString(), clock, summary, runs }, null, 2));
  console.log(JSON.stringify(summary, null, 2));
}

await main();
