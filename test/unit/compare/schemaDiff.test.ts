/** R7's comparison of two payload schemas, and which fields a schema refuses in recent payloads. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runsRefused, schemaRefusals } from '../../../src/compare/schemaDiff';

const rules = (source: unknown, target: unknown) => schemaRefusals(source, target).map((r) => `${r.rule}:${r.field}`);

describe('schema refusals', () => {
  it('(a) a key required in the target only, at any depth, unless the target gives a default', () => {
    const source = { type: 'object', properties: { customer: { type: 'object', properties: { name: { type: 'string' } } } } };
    const target = { type: 'object', properties: { customer: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }, locale: { type: 'string', default: 'en_US' } }, required: ['customer', 'locale'] };
    assert.deepEqual(rules(source, target), ['required:root.customer', 'required:customer.name']);
    assert.deepEqual(rules(target, target), []);
  });

  it('(b) another type, (c) an enum without a value the source allows, (d) additionalProperties false', () => {
    const source = { type: 'object', properties: { amount: { type: 'number' }, currency: { type: 'string', enum: ['EUR', 'USD', 'GBP'] }, note: { type: 'string' } } };
    const target = { type: 'object', properties: { amount: { type: 'string' }, currency: { type: 'string', enum: ['EUR', 'USD'] } }, additionalProperties: false };
    assert.deepEqual(rules(source, target), ['additionalProperties:root.note', 'type:root.amount', 'enum:root.currency']);
    assert.deepEqual(rules({ ...target, properties: { ...target.properties } }, target), []);
    assert.deepEqual(rules(source, null), [], 'no target schema refuses nothing');
  });

  it('counts the recent payloads a schema would refuse, and with which field', () => {
    const schema = { type: 'object', properties: { orderId: { type: 'string' }, locale: { type: 'string', default: 'en_US' } }, required: ['orderId', 'locale'] };
    const payloads = [{ orderId: 'a' }, {}, { orderId: 3 }, ...Array.from({ length: 60 }, () => ({}))];
    const result = runsRefused(schema, payloads);
    assert.equal(result.checked, 50);
    assert.equal(result.refused, 49);
    assert.deepEqual(result.fields, [{ field: 'payload.orderId', count: 49 }]);
  });
});
