// Issue 24's UI test: a person asks why Ada got no welcome email (Diagnose Delivery… from the
// palette: her ID, the workflow, the channel), reads the verdict and its proof, turns her email on
// from the diagnosis (asked first, in VS Code's modal dialog), sends the notification again through
// the review, and watches the verdict turn ✓ when the new run's email is sent. The walk runs once,
// in dark; each state is axe-clean and shot in dark, light and high contrast.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, activeWebview, answerInput, pickItem, runCommand, shootThemes, startSandbox, launchConnected, closeAll, clickLens } from './workbench.mjs';

const require = createRequire(import.meta.url);
const { DIAGNOSIS_CASES: C } = require(join(ROOT, 'dist', 'sandboxServer.js'));

/** The diagnosis panel's document, wherever its group is (the new run's panel opens beside it). */
/** Diagnose Delivery… from the palette, answered as a person would: the subscriber's ID, the workflow, the channel. */
async function diagnose(page, subscriberId, workflow, channel) {
  await runCommand(page, 'Novu: Diagnose Delivery…');
  await answerInput(page, subscriberId);
  await pickItem(page, workflow);
  await pickItem(page, channel);
}

async function diagnosisFrame(page, show, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let nextShow = 0;
  for (;;) {
    // Shows its tab again every few seconds: a click while the new run's panel opens can be lost.
    if (Date.now() >= nextShow) {
      await show().catch(() => undefined);
      nextShow = Date.now() + 5000;
    }
    for (const frame of page.frames()) {
      if ((await frame.locator('.nx-diagnosis').count().catch(() => 0)) > 0) return frame;
    }
    if (Date.now() > deadline) {
      await page.screenshot({ path: join(ROOT, 'test-results', 'screenshots', 'diagnosis-missing.png') });
      throw new Error('no diagnosis panel (test-results/screenshots/diagnosis-missing.png)');
    }
    await page.waitForTimeout(100);
  }
}

const THEMES = ['dark', 'light', 'hc'];

