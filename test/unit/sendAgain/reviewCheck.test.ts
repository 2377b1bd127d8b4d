/** Issue 16: the review document's own checks, each problem at its field, before anything is sent. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fieldPath, parseJsonText, spanFor } from '../../../src/format/jsonText';
import { checkPayloadText } from '../../../src/format/payloadText';
import { checkReviewPayload, checkReviewText, placeServiceErrors } from '../../../src/sendAgain/reviewCheck';
import { looksLikeProduction } from '../../../src/connections/connection';

const at = (text: string, p: { start: number; end: number }) => text.slice(p.start, p.end);

describe('the review JSON, read with where each value is', () => {
  it('parses what JSON.parse parses, to the same value', () => {
    for (const text of ['{}', '[]', '"x"', '0', '-1.5e3', 'true', 'null', '{"a":[1,{"b":"\\u00e9\\n\\"q\\""}],"c":false}', ' \n{ "k" : [ ] }\n']) {
      const parsed = parseJsonText(text);
      assert.ok(parsed.ok, text);
      assert.deepEqual(parsed.value, JSON.parse(text), text);
    }
  });

  it('keeps a "__proto__" key as data, not as the prototype', () => {
    const parsed = parseJsonText('{"__proto__": {"polluted": true}}');
    assert.ok(parsed.ok);
    assert.equal(({} as Record<string, unknown>)['polluted'], undefined);
    assert.deepEqual(Object.keys(parsed.value as object), ['__proto__']);
  });

  it('refuses what JSON.parse refuses, at the offending character', () => {
    const cases: [string, number][] = [
      ['{"a": 1,}', 8],
      ['{"a" 1}', 5],
      ['{a: 1}', 1],
      ['[1 2]', 3],
      ['{"a": 1} x', 9],
      ['{"a": "open', 6],
      ['{"a": tru}', 6],
      ['// note\n{}', 0],
      ['', 0],
      ['{"a": "\\x"}', 7],
    ];
    for (const [text, offset] of cases) {
      const parsed = parseJsonText(text);
      assert.equal(parsed.ok, false, text);
      assert.throws(() => JSON.parse(text));
      if (!parsed.ok) assert.equal(parsed.offset, offset, `${text}: ${parsed.message}`);
    }
  });

  it('finds a field by its path, and a missing one at its nearest parent', () => {
    const text = '{\n  "name": "welcome",\n  "to": ["a", {"subscriberId": ""}],\n  "payload": {"order": {"id": 1}}\n}';
    const parsed = parseJsonText(text);
    assert.ok(parsed.ok);
    assert.equal(at(text, spanFor(parsed.spans, ['name'])), '"name"');
    assert.equal(at(text, spanFor(parsed.spans, ['to', 1])), '{"subscriberId": ""}');
    assert.equal(at(text, spanFor(parsed.spans, ['payload', 'order', 'id'])), '"id"');
    const missing = spanFor(parsed.spans, ['payload', 'orderId']);
    assert.equal(missing.exact, false);
    assert.equal(at(text, missing), '"payload"');
    assert.deepEqual(fieldPath('to.3'), ['to', 3]);
    assert.deepEqual(fieldPath('general'), []);
  });
});

describe('the review check before Send', () => {
  it('passes a body with a name and a recipient', () => {
    const check = checkReviewText('{"name": "welcome", "to": "sub-1", "payload": {"x": "<b>"}, "transactionId": "t-1"}');
    assert.ok(check.ok);
    assert.deepEqual(check.body, { name: 'welcome', to: 'sub-1', payload: { x: '<b>' }, transactionId: 't-1' });
  });

  it('says where invalid JSON breaks, by line and column', () => {
    const check = checkReviewText('{\n  "name": "welcome",\n  "to": "sub-1",\n}');
    assert.equal(check.ok, false);
    if (check.ok) return;
    assert.match(check.summary, /not valid JSON \(line 4, column 1\)/);
    assert.equal(check.problems.length, 1);
  });

  it('puts a missing name or to at the object, and a bad recipient at its place', () => {
    const text = '{"payload": {}, "to": ["ok", {"email": "a@b.c"}]}';
    const check = checkReviewText(text);
    assert.equal(check.ok, false);
    if (check.ok) return;
    const messages = check.problems.map((p) => `${at(text, p)} ${p.message}`);
    assert.ok(messages.some((m) => m.startsWith('{ name: ')), messages.join('\n'));
    assert.ok(messages.some((m) => m.startsWith('{"email": "a@b.c"} A subscriber needs its subscriberId.')), messages.join('\n'));
    assert.match(check.summary, /^The body cannot be sent: name: /);
  });

  it('refuses a body that is not an object', () => {
    const check = checkReviewText('["welcome"]');
    assert.equal(check.ok, false);
  });

  it("places the service's 400 field errors at the fields in the text as it is now", () => {
    const text = '{\n  "name": "order-shipped",\n  "to": "sub-1",\n  "payload": {\n    "orderId": ""\n  }\n}';
    const [problem] = placeServiceErrors(text, { 'payload.orderId': ["must have required property 'orderId'"] });
    assert.equal(at(text, problem!), '"orderId"');
    assert.equal(problem!.message, "must have required property 'orderId'");
    const [missing] = placeServiceErrors('{"name": "x", "to": "y", "payload": {}}', { 'payload.orderId': ['required'] });
    assert.equal(missing!.message, 'payload.orderId: required');
  });
});

describe("Trigger…'s payload, checked by Preview's rule (issue 37)", () => {
  const schema = {
    type: 'object',
    properties: { invoiceNumber: { type: 'string', minLength: 1 }, currency: { type: 'string', enum: ['EUR', 'USD'], default: 'EUR' }, customer: { type: 'object', properties: { locale: { type: 'string', default: 'en' } }, required: ['locale'] } },
    required: ['invoiceNumber', 'currency'],
  };
  const review = (payload: Record<string, unknown>) => JSON.stringify({ name: 'invoice-paid', to: 'sub-1', payload }, null, 2);

  it('passes a required key left out when it has a default, at every level, as Preview does', () => {
    for (const payload of [{ invoiceNumber: 'INV-7' }, { invoiceNumber: 'INV-7', customer: {} }]) {
      assert.equal(checkReviewPayload(review(payload), payload, schema), undefined, JSON.stringify(payload));
      assert.ok(checkPayloadText(JSON.stringify(payload), schema).ok, 'Preview agrees');
    }
  });

  it('refuses a required key without a default, and a wrong value where a default would be, each at its place', () => {
    const text = review({ currency: 'JPY' });
    const refused = checkReviewPayload(text, { currency: 'JPY' }, schema);
    assert.ok(refused);
    assert.equal(refused.field, 'payload.invoiceNumber');
    assert.deepEqual(refused.messages, ['is required']);
    assert.deepEqual(refused.problems.map((p) => `${at(text, p)} ${p.message}`).sort(), ['"currency" must be one of "EUR", "USD", not "JPY"', '"payload" payload.invoiceNumber: is required']);
    assert.equal(checkPayloadText(JSON.stringify({ currency: 'JPY' }), schema).ok, false, 'Preview agrees');
  });
});

describe('a connection that looks like production', () => {
  it('is told by its name or its key prefix, and not by words that merely contain them', () => {
    assert.equal(looksLikeProduction('Production (EU)', 'abc'), true);
    assert.equal(looksLikeProduction('prod', undefined), true);
    assert.equal(looksLikeProduction('Acme live', undefined), true);
    assert.equal(looksLikeProduction('Staging', 'live_123'), true);
    assert.equal(looksLikeProduction('Staging', 'sk_prod-123'), true);
    assert.equal(looksLikeProduction('Product team dev', 'e3b0c442'), false);
    assert.equal(looksLikeProduction('Delivery sandbox', undefined), false);
  });
});

describe("the preview's payload, checked as typed (issue 32)", () => {
  const schema = {
    type: 'object',
    properties: { plan: { type: 'string', enum: ['free', 'team', 'enterprise'] }, companyName: { type: 'string' }, seats: { type: 'number', minimum: 1 } },
    required: ['plan', 'companyName'],
  };

  it('passes a payload that follows the schema, as its value', () => {
    const checked = checkPayloadText('{ "plan": "team", "companyName": "Acme", "seats": 3 }', schema);
    assert.deepEqual(checked, { ok: true, payload: { plan: 'team', companyName: 'Acme', seats: 3 } });
  });

  it('puts each schema problem at its key, named, and a missing key at the payload', () => {
    const text = '{\n  "plan": "gold",\n  "seats": 0\n}';
    const checked = checkPayloadText(text, schema);
    assert.ok(!checked.ok);
    const byText = new Map(checked.problems.map((p) => [at(text, p), p.message]));
    assert.match(byText.get('"plan"') ?? '', /^plan must be one of "free", "team", "enterprise", not "gold"/);
    assert.match(byText.get('"seats"') ?? '', /^seats /);
    // companyName is not in the text: said at the payload's first character, with its name.
    assert.ok(checked.problems.some((p) => p.start === 0 && p.message === 'companyName is required'), JSON.stringify(checked.problems));
    // The summary is the first problem in the text.
    assert.equal(checked.summary, checked.problems[0]!.message);
    assert.deepEqual(checked.problems.map((p) => p.start), [...checked.problems.map((p) => p.start)].sort((a, b) => a - b));
  });

  it('says where the JSON breaks, and that a payload is an object', () => {
    const broken = checkPayloadText('{ "plan": "team", }', schema);
    assert.ok(!broken.ok);
    assert.match(broken.summary, /not valid JSON \(line 1, column 19\)/);
    assert.equal(broken.problems[0]!.start, 18);
    const list = checkPayloadText('[1, 2]', undefined);
    assert.ok(!list.ok);
    assert.equal(list.summary, 'The payload is a JSON object.');
  });

  it('checks only the JSON when the schema is not visible (zod 4 empties discover’s)', () => {
    assert.deepEqual(checkPayloadText('{ "anything": 1 }', undefined), { ok: true, payload: { anything: 1 } });
    assert.deepEqual(checkPayloadText('{ "anything": 1 }', {}), { ok: true, payload: { anything: 1 } });
  });
});
