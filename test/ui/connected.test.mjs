/* global document, HTMLInputElement, MutationObserver -- evaluated inside the webview and the workbench by Playwright */
// The UI tests of a window connected to a Sandbox of its own (a window's start is 30 s of a paired run):
// - issue 6: a person opens a subscriber's preferences, toggles a channel and edits a schedule range
//   inside the webview, and the service's stored preferences change accordingly. The walk runs once,
//   in dark; each state is axe-clean and shot in dark, light and high contrast;
// - issue 30, point 9: a pick of several with a one-choice group (the Activity filter's Time) does
//   not echo itself. Real clicks on the real quick pick: after a tick in the group settles, an idle
//   pick changes no tick and no row; two ticks 100 ms apart leave the second one ticked, and the
//   filter request that goes out carries its range;
// - issue 23.3: a person confirming an agent's change reads the names exactly as the service holds
//   them. The agent's call is made as the editor's agent makes it (`vscode.lm.invokeTool`, from the
//   small test extension in test/ui/toolInvoker), so VS Code shows its own modal confirmation
//   dialog; the test reads its rendered text, compares it with the names, and takes a picture (in
//   dark: VS Code's modal holds the focus). Its Sandbox holds the hostile names, added as a second
//   connection, which becomes the active one.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, SCREENSHOTS, activeWebview, addConnection, answerInput, runCommand, setTheme, shootThemes, showOnlyView, startSandbox, findSubscriberRow, launchConnected, closeAll, treeRows } from './workbench.mjs';

const require = createRequire(import.meta.url);
const { SANDBOX_FIXTURES: F } = require(join(ROOT, 'dist', 'sandboxServer.js'));

const THEMES = ['dark', 'light', 'hc'];
const HOUR_MS = 60 * 60 * 1000;

// Markup, Markdown, backslashes, a URL and backticks: what appendText escaped in VS Code 1.100.
const WORKFLOW = 'Invoice <img src=x onerror="fetch(\'//e.example\')"> & <b>due</b> \\ *bold* _it_ [link](https://e.example/a_b) `code` (1)! #2 a-b';
const SUBSCRIBER_ID = 'ada\\lovelace_[1]*';
const PERSON = 'Ada <i>Lovelace</i> ![x](y) \\n';
const NOTIFICATION_ID = '6650c0ffee0000000000abcd';

/** A sandbox holding one notification of a workflow and a subscriber with those names. */
async function hostileSandbox(apiKey) {
  const probe = await startSandbox({ apiKey: 'probe' });
  const F = probe.state.workflows;
  const original = probe.state.notifications.find((n) => n.jobs?.some((j) => j.status === 'failed'));
  await probe.close();
  assert.ok(original && F.length > 0);
  const copy = JSON.parse(JSON.stringify(original));
  copy._id = NOTIFICATION_ID;
  copy.transactionId = 'txn-ui-confirm-1';
  copy.template = { ...copy.template, name: WORKFLOW };
  copy.subscriber = { ...copy.subscriber, subscriberId: SUBSCRIBER_ID, firstName: PERSON, lastName: '' };
  return startSandbox({ apiKey, extraNotifications: [copy] });
}

/** The dialog's text as a person reads it: Chromium's rendering, not the source. */
async function dialogText(page) {
  const dialog = page.locator('.monaco-dialog-box');
  await dialog.waitFor({ timeout: 15_000 });
  return { dialog, text: (await dialog.innerText()).replace(/\u00a0/g, ' ') };
}

