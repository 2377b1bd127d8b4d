/** The window's first load: Activity's large page is read after the rows of the views shown beside it. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { shownRowsFirst } from '../../../src/views/firstRows';

const after = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('shownRowsFirst', () => {
  it('waits for every shown view’s first rows, not for a hidden one, then lets a task pass', async () => {
    const order: string[] = [];
    const shown = { view: { visible: true }, firstRows: after(30).then(() => void order.push('subscribers')) };
    const alsoShown = { view: { visible: true }, firstRows: after(10).then(() => void order.push('integrations')) };
    const hidden = { view: { visible: false }, firstRows: new Promise<void>(() => undefined) };
    const notMade = { firstRows: new Promise<void>(() => undefined) };
    const started = Date.now();
    await shownRowsFirst([shown, alsoShown, hidden, notMade], 1000);
    order.push('activity');
    assert.deepEqual(order, ['integrations', 'subscribers', 'activity']);
    assert.ok(Date.now() - started < 500, 'not the longest wait');
  });

  it('waits at most maxMs for a view that never hands its rows over', async () => {
    const started = Date.now();
    await shownRowsFirst([{ view: { visible: true }, firstRows: new Promise<void>(() => undefined) }], 40);
    const took = Date.now() - started;
    assert.ok(took >= 35 && took < 400, `${took} ms`);
  });
});
