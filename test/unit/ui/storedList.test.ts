/**
 * A list kept in the extension's storage (src/ui/storedList.ts), as the recently opened
 * notifications and the "sent again" links keep theirs: newest first, capped, an entry replacing the
 * one it stands for, and what an older version stored read back by shape.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { StoredList } from '../../../src/ui/storedList';

type Entry = { id: string; n: number };
const isEntry = (value: unknown): value is Entry => typeof (value as Entry | null)?.id === 'string' && typeof (value as Entry).n === 'number';

/** A storage as the extension's global state keeps values: by key, each value as given. */
function storage(initial: Record<string, unknown> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    values,
    get: <T>(key: string, fallback?: T) => (values.has(key) ? values.get(key) : fallback) as T,
    update: async (key: string, value: unknown) => void values.set(key, value),
  };
}

describe('a stored list', () => {
  it('keeps the newest first, at most max, an entry replacing the one it stands for', async () => {
    const store = storage();
    const list = new StoredList<Entry>(store, 'k', 3, isEntry, (older, entry) => older.id === entry.id);
    assert.deepEqual(list.all, []);
    for (const [id, n] of [['a', 1], ['b', 2], ['c', 3], ['a', 4], ['d', 5]] as const) await list.add({ id, n });
    assert.deepEqual(list.all, [{ id: 'd', n: 5 }, { id: 'a', n: 4 }, { id: 'c', n: 3 }]);
    assert.deepEqual(store.values.get('k'), list.all, 'what it keeps is what it reads');
  });

  it('reads what it does not recognise as nothing, and leaves out entries of another shape', async () => {
    assert.deepEqual(new StoredList<Entry>(storage({ k: { a: 1 } }), 'k', 3, isEntry, () => false).all, []);
    const mixed = new StoredList<Entry>(storage({ k: [{ id: 'a', n: 1 }, 'b', null, { id: 2, n: 2 }, { id: 'c', n: 3 }] }), 'k', 3, isEntry, (o, e) => o.id === e.id);
    assert.deepEqual(mixed.all, [{ id: 'a', n: 1 }, { id: 'c', n: 3 }]);
    await mixed.add({ id: 'c', n: 9 });
    assert.deepEqual(mixed.all, [{ id: 'c', n: 9 }, { id: 'a', n: 1 }]);
  });
});
