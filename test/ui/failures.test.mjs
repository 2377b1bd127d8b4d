// Issue 38's UI test: woken by "nobody got their password reset email", a person opens Failures by
// Cause from the Activity view's title, sees the incident's three causes with their counts and
// charts (the largest first), opens the largest's runs, opens one, and diagnoses one (the diagnosis
// panel says why, with its fix). axe-clean, screenshots in dark and light.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { activeWebview, assertNoViolations, axeWebview, closeAll, launchConnected, runCommand, screenshot, showOnlyView, startSandbox } from './workbench.mjs';

for (const theme of ['dark', 'light']) {
  describe(`failures by cause (${theme})`, { timeout: 300_000 }, () => {
    let ui;
    let sandbox;

    before(async () => {
      sandbox = await startSandbox({ apiKey: `ui-failures-${theme}-${Date.now()}`, activityEndsAtMs: Date.now(), incident: true });
      ui = await launchConnected(sandbox, 'Incident', { theme });
    });
    after(() => closeAll(ui, sandbox));

    it('shows the causes of the outage with their counts and charts, opens a run and diagnoses one', async () => {
      const page = ui.page;
      // From the Activity view's title, as a person would.
      const header = await showOnlyView(page, 'Activity');
      await header.hover();
      await header.locator('.action-label[aria-label="Failures by Cause"]').click();
      const view = activeWebview(page);
      await view.locator('.nx-read', { hasText: 'Read in full' }).waitFor({ timeout: 60_000 });
      const groups = view.locator('li.nx-group');
      const titles = await groups.locator('.nx-group-title').allInnerTexts();
      assert.ok(titles.length >= 3, titles.join(' | '));
      assert.match(titles[0], /^Email · SendGrid · the provider refused the message\s+140 runs$/);
      assert.match(titles[1], /^SMS · Twilio · the provider refused the message\s+95 runs$/);
      assert.match(titles[2], /^Push · Firebase Cloud Messaging · no active push integration\s+65 runs$/);
      const largest = groups.first();
      assert.match(await largest.locator('.nx-group-message').innerText(), /The from address does not match a verified Sender Identity/);
      // The chart is drawn, and read out as a table.
      assert.ok((await largest.locator('svg.nx-chart rect.nx-chart-bar').count()) > 3);
      assert.ok((await largest.locator('table.nx-sr-only tbody tr').count()) > 3);
      assertNoViolations(await axeWebview(page, `failures, the causes (${theme})`), 'the causes');
      await screenshot(page, `failures-causes-${theme}`);

      // The largest group's runs, and one of them opened in the notification panel.
      await largest.locator('summary', { hasText: 'Runs (140)' }).click();
      const run = largest.locator('.nx-runs button.nx-run-link').first();
      await run.waitFor();
      assertNoViolations(await axeWebview(page, `failures, the runs of a cause (${theme})`), 'the runs');
      await screenshot(page, `failures-runs-${theme}`);
      const runId = await run.getAttribute('data-run');
      await run.click();
      // The run's panel (its tab takes the workflow's name once loaded) shows the run's id.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const shown = await Promise.all(page.frames().map((f) => f.locator('body', { hasText: runId }).count().catch(() => 0)));
        if (shown.some((n) => n > 0) && (await page.locator('.tab').count()) >= 2) break;
        if (Date.now() > deadline) {
          await screenshot(page, `failures-open-run-missing-${theme}`);
          throw new Error(`the run ${runId} did not open`);
        }
        await page.waitForTimeout(200);
      }

      // Back to the failures (the run's panel closed), then Diagnose One: the diagnosis of a run of the cause, with its verdict.
      await runCommand(page, 'View: Close Editor');
      await page.locator('.tab.active', { hasText: 'Failures by Cause' }).waitFor({ timeout: 15_000 });
      const again = activeWebview(page);
      await again.locator('.nx-read', { hasText: 'Read in full' }).waitFor({ timeout: 60_000 });
      await again.locator('li.nx-group').first().getByRole('button', { name: 'Diagnose One' }).click();
      const diagnosis = activeWebview(page);
      await diagnosis.locator('.nx-verdict .nx-verdict-text').waitFor({ timeout: 60_000 });
      await screenshot(page, `failures-diagnose-one-${theme}`);
    });
  });
}
