/**
 * Issue 38.6: reading a window of runs for the failures view, in plain Node against the Sandbox.
 * - At 100 ms a request (the latency proxy), 1,000 runs: how many list requests, when the first
 *   page is in (groups can show), when the whole window is.
 * - Our own time per page (the client's check of a page) beside a baseline that only parses the
 *   same pages (fetch and JSON.parse), with no delay.
 */
import { NovuClient, type Notification } from '../../src/api';
import { readWindow, WINDOW_PAGE_SIZE } from '../../src/failures/windowReader';
import { startSandbox } from '../../src/sandbox';
import { startLatencyProxy } from './latencyProxy';
import { median, round } from './stats';

const DAY = 86_400_000;

export async function failuresWindow(options: { onRuns?: (runs: readonly Notification[]) => void } = {}) {
  const nowMs = Date.now();
  const sandbox = await startSandbox({ apiKey: 'bench-failures-key', activityCount: 1000, activityEndsAtMs: nowMs });
  const proxy = await startLatencyProxy(sandbox.url, 100);
  try {
    const after = new Date(nowMs - 30 * DAY + 60 * 60_000).toISOString();
    const far = new NovuClient({ baseUrl: proxy.url, apiKey: sandbox.apiKey });
    const reads: { requests: number; firstMs: number; totalMs: number; runs: number }[] = [];
    for (let run = 0; run < 3; run++) {
      proxy.clear();
      const started = performance.now();
      let firstMs = NaN;
      const result = await readWindow({
        client: far,
        query: { after },
        onPage: (runs) => {
          if (Number.isNaN(firstMs)) firstMs = performance.now() - started;
          options.onRuns?.(runs);
        },
      });
      reads.push({ requests: proxy.requests.length, firstMs, totalMs: performance.now() - started, runs: result.runs });
    }

    // Own time per page: the same pages, read with no delay, by the client and by fetch + JSON.parse.
    const near = new NovuClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    const headers = { Authorization: `ApiKey ${sandbox.apiKey}`, Accept: 'application/json' };
    const pages = Math.ceil(reads[0]!.runs / WINDOW_PAGE_SIZE);
    const ours: number[] = [];
    const baseline: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (let page = 0; page < pages; page++) {
        const query = { after, page, limit: WINDOW_PAGE_SIZE };
        let t = performance.now();
        const parsed = await near.listNotifications(query);
        options.onRuns?.(parsed.data);
        ours.push(performance.now() - t);
        t = performance.now();
        await (await fetch(`${sandbox.url}/v1/notifications?after=${encodeURIComponent(after)}&page=${page}&limit=${WINDOW_PAGE_SIZE}`, { headers })).json();
        baseline.push(performance.now() - t);
      }
    }
    const m = (key: 'requests' | 'firstMs' | 'totalMs' | 'runs') => round(median(reads.map((r) => r[key])));
    return {
      runs: m('runs'),
      requests: m('requests'),
      firstPageMs: m('firstMs'),
      wholeWindowMs: m('totalMs'),
      perPage: { oursMs: round(median(ours)), parseOnlyMs: round(median(baseline)), ownMs: round(median(ours) - median(baseline)) },
    };
  } finally {
    await proxy.close();
    await sandbox.close();
  }
}
