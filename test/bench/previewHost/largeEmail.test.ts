/**
 * Issue 51, E2: "the bench gains the 1 MB email: its render within 1.15x of a render without
 * checks, and its checks' own time". Inside the real VS Code extension host, with the demo's real
 * @novu/framework app (BENCH_TESTS_BRIDGE_URL) signed with a Sandbox connection's key
 * (BENCH_TESTS_SANDBOX_URL / _KEY): the receipt of payment-receipt, whose footer is the payload's
 * HTML as it is, with a 1 MB newsletter in it. Run for run, alternating:
 * - the panel: its payload set → the email shown (the rendered state handed to the webview, the
 *   strip "checking…");
 * - the same panel without checks (every level off: nothing is asked of the thread);
 * - the same render without the panel: the same signed request through the same bridge client,
 *   the email's model and the frame's document the panel builds (what the panel adds to it);
 * - the checks' own time, in their thread: the email shown → the strip's findings, with the host's
 *   longest block meanwhile (its loop's active time between ticks 20 ms apart).
 * The first run warms up and is left out. Beside them, an ordinary email's checks (the receipt as
 * the demo has it, 5 renders): the email shown → the strip's findings, whose budget is a second.
 * Results go to BENCH_OUT as JSON.
 */
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import { BridgeClient } from '../../../src/bridge/bridgeClient';
import type { NovuExplorerApi } from '../../../src/extensionApi';
import { emailSrcdoc } from '../../../src/preview/emailFrame';
import type { PreviewPanel } from '../../../src/preview/previewPanel';
import { renderStep } from '../../../src/rendered/renderStep';
import { CHECK_IDS } from '../../../src/checks';
import { largeNewsletter } from '../../unit/preview/largeEmail';
import { median, round } from '../stats';
import { waitFor, watchLoopBlocks } from '../loopBlocks';

const EXTENSION_ID = 'novuexplorer.novu-explorer';
const RUNS = 6;
const STEP = { workflowId: 'payment-receipt', stepId: 'receipt-email' };

