/**
 * What code awareness keeps of a connection's workflows (src/code/workflowCache.ts KeptAnswers): an
 * answer read once and shared while fresh, read again when it is not, a failure never kept, and a
 * peek that never reads.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { KeptAnswers } from '../../../src/code/workflowCache';

describe('answers kept for a while', () => {
  it('shares one read among concurrent asks, and reads again once it is stale', async () => {
    let now = 0;
    let reads = 0;
    const kept = new KeptAnswers<number>(1000, () => now);
    const read = () => Promise.resolve(++reads);
    assert.deepEqual(await Promise.all([kept.get('a', read), kept.get('a', read)]), [1, 1]);
    assert.equal(await kept.get('b', read), 2, 'another key is its own read');
    now = 999;
    assert.equal(await kept.get('a', read), 1);
    assert.equal(await kept.peek('a'), 1);
    now = 1000;
    assert.equal(await kept.peek('a'), undefined, 'stale: a peek says nothing and reads nothing');
    assert.equal(reads, 2);
    assert.equal(await kept.get('a', read), 3);
  });

  it('keeps no failure: the next ask reads again, and a peek meanwhile says nothing', async () => {
    const kept = new KeptAnswers<string>(1000, () => 0);
    let fail = true;
    const read = () => (fail ? Promise.reject(new Error('503')) : Promise.resolve('ok'));
    const first = kept.get('a', read);
    assert.equal(await kept.peek('a'), undefined);
    await assert.rejects(first, /503/);
    fail = false;
    assert.equal(await kept.get('a', read), 'ok');
  });

  it('forgets a key, or everything', async () => {
    let reads = 0;
    const kept = new KeptAnswers<number>(1000, () => 0);
    const read = () => Promise.resolve(++reads);
    await kept.get('a', read);
    await kept.get('b', read);
    assert.equal(kept.delete('a'), true);
    assert.equal(kept.delete('a'), false);
    assert.equal(await kept.peek('a'), undefined);
    kept.clear();
    assert.equal(await kept.peek('b'), undefined);
    assert.equal(await kept.get('b', read), 3);
  });
});
