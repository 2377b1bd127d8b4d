// Issue 32's UI test: a person opens the demo's workflow file, clicks Preview, sees the email its
// running @novu/framework app renders (strict signatures, the connection's key), changes the
// subject in code, saves, and sees the new subject; switches to the in-app and SMS steps. Then an
// unsanitized email whose HTML carries a <script>, a refresh and an image of a local counting
// server: the script never runs, nothing is fetched until "Load remote images" is on, and then
// only the image. The walk runs once, in dark; each state is shot in dark and light, with axe on the panel.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, SCREENSHOTS, activeWebview, answerInput, openFile, pickItem, runCommand, screenshot, shootThemes, startSandbox, launchConnected, clickLens, closeAll } from './workbench.mjs';

const DEMO = join(ROOT, 'examples', 'demo-app');
const WORKFLOWS = join(DEMO, 'src', 'novu', 'welcome.ts');
const CASES = join(DEMO, 'novu-tests', 'account-welcome.novu-test.json');


/** A server that counts what is asked of it, by path. */
async function countingServer() {
  const hits = [];
  const server = createServer((req, res) => {
    hits.push(req.url);
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex'));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { hits, port: server.address().port, close: () => new Promise((r) => server.close(r)) };
}

/**
 * An app whose in-app step returns what the framework's schema lets through (issue 37): a
 * `javascript:` avatar, a `_parent` target, an address hidden behind a right-to-left override; and a
 * step it refuses with another environment's key. Unsigned: what is shown is the point, not the key.
 */
async function hostileInboxApp() {
  const schema = { schema: { type: 'object', properties: {} } };
  const step = (stepId, type) => ({ stepId, type, controls: schema, outputs: schema, results: schema, options: {}, providers: [], code: '' });
  const workflow = { workflowId: 'hostile-inbox', name: 'Hostile inbox', tags: [], payload: schema, controls: schema, code: '', steps: [step('inbox', 'in_app'), step('refused', 'email')] };
  const inbox = {
    subject: 'New sign-in',
    body: 'Someone signed in from a new device.',
    avatar: 'javascript:alert(1)',
    primaryAction: { label: 'Review', redirect: { url: '/security', target: '_parent' } },
    redirect: { url: 'https://app.example.com\u202e/moc.live', target: '_blank' },
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://app');
    const action = url.searchParams.get('action') ?? 'health-check';
    const send = (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    req.resume();
    req.on('end', () => {
      if (action === 'health-check') return send(200, { status: 'ok', sdkVersion: '2.13.2', frameworkVersion: '2024-06-26', discovered: { workflows: 1, steps: 2 } });
      if (action === 'discover') return send(200, { workflows: [workflow], agents: [] });
      if (action === 'preview' && url.searchParams.get('stepId') === 'inbox') return send(200, { outputs: inbox, providers: {}, options: { skip: false }, metadata: { status: 'success', error: false, duration: 1 } });
      if (action === 'preview') return send(401, { message: 'Signature does not match the expected signature.', code: 'SignatureMismatchError' });
      return send(400, { message: 'Invalid action', code: 'InvalidActionError' });
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/api/novu`, close: () => new Promise((r) => { server.closeAllConnections(); server.close(r); }) };
}

describe('preview', { timeout: 360_000 }, () => {
  let ui;
  let sandbox;
  let app;
  let counter;
  let hostile;
  const original = readFileSync(WORKFLOWS, 'utf8');
  const originalCases = readFileSync(CASES, 'utf8');

  before(async () => {
    const key = `ui-preview-${Date.now()}`;
    sandbox = await startSandbox({ apiKey: key, activityEndsAtMs: Date.now() });
    const { startBridgeApp } = await import(join(DEMO, 'bridge', 'run.mjs'));
    app = await startBridgeApp({ secretKey: key, strict: true, watch: true });
    counter = await countingServer();
    hostile = await hostileInboxApp();
    // The payload is typed whole into its editor: no brackets or quotes closed for it.
    ui = await launchConnected(sandbox, 'Development', { theme: 'dark', folder: DEMO, settings: { 'novuExplorer.preview.bridgeUrl': app.url, 'editor.autoClosingBrackets': 'never', 'editor.autoClosingQuotes': 'never', 'editor.autoSurround': 'never', 'editor.formatOnType': false } });
  });
  after(async () => {
    // The workflow file is the repository's: back as it was, whatever happened.
    writeFileSync(WORKFLOWS, original);
    writeFileSync(CASES, originalCases);
    await closeAll(ui, app, sandbox, counter, hostile);
  });

  it('previews the email of a step from its lens, and shows a new subject after a save', async () => {
    const page = ui.page;
    await openFile(page, 'welcome.ts');
    await clickLens(page, 'Preview', 60_000);
    const webview = activeWebview(page);
    const subject = webview.locator('.nx-subject');
    await subject.waitFor({ timeout: 30_000 });
    assert.match(await subject.textContent(), /^Welcome to /);
    assert.match(await webview.locator('[data-renderer]').textContent(), /Rendered by your app at 127\.0\.0\.1:\d+( \(framework 2\.13\.\d+\))?, signed with Development's key/);
    await webview.frameLocator('iframe.nx-email-frame').locator('h1').waitFor({ timeout: 10_000 });
    // The email is shown before its checks (issue 51, E2): the strip says checking… until they come.
    await webview.locator('[data-checks]:not([data-checking]) [data-checks-heading]', { hasText: /^Checks: / }).waitFor({ timeout: 10_000 });
    await shootThemes(page, 'preview-email');

    // The subject's Liquid default, changed in the code and saved: the app restarts, the panel renders again.
    await page.locator('.monaco-editor .view-line', { hasText: "default: 'Welcome to {{payload.companyName}}" }).first().click();
    await page.keyboard.press('Control+H');
    const find = page.locator('.find-widget textarea, .find-widget input').first();
    await find.waitFor({ state: 'visible' });
    await page.keyboard.insertText("'Welcome to {{payload");
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText("'Greetings from {{payload");
    await page.keyboard.press('Control+Alt+Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+S');
    await webview.locator('.nx-subject', { hasText: /^Greetings from / }).waitFor({ timeout: 30_000 });
    // Undone and saved in the editor, as a person would: the app restarts and the panel renders
    // again, dimmed meanwhile. The next test reads colours, so this one ends once that render is on
    // screen (a CI run's axe once met a dimmed render in the light theme, the app restarting on
    // the file written back behind the editor's back).
    await page.keyboard.press('Control+Z');
    await page.keyboard.press('Control+S');
    await webview.locator('.nx-subject', { hasText: /^Welcome to / }).waitFor({ timeout: 30_000 });
    await webview.locator('.nx-render:not(.nx-dim)').waitFor({ timeout: 30_000 });
    assert.equal(readFileSync(WORKFLOWS, 'utf8'), original, 'the workflow file is back as it was');
  });

  it('switches to the in-app and SMS steps', async () => {
    const page = ui.page;
    const webview = activeWebview(page);
    await webview.locator('[role=tab][data-step="welcome-in-app"]').click();
    await webview.locator('.nx-inbox-item .nx-fake-button', { hasText: 'Open dashboard' }).waitFor({ timeout: 20_000 });
    assert.equal(await webview.locator('.nx-inbox-button [data-href="/settings/team"]').count(), 1, 'the secondary button’s target is shown as text');
    await webview.locator('.nx-render:not(.nx-dim)').waitFor({ timeout: 30_000 });
    await shootThemes(page, 'preview-inapp', { axe: 'preview, in-app' });
    await webview.locator('[role=tab][data-step="welcome-sms"]').click();
    await webview.locator('.nx-sms .nx-bubble').waitFor({ timeout: 20_000 });
    assert.match(await webview.locator('.nx-sms').textContent(), /characters · GSM-7 · 1 segment/);
    await shootThemes(page, 'preview-sms');
  });

  it('saves what it shows as a test case: the name asked, the case at the end of the workflow’s case file, shown (issue 46, §2)', async () => {
    const page = ui.page;
    const webview = activeWebview(page);
    await webview.getByRole('button', { name: 'Save as Test Case…' }).click();
    await answerInput(page, 'says the trial length in the SMS', { expect: 'Save as Test Case of account-welcome' });
    // A name the file already has is said at the field, and what was typed stays.
    await page.locator('.quick-input-widget', { hasText: 'already has a case named' }).waitFor();
    await page.locator('.quick-input-widget input.input').fill('as previewed');
    await page.keyboard.press('Enter');
    await page.locator('.tab.active', { hasText: 'account-welcome.novu-test.json' }).waitFor({ timeout: 15_000 });
    const saved = readFileSync(CASES, 'utf8');
    assert.ok(saved.startsWith(originalCases.slice(0, originalCases.lastIndexOf('}\n  ]'))), 'the file’s own cases are kept as written');
    assert.match(saved, /"name": "as previewed",\n {6}"payload": \{\}/);
    await screenshot(page, 'preview-save-test-case');
    writeFileSync(CASES, originalCases);
  });

  it('never runs a script of an email, and loads its images only when asked, and nothing else', async () => {
    const page = ui.page;
    await page.keyboard.press('Escape');
    await runCommand(page, 'View: Close All Editors');
    await runCommand(page, 'Novu: Preview Workflow Step…');
    await pickItem(page, 'payment-receipt');
    await pickItem(page, 'receipt-email');
    const webview = activeWebview(page);
    await webview.locator('.nx-subject').waitFor({ timeout: 30_000 });
    const base = `http://127.0.0.1:${counter.port}`;
    const hostile =
      `<script>document.body.setAttribute('data-pwned','1');fetch('${base}/script')</script>` +
      `<img src="${base}/pixel.png" alt="pixel" onerror="fetch('${base}/onerror')">` +
      `<meta http-equiv="refresh" content="0;url=${base}/refresh"><link rel="stylesheet" href="${base}/style.css">` +
      `<div style="background:url(${base}/background.png)">footer</div><base href="${base}/"><form action="${base}/form"><button>Go</button></form>` +
      // Taller than the frame: its scroll is kept across renders of the same email.
      '<div style="height:1500px"></div><p>end of the email</p>';
    await webview.getByRole('button', { name: 'Payload…' }).click();
    await page.locator('.tab.active', { hasText: 'Untitled' }).waitFor({ timeout: 10_000 });
    // Checked as typed: a payload the schema refuses is marked in the editor and held back, the last render stays.
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(JSON.stringify({ invoiceNumber: 'INV-7', currency: 'YEN' }, null, 2));
    await webview.locator('[data-held]', { hasText: 'Not rendered: currency must be one of' }).waitFor({ timeout: 10_000 });
    await page.locator('.squiggly-error').first().waitFor({ timeout: 10_000 });
    assert.equal(await webview.locator('.nx-preview-failure').count(), 0, 'nothing was asked of the app');
    // Not screenshot(): its palette command would take the focus from the payload editor.
    await page.mouse.move(1, 1);
    await page.screenshot({ path: join(SCREENSHOTS, 'preview-payload-held-dark.png') });
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Delete');
    await page.keyboard.insertText(JSON.stringify({ invoiceNumber: 'INV-7', footerHtml: hostile }));
    const frame = webview.frameLocator('iframe.nx-email-frame');
    try {
      await webview.locator('.nx-subject', { hasText: 'Receipt INV-7' }).waitFor({ timeout: 20_000 });
      await frame.locator('footer').waitFor({ timeout: 10_000 });
    } catch (error) {
      await screenshot(page, 'preview-hostile-failed-dark');
      throw error;
    }
    await page.waitForTimeout(1500);
    assert.deepEqual(counter.hits, [], 'nothing is fetched while remote images are off');
    assert.equal(await frame.locator('body[data-pwned]').count(), 0, 'the script did not run');
    await shootThemes(page, 'preview-hostile');

    // Scrolled down the email, a render of the same email (Refresh) and the width toggle keep it there.
    // The heading's place inside the email's frame: the panel around the frame may scroll too (a
    // click brings its button into view), and that is not the email's scroll.
    const heading = frame.locator('h1', { hasText: 'Receipt INV-7' });
    const emailFrame = webview.locator('iframe.nx-email-frame');
    const inFrame = async () => (await heading.boundingBox()).y - (await emailFrame.boundingBox()).y;
    const top = await inFrame();
    await emailFrame.hover();
    await page.mouse.wheel(0, 400);
    const scrolledTo = async (what) => {
      const deadline = Date.now() + 5000;
      let y = await inFrame();
      while (y > top - 200 && Date.now() < deadline) {
        await page.waitForTimeout(100);
        y = await inFrame();
      }
      assert.ok(y <= top - 200, `${what}: the email is still scrolled down (heading at ${y}, ${top} at the top)`);
      return y;
    };
    const scrolled = await scrolledTo('after the wheel');
    const renderedAt = webview.locator('p.nx-muted', { hasText: /^Rendered at / });
    const before = await renderedAt.innerText();
    await page.waitForTimeout(1100);
    await webview.getByRole('button', { name: 'Refresh' }).click();
    await webview.locator('p.nx-muted', { hasText: /^Rendered at / }).filter({ hasNotText: before }).waitFor({ timeout: 10_000 });
    assert.equal(Math.round(await inFrame()), Math.round(scrolled), 'Refresh kept the scroll');
    await webview.getByRole('button', { name: 'Mobile' }).click();
    await webview.locator('iframe.nx-email-frame.nx-mobile').waitFor();
    await scrolledTo('after the width toggle');
    await webview.getByRole('button', { name: 'Desktop' }).click();
    await page.mouse.move(1, 1);

    await webview.getByRole('checkbox').check();
    await frame.locator('footer').waitFor({ timeout: 20_000 });
    const deadline = Date.now() + 10_000;
    while (!counter.hits.includes('/pixel.png') && Date.now() < deadline) await page.waitForTimeout(100);
    assert.ok(counter.hits.includes('/pixel.png'), `the image loads once asked (${counter.hits.join(', ')})`);
    await page.waitForTimeout(1000);
    const others = counter.hits.filter((h) => h !== '/pixel.png' && h !== '/background.png');
    assert.deepEqual(others, [], 'only images: no script, refresh, stylesheet, base or form request');
    assert.equal(await frame.locator('body[data-pwned]').count(), 0, 'the script did not run');
    await page.keyboard.press('Escape');
  });

  it('shows in-app links as they are: every target, direction controls escaped, each unsafe one flagged; a failure’s header says what was tried (issue 37)', async () => {
    const page = ui.page;
    // The focus back to the workbench from the panel's checkbox (a webview keeps F1 to itself).
    await page.locator('.part.sidebar .title-label').first().click();
    await runCommand(page, 'Novu: Set Bridge URL…');
    await answerInput(page, hostile.url);
    // The setting is saved: the receipt's panel asks the new app, which refuses it, and its header says so.
    await activeWebview(page).locator('[data-renderer]', { hasText: /^Not rendered: your app at 127\.0\.0\.1:\d+ refused the request signed with Development's key$/ }).waitFor({ timeout: 20_000 });
    await runCommand(page, 'Novu: Preview Workflow Step…');
    await pickItem(page, 'hostile-inbox');
    await pickItem(page, 'inbox');
    const webview = activeWebview(page);
    const item = webview.locator('.nx-inbox-item');
    await item.waitFor({ timeout: 30_000 });
    const text = await item.innerText();
    assert.ok(!text.includes('\u202e'), 'the override is never shown as is');
    assert.match(text, /https:\/\/app\.example\.com\\u202E\/moc\.live/);
    assert.match(await webview.locator('[data-redirect]').innerText(), /target _blank[\s\S]*Not safe: hides its real order with direction controls/);
    assert.match(await webview.locator('.nx-inbox-button').innerText(), /target _parent[\s\S]*Not safe: replaces the whole page \(_top or _parent\)/);
    assert.match(await webview.locator('.nx-avatar').innerText(), /javascript:alert\(1\)[\s\S]*Not safe: runs a script or opens inline data/);
    await shootThemes(page, 'preview-inapp-unsafe', { axe: 'preview, unsafe in-app' });

    // The prompt shows the address with the override made visible, and warns.
    await webview.locator('[data-redirect] [data-href]').click();
    const toast = page.locator('.notification-toast', { hasText: 'direction controls' });
    await toast.waitFor({ timeout: 10_000 });
    assert.match(await toast.innerText(), /https:\/\/app\.example\.com\\u202E\/moc\.live/);
    assert.ok(!(await toast.innerText()).includes('\u202e'));
    await shootThemes(page, 'preview-open-link-bidi', { raw: true });
    await toast.locator('.codicon-notifications-clear').click().catch(() => page.keyboard.press('Escape'));

    // Another environment's key: nothing was rendered, and the header says so.
    await webview.locator('[role=tab][data-step="refused"]').click();
    await webview.locator('.nx-preview-failure').waitFor({ timeout: 20_000 });
    assert.match(await webview.locator('[data-renderer]').innerText(), /^Not rendered: your app at 127\.0\.0\.1:\d+ refused the request signed with Development's key$/);
    await shootThemes(page, 'preview-failure-header');
  });
});