describe('a 1 MB email in the Preview', () => {
  it('measures its render against the same render without the panel, and its checks in their thread', async () => {
    const url = process.env.BENCH_TESTS_SANDBOX_URL;
    const key = process.env.BENCH_TESTS_SANDBOX_KEY;
    const bridge = process.env.BENCH_TESTS_BRIDGE_URL;
    const out = process.env.BENCH_OUT;
    assert.ok(url && key && bridge && out, 'BENCH_TESTS_SANDBOX_URL, _KEY, BENCH_TESTS_BRIDGE_URL and BENCH_OUT are set');
    const extension = vscode.extensions.getExtension<NovuExplorerApi | undefined>(EXTENSION_ID)!;
    const api = extension.isActive ? extension.exports : await extension.activate();
    assert.ok(api, 'the extension exports its parts in test mode');
    await api.manager.add({ name: 'Bench preview', region: 'custom', baseUrl: url }, key);
    await vscode.workspace.getConfiguration('novuExplorer').update('preview.bridgeUrl', bridge, vscode.ConfigurationTarget.Global);
    const panel = (await vscode.commands.executeCommand('novuExplorer.previewStep', STEP)) as PreviewPanel;
    await waitFor(() => panel.current.status === 'rendered' && panel.current.checks, 'the receipt and its checks');

    // An ordinary email: the receipt with a short footer of its own each time.
    const ordinary: number[] = [];
    for (let run = 0; run < 5; run++) {
      const checked = new Promise<number>((resolve) => {
        const listening = panel.onDidRender((view) => {
          if (!view.checks) return;
          listening.dispose();
          resolve(performance.now());
        });
      });
      await panel.setPayload({ footerHtml: `<p>Questions? <a href="https://app.example.com/billing">Contact billing</a> (${run}).</p>` });
      const shown = performance.now();
      ordinary.push((await checked) - shown);
    }

    const client = new BridgeClient();
    const newsletter = largeNewsletter();
    const t = { panel: [] as number[], off: [] as number[], bare: [] as number[], checks: [] as number[], longest: [] as number[], gc: [] as number[] };
    const levels = (value: Record<string, string> | undefined) => vscode.workspace.getConfiguration('novuExplorer').update('checks.levels', value, vscode.ConfigurationTarget.Global);
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      // A footer of its own each run: nothing is the same as the render before.
      const payload = { footerHtml: `${newsletter}<p>run ${run}</p>` };
      const bare = async () => {
        const started = performance.now();
        const answer = await renderStep(client, bridge, key, { ...STEP, stepType: 'email', payload, subscriber: {}, controls: {} });
        assert.ok(answer.kind === 'rendered' && answer.model.kind === 'email', `the app rendered the email (${answer.kind})`);
        emailSrcdoc(answer.model.html, { remoteImages: false });
        bytes = answer.model.html.length;
        return performance.now() - started;
      };
      const inPanel = async () => {
        const checked = new Promise<number>((resolve) => {
          const listening = panel.onDidRender((view) => {
            if (!view.checks) return;
            listening.dispose();
            resolve(performance.now());
          });
        });
        const started = performance.now();
        await panel.setPayload(payload);
        const shown = performance.now();
        assert.ok(panel.current.status === 'rendered' && panel.current.checking, `shown, checking… (${panel.current.status})`);
        const blocks = watchLoopBlocks();
        const findings = await checked;
        const { longest, longestGc } = blocks.stop();
        assert.ok(panel.current.checks?.findings.some((f) => f.id === 'gmail-clip'), 'the 1 MB email’s findings');
        return { ms: shown - started, checksMs: findings - shown, longest, longestGc };
      };
      const checksOff = async () => {
        await levels(Object.fromEntries(CHECK_IDS.map((id) => [id, 'off'])));
        const started = performance.now();
        await panel.setPayload({ ...payload, footerHtml: `${payload.footerHtml} ` });
        const ms = performance.now() - started;
        assert.ok(panel.current.status === 'rendered' && panel.current.checks?.findings.length === 0 && !panel.current.checking, 'shown without checks');
        // The levels back: the email on screen is checked again; the thread is left free for the next run.
        await levels(undefined);
        // The settings' event may come after the update resolves: the ask is seen, then its answer.
        await waitFor(() => panel.current.checking, 'the email checked again with the levels back');
        await waitFor(() => panel.current.checks && !panel.current.checking, 'the checks with the levels back');
        return ms;
      };
      // Alternating which goes first.
      let panelRun: Awaited<ReturnType<typeof inPanel>>;
      let offMs: number;
      let bareMs: number;
      if (run % 2 === 0) {
        panelRun = await inPanel();
        offMs = await checksOff();
        bareMs = await bare();
      } else {
        bareMs = await bare();
        offMs = await checksOff();
        panelRun = await inPanel();
      }
      if (run === 0) continue;
      t.panel.push(panelRun.ms);
      t.off.push(offMs);
      t.bare.push(bareMs);
      t.checks.push(panelRun.checksMs);
      t.longest.push(panelRun.longest);
      t.gc.push(panelRun.longestGc);
    }
    const ratios = t.panel.map((ms, i) => round(ms / t.off[i]!));
    const result = {
      bytes,
      panelMs: round(median(t.panel), 0),
      offMs: round(median(t.off), 0),
      ratio: round(median(t.panel) / median(t.off)),
      ratios,
      bareMs: round(median(t.bare), 0),
      panelOverBare: round(median(t.panel) / median(t.bare)),
      checksMs: round(median(t.checks), 0),
      checksRuns: t.checks.map((ms) => round(ms, 0)),
      longestBlockMs: round(Math.max(...t.longest), 1),
      longestBlocks: t.longest.map((ms) => round(ms, 1)),
      longestGcs: t.gc.map((ms) => round(ms, 1)),
      ordinaryChecksMs: round(median(ordinary), 1),
      ordinaryChecksRuns: ordinary.map((ms) => round(ms, 1)),
    };
    console.log(JSON.stringify(result));
    writeFileSync(out, JSON.stringify(result));
    panel.dispose();
  });
});
