/**
 * Issue 38.6: reading a window of runs for the failures view, in plain Node against the Sandbox.
 * - At 100 ms a request (the latency proxy), 1,000 runs: how many list requests, when the first
 *   page is in (groups can show), when the whole window is.
 * - Our own time per page (the client's check of a page and its grouping) beside a baseline that
 *   only parses the same pages (fetch and JSON.parse), with no delay.
 * - The grouping's heap for 10,000 runs (the window's runs fed ten times over, each with its own id).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { NovuClient, type Notification } from '../../src/api';
import { createGrouping } from '../../src/failures/grouping';
import { readWindow, WINDOW_PAGE_SIZE } from '../../src/failures/windowReader';
import { startSandbox } from '../../src/sandbox';
import { startLatencyProxy } from './latencyProxy';
import { median, round } from './stats';

const DAY = 86_400_000;

export async function failuresWindow() {
  const nowMs = Date.now();
  const sandbox = await startSandbox({ apiKey: 'bench-failures-key', activityCount: 1000, activityEndsAtMs: nowMs });
  const proxy = await startLatencyProxy(sandbox.url, 100);
  try {
    const after = new Date(nowMs - 30 * DAY + 60 * 60_000).toISOString();
    const far = new NovuClient({ baseUrl: proxy.url, apiKey: sandbox.apiKey });
    const reads: { requests: number; firstMs: number; totalMs: number; runs: number }[] = [];
    const windowMs = { startMs: Date.parse(after), endMs: nowMs };
    for (let run = 0; run < 3; run++) {
      proxy.clear();
      const grouping = createGrouping(windowMs);
      const started = performance.now();
      let firstMs = NaN;
      const result = await readWindow({
        client: far,
        query: { after },
        onPage: (runs) => {
          grouping.add(runs);
          // The first groups on screen: the first page grouped and its groups made for the panel.
          if (Number.isNaN(firstMs)) {
            grouping.groups();
            firstMs = performance.now() - started;
          }
        },
      });
      reads.push({ requests: proxy.requests.length, firstMs, totalMs: performance.now() - started, runs: result.runs });
    }

    // Own time per page: the same pages, read with no delay, by the client and by fetch + JSON.parse.
    const near = new NovuClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    const headers = { Authorization: `ApiKey ${sandbox.apiKey}`, Accept: 'application/json' };
    const pages = Math.ceil(reads[0]!.runs / WINDOW_PAGE_SIZE);
    const ours: number[] = [];
    const grouped: number[] = [];
    const baseline: number[] = [];
    const held: Notification[][] = [];
    for (let round = 0; round < 5; round++) {
      const grouping = createGrouping(windowMs);
      for (let page = 0; page < pages; page++) {
        const query = { after, page, limit: WINDOW_PAGE_SIZE };
        let t = performance.now();
        const parsed = await near.listNotifications(query);
        const g = performance.now();
        grouping.add(parsed.data);
        grouped.push(performance.now() - g);
        ours.push(performance.now() - t);
        if (round === 0) held.push(parsed.data);
        t = performance.now();
        await (await fetch(`${sandbox.url}/v1/notifications?after=${encodeURIComponent(after)}&page=${page}&limit=${WINDOW_PAGE_SIZE}`, { headers })).json();
        baseline.push(performance.now() - t);
      }
    }
    const heapMb = groupingHeapMb(held.flat(), windowMs);
    const m = (key: 'requests' | 'firstMs' | 'totalMs' | 'runs') => round(median(reads.map((r) => r[key])));
    return {
      runs: m('runs'),
      requests: m('requests'),
      firstPageMs: m('firstMs'),
      wholeWindowMs: m('totalMs'),
      perPage: { oursMs: round(median(ours)), parseOnlyMs: round(median(baseline)), ownMs: round(median(ours) - median(baseline)), groupingMs: round(median(grouped), 3) },
      heapFor10kRunsMb: round(heapMb),
    };
  } finally {
    await proxy.close();
    await sandbox.close();
  }
}

/** The heap the grouping holds after 10,000 runs: the runs fed ten times, each time with new ids (after a full GC, before and after). */
function groupingHeapMb(runs: readonly Notification[], window: { startMs: number; endMs: number }): number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const times = Math.ceil(10_000 / runs.length);
  gc();
  const before = process.memoryUsage().heapUsed;
  const grouping = createGrouping(window);
  for (let i = 0; i < times; i++) grouping.add(runs.map((n) => ({ ...n, _id: `${n._id}-${i}` })));
  gc();
  const after = process.memoryUsage().heapUsed;
  if (grouping.runsRead < 10_000) throw new Error('the grouping was fed fewer than 10,000 runs');
  return (after - before) / 1024 / 1024;
}
