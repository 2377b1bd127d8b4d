// Issue 32.9: opening a preview is one request to the renderer. In the real workbench, the demo's
// workflow file open (examples/demo-app/src/novu/welcome.ts), from the click on its Preview lens to
// the email on screen (the subject in the panel and the email's sandboxed frame painted), with the
// demo's @novu/framework app running (strict signatures, the connection's key, no watch); beside
// it, run for run, the floor: a lens of test/bench/emptyPanel on the same file that opens a panel,
// beside as the preview does, whose document is a static copy of the HTML the preview showed (its
// stylesheets inline, no script). Both timed from the mousedown (capture phase, in the page) to the
// email frame's first contentful paint (its own paint timing, on the same clock).
// The app's answer is not the extension's cost: its round trip is measured alone, a signed POST
// like the extension's (§9.2, §9.3) between the runs, and our own = total − that round trip. A
// recording proxy (no delay) in front of the app says when the extension's requests went and came.
/* global window, document, MutationObserver -- used inside the workbench page and its webviews */
import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { addConnection, launch, openNovu, runCommand, startSandbox } from '../ui/workbench.mjs';
import { median } from './workbenchBench.mjs';
import { armInput, frameWith } from './userActions.mjs';

const RUNS = 9;
const WORKFLOW = 'account-welcome';
const STEP = 'welcome-email';
/** Signed POSTs of the app's own round trip taken between two runs. */
const ROUND_TRIPS_A_RUN = 3;

/** In every webview document: the first moment the panel drew anything, and the subject. */
function watchPreviewFrames() {
  if (window === window.top) return;
  const seen = (window.__benchPreview = {});
  const now = () => performance.timeOrigin + performance.now();
  const check = () => {
    if (!('drawn' in seen) && document.querySelector('#app > *, .nx-email')) seen.drawn = now();
    if (!('subject' in seen) && document.querySelector('.nx-subject')?.textContent) seen.subject = now();
    // Each email frame put in the document (a second would be a second navigation of it).
    const frame = document.querySelector('iframe.nx-email-frame');
    if (frame && frame !== seen.lastFrame) {
      seen.lastFrame = frame;
      seen.frames = (seen.frames ?? 0) + 1;
      seen.frameAt = now();
    }
  };
  // The webview's content replaces the frame's first document (the window stays): watch each one.
  const observer = new MutationObserver(check);
  let watched;
  const attach = () => {
    if (watched === document) return;
    watched = document;
    observer.observe(document, { subtree: true, childList: true, characterData: true });
    check();
  };
  attach();
  const timer = setInterval(attach, 10);
  setTimeout(() => clearInterval(timer), 60_000);
}

