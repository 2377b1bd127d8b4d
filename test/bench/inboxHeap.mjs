// Issue 55: "An Inbox of 1,000 items: ... the panel's heap under 50 MB", in the real workbench. A
// Sandbox (started here, so that its 1,000 messages are not in the extension host's heap) whose
// sbx-alice has 1,000 more messages in her Inbox; the panel opened from the palette as a person
// opens it, then Load more clicked until the All tab holds every item. Measured after a garbage
// collection, before the panel opened, at its first page, with every page, and once closed:
//   - the extension host's heap (test/bench/hostProbe: a command that collects and writes it);
//   - the window's renderer heap (Chromium, through CDP: HeapProfiler.collectGarbage, then
//     Runtime.getHeapUsage): JS, and the embedder's (Blink's DOM). code-server serves a webview from
//     the workbench's own origin, so its documents run in the workbench's process and V8 heap (a
//     frame there has no heap of its own to ask for): the panel's is what the heap grew by.
// What the panel keeps is each figure with every page less the one before it opened.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activeWebview, addConnection, launch, openNovu, runCommand, startSandbox } from '../ui/workbench.mjs';
import { median } from './workbenchBench.mjs';

const ITEMS = 1000;
const SUBSCRIBER = 'sbx-alice';
const MB = 1024 * 1024;

export async function measureInboxHeap(root) {
  const heapFile = join(tmpdir(), `novu-bench-heap-${process.pid}-${Date.now()}.json`);
  const sandbox = await startSandbox({ apiKey: `bench-inbox-${Date.now()}`, inboxItems: ITEMS });
  const ui = await launch({ theme: 'dark', extraExtensions: [join(root, 'test', 'bench', 'hostProbe')], env: { BENCH_HEAP_OUT: heapFile } });
  const { page } = ui;
  const cdp = await page.context().newCDPSession(page);
  /** The extension host's heap after a collection, in bytes (the probe's command writes it). */
  const hostHeap = async () => {
    rmSync(heapFile, { force: true });
    await runCommand(page, "Bench: Report the Extension Host's Heap");
    const deadline = Date.now() + 30_000;
    while (!existsSync(heapFile)) {
      if (Date.now() > deadline) throw new Error('the heap probe wrote nothing in 30 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    await new Promise((r) => setTimeout(r, 50));
    return JSON.parse(readFileSync(heapFile, 'utf8')).heapUsed;
  };
  /** The renderer's heaps after a collection (twice: what a first pass frees can free more). */
  const rendererHeap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize, embedderHeapUsedSize } = await cdp.send('Runtime.getHeapUsage');
    return { js: usedSize, dom: embedderHeapUsedSize };
  };
  const reading = async () => ({ host: await hostHeap(), renderer: await rendererHeap() });
  const readings = {};
  let items = 0;
  let pages = 1;
  let loadAllMs = 0;
  /** Each Load more, from the click to its items in the DOM. */
  const pageMs = [];
  try {
    await openNovu(page);
    await addConnection(page, sandbox, 'Bench');
    // The views' first load settles, and the toast of the new connection goes.
    await page.waitForTimeout(1500);
    await runCommand(page, 'Notifications: Clear All Notifications');
    readings.before = await reading();

    await runCommand(page, "Novu: Open Subscriber's Inbox…");
    await page.locator('.quick-input-widget input.input').fill(SUBSCRIBER);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: SUBSCRIBER }).first().waitFor({ timeout: 30_000 });
    await page.keyboard.press('Enter');
    const view = activeWebview(page);
    const articles = view.locator('article.nx-inbox-item');
    const more = view.locator('[data-focus-key="more"]');
    await articles.first().waitFor({ timeout: 60_000 });
    await more.waitFor({ timeout: 30_000 });
    readings.firstPage = await reading();

    // Load more, as a person clicks it, until the tab has no more.
    const started = Date.now();
    for (;;) {
      const shown = await articles.count();
      if ((await more.count()) === 0) {
        items = shown;
        break;
      }
      const clicked = Date.now();
      await more.click();
      // The page's items come in the same render as the next Load more (or none, at the end).
      await articles.nth(shown).waitFor({ state: 'attached', timeout: 30_000 });
      pageMs.push(Date.now() - clicked);
      pages++;
      if (pages > ITEMS) throw new Error('Load more never ended');
    }
    loadAllMs = Date.now() - started;
    if (items < ITEMS) throw new Error(`the All tab shows ${items} items, not the ${ITEMS} loaded`);
    readings.allPages = await reading();

    await runCommand(page, 'View: Close All Editors');
    await view.locator('article.nx-inbox-item').first().waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined);
    await page.waitForTimeout(500);
    readings.closed = await reading();
  } finally {
    await ui.close();
    await sandbox.close();
    rmSync(heapFile, { force: true });
  }
  const mb = (bytes) => Math.round((bytes / MB) * 10) / 10;
  const over = (at, pick) => mb(pick(readings[at]) - pick(readings.before));
  const host = (r) => r.host;
  const js = (r) => r.renderer.js;
  const dom = (r) => r.renderer.dom;
  return {
    items,
    pages,
    loadAllMs,
    loadMoreMs: { first10: median(pageMs.slice(0, 10)), last10: median(pageMs.slice(-10)) },
    absoluteMb: Object.fromEntries(Object.entries(readings).map(([at, r]) => [at, { host: mb(r.host), rendererJs: mb(r.renderer.js), rendererDom: mb(r.renderer.dom) }])),
    host: { firstPageMb: over('firstPage', host), allPagesMb: over('allPages', host), closedMb: over('closed', host) },
    webviewJs: { firstPageMb: over('firstPage', js), allPagesMb: over('allPages', js), closedMb: over('closed', js) },
    webviewDom: { firstPageMb: over('firstPage', dom), allPagesMb: over('allPages', dom), closedMb: over('closed', dom) },
    budgetMb: 50,
  };
}
