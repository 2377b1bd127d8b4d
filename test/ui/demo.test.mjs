// Issue 30.11's UI test: the demo's first screen, as `npm run demo` opens it, with nothing Novu
// clicked: the Novu view beside the demo app's trigger file, whose lenses (a workflow with
// failures among them) and the warning on a misspelled identifier are already there, and the
// connection in the status bar. Code awareness starts for a document that imports an SDK, not for
// a click on the Novu view. Shot in dark and light.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, launch, shootThemes } from './workbench.mjs';

const DEMO = join(ROOT, 'examples', 'demo-app');
/** The demo's own environment, read from its script so that the test opens what `npm run demo` opens. */
const DEMO_ENV = Object.fromEntries(
  [...JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.demo.matchAll(/--env=(\w+)=(\S+)/g)].map((m) => [m[1], m[2]]),
);

describe("the demo's first screen", { timeout: 240_000 }, () => {
  let ui;
  before(async () => {
    assert.equal(DEMO_ENV.NOVU_EXPLORER_DEMO_OPEN, 'src/notify.ts');
    ui = await launch({ theme: 'dark', folder: DEMO, env: DEMO_ENV });
  });
  after(async () => {
    await ui?.close();
  });

  it('shows the lenses, the warning and a failing workflow in the trigger file, the Novu view and the connection, before any click', async () => {
    const page = ui.page;
    await page.locator('.tab.active', { hasText: 'notify.ts' }).waitFor({ timeout: 60_000 });
    const failing = page.locator('.codelens-decoration a', { hasText: /^Novu · Sandbox: active · [1-9]\d* of the last \d+ runs failed/ }).first();
    await failing.waitFor({ timeout: 60_000 });
    // The misspelled `welcom-onboarding` is squiggled, and its message says what it means.
    await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: 30_000 });
    const problems = await page.locator('[id="status.problems"]').getAttribute('aria-label');
    assert.match(problems ?? '', /Warnings: [1-9]/, `the warning counted in the status bar (${problems})`);
    // The Novu view, shown by the demo: its subscribers loaded from the Sandbox.
    const subscribers = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Subscribers' }) });
    await subscribers.locator('.monaco-list-row').first().waitFor({ timeout: 30_000 });
    await page.locator('.statusbar-item', { hasText: 'Sandbox' }).first().waitFor({ timeout: 10_000 });
    await shootThemes(page, 'demo-first-screen');
  });
});
