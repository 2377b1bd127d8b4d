/* global document, MutationObserver -- evaluated inside the workbench page by Playwright */
// Issue 30, point 9: a pick of several with a one-choice group (the Activity filter's Time) does not
// echo itself. Real clicks on the real quick pick: after a tick in the group settles, an idle pick
// changes no tick and no row; two ticks 100 ms apart leave the second one ticked, and the filter
// request that goes out carries its range.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { showOnlyView, startSandbox, treeRows, launchConnected, closeAll } from './workbench.mjs';

const HOUR_MS = 60 * 60 * 1000;

describe('a pick of several with a one-choice group', { timeout: 240_000 }, () => {
  let ui;
  let sandbox;
  const input = () => ui.page.locator('.quick-input-widget input.input');
  const rows = () => ui.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
  const row = (label) => rows().filter({ has: ui.page.locator('.label-name', { hasText: new RegExp(`^\\s*${label}$`) }) }).first();
  const TIME = ['Last hour', 'Last 24 hours', 'Last 7 days'];

  /** The Time rows ticked now, as the list shows them. */
  async function tickedTimes() {
    const ticked = [];
    for (const label of TIME) if ((await row(label).getAttribute('aria-checked')) === 'true') ticked.push(label);
    return ticked;
  }

  /** Waits until the Time rows show the same ticks for `stableMs`; returns them. */
  async function settledTimes(stableMs = 500, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    let last = (await tickedTimes()).join();
    let since = Date.now();
    while (Date.now() < deadline) {
      await ui.page.waitForTimeout(50);
      const now = (await tickedTimes()).join();
      if (now !== last) {
        last = now;
        since = Date.now();
      } else if (Date.now() - since >= stableMs) return last.split(',').filter(Boolean);
    }
    throw new Error(`the Time rows never settled (last: ${last})`);
  }

  /**
   * What changes in the pick's list while nobody touches it for `ms`: ticks (`aria-checked` of a
   * row) and rows (re-rendered), counted by a MutationObserver in the page.
   */
  async function changesWhileIdle(ms = 1000) {
    await ui.page.mouse.move(1, 1);
    return ui.page.evaluate(async (wait) => {
      const list = document.querySelector('.quick-input-widget .quick-input-list');
      const counts = { ticks: 0, rows: 0 };
      const observer = new MutationObserver((records) => {
        for (const r of records) {
          if (r.type === 'attributes' && r.attributeName === 'aria-checked') counts.ticks++;
          else if (r.type === 'childList') counts.rows++;
        }
      });
      observer.observe(list, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-checked'] });
      await new Promise((resolve) => setTimeout(resolve, wait));
      observer.disconnect();
      return counts;
    }, ms);
  }

  before(async () => {
    sandbox = await startSandbox({ apiKey: `ui-pick-${Date.now()}`, activityEndsAtMs: Date.now() });
    ui = await launchConnected(sandbox, 'Pick test', { theme: 'dark' });
    const header = await showOnlyView(ui.page, 'Activity');
    await treeRows(ui.page, 'Activity').first().waitFor({ timeout: 30_000 });
    await header.hover();
    await header.getByRole('button', { name: 'Filter Activity…' }).click();
    await input().waitFor({ state: 'visible' });
    await row('Last hour').waitFor();
  });
  after(() => closeAll(ui, sandbox));

  it('changes no tick on an idle pick once a tick in the Time group has settled', async () => {
    await row('Last hour').locator('.monaco-checkbox').click();
    assert.deepEqual(await settledTimes(), ['Last hour']);
    const idle = await changesWhileIdle();
    assert.deepEqual(idle, { ticks: 0, rows: 0 }, `an idle pick changed ${idle.ticks} ticks and re-rendered rows ${idle.rows} times in 1 s`);

    // Another row of the group replaces it, once.
    await row('Last 24 hours').locator('.monaco-checkbox').click();
    assert.deepEqual(await settledTimes(), ['Last 24 hours']);
    assert.deepEqual(await changesWhileIdle(), { ticks: 0, rows: 0 });

    // Typing lists new rows (VS Code reports that as ticks too): the choice stays, the pick goes idle.
    await input().fill('sbx-alice');
    await rows().filter({ hasText: 'Subscriber ID “sbx-alice”' }).first().waitFor();
    assert.deepEqual(await changesWhileIdle(), { ticks: 0, rows: 0 });
    await input().fill('');
    await row('Last hour').waitFor();
    assert.deepEqual(await settledTimes(), ['Last 24 hours']);
    assert.deepEqual(await changesWhileIdle(), { ticks: 0, rows: 0 });
  });

  it('keeps the second of two ticks 100 ms apart, and the filter request carries its range', async () => {
    const started = Date.now();
    await row('Last 7 days').locator('.monaco-checkbox').click();
    await ui.page.waitForTimeout(Math.max(0, 100 - (Date.now() - started)));
    await row('Last hour').locator('.monaco-checkbox').click();
    assert.deepEqual(await settledTimes(), ['Last hour'], 'the last tick wins');
    assert.deepEqual(await changesWhileIdle(), { ticks: 0, rows: 0 });

    sandbox.clearRequests();
    await input().focus();
    await ui.page.keyboard.press('Enter');
    await input().waitFor({ state: 'hidden' });
    const lists = () => sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/v1/notifications');
    for (const deadline = Date.now() + 15_000; lists().length === 0 && Date.now() < deadline; ) await ui.page.waitForTimeout(50);
    assert.ok(lists().length > 0, 'the filtered list is asked for');
    const after = Date.parse(String(lists()[0].query.after));
    const sent = lists()[0].query;
    assert.ok(Math.abs(Date.now() - HOUR_MS - after) < 5 * 60_000, `the last hour is sent, not another range: ${JSON.stringify(sent)}`);
    await ui.page.locator('.pane-header', { hasText: 'Activity' }).locator('.description', { hasText: /last hour/ }).waitFor({ timeout: 10_000 });
  });
});
