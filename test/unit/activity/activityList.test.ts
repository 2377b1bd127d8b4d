/** Pages and follow polls merged into the Activity list (contract §6 quirks). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Notification } from '../../../src/api';
import { ActivityList } from '../../../src/activity/activityList';
import { buildJob, buildNotification, isoTime } from '../../fixtures/builders';

/** `count` notifications, newest first, created `from` seconds on. */
function feed(count: number, from = 0): Notification[] {
  return Array.from({ length: count }, (_, i) => buildNotification({ createdAt: isoTime(from + count - i) }, 1, 1));
}

describe('activity list', () => {
  it('appends pages without duplicates; a full last page says more, the empty next one ends it', () => {
    const list = new ActivityList();
    const all = feed(20);
    assert.equal(list.append(all.slice(0, 10), 10), 10);
    assert.equal(list.hasMore, true);
    assert.equal(list.nextPage(10), 1);
    // A row shifted to the next page by a new arrival comes back: dropped.
    assert.equal(list.append(all.slice(9, 19), 10), 9);
    assert.equal(list.append(all.slice(19), 10), 1);
    assert.equal(list.hasMore, false);
    assert.equal(list.size, 20);
    const full = new ActivityList();
    full.append(feed(10), 10);
    assert.equal(full.hasMore, true, 'hasMore is data.length === limit');
    full.append([], 10);
    assert.equal(full.hasMore, false, 'an empty page after hasMore is the end, not an error');
  });

  it('a poll inserts new rows on top in the service’s order, and updates moved rows in place', () => {
    const list = new ActivityList();
    const old = feed(5);
    list.append(old, 10);
    const fresh = feed(2, 100);
    const moved = { ...old[1]!, updatedAt: isoTime(500), jobs: [buildJob({ status: 'failed' })] };
    const merge = list.mergeNewest([...fresh, old[0]!, moved, ...old.slice(2)], 10);
    assert.deepEqual(merge.inserted.map((n) => n._id), fresh.map((n) => n._id));
    assert.deepEqual(merge.updated.map((n) => n._id), [old[1]!._id]);
    assert.deepEqual(merge.newlyFailed, [old[1]!._id], 'a row that moved to failed is a new failure');
    assert.equal(merge.restarted, false);
    assert.deepEqual(list.items.map((n) => n._id), [...fresh, ...old].map((n) => n._id));
    assert.equal(list.get(old[1]!._id), moved);
    assert.equal(list.failedCount, 1);
  });

  it('a poll that changes nothing reports nothing; rows below the page stay', () => {
    const list = new ActivityList();
    const rows = feed(30);
    list.append(rows.slice(0, 10), 10);
    list.append(rows.slice(10, 20), 10);
    const merge = list.mergeNewest(rows.slice(0, 10), 10);
    assert.deepEqual([merge.inserted.length, merge.updated.length, merge.newlyFailed.length], [0, 0, 0]);
    assert.equal(list.size, 20);
    assert.equal(list.hasMore, true);
  });

  it('more new rows than a page holds: starts again from the newest page rather than leave a hole', () => {
    const list = new ActivityList();
    list.append(feed(10), 10);
    const burst = feed(10, 1000).map((n, i) => (i === 3 ? { ...n, jobs: [buildJob({ status: 'failed' })] } : n));
    const merge = list.mergeNewest(burst, 10);
    assert.equal(merge.restarted, true);
    assert.equal(merge.newlyFailed.length, 1);
    assert.deepEqual(list.items.map((n) => n._id), burst.map((n) => n._id));
    assert.equal(list.nextPage(10), 1);
  });

  it('the next page follows what is held, so rows inserted by follow do not make a page repeat', () => {
    const list = new ActivityList();
    list.append(feed(10), 10);
    list.mergeNewest([...feed(3, 500), ...list.items.slice(0, 7)], 10);
    assert.equal(list.size, 13);
    assert.equal(list.nextPage(10), 1);
  });
});
