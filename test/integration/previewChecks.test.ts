/**
 * Issue 46, §4 and §5 in a real VS Code: the Checks strip's data for what the demo's real
 * @novu/framework app renders: nothing found in its welcome email; a receipt whose footer (payload
 * HTML, sent unsanitized) breaks every email check, each finding where it applies, its values as
 * text; an SMS past its segments; a payload the app refuses, at its key in the payload's editor; and
 * a change of a level said at once, without a render. Issue 51, E2: a 1 MB email shown before its
 * checks, which run off the extension host's thread, and a newer render's checks shown, not its.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Finding } from '../../src/checks';
import type { NovuExplorerApi } from '../../src/extensionApi';
import type { PreviewPanel } from '../../src/preview/previewPanel';
import type { Sandbox } from '../../src/sandbox';
import type { PreviewView } from '../../src/preview/protocol';
import { connectFreshSandbox, startDemoBridge, waitFor, type DemoBridge } from './helpers';
import { largeNewsletter } from '../unit/preview/largeEmail';
import { watchLoopBlocks } from '../bench/loopBlocks';

/** A finding in short: its level, id and where. */
const brief = (f: Finding) => `${f.level} ${f.id} ${f.where.kind === 'link' || f.where.kind === 'image' ? `${f.where.kind}#${f.where.index}` : f.where.kind === 'field' ? f.where.field : f.where.kind === 'payload' ? `payload:${f.where.key}` : f.where.kind}`;

