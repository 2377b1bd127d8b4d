// Issue 46's UI test: a person opens the demo app, whose case files the Test Explorer shows by file,
// workflow, case and step; runs them all against the demo's real @novu/framework app: the failing
// case (on purpose) is marked at its line with its actual and expected text, and said in the Test
// Results (the diff is VS Code's, from TestMessage.diff: the integration tests hold expected and
// actual). Then the app's code
// changes what the in-app step says, a run fails the case on its snapshot with a diff, and Update
// Snapshot takes the new output. Debug on a case attaches VS Code's debugger to the app, which stops
// at a breakpoint in the step's code, and Continue ends the case. The walk runs once, in dark; each
// state is shot in dark and light. The app runs in a process of its own, as a developer's does.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, launchConnected, openFile, runCommand, shootThemes, startSandbox, closeAll, goToLine, waitOrReport } from './workbench.mjs';

const DEMO = join(ROOT, 'examples', 'demo-app');
const WORKFLOWS = join(DEMO, 'src', 'novu', 'welcome.ts');
const SNAPSHOT = join(DEMO, 'novu-tests', 'account-welcome.novu-test.snap.json');
const EDGE = join(DEMO, 'novu-tests', 'ui-edge.novu-test.json');

describe('notification tests in the Test Explorer', { timeout: 300_000 }, () => {
  let ui;
  let sandbox;
  let app;
  const original = readFileSync(WORKFLOWS, 'utf8');
  const originalSnapshot = readFileSync(SNAPSHOT, 'utf8');

  before(async () => {
    const key = `ui-tests-${Date.now()}`;
    sandbox = await startSandbox({ apiKey: key, activityEndsAtMs: Date.now() });
    const { spawnBridgeApp } = await import(join(DEMO, 'bridge', 'run.mjs'));
    app = await spawnBridgeApp({ secretKey: key, strict: true, watch: true });
    ui = await launchConnected(sandbox, 'Development', { theme: 'dark', folder: DEMO, settings: { 'novuExplorer.preview.bridgeUrl': app.url } });
  });
  after(async () => {
    // The demo's files are the repository's: back as they were, whatever happened.
    writeFileSync(WORKFLOWS, original);
    writeFileSync(SNAPSHOT, originalSnapshot);
    rmSync(EDGE, { force: true });
    await closeAll(ui, app, sandbox);
  });

  /** The Test Explorer's row whose label is `label`. */
  const row = (page, label) => page.locator('.monaco-list-row', { hasText: label }).first();

  it('shows the demo’s cases by file, workflow, case and step, and a run marks the failing one with its expected and actual text', async () => {
    const page = ui.page;
    await runCommand(page, 'View: Show Testing');
    await row(page, 'novu-tests/account-welcome.novu-test.json').waitFor({ timeout: 30_000 });
    await runCommand(page, 'Test: Run All Tests');
    // The run's summary in the view's filter bar, then the failed case.
    await openFile(page, 'account-welcome.novu-test.json');
    // The failed expectation is said after its line, as "actual != expected", with a red mark in the
    // gutter; the Test Results say it with the case (the diff itself is VS Code's, from
    // TestMessage.diff: the integration tests check that expected and actual are given).
    await page.locator('.monaco-editor .view-line', { hasText: '"workflow"' }).first().click();
    await goToLine(page, 34);
    const results = page.locator('.test-output-peek, .pane-body', { hasText: 'welcome-sms: The text does not contain 14-day trial.' }).first();
    await results.waitFor({ timeout: 60_000 });
    assert.match(await page.locator('.monaco-workbench').innerText(), /5 cases: 4 passed, 1 failed/);
    // The case file's lenses: Run and Debug over the workflow's id with the file's counts, and over
    // each case with its result.
    const lenses = page.locator('.monaco-editor .codelens-decoration');
    await lenses.filter({ hasText: 'Failed in' }).first().waitFor({ timeout: 30_000 });
    // (Their text, drawn or scrolled out of view.)
    const lensText = await lenses.evaluateAll((elements) => elements.map((e) => e.textContent ?? ''));
    assert.ok(lensText.some((t) => /Run All.*Debug All.*2 passed.*1 failed/s.test(t)), lensText.join(' / '));
    assert.ok(lensText.filter((t) => /^\s*Run\s*\|\s*Debug\s*\|\s*Passed in \d+/.test(t)).length >= 2, lensText.join(' / '));
    await shootThemes(page, 'tests-failed');
    await page.keyboard.press('Escape');
    // The failed case's result lens shows it in the Testing view.
    await lenses.locator('a', { hasText: 'Failed in' }).first().click();
    await page.locator('.monaco-list-row.selected', { hasText: 'says the trial length in the SMS' }).first().waitFor({ timeout: 15_000 });
    // The top of the file: the workflow's lens with the file's counts, and the first cases'.
    await openFile(page, 'account-welcome.novu-test.json');
    await goToLine(page, 1);
    await waitOrReport(ui, lenses.filter({ hasText: 'Run All' }).first(), 'tests-lenses-top', { timeout: 15_000 });
    await shootThemes(page, 'tests-lenses');
  });

  it('fails a case on its snapshot when the app’s code changes what a step sends, and Update Snapshot takes the new output', async () => {
    const page = ui.page;
    writeFileSync(WORKFLOWS, original.replace('workspace for ${payload.companyName} is ready.', 'team space for ${payload.companyName} is ready.'));
    // The app restarts on the change (its watcher); the run waits for it to answer.
    await new Promise((r) => setTimeout(r, 1500));
    await runCommand(page, 'Test: Run All Tests');
    await openFile(page, 'account-welcome.novu-test.json');
    await page.locator('.pane-body', { hasText: /What `welcome-in-app` sends differs from its snapshot/ }).first().waitFor({ timeout: 60_000 });
    await shootThemes(page, 'tests-snapshot');
    await page.keyboard.press('Escape');
    await runCommand(page, 'Novu: Update Snapshot');
    await page.locator('.notifications-toasts, .test-explorer', { hasText: /snapshot/i }).first().waitFor({ timeout: 30_000 }).catch(() => undefined);
    const deadline = Date.now() + 30_000;
    while (!readFileSync(SNAPSHOT, 'utf8').includes('team space for Globex') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    assert.match(readFileSync(SNAPSHOT, 'utf8'), /team space for Globex is ready\./, 'the new output is the snapshot');
  });

  it('says a payload the app refuses at its key, and a step that threw at the line of the app’s own code', async () => {
    const page = ui.page;
    writeFileSync(WORKFLOWS, original);
    // A case file that appears while the window is open: the Test Explorer finds it.
    writeFileSync(
      EDGE,
      `${JSON.stringify({ workflow: 'order-shipped', cases: [{ name: 'by pigeon', payload: { orderId: 'A-9', carrier: 'pigeon' } }, { name: 'by FedEx', payload: { orderId: 'A-10', carrier: 'fedex' } }] }, null, 2)}\n`,
    );
    await row(page, 'novu-tests/ui-edge.novu-test.json').waitFor({ timeout: 30_000 });
    await runCommand(page, 'Test: Run All Tests');
    const output = page.locator('.pane-body', { hasText: /by FedEx/ }).first();
    await page.locator('.pane-body', { hasText: /`shipped-chat` threw: No tracking link for carrier "fedex"/ }).first().waitFor({ timeout: 60_000 });
    const text = await output.innerText();
    assert.match(text, /carrier/, 'the refused key is named');
    await openFile(page, 'ui-edge.novu-test.json');
    await shootThemes(page, 'tests-edge');
  });

  it('debugs a case: Debug in the Testing view stops at a breakpoint in the app’s step, and Continue ends the case', async () => {
    const page = ui.page;
    writeFileSync(WORKFLOWS, original);
    rmSync(EDGE, { force: true });
    await new Promise((r) => setTimeout(r, 1500));
    // A breakpoint on the SMS step's body, as a person sets one: the line, then F9.
    await openFile(page, 'welcome.ts');
    const line = original.split('\n').findIndex((l) => l.includes('body: `Hi ${firstName}, welcome to')) + 1;
    await goToLine(page, line);
    await page.keyboard.press('F9');
    await waitOrReport(ui, page.locator('.monaco-editor .codicon-debug-breakpoint').first(), 'tests-debug-breakpoint', { timeout: 10_000 });
    // Debug on the case's row in the Testing view (its inline action).
    await runCommand(page, 'View: Show Testing');
    const caseRow = row(page, 'says the trial length in the SMS');
    if (!(await caseRow.isVisible())) {
      for (const parent of ['novu-tests/account-welcome.novu-test.json', 'account-welcome']) {
        const r = row(page, parent);
        if ((await r.getAttribute('aria-expanded')) === 'false') await r.click();
      }
    }
    await caseRow.hover();
    await caseRow.locator('.action-label[aria-label="Debug Test"]').click();
    // Stopped in the app's own source: the paused line, and the debug toolbar.
    await page.locator('.monaco-editor .debug-top-stack-frame-line').first().waitFor({ timeout: 60_000 });
    await page.locator('.debug-toolbar').first().waitFor({ timeout: 10_000 });
    assert.match(await page.locator('.tab.active').innerText(), /welcome\.ts/);
    await shootThemes(page, 'tests-debug');
    // Continue, from the debug toolbar (in a browser, F5 would be the page's).
    await page.locator('.debug-toolbar .action-label.codicon-debug-continue').first().click();
    // The debugger detaches when the run ends; its output says where it ran, and the case failed (on purpose).
    await page.locator('.debug-toolbar').first().waitFor({ state: 'hidden', timeout: 60_000 });
    await runCommand(page, 'Test: Show Output');
    await page.locator('.pane-body', { hasText: /Debugging: VS Code’s debugger is attached to your app \(process \d+, node server\.mjs\)/ }).first().waitFor({ timeout: 30_000 });
    await page.locator('.pane-body', { hasText: /1 case: 1 failed/ }).first().waitFor({ timeout: 30_000 });
    await runCommand(page, 'Remove All Breakpoints');
  });
});