/** A picture of the open dialog, then Cancel; the requests are cleared first, so that what follows counts only Cancel's. */
async function shootAndCancel(page, dialog, sandbox, file) {
  await page.mouse.move(1, 1);
  await page.screenshot({ path: join(SCREENSHOTS, file) });
  sandbox.clearRequests();
  await dialog.locator('a.monaco-button', { hasText: /^Cancel$/ }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('a window connected to a Sandbox', { timeout: 480_000 }, () => {
  let ui;
  let sandbox;

  before(async () => {
    // Its notifications end now: the Activity filter's "Last hour" has runs in it.
    sandbox = await startSandbox({ apiKey: `ui-connected-${Date.now()}`, activityEndsAtMs: Date.now() });
    // The small test extension that calls a language model tool as the editor's agent does (issue 23.3).
    ui = await launchConnected(sandbox, 'Prefs dark', { theme: 'dark', extraExtensions: [join(ROOT, 'test', 'ui', 'toolInvoker')] });
  });
  after(() => closeAll(ui, sandbox));

  describe('preferences panel', () => {

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

  describe('a pick of several with a one-choice group', () => {
    const input = () => ui.page.locator('.quick-input-widget input.input');
    const rows = () => ui.page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    const row = (label) => rows().filter({ has: ui.page.locator('.label-name', { hasText: new RegExp(`^\\s*${label}$`) }) }).first();
    const TIME = ['Last hour', 'Last 24 hours', 'Last 7 days'];

    /** The Time rows ticked now, as the list shows them. */
    async function tickedTimes() {
      const ticked = [];
      for (const label of TIME) if ((await row(label).getAttribute('aria-checked')) === 'true') ticked.push(label);
      return ticked;
    }

    /** Waits until the Time rows show the same ticks for `stableMs`; returns them. */
    async function settledTimes(stableMs = 500, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      let last = (await tickedTimes()).join();
      let since = Date.now();
      while (Date.now() < deadline) {
        await ui.page.waitForTimeout(50);
        const now = (await tickedTimes()).join();
        if (now !== last) {
          last = now;
          since = Date.now();
        } else if (Date.now() - since >= stableMs) return last.split(',').filter(Boolean);
      }
      throw new Error(`the Time rows never settled (last: ${last})`);
    }

    /**
     * What changes in the pick's list while nobody touches it for `ms`: ticks (`aria-checked` of a
     * row) and rows (re-rendered), counted by a MutationObserver in the page.
     */
    async function changesWhileIdle(ms = 1000) {
      await ui.page.mouse.move(1, 1);
      return ui.page.evaluate(async (wait) => {
        const list = document.querySelector('.quick-input-widget .quick-input-list');
        const counts = { ticks: 0, rows: 0 };
        const observer = new MutationObserver((records) => {
          for (const r of records) {
            if (r.type === 'attributes' && r.attributeName === 'aria-checked') counts.ticks++;
            else if (r.type === 'childList') counts.rows++;
          }
        });
        observer.observe(list, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-checked'] });
        await new Promise((resolve) => setTimeout(resolve, wait));
        observer.disconnect();
        return counts;
      }, ms);
    }

    before(async () => {
      await runCommand(ui.page, 'View: Close All Editor Groups');
      const header = await showOnlyView(ui.page, 'Activity');
      await treeRows(ui.page, 'Activity').first().waitFor({ timeout: 30_000 });
      await header.hover();
      await header.getByRole('button', { name: 'Filter Activity…' }).click();
      await input().waitFor({ state: 'visible' });
      await row('Last hour').waitFor();
    });

    it('changes no tick on an idle pick once a tick in the Time group has settled', async () => {
      await row('Last hour').locator('.monaco-checkbox').click();
      assert.deepEqual(await settledTimes(), ['Last hour']);
      const idle = await changesWhileIdle();
      assert.deepEqual(idle, { ticks: 0, rows: 0 }, `an idle pick changed ${idle.ticks} ticks and re-rendered rows ${idle.rows} times in 1 s`);

      // Another row of the group replaces it, once.
      await row('Last 24 hours').locator('.monaco-checkbox').click();
      assert.deepEqual(await settledTimes(), ['Last 24 hours']);
      assert.deepEqual(await changesWhileIdle(), { ticks: 0, rows: 0 });

      // Typing lists new rows (VS Code reports that as ticks too): the choice stays, the pick goes idle.
      await input().fill('sbx-alice');
      await rows().filter({ hasText: 'Subscriber ID “sbx-alice”' }).first().waitFor();
      assert.deepEqual(await changesWhileIdle(), { ticks: 0, rows: 0 });
      await input().fill('');
      await row('Last hour').waitFor();
      assert.deepEqual(await settledTimes(), ['Last 24 hours']);
      assert.deepEqual(await changesWhileIdle(), { ticks: 0, rows: 0 });
    });

    it('keeps the second of two ticks 100 ms apart, and the filter request carries its range', async () => {
      const started = Date.now();
      await row('Last 7 days').locator('.monaco-checkbox').click();
      await ui.page.waitForTimeout(Math.max(0, 100 - (Date.now() - started)));
      await row('Last hour').locator('.monaco-checkbox').click();
      assert.deepEqual(await settledTimes(), ['Last hour'], 'the last tick wins');
      assert.deepEqual(await changesWhileIdle(), { ticks: 0, rows: 0 });

      sandbox.clearRequests();
      await input().focus();
      await ui.page.keyboard.press('Enter');
      await input().waitFor({ state: 'hidden' });
      const lists = () => sandbox.requests.filter((r) => r.method === 'GET' && r.path === '/v1/notifications');
      for (const deadline = Date.now() + 15_000; lists().length === 0 && Date.now() < deadline; ) await ui.page.waitForTimeout(50);
      assert.ok(lists().length > 0, 'the filtered list is asked for');
      const after = Date.parse(String(lists()[0].query.after));
      const sent = lists()[0].query;
      assert.ok(Math.abs(Date.now() - HOUR_MS - after) < 5 * 60_000, `the last hour is sent, not another range: ${JSON.stringify(sent)}`);
      await ui.page.locator('.pane-header', { hasText: 'Activity' }).locator('.description', { hasText: /last hour/ }).waitFor({ timeout: 10_000 });
    });
  });

  describe('agent confirmations read as typed', () => {
    let hostile;

    before(async () => {
      await runCommand(ui.page, 'View: Close All Editor Groups');
      await setTheme(ui.page, 'dark');
      hostile = await hostileSandbox(`ui-confirm-${Date.now()}`);
      await addConnection(ui.page, hostile, 'Confirm <b>*test*</b>');
    });
    after(() => hostile?.close());

    it('Send a Novu Notification Again: workflow, subscriber and connection names exactly as typed', async () => {
      const page = ui.page;
      await runCommand(page, 'UI Test: Invoke Language Model Tool');
      await answerInput(page, `novuExplorer_sendNotificationAgain ${JSON.stringify({ notificationId: NOTIFICATION_ID })}`);
      const { dialog, text } = await dialogText(page);
      assert.ok(text.includes(`\u201c${WORKFLOW}\u201d`), text);
      assert.ok(text.includes(`\u201c${SUBSCRIBER_ID}\u201d`), text);
      assert.ok(text.includes(`\u201c${PERSON.trim()}`), text);
      assert.ok(text.includes('\u201cConfirm <b>*test*</b>\u201d'), text);
      await shootAndCancel(page, dialog, hostile, 'agent-confirm-send-dark.png');
      assert.equal(hostile.requests.filter((r) => r.method === 'POST').length, 0, 'Cancel sends nothing');
    });

    it('Set a Novu Channel Preference: the effect with the names exactly as typed', async () => {
      const page = ui.page;
      await runCommand(page, 'UI Test: Invoke Language Model Tool');
      await answerInput(page, `novuExplorer_setChannelPreference ${JSON.stringify({ subscriberId: SUBSCRIBER_ID, channel: 'email', enabled: false, workflow: WORKFLOW })}`);
      const { dialog, text } = await dialogText(page);
      assert.ok(text.includes(`Turn off email for subscriber \u201c${SUBSCRIBER_ID}\u201d in workflow \u201c${WORKFLOW}\u201d.`), text);
      await shootAndCancel(page, dialog, hostile, 'agent-confirm-preference-dark.png');
      assert.equal(hostile.requests.filter((r) => r.method === 'PATCH').length, 0, 'Cancel changes nothing');
    });

  });
});
