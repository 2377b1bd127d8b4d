// Issue 3's smoke test: a person opens the Novu container, sees the welcome views, adds a
// connection through the real quick inputs, runs a palette command, and the views show data. The
// walk runs once, in dark; the views are shot in dark and light, the walkthrough in dark (it keeps F1
// for itself, so the palette cannot change the theme there).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { SCREENSHOTS, answerInput, launch, pickItem, runCommand, shootThemes, startSandbox, treeRows, closeAll, welcomeText } from './workbench.mjs';

const theme = 'dark';

describe('workbench smoke', { timeout: 180_000 }, () => {
  let ui;
  let sandbox;

  before(async () => {
    sandbox = await startSandbox({ apiKey: `ui-smoke-${Date.now()}` });
    ui = await launch({ theme });
  });
  after(() => closeAll(ui, sandbox));

  it('shows the welcome views with their buttons when no connection is set', async () => {
    assert.match(await welcomeText(ui.page), /Connect to a Novu-compatible notification service/);
    await ui.page.getByRole('button', { name: 'Add Connection' }).first().waitFor();
    await shootThemes(ui.page, 'welcome');
  });

  it('adds a connection through the real quick inputs, rejecting a wrong key at the field', async () => {
    await runCommand(ui.page, 'Novu: Add Connection…');
    await pickItem(ui.page, 'Self-hosted…');
    await answerInput(ui.page, sandbox.url, { expect: 'Base URL' });
    await answerInput(ui.page, 'not-the-key', { expect: 'API key' });
    const message = ui.page.locator('.quick-input-widget .quick-input-message', { hasText: 'API Key not found' });
    await message.waitFor({ timeout: 15_000 });
    await answerInput(ui.page, sandbox.apiKey);
    await answerInput(ui.page, `Local ${theme}`, { expect: 'Name the connection' });
    await ui.page.locator('.statusbar-item', { hasText: `Novu: Local ${theme}` }).waitFor({ timeout: 15_000 });
    const rows = treeRows(ui.page, 'Subscribers');
    await rows.first().waitFor({ timeout: 15_000 });
    assert.ok((await rows.count()) > 3);
    await shootThemes(ui.page, 'connected');
    const html = await ui.page.content();
    assert.ok(!html.includes(sandbox.apiKey), 'the key is nowhere in the workbench DOM');
  });

  it('runs "Novu: Open Sandbox" from the palette and shows sample data', async () => {
    await runCommand(ui.page, 'Novu: Open Sandbox');
    await ui.page.locator('.statusbar-item', { hasText: 'Novu: Sandbox' }).waitFor({ timeout: 30_000 });
    const subscribers = treeRows(ui.page, 'Subscribers');
    await ui.page.locator('.pane-header', { hasText: 'Subscribers' }).locator('.description', { hasText: /^Sandbox · / }).waitFor({ timeout: 30_000 });
    await subscribers.first().waitFor({ timeout: 30_000 });
    const integrations = treeRows(ui.page, 'Integrations');
    await integrations.filter({ hasText: 'Email' }).first().waitFor({ timeout: 30_000 });
    await shootThemes(ui.page, 'sandbox');
  });

  it('opens "Get started with Novu Explorer" with its five steps', async () => {
    await runCommand(ui.page, 'Novu: Get Started with Novu Explorer');
    const page = ui.page.locator('.gettingStartedContainer, .getting-started-container, .gettingStarted').first();
    await page.getByText('Get started with Novu Explorer').first().waitFor({ timeout: 20_000 });
    for (const step of ['Try the Sandbox', 'Connect your own environment', 'Find out why a delivery failed', "Edit a subscriber's preferences", 'See your workflows in your code']) {
      await page.getByText(step, { exact: true }).first().waitFor();
    }
    // Both connection steps were done above, before the walkthrough was first opened: ticked.
    for (const step of ['sandbox', 'connect']) {
      await page.locator(`button.getting-started-step[data-step-id$="#${step}"][aria-checked="true"]`).waitFor({ timeout: 10_000 });
    }
    for (const step of ['debug', 'preferences', 'code']) {
      assert.equal(await page.locator(`button.getting-started-step[data-step-id$="#${step}"]`).getAttribute('aria-checked'), 'false', step);
    }
    // The walkthrough keeps F1 for itself, so the picture is taken without clearing toasts first.
    await ui.page.mouse.move(1, 1);
    await ui.page.screenshot({ path: join(SCREENSHOTS, `walkthrough-${theme}.png`) });
    // The newest step, opened: what it says and the picture of the lenses.
    await page.locator('button.getting-started-step[data-step-id$="#code"]').click();
    await page.getByText('Open a file that triggers or defines a workflow', { exact: false }).first().waitFor();
    await page.locator('img[alt^="A TypeScript file with a lens"]').first().waitFor();
    await ui.page.mouse.move(1, 1);
    await ui.page.screenshot({ path: join(SCREENSHOTS, `walkthrough-code-${theme}.png`) });
  });
});
