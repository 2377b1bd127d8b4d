// Issue 30.11's UI test: the demo's first screen, as `npm run demo` opens it, with nothing Novu
// clicked: the Novu view beside the demo app's trigger file, whose lenses (a workflow with
// failures among them) and the warning on a misspelled identifier are already there, and the
// connection in the status bar. Code awareness starts for a document that imports an SDK, not for
// a click on the Novu view. Shot in dark and light.
// Issue 51.25 and 22: the trigger file opens with the window, and the extension, which starts
// seconds later, takes no focus (a Quick Open being typed into stays open); the demo's notification
// tests are offered in a notification that leads to the Testing view.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SCREENSHOTS, launch, openNovu, runCommand, shootThemes } from './workbench.mjs';

const DEMO = join(ROOT, 'examples', 'demo-app');
/** The demo's own environment, read from its script so that the test opens what `npm run demo` opens. */
const DEMO_SCRIPT = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.demo;
const DEMO_ENV = Object.fromEntries([...DEMO_SCRIPT.matchAll(/--env=(\w+)=(\S+)/g)].map((m) => [m[1], m[2]]));
const DEMO_OPEN = DEMO_SCRIPT.match(/--open=(\S+)/)?.[1];

describe("the demo's first screen", { timeout: 240_000 }, () => {
  let ui;
  before(async () => {
    assert.equal(DEMO_OPEN, 'src/notify.ts');
    ui = await launch({ theme: 'dark', folder: DEMO, env: DEMO_ENV, openFile: join(DEMO, DEMO_OPEN) });
  });
  after(async () => {
    await ui?.close();
  });

  it('shows the lenses, the warning and a failing workflow in the trigger file, the Novu view and the connection, before any click', async () => {
    const page = ui.page;
    // The window opens with the file: it is there before the extension has started.
    await page.locator('.tab.active', { hasText: 'notify.ts' }).waitFor({ timeout: 10_000 });
    // A newcomer types into Quick Open at once; the extension starting meanwhile must not close it.
    await page.keyboard.press('Control+P');
    const quickOpen = page.locator('.quick-input-widget input.input');
    await quickOpen.waitFor({ timeout: 10_000 });
    await quickOpen.pressSequentially('accou');
    const failing = page.locator('.codelens-decoration a', { hasText: /^Novu · Sandbox: active · [1-9]\d* of the last \d+ runs failed/ }).first();
    await failing.waitFor({ timeout: 60_000 });
    const offer = page.locator('.notification-toast', { hasText: 'The demo app has notification tests' });
    await offer.waitFor({ timeout: 30_000 });
    if (!(await page.locator('.quick-input-widget').isVisible())) {
      await page.screenshot({ path: join(SCREENSHOTS, 'demo-quick-open-closed.png') });
      assert.fail('Quick Open is still open after the extension started');
    }
    assert.equal(await quickOpen.inputValue(), 'accou', 'what was typed into Quick Open is still there');
    await page.keyboard.press('Escape');
    // The misspelled `welcom-onboarding` is squiggled, and its message says what it means.
    await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: 30_000 });
    const problems = await page.locator('[id="status.problems"]').getAttribute('aria-label');
    assert.match(problems ?? '', /Warnings: [1-9]/, `the warning counted in the status bar (${problems})`);
    // The Novu view, shown by the demo: its subscribers loaded from the Sandbox.
    const subscribers = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Subscribers' }) });
    await subscribers.locator('.monaco-list-row').first().waitFor({ timeout: 30_000 });
    await page.locator('.statusbar-item', { hasText: 'Sandbox' }).first().waitFor({ timeout: 10_000 });
    // What a newcomer sees first: the offer of the demo's tests still on screen (dark: a theme change would clear it).
    await page.mouse.move(1, 1);
    await page.screenshot({ path: join(SCREENSHOTS, 'demo-first-screen-offer-dark.png') });
  });

  it('leads to the Testing view, where the demo app\'s case files are listed', async () => {
    const page = ui.page;
    // The toast, or the notification centre once the toast has timed out.
    const words = 'The demo app has notification tests';
    if (!(await page.locator('.notification-toast', { hasText: words }).isVisible())) await runCommand(page, 'Notifications: Show Notifications');
    await page.locator('.notification-list-item', { hasText: words }).first().getByRole('button', { name: 'Show the Test Explorer' }).click();
    // The Testing view, alone in its side bar (so its title is the side bar's), lists the demo's case files.
    await page.locator('.part.sidebar .title-label', { hasText: /testing/i }).waitFor({ timeout: 15_000 });
    await page.locator('.part.sidebar .monaco-list-row', { hasText: 'account-welcome.novu-test.json' }).first().waitFor({ timeout: 30_000 });
    // Back to the first screen, for its pictures in both themes.
    await openNovu(page);
    await shootThemes(page, 'demo-first-screen');
  });
});
