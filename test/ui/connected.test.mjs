/* global document, HTMLInputElement, MutationObserver -- evaluated inside the webview and the workbench by Playwright */
// The UI tests of a window connected to a Sandbox of its own (a window's start is 30 s of a paired run):
// - issue 6: a person opens a subscriber's preferences, toggles a channel and edits a schedule range
//   inside the webview, and the service's stored preferences change accordingly. The walk runs once,
//   in dark; each state is axe-clean and shot in dark, light and high contrast;
// - issue 12: a person follows the Activity view live, sees a new failed notification arrive at the
//   top (its subscriber's name full of markup shown as typed, the badge counting it), expands it to
//   the failed job's reason, opens it and sees the failure in the panel; filters; opens Failures by
//   Cause from the badge's row. Each state is shot in dark and light;
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
import { ROOT, SCREENSHOTS, activeWebview, addConnection, answerInput, runCommand, setTheme, setViewExpanded, shootThemes, showOnlyView, startSandbox, findSubscriberRow, launchConnected, closeAll, treeRows } from './workbench.mjs';

const require = createRequire(import.meta.url);
const { SANDBOX_FIXTURES: F } = require(join(ROOT, 'dist', 'sandboxServer.js'));

const THEMES = ['dark', 'light', 'hc'];
const HOUR_MS = 60 * 60 * 1000;
const NAME = `${F.markupFirstName} ${F.markupLastName}`;

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
    // Its notifications end now: the Activity filter's "Last hour" has runs in it, and a new one is on top.
    sandbox = await startSandbox({ apiKey: `ui-connected-${Date.now()}`, activityEndsAtMs: Date.now() });
    // The small test extension that calls a language model tool as the editor's agent does (issue 23.3).
    // The Activity view follows every second once asked (the activity part).
    ui = await launchConnected(sandbox, 'Connected', { theme: 'dark', settings: { 'novuExplorer.activity.followIntervalSeconds': 1 }, extraExtensions: [join(ROOT, 'test', 'ui', 'toolInvoker')] });
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

  describe('activity view', () => {
    const header = () => ui.page.locator('.pane-header', { hasText: 'Activity' });
    // The notifications' rows: the first row, while failures are loaded, leads to Failures by Cause.
    const notificationRows = () => treeRows(ui.page, 'Activity').filter({ hasNotText: 'Failures by Cause' });

    before(async () => {
      await runCommand(ui.page, 'View: Close All Editor Groups');
      await setTheme(ui.page, 'dark');
      // Give the Activity view the room: fold the other two views.
      for (const title of ['Subscribers', 'Integrations']) await setViewExpanded(ui.page, title, false);
      await setViewExpanded(ui.page, 'Activity', true);
      await treeRows(ui.page, 'Activity').first().waitFor({ timeout: 30_000 });
    });
    after(async () => {
      // The next part counts the Activity's requests: no follow left polling.
      await header().hover();
      await header().getByRole('button', { name: 'Stop Following Activity' }).click();
      await header().locator('.description', { hasText: /· live$/ }).waitFor({ state: 'detached', timeout: 10_000 });
    });

    it('follows live: a new failed notification arrives on top, counted by the badge, markup as typed', async () => {
      await header().hover();
      await header().getByRole('button', { name: 'Follow Activity Live' }).click();
      await header().locator('.description', { hasText: /· live$/ }).waitFor({ timeout: 10_000 });
      // The pointer is still on the title's button: its hover ("Stop Following Activity") would lie over the first row.
      await ui.page.mouse.move(2, 2);
      await ui.page.locator('.context-view .hover-contents', { hasText: 'Stop Following Activity' }).waitFor({ state: 'detached', timeout: 5000 }).catch(() => undefined);
      const failed = sandbox.emitNotification({ outcome: 'failed', subscriberId: F.markupSubscriberId });
      const row = notificationRows().first();
      await row.filter({ hasText: NAME }).waitFor({ timeout: 20_000 });
      assert.equal(await row.locator('.label-name').innerText(), failed.template.name);
      assert.match(await row.locator('.label-description').innerText(), /failed · .+ · just now/);
      assert.ok((await row.locator('.label-description').innerText()).includes(NAME), 'the name exactly as typed');
      assert.equal(await row.locator('.codicon-error').count(), 1, 'the failed icon');
      // The hover is built when it shows: plain text, the name as typed, local time and UTC.
      await row.locator('.label-name').hover();
      const hover = ui.page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'Notification ID' }).first();
      await hover.waitFor({ timeout: 10_000 });
      const text = await hover.innerText();
      assert.ok(text.includes(`Subscriber: ${NAME} (${F.markupSubscriberId})`), text);
      assert.match(text, /UTC: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
      assert.ok(text.includes(`Notification ID: ${failed._id}`));
      assert.equal(await hover.locator('a, img, b').count(), 0, 'no link, image or bold made from the name');
      await ui.page.mouse.move(1, 1);
      // The badge on the Novu icon, and what a screen reader hears for it.
      const novu = ui.page.getByRole('tab', { name: /^Novu/ }).first();
      await novu.locator('.badge-content', { hasText: /^1$/ }).waitFor({ timeout: 10_000 });
      assert.equal(await novu.getAttribute('aria-label'), 'Novu - 1 new failed notification');
      await shootThemes(ui.page, 'activity-follow');
    });

    it('expands the new row to its jobs and the failure reason, then opens it in the panel', async () => {
      const rows = treeRows(ui.page, 'Activity');
      const row = notificationRows().first();
      await row.locator('.monaco-tl-twistie').click();
      const job = rows.filter({ hasText: /· Failed: / }).first();
      await job.waitFor({ timeout: 10_000 });
      const reason = (await job.locator('.label-description').innerText()).replace(/^.* · Failed: /, '');
      assert.ok(reason.length > 3, `a reason: ${reason}`);
      // Looking at the row (expanding it) is looking: the badge goes.
      await ui.page.getByRole('tab', { name: /^Novu/ }).first().locator('.badge-content').waitFor({ state: 'hidden', timeout: 10_000 });
      await shootThemes(ui.page, 'activity-expanded');
      await row.locator('.label-name').click();
      const panel = activeWebview(ui.page);
      const summary = panel.locator('li.nx-job[data-status="failed"] .nx-job-summary-text').first();
      await summary.waitFor({ timeout: 30_000 });
      assert.equal(await summary.innerText(), `Failed: ${reason}`, 'the panel tells the same failure');
      await shootThemes(ui.page, 'activity-opened');
    });

    it('filters from the title: a ticked channel and a typed subscriber ID, named in the description, then cleared', async () => {
      await header().hover();
      await header().getByRole('button', { name: 'Filter Activity…' }).click();
      const input = ui.page.locator('.quick-input-widget input.input');
      await input.waitFor({ state: 'visible' });
      const rows = ui.page.locator('.quick-input-list .monaco-list-row');
      const email = rows.filter({ has: ui.page.locator('.label-name', { hasText: /^\s*Email$/ }) }).first();
      await email.locator('.monaco-checkbox').click();
      await email.and(ui.page.locator('[aria-checked="true"]')).waitFor();
      await input.fill(F.markupSubscriberId);
      await rows.filter({ hasText: `Subscriber ID “${F.markupSubscriberId}”` }).first().waitFor();
      await ui.page.keyboard.press('Enter');
      const description = header().locator('.description');
      await description.filter({ hasText: `subscriber “${F.markupSubscriberId}” · Email` }).waitFor({ timeout: 15_000 });
      const tree = treeRows(ui.page, 'Activity');
      await tree.filter({ hasNotText: 'Failures by Cause' }).first().filter({ hasText: NAME }).waitFor({ timeout: 15_000 });
      // The newest row is this subscriber's with or without the filter, and VS Code keeps the old
      // rows on screen until the filtered ones arrive: wait until only matching rows are shown.
      const onlyMatching = (texts) => texts.length > 0 && texts.every((t) => t.includes(NAME) || /^(Trigger|Email|In-app|SMS|Push|Chat|Digest) · /.test(t) || /^\d+ failed of \d+ loaded$/.test(t));
      let texts = [];
      for (const deadline = Date.now() + 15_000; Date.now() < deadline; await ui.page.waitForTimeout(100)) {
        texts = await tree.locator('.label-description').allInnerTexts();
        if (onlyMatching(texts)) break;
      }
      assert.ok(onlyMatching(texts), texts.join(' | '));
      await shootThemes(ui.page, 'activity-filtered');
      await header().hover();
      await header().getByRole('button', { name: 'Clear Activity Filter' }).click();
      await description.filter({ hasText: /^Connected · live$/ }).waitFor({ timeout: 15_000 });
    });

    it('leads from the badge to the failures: the first row says how many loaded failed and opens Failures by Cause', async () => {
      const lead = treeRows(ui.page, 'Activity').first();
      await lead.filter({ hasText: 'Failures by Cause' }).waitFor({ timeout: 15_000 });
      assert.match(await lead.locator('.label-description').innerText(), /^\d+ failed of \d+ loaded$/);
      assert.equal(await lead.locator('.codicon-graph').count(), 1);
      await shootThemes(ui.page, 'activity-failures-row');
      await lead.locator('.label-name').click();
      await ui.page.locator('.tab.active', { hasText: 'Failures by Cause' }).waitFor({ timeout: 15_000 });
      const panel = activeWebview(ui.page);
      await panel.locator('.nx-read', { hasText: 'Read in full' }).waitFor({ timeout: 60_000 });
      // The window that holds the loaded failures: one of the presets, pressed.
      assert.equal(await panel.locator('.nx-segmented [aria-pressed="true"]').count(), 1);
      assert.match(await panel.locator('.nx-segmented [aria-pressed="true"]').innerText(), /^Last (Hour|24 Hours|7 Days)$/);
      assert.ok((await panel.locator('li.nx-group').count()) > 0);
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
