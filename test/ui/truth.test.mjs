// Issue 10's UI test: what a person sees is true. A name full of markup shows as typed in the
// row, its hover, a toast and the preferences panel; a failing service shows its message and
// errorId with Retry; a rejected key shows Set API Key with the filter still named; a refused
// toggle is explained next to the switch that was clicked. The walk runs once, in dark; each state
// is shot in dark and light, except a hover or a toast (dark: the palette's theme change ends it).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, SCREENSHOTS, activeWebview, runCommand, setViewExpanded, shootThemes, showOnlyView, startSandbox, treeRows, findSubscriberRow, launchConnected, closeAll, openNotificationById } from './workbench.mjs';

const require = createRequire(import.meta.url);
const { SANDBOX_FIXTURES: F } = require(join(ROOT, 'dist', 'sandboxServer.js'));
const NAME = `${F.markupFirstName} ${F.markupLastName}`;

/** The views as the tests after the Workflows ones expect them: Workflows collapsed, the other three open. */
async function viewsAsBefore(page) {
  await setViewExpanded(page, 'Workflows', false);
  for (const title of ['Subscribers', 'Integrations', 'Activity']) await setViewExpanded(page, title, true);
}

const theme = 'dark';

describe('truthful states', { timeout: 240_000 }, () => {
  let ui;
  let sandbox;
  const pane = (title) => ui.page.locator('.pane', { has: ui.page.locator('.pane-header', { hasText: title }) });

  before(async () => {
    sandbox = await startSandbox({ apiKey: `ui-truth-${Date.now()}`, markupWorkflow: true });
    ui = await launchConnected(sandbox, `Truth ${theme}`, { theme });
  });
  after(() => closeAll(ui, sandbox));

  it('shows a name full of markup exactly as typed: row, hover and toast', async () => {
    const row = await findSubscriberRow(ui.page, F.markupSubscriberId);
    assert.equal(await row.locator('.label-name').innerText(), NAME, 'the row label');
    assert.equal(await row.locator('.label-name .codicon').count(), 0, 'no icon drawn from $(alert)');

    // On the icon: hovering a label wider than the row would scroll the row's text out of sight.
    await row.locator('.custom-view-tree-node-item-icon').hover();
    const hover = ui.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Subscriber ID' }).first();
    await hover.waitFor({ timeout: 10_000 });
    const text = await hover.innerText();
    assert.ok(text.includes(`Name: ${NAME}`), `the hover shows the name as typed:\n${text}`);
    assert.ok(text.includes(`Subscriber ID: ${F.markupSubscriberId}`));
    assert.equal(await hover.locator('a, img, b').count(), 0, 'no link, image or bold made from the name');
    await ui.page.screenshot({ path: join(SCREENSHOTS, `hover-markup-${theme}.png`) });
    await ui.page.mouse.move(1, 1);

    // A toast that quotes the name: the link syntax in it stays text.
    sandbox.setFaults({ respond: { status: 503, message: 'Service Unavailable', pathIncludes: '/v2/subscribers' } });
    await row.click({ button: 'right' });
    // The row's context menu: wait for it to finish opening (a click during its fade-in is lost).
    const refresh = ui.page.locator('.monaco-menu .action-item', { hasText: /^Refresh$/ }).first();
    await refresh.waitFor();
    await ui.page.waitForTimeout(500);
    await refresh.click();
    const toast = ui.page.locator('.notification-toast', { hasText: 'Could not refresh' });
    await toast.waitFor({ timeout: 20_000 });
    const message = (await toast.locator('.notification-list-item-message').innerText()).replace(/\u2060/g, '');
    assert.ok(message.includes(`Could not refresh ${NAME}: Service Unavailable. (HTTP 503)`), message);
    assert.match(message, /Error ID: [0-9a-f-]{36}/);
    assert.equal(await toast.locator('.notification-list-item-message a', { hasText: 'link' }).count(), 0, 'no link made from the name');
    await ui.page.screenshot({ path: join(SCREENSHOTS, `toast-markup-${theme}.png`) });
    sandbox.setFaults({});
  });

  it('shows a workflow named with markup exactly as the service holds it: row, tooltip, and the hover in code', async () => {
    const page = ui.page;
    await page.keyboard.press('Escape');
    await showOnlyView(page, 'Workflows');
    const row = treeRows(page, 'Workflows').filter({ hasText: F.markupWorkflowIdentifier }).first();
    await row.waitFor({ timeout: 15_000 });
    assert.equal(await row.locator('.label-name').innerText(), F.markupWorkflowName, 'the row label');
    assert.ok((await row.locator('.label-description').innerText()).includes(F.markupWorkflowTag), 'the tag as typed');
    assert.equal(await row.locator('.codicon-alert, .codicon-bell').count(), 0, 'no icon drawn from $(alert) or $(bell)');
    // On the icon: hovering a label wider than the row would scroll the row's text out of sight.
    await row.locator('.custom-view-tree-node-item-icon').hover();
    const tooltip = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Identifier: ' }).first();
    await tooltip.waitFor({ timeout: 10_000 });
    const said = await tooltip.innerText();
    assert.ok(said.startsWith(F.markupWorkflowName), said);
    assert.ok(said.includes(`Tags: ${F.markupWorkflowTag}`), said);
    assert.equal(await tooltip.locator('a, img, b').count(), 0, 'no link, image or bold made from the name');
    await page.screenshot({ path: join(SCREENSHOTS, `workflow-markup-${theme}.png`) });
    await page.mouse.move(1, 1);

    // The hover over a trigger call naming it, in a TypeScript document.
    await runCommand(page, 'File: New Untitled Text File');
    await page.locator('.tab.active', { hasText: 'Untitled' }).waitFor();
    await runCommand(page, 'Change Language Mode');
    await page.locator('.quick-input-widget input.input').fill('TypeScript');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: /^TypeScript/ }).first().click();
    await page.locator('.monaco-editor textarea').first().focus();
    await page.keyboard.insertText(`import { Novu } from '@novu/api'; const novu = new Novu({}); await novu.trigger({ workflowId: '${F.markupWorkflowIdentifier}', to: 'ada' });`);
    const identifier = page.locator('.monaco-editor .view-line span span', { hasText: `'${F.markupWorkflowIdentifier}'` }).first();
    const hover = page.locator('.monaco-hover', { hasText: 'Identifier: ' }).first();
    // Asked again if the editor was not ready (the workflow list is read when the document opens).
    for (let attempt = 1; ; attempt++) {
      await page.mouse.move(1, 1);
      await identifier.hover();
      try {
        await hover.waitFor({ timeout: 5000 });
        break;
      } catch (error) {
        if (attempt >= 3) {
          await page.screenshot({ path: join(SCREENSHOTS, `code-hover-markup-missing-${theme}.png`) });
          throw error;
        }
      }
    }
    // What the hover shows, rendered: its first line is the name exactly as the service holds it
    // (no backslash or entity that was not typed), and nothing in it is a link, an image, code or
    // an icon (the name holds a URL, a bare www. address and a [link](command:…)).
    const ours = hover.locator('.rendered-markdown', { hasText: 'Identifier: ' }).first();
    const lines = await ours.locator('p').allInnerTexts();
    assert.equal(lines[0], F.markupWorkflowName, `the name as the service holds it:\n${lines.join('\n')}`);
    assert.equal(await ours.locator('strong').innerText(), F.markupWorkflowName, 'the name in bold, whole');
    assert.ok(lines.includes(`Identifier: ${F.markupWorkflowIdentifier}`), lines.join('\n'));
    assert.equal(await ours.locator('a, img, code, .codicon').count(), 0, 'no link, image, code or icon made from the name');
    await page.screenshot({ path: join(SCREENSHOTS, `code-hover-markup-${theme}.png`) });
    await page.mouse.move(1, 1);
    await runCommand(page, 'View: Revert and Close Editor');
    await page.locator('.tab', { hasText: 'Untitled' }).waitFor({ state: 'detached' });
    await viewsAsBefore(page);
  });

  it('the Workflows view when reading fails: the service’s words and errorId with Retry; an old server’s 401 keeps the key', async () => {
    const page = ui.page;
    const header = await showOnlyView(page, 'Workflows');
    await treeRows(page, 'Workflows').first().waitFor({ timeout: 15_000 });
    // The view's own Refresh, in its title bar (the palette does not offer it).
    const refresh = async () => {
      await header.hover();
      await header.getByRole('button', { name: 'Refresh Workflows' }).click();
    };
    sandbox.setFaults({ respond: { status: 503, message: 'Service Unavailable', pathIncludes: '/v2/workflows' } });
    await refresh();
    const errorRow = treeRows(page, 'Workflows').filter({ hasText: 'Service Unavailable. (HTTP 503)' });
    await errorRow.waitFor({ timeout: 20_000 });
    assert.match(await errorRow.innerText(), /Error ID [0-9a-f-]{36}/);
    await errorRow.hover();
    await errorRow.getByRole('button', { name: 'Retry' }).waitFor();
    await shootThemes(page, 'workflows-failed');

    // An old server answers API keys 401 on this route only: said in the view, the key kept.
    sandbox.setFaults({ respond: { status: 401, message: 'API endpoint not accessible', pathIncludes: '/v2/workflows' } });
    await errorRow.hover();
    await errorRow.getByRole('button', { name: 'Retry' }).click();
    const closed = treeRows(page, 'Workflows').filter({ hasText: 'does not let API keys read workflows' });
    await closed.waitFor({ timeout: 20_000 });
    assert.equal(await page.locator('.welcome-view-content', { hasText: 'rejected the API key' }).count(), 0, 'the key is not said to be rejected');
    await page.locator('.statusbar-item', { hasText: `Novu: Truth ${theme}` }).waitFor();
    await shootThemes(page, 'workflows-closed');

    sandbox.setFaults({});
    await refresh();
    await treeRows(page, 'Workflows').filter({ hasText: 'Welcome onboarding' }).waitFor({ timeout: 15_000 });
    await viewsAsBefore(page);
  });

  it('a failing service: each view says why, with its errorId and Retry, and recovers', async () => {
    sandbox.setFaults({ respond: { status: 503, message: 'Service Unavailable' } });
    await runCommand(ui.page, 'Novu: Refresh');
    const errorRow = treeRows(ui.page, 'Subscribers').filter({ hasText: 'Service Unavailable. (HTTP 503)' });
    await errorRow.waitFor({ timeout: 20_000 });
    assert.match(await errorRow.innerText(), /Error ID [0-9a-f-]{36}/);
    await treeRows(ui.page, 'Integrations').filter({ hasText: 'Service Unavailable. (HTTP 503)' }).waitFor({ timeout: 20_000 });
    assert.equal(await pane('Integrations').getByText('No active integrations').count(), 0);
    // The filter stays named above the failure.
    await ui.page.locator('.pane-header', { hasText: 'Subscribers' }).locator('.description', { hasText: `filtered by ID “${F.markupSubscriberId}”` }).waitFor();
    const description = await ui.page.locator('.pane-header', { hasText: 'Integrations' }).locator('.description').innerText();
    assert.doesNotMatch(description, /· \d/, `no count of an earlier load: ${description}`);
    await errorRow.hover();
    await errorRow.getByRole('button', { name: 'Show Log' }).waitFor();
    await shootThemes(ui.page, 'views-failed');

    sandbox.setFaults({});
    await errorRow.hover();
    await errorRow.getByRole('button', { name: 'Retry' }).click();
    await treeRows(ui.page, 'Subscribers').filter({ hasText: F.markupSubscriberId }).waitFor({ timeout: 15_000 });
  });

  it('a key revoked mid-session: both views offer Set API Key, the filter stays named', async () => {
    sandbox.setFaults({ respond: { status: 401, message: 'API Key not found' } });
    await runCommand(ui.page, 'Novu: Refresh');
    for (const title of ['Subscribers', 'Integrations']) {
      const welcome = pane(title).locator('.welcome-view-content');
      await welcome.waitFor({ timeout: 20_000 });
      assert.match(await welcome.innerText(), /rejected the API key/);
      await welcome.getByRole('button', { name: 'Set API Key' }).waitFor();
    }
    assert.equal(await pane('Integrations').getByText('No active integrations').count(), 0);
    const description = await ui.page.locator('.pane-header', { hasText: 'Subscribers' }).locator('.description').innerText();
    assert.match(description, new RegExp(`filtered by ID “${F.markupSubscriberId}”`));
    await shootThemes(ui.page, 'views-unauthorized');

    sandbox.setFaults({});
    await runCommand(ui.page, 'Novu: Refresh');
    await treeRows(ui.page, 'Subscribers').filter({ hasText: F.markupSubscriberId }).waitFor({ timeout: 15_000 });
  });

  it('a refused toggle is explained next to the switch that was clicked', async () => {
    const row = treeRows(ui.page, 'Subscribers').filter({ hasText: F.markupSubscriberId }).first();
    await row.hover();
    await row.getByRole('button', { name: 'Edit Preferences…' }).click();
    const view = activeWebview(ui.page);
    await view.locator('section.nx-workflow').first().waitFor({ timeout: 30_000 });
    assert.equal(await view.locator('.nx-subscriber-name').innerText(), NAME, 'the panel shows the name as typed');

    // The last card, scrolled to: far from the top of the panel.
    const card = view.locator('section.nx-workflow:has(input.nx-switch:not([disabled]))').last();
    const toggle = card.locator('input.nx-switch:not([disabled])').first();
    await toggle.scrollIntoViewIfNeeded();
    sandbox.setFaults({ rejectNext: { method: 'PATCH', pathSuffix: '/preferences', status: 400, message: 'Workflow preferences are locked by the <b>admin</b>' } });
    const before = await toggle.isChecked();
    await toggle.click({ force: true });
    const refused = card.locator('.nx-change-error[role="alert"]');
    await refused.waitFor({ timeout: 15_000 });
    assert.match(await refused.innerText(), /Workflow preferences are locked by the <b>admin<\/b>\. \(HTTP 400\) The change was undone\./);
    assert.equal(await toggle.isChecked(), before, 'rolled back');
    assert.ok(await refused.isVisible());
    const box = await refused.boundingBox();
    const viewport = ui.page.viewportSize();
    assert.ok(box && box.y >= 0 && box.y + box.height <= viewport.height, 'the message is on screen, not above it');
    assert.equal(await view.locator('.nx-notice').count(), 0, 'no banner at the top for a refused change');
    await shootThemes(ui.page, 'preferences-refused', { axe: 'preferences, a refused change' });

    // A key revoked while the panel is open: said at the card, and at the top with Set API Key.
    sandbox.setFaults({ respond: { status: 401, message: 'API Key not found' } });
    await toggle.click({ force: true });
    const banner = view.locator('.nx-notice[role="alert"]');
    await banner.waitFor({ timeout: 15_000 });
    assert.match(await banner.innerText(), /^The API key was rejected: API Key not found\. \(HTTP 401\)/);
    await banner.getByRole('button', { name: 'Set API Key' }).waitFor();
    await card.locator('.nx-change-error', { hasText: 'API Key not found' }).waitFor();
    await view.locator('h1.nx-title').scrollIntoViewIfNeeded();
    await shootThemes(ui.page, 'preferences-banner', { axe: 'preferences, the key rejected' });
    sandbox.setFaults({});
    await runCommand(ui.page, 'View: Close All Editors');
  });

  it('a failing service in the notification panel: the reason with its errorId and Retry, then the notification', async () => {
    sandbox.setFaults({ respond: { status: 503, message: 'Service Unavailable', pathIncludes: '/v1/notifications/' } });
    await openNotificationById(ui.page, F.failedNotificationId);
    const view = activeWebview(ui.page);
    // The Activity view holds this settled notification, so it opens from there with no request;
    // its Refresh then asks the failing service.
    await view.locator('h1.nx-title, [role="alert"]').first().waitFor({ timeout: 30_000 });
    if ((await view.locator('[role="alert"]').count()) === 0) await view.getByRole('button', { name: 'Refresh' }).click();
    const alert = view.locator('[role="alert"]').first();
    await alert.waitFor({ timeout: 30_000 });
    assert.match(await view.locator('body').innerText(), /Service Unavailable[\s\S]*Error ID/);
    await shootThemes(ui.page, 'notification-failing', { axe: 'notification, the service failing' });
    sandbox.setFaults({});
    await view.getByRole('button', { name: 'Retry' }).click();
    await view.locator('.nx-timeline, [role="listbox"]').first().waitFor({ timeout: 30_000 });
    await runCommand(ui.page, 'View: Close All Editors');
  });
});
