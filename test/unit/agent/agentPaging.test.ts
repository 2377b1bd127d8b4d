/**
 * Paging under the 8 KB cap (issue 23.2): whatever the cap leaves out, the cursor a result hands
 * back continues right after the last record it shows. Walks 300 records, some of 7 KB, page by
 * page, as a model would, and proves every record is reached exactly once.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Notification, NotificationPage, Subscriber } from '../../../src/api';
import { scanNotifications } from '../../../src/agent/agentPaging';
import type { Where } from '../../../src/agent/agentReports';
import { cursorAfterShown, subscribersReport } from '../../../src/agent/environmentReports';
import { notificationsReport } from '../../../src/agent/notificationReports';
import { RESULT_CAP_BYTES, VALUE_KEEP_CHARS, byteLength } from '../../../src/agent/agentText';
import { buildNotification, buildSubscriber } from '../../fixtures/builders';

const where: Where = { name: 'Dev', region: 'US', environmentId: 'env0000000000000000000001' };

function dataOf(text: string): Record<string, unknown>[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('```json '));
  if (start < 0) return [];
  const end = lines.indexOf('```', start + 1);
  return lines.slice(start + 1, end).map((l) => JSON.parse(l) as Record<string, unknown>);
}

function cursorOf(text: string): string | undefined {
  return /call again (?:with the same filters and )?(?:with )?cursor "([^"]+)"/.exec(text)?.[1];
}

const hex = (i: number): string => i.toString(16).padStart(24, '0');

/** 300 subscribers; every 7th has a 7 KB name, every 11th a 3 KB email. */
function subscribers(count = 300): Subscriber[] {
  return Array.from({ length: count }, (_, i) =>
    buildSubscriber({
      _id: hex(i + 1),
      subscriberId: `user-${i}`,
      firstName: i % 7 === 3 ? `Big${'n'.repeat(7 * 1024)}` : `Name${i}`,
      lastName: 'L',
      email: i % 11 === 5 ? `${'e'.repeat(3 * 1024)}@example.com` : `u${i}@example.com`,
    }),
  );
}

/** The contract's cursor paging (§1): `after` is the last item's `_id`, exclusive; `next` the page's last `_id`. */
function subscriberPage(all: Subscriber[], after: string | undefined, limit: number): { data: Subscriber[]; next: string | null; totalCount: number } {
  const from = after === undefined ? 0 : all.findIndex((s) => s._id === after) + 1;
  const data = all.slice(from, from + limit);
  return { data, next: from + limit < all.length ? (data.at(-1)!._id ?? null) : null, totalCount: all.length };
}

