// Issue 55's UI test: a person opens a run that was sent in a context, goes to the subscriber's
// Inbox from its panel (read in the run's context, on the run's message), marks it read after the
// modal question that names the connection, and sees the Topics view with a topic's subscriptions.
// Each state is shot in dark and light and checked with axe; markup in the data shows as text.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, launch, openNovu, pickItem, runCommand, showOnlyView, shootThemes, openNotificationById } from './workbench.mjs';

const require = createRequire(import.meta.url);
const { SANDBOX_FIXTURES: F } = require(join(ROOT, 'dist', 'sandboxServer.js'));

/** The `n`th webview's document (VS Code nests each in two iframes); the last opened by default. */
function webview(page, which = 'last') {
  const frames = page.frameLocator('iframe.webview.ready');
  return (which === 'last' ? frames.last() : frames.first()).frameLocator('iframe#active-frame');
}

describe('the Inbox and topics', { timeout: 240_000 }, () => {
  let ui;
  const dialogs = [];

  before(async () => {
    ui = await launch({ theme: 'dark' });
    ui.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await openNovu(ui.page);
    await runCommand(ui.page, 'Novu: Open Sandbox');
    await ui.page.locator('.statusbar-item', { hasText: 'Novu: Sandbox' }).waitFor({ timeout: 30_000 });
  });
  after(async () => {
    await ui?.close();
  });

  it("opens a run's message in the subscriber's Inbox, in the run's context, and marks it read after a question", async () => {
    const { page } = ui;
    await openNotificationById(page, F.acmeNotificationId);
    const run = webview(page);
    await run.locator('h1.nx-title').waitFor({ timeout: 30_000 });
    assert.match(await run.locator('.nx-context').innerText(), /tenant:acme/, 'the run says its context');
    await run.locator('button.nx-open-inbox').click();

    const inbox = webview(page);
    const focused = inbox.locator('article.nx-inbox-item[aria-current="true"]');
    await focused.waitFor({ timeout: 30_000 });
    assert.equal(await focused.getAttribute('data-item-id'), F.inboxAcmeMessageId);
    assert.match(await inbox.locator('.nx-context').innerText(), /tenant:acme/);
    assert.equal(await inbox.locator('[role="tab"][aria-selected="true"]').count(), 1);
    assert.equal(await inbox.locator('img').count(), 0, 'no element made from the data');
    assert.deepEqual(dialogs, []);
    await shootThemes(page, 'inbox-run', { axe: 'inbox, on a run in a context' });

    // Mark read: VS Code's modal names the connection and that the real Inbox changes.
    await focused.locator('button', { hasText: /^Mark as read$/ }).click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 15_000 });
    const said = await dialog.innerText();
    assert.match(said, /Mark ".*" as read in the Inbox of sbx-alice on "Sandbox"\?/);
    assert.match(said, /real/i, 'it says the real Inbox changes');
    await page.mouse.move(1, 1);
    await page.screenshot({ path: join(ROOT, 'test-results', 'screenshots', 'inbox-confirm-light.png') });
    await dialog.locator('a.monaco-button', { hasText: /^Mark as Read$/ }).click();
    await inbox.locator(`article.nx-inbox-item[data-item-id="${F.inboxAcmeMessageId}"].nx-read`).waitFor({ timeout: 15_000 });
  });

  it("lists the topics and a topic's subscriptions with their context", async () => {
    const { page } = ui;
    await runCommand(page, 'View: Close All Editors');
    await showOnlyView(page, 'Topics');
    const row = page.locator('.monaco-list-row', { hasText: F.productUpdatesTopicKey }).first();
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    await page.keyboard.press('ArrowRight');
    await page.locator('.monaco-list-row', { hasText: 'tenant:acme' }).first().waitFor({ timeout: 15_000 });
    await shootThemes(page, 'topics-view');
  });

  it('works out who a send to a topic would reach, beside its review, without sending', async () => {
    const { page } = ui;
    await runCommand(page, 'View: Close All Editor Groups');
    await runCommand(page, 'Novu: Who Would a Send Reach?…');
    await pickItem(page, 'Product updates');
    await pickItem(page, 'System maintenance');
    const reach = webview(page);
    await reach.locator('.nx-reach-table').waitFor({ timeout: 30_000 });
    assert.match(await reach.locator('.nx-note').innerText(), /dry run/i);
    const table = await reach.locator('.nx-reach-table').innerText();
    assert.match(table, /region/, 'a condition says the value it read');
    await shootThemes(page, 'topic-reach', { axe: 'topic reach, a dry run' });
  });
});
