// Issue 23, point 4: the extension on the VS Code people run today, not only on the floor of
// engines.vscode. VS Code 1.139.1 (code-server 4.139.1 on Node 24, see test/vscode/setup.mjs) with
// the project installed into its extensions folder as a person's extensions are (with its
// extensions.json entry, no extensionDevelopmentPath: it runs in production mode). A person opens
// the Novu views and sees rows, opens a notification panel and a subscriber's preferences; each
// step leaves a screenshot, test-results/screenshots/latest-*.png. The other UI tests stay on 1.100.3.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { EXTENSION_FILES, openWorkbench, startCodeServer, waitForWorkbench } from '../vscode/codeServer.mjs';
import { HOSTS, ensureVSCode, vscodePaths } from '../vscode/setup.mjs';
import { ROOT, SCREENSHOTS, activeWebview, addConnection, openNovu, runCommand, setTheme, startSandbox, THEMES, treeRows, findSubscriberRow, closeAll, openNotificationById } from './workbench.mjs';

const require = createRequire(import.meta.url);
const { SANDBOX_FIXTURES: F } = require(join(ROOT, 'dist', 'sandboxServer.js'));

/**
 * workbench.mjs's screenshot(), waiting also for the palette it used to clear the toasts to be gone:
 * 1.139 fades the quick input out, and the picture would catch it half-transparent over the views.
 */
async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await runCommand(page, 'Notifications: Clear All Notifications');
  await page.locator('.notification-toast').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
  await page.mouse.move(1, 1);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

describe(`newest VS Code (${HOSTS.latest.vscodeVersion}), the extension installed`, { timeout: 300_000 }, () => {
  let sandbox;
  let server;
  let workbench;
  let page;

  before(async () => {
    await ensureVSCode({ host: 'latest' });
    sandbox = await startSandbox({ apiKey: `ui-latest-${Date.now()}` });
    server = await startCodeServer({
      host: 'latest',
      installed: [{ folder: ROOT, files: EXTENSION_FILES }],
      settings: { 'workbench.colorTheme': THEMES.dark },
    });
    workbench = await openWorkbench({ server, colorScheme: 'dark' });
    page = workbench.page;
    await waitForWorkbench(page);
    await setTheme(page, 'dark');
  });
  after(() => closeAll(workbench, server, sandbox));

  it(`is VS Code ${HOSTS.latest.vscodeVersion} running the installed extension, not a development copy`, async () => {
    // The page the server serves names its code-server; that copy's VS Code is 1.139.1.
    const served = (await (await fetch(`${server.url}/`)).text()).replace(/&quot;/g, '"');
    assert.ok(served.includes(`"codeServerVersion":"${HOSTS.latest.codeServerVersion}"`), `code-server ${HOSTS.latest.codeServerVersion} serves the workbench`);
    assert.equal(JSON.parse(readFileSync(join(vscodePaths('latest').vscodeDir, 'package.json'), 'utf8')).version, HOSTS.latest.vscodeVersion);
    assert.doesNotMatch(await page.title(), /Extension Development Host/);
    await runCommand(page, 'Extensions: Show Installed Extensions');
    const row = page.locator('.extensions-viewlet .monaco-list-row', { hasText: 'Novu Explorer' }).first();
    await row.waitFor({ timeout: 30_000 });
    assert.match(await row.innerText(), /novuexplorer/, 'listed among the installed extensions, by its publisher');
  });

  it('opens the Novu views and shows rows in all three', async () => {
    await openNovu(page);
    await addConnection(page, sandbox, 'Latest');
    for (const view of ['Subscribers', 'Integrations', 'Activity']) {
      const rows = treeRows(page, view);
      await rows.first().waitFor({ timeout: 30_000 });
      assert.ok((await rows.count()) > 1, `${view} has rows`);
    }
    await screenshot(page, 'latest-views');
  });

  it('opens a notification panel from the palette and renders its timeline', async () => {
    await openNotificationById(page, F.mixedNotificationId);
    const view = activeWebview(page);
    await view.locator('h1.nx-title').waitFor({ timeout: 30_000 });
    assert.equal(await view.locator('ol.nx-timeline > li.nx-job').count(), 4);
    await screenshot(page, 'latest-notification');
  });

  it("opens a subscriber's preferences from its row", async () => {
    const row = await findSubscriberRow(page, F.preferencesSubscriberId);
    await row.hover();
    await row.getByRole('button', { name: 'Edit Preferences…' }).click();
    const view = activeWebview(page);
    await view.locator('section.nx-workflow').first().waitFor({ timeout: 30_000 });
    assert.ok((await view.locator('section.nx-workflow').count()) >= 3);
    await screenshot(page, 'latest-preferences');
  });
});