describe('paging under the size cap', () => {
  for (const limit of [10, 100]) {
    it(`search subscribers with a limit of ${limit}: 300 records, some of 7 KB, each reached exactly once`, () => {
      const all = subscribers();
      const seen = new Map<string, number>();
      let cursor: string | undefined;
      let calls = 0;
      do {
        const page = subscriberPage(all, cursor, limit);
        const text = subscribersReport({ where, filters: [], subscribers: page.data, next: page.next, totalCount: page.totalCount });
        assert.ok(byteLength(text) <= RESULT_CAP_BYTES, 'under the cap');
        const rows = dataOf(text);
        assert.ok(rows.length > 0, 'every call shows at least one');
        assert.match(text, new RegExp(`${rows.length} shown of 300 subscribers`));
        for (const row of rows) seen.set(String(row['subscriberId']), (seen.get(String(row['subscriberId'])) ?? 0) + 1);
        for (const row of rows.filter((r) => String(r['name']).startsWith('Big'))) {
          assert.equal(String(row['name']).length, VALUE_KEEP_CHARS, 'a long name is shortened, not dropped');
          assert.ok((row['charsLeftOut'] as Record<string, number>)['name']! > 6800);
        }
        cursor = cursorOf(text);
        calls += 1;
        assert.ok(calls < 400, 'paging ends');
      } while (cursor !== undefined);
      assert.equal(seen.size, 300, 'every subscriber reached');
      assert.ok([...seen.values()].every((n) => n === 1), 'none twice');
    });
  }

  it('a page cut by the cap hands back the last shown `_id` as the cursor, and says how many were left out', () => {
    const all = subscribers(100).map((s) => ({ ...s, firstName: `Person with a moderately long name ${s.subscriberId}`, email: `${s.subscriberId}@a-long-domain-name.example.com` }));
    const page = subscriberPage(all, undefined, 100);
    const text = subscribersReport({ where, filters: [], subscribers: page.data, next: page.next, totalCount: 231 });
    const rows = dataOf(text);
    assert.ok(rows.length < 100, 'many small ones do not all fit');
    assert.equal(cursorOf(text), all[rows.length - 1]!._id);
    assert.match(text, new RegExp(`${100 - rows.length} more of this page are left out`));
    assert.match(text, new RegExp(`${rows.length} shown of 231 subscribers`));
  });

  it('gives no cursor that would skip records when the service cursor is not the last `_id`', () => {
    const page = subscribers(3);
    assert.equal(cursorAfterShown({ subscribers: page, next: 'opaque-token' }, 3), 'opaque-token');
    assert.equal(cursorAfterShown({ subscribers: page, next: 'opaque-token' }, 2), undefined);
    assert.equal(cursorAfterShown({ subscribers: page, next: page[2]!._id }, 2), page[1]!._id);
    assert.equal(cursorAfterShown({ subscribers: page, next: null }, 1), page[0]!._id);
    assert.equal(cursorAfterShown({ subscribers: page, next: null }, 3), null);
  });

  /** 300 notifications newest first, some with a 7 KB workflow name; every 3rd failed. */
  function notifications(): Notification[] {
    return Array.from({ length: 300 }, (_, i) =>
      buildNotification({
        _id: hex(1000 + i),
        transactionId: `txn-${i}`,
        template: { _id: hex(9), name: i % 9 === 4 ? `W${'w'.repeat(7 * 1024)}` : `Workflow ${i}`, triggers: [{ identifier: `wf-${i}`, type: 'event', variables: [] }] } as never,
      }, 2, 1),
    );
  }

  /** The contract's offset paging (§6): `hasMore` is a full page. */
  const offsetList = (all: Notification[], requests: { page: number; limit: number }[]) => async (page: number, limit: number): Promise<NotificationPage> => {
    requests.push({ page, limit });
    const data = all.slice(page * limit, page * limit + limit);
    return { data, hasMore: data.length === limit, page, pageSize: limit };
  };

  for (const [limit, filteredHere] of [[10, false], [50, false], [50, true], [7, true]] as const) {
    it(`find notifications (limit ${limit}${filteredHere ? ', filtered here' : ''}): 300 records, some of 7 KB, each reached exactly once`, async () => {
      const all = notifications();
      const matches = filteredHere ? (n: Notification) => Number(n.transactionId!.slice(4)) % 3 === 0 : () => true;
      const expected = all.filter(matches).map((n) => n._id);
      const seen = new Map<string, number>();
      let cursor: string | undefined;
      let calls = 0;
      do {
        const requests: { page: number; limit: number }[] = [];
        const scanned = await scanNotifications(offsetList(all, requests), { start: cursor ? Number(cursor) : 0, limit, filteredHere, matches, pageSize: 50, scanPages: 4 });
        if (!filteredHere && cursor === undefined) assert.deepEqual(requests, [{ page: 0, limit }], 'one request of the limit from the start');
        const text = notificationsReport({ where, filters: [], notifications: scanned.kept, scanned: scanned.scanned, cursorAfter: scanned.cursorAfter, appliedHere: filteredHere ? ['failures only'] : [] });
        assert.ok(byteLength(text) <= RESULT_CAP_BYTES, 'under the cap');
        const rows = dataOf(text);
        for (const row of rows) seen.set(String(row['id']), (seen.get(String(row['id'])) ?? 0) + 1);
        const next = cursorOf(text);
        assert.ok(next === undefined || next !== cursor, 'the cursor moves');
        cursor = next;
        calls += 1;
        assert.ok(calls < 400, 'paging ends');
      } while (cursor !== undefined);
      assert.deepEqual([...seen.keys()].sort(), [...expected].sort(), 'every matching notification reached');
      assert.ok([...seen.values()].every((n) => n === 1), 'none twice');
    });
  }
});
