/**
 * Benchmarks inside the real VS Code extension host: activation, views ready, and paging through
 * 100,000 subscribers with "Load more" while the view is on screen. The sandbox runs in the
 * benchmark's own process (BENCH_SANDBOX_URL / _KEY), so the host's memory is the extension's.
 * Results go to BENCH_OUT as JSON.
 */
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../../src/extension';
import { median, round } from '../stats';

const EXTENSION_ID = 'novuexplorer.novu-explorer';
const PAGE = 100;

function heapMb(): number {
  return round(process.memoryUsage().heapUsed / 1024 / 1024, 1);
}

describe('benchmarks in VS Code', () => {
  it('measures activation, views ready and paging through 100,000 subscribers', async () => {
    const url = process.env.BENCH_SANDBOX_URL;
    const key = process.env.BENCH_SANDBOX_KEY;
    const out = process.env.BENCH_OUT;
    assert.ok(url && key && out, 'BENCH_SANDBOX_URL, BENCH_SANDBOX_KEY and BENCH_OUT are set');
    const extension = vscode.extensions.getExtension<NovuExplorerApi | undefined>(EXTENSION_ID)!;
    assert.equal(extension.isActive, false);

    const t0 = performance.now();
    const api = await extension.activate();
    const activateMs = performance.now() - t0;
    assert.ok(api, 'the extension exports its parts in test mode');
    await vscode.commands.executeCommand('novuExplorer.subscribers.focus');
    await vscode.workspace.getConfiguration('novuExplorer').update('subscribers.pageSize', PAGE, vscode.ConfigurationTarget.Global);

    const t1 = performance.now();
    await api.manager.add({ name: 'Bench', region: 'custom', baseUrl: url }, key);
    await Promise.all([api.subscribers.getChildren(), api.integrations.getChildren()]);
    const firstReadyMs = performance.now() - t1;

    const refreshes: number[] = [];
    for (let i = 0; i < 10; i++) {
      const start = performance.now();
      api.subscribers.reload();
      api.integrations.reload();
      await Promise.all([api.subscribers.getChildren(), api.integrations.getChildren()]);
      refreshes.push(performance.now() - start);
    }

    // Paging: the view is visible, so VS Code renders every page as it arrives.
    api.subscribers.reload();
    await api.subscribers.getChildren();
    const heapStart = heapMb();
    const pageTimes: number[] = [];
    const heap: Record<string, number> = { [String(api.subscribers.subscribers.length)]: heapStart };
    const started = performance.now();
    while (api.subscribers.hasMore) {
      const start = performance.now();
      await api.subscribers.loadMore();
      pageTimes.push(performance.now() - start);
      const loaded = api.subscribers.subscribers.length;
      if (loaded % 10_000 === 0) heap[String(loaded)] = heapMb();
    }
    const totalMs = performance.now() - started;
    const loaded = api.subscribers.subscribers.length;
    assert.equal(new Set(api.subscribers.subscribers.map((s) => s.subscriberId)).size, loaded, 'no duplicates');
    const window = (from: number) => round(median(pageTimes.slice(from, from + 20)));

    writeFileSync(
      out,
      JSON.stringify(
        {
          activation: {
            'activate()': { ms: round(activateMs) },
            'connection added → both views loaded (cold)': { ms: round(firstReadyMs) },
            'refresh → both views loaded (median of 10)': { ms: round(median(refreshes)) },
          },
          scale: {
            loaded,
            pageSize: PAGE,
            totalSeconds: round(totalMs / 1000),
            'median ms per page, pages 2-21': window(0),
            'median ms per page, pages 491-510': window(490),
            'median ms per page, last 20 pages': window(pageTimes.length - 20),
            heapMbByLoaded: heap,
          },
        },
        null,
        2,
      ),
    );
  });
});
