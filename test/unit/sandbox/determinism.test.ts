import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_FIXTURES as F, type Sandbox, type Subscriber, startSandbox } from '../../../src/sandbox';
import { get } from './helpers';

async function snapshot(sandbox: Sandbox): Promise<string> {
  const paths = [
    '/v2/subscribers?limit=100',
    '/v2/subscribers?limit=50&orderBy=updatedAt&orderDirection=ASC',
    `/v2/subscribers/${F.preferencesSubscriberId}/preferences?criticality=all`,
    '/v1/integrations/active',
    '/v1/notifications?limit=50',
    `/v1/notifications/${F.failedNotificationId}`,
  ];
  const bodies = await Promise.all(paths.map((p) => get<unknown>(sandbox, p).then((r) => r.body)));
  return JSON.stringify(bodies);
}

describe('determinism and scale', () => {
  it('gives identical bodies for the same seed and different data for another seed', async () => {
    const a = await startSandbox({ seed: 42 });
    const b = await startSandbox({ seed: 42 });
    const c = await startSandbox({ seed: 43 });
    try {
      const [sa, sb, sc] = await Promise.all([snapshot(a), snapshot(b), snapshot(c)]);
      assert.equal(sa, sb);
      assert.notEqual(sa, sc);
      // Fixture ids never depend on the seed.
      assert.ok(c.state.notification(F.bigNotificationId));
      assert.ok(c.state.subscriber(F.unicodeSubscriberId));
    } finally {
      await Promise.all([a.close(), b.close(), c.close()]);
    }
  });

  // How long seeding takes is measured by `npm run bench` (it prints the sandbox's start time), not
  // asserted here: a timed unit test fails whenever the machine is busy.
  it('seeds and pages 100,000 subscribers', async () => {
    const sandbox = await startSandbox({ subscriberCount: 100_000 });
    try {
      assert.equal(sandbox.state.subscribers.length, 100_000);
      const ids = sandbox.state.subscribers.map((s) => s._id);
      for (let i = 1; i < ids.length; i++) assert.ok((ids[i - 1] ?? '') < (ids[i] ?? ''), 'ids increase');
      const first = await get<{ data: Subscriber[]; next: string; totalCount: number; totalCountCapped: boolean }>(
        sandbox,
        '/v2/subscribers?limit=100',
      );
      assert.equal(first.body.totalCount, 50_000);
      assert.equal(first.body.totalCountCapped, true);
      const pageStarted = performance.now();
      let cursor: string | null = first.body.next;
      for (let i = 0; i < 50 && cursor; i++) {
        const res: { body: { next: string | null } } = await get(sandbox, `/v2/subscribers?limit=100&after=${cursor}&orderBy=updatedAt`);
        cursor = res.body.next;
      }
      assert.ok(performance.now() - pageStarted < 2000, 'cursor pages are cheap');
    } finally {
      await sandbox.close();
    }
  });

  it('caps totalCount at 50,000', async () => {
    const sandbox = await startSandbox({ subscriberCount: 50_001 });
    try {
      const res = await get<{ totalCount: number; totalCountCapped: boolean }>(sandbox, '/v2/subscribers?limit=1');
      assert.equal(res.body.totalCount, 50_000);
      assert.equal(res.body.totalCountCapped, true);
      const filtered = await get<{ totalCount: number; totalCountCapped: boolean }>(sandbox, '/v2/subscribers?limit=1&email=sandbox.example');
      assert.equal(filtered.body.totalCountCapped, false);
      assert.ok(filtered.body.totalCount < 50_000);
    } finally {
      await sandbox.close();
    }
  });
});
