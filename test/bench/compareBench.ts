/**
 * Issue 52's speed: two environments compared at 100 ms a request (`npm run bench` stage `compare`).
 * A child process (this file with `--serve`) runs the Sandbox with 100 workflows and 20 layouts a
 * side (its planned differences kept) behind two latency proxies, one per side; this process reads
 * both sides at once through src/compare's readSide and compares them, so that its CPU and heap
 * are the comparison's own. Measured: §10.2's requests per side, the most in flight per side, the
 * whole comparison against the round-trip floor that four in flight allow (⌈requests / 4⌉ round
 * trips of 100 ms, about 3.2 s), the first result's time, our CPU and heap, and Compare again (the
 * lists, and only the items whose `updatedAt` changed). Writes JSON to argv[2].
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { getHeapStatistics } from 'node:v8';
import { compareSides } from '../../src/compare/comparison';
import { MAX_IN_FLIGHT, readSide } from '../../src/compare/readSide';
import type { SideSnapshot } from '../../src/compare/snapshot';
import { startSandbox } from '../../src/sandbox';
import { sequentialRoundTrips, startLatencyProxy } from './latencyProxy';
import { median, round } from './stats';

const DELAY_MS = 100;
const WORKFLOWS = 100;
const LAYOUTS = 20;
/** Development's catalogue (11 workflows, 2 layouts): the generated ones make up the rest. */
const CATALOGUE_WORKFLOWS = 11;
const CATALOGUE_LAYOUTS = 2;
const DEV_KEY = 'bench-compare-development-key';
const PROD_KEY = 'bench-compare-production-key';
const RUNS = 5;
/** Items whose `updatedAt` Compare again finds changed (from its previous snapshot's view). */
const CHANGED = 5;

interface Served {
  devUrl: string;
  prodUrl: string;
}

async function serve(): Promise<void> {
  const sandbox = await startSandbox({ apiKey: DEV_KEY, productionApiKey: PROD_KEY, subscriberCount: 10, activityCount: 0, extraWorkflows: WORKFLOWS - CATALOGUE_WORKFLOWS, extraLayouts: LAYOUTS - CATALOGUE_LAYOUTS });
  const [dev, prod] = await Promise.all([startLatencyProxy(sandbox.url, DELAY_MS), startLatencyProxy(sandbox.url, DELAY_MS)]);
  process.stdout.write(`${JSON.stringify({ devUrl: dev.url, prodUrl: prod.url } satisfies Served)}\n`);
  // Until the measuring process closes our stdin.
  process.stdin.resume();
  process.stdin.once('end', () => {
    void Promise.all([dev.close(), prod.close(), sandbox.close()]).then(() => process.exit(0));
  });
}

/** A side's wire as its client sees it: requests, methods, the most in flight at once. */
function countingFetch() {
  const counts = { requests: 0, active: 0, peak: 0, methods: new Set<string>(), times: [] as { startMs: number; endMs: number }[] };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    counts.requests++;
    const time = { startMs: performance.now(), endMs: Number.NaN };
    counts.times.push(time);
    counts.methods.add(init?.method ?? (input instanceof Request ? input.method : 'GET'));
    counts.peak = Math.max(counts.peak, ++counts.active);
    try {
      return await globalThis.fetch(input, init);
    } finally {
      counts.active--;
      time.endMs = performance.now();
    }
  };
  return { fetch, counts };
}

// V8's own count: process.memoryUsage() also measures the RSS, a millisecond a call, which would be counted as ours.
const heapMb = () => getHeapStatistics().used_heap_size / 1024 / 1024;
const gc = () => (globalThis as { gc?: () => void }).gc?.();

async function compareOnce(served: Served, previous?: { dev: SideSnapshot; prod: SideSnapshot }) {
  const dev = countingFetch();
  const prod = countingFetch();
  gc();
  const heapBefore = heapMb();
  let heapPeak = heapBefore;
  let firstResultMs: number | undefined;
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const onItem = (e: { kind: string }) => {
    if (firstResultMs === undefined && (e.kind === 'workflow' || e.kind === 'layout')) firstResultMs = performance.now() - started;
    heapPeak = Math.max(heapPeak, heapMb());
  };
  const [source, target] = await Promise.all([
    readSide({ baseUrl: served.devUrl, apiKey: DEV_KEY, connectionName: 'Development', fetch: dev.fetch, onItem, ...(previous ? { previous: previous.dev } : {}) }),
    readSide({ baseUrl: served.prodUrl, apiKey: PROD_KEY, connectionName: 'Production', fetch: prod.fetch, onItem, ...(previous ? { previous: previous.prod } : {}) }),
  ]);
  const comparison = compareSides(source, target);
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  gc();
  const keptMb = heapMb() - heapBefore;
  return { ms, firstResultMs: firstResultMs ?? ms, cpuMs: (cpu.user + cpu.system) / 1000, keptMb, peakMb: heapPeak - heapBefore, dev: dev.counts, prod: prod.counts, source, target, comparison };
}

/**
 * The same reads with nothing of ours: plain fetch and JSON.parse, the lists first, then every item
 * by four workers a side, both sides at once. What this machine and the proxies allow (its wall time
 * and CPU), measured beside ours: our own CPU is ours less this.
 */
