/** The pure parts of the Subscribers view: search text, filters, and the Create Subscriber draft. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { candidateFields, describeFilter, filterToText, parseSearch, searchChoices } from '../../../src/subscribers/subscriberFilter';
import { FIELDS, draftToInput, emptyDraft, fieldOfServiceError, validateDataText } from '../../../src/subscribers/subscriberDraft';

describe('subscriber search text', () => {
  it('parses prefixed filters, quoted values and free text', () => {
    assert.deepEqual(parseSearch('name:"Ada L" email:@acme.com extra words'), { filter: { name: 'Ada L', email: '@acme.com' }, freeText: 'extra words' });
    assert.deepEqual(parseSearch('id:user_1'), { filter: { subscriberId: 'user_1' }, freeText: '' });
    assert.deepEqual(parseSearch('http://x'), { filter: {}, freeText: 'http://x' });
    assert.deepEqual(parseSearch('  '), { filter: {}, freeText: '' });
  });

  it('round-trips a filter through its text', () => {
    const filter = { name: 'Ada Lovelace', phone: '+1555', subscriberId: 'u:1' };
    assert.deepEqual(parseSearch(filterToText(filter)).filter, filter);
  });

  it('guesses the likeliest field for plain text', () => {
    assert.equal(candidateFields('ada@example.com')[0], 'email');
    assert.equal(candidateFields('+1 (555) 010-0000')[0], 'phone');
    assert.equal(candidateFields('user_123')[0], 'subscriberId');
    assert.equal(candidateFields('Ada')[0], 'name');
  });

  it('offers free text as each field not already named, combined with the named ones', () => {
    const choices = searchChoices('email:acme ada');
    assert.equal(choices.length, 3);
    assert.deepEqual(choices[0], { email: 'acme', name: 'ada' });
    assert.deepEqual(searchChoices(''), []);
    assert.equal(describeFilter({ name: 'a', subscriberId: 'b' }), 'name “a” and ID “b”');
  });
});

describe('create subscriber draft', () => {
  it('turns a draft into the create input, leaving empty fields out', () => {
    const draft = { ...emptyDraft(), subscriberId: ' ada ', firstName: 'Ada', data: '{"plan":"pro"}' };
    assert.deepEqual(draftToInput(draft), { subscriberId: 'ada', firstName: 'Ada', data: { plan: 'pro' } });
  });

  it('checks every field as typed', () => {
    const check = (key: string, value: string) => FIELDS.find((f) => f.key === key)!.validate(value);
    assert.ok(check('subscriberId', ''));
    assert.equal(check('email', ''), undefined, 'optional fields may stay empty');
    assert.ok(check('email', 'nope'));
    assert.ok(check('timezone', 'Mars/Base'));
    assert.equal(validateDataText('{"a":1}'), undefined);
    assert.match(String(validateDataText('[1]')), /JSON object/);
    assert.match(String(validateDataText('{')), /Not valid JSON/);
  });

  it('maps a service field error to the draft field', () => {
    assert.equal(fieldOfServiceError('timezone'), 'timezone');
    assert.equal(fieldOfServiceError('data.plan'), 'data');
    assert.equal(fieldOfServiceError('general'), undefined);
  });
});
