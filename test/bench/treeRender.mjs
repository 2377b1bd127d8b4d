// Tree actions in the real workbench (issue 23.6), click or Enter to rows on screen, against VS
// Code's own tree floor measured side by side: an empty extension's tree (test/bench/emptyTree)
// whose rows change once, 100 ms after its command, as any tree of a service 100 ms away would.
// Our views talk to the sandbox through a proxy that holds each answer back the same 100 ms. Both
// are timed inside the page, from the input event to the DOM mutation that shows the rows.
/* global window, document, MutationObserver -- used inside the workbench page (page.evaluate) */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { addConnection, launch, openNovu, runCommand, startSandbox } from '../ui/workbench.mjs';
import { benchElapsed, floorRows, median } from './workbenchBench.mjs';

const DELAY_MS = 100;
const RUNS = 5;

/**
 * Arms a watch in the page: the time of the next pointer or key press (capture phase, so before
 * VS Code handles it), and the first moment a row of the view titled `pane` shows `pattern` (or,
 * with `index`, the row at that index stops matching `pattern`).
 */
async function arm(page, { pane, pattern, index }) {
  await page.evaluate(({ pane, pattern, index }) => {
    const w = window;
    w.__benchStart = undefined;
    w.__benchDone = undefined;
    const re = new RegExp(pattern);
    const onInput = () => {
      w.__benchStart ??= performance.now();
    };
    window.addEventListener('mousedown', onInput, { capture: true, once: true });
    window.addEventListener('keydown', onInput, { capture: true, once: true });
    const rows = () =>
      [...document.querySelectorAll('.pane')]
        .filter((p) => p.querySelector('.pane-header')?.textContent?.includes(pane))
        .flatMap((p) => [...p.querySelectorAll('.monaco-list-row')]);
    const met = () =>
      index === undefined
        ? rows().some((r) => re.test(r.textContent ?? ''))
        : rows().some((r) => r.getAttribute('data-index') === String(index) && !re.test(r.textContent ?? ''));
    const observer = new MutationObserver(() => {
      if (w.__benchStart !== undefined && met()) {
        w.__benchDone = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }, { pane, pattern, index });
}

export async function measureTreeRender(root) {
  const require = createRequire(import.meta.url);
  const { startLatencyProxy } = require(join(root, 'out/test/bench/latencyProxy.js'));
  const sandbox = await startSandbox({ apiKey: `bench-tree-${Date.now()}` });
  const proxy = await startLatencyProxy(sandbox.url, DELAY_MS);
  const ui = await launch({ theme: 'dark', env: { BENCH_TREE_DELAY_MS: String(DELAY_MS) }, extraExtensions: [join(root, 'test', 'bench', 'emptyTree')] });
  const page = ui.page;
  const times = { floorCommand: [], floorLoadMore: [], search: [], clear: [], loadMore: [], create: [] };
  try {
    await openNovu(page);
    await addConnection(page, { url: proxy.url, apiKey: sandbox.apiKey }, 'Bench tree');
    // Only Subscribers open, so that its first page and the "Load more" row fit on screen.
    for (const title of ['Integrations', 'Activity']) await page.locator('.pane-header', { hasText: title }).locator('h3.title').click();
    const header = page.locator('.pane-header', { hasText: 'Subscribers' });
    const subscriberRows = page.locator('.pane', { has: header }).locator('.monaco-list-row');
    await subscriberRows.filter({ hasText: 'Load more' }).waitFor({ timeout: 30_000 });

    for (let run = 0; run <= RUNS; run++) {
      // The floor: a command (Enter in the palette) and a Load more row of a tree 100 ms away.
      await runCommand(page, 'View: Show Explorer');
      // The Explorer's "No Folder Opened" folded, so that the bench's rows and their "Load more" fit.
      const noFolder = page.locator('.pane-header', { hasText: 'No Folder Opened' });
      if ((await noFolder.count()) > 0 && (await noFolder.getAttribute('aria-expanded')) === 'true') await noFolder.locator('h3.title').click();
      const { rows: benchRows, round } = await floorRows(page);
      await page.keyboard.press('F1');
      await page.locator('.quick-input-widget input.input').fill('>Bench: Refresh Rows');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Refresh Rows' }).first().waitFor();
      await arm(page, { pane: 'Bench Rows', pattern: `^Row ${round + 1}-0$` });
      await page.keyboard.press('Enter');
      const floorCommand = await benchElapsed(page);
      const loadMore = benchRows.filter({ hasText: 'Load more' });
      await loadMore.scrollIntoViewIfNeeded();
      const index = Number(await loadMore.getAttribute('data-index'));
      await arm(page, { pane: 'Bench Rows', pattern: 'Load more', index });
      await loadMore.click();
      const floorLoadMore = await benchElapsed(page);

      // Ours: search by name (Enter in its quick pick), clear it (the title action), Load more.
      await page.locator('.activitybar').getByRole('tab', { name: /^Novu/ }).first().click();
      await header.waitFor();
      await header.hover();
      await header.getByRole('button', { name: 'Search Subscribers…' }).click();
      const input = page.locator('.quick-input-widget input.input');
      await input.waitFor({ state: 'visible' });
      await input.fill('alice');
      await page.locator('.quick-input-list .monaco-list-row').first().filter({ hasText: 'Name contains' }).waitFor();
      await arm(page, { pane: 'Subscribers', pattern: 'Alice Sandbox' });
      await page.keyboard.press('Enter');
      const search = await benchElapsed(page);
      await header.hover();
      const clearButton = header.getByRole('button', { name: 'Clear Subscriber Search' });
      await clearButton.waitFor();
      await arm(page, { pane: 'Subscribers', pattern: 'acct-299' });
      await clearButton.click();
      const clear = await benchElapsed(page);
      const more = subscriberRows.filter({ hasText: 'Load more' });
      await more.scrollIntoViewIfNeeded();
      const moreIndex = Number(await more.getAttribute('data-index'));
      await arm(page, { pane: 'Subscribers', pattern: 'Load more|Loading more', index: moreIndex });
      await more.click();
      const ourLoadMore = await benchElapsed(page);
      // Create Subscriber: the id, Enter through the optional fields, then "Create subscriber".
      const id = `bench-tree-${run}-${Date.now().toString(36)}`;
      await runCommand(page, 'Novu: Create Subscriber…');
      const field = page.locator('.quick-input-widget input.input');
      await field.waitFor({ state: 'visible' });
      await field.fill(id);
      await page.keyboard.press('Enter');
      for (let step = 2; step <= 9; step++) {
        await page.locator('.quick-input-widget .quick-input-step', { hasText: `${step}/10` }).or(page.locator('.quick-input-widget', { hasText: `${step}/10` })).first().waitFor();
        await page.keyboard.press('Enter');
      }
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Create subscriber' }).first().waitFor();
      await arm(page, { pane: 'Subscribers', pattern: id });
      await page.keyboard.press('Enter');
      const create = await benchElapsed(page);
      // The reveal takes the focus a moment later: let it settle before the palette opens again.
      await page.waitForTimeout(500);
      // The first run warms both up.
      if (run === 0) continue;
      times.create.push(create);
      times.floorCommand.push(floorCommand);
      times.floorLoadMore.push(floorLoadMore);
      times.search.push(search);
      times.clear.push(clear);
      times.loadMore.push(ourLoadMore);
    }
  } finally {
    await ui.close();
    await proxy.close();
    await sandbox.close();
  }
  const r = (v) => Math.round(v);
  const floor = median(times.floorCommand);
  const floorMore = median(times.floorLoadMore);
  const row = (ms, base) => ({ ms: r(ms), overFloorMs: r(ms - base) });
  return {
    [`tree floor: command → rows (an empty tree ${DELAY_MS} ms away)`]: { ms: r(floor) },
    [`tree floor: Load more row → rows`]: { ms: r(floorMore) },
    'Subscribers: search Enter → rows': row(median(times.search), floor),
    'Subscribers: clear the search → rows': row(median(times.clear), floor),
    'Subscribers: Load more → rows': row(median(times.loadMore), floorMore),
    'Create Subscriber: last Enter → the row': row(median(times.create), floor),
  };
}