async function plainOnce(served: Served) {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const side = async (url: string, key: string) => {
    const get = async (path: string): Promise<{ data: Record<string, unknown> }> => (await globalThis.fetch(`${url}${path}`, { headers: { Authorization: `ApiKey ${key}` } })).json() as Promise<{ data: Record<string, unknown> }>;
    const [, , , workflows, layouts] = await Promise.all([get('/v1/environments/me'), get('/v1/environments'), get('/v1/integrations'), get('/v2/workflows?limit=100&offset=0'), get('/v2/layouts?limit=100&offset=0')]);
    const items = [...(workflows.data['workflows'] as { _id: string }[]).map((w) => `/v2/workflows/${w._id}`), ...(layouts.data['layouts'] as { _id: string }[]).map((l) => `/v2/layouts/${l._id}`)];
    let next = 0;
    const worker = async () => {
      while (next < items.length) await get(items[next++]!);
    };
    await Promise.all(Array.from({ length: MAX_IN_FLIGHT }, worker));
  };
  await Promise.all([side(served.devUrl, DEV_KEY), side(served.prodUrl, PROD_KEY)]);
  const cpu = process.cpuUsage(cpuBefore);
  return { ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 };
}

/** A previous snapshot in which `CHANGED` workflows of each side had another `updatedAt`: Compare again must read them, and only them. */
function withChanges(side: SideSnapshot): SideSnapshot {
  const workflowList = side.workflowList.map((w, i) => (i < CHANGED ? { ...w, updatedAt: '2000-01-01T00:00:00.000Z' } : w));
  return { ...side, workflowList };
}

async function measure(out: string): Promise<void> {
  const child = spawn(process.execPath, [__filename, '--serve'], { stdio: ['pipe', 'pipe', 'inherit'] });
  try {
    const served = await new Promise<Served>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`the Sandbox process ended (${code})`)));
      createInterface({ input: child.stdout! }).once('line', (line) => resolve(JSON.parse(line) as Served));
    });
    await compareOnce(served); // warm-up: connections, JIT
    await plainOnce(served);
    const runs = [];
    const plain = [];
    // In alternation, so that the machine's load weighs on both alike.
    for (let i = 0; i < RUNS; i++) {
      runs.push(await compareOnce(served));
      plain.push(await plainOnce(served));
    }
    const last = runs[runs.length - 1]!;
    const requestsPerSide = Math.max(last.dev.requests, last.prod.requests);
    // §10.2's count, and each side's translation groups (§10.7: one per workflow with translations enabled).
    const groups = (side: SideSnapshot) => [...side.workflows.values()].filter((w) => w['isTranslationEnabled'] === true).length;
    const lists = 2 + Math.ceil(WORKFLOWS / 100) + Math.ceil(LAYOUTS / 100) + 1;
    const expected = [lists + WORKFLOWS + LAYOUTS + groups(last.source), lists + WORKFLOWS + LAYOUTS + groups(last.target)];
    const floorMs = Math.ceil(requestsPerSide / MAX_IN_FLIGHT) * DELAY_MS;
    const completeMs = median(runs.map((r) => r.ms));
    const again = [];
    for (let i = 0; i < RUNS; i++) again.push(await compareOnce(served, { dev: withChanges(last.source), prod: withChanges(last.target) }));
    const a = again[again.length - 1]!;
    const result = {
      workflowsPerSide: [last.source.workflowList.length, last.target.workflowList.length],
      layoutsPerSide: [last.source.layoutList.length, last.target.layoutList.length],
      delayMs: DELAY_MS,
      requestsPerSide: [last.dev.requests, last.prod.requests],
      expectedRequestsPerSide: expected,
      methods: [...new Set([...last.dev.methods, ...last.prod.methods])],
      // Each request that waited for another to end: ⌈127 / 4⌉ = 32 when four are kept in flight at all times.
      sequentialRoundTrips: [Math.max(...runs.map((r) => sequentialRoundTrips(r.dev.times))), Math.max(...runs.map((r) => sequentialRoundTrips(r.prod.times)))],
      mostInFlight: [Math.max(...runs.map((r) => r.dev.peak)), Math.max(...runs.map((r) => r.prod.peak))],
      completeMs: Math.round(completeMs),
      runs: runs.map((r) => Math.round(r.ms)),
      floorMs,
      ratio: round(completeMs / floorMs),
      firstResultMs: Math.round(median(runs.map((r) => r.firstResultMs))),
      cpuMs: Math.round(median(runs.map((r) => r.cpuMs))),
      plain: { ms: Math.round(median(plain.map((r) => r.ms))), runs: plain.map((r) => Math.round(r.ms)), cpuMs: Math.round(median(plain.map((r) => r.cpuMs))) },
      ownCpuMs: Math.round(median(runs.map((r) => r.cpuMs)) - median(plain.map((r) => r.cpuMs))),
      overPlain: round(completeMs / median(plain.map((r) => r.ms))),
      keptMb: round(median(runs.map((r) => r.keptMb)), 1),
      peakMb: round(median(runs.map((r) => r.peakMb)), 1),
      findings: last.comparison.findings.length,
      unread: last.comparison.unread.length,
      again: {
        changedPerSide: CHANGED,
        requestsPerSide: [a.dev.requests, a.prod.requests],
        expectedRequestsPerSide: [lists + CHANGED + groups(last.source), lists + CHANGED + groups(last.target)],
        ms: Math.round(median(again.map((r) => r.ms))),
        sameResult: JSON.stringify(a.comparison.findings) === JSON.stringify(last.comparison.findings),
      },
    };
    writeFileSync(out, JSON.stringify(result, null, 2));
    console.log(JSON.stringify(result));
  } finally {
    child.stdin!.end();
  }
}

if (process.argv[2] === '--serve') void serve();
else
  void measure(process.argv[2] ?? 'compare-bench.json').catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
