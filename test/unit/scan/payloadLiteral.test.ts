/**
 * A trigger's payload written as an object literal (issue 52, §3: a warning where it lacks a key the
 * target requires): its keys read from the three trigger shapes, nested literals, shorthand and
 * methods, and a spread or computed key making the literal open (nothing can be said of its keys);
 * and the schema check that names each required key a literal does not write, as the service's 400 would.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { scanJavaScript } from '../../../src/scan';
import type { ObjectLiteral } from '../../../src/scan/objectLiteral';
import { literalLacks } from '../../../src/compare/schemaDiff';

/** A literal as plain data: `{ key: nested | null, '...': 'open' }`. */
function plain(l: ObjectLiteral | undefined): unknown {
  if (!l) return undefined;
  return { ...Object.fromEntries([...l.keys].map(([k, v]) => [k, v ? plain(v) : null])), ...(l.closed ? {} : { '...': 'open' }) };
}

const HEAD = `import { workflow } from '@novu/framework';
import { Novu } from '@novu/api';
import { Novu as Legacy } from '@novu/node';
const novu = new Novu({});
const legacy = new Legacy('k');
export const shipped = workflow('order-shipped', async () => {});
`;

describe('a trigger’s literal payload', () => {
  it('is read from @novu/api, @novu/node and framework triggers, nested literals, shorthand, quoted keys and methods included', () => {
    const text = `${HEAD}
await novu.trigger({ workflowId: 'invoice', to: 'ada', payload: { invoiceNumber, 'due-date': f(1, 2), address: { city: 'Oslo', line2 }, total() { return 1; }, get tax() { return 2; } } });
await legacy.trigger('invoice', { to: 'ada', payload: { amount: [1, { x: 2 }], note: \`a \${b}\` } });
await shipped.trigger({ to: 'ada', payload: { orderId: 1 } });
await novu.trigger({ workflowId: 'no-payload', to: 'ada' });
await novu.trigger({ workflowId: 'variable', to: 'ada', payload });
`;
    const refs = scanJavaScript(text).filter((r) => r.kind === 'trigger');
    assert.deepEqual(refs.map((r) => [r.identifier, plain(r.payload)]), [
      ['invoice', { invoiceNumber: null, 'due-date': null, address: { city: null, line2: null }, total: null, tax: null }],
      ['invoice', { amount: null, note: null }],
      ['order-shipped', { orderId: null }],
      ['no-payload', undefined],
      ['variable', undefined],
    ]);
    const first = refs[0]!.payload!;
    assert.equal(text.slice(first.start, first.start + 16), '{ invoiceNumber,');
    assert.ok(text.slice(first.start, first.end).endsWith('return 2; } }'));
  });

  it('is open with a spread or a computed key, at its own level only', () => {
    const text = `${HEAD}
await novu.trigger({ workflowId: 'a', to: 'x', payload: { ...base, id: 1 } });
await novu.trigger({ workflowId: 'b', to: 'x', payload: { [key]: 1, id: 2 } });
await novu.trigger({ workflowId: 'c', to: 'x', payload: { id: 3, address: { ...home } } });
`;
    assert.deepEqual(scanJavaScript(text).filter((r) => r.kind === 'trigger').map((r) => plain(r.payload)), [
      { id: null, '...': 'open' },
      { id: null, '...': 'open' },
      { id: null, address: { '...': 'open' } },
    ]);
  });
});

describe('the keys a target requires that a literal payload does not write', () => {
  const schema = {
    type: 'object',
    required: ['invoiceNumber', 'dueDate', 'currency'],
    properties: {
      invoiceNumber: { type: 'string' },
      dueDate: { type: 'string' },
      currency: { type: 'string', default: 'EUR' },
      address: { type: 'object', required: ['city', 'country'], properties: { city: { type: 'string' }, country: { type: 'string' } } },
    },
  };
  const keys = (text: string) => scanJavaScript(`${HEAD}\nawait novu.trigger({ workflowId: 'i', to: 'x', payload: ${text} });`).find((r) => r.kind === 'trigger')!.payload!;

  it('names each missing key as the service’s 400 does (root.<key> at the top), never one with a default', () => {
    assert.deepEqual(literalLacks(schema, keys('{ invoiceNumber }')), ['root.dueDate']);
    assert.deepEqual(literalLacks(schema, keys('{ invoiceNumber, dueDate }')), []);
    assert.deepEqual(literalLacks(schema, keys('{ invoiceNumber, dueDate, address: { city } }')), ['address.country']);
  });

  it('says nothing of an open level, nor of a nested value that is not a literal', () => {
    assert.deepEqual(literalLacks(schema, keys('{ ...rest }')), []);
    assert.deepEqual(literalLacks(schema, keys('{ ...rest, address: { city } }')), ['address.country']);
    assert.deepEqual(literalLacks(schema, keys('{ invoiceNumber, dueDate, address: home }')), []);
    assert.deepEqual(literalLacks(undefined, keys('{}')), []);
  });
});
