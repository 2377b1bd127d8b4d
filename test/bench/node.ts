/**
 * The benchmarks that run in plain Node: bundle sizes, parse cost against the official SDK's models,
 * request overhead against plain fetch, and the notification view-model. Writes JSON to argv[2].
 */
import { writeFileSync, readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import * as esbuild from 'esbuild';
import ky from 'ky';
import { ActivityNotificationResponseDto$inboundSchema, ListSubscribersResponseDto$inboundSchema } from '@novu/api/models/components';
import { NovuClient, notificationSchema, subscriberPageSchema } from '../../src/api';
import { buildViewModel } from '../../src/notifications/viewModel';
import { scanJavaScript, scanPython } from '../../src/scan';
import { SANDBOX_FIXTURES, startSandbox } from '../../src/sandbox';
import { buildNotification, buildSubscriber } from '../fixtures/builders';
import { compare, median, round, timeRuns } from './stats';
import { failuresWindow } from './failuresBench';
import { audienceBench } from './audienceBench';

const ROOT = process.cwd();

function sizeOf(path: string): { raw: number; gzip: number } {
  const data = readFileSync(path);
  return { raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
}

async function bundleSize(entry: string, name: string): Promise<{ raw: number; gzip: number }> {
  const outfile = join(ROOT, 'out', 'bench', `${name}.js`);
  await esbuild.build({ entryPoints: [entry], bundle: true, minify: true, platform: 'node', target: 'node20', format: 'cjs', outfile, logLevel: 'error', external: ['vscode'] });
  return sizeOf(outfile);
}

async function bundles() {
  const files: Record<string, { raw: number; gzip: number }> = {};
  for (const file of ['dist/extension.js', 'dist/panels.js', 'dist/sandboxServer.js', 'media/dist/notifications.js', 'media/dist/preferences.js']) {
    if (existsSync(join(ROOT, file))) files[file] = sizeOf(join(ROOT, file));
  }
  files['NovuClient alone (7 operations)'] = await bundleSize('test/bench/clientEntry.ts', 'client');
  files['@novu/api standalone functions (6 operations)'] = await bundleSize('test/bench/sdkEntry.ts', 'sdk');
  return files;
}

async function parseCost() {
  const notification = JSON.parse(JSON.stringify(buildNotification({}, 1000, 20)));
  const page = JSON.parse(JSON.stringify({ data: Array.from({ length: 100 }, () => buildSubscriber({ phone: '+15550100', locale: 'en-US', timezone: 'Europe/Berlin', data: { plan: 'pro' } })), next: 'abc', previous: null, totalCount: 1000, totalCountCapped: false }));
  // Both must accept the data, or the comparison means nothing.
  if (!notificationSchema.safeParse(notification).success) throw new Error('NovuClient rejects the benchmark notification');
  ActivityNotificationResponseDto$inboundSchema.parse(notification);
  ListSubscribersResponseDto$inboundSchema.parse(page);
  const big = await compare(() => notificationSchema.safeParse(notification), () => ActivityNotificationResponseDto$inboundSchema.parse(notification), { warmup: 3, runs: 15 });
  const subs = await compare(() => subscriberPageSchema.safeParse(page), () => ListSubscribersResponseDto$inboundSchema.parse(page), { warmup: 10, runs: 50 });
  return {
    'notification 1,000 jobs x 20 details': { clientMs: round(big.a), sdkMs: round(big.b), ratio: round(big.ratio) },
    'subscriber page of 100': { clientMs: round(subs.a, 3), sdkMs: round(subs.b, 3), ratio: round(subs.ratio) },
  };
}

async function requestOverhead() {
  const sandbox = await startSandbox({ apiKey: 'bench-key' });
  try {
    const client = new NovuClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    const headers = { Authorization: `ApiKey ${sandbox.apiKey}`, Accept: 'application/json' };
    const search = await compare(
      () => client.searchSubscribers({ limit: 100 }),
      async () => (await fetch(`${sandbox.url}/v2/subscribers?limit=100`, { headers })).json(),
      { warmup: 10, runs: 40 },
    );
    const id = SANDBOX_FIXTURES.failedNotificationId;
    const read = await compare(
      () => client.getNotification(id),
      async () => (await fetch(`${sandbox.url}/v1/notifications/${id}`, { headers })).json(),
      { warmup: 10, runs: 40 },
    );
    const bigId = SANDBOX_FIXTURES.bigNotificationId;
    const bigRead = await compare(
      () => client.getNotification(bigId),
      async () => (await fetch(`${sandbox.url}/v1/notifications/${bigId}`, { headers })).json(),
      { warmup: 5, runs: 20 },
    );
    // Where the search's overhead goes: ky alone (no validation, no envelope, no log) against fetch,
    // and the validation alone on the same body.
    const plainKy = ky.create({ headers });
    const kyAlone = await compare(
      async () => JSON.parse(await (await plainKy(`${sandbox.url}/v2/subscribers?limit=100`)).text()),
      async () => (await fetch(`${sandbox.url}/v2/subscribers?limit=100`, { headers })).json(),
      { warmup: 10, runs: 60 },
    );
    const body = (await (await fetch(`${sandbox.url}/v2/subscribers?limit=100`, { headers })).json()) as unknown;
    const validation = median(await timeRuns(() => subscriberPageSchema.safeParse(body), { warmup: 20, runs: 100 }));
    const us = (r: { a: number; b: number }) => Math.round((r.a - r.b) * 1000);
    return {
      'search, 100 subscribers': { clientMs: round(search.a), fetchMs: round(search.b), ratio: round(search.ratio), overheadUs: us(search), kyUs: us(kyAlone), validationUs: Math.round(validation * 1000) },
      'notification read (failed fixture)': { clientMs: round(read.a), fetchMs: round(read.b), ratio: round(read.ratio), overheadUs: us(read) },
      'notification read (320 jobs)': { clientMs: round(bigRead.a), fetchMs: round(bigRead.b), ratio: round(bigRead.ratio), overheadUs: us(bigRead) },
    };
  } finally {
    await sandbox.close();
  }
}

async function viewModel() {
  const notification = notificationSchema.parse(JSON.parse(JSON.stringify(buildNotification({}, 1000, 20))));
  const times = await timeRuns(() => buildViewModel(notification), { warmup: 3, runs: 15 });
  const model = buildViewModel(notification);
  return { 'view-model, 1,000 jobs x 20': { medianMs: round(median(times)), firstMessageBytes: JSON.stringify(model).length } };
}

/** Issue 25: the code scanners on a megabyte of source (a trigger call every 150 bytes, comments, templates). */
async function scanner() {
  // A client first: a trigger call is read as Novu's only when its receiver is one (issue 30).
  const chunk = `// novu.trigger('in-a-comment')\nexport async function notify() { await novu.trigger({ workflowId: 'order-shipped', to: 'ada', payload: { note: \`t \${x}\` } }); }\n`;
  const js = "import { Novu } from '@novu/api';\nconst novu = new Novu({ secretKey: process.env.NOVU_SECRET_KEY });\n" + chunk.repeat(Math.ceil((1024 * 1024) / chunk.length));
  const pyChunk = '# novu.trigger(workflow_id="no")\nnovu.trigger(workflow_id="order-shipped", to="ada", payload={"n": 1})\n';
  const py = 'from novu_py import Novu\nnovu = Novu(secret_key="x")\n' + pyChunk.repeat(Math.ceil((1024 * 1024) / pyChunk.length));
  const jsTimes = await timeRuns(() => scanJavaScript(js), { warmup: 3, runs: 15 });
  const pyTimes = await timeRuns(() => scanPython(py), { warmup: 3, runs: 15 });
  return { 'TypeScript/JavaScript, 1 MB': { medianMs: round(median(jsTimes)) }, 'Python, 1 MB': { medianMs: round(median(pyTimes)) } };
}

async function main(): Promise<void> {
  const out = process.argv[2];
  if (!out) throw new Error('usage: node out/test/bench/node.js <out.json>');
  const result = { bundles: await bundles(), parse: await parseCost(), requests: await requestOverhead(), viewModel: await viewModel(), scanner: await scanner(), failures: await failuresWindow(), audience: await audienceBench() };
  writeFileSync(out, JSON.stringify(result, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
