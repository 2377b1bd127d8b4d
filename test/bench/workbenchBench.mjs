/** What the workbench benchmarks (.mjs, run by plain node) share: their times, and the floor extension's view. */
/* global window -- used inside the workbench page (page.waitForFunction, page.evaluate) */

/** The median of repeated runs: absolute times drift on a shared machine, the middle less. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Waits for the page's armed watch (`__benchStart`, `__benchDone`) to finish and says how long it took. */
export async function benchElapsed(page) {
  await page.waitForFunction(() => window.__benchDone !== undefined, undefined, { timeout: 30_000, polling: 50 });
  return page.evaluate(() => window.__benchDone - window.__benchStart);
}

/** The floor extension's Bench Rows view, unfolded, and the round its rows show (`Row <round>-0`). */
export async function floorRows(page) {
  const header = page.locator('.pane-header', { hasText: 'Bench Rows' });
  await header.waitFor({ timeout: 30_000 });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.locator('h3.title').click();
  const rows = page.locator('.pane', { has: header }).locator('.monaco-list-row');
  await rows.first().waitFor({ timeout: 30_000 });
  return { rows, round: Number(/Row (\d+)-0/.exec(await rows.first().innerText())?.[1] ?? 0) };
}
