/**
 * Benchmarks inside the real VS Code extension host: activation, views ready, and paging through
 * 100,000 subscribers with "Load more" while the view is on screen. The sandbox runs in the
 * benchmark's own process (BENCH_SANDBOX_URL / _KEY), so the host's memory is the extension's.
 * Results go to BENCH_OUT as JSON.
 */
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../../src/extensionApi';
import { median, round } from '../stats';

const EXTENSION_ID = 'novuexplorer.novu-explorer';
const PAGE = 100;

function heapMb(): number {
  return round(process.memoryUsage().heapUsed / 1024 / 1024, 1);
}

/** Loads every page of a paged view: each Load more timed, the heap sampled every `heapEvery` rows. */
async function pageThrough(view: { readonly hasMore: boolean; loadMore(): Promise<void> }, count: () => number, heapEvery: number) {
  const heap: Record<string, number> = { [String(count())]: heapMb() };
  const pageTimes: number[] = [];
  const started = performance.now();
  while (view.hasMore) {
    const start = performance.now();
    await view.loadMore();
    pageTimes.push(performance.now() - start);
    if (count() % heapEvery === 0) heap[String(count())] = heapMb();
  }
  return { heap, pageTimes, totalMs: performance.now() - started, loaded: count() };
}

describe('benchmarks in VS Code', () => {
  it('measures activation, views ready and paging through 100,000 subscribers', async () => {
    const url = process.env.BENCH_SANDBOX_URL;
    const key = process.env.BENCH_SANDBOX_KEY;
    const out = process.env.BENCH_OUT;
    assert.ok(url && key && out, 'BENCH_SANDBOX_URL, BENCH_SANDBOX_KEY and BENCH_OUT are set');
    const extension = vscode.extensions.getExtension<NovuExplorerApi | undefined>(EXTENSION_ID)!;
    // Activated after start-up (issue 30.11), in this workspace which uses no Novu SDK: what that
    // costs every workspace is activate() itself, and nothing is loaded or asked after it.
    const api = extension.isActive ? extension.exports : await extension.activate();
    assert.ok(api, 'the extension exports its parts in test mode');
    const activateMs = api.activationMs;
    const lazyLoaded = Object.keys(require.cache).filter((path) => /[\\/]dist[\\/](code|panels|commands|agent|sandboxServer)\.js$/.test(path)).length;
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
    const { heap, pageTimes, totalMs, loaded } = await pageThrough(api.subscribers, () => api.subscribers.subscribers.length, 10_000);
    assert.equal(new Set(api.subscribers.subscribers.map((s) => s.subscriberId)).size, loaded, 'no duplicates');
    const window = (from: number) => round(median(pageTimes.slice(from, from + 20)));

    const activity = await activityBench(api);

    writeFileSync(
      out,
      JSON.stringify(
        {
          activity,
          activation: {
            'activate()': { ms: round(activateMs) },
            'bundles loaded on demand after start-up, in a workspace without a Novu SDK': { count: lazyLoaded },
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

/**
 * The Activity view against 10,000 notifications (BENCH_ACTIVITY_URL / _KEY): every page with
 * "Load more" while the view is on screen (the cost per page should not grow), the requests each
 * page and each follow poll make (one), a poll with 500 rows loaded, and the host's heap per
 * 1,000 rows.
 */
async function activityBench(api: NovuExplorerApi): Promise<Record<string, unknown>> {
  const url = process.env.BENCH_ACTIVITY_URL;
  const key = process.env.BENCH_ACTIVITY_KEY;
  assert.ok(url && key, 'BENCH_ACTIVITY_URL and BENCH_ACTIVITY_KEY are set');
  let requests = 0;
  const listener = api.log.onDidWrite(({ line }) => {
    if (/\] GET \/?v1\/notifications[\s?]/.test(line)) requests++;
  });
  try {
    await vscode.commands.executeCommand('novuExplorer.activity.focus');
    await api.manager.add({ name: 'Bench activity', region: 'custom', baseUrl: url }, key);
    await api.activity.setFollow(false);
    // A first page, loaded for certain (a reload from the connection change may supersede one).
    const firstPage = async (): Promise<number> => {
      for (;;) {
        api.activity.reload();
        const start = performance.now();
        await api.activity.getChildren();
        if (api.activity.status === 'loaded') return performance.now() - start;
      }
    };
    const firstPageMs = await firstPage();

    // One follow poll with one page (50 rows) and with 500 rows loaded.
    const polls = async (): Promise<{ ms: number; requestsPerPoll: number }> => {
      const times: number[] = [];
      assert.equal(api.activity.status, 'loaded');
      const before = requests;
      for (let i = 0; i < 10; i++) {
        const start = performance.now();
        await api.activity.poll();
        times.push(performance.now() - start);
      }
      await api.activity.setFollow(false);
      return { ms: round(median(times)), requestsPerPoll: (requests - before) / 10 };
    };
    const poll50 = await polls();
    while (api.activity.notifications.length < 500) {
      assert.ok(api.activity.hasMore, 'more pages');
      await api.activity.loadMore();
    }
    const poll500 = await polls();

    await firstPage();
    const requestsBefore = requests;
    const { heap, pageTimes, totalMs, loaded } = await pageThrough(api.activity, () => api.activity.notifications.length, 2_000);
    assert.equal(new Set(api.activity.notifications.map((n) => n._id)).size, loaded, 'no duplicates');
    const heapValues = Object.entries(heap).map(([n, mb]) => [Number(n), mb] as const);
    const [firstN, firstMb] = heapValues[0]!;
    const [lastN, lastMb] = heapValues[heapValues.length - 1]!;
    const window = (from: number) => round(median(pageTimes.slice(from, from + 20)));
    return {
      loaded,
      pages: pageTimes.length + 1,
      requestsPerPage: round((requests - requestsBefore) / pageTimes.length, 2),
      totalSeconds: round(totalMs / 1000),
      'first page, cold (ms)': round(firstPageMs),
      'median ms per page, pages 2-21': window(0),
      'median ms per page, pages 91-110': window(90),
      'median ms per page, last 20 pages': window(pageTimes.length - 20),
      'one poll, 50 rows loaded (ms)': poll50.ms,
      'one poll, 500 rows loaded (ms)': poll500.ms,
      'requests per poll': poll500.requestsPerPoll,
      heapMbByLoaded: heap,
      'heap MB per 1,000 rows': round(((lastMb - firstMb) / (lastN - firstN)) * 1000, 2),
    };
  } finally {
    listener.dispose();
  }
}

