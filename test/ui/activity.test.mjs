// Issue 12's UI test: a person follows the Activity view live, sees a new failed notification
// arrive at the top (its subscriber's name full of markup shown as typed, the badge counting it),
// expands it to the failed job's reason, opens it and sees the failure in the panel. The walk runs
// once, in dark; each state is shot in dark and light.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, activeWebview, shootThemes, setViewExpanded, startSandbox, treeRows, launchConnected, closeAll } from './workbench.mjs';

const require = createRequire(import.meta.url);
const { SANDBOX_FIXTURES: F } = require(join(ROOT, 'dist', 'sandboxServer.js'));
const NAME = `${F.markupFirstName} ${F.markupLastName}`;

describe('activity view', { timeout: 240_000 }, () => {
  let ui;
  let sandbox;
  const header = () => ui.page.locator('.pane-header', { hasText: 'Activity' });
  // The notifications' rows: the first row, while failures are loaded, leads to Failures by Cause.
  const notificationRows = () => treeRows(ui.page, 'Activity').filter({ hasNotText: 'Failures by Cause' });

  before(async () => {
    sandbox = await startSandbox({ apiKey: `ui-activity-${Date.now()}`, activityEndsAtMs: Date.now() });
    ui = await launchConnected(sandbox, 'Feed dark', { theme: 'dark', settings: { 'novuExplorer.activity.followIntervalSeconds': 1 } });
    // Give the Activity view the room: fold the other two views.
    for (const title of ['Subscribers', 'Integrations']) await setViewExpanded(ui.page, title, false);
    await setViewExpanded(ui.page, 'Activity', true);
    await treeRows(ui.page, 'Activity').first().waitFor({ timeout: 30_000 });
  });
  after(() => closeAll(ui, sandbox));

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
    await description.filter({ hasText: /^Feed dark · live$/ }).waitFor({ timeout: 15_000 });
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