/** The app's round trip alone: one signed preview POST as the extension sends it, answer read and parsed. */
async function appRoundTrip(url, secretKey) {
  const body = JSON.stringify({ workflowId: WORKFLOW, stepId: STEP, action: 'preview', payload: {}, controls: {}, state: [], subscriber: {}, context: {}, env: { name: '', type: 'dev' } });
  const target = new URL(url);
  for (const [key, value] of Object.entries({ action: 'preview', workflowId: WORKFLOW, stepId: STEP })) target.searchParams.set(key, value);
  const started = performance.now();
  const t = Date.now();
  const signature = `t=${t},v1=${createHmac('sha256', secretKey).update(`${t}.${body}`, 'utf8').digest('hex')}`;
  const response = await fetch(target, { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json', 'novu-signature': signature }, body });
  const answer = await response.json();
  const ms = performance.now() - started;
  if (response.status !== 200 || typeof answer?.outputs?.subject !== 'string') throw new Error(`the app's preview answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return ms;
}

/**
 * The document the preview shows, as a static copy: VS Code's own additions (its theme variables,
 * default styles) and the panel's script, policy and stylesheet links taken out; the body's data
 * (the first state, the strings) too. What is drawn stays, the email frame's srcdoc included.
 */
function captureDocument() {
  const root = document.documentElement.cloneNode(true);
  for (const element of root.querySelectorAll('script, link, meta[http-equiv], head style')) element.remove();
  root.removeAttribute('style');
  const body = root.querySelector('body');
  for (const attribute of [...body.attributes]) if (attribute.name.startsWith('data-') || attribute.name === 'style') body.removeAttribute(attribute.name);
  return root.outerHTML;
}

export async function measurePreviewRender(root) {
  const require = createRequire(import.meta.url);
  const { startLatencyProxy } = require(join(root, 'out/test/bench/latencyProxy.js'));
  const demo = join(root, 'examples', 'demo-app');
  const { startBridgeApp } = await import(pathToFileURL(join(demo, 'bridge', 'run.mjs')).href);
  const copyFile = join(tmpdir(), `novu-bench-preview-copy-${process.pid}.html`);
  const sandbox = await startSandbox({ apiKey: `bench-preview-${Date.now()}` });
  let app;
  let proxy;
  let ui;
  // Per run, the way there (ms from the click): the preview's and the floor's; the app's round trips.
  const t = { ours: [], floor: [], roundTrip: [], appAtProxy: [] };
  let timeline;
  let copyBytes = 0;
  try {
    app = await startBridgeApp({ secretKey: sandbox.apiKey, strict: true, watch: false });
    proxy = await startLatencyProxy(new URL(app.url).origin, 0);
    ui = await launch({
      theme: 'dark',
      folder: demo,
      settings: { 'novuExplorer.preview.bridgeUrl': `${proxy.url}${new URL(app.url).pathname}` },
      env: { BENCH_PREVIEW_COPY: copyFile },
      extraExtensions: [join(root, 'test', 'bench', 'emptyPanel')],
    });
    const page = ui.page;
    await page.context().addInitScript(watchPreviewFrames);
    await openNovu(page);
    await addConnection(page, sandbox, 'Bench preview');
    await runCommand(page, 'Notifications: Clear All Notifications');
    // The workflow file, as a person opens it: Quick Open.
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget input.input').fill('welcome.ts');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'welcome.ts' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.tab.active', { hasText: 'welcome.ts' }).waitFor();
    const lenses = page.locator('.codelens-decoration a');
    // The Preview lens itself: the workflow's status lens names the connection ("Bench preview: not synced").
    const previewLens = lenses.filter({ hasText: /^\s*Preview\s*$/ }).first();
    const copyLens = lenses.filter({ hasText: 'Bench: Static Copy' }).first();
    await previewLens.waitFor({ timeout: 60_000 });
    await copyLens.waitFor({ timeout: 60_000 });

    /** The click on `lens` → the subject shown and the email frame painted, with the times of the way there. */
    const open = async (lens) => {
      await armInput(page);
      await lens.click();
      const frame = await frameWith(page, '.nx-subject');
      const subject = await frame.locator('.nx-subject').textContent();
      if (!/^Welcome to /.test(subject ?? '')) throw new Error(`the preview shows the subject "${subject}"`);
      await frame.locator('iframe.nx-email-frame').waitFor({ state: 'attached' });
      const email = frame.childFrames().find((f) => f.url() === 'about:srcdoc') ?? frame.childFrames()[0];
      // The email frame's own first contentful paint: the email on screen.
      const deadline = Date.now() + 30_000;
      let emailTimes;
      while (!(emailTimes = await email.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const navigation = performance.getEntriesByType('navigation')[0];
        return paint && { emailStart: performance.timeOrigin, emailLoaded: performance.timeOrigin + (navigation?.loadEventEnd ?? Number.NaN), emailPaint: performance.timeOrigin + paint.startTime };
      }))) {
        if (Date.now() > deadline) throw new Error('the email frame never painted');
        await new Promise((r) => setTimeout(r, 20));
      }
      const start = await page.evaluate(() => window.__benchStart);
      const inFrame = await frame.evaluate(() => {
        const paint = performance.getEntriesByName('first-contentful-paint')[0];
        const resources = performance.getEntriesByType('resource');
        const script = resources.find((e) => e.name.endsWith('/preview.js'));
        // The last frame's element itself does not cross to Node.
        const seen = { ...window.__benchPreview, lastFrame: undefined };
        return {
          ...seen,
          // The webview's content frame loading, its document's stylesheets and script asked for, its first paint.
          contentStart: performance.timeOrigin,
          resourcesAsked: resources.length ? performance.timeOrigin + Math.min(...resources.map((e) => e.startTime)) : undefined,
          contentPaint: paint && performance.timeOrigin + paint.startTime,
          scriptLoaded: script && performance.timeOrigin + script.responseEnd,
        };
      });
      const html = lens === previewLens && !copyBytes ? await frame.evaluate(captureDocument) : undefined;
      const { frames, ...times } = { ...inFrame, ...emailTimes };
      const marks = Object.fromEntries(Object.entries(times).filter(([, v]) => Number.isFinite(v)).map(([k, v]) => [k, v - start]));
      return { start, marks, frames, html };
    };
    const close = async () => {
      // The panel only: the workflow file and its lenses stay in the first group.
      await runCommand(page, 'View: Close Editors in Other Groups');
      await page.locator('iframe.webview').first().waitFor({ state: 'detached', timeout: 15_000 });
    };
    const ours = async (run) => {
      const since = performance.now();
      const r = await open(previewLens);
      // Requests at the proxy, on the page's clock (both are the wall clock at their time origin).
      const epoch = (ms) => performance.timeOrigin + ms;
      await new Promise((resolve) => setTimeout(resolve, 300));
      const requests = proxy.requests.filter((q) => q.startMs >= since);
      const render = requests.find((q) => q.method === 'POST' && q.path.includes('action=preview'));
      if (r.html) {
        const css = ['panel.css', 'preview.css'].map((file) => readFileSync(join(root, 'media', file), 'utf8')).join('\n');
        const policy = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";
        const copy = `<!DOCTYPE html>\n${r.html.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="${policy}"><style>${css}</style>`)}`;
        writeFileSync(copyFile, copy);
        copyBytes = Buffer.byteLength(copy);
      }
      if (run > 0) {
        if (render && Number.isFinite(render.endMs)) {
          Object.assign(r.marks, { requestSent: epoch(render.startMs) - r.start, answered: epoch(render.endMs) - r.start });
          t.appAtProxy.push(render.endMs - render.startMs);
        }
        t.ours.push({ ...r.marks, frames: r.frames });
        timeline = requests.map((q) => `${q.method} ${q.path.replace(/^.*\?/, '?').replace(/&.*$/, '')} +${Math.round(epoch(q.startMs) - r.start)} → ${q.aborted ? 'aborted' : `+${Math.round(epoch(q.endMs) - r.start)}`}`);
      }
      await close();
    };
    const floor = async (run) => {
      const r = await open(copyLens);
      if (run > 0) t.floor.push({ ...r.marks, frames: r.frames });
      await close();
    };
    for (let run = 0; run <= RUNS; run++) {
      // The copy is taken from the first preview, so the first run starts with it; then alternately.
      if (run % 2) {
        await floor(run);
        await ours(run);
      } else {
        await ours(run);
        await floor(run);
      }
      for (let i = 0; i < ROUND_TRIPS_A_RUN; i++) {
        const ms = await appRoundTrip(app.url, sandbox.apiKey);
        if (run > 0) t.roundTrip.push(ms);
      }
    }
  } finally {
    await ui?.close();
    await proxy?.close();
    await app?.stop();
    await sandbox.close();
    rmSync(copyFile, { force: true });
  }
  return summarize(t, { timeline, copyBytes });
}

function summarize(t, { timeline, copyBytes }) {
  const r = (v) => Math.round(v);
  /** The median of each mark over the runs, in the order of the way there. */
  const way = (runs) => {
    const keys = [...new Set(runs.flatMap((x) => Object.keys(x)))].filter((k) => k !== 'frames');
    const medians = keys.map((k) => [k, r(median(runs.map((x) => x[k]).filter((v) => v !== undefined)))]);
    return Object.fromEntries(medians.sort((a, b) => a[1] - b[1]));
  };
  const total = median(t.ours.map((x) => x.emailPaint));
  const floor = median(t.floor.map((x) => x.emailPaint));
  const roundTrip = median(t.roundTrip);
  const own = total - roundTrip;
  const ratio = (x) => Math.round((x / floor) * 100) / 100;
  return {
    [`floor: the lens click → a static copy of the preview's HTML beside (${Math.round(copyBytes / 1024)} KB), its email painted`]: { ms: r(floor), runs: t.floor.map((x) => r(x.emailPaint)), way: way(t.floor) },
    'the Preview lens click → the subject and the email painted': {
      ms: r(total),
      runs: t.ours.map((x) => r(x.emailPaint)),
      // Email frames put in the panel a run (1: the email was drawn once).
      frames: median(t.ours.map((x) => x.frames ?? 0)),
      way: way(t.ours),
      timeline,
    },
    'the app’s round trip alone (a signed preview POST)': { ms: Math.round(roundTrip * 10) / 10, atProxyMs: r(median(t.appAtProxy)) },
    'ours: total − the app’s round trip': { ms: r(own) },
    'the preview / the static copy': { ratio: ratio(total), target: 1.15 },
    'ours / the static copy': { ratio: ratio(own), target: 1.15 },
  };
}
