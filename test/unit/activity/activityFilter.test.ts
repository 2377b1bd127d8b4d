/** The Activity filter: the query it becomes, its words, the parts of the pick, and typed times. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  activityQuery,
  describeActivityFilter,
  failuresWindowFor,
  isActivityFilterEmpty,
  normalizeActivityFilter,
  type ActivityFilter,
} from '../../../src/activity/activityFilter';
import { checkRange, parseTimeInput } from '../../../src/format/timeRange';
import { filterToParts, partKey, partsToFilter, typedParts } from '../../../src/activity/activityFilterParts';
import { validateNotificationQuery } from '../../../src/api/validation';

const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const WF = '6615c0ffee0000000000aa01';

describe('activity filter', () => {
  it('builds the contract query: arrays, workflows by internal id, transaction, topic, and no paging', () => {
    const filter: ActivityFilter = {
      subscriberIds: ['ada', 'bob'],
      emails: ['ada@example.com'],
      channels: ['email', 'sms'],
      workflows: [{ id: WF, name: 'Welcome' }],
      severity: ['high'],
      transactionId: 'txn-1',
      topicKey: 'project-apollo',
    };
    const query = activityQuery(filter, NOW);
    assert.deepEqual(query, {
      subscriberIds: ['ada', 'bob'],
      emails: ['ada@example.com'],
      channels: ['email', 'sms'],
      templates: [WF],
      severity: ['high'],
      transactionId: 'txn-1',
      topicKey: 'project-apollo',
    });
    assert.deepEqual(validateNotificationQuery({ ...query, page: 0, limit: 50 }), {});
    assert.deepEqual(activityQuery({}, NOW), {}, 'no filter, no parameters');
  });

  it('resolves relative ranges at each load, and passes custom ends as typed', () => {
    assert.equal(activityQuery({ range: { kind: 'lastHour' } }, NOW).after, '2026-11-22T11:00:00.000Z');
    assert.equal(activityQuery({ range: { kind: 'last24Hours' } }, NOW).after, '2026-11-21T12:00:00.000Z');
    assert.equal(activityQuery({ range: { kind: 'last7Days' } }, NOW + 60_000).after, '2026-11-15T12:01:00.000Z');
    assert.equal(activityQuery({ range: { kind: 'lastHour' } }, NOW).before, undefined);
    const custom = activityQuery({ range: { kind: 'custom', after: '2026-11-20T08:00:00.000Z', before: '2026-11-20T09:00:00.000Z' } }, NOW);
    assert.equal(custom.after, '2026-11-20T08:00:00.000Z');
    assert.equal(custom.before, '2026-11-20T09:00:00.000Z');
  });

  it('names the filter in words, with values quoted as typed', () => {
    assert.equal(describeActivityFilter({ subscriberIds: ['ada'] }), 'subscriber “ada”');
    assert.equal(
      describeActivityFilter({ subscriberIds: ['a', 'b', 'c'], channels: ['email', 'in_app'], workflows: [{ id: WF, name: 'Welcome <b>' }], severity: ['high', 'low'], range: { kind: 'lastHour' } }),
      'subscribers “a”, “b” or “c” · workflow “Welcome <b>” · Email or In-app · high or low severity · last hour',
    );
    assert.equal(describeActivityFilter({ workflows: [{ id: WF }] }), `workflow “${WF}”`);
    assert.equal(describeActivityFilter({ transactionId: 't-1', topicKey: 'tk' }), 'transaction “t-1” · topic “tk”');
    assert.match(describeActivityFilter({ range: { kind: 'custom', after: '2026-11-20T08:00:00.000Z' } }, 'en-US'), /^since Nov 20, 2026/);
    assert.match(describeActivityFilter({ range: { kind: 'custom', after: '2026-11-20T08:00:00.000Z', before: '2026-11-21T08:00:00.000Z' } }, 'en-US'), / to Nov 21, 2026/);
  });

  it('drops empty parts, trims and de-duplicates', () => {
    const clean = normalizeActivityFilter({ subscriberIds: [' ada ', 'ada', ''], emails: [], transactionId: '  ', workflows: [{ id: WF }, { id: WF }], range: { kind: 'custom' } });
    assert.deepEqual(clean, { subscriberIds: ['ada'], workflows: [{ id: WF }] });
    assert.equal(isActivityFilterEmpty(normalizeActivityFilter({ emails: [' '] })), true);
    assert.equal(isActivityFilterEmpty({ range: { kind: 'lastHour' } }), false);
  });

  it('reads typed times: local dates, zoned ISO, durations back from now; refuses the rest at the field', () => {
    assert.deepEqual(parseTimeInput('2026-11-20T14:30:00Z', NOW), { iso: '2026-11-20T14:30:00.000Z' });
    assert.deepEqual(parseTimeInput('2026-11-20 14:30', NOW), { iso: new Date(2026, 10, 20, 14, 30).toISOString() });
    assert.deepEqual(parseTimeInput('2026-11-20', NOW), { iso: new Date(2026, 10, 20).toISOString() });
    assert.deepEqual(parseTimeInput('6h', NOW), { iso: '2026-11-22T06:00:00.000Z' });
    assert.deepEqual(parseTimeInput('90 min ago', NOW), { iso: '2026-11-22T10:30:00.000Z' });
    assert.deepEqual(parseTimeInput('2d', NOW), { iso: '2026-11-20T12:00:00.000Z' });
    for (const bad of ['', 'yesterday', '2026-02-30', '2026-11-20 25:00', '2026-13-01', '12/11/2026']) {
      assert.ok('error' in parseTimeInput(bad, NOW), bad);
    }
    assert.equal(checkRange('2026-11-21T00:00:00.000Z', '2026-11-20T00:00:00.000Z'), 'The end must come after the start.');
    assert.equal(checkRange('2026-11-20T00:00:00.000Z', '2026-11-21T00:00:00.000Z'), undefined);
  });

  it('turns a filter into pick parts and back without loss', () => {
    const filter: ActivityFilter = {
      subscriberIds: ['ada'],
      emails: ['a@x.io'],
      channels: ['push'],
      workflows: [{ id: WF, name: 'Welcome' }],
      severity: ['medium'],
      transactionId: 'txn-9',
      topicKey: 'tk',
      range: { kind: 'custom', after: '2026-11-20T08:00:00.000Z' },
    };
    assert.deepEqual(partsToFilter(filterToParts(filter)), filter);
    assert.deepEqual(partsToFilter(filterToParts({ range: { kind: 'last7Days' } })), { range: { kind: 'last7Days' } });
    assert.equal(new Set(filterToParts(filter).map(partKey)).size, 8, 'each part has its own key');
  });

  it('offers typed text as each filter it can be, likeliest first', () => {
    assert.deepEqual(typedParts('  '), []);
    assert.deepEqual(typedParts('ada@example.com').map((p) => p.kind), ['email', 'subscriber', 'transaction', 'topic']);
    assert.deepEqual(typedParts(WF.toUpperCase()).map((p) => `${p.kind}:${p.value}`).slice(0, 2), [`workflow:${WF}`, `subscriber:${WF.toUpperCase()}`]);
    assert.deepEqual(typedParts('txn-42').map((p) => p.kind), ['subscriber', 'transaction', 'topic']);
  });
});

describe('the stored activity filter', () => {
  it('keeps the parts with the right shape and drops the rest', async () => {
    const { readStoredFilter } = await import('../../../src/activity/activityMemory');
    assert.deepEqual(readStoredFilter(undefined), {});
    assert.deepEqual(readStoredFilter('nonsense'), {});
    assert.deepEqual(
      readStoredFilter({
        subscriberIds: ['ada', 7, null],
        channels: 'email',
        workflows: [{ id: WF, name: 'Welcome' }, { name: 'no id' }, 'x'],
        transactionId: 42,
        topicKey: 'tk',
        range: { kind: 'custom', after: 'not a date' },
        extra: { anything: true },
      }),
      { subscriberIds: ['ada'], workflows: [{ id: WF, name: 'Welcome' }], topicKey: 'tk' },
    );
    assert.deepEqual(readStoredFilter({ range: { kind: 'last24Hours' } }), { range: { kind: 'last24Hours' } });
    assert.deepEqual(readStoredFilter({ range: { kind: 'lastCentury' } }), {});
    assert.deepEqual(readStoredFilter({ range: { kind: 'custom', after: '2026-11-20T08:00:00.000Z' } }), { range: { kind: 'custom', after: '2026-11-20T08:00:00.000Z' } });
  });

  it('opens Failures by Cause on the window that holds the failures loaded, or on the filter’s range', () => {
    const now = Date.parse('2026-11-28T12:00:00.000Z');
    const ago = (ms: number) => ({ createdAt: new Date(now - ms).toISOString() });
    assert.deepEqual(failuresWindowFor(undefined, [ago(5 * 60_000), ago(59 * 60_000)], now), { kind: 'lastHour' });
    assert.deepEqual(failuresWindowFor(undefined, [ago(5 * 60_000), ago(2 * 3_600_000)], now), { kind: 'last24Hours' });
    assert.deepEqual(failuresWindowFor(undefined, [ago(3 * 86_400_000)], now), { kind: 'last7Days' });
    assert.deepEqual(failuresWindowFor(undefined, [ago(30 * 86_400_000)], now), { kind: 'last7Days' }, 'the longest preset at most');
    assert.deepEqual(failuresWindowFor(undefined, [{ createdAt: undefined }], now), { kind: 'lastHour' }, 'a run with no time does not widen it');
    // The filter's range wins: the same runs the view lists.
    assert.deepEqual(failuresWindowFor({ kind: 'last7Days' }, [ago(60_000)], now), { kind: 'last7Days' });
    const custom = { kind: 'custom', after: '2026-11-27T08:00:00.000Z', before: '2026-11-27T09:00:00.000Z' } as const;
    assert.deepEqual(failuresWindowFor(custom, [ago(60_000)], now), custom);
    // A range with no start has no window of its own: the failures' own.
    assert.deepEqual(failuresWindowFor({ kind: 'custom', before: '2026-11-28T11:00:00.000Z' }, [ago(2 * 3_600_000)], now), { kind: 'last24Hours' });
  });
});
