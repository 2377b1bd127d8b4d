/* global document, HTMLInputElement -- evaluated inside the webview by Playwright */
// Issue 6's UI test: a person opens a subscriber's preferences, toggles a channel and edits a
// schedule range inside the webview, and the service's stored preferences change accordingly. The walk
// runs once, in dark; each state is axe-clean and shot in dark, light and high contrast.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, activeWebview, shootThemes, startSandbox, findSubscriberRow, launchConnected, closeAll } from './workbench.mjs';

const require = createRequire(import.meta.url);
const { SANDBOX_FIXTURES: F } = require(join(ROOT, 'dist', 'sandboxServer.js'));

const THEMES = ['dark', 'light', 'hc'];

describe('preferences panel', { timeout: 240_000 }, () => {
  let ui;
  let sandbox;

  before(async () => {
    sandbox = await startSandbox({ apiKey: `ui-prefs-${Date.now()}` });
    ui = await launchConnected(sandbox, 'Prefs dark', { theme: 'dark' });
  });
  after(() => closeAll(ui, sandbox));

  it('opens Edit Preferences from a subscriber row', async () => {
    const row = await findSubscriberRow(ui.page, F.preferencesSubscriberId);
    // The header's hover ("Clear Subscriber Search", the button now where Search was) outlives
    // the click and can cover the row (a CI run): let it go before hovering the row.
    await ui.page.mouse.move(1, 1);
    await ui.page.locator('.context-view .hover-contents').first().waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
    await row.hover();
    await row.getByRole('button', { name: 'Edit Preferences…' }).click();
    const view = activeWebview(ui.page);
    await view.locator('section.nx-workflow').first().waitFor({ timeout: 30_000 });
    assert.ok((await view.locator('section.nx-workflow').count()) >= 3);
    // The schedule says which time zone its hours are in: the subscriber's own.
    const zone = view.locator('.nx-schedule-zone');
    await zone.scrollIntoViewIfNeeded();
    assert.equal(await zone.innerText(), 'Hours are in the subscriber’s time zone, Europe/London.');
    await shootThemes(ui.page, 'preferences-timezone', { axe: 'preferences loaded', themes: THEMES });
  });

  it('toggles a global channel and the service stores it', async () => {
    const view = activeWebview(ui.page);
    const email = view.locator('input.nx-switch[data-channel="email"]:not([data-workflow-id])');
    const before = await email.isChecked();
    await email.click({ force: true });
    const deadline = Date.now() + 10_000;
    while (sandbox.state.preferencesOf(F.preferencesSubscriberId).global.channels.email === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(sandbox.state.preferencesOf(F.preferencesSubscriberId).global.channels.email, !before);
    await view.locator('input.nx-switch[data-channel="email"]:not([data-workflow-id])[aria-busy="true"]').waitFor({ state: 'detached' }).catch(() => undefined);
    assert.equal(await email.isChecked(), !before);
    // Said to screen readers, not shown: the change was saved, with its new value.
    await view.locator('.nx-sr-only[role="status"]', { hasText: `Saved: Email ${before ? 'off' : 'on'} globally.` }).waitFor({ state: 'attached', timeout: 10_000 });
    await shootThemes(ui.page, 'preferences-saved', { axe: 'preferences saved', themes: THEMES });
  });

  it('is accessible while a change is saving, and with the workflows filtered', async () => {
    const view = activeWebview(ui.page);
    // A slow service keeps the change in flight long enough to measure it, in each theme.
    sandbox.setFaults({ latencyMs: 25_000 });
    const sms = view.locator('input.nx-switch[data-channel="sms"]:not([data-workflow-id])');
    await sms.click({ force: true });
    await view.locator('input.nx-switch[data-channel="sms"]:not([data-workflow-id])[aria-busy="true"]').waitFor({ timeout: 5_000 });
    await shootThemes(ui.page, 'preferences-saving', { axe: 'preferences saving', themes: THEMES });
    assert.equal(await view.locator('input.nx-switch[data-channel="sms"]:not([data-workflow-id])[aria-busy="true"]').count(), 1, 'still saving when every theme was checked');
    sandbox.setFaults({});
    await view.locator('input.nx-switch[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 40_000 });

    const filter = view.locator('input.nx-filter');
    const cards = view.locator('section.nx-workflow:visible');
    const all = await cards.count();
    const first = (await view.locator('section.nx-workflow .nx-workflow-name').first().innerText()).trim();
    await filter.fill(first);
    await ui.page.waitForTimeout(300);
    assert.ok((await cards.count()) < all, `filtering by "${first}" hides other workflows`);
    await shootThemes(ui.page, 'preferences-filtered', { axe: 'preferences, workflows filtered', themes: THEMES });
    await filter.fill('no workflow is called this');
    await ui.page.waitForTimeout(300);
    assert.equal(await cards.count(), 0);
    await shootThemes(ui.page, 'preferences-filtered-none', { axe: 'preferences, no workflow matches', themes: THEMES });
    await filter.fill('');
  });

  it('works by keyboard alone: Tab reaches a workflow card, Space toggles its switch, each named by channel and workflow', async () => {
    const view = activeWebview(ui.page);
    await view.locator('h1').first().click();
    const focusedName = () => view.locator('body').evaluate(() => {
      const el = document.activeElement;
      return el instanceof HTMLInputElement && el.getAttribute('role') === 'switch' && el.dataset.workflowId ? el.getAttribute('aria-label') : null;
    });
    let name = null;
    for (let i = 0; i < 80 && !name; i++) {
      await ui.page.keyboard.press('Tab');
      name = await focusedName();
    }
    assert.ok(name, 'Tab reaches a workflow switch');
    assert.match(name, /^\S.* for .+/, `the switch names its channel and workflow: ${name}`);
    const focused = view.locator('input[role="switch"]:focus');
    const workflowId = await focused.getAttribute('data-workflow-id');
    const channel = await focused.getAttribute('data-channel');
    const stored = () => sandbox.state.preferencesOf(F.preferencesSubscriberId).workflows.find((w) => w.workflow.identifier === workflowId)?.channels[channel];
    const before = stored();
    await ui.page.keyboard.press('Space');
    const deadline = Date.now() + 10_000;
    while (stored() === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(stored(), !before, 'the service stored the change made with Space');
    assert.ok(await view.getByRole('textbox', { name: 'Monday range 1 end' }).count(), 'time fields name their day, range and edge');
  });

  it('edits a schedule range: a bad time is flagged at the field, a good one is saved', async () => {
    const view = activeWebview(ui.page);
    const end = view.locator('input.nx-time-field[data-day="monday"][data-index="0"][data-edge="end"]');
    await end.waitFor();
    await end.fill('13:00 PM');
    await end.blur();
    await view.locator('.nx-field-error', { hasText: /05:00 PM|form/ }).first().waitFor();
    assert.equal(await view.locator('button.nx-save-schedule').isDisabled(), true);
    await shootThemes(ui.page, 'preferences-error', { axe: 'preferences, a schedule error', themes: THEMES });
    await end.fill('04:30 PM');
    await end.blur();
    await view.locator('button.nx-save-schedule:not([disabled])').click();
    const deadline = Date.now() + 10_000;
    const stored = () => sandbox.state.preferencesOf(F.preferencesSubscriberId).global.schedule?.weeklySchedule?.monday?.hours?.[0]?.end;
    while (stored() !== '04:30 PM' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(stored(), '04:30 PM');
    await shootThemes(ui.page, 'preferences', { themes: THEMES });
  });
});
