// Issue 16's UI test: a person opens a failed notification, presses Send Again… in the panel,
// reads the trigger in the review editor (Send, Cancel and where it goes above it), presses Send,
// confirms in VS Code's modal dialog, and watches the new run open beside the original and settle.
// The walk runs once, in dark; the review and the new run are shot in dark and light, the modal in dark.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, launch, openNovu, runCommand, shootThemes, openNotificationById } from './workbench.mjs';

const require = createRequire(import.meta.url);
const { SANDBOX_FIXTURES: F } = require(join(ROOT, 'dist', 'sandboxServer.js'));

describe('send again', { timeout: 240_000 }, () => {
  let ui;

  before(async () => {
    ui = await launch({ theme: 'dark' });
    await openNovu(ui.page);
    await runCommand(ui.page, 'Novu: Open Sandbox');
    await ui.page.locator('.statusbar-item', { hasText: 'Novu: Sandbox' }).waitFor({ timeout: 30_000 });
  });
  after(() => ui?.close());

  it('sends a failed notification again from its panel, after review and confirmation, and watches the new run settle', async () => {
    const page = ui.page;
    await openNotificationById(page, F.failedNotificationId);
    const original = page.frameLocator('iframe.webview.ready').first().frameLocator('iframe#active-frame');
    await original.locator('li.nx-job[data-status="failed"]').first().waitFor({ timeout: 30_000 });
    assert.equal(await original.locator('button.nx-cancel-pending').isHidden(), true, 'nothing pending: no Cancel Pending Steps');

    // The panel only opens the review.
    await original.locator('button.nx-send-again').click();
    const editor = page.locator('.editor-instance .monaco-editor', { has: page.locator('.codelens-decoration') }).first();
    const send = editor.locator('.codelens-decoration a', { hasText: 'Send to Sandbox' });
    await send.waitFor({ timeout: 30_000 });
    assert.ok(await editor.locator('.codelens-decoration a', { hasText: 'Cancel' }).count() > 0);
    assert.match(await editor.locator('.codelens-decoration').first().innerText(), /environment 6615c0ffee0000000000d001/);
    // Monaco draws spaces as no-break spaces.
    const text = (await editor.locator('.view-lines').innerText()).replace(/\u00a0/g, ' ');
    assert.match(text, /"name": "order-shipped"/);
    assert.match(text, /"orderId": "SO-1042"/);
    await page.locator('.tab', { hasText: /order-shipped-to-sbx-alice-.*\.novu-trigger\.json/ }).waitFor();
    await shootThemes(page, 'send-again-review');

    // Send asks first, in a modal dialog that names the workflow, the subscriber and where.
    await send.click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 15_000 });
    const said = await dialog.innerText();
    assert.match(said, /Send order-shipped to sbx-alice through "Sandbox"/);
    assert.match(said, /real messages will be delivered/);
    await page.mouse.move(1, 1);
    await page.screenshot({ path: join(ROOT, 'test-results', 'screenshots', 'send-again-confirm-dark.png') });
    await dialog.locator('a.monaco-button', { hasText: /^Send$/ }).click();

    // The new run opens beside the original, says where it came from, and settles by itself.
    const newRun = page.frameLocator('iframe.webview.ready').last().frameLocator('iframe#active-frame');
    await newRun.locator('.nx-related .nx-sent-from').waitFor({ timeout: 45_000 });
    assert.match(await newRun.locator('.nx-sent-from').innerText(), new RegExp(`Sent again from\\s*${F.failedNotificationId}`));
    await newRun.locator('ol.nx-timeline > li.nx-job').first().waitFor();
    for (let i = 0; i < 60; i++) {
      const statuses = await newRun.locator('ol.nx-timeline > li.nx-job').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
      if (statuses.length > 0 && statuses.every((s) => ['completed', 'failed', 'skipped', 'canceled'].includes(s))) break;
      await page.waitForTimeout(500);
    }
    const settled = await newRun.locator('ol.nx-timeline > li.nx-job').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
    assert.ok(settled.length >= 2 && settled.every((s) => ['completed', 'failed', 'skipped', 'canceled'].includes(s)), settled.join());
    assert.equal(await page.locator('.editor-group-container').count() >= 2, true, 'beside the original');
    // The original now links to the new run.
    await original.locator('.nx-related .nx-sent-as').waitFor({ timeout: 10_000 });
    await shootThemes(page, 'send-again-new-run', { axe: 'send again, the new run' });
  });
});
