// Issue 23.3: a person confirming an agent's change reads the names exactly as the service holds
// them. The agent's call is made as the editor's agent makes it (`vscode.lm.invokeTool`, from the
// small test extension in test/ui/toolInvoker), so VS Code shows its own modal confirmation dialog;
// the test reads the dialog's rendered text, compares it with the names, and takes a screenshot
// (in dark: VS Code's modal holds the focus, and its colours are VS Code's own).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT, SCREENSHOTS, answerInput, runCommand, startSandbox, launchConnected, closeAll } from './workbench.mjs';

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

describe('agent confirmations read as typed', { timeout: 240_000 }, () => {
  let ui;
  let sandbox;

  before(async () => {
    sandbox = await hostileSandbox(`ui-confirm-${Date.now()}`);
    ui = await launchConnected(sandbox, 'Confirm <b>*test*</b>', { theme: 'dark', extraExtensions: [join(ROOT, 'test', 'ui', 'toolInvoker')] });
  });
  after(() => closeAll(ui, sandbox));

  it('Send a Novu Notification Again: workflow, subscriber and connection names exactly as typed', async () => {
    const page = ui.page;
    await runCommand(page, 'UI Test: Invoke Language Model Tool');
    await answerInput(page, `novuExplorer_sendNotificationAgain ${JSON.stringify({ notificationId: NOTIFICATION_ID })}`);
    const { dialog, text } = await dialogText(page);
    assert.ok(text.includes(`\u201c${WORKFLOW}\u201d`), text);
    assert.ok(text.includes(`\u201c${SUBSCRIBER_ID}\u201d`), text);
    assert.ok(text.includes(`\u201c${PERSON.trim()}`), text);
    assert.ok(text.includes('\u201cConfirm <b>*test*</b>\u201d'), text);
    await shootAndCancel(page, dialog, sandbox, 'agent-confirm-send-dark.png');
    assert.equal(sandbox.requests.filter((r) => r.method === 'POST').length, 0, 'Cancel sends nothing');
  });

  it('Set a Novu Channel Preference: the effect with the names exactly as typed', async () => {
    const page = ui.page;
    await runCommand(page, 'UI Test: Invoke Language Model Tool');
    await answerInput(page, `novuExplorer_setChannelPreference ${JSON.stringify({ subscriberId: SUBSCRIBER_ID, channel: 'email', enabled: false, workflow: WORKFLOW })}`);
    const { dialog, text } = await dialogText(page);
    assert.ok(text.includes(`Turn off email for subscriber \u201c${SUBSCRIBER_ID}\u201d in workflow \u201c${WORKFLOW}\u201d.`), text);
    await shootAndCancel(page, dialog, sandbox, 'agent-confirm-preference-dark.png');
    assert.equal(sandbox.requests.filter((r) => r.method === 'PATCH').length, 0, 'Cancel changes nothing');
  });
});
