/** The Subscribers view's search: the text typed, the filters it offers, and how a filter is named. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { candidateFields, describeFilter, filterToText, parseSearch, searchChoices } from '../../../src/subscribers/subscriberFilter';

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
