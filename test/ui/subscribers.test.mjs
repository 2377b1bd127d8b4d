// Issue 4's UI test: a person searches subscribers, clears the search, loads more, and looks at
// the Integrations view. The walk runs once, in dark; each state is shot in dark and light.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openNovu, runCommand, setViewExpanded, shootThemes, treeRows } from './workbench.mjs';

describe('subscribers and integrations views', { timeout: 180_000 }, () => {
  let ui;

  before(async () => {
    ui = await launch({ theme: 'dark' });
    await openNovu(ui.page);
    await runCommand(ui.page, 'Novu: Open Sandbox');
    await ui.page.locator('.pane-header', { hasText: 'Subscribers' }).locator('.description', { hasText: /^Sandbox · / }).waitFor({ timeout: 30_000 });
  });
  after(() => ui?.close());

  it('searches from the view title and shows the active filter', async () => {
    const header = ui.page.locator('.pane-header', { hasText: 'Subscribers' });
    await header.hover();
    await header.getByRole('button', { name: 'Search Subscribers…' }).click();
    const input = ui.page.locator('.quick-input-widget input.input');
    await input.waitFor({ state: 'visible' });
    await input.fill('alice');
    const first = ui.page.locator('.quick-input-list .monaco-list-row').first();
    await first.filter({ hasText: 'Name contains' }).waitFor();
    assert.match(await first.innerText(), /name “alice”/);
    await ui.page.keyboard.press('Enter');
    const rows = treeRows(ui.page, 'Subscribers');
    await rows.filter({ hasText: 'Alice Sandbox' }).first().waitFor({ timeout: 15_000 });
    // The filter is named in the view's description (a message would push the rows down after they came).
    await header.locator('.description', { hasText: 'filtered by name “alice”' }).waitFor();
    const texts = await rows.allInnerTexts();
    assert.ok(texts.every((t) => /alice/i.test(t)), `every row matches: ${texts.join(' | ')}`);
    await shootThemes(ui.page, 'subscribers-search');
    await header.hover();
    await header.getByRole('button', { name: 'Clear Subscriber Search' }).click();
    await header.locator('.description', { hasText: 'filtered by' }).waitFor({ state: 'detached' });
  });

  it('loads the next page with "Load more"', async () => {
    // Collapse Integrations and Activity so that the first page and its "Load more" row fit on screen.
    await setViewExpanded(ui.page, 'Integrations', false);
    await setViewExpanded(ui.page, 'Activity', false);
    const rows = treeRows(ui.page, 'Subscribers');
    const loadMore = rows.filter({ hasText: 'Load more' });
    await loadMore.waitFor();
    assert.match(await loadMore.innerText(), /25 loaded/);
    await loadMore.click();
    await rows.filter({ hasText: /25 loaded|Loading more/ }).waitFor({ state: 'detached', timeout: 15_000 });
    await ui.page.keyboard.press('End');
    await rows.filter({ hasText: 'Load more' }).filter({ hasText: '50 loaded' }).waitFor({ timeout: 15_000 });
    await shootThemes(ui.page, 'subscribers-load-more');
    // Integrations back for the next test; Activity stays folded, as it was before it existed.
    await setViewExpanded(ui.page, 'Integrations', true);
  });

  it('shows integrations by channel with a masked legacy credential', async () => {
    const rows = treeRows(ui.page, 'Integrations');
    const legacy = rows.filter({ hasText: 'Postmark' }).first();
    await legacy.waitFor({ timeout: 15_000 });
    await legacy.click();
    await ui.page.keyboard.press('ArrowRight');
    await rows.filter({ hasText: '•••••• set' }).first().waitFor();
    await shootThemes(ui.page, 'integrations');
  });
});