describe("why didn't they get it?", { timeout: 300_000 }, () => {
  let ui;
  let sandbox;

  before(async () => {
    sandbox = await startSandbox({ apiKey: `ui-diagnosis-${Date.now()}`, activityEndsAtMs: Date.now(), diagnosisCases: true });
    ui = await launchConnected(sandbox, 'Diagnosis', { theme: 'dark' });
  });
  after(() => closeAll(ui, sandbox));

  it('finds the cause with its proof, fixes it from the panel, sends again and sees ✓', async () => {
    const page = ui.page;
    // Let the case's run settle (the sandbox runs it at start, a step every 400 ms).
    await page.waitForTimeout(3000);
    await diagnose(page, C.workflowPreferenceOff, 'Welcome onboarding', 'Email');
    const view = activeWebview(page);
    const verdict = view.locator('.nx-verdict');
    await verdict.locator('.nx-verdict-text').waitFor({ timeout: 30_000 });
    await view.locator('.nx-verdict.nx-verdict-broken').waitFor({ timeout: 30_000 });
    const said = await verdict.locator('.nx-verdict-text').innerText();
    assert.match(said, /^Email to Ada: Skipped: Ada turned email off for Welcome onboarding\. Proof: the latest run/);
    assert.match(await verdict.innerText(), /proven by the latest run/);
    // Every link of the chain is there, each with its state in words.
    const links = await view.locator('li.nx-chain-link').evaluateAll((els) => els.map((el) => `${el.getAttribute('data-link')}:${el.getAttribute('data-state')}`));
    assert.deepEqual(links.map((l) => l.split(':')[0]), ['connection', 'subscriber', 'workflow', 'runs', 'addresses', 'preferences', 'integrations']);
    assert.ok(links.includes('preferences:broken'), links.join());
    await shootThemes(page, 'diagnosis-cause', { axe: 'diagnosis, the cause', themes: THEMES });

    // The fix, asked first in a modal dialog.
    await verdict.getByRole('button', { name: 'Turn Email On' }).click();
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 15_000 });
    assert.match(await dialog.innerText(), /Turn Email on for subscriber diag-ada in workflow welcome-onboarding\?/);
    await dialog.locator('a.monaco-button', { hasText: /^Turn On$/ }).click();
    await view.locator('li.nx-chain-link[data-link="preferences"][data-state="ok"]').waitFor({ timeout: 30_000 });
    await view.locator('.nx-verdict.nx-verdict-warning').waitFor({ timeout: 30_000 });
    assert.match(await verdict.locator('.nx-verdict-text').innerText(), /send it again to deliver it/);
    await shootThemes(page, 'diagnosis-fixed', { themes: THEMES });

    // Send Again: the review opens; Send confirms; the panel follows the new run until its email is sent.
    await verdict.getByRole('button', { name: 'Send Again…' }).click();
    const editor = page.locator('.editor-instance .monaco-editor', { has: page.locator('.codelens-decoration') }).first();
    await clickLens(editor, 'Send to Diagnosis');
    await dialog.waitFor({ timeout: 15_000 });
    await dialog.locator('a.monaco-button', { hasText: /^Send$/ }).click();
    // Back to the diagnosis: it turns ✓ once the new run's email is sent.
    // Its tab may be scrolled out of a narrow group: pick it from the open editors, as a person would.
    const panel = await diagnosisFrame(page, async () => {
      await page.keyboard.press('Escape');
      await runCommand(page, 'View: Show All Editors By Appearance');
      await page.locator('.quick-input-widget input.input').fill('Why didn');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Why didn’t diag-ada get it?' }).first().waitFor({ timeout: 5000 });
      await page.keyboard.press('Enter');
    });
    await panel.locator('.nx-verdict.nx-verdict-ok').waitFor({ timeout: 60_000 });
    const done = await panel.locator('.nx-verdict-text').innerText();
    assert.match(done, /^Email to Ada was sent through .+ Sent is not delivered/);
    await shootThemes(page, 'diagnosis-sent', { axe: 'diagnosis, sent', themes: THEMES });
    assert.match(done, /The provider answered: id msg_\w{8} · status accepted\./);
  });

  it('says chat goes through the subscriber’s own provider, and a mistyped ID leads its verdict', async () => {
    const page = ui.page;
    await runCommand(page, 'View: Close All Editors');
    await diagnose(page, C.chatProviderInactive, 'Comment mention', 'Chat');
    const view = activeWebview(page);
    await view.locator('li.nx-chain-link[data-link="integrations"][data-state="broken"]').waitFor({ timeout: 30_000 });
    const integrations = await view.locator('li.nx-chain-link[data-link="integrations"]').innerText();
    assert.match(integrations, /Chat of Dorothy goes through Microsoft Teams only, and Diagnosis has no active Microsoft Teams integration/);
    await view.locator('.nx-verdict.nx-verdict-broken').waitFor({ timeout: 30_000 });
    await shootThemes(page, 'diagnosis-chat-provider', { axe: 'diagnosis, a provider not active here', themes: THEMES });

    await runCommand(page, 'View: Close All Editors');
    await diagnose(page, C.mistypedId, 'Welcome onboarding', 'Email');
    const typo = activeWebview(page);
    const verdict = typo.locator('.nx-verdict');
    await verdict.getByRole('button', { name: `Send Again to ${C.workflowPreferenceOff}…` }).waitFor({ timeout: 30_000 });
    assert.match(await verdict.locator('.nx-verdict-text').innerText(), new RegExp(`^"${C.mistypedId}" was created by this trigger .*did you mean "${C.workflowPreferenceOff}"\\?`));
    await shootThemes(page, 'diagnosis-typo', { axe: 'diagnosis, a mistyped ID', themes: THEMES });
  });
});
