/** Issue 25: a workflow's payloadSchema gives the review's starting payload, and checks a payload before it is sent. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkPayload, payloadSkeleton, requiredAfterDefaults, requiredKeys, withDefaults } from '../../../src/format/payloadSchema';
import { casePayload, placeholderOf } from '../../../src/testing/casePayload';

const ORDER = {
  type: 'object',
  required: ['orderId', 'customer', 'items'],
  additionalProperties: false,
  properties: {
    note: { type: 'string', maxLength: 5 },
    currency: { type: 'string', enum: ['EUR', 'USD'], default: 'EUR' },
    orderId: { type: 'string', pattern: '^ord-[0-9]+$' },
    customer: {
      type: 'object',
      required: ['email', 'name'],
      properties: {
        email: { type: 'string', format: 'email' },
        name: { type: 'string', minLength: 1 },
        site: { type: 'string', format: 'uri' },
      },
    },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 3,
      items: {
        type: 'object',
        required: ['sku', 'quantity'],
        properties: { sku: { type: 'string', minLength: 3 }, quantity: { type: 'integer', minimum: 1, maximum: 10 }, price: { type: 'number', exclusiveMinimum: 0 } },
      },
    },
    gift: { type: ['boolean', 'null'] },
  },
};

const GOOD = { orderId: 'ord-1', customer: { email: 'ada@example.com', name: 'Ada' }, items: [{ sku: 'abc', quantity: 2, price: 9.5 }], currency: 'USD', gift: null };

const GARBAGE: unknown[] = [null, undefined, 42, 'x', true, false, [], [{ type: 'object' }], { type: 'nonsense' }, { properties: 5 }, { required: 'orderId' }, { required: [1, null, {}] }, { type: ['nonsense', 7] }, { properties: { a: 5, b: null } }, { items: 'x', type: 'array' }];

describe('the payload skeleton', () => {
  it('puts the required keys first, in their order, then the keys with a default', () => {
    const skeleton = payloadSkeleton(ORDER);
    assert.deepEqual(Object.keys(skeleton), ['orderId', 'customer', 'items', 'currency']);
    assert.deepEqual(skeleton, { orderId: '', customer: { email: '', name: '' }, items: [], currency: 'EUR' });
  });

  it('takes a default, else the const, else the first enum value, else the empty value of the type', () => {
    const skeleton = payloadSkeleton({
      type: 'object',
      required: ['s', 'n', 'i', 'b', 'a', 'o', 'z', 'c', 'e', 'd', 'nullable', 'onlyNull', 'untyped', 'implicitObject', 'missing', 'ref'],
      properties: {
        s: { type: 'string' },
        n: { type: 'number' },
        i: { type: 'integer' },
        b: { type: 'boolean' },
        a: { type: 'array', items: { type: 'string' } },
        o: { type: 'object' },
        z: { type: 'null' },
        c: { type: 'string', const: 'fixed', enum: ['other'] },
        e: { type: 'string', enum: ['first', 'second'] },
        d: { type: 'string', default: 'given', const: 'fixed', enum: ['other'] },
        nullable: { type: ['null', 'integer'] },
        onlyNull: { type: ['null'] },
        untyped: { description: 'anything' },
        implicitObject: { properties: { x: { type: 'boolean' } }, required: ['x'] },
        ref: { $ref: '#/definitions/thing' },
      },
    });
    assert.deepEqual(skeleton, {
      s: '',
      n: 0,
      i: 0,
      b: false,
      a: [],
      o: {},
      z: null,
      c: 'fixed',
      e: 'first',
      d: 'given',
      nullable: 0,
      onlyNull: null,
      untyped: null,
      implicitObject: { x: false },
      missing: null,
      ref: null,
    });
  });

  it('builds nested required objects, with their own defaults, at every level', () => {
    const schema = {
      type: 'object',
      required: ['a'],
      properties: {
        a: { type: 'object', required: ['b'], properties: { b: { type: 'object', required: ['c'], properties: { c: { type: 'integer' } } }, flag: { type: 'boolean', default: true } } },
        optional: { type: 'string' },
      },
    };
    assert.deepEqual(payloadSkeleton(schema), { a: { b: { c: 0 }, flag: true } });
  });

  it('copies a default, so that editing the skeleton never changes the schema', () => {
    const schema = { type: 'object', properties: { tags: { type: 'array', default: ['a', { b: 1 }] } } };
    const skeleton = payloadSkeleton(schema);
    assert.deepEqual(skeleton, { tags: ['a', { b: 1 }] });
    (skeleton['tags'] as unknown[]).push('c');
    assert.deepEqual(schema.properties.tags.default, ['a', { b: 1 }]);
  });

  it('never uses examples, and keeps a "__proto__" key as data', () => {
    const schema = JSON.parse('{"type":"object","required":["name","__proto__"],"properties":{"name":{"type":"string","examples":["Mock Name"]}},"examples":[{"name":"x"}],"payloadExample":{"name":"y"}}') as unknown;
    const skeleton = payloadSkeleton(schema);
    assert.deepEqual(Object.keys(skeleton), ['name', '__proto__']);
    assert.equal(skeleton['name'], '');
    assert.equal(Object.getPrototypeOf(skeleton), Object.prototype);
  });

  it('gives {} for garbage and never throws', () => {
    for (const schema of GARBAGE) assert.deepEqual(payloadSkeleton(schema), {}, JSON.stringify(schema));
  });

  it('stops at a cycle or a very deep schema', () => {
    const cyclic: Record<string, unknown> = { type: 'object', required: ['self'], properties: {} };
    (cyclic['properties'] as Record<string, unknown>)['self'] = cyclic;
    const skeleton = payloadSkeleton(cyclic);
    let depth = 0;
    for (let at: unknown = skeleton; at && typeof at === 'object'; at = (at as Record<string, unknown>)['self']) depth++;
    assert.ok(depth > 10 && depth < 40, String(depth));
  });

  it('lists the top-level required keys (strings, once)', () => {
    assert.deepEqual(requiredKeys(ORDER), ['orderId', 'customer', 'items']);
    assert.deepEqual(requiredKeys({ required: ['a', 1, 'b', 'a', null] }), ['a', 'b']);
    for (const schema of GARBAGE) assert.ok(Array.isArray(requiredKeys(schema)));
    assert.deepEqual(requiredKeys(null), []);
  });
});

describe('one placeholder rule: the Preview’s and the runner’s (issue 51, §20)', () => {
  const RESET = {
    type: 'object',
    required: ['resetUrl', 'expiresInMinutes', 'locale', 'user'],
    properties: {
      resetUrl: { type: 'string', format: 'uri' },
      expiresInMinutes: { type: 'integer', minimum: 5 },
      locale: { type: 'string', enum: ['en', 'de'] },
      user: { type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' }, nickname: { type: 'string' } } },
      note: { type: 'string' },
    },
  };

  it('fills a required key as the runner does, so that the first render passes the schema', () => {
    const start = payloadSkeleton(RESET, placeholderOf);
    assert.deepEqual(start, { resetUrl: 'https://example.com/sample', expiresInMinutes: 5, locale: 'en', user: { email: 'sample@example.com' } });
    assert.deepEqual(checkPayload(start, RESET), {}, 'no "resetUrl must be a URL"');
    const runner = casePayload({}, RESET).payload;
    for (const [key, value] of Object.entries(start)) if (key !== 'user') assert.deepEqual(value, runner[key], key);
    assert.equal((runner['user'] as Record<string, unknown>)['email'], 'sample@example.com');
  });

  it('leaves a real send’s review editor its empty values: a sample never goes out unnoticed', () => {
    const review = payloadSkeleton(RESET);
    assert.equal(review['resetUrl'], '');
    assert.deepEqual(checkPayload(review, RESET)['payload.resetUrl'], ['must be a URL']);
  });
});

describe('the payload check', () => {
  it('passes a payload that follows the schema', () => {
    assert.deepEqual(checkPayload(GOOD, ORDER), {});
  });

  it('says what is required, at every level, under the field it is about', () => {
    assert.deepEqual(checkPayload({ customer: { email: 'ada@example.com' }, items: [{ sku: 'abc' }, { quantity: 1 }] }, ORDER), {
      'payload.orderId': ['is required'],
      'payload.customer.name': ['is required'],
      'payload.items.0.quantity': ['is required'],
      'payload.items.1.sku': ['is required'],
    });
  });

  it('treats null as present for required, and checks its type', () => {
    assert.deepEqual(checkPayload({ ...GOOD, orderId: null }, ORDER), { 'payload.orderId': ['must be a string, not null'] });
  });

  it('checks types, with integer apart from number', () => {
    const schema = {
      type: 'object',
      properties: { s: { type: 'string' }, n: { type: 'number' }, i: { type: 'integer' }, b: { type: 'boolean' }, o: { type: 'object' }, a: { type: 'array' }, z: { type: 'null' } },
    };
    assert.deepEqual(checkPayload({ s: 'x', n: 1.5, i: 3, b: false, o: {}, a: [], z: null }, schema), {});
    assert.deepEqual(checkPayload({ n: 2 }, schema), {}, 'a whole number is a number');
    assert.deepEqual(checkPayload({ s: 1, n: '1', i: 1.5, b: 'true', o: [], a: {}, z: 0 }, schema), {
      'payload.s': ['must be a string, not a number'],
      'payload.n': ['must be a number, not a string'],
      'payload.i': ['must be a whole number, not 1.5'],
      'payload.b': ['must be true or false, not a string'],
      'payload.o': ['must be an object, not an array'],
      'payload.a': ['must be an array, not an object'],
      'payload.z': ['must be null, not a number'],
    });
    assert.deepEqual(checkPayload({ i: 'x' }, schema), { 'payload.i': ['must be a whole number, not a string'] });
    assert.deepEqual(checkPayload({ s: true }, schema), { 'payload.s': ['must be a string, not a boolean'] });
  });

  it('reads a type array, with null', () => {
    const schema = { type: 'object', properties: { gift: { type: ['boolean', 'null'] }, code: { type: ['string', 'integer', 'null'] } } };
    assert.deepEqual(checkPayload({ gift: null, code: 3 }, schema), {});
    assert.deepEqual(checkPayload({ gift: true, code: 'x' }, schema), {});
    assert.deepEqual(checkPayload({ gift: 'yes', code: 1.5 }, schema), {
      'payload.gift': ['must be true or false or null, not a string'],
      'payload.code': ['must be a string, a whole number or null, not 1.5'],
    });
  });

  it('lists the allowed values of an enum, and says a const', () => {
    const schema = { type: 'object', properties: { currency: { enum: ['EUR', 'USD'] }, level: { enum: [1, 2, null] }, kind: { const: 'order' }, shape: { const: { a: [1, 2] } } } };
    assert.deepEqual(checkPayload({ currency: 'EUR', level: null, kind: 'order', shape: { a: [1, 2] } }, schema), {});
    assert.deepEqual(checkPayload({ currency: 'GBP', level: '1', kind: 'Order', shape: { a: [2, 1] } }, schema), {
      'payload.currency': ['must be one of "EUR", "USD", not "GBP"'],
      'payload.level': ['must be one of 1, 2, null, not "1"'],
      'payload.kind': ['must be "order", not "Order"'],
      'payload.shape': ['must be {"a":[1,2]}, not {"a":[2,1]}'],
    });
  });

  it('cuts a long value shown in a message', () => {
    const long = 'x'.repeat(500);
    const errors = checkPayload({ currency: long }, { type: 'object', properties: { currency: { enum: ['EUR'] } } });
    const message = errors['payload.currency']![0]!;
    assert.ok(message.startsWith('must be one of "EUR", not "xxx'), message);
    assert.ok(message.endsWith('…'), message);
    assert.ok(message.length < 80, message);
  });

  it('refuses keys the schema does not allow when additionalProperties is false, and checks them against a schema', () => {
    assert.deepEqual(checkPayload({ ...GOOD, extra: 1, customer: { ...GOOD.customer, extra: 1 } }, ORDER), { 'payload.extra': ["is not allowed by the workflow's schema"] });
    const schema = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'number' } };
    assert.deepEqual(checkPayload({ a: 'x', b: 1, c: 'y' }, schema), { 'payload.c': ['must be a number, not a string'] });
    const withPatterns = { type: 'object', additionalProperties: false, patternProperties: { '^x-': { type: 'string' } } };
    assert.deepEqual(checkPayload({ 'x-trace': 'a', other: 1 }, withPatterns), { 'payload.other': ["is not allowed by the workflow's schema"] });
    const unreadablePattern = { type: 'object', additionalProperties: false, patternProperties: { '(': {} } };
    assert.deepEqual(checkPayload({ other: 1 }, unreadablePattern), {});
  });

  it('checks string lengths in characters, and number bounds (draft-07 exclusive bounds)', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 3, maxLength: 5 },
        nonEmpty: { type: 'string', minLength: 1 },
        letter: { type: 'string', maxLength: 1 },
        age: { type: 'integer', minimum: 18, maximum: 120 },
        price: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 100 },
        legacy: { type: 'number', minimum: 0, exclusiveMinimum: true },
      },
    };
    assert.deepEqual(checkPayload({ name: 'Ada', nonEmpty: 'x', letter: '😀', age: 18, price: 99.99, legacy: 0 }, schema), {});
    assert.deepEqual(checkPayload({ name: '😀😀😀😀😀' }, schema), {}, 'an emoji is one character');
    assert.deepEqual(checkPayload({ name: 'Al', nonEmpty: '', letter: 'ab', age: 17, price: 0 }, schema), {
      'payload.name': ['must be at least 3 characters'],
      'payload.nonEmpty': ['must not be empty'],
      'payload.letter': ['must be at most 1 character'],
      'payload.age': ['must be at least 18'],
      'payload.price': ['must be greater than 0'],
    });
    assert.deepEqual(checkPayload({ name: 'Adalbert', age: 121, price: 100 }, schema), {
      'payload.name': ['must be at most 5 characters'],
      'payload.age': ['must be at most 120'],
      'payload.price': ['must be less than 100'],
    });
  });

  it('checks array lengths and every item against items, with its index in the path', () => {
    assert.deepEqual(checkPayload({ ...GOOD, items: [] }, ORDER), { 'payload.items': ['must have at least one item'] });
    const four = Array.from({ length: 4 }, () => ({ sku: 'abc', quantity: 1 }));
    assert.deepEqual(checkPayload({ ...GOOD, items: four }, ORDER), { 'payload.items': ['must have at most 3 items'] });
    assert.deepEqual(checkPayload({ ...GOOD, items: [{ sku: 'abc', quantity: 1 }, { sku: 'ab', quantity: 11, price: -1 }, 'x'] }, ORDER), {
      'payload.items.1.sku': ['must be at least 3 characters'],
      'payload.items.1.quantity': ['must be at most 10'],
      'payload.items.1.price': ['must be greater than 0'],
      'payload.items.2': ['must be an object, not a string'],
    });
    const bounds = { type: 'array', minItems: 2, maxItems: 1 };
    assert.deepEqual(checkPayload({ a: [1] }, { type: 'object', properties: { a: bounds } }), { 'payload.a': ['must have at least 2 items'] });
    assert.deepEqual(checkPayload({ a: [1, 2] }, { type: 'object', properties: { a: bounds } }), { 'payload.a': ['must have at most one item'] });
    assert.deepEqual(checkPayload({ a: [1, 'x'] }, { type: 'object', properties: { a: { items: [{ type: 'string' }] } } }), {}, 'a tuple is left to the service');
  });

  it('checks a pattern, and ignores one that is not a valid pattern', () => {
    assert.deepEqual(checkPayload({ ...GOOD, orderId: 'order-1' }, ORDER), { 'payload.orderId': ['must match the pattern ^ord-[0-9]+$'] });
    const invalid = { type: 'object', properties: { a: { type: 'string', pattern: '([a-z' }, b: { type: 'string', pattern: 5 } } };
    assert.deepEqual(checkPayload({ a: 'anything', b: 'x' }, invalid), {});
    const unicode = { type: 'object', properties: { a: { type: 'string', pattern: '^\\p{Lu}' } } };
    assert.deepEqual(checkPayload({ a: 'Émile' }, unicode), {});
    assert.deepEqual(checkPayload({ a: 'émile' }, unicode), { 'payload.a': ['must match the pattern ^\\p{Lu}'] });
  });

  it('checks the email and URI formats, and ignores the others', () => {
    const schema = { type: 'object', properties: { email: { format: 'email' }, site: { format: 'uri' }, link: { format: 'url' }, when: { format: 'date-time' }, n: { format: 'email' } } };
    assert.deepEqual(checkPayload({ email: 'ada@example.com', site: 'https://example.com/a?b=1', link: 'mailto:ada@example.com', when: 'not a date', n: 5 }, schema), {});
    assert.deepEqual(checkPayload({ email: 'ada@example', site: 'example.com', link: 'http://exa mple.com' }, schema), {
      'payload.email': ['must be an email address'],
      'payload.site': ['must be a URL'],
      'payload.link': ['must be a URL'],
    });
    assert.deepEqual(checkPayload({ customer: { email: 'not an email', name: 'Ada', site: '/relative' } }, { properties: { customer: ORDER.properties.customer } }), {
      'payload.customer.email': ['must be an email address'],
      'payload.customer.site': ['must be a URL'],
    });
  });

  it('keys a payload that is not an object as "payload"', () => {
    assert.deepEqual(checkPayload([], ORDER), { payload: ['must be an object, not an array'] });
    assert.deepEqual(checkPayload(null, ORDER), { payload: ['must be an object, not null'] });
    assert.deepEqual(checkPayload('x', ORDER), { payload: ['must be an object, not a string'] });
    assert.deepEqual(checkPayload(undefined, ORDER), { 'payload.orderId': ['is required'], 'payload.customer': ['is required'], 'payload.items': ['is required'] }, 'no payload is an empty one');
  });

  it('ignores keywords it does not know, and a level with a $ref', () => {
    const schema = {
      type: 'object',
      properties: {
        a: { oneOf: [{ type: 'string' }, { type: 'number' }] },
        b: { anyOf: [{ type: 'string' }] },
        c: { allOf: [{ minLength: 50 }] },
        d: { $ref: '#/definitions/d', type: 'string' },
        e: { if: { type: 'string' }, then: { minLength: 50 } },
        f: { type: 'string', minLength: 'three', maximum: 'x', maxItems: -1 },
      },
    };
    assert.deepEqual(checkPayload({ a: true, b: 1, c: 'x', d: 5, e: 'x', f: 'x' }, schema), {});
    const nestedFalse = { type: 'object', properties: { legacy: false, any: true } };
    assert.deepEqual(checkPayload({ legacy: 1, any: 1 }, nestedFalse), { 'payload.legacy': ["is not allowed by the workflow's schema"] });
  });

  it('finds nothing wrong when the schema is absent or garbage, and never throws', () => {
    const payloads: unknown[] = [GOOD, {}, [], null, undefined, 'x', 42, { a: { b: [1, { c: null }] } }];
    for (const schema of GARBAGE) {
      for (const payload of payloads) {
        const errors = checkPayload(payload, schema);
        // The one schema here with a real type: anything but an array breaks it.
        const arraySchema = schema !== null && typeof schema === 'object' && (schema as Record<string, unknown>)['type'] === 'array';
        if (!arraySchema) assert.deepEqual(errors, {}, `${JSON.stringify(schema)} / ${JSON.stringify(payload)}`);
      }
    }
    assert.deepEqual(checkPayload([1], { type: 'array', items: 'x' }), {});
    assert.deepEqual(checkPayload({ a: 1 }, { type: 'nonsense' }), {});
    assert.deepEqual(checkPayload({ a: 1 }, { properties: 5, required: 'a' }), {});
  });

  it('stops at a cycle or a very deep schema, and at a bounded number of fields', () => {
    const cyclic: Record<string, unknown> = { type: 'object', required: ['self'], properties: {} };
    (cyclic['properties'] as Record<string, unknown>)['self'] = cyclic;
    let payload: Record<string, unknown> = {};
    for (let i = 0; i < 100; i++) payload = { self: payload };
    const errors = checkPayload(payload, cyclic);
    assert.deepEqual(errors, {}, 'the missing key 100 levels down is past the limit');
    let shallow: Record<string, unknown> = {};
    for (let i = 0; i < 3; i++) shallow = { self: shallow };
    assert.deepEqual(checkPayload(shallow, cyclic), { 'payload.self.self.self.self': ['is required'] });
    const many = checkPayload({ list: Array.from({ length: 1000 }, () => 'x') }, { type: 'object', properties: { list: { items: { type: 'number' } } } });
    assert.equal(Object.keys(many).length, 100);
  });
});

describe('the payload with its defaults, as @novu/framework checks it (issue 32)', () => {
  const schema = {
    type: 'object',
    properties: {
      invoiceNumber: { type: 'string' },
      currency: { type: 'string', default: 'EUR' },
      lines: { type: 'array', default: [{ quantity: 1 }], items: { type: 'object', properties: { quantity: { type: 'integer' }, unit: { type: 'string', default: 'pcs' } } } },
      ['__proto__']: { type: 'object', default: { polluted: true } },
    },
    required: ['invoiceNumber', 'lines'],
  };

  it('fills each missing key that has a default, at every level the payload has, and changes nothing given', () => {
    const given = { invoiceNumber: 'INV-7', lines: [{ quantity: 2 }, { quantity: 3, unit: 'h' }] };
    const filled = withDefaults(given, schema) as Record<string, unknown>;
    assert.deepEqual(filled['currency'], 'EUR');
    assert.deepEqual(filled['lines'], [{ quantity: 2, unit: 'pcs' }, { quantity: 3, unit: 'h' }]);
    assert.deepEqual(given.lines[0], { quantity: 2 }, 'the payload given is not changed');
    // A key named __proto__ is a key, never the object's prototype.
    assert.equal(Object.getPrototypeOf(filled), Object.prototype);
    assert.ok(Object.keys(filled).includes('__proto__'));
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
  });

  it('makes a required key with a default not missing, as the app sees it: the check fills defaults first (issue 37)', () => {
    assert.deepEqual(checkPayload({ invoiceNumber: 'INV-7' }, schema), {});
    assert.deepEqual(Object.keys(checkPayload({}, schema)), ['payload.invoiceNumber']);
    assert.deepEqual(Object.keys(checkPayload({ invoiceNumber: 'INV-7', lines: [{ quantity: 1, unit: 3 }] }, schema)), ['payload.lines.0.unit'], 'a default is not a value given: a wrong one is still refused');
  });

  it('gives a checker that cannot fill defaults the schema as a payload meets it once they are filled', () => {
    const nested = { type: 'object', properties: { a: { type: 'string', default: 'x' }, b: { type: 'string' }, o: { type: 'object', properties: { c: { default: 1 } }, required: ['c', 'd'] } }, required: ['a', 'b', 'o'] };
    const relaxed = requiredAfterDefaults(nested) as { required: string[]; properties: { o: { required: string[] } } };
    assert.deepEqual(relaxed.required, ['b', 'o']);
    assert.deepEqual(relaxed.properties.o.required, ['d']);
    assert.deepEqual(nested.required, ['a', 'b', 'o'], 'the schema given is not changed');
    for (const garbage of [undefined, null, 3, 'x', { $ref: '#/x', required: ['a'], properties: { a: { default: 1 } } }]) assert.deepEqual(requiredAfterDefaults(garbage), garbage);
  });

  it('leaves garbage alone', () => {
    for (const garbage of [undefined, null, 3, 'x', [], { $ref: '#/x', properties: { a: { default: 1 } } }]) assert.deepEqual(withDefaults({ k: 1 }, garbage), { k: 1 });
    assert.equal(withDefaults('text', schema), 'text');
  });
});
