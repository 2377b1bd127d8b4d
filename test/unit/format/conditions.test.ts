import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatFilter, formatFilters } from '../../../src/format/conditions';

describe('condition text', () => {
  it('reads like "subscriber.plan LARGER 3", joined by the filter operator', () => {
    assert.equal(formatFilter({ isNegated: false, type: 'BOOLEAN', value: 'AND', children: [{ field: 'plan', value: '3', operator: 'LARGER', on: 'subscriber' }] }), 'subscriber.plan LARGER 3');
    assert.equal(
      formatFilter({ isNegated: true, value: 'OR', children: [{ field: 'a', value: '1', operator: 'EQUAL', on: 'payload' }, { field: 'b', value: ['x', 'y'], operator: 'IN', on: 'subscriber' }] }),
      'NOT (payload.a EQUAL 1 OR subscriber.b IN ["x","y"])',
    );
  });

  it('copes with missing parts and lists', () => {
    assert.equal(formatFilter({ children: [{ field: 'x' }] }), 'x ? (empty)');
    assert.equal(formatFilter({ children: [] }), '(no conditions)');
    assert.deepEqual(formatFilters(null), []);
  });
});
