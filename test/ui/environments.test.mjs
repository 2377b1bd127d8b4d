// Issue 52's UI test: a person in the demo app compares the Sandbox with its Production (the two
// built-in connections) from the palette, sees the Environment Comparison view (what Production
// lacks, the workflows and layouts with their marks), opens a difference in the diff editor, and
// follows a finding to the trigger call of their code. One launch; each state shot in dark and light.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT, closeAll, launch, openNovu, pickItem, runCommand, setViewExpanded, shootThemes, treeRows } from './workbench.mjs';

const DEMO = join(ROOT, 'examples', 'demo-app');
const VIEW = 'Environment Comparison';

/** Clicks a row with the pointer coming from a corner: a hover left open by the last one would take the click. */
async function click(page, locator) {
  await page.mouse.move(1, 1);
  await locator.click();
}

describe('Compare Environments', { timeout: 240_000 }, () => {
  let ui;

  before(async () => {
    ui = await launch({ theme: 'dark', folder: DEMO });
    await openNovu(ui.page);
    await runCommand(ui.page, 'Novu: Open Sandbox');
    // As a person would, wait for the Sandbox's views to load (their reveal took the focus from a
    // palette opened meanwhile, on a loaded CI run) before asking for the comparison.
    await treeRows(ui.page, 'Subscribers').first().waitFor({ timeout: 30_000 });
    await ui.page.locator('.statusbar-item', { hasText: 'Sandbox' }).first().waitFor({ timeout: 10_000 });
  });
  after(() => closeAll(ui));

  it('shows what Production lacks and every mark, in its own view', async () => {
    const page = ui.page;
    await runCommand(page, 'Novu: Compare Environments…');
    await pickItem(page, 'active connection');
    // Production is offered first, chosen by the environments' list.
    const first = page.locator('.quick-input-widget .quick-input-list .monaco-list-row').first();
    await page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Production (' }).first().waitFor({ timeout: 30_000 });
    assert.match(await first.textContent(), /Sandbox Production.*Production \(127\.0\.0\.1:\d+\)/);
    await page.keyboard.press('Enter');
    const rows = treeRows(page, VIEW);
    await rows.filter({ hasText: 'What Production lacks' }).first().waitFor({ timeout: 30_000 });
    for (const title of ['Subscribers', 'Integrations', 'Activity', 'Workflows']) await setViewExpanded(page, title, false);
    await rows.filter({ hasText: 'Comment mention: not in Production' }).first().waitFor();
    const header = page.locator('.pane-header', { hasText: VIEW }).first();
    assert.match(await header.textContent(), /Development → Production/);
    await shootThemes(page, 'environments-tree');
  });

  it('opens a difference in the diff editor, each side named with its read time', async () => {
    const page = ui.page;
    // The findings fold away so that the workflows have the room.
    await click(page, treeRows(page, VIEW).filter({ hasText: 'What Production lacks' }).first());
    const digest = treeRows(page, VIEW).filter({ hasText: 'Weekly digest' }).first();
    await digest.waitFor();
    await click(page, digest);
    const tab = page.locator('.tab', { hasText: /^Weekly digest: Development/ }).first();
    await tab.waitFor({ timeout: 15_000 });
    await page.locator('.monaco-diff-editor .line-insert, .monaco-diff-editor .char-insert').first().waitFor({ timeout: 15_000 });
    // The first change in view: email off by default in Production (the subject, further down, is the integration test's).
    await page.locator('.monaco-diff-editor .modified .view-line', { hasText: '"enabled": false' }).first().waitFor();
    await shootThemes(page, 'environments-diff');
  });

  it('follows a finding to the trigger call of the user’s code', async () => {
    const page = ui.page;
    await click(page, treeRows(page, VIEW).filter({ hasText: 'What Production lacks' }).first());
    const finding = treeRows(page, VIEW).filter({ hasText: 'Trial ending: inactive in Production' }).first();
    await finding.waitFor();
    await click(page, finding);
    const link = treeRows(page, VIEW).filter({ hasText: 'src/notify.ts:33 triggers trial-ending' }).first();
    await link.waitFor({ timeout: 30_000 });
    await shootThemes(page, 'environments-finding');
    await click(page, link);
    await page.locator('.tab.active', { hasText: 'notify.ts' }).waitFor({ timeout: 15_000 });
    await page.locator('.monaco-editor .current-line').first().waitFor();
    const status = await page.locator('.statusbar-item', { hasText: /^Ln \d+/ }).first().textContent();
    assert.match(status, /^Ln 33,/);
  });

  it('warns at the trigger whose literal payload lacks the key Production requires, in the editor and the Problems view', async () => {
    const page = ui.page;
    // notify.ts:28 sends invoiceReminders { invoiceNumber }; Production requires dueDate too.
    await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: 15_000 });
    await page.keyboard.press('Control+Shift+M');
    const problem = page.locator('.markers-panel .monaco-list-row', { hasText: 'Production requires "root.dueDate" in the payload of "invoiceReminders"' }).first();
    await problem.waitFor({ timeout: 15_000 });
    assert.match(await problem.innerText(), /which this trigger does not send: in Production it answers 400 PAYLOAD_VALIDATION_ERROR[\s\S]*\[Ln 28, Col \d+\]/);
    await shootThemes(page, 'environments-payload');
  });
});