describe('preview checks', function () {
  this.timeout(90_000);
  let api: NovuExplorerApi;
  let sandbox: Sandbox;
  let app: DemoBridge;

  async function open(workflowId: string, stepId: string): Promise<PreviewPanel> {
    const panel = (await vscode.commands.executeCommand('novuExplorer.previewStep', { workflowId, stepId })) as PreviewPanel;
    assert.ok(panel, 'the command returns the panel');
    return panel;
  }

  /** The panel once it shows `stepId` rendered (or failed) with its checks. */
  function settled(panel: PreviewPanel, stepId: string): Promise<PreviewPanel['current']> {
    return waitFor(() => (panel.current.stepId === stepId && (panel.current.status === 'rendered' || panel.current.status === 'failed') && !panel.current.stale && panel.current.checks ? panel.current : undefined), `${stepId} rendered`, 15_000);
  }

  before(async () => {
    ({ api, sandbox } = await connectFreshSandbox('Development'));
    assert.ok(api);
    app = await startDemoBridge(sandbox.apiKey);
    await vscode.workspace.getConfiguration('novuExplorer').update('preview.bridgeUrl', app.url, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.workspace.getConfiguration('novuExplorer').update('preview.bridgeUrl', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('novuExplorer').update('checks.levels', undefined, vscode.ConfigurationTarget.Global);
    await app?.stop();
    await sandbox?.close();
  });

  it('finds no error in the demo’s welcome email, only what caniemail says some clients lack, and the SMS past its segments with its encoding [smoke]', async () => {
    const panel = await open('account-welcome', 'welcome-email');
    const email = await settled(panel, 'welcome-email');
    assert.equal(email.status, 'rendered', email.failure?.text);
    // Only caniemail's word on the clients (warnings): the welcome email's rounded button is square in Outlook for Windows.
    assert.equal(email.checks!.errors, 0);
    assert.deepEqual([...new Set(email.checks!.findings.map((f) => f.id))], ['client-support'], email.checks!.findings.map((f) => f.message).join('\n'));
    assert.ok(email.checks!.findings.some((f) => /^border-radius is not supported by .*outlook\.windows/.test(f.message)), email.checks!.findings.map((f) => f.message).join('\n'));

    panel.reveal('welcome-sms');
    await panel.setPayload({ companyName: `Acme ✓ ${'x'.repeat(150)}` });
    const sms = await settled(panel, 'welcome-sms');
    assert.equal(sms.status, 'rendered', sms.failure?.text);
    assert.deepEqual(sms.checks!.findings.map(brief), ['warning sms-segments text']);
    assert.match(sms.checks!.findings[0]!.message, /^The SMS is sent as 3 segments of UCS-2 \(not GSM-7: ✓\), more than the 2 allowed: \d+ characters\.$/);
    assert.deepEqual([sms.checks!.errors, sms.checks!.warnings], [0, 1]);
  });

  it('lists what a hostile footer breaks in the receipt, each where it applies, its markup and direction controls as text; a level changed is said at once', async () => {
    const panel = await open('payment-receipt', 'receipt-email');
    await settled(panel, 'receipt-email');
    const footerHtml = '<p>{{ subscriber.lastName }} <b onmouseover="alert(1)">undefined</b></p><img src="http://cdn.example.com/logo.png"><a href="javascript:alert(1)">Unsubscribe</a> <a href="https://app.example.com\u202e/moc.live">Billing</a>';
    await panel.setPayload({ footerHtml });
    const receipt = await waitFor(() => (panel.current.status === 'rendered' && panel.current.model?.kind === 'email' && panel.current.model.images.length === 1 && panel.current.checks ? panel.current : undefined), 'the receipt with its footer and its checks');
    // Ours, without caniemail's word on the clients (its own test is above).
    const ours = (checks: typeof receipt.checks) => checks!.findings.filter((f) => f.id !== 'client-support');
    assert.deepEqual(ours(receipt.checks).map(brief), [
      'error unresolved body',
      'error link-target link#0',
      'error link-target link#1',
      'warning image-alt image#0',
      'warning insecure-url image#0',
    ]);
    assert.deepEqual([receipt.checks!.errors, receipt.checks!.warnings - (receipt.checks!.findings.length - ours(receipt.checks).length)], [3, 2]);
    assert.ok(receipt.checks!.findings.every((f) => f.step === 'receipt-email'));
    const [unresolved, script, bidi] = ours(receipt.checks);
    assert.equal(unresolved!.message.slice(0, 58), 'The body shows “{{ subscriber.lastName }}”, a value that w');
    assert.equal(script!.message, 'Link 1 (javascript:alert(1)) runs a script or opens inline data.');
    assert.ok(bidi!.message.includes('https://app.example.com\\u202E/moc.live'), bidi!.message);
    assert.ok(!JSON.stringify(receipt.checks).includes('\u202e'), 'no direction control reaches the strip as itself');
    // The link of a finding is the one of the email's list, by its index.
    assert.equal(receipt.model?.kind === 'email' && receipt.model.links[1]!.text, 'Billing');

    // A level changed in the settings: the strip says it without a render, within a second.
    const renderedAt = panel.current.renderedAt;
    const started = Date.now();
    await vscode.workspace.getConfiguration('novuExplorer').update('checks.levels', { 'image-alt': 'off', 'insecure-url': 'error' }, vscode.ConfigurationTarget.Global);
    const changed = await waitFor(() => (panel.current.checks?.findings.every((f) => f.id !== 'image-alt') ? panel.current : undefined), 'the strip without image-alt', 1000);
    assert.ok(Date.now() - started < 1000);
    assert.deepEqual(ours(changed.checks).map(brief), ['error unresolved body', 'error link-target link#0', 'error link-target link#1', 'error insecure-url image#0']);
    assert.equal(changed.renderedAt, renderedAt, 'not rendered again');
    await vscode.workspace.getConfiguration('novuExplorer').update('checks.levels', undefined, vscode.ConfigurationTarget.Global);
  });

  it('shows a 1 MB email before its checks, says checking… meanwhile with the host free, and shows a newer render’s checks, never the replaced one’s (issue 51, E2)', async () => {
    const panel = await open('payment-receipt', 'receipt-email');
    await settled(panel, 'receipt-email');
    const views: PreviewView[] = [];
    const listening = panel.onDidRender((view) => views.push(view));
    try {
      // The demo's receipt puts its footer's HTML into the email as it is: 1 MB of it.
      const started = Date.now();
      await panel.setPayload({ footerHtml: largeNewsletter() });
      const shownMs = Date.now() - started;
      const large = panel.current;
      assert.equal(large.status, 'rendered', large.failure?.text);
      assert.ok(large.model?.kind === 'email' && large.model.html.length > 1024 * 1024, 'the 1 MB email is shown');
      assert.equal(large.checking, true, 'its checks are under way');
      assert.equal(large.checks, undefined, 'no findings of an older render stand beside it');
      // A newer render before the 1 MB email's findings came (they take over a second): those go unused.
      // 20 KB: over the 16 KB checked at once, so it too goes to the thread, behind the 1 MB email.
      await panel.setPayload({ footerHtml: largeNewsletter(20 * 1024) });
      // The host's longest block while the thread checks (the 1 MB email, then the newer one): its
      // loop's active time between ticks 20 ms apart (a block holds the next tick back), less V8's
      // collections in that time (the garbage of the renders, said apart).
      const blocks = watchLoopBlocks();
      const newer = await settled(panel, 'receipt-email');
      const { longestBesidesGc: longest, longestGc } = blocks.stop();
      console.log(`      1 MB email shown ${shownMs} ms after the payload was set, checking…; the host's longest block while the thread checked ${longest.toFixed(1)} ms besides collections (the longest collection time in 20 ms: ${longestGc.toFixed(1)} ms)`);
      assert.ok(shownMs < 5000, `shown ${shownMs} ms after the payload was set`);
      // The strict 50 ms is held in plain Node (test/unit/preview/checksWorker.test.ts), where the
      // thread is ours alone; here the host runs VS Code's other extensions too, and a busy machine
      // stretches their work: what this proves is that the check is not on it (on the host, a 1 MB
      // email's check blocked it 1.6 to 9 s).
      assert.ok(longest < 500, `the host was blocked for ${longest.toFixed(1)} ms while the email was checked`);
      assert.ok(newer.model?.kind === 'email' && newer.model.html.length < 100_000, 'the newer render is shown');
      assert.deepEqual(newer.checks!.findings.filter((f) => f.id !== 'client-support'), [], 'the newer render’s findings');
      assert.ok(!views.some((view) => view.checks?.findings.some((f) => f.id === 'gmail-clip')), 'the replaced render’s findings are never shown');
    } finally {
      listening.dispose();
    }
  });

  it('says a payload the app refuses at its key, and the finding opens the payload’s editor at that key', async () => {
    const panel = await open('account-welcome', 'welcome-email');
    await panel.setPayload({ plan: 'gold', companyName: 'Acme' });
    const refused = await settled(panel, 'welcome-email');
    assert.equal(refused.status, 'failed');
    assert.deepEqual(refused.checks!.findings.map(brief), ['error rendered step', 'error payload-schema payload:plan']);
    assert.match(refused.checks!.findings[0]!.message, /^It did not render: The payload does not match/);

    await panel.revealPayloadKey('plan');
    const editor = await waitFor(() => vscode.window.visibleTextEditors.find((e) => e.document.languageId === 'json' && e.document.getText().includes('"gold"')), 'the payload’s editor');
    assert.equal(editor.document.getText(editor.selection), '"plan"');
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });
});
