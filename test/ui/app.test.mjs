// Issue 33's UI test: a person works on the demo's framework app, which runs with Production's key
// while Development is the active connection. The Workflows view's first row says so; one click on
// "switch to Production" fixes it, and the row shows ✓ and what differs (a workflow only in code,
// synced ones the app no longer defines, a changed one). Sync Workflows… reads the review, which
// names the workflows it deletes, and syncs: nothing differs after. The walk runs once, in dark; the
// views are shot in dark and light, VS Code's modal review in dark (a theme change would end it).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT, SCREENSHOTS, addConnection, answerInput, pickItem, shootThemes, showOnlyView, startSandbox, treeRows, launchConnected, closeAll } from './workbench.mjs';

const DEMO = join(ROOT, 'examples', 'demo-app');

describe('your app and the environment', { timeout: 300_000 }, () => {
  let ui;
  let app;
  let development;
  let production;

  before(async () => {
    const productionKey = `ui-app-production-${Date.now()}`;
    const { startBridgeApp } = await import(join(DEMO, 'bridge', 'run.mjs'));
    app = await startBridgeApp({ secretKey: productionKey, strict: true, watch: false });
    // Production was synced with this app once; its code workflows then drifted apart.
    production = await startSandbox({ apiKey: productionKey, bridgeUrl: app.url, activityEndsAtMs: Date.now() });
    development = await startSandbox({ apiKey: `ui-app-development-${Date.now()}`, activityEndsAtMs: Date.now() });
    ui = await launchConnected(production, 'Production', { theme: 'dark', folder: DEMO, settings: { 'novuExplorer.preview.bridgeUrl': app.url } });
    await addConnection(ui.page, development, 'Development');
  });
  after(() => closeAll(ui, app, development, production));

  it('says the app runs with Production’s key, and one click switches to it: ✓ and what differs', async () => {
    const page = ui.page;
    await showOnlyView(page, 'Workflows');
    const rows = treeRows(page, 'Workflows');
    await rows.filter({ hasText: "running with Production's key" }).first().waitFor({ timeout: 60_000 });
    // The row opened by itself: what is wrong is in view.
    await rows.filter({ hasText: "runs with Production's key: switch to Production" }).first().waitFor({ timeout: 10_000 });
    await shootThemes(page, 'app-other-key');
    await rows.filter({ hasText: "runs with Production's key: switch to Production" }).first().click();
    await pickItem(page, 'Production');
    await rows.filter({ hasText: "Production's key ✓" }).first().waitFor({ timeout: 60_000 });
    await rows.filter({ hasText: 'a sync deletes it' }).first().waitFor({ timeout: 30_000 });
    const texts = await rows.allTextContents();
    assert.ok(texts.some((t) => /account-welcome.*not synced to Production/.test(t)), texts.join('\n'));
    assert.ok(texts.some((t) => /invoice-paid.*a sync deletes it/.test(t)), texts.join('\n'));
    assert.ok(texts.some((t) => /order-shipped.*changed since the last sync/.test(t)), texts.join('\n'));
    await shootThemes(page, 'app-drift');
  });

  it('syncs after a review that names what it deletes, and nothing differs after', async () => {
    const page = ui.page;
    const rows = treeRows(page, 'Workflows');
    await rows.filter({ hasText: 'Sync Workflows to Production…' }).first().click();
    await answerInput(page, app.url, { expect: 'where does the service reach your app?' });
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 30_000 });
    const review = await dialog.textContent();
    assert.match(review, /Sync workflows to Production, a PRODUCTION environment\?/);
    assert.match(review, /Deletes \d+: .*invoice-paid/);
    assert.match(review, /Creates \d+: .*account-welcome/);
    // The modal holds the focus: the picture is taken as it is (the helper would clear toasts through the palette).
    await page.screenshot({ path: join(SCREENSHOTS, 'app-sync-review-dark.png') });
    await dialog.getByRole('button', { name: /^Sync to Production and Delete \d+$/ }).click();
    await rows.filter({ hasText: /Production's key ✓$/ }).first().waitFor({ timeout: 60_000 });
    assert.equal(await rows.filter({ hasText: 'a sync deletes it' }).count(), 0);
    assert.ok(!production.state.workflows.some((w) => w.identifier === 'invoice-paid'), 'deleted on the service');
  });
});
