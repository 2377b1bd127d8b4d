/** Ids that a log line names become links; a bare hex string in ordinary code does not. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findLoggedRefs } from '../../../src/notifications/notificationRefs';

const ID = '6615c0ffee0000000000aa01';

describe('notification links', () => {
  it('finds notification ids after their key, quoted or not, and gives the exact span', () => {
    for (const line of [`notificationId: ${ID}`, `{"_notificationId": "${ID}", "x": 1}`, `notificationId=${ID} status=failed`, `notification_id='${ID}'`]) {
      const [found] = findLoggedRefs(line);
      assert.ok(found, line);
      assert.deepEqual(found.ref, { kind: 'notification', id: ID });
      assert.equal(line.slice(found.start, found.start + found.length), ID, line);
    }
  });

  it('finds transaction ids, several per line', () => {
    const line = `[worker] transactionId: 7f3c-91ab-4e2d txn_id=order-42 "transactionId":"b2c1e0f4-9a7d-4c3e-8f21-5d6a7b8c9d0e"`;
    assert.deepEqual(
      findLoggedRefs(line).map((f) => [f.ref.kind, f.ref.id, line.slice(f.start, f.start + f.length)]),
      [
        ['transaction', '7f3c-91ab-4e2d', '7f3c-91ab-4e2d'],
        ['transaction', 'order-42', 'order-42'],
        ['transaction', 'b2c1e0f4-9a7d-4c3e-8f21-5d6a7b8c9d0e', 'b2c1e0f4-9a7d-4c3e-8f21-5d6a7b8c9d0e'],
      ],
    );
  });

  it('is not a link: a bare hex string, a notification key with a non-id, or a word after a key', () => {
    assert.deepEqual(findLoggedRefs(`const hash = "${ID}";`), []);
    assert.deepEqual(findLoggedRefs(`git checkout ${ID}`), []);
    assert.deepEqual(findLoggedRefs('notificationId: pending'), []);
    assert.deepEqual(findLoggedRefs('transactionId: none'), [], 'a plain word is not a transaction id');
    assert.deepEqual(findLoggedRefs('mytransactionId: abc-123'), [], 'only the key itself, not a longer name');
    assert.deepEqual(findLoggedRefs('x'.repeat(20_000) + ` transactionId: a-1-2-3`), [], 'very long lines are not scanned');
  });
});
