// Issue 25's UI test: a person opens the demo app, sees a lens with failures above a trigger call and
// clicks it (the Activity view shows that workflow's runs), fixes a misspelled identifier with the
// quick fix, sees the lens of a framework workflow triggered from another file (issue 30), and
// triggers a code workflow from its lens: the payload comes filled from the
// workflow's schema, an empty invoice number is refused at its key before anything is sent, and
// once it is typed the trigger is confirmed in VS Code's modal and the new run opens. The walk runs
// once, in dark; each step is shot in dark and light, except an open menu or pick (dark: a theme
// change through the palette would close it).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT, activeWebview, openFile, shootThemes, showOnlyView, startSandbox, launchConnected, closeAll, clickLens } from './workbench.mjs';

const DEMO = join(ROOT, 'examples', 'demo-app');

/** The editor line whose text contains `text`. */
function line(page, text) {
  return page.locator('.monaco-editor .view-line', { hasText: text }).first();
}

describe('your code', { timeout: 300_000 }, () => {
  let ui;
  let sandbox;

  before(async () => {
    sandbox = await startSandbox({ apiKey: `ui-code-${Date.now()}`, activityEndsAtMs: Date.now() });
    ui = await launchConnected(sandbox, 'Demo', { theme: 'dark', folder: DEMO });
  });
  after(() => closeAll(ui, sandbox));

  it('shows a lens with failures, and its click shows that workflow’s Activity', async () => {
    const page = ui.page;
    await openFile(page, 'notify.ts');
    // The line's lenses come whole: the title with the runs, and Trigger… beside it (an active workflow).
    const lensLine = page.locator('.codelens-decoration', { has: page.locator('a', { hasText: /^Novu · Demo: active · [1-9]\d* of the last \d+ runs failed/ }) }).first();
    const failing = lensLine.locator('a', { hasText: /^Novu · Demo: active/ });
    await failing.waitFor({ timeout: 30_000 });
    assert.equal(await lensLine.locator('a', { hasText: 'Trigger…' }).count(), 1, 'Trigger… given with the title, not after it');
    const title = await failing.textContent();
    await shootThemes(page, 'code-lenses');
    await failing.click();
    // The Activity view, filtered to the workflow the lens is about. It has the focus, so its
    // title actions take the header's room and the description is cut short (even to nothing on
    // a narrow side bar): its text is read here, and what a person sees is looked at below.
    const activity = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Activity' }) });
    const description = activity.locator('.pane-header .description', { hasText: 'workflow' });
    try {
      await description.waitFor({ state: 'attached', timeout: 15_000 });
    } catch (error) {
      // Why, in words, for a run whose screenshots nobody will see.
      const header = activity.locator('.pane-header').first();
      const state = {
        lenses: await page.locator('.codelens-decoration').allTextContents(),
        activityHeader: await header.textContent().catch(() => '(none)'),
        expanded: await header.getAttribute('aria-expanded').catch(() => '(none)'),
        toasts: await page.locator('.notification-toast').allTextContents(),
      };
      throw new Error(`${error.message}\n${JSON.stringify(state, null, 1)}`);
    }
    await activity.locator('.monaco-list-row').first().waitFor();
    // The rows follow the description once the filtered page is in.
    let labels = [];
    let said = '';
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await page.waitForTimeout(200)) {
      // The notifications' rows (the first row, while failures are loaded, leads to Failures by Cause).
      labels = (await activity.locator('.monaco-list-row .label-name').allTextContents()).filter((l) => l !== 'Failures by Cause');
      said = await description.textContent();
      if (labels.length > 0 && labels.every((l) => said.includes(`“${l}”`))) break;
    }
    assert.ok(labels.length > 0 && labels.every((l) => said.includes(`“${l}”`)), `${title}: ${said}: ${labels.join(', ')}`);
    // Back in the editor, the header's actions hide and the filter can be read in full.
    await page.keyboard.press('Control+1');
    await activity.locator('.pane-header .description', { hasText: `workflow “${labels[0]}”` }).waitFor();
    await shootThemes(page, 'code-lens-activity');
  });

  it('fixes the misspelled identifier with the quick fix', async () => {
    const page = ui.page;
    await page.keyboard.press('Escape');
    await openFile(page, 'notify.ts');
    const typo = line(page, "'welcom-onboarding'").locator('span', { hasText: 'welcom-onboarding' }).first();
    await typo.waitFor();
    // The warning is there before the fix: a squiggle under the literal.
    await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: 15_000 });
    const fix = page.locator('.action-widget .monaco-list-row', { hasText: 'Change to "welcome-onboarding"' }).first();
    // Ctrl+. in the literal opens the Quick Fix menu (asked again if the editor was not ready).
    for (let attempt = 1; ; attempt++) {
      await typo.click();
      await page.keyboard.press('Control+.');
      try {
        await fix.waitFor({ timeout: 5000 });
        break;
      } catch (error) {
        if (attempt >= 3) {
          await page.screenshot({ path: join(ROOT, 'test-results', 'screenshots', 'code-quick-fix-missing-dark.png') });
          throw error;
        }
        await page.keyboard.press('Escape');
      }
    }
    // Not screenshot(): its palette command would close the quick fix menu.
    await page.screenshot({ path: join(ROOT, 'test-results', 'screenshots', 'code-quick-fix-dark.png') });
    // The first fix is the focused one: Enter applies it, as a person would.
    assert.match(await fix.getAttribute('class'), /focused/);
    await page.keyboard.press('Enter');
    await line(page, "workflowId: 'welcome-onboarding', to: subscriberId, payload: {} }").waitFor();
    // Undo: the demo app stays as it is on disk.
    await page.keyboard.press('Control+Z');
    await line(page, "'welcom-onboarding'").waitFor();
  });

  it('follows a framework workflow triggered from another file: its lens and Trigger…', async () => {
    const page = ui.page;
    await page.keyboard.press('Escape');
    // billing.ts triggers invoicePaid and onboardingDigest, imported from workflows.ts.
    await openFile(page, 'billing.ts');
    const paid = page.locator('.codelens-decoration', { has: page.locator('a', { hasText: /^Novu · Demo: active/ }) }).first();
    await paid.waitFor({ timeout: 30_000 });
    assert.equal(await paid.locator('a', { hasText: 'Trigger…' }).count(), 1, 'Trigger… beside it');
    // Not synced: the lens is the product's own Sync Workflows… (a link), with Preview beside it (issue 37).
    const unsynced = page.locator('.codelens-decoration', { has: page.locator('a', { hasText: /^Novu · Demo: not synced · .*Sync Workflows…$/ }) }).first();
    await unsynced.waitFor();
    assert.equal(await unsynced.locator('a', { hasText: 'Preview' }).count(), 1, 'Preview beside it');
    assert.doesNotMatch(await unsynced.textContent(), /npx|novu sync/);
    await shootThemes(page, 'code-cross-file');
  });

  it('lists the workflows with status, origin and tags, and a workflow’s steps with the service’s issues', async () => {
    const page = ui.page;
    await page.keyboard.press('Escape');
    // The other views collapse so that the Workflows view has the room.
    await showOnlyView(page, 'Workflows');
    const pane = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Workflows' }) });
    const trial = pane.locator('.monaco-list-row', { hasText: 'Trial ending' }).first();
    await trial.waitFor({ timeout: 15_000 });
    assert.match(await trial.textContent(), /trial-ending · active, with errors · dashboard · lifecycle/);
    assert.match(await pane.locator('.monaco-list-row', { hasText: 'Invoice paid' }).first().textContent(), /invoice-paid · code · billing, code/);
    await trial.click();
    await pane.locator('.monaco-list-row', { hasText: 'Subject is required' }).first().waitFor({ timeout: 15_000 });
    await shootThemes(page, 'workflows-view');
  });

  it('triggers a code workflow with a payload checked against its schema', async () => {
    const page = ui.page;
    await openFile(page, 'workflows.ts');
    await clickLens(page, 'Trigger…');
    // To whom: looked up by name on the service (the view holds a page of them).
    const input = page.locator('.quick-input-widget input.input');
    await page.locator('.quick-input-widget', { hasText: 'to whom?' }).waitFor();
    await input.fill('Alice Sand');
    const search = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'Search Demo by name' });
    await search.waitFor();
    await page.mouse.move(1, 1);
    await page.screenshot({ path: join(ROOT, 'test-results', 'screenshots', 'code-trigger-to-whom-dark.png') });
    await search.click();
    await page.locator('.tab.active', { hasText: 'invoice-paid-to-sbx-alice' }).waitFor({ timeout: 15_000 });
    await line(page, '"invoiceNumber": ""').waitFor();
    // Send as filled: refused at the key, nothing sent.
    await page.locator('.codelens-decoration a', { hasText: 'Send to Demo' }).first().click();
    await page.locator('.notification-toast', { hasText: 'Not sent: payload.invoiceNumber' }).first().waitFor({ timeout: 10_000 });
    await page.locator('.monaco-editor .squiggly-error').first().waitFor();
    assert.equal(sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/v1/events/trigger').length, 0);
    // Raw: the toast that says why is part of the picture.
    await shootThemes(page, 'code-trigger-refused', { raw: true });
    // Type the invoice number between the quotes, then send: asked first, then the new run opens.
    await line(page, '"invoiceNumber": ""').click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('INV-2026-7');
    await line(page, '"invoiceNumber": "INV-2026-7"').waitFor();
    await page.locator('.codelens-decoration a', { hasText: 'Send to Demo' }).first().click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 10_000 });
    assert.match(await dialog.textContent(), /Send invoice-paid to sbx-alice/);
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const panel = activeWebview(page);
    await panel.locator('text=Invoice paid').first().waitFor({ timeout: 30_000 });
    const sent = sandbox.requests.filter((r) => r.method === 'POST' && r.path === '/v1/events/trigger');
    assert.equal(sent.length, 1);
    assert.equal(sent[0].body.payload.invoiceNumber, 'INV-2026-7');
    await shootThemes(page, 'code-trigger-sent');
  });
});
