/** Issue 14: the latency proxy holds each answer back by its delay, counts sequential round trips, and sees aborts. */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { criticalPathMs, sequentialRoundTrips, startLatencyProxy } from '../../bench/latencyProxy';
import { startSandbox, type Sandbox } from '../../../src/sandbox';

describe('the latency proxy', () => {
  it('counts round trips one after another, parallel ones once', () => {
    assert.equal(sequentialRoundTrips([]), 0);
    assert.equal(sequentialRoundTrips([{ startMs: 0, endMs: 100 }, { startMs: 5, endMs: 105 }]), 1, 'two in parallel');
    assert.equal(sequentialRoundTrips([{ startMs: 0, endMs: 100 }, { startMs: 101, endMs: 200 }]), 2, 'one after the other');
    assert.equal(
      sequentialRoundTrips([{ startMs: 0, endMs: 100 }, { startMs: 2, endMs: 102 }, { startMs: 103, endMs: 203 }, { startMs: 210, endMs: 300 }]),
      3,
      'a parallel pair, then two in a row',
    );
  });

  it("sums the service side's time along the longest chain, parallel requests once", () => {
    assert.equal(criticalPathMs([]), 0);
    assert.equal(criticalPathMs([{ startMs: 0, endMs: 100 }, { startMs: 5, endMs: 130 }]), 125, 'the longer of two in parallel');
    assert.equal(criticalPathMs([{ startMs: 0, endMs: 100 }, { startMs: 140, endMs: 240 }]), 200, 'two in a row, the gap between them not counted');
    assert.equal(criticalPathMs([{ startMs: 0, endMs: 300 }, { startMs: 1, endMs: 101 }, { startMs: 102, endMs: 152 }]), 300, 'one long request beats a shorter chain');
  });

  let sandbox: Sandbox | undefined;
  after(async () => sandbox?.close());

  it('delays every answer, records it, and sees a request the client gave up on', async () => {
    sandbox = await startSandbox({ apiKey: 'proxy-test-key' });
    const proxy = await startLatencyProxy(sandbox.url, 60);
    try {
      const headers = { authorization: `ApiKey ${sandbox.apiKey}` };
      const started = performance.now();
      const response = await fetch(`${proxy.url}/v2/subscribers?limit=1`, { headers });
      assert.equal(response.status, 200);
      assert.ok(((await response.json()) as { data: unknown[] }).data.length === 1);
      assert.ok(performance.now() - started >= 60, 'held back by the delay');
      assert.deepEqual(proxy.requests.map((r) => [r.method, r.path, r.status, r.aborted]), [['GET', '/v2/subscribers?limit=1', 200, false]]);

      proxy.clear();
      proxy.delayMs = 500;
      const controller = new AbortController();
      const pending = fetch(`${proxy.url}/v2/subscribers?limit=1`, { headers, signal: controller.signal }).catch((e: unknown) => e);
      await new Promise((r) => setTimeout(r, 100));
      controller.abort();
      await pending;
      const deadline = Date.now() + 2000;
      while (!proxy.requests[0]?.aborted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      assert.equal(proxy.requests[0]?.aborted, true, 'the abort reached the server side');
    } finally {
      await proxy.close();
    }
  });
});
