/**
 * Notification tests' figures (issue 46, "Speed"), in plain Node against the demo's real
 * @novu/framework app, through the one runner the Test Explorer, #novuTests and the CLI use:
 * - a full run: 200 cases of 3 message steps (order-shipped: push, chat, SMS), with the most renders
 *   in flight and the requests per step per case counted;
 * - memory: the heap a run of 1,000 cases keeps (its report), after a collection;
 * - the Preview's checks: what they add to a render of the demo's largest email (the receipt), as
 *   the median of the render alone and of the checks on its model, side by side;
 * - the command line: novu-explorer-test (packages/novu-explorer-test/dist/cli.js, as built) over
 *   the same 200 cases, the demo app started by its --start and stopped, as CI would run it.
 * Writes JSON to argv[2]. Run with --expose-gc for the memory figure.
 */
import { spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { doIUseEmail } from '@jsx-email/doiuse-email';
import { BridgeClient, type PreviewStepRequest } from '../../src/bridge/bridgeClient';
import { checkStep, DEFAULT_CHECKS_SETTINGS } from '../../src/checks';
import { renderStep } from '../../src/rendered/renderStep';
import { runCases, type FileToRun } from '../../src/testing/runCases';
import { median, round } from './stats';

const ROOT = resolve(__dirname, '..', '..', '..');
const SECRET = 'sk_bench_tests';

interface BridgeApp {
  url: string;
  stop(): Promise<void>;
}

function caseFile(count: number): FileToRun {
  const cases = Array.from({ length: count }, (_, i) => ({
    name: `order ${i}`,
    payload: { orderId: `A-${1000 + i}`, carrier: ['ups', 'dhl'][i % 2], items: 1 + (i % 5) },
    expect: { 'shipped-push': { title: { contains: `Order A-${1000 + i} shipped` } } },
  }));
  return { path: `bench-${count}.novu-test.json`, text: JSON.stringify({ workflow: 'order-shipped', cases }) };
}

/** A bridge client that counts the previews and the most in flight at once. */
class CountingClient extends BridgeClient {
  previews = 0;
  inFlight = 0;
  mostInFlight = 0;
  override async previewStep(url: string, secret: string, request: PreviewStepRequest, signal?: AbortSignal) {
    this.previews++;
    this.mostInFlight = Math.max(this.mostInFlight, ++this.inFlight);
    try {
      return await super.previewStep(url, secret, request, signal);
    } finally {
      this.inFlight--;
    }
  }
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The CLI over 200 cases, its --start included: the median of 3 runs, and each run's exit code (every case passes: 0 expected). */
async function cliRuns(): Promise<{ cases: number; ms: number; runs: number[]; exitCodes: (number | null)[]; budgetMs: number }> {
  const folder = mkdtempSync(join(tmpdir(), 'novu-bench-cli-'));
  try {
    writeFileSync(join(folder, 'bench.novu-test.json'), caseFile(200).text);
    const runs: number[] = [];
    const exitCodes: (number | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const port = await freePort();
      const start = `"${process.execPath}" "${join(ROOT, 'examples', 'demo-app', 'bridge', 'run.mjs')}" --port ${port} --no-watch`;
      const started = performance.now();
      const result = spawnSync(process.execPath, [join(ROOT, 'packages', 'novu-explorer-test', 'dist', 'cli.js'), '--start', start, '--bridge-url', `http://127.0.0.1:${port}/api/novu`, '--reporter', 'json', '--output', 'report.json'], {
        cwd: folder,
        env: { PATH: process.env['PATH'] ?? '', NOVU_SECRET_KEY: SECRET },
        encoding: 'utf8',
      });
      runs.push(performance.now() - started);
      exitCodes.push(result.status);
    }
    return { cases: 200, ms: round(median(runs)), runs: runs.map(round), exitCodes, budgetMs: 10_000 };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const runner = (await import(pathToFileURL(join(ROOT, 'examples', 'demo-app', 'bridge', 'run.mjs')).href)) as { startBridgeApp(o: { secretKey: string; strict: boolean; watch: boolean }): Promise<BridgeApp> };
  const app = await runner.startBridgeApp({ secretKey: SECRET, strict: true, watch: false });
  const out: Record<string, unknown> = {};
  try {
    const options = { settings: DEFAULT_CHECKS_SETTINGS, canIEmail: doIUseEmail };
    // Warm-up: the app's first renders compile its templates.
    await runCases([caseFile(10)], { client: new BridgeClient(), url: app.url, secret: SECRET }, options);

    const runs: number[] = [];
    let counted: CountingClient | undefined;
    let passed = 0;
    for (let i = 0; i < 3; i++) {
      const client = new CountingClient();
      const started = performance.now();
      const report = await runCases([caseFile(200)], { client, url: app.url, secret: SECRET }, options);
      runs.push(performance.now() - started);
      counted = client;
      passed = report.counts.passed;
    }
    out['full run'] = { cases: 200, steps: 600, passed, ms: round(median(runs)), runs: runs.map(round), previews: counted!.previews, mostInFlight: counted!.mostInFlight, budgetMs: 10_000 };

    const gc = (globalThis as { gc?: () => void }).gc;
    if (gc) {
      gc();
      const before = process.memoryUsage().heapUsed;
      const report = await runCases([caseFile(1000)], { client: new BridgeClient(), url: app.url, secret: SECRET }, options);
      gc();
      const after = process.memoryUsage().heapUsed;
      out['memory'] = { cases: report.files[0]!.cases.length, keptMb: round((after - before) / 1024 / 1024), budgetMb: 100 };
    }

    // The demo's largest email: the receipt, rendered with its defaults.
    const client = new BridgeClient();
    const request = { workflowId: 'payment-receipt', stepId: 'receipt-email', stepType: 'email', payload: {}, subscriber: { subscriberId: 'ada', firstName: 'Ada' }, controls: {} };
    const renders: number[] = [];
    const checks: number[] = [];
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      const rendered = await renderStep(client, app.url, SECRET, request);
      const renderedAt = performance.now();
      if (rendered.kind !== 'rendered') throw new Error(`the receipt did not render: ${rendered.kind}`);
      checkStep({ stepId: 'receipt-email', result: { model: rendered.model }, payload: {} }, DEFAULT_CHECKS_SETTINGS, doIUseEmail);
      checks.push(performance.now() - renderedAt);
      renders.push(renderedAt - started);
    }
    out['preview checks'] = { renderMs: round(median(renders.slice(3))), checksMs: round(median(checks.slice(3))), budgetMs: 100 };
  } finally {
    await app.stop();
  }
  out['cli'] = await cliRuns();
  writeFileSync(process.argv[2]!, JSON.stringify(out, null, 2));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
