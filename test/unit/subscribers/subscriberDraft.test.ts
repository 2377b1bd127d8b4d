/** Create Subscriber's draft: the fields asked, their checks, and the body sent. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FIELDS, draftToInput, emptyDraft, fieldOfServiceError, validateDataText } from '../../../src/subscribers/subscriberDraft';

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
