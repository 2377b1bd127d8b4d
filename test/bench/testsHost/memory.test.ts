/**
 * Issue 46, "Memory: 1,000 cases cost under 100 MB in the extension host". Inside the real VS Code
 * extension host, with the demo's real @novu/framework app (BENCH_TESTS_BRIDGE_URL, started by the
 * bench's own process, so that the host's heap is the extension's) signed with a Sandbox
 * connection's key (BENCH_TESTS_SANDBOX_URL / _KEY):
 * - the feature at work with one case: a case file of 1 case appears, the Test Explorer loads
 *   (dist/tests.js, caniemail's data), its items come, a run marks them; the heap after a collection;
 * - then a second file of 1,000 cases of order-shipped (3 message steps each: 4,000 items), its
 *   items, and a run of all of them marked in Test Results (the run's results and report kept, as
 *   the Test Explorer keeps them); the heap after a collection.
 * What the 1,000 cases cost is the difference. Results go to BENCH_OUT as JSON.
 */
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import type { NovuExplorerApi } from '../../../src/extensionApi';
import type { TestItemData } from '../../../src/testExplorer/testExplorer';
import { waitFor } from '../loopBlocks';
import { round } from '../stats';

const EXTENSION_ID = 'novuexplorer.novu-explorer';
const CASES = 1000;

function caseFile(count: number, from = 0): string {
  const cases = Array.from({ length: count }, (_, i) => ({
    name: `order ${from + i}`,
    payload: { orderId: `A-${1000 + from + i}`, carrier: ['ups', 'dhl'][i % 2], items: 1 + (i % 5) },
    expect: { 'shipped-push': { title: { contains: `Order A-${1000 + from + i} shipped` } } },
  }));
  return JSON.stringify({ workflow: 'order-shipped', cases }, null, 2);
}

function flat(items: readonly TestItemData[]): TestItemData[] {
  return items.flatMap((i) => [i, ...flat(i.children)]);
}

describe('notification tests in the extension host', () => {
  it('measures what 1,000 cases cost in the extension host, discovered and run', async () => {
    const url = process.env.BENCH_TESTS_SANDBOX_URL;
    const key = process.env.BENCH_TESTS_SANDBOX_KEY;
    const bridge = process.env.BENCH_TESTS_BRIDGE_URL;
    const out = process.env.BENCH_OUT;
    assert.ok(url && key && bridge && out, 'BENCH_TESTS_SANDBOX_URL, _KEY, BENCH_TESTS_BRIDGE_URL and BENCH_OUT are set');
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const heapMb = () => {
      gc();
      gc();
      return process.memoryUsage().heapUsed / 1024 / 1024;
    };
    const extension = vscode.extensions.getExtension<NovuExplorerApi | undefined>(EXTENSION_ID)!;
    const api = extension.isActive ? extension.exports : await extension.activate();
    assert.ok(api, 'the extension exports its parts in test mode');
    await api.manager.add({ name: 'Bench tests', region: 'custom', baseUrl: url }, key);
    await vscode.workspace.getConfiguration('novuExplorer').update('preview.bridgeUrl', bridge, vscode.ConfigurationTarget.Global);
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder, 'the bench opens a folder');
    const write = (name: string, text: string) => vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, name), new TextEncoder().encode(text));
    const before = heapMb();

    // The feature at work with one case.
    await write('one.novu-test.json', caseFile(1, CASES));
    const tests = await waitFor(() => api.tests, 'the tests feature');
    await waitFor(() => flat(tests.itemsData()).some((i) => i.kind === 'step'), 'the first case’s steps');
    const one = await tests.run();
    assert.equal(one?.counts.passed, 1, 'the one case passes');
    const withOne = heapMb();

    // 1,000 more: their items, then a run of every case.
    await write('many.novu-test.json', caseFile(CASES));
    await waitFor(() => flat(tests.itemsData()).filter((i) => i.kind === 'step').length >= (CASES + 1) * 3, 'the 1,000 cases’ steps');
    const items = flat(tests.itemsData()).length;
    const itemsOnly = heapMb();
    const started = performance.now();
    const report = await tests.run();
    const runMs = performance.now() - started;
    assert.equal(report?.counts.passed, CASES + 1, 'every case passes');
    const withMany = heapMb();
    writeFileSync(
      out,
      JSON.stringify({
        cases: CASES,
        items,
        runMs: round(runMs),
        'heap before the feature (MB)': round(before, 1),
        'heap with 1 case run (MB)': round(withOne, 1),
        'heap with 1,000 more cases, items only (MB)': round(itemsOnly, 1),
        'heap with 1,000 more cases run (MB)': round(withMany, 1),
        keptMb: round(withMany - withOne, 1),
        itemsMb: round(itemsOnly - withOne, 1),
        budgetMb: 100,
      }),
    );
  });
});
