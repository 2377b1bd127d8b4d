/** §8.7: providers' messages masked, so one cause for every recipient and different causes apart. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { maskReason, providerCode } from '../../../src/failures/reason';

describe('maskReason', () => {
  const same = (a: string, b: string) => assert.equal(maskReason(a), maskReason(b), `${a} | ${b}`);
  const apart = (a: string, b: string) => assert.notEqual(maskReason(a), maskReason(b), `${a} | ${b}`);

  it('makes one cause of the same refusal to different recipients', () => {
    same('550 5.1.1 <ada@x.com>: Recipient address rejected', '550 5.1.1 <bob@y.org>: Recipient address rejected');
    same("The 'To' number +15550100 is not a valid phone number.", "The 'To' number +4915112345678 is not a valid phone number.");
    same('Email address is not verified. The following identities failed the check in region US-EAST-1: ada@x.com', 'Email address is not verified. The following identities failed the check in region US-EAST-1: bob@x.com');
    same('Requested entity was not found. token 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', 'Requested entity was not found. token 60303ae22b998861bce3b28f33eec1be758a213c86c93c076dbe9f558c11c752');
    same('Message msg-8f2a9c71d0 rejected at 2026-11-28T07:05:12.345Z', 'Message msg-1b7e44aa90 rejected at 2026-11-28T07:41:59Z');
    same('Unknown Webhook https://discord.com/api/webhooks/123/abc', 'Unknown Webhook https://discord.com/api/webhooks/456/def');
    same('Daily message quota exceeded (sent 50000 of 50000)', 'Daily message quota exceeded (sent 50123 of 50000)');
  });

  it('keeps the provider’s codes and keeps different causes apart', () => {
    assert.match(maskReason('550 5.1.1 <ada@x.com>: Recipient address rejected'), /^550 5\.1\.1 <\[email\]>/);
    assert.match(maskReason('error code 21211: invalid number +15550100'), /21211/);
    apart('Twilio error code 21211', 'Twilio error code 21408');
    apart('The from address does not match a verified Sender Identity', 'Permission denied, wrong credentials');
    apart('550 5.1.1 user unknown', '552 5.2.2 mailbox full');
    assert.equal(maskReason('UNREGISTERED'), 'UNREGISTERED');
  });
});

describe('providerCode', () => {
  it('finds the provider’s own code in its answer, however the words around it go', () => {
    // Twilio: the same code in the incident's words, in its API's, and in a text answer.
    assert.deepEqual(providerCode(JSON.stringify({ status: 400, code: 21211, message: "The 'To' number +15550100 is not a valid phone number." })), { code: '21211', status: 400 });
    assert.deepEqual(providerCode(JSON.stringify({ code: 21211, message: "Invalid 'To' Phone Number: +1000555" })).code, '21211');
    assert.equal(providerCode("Error 21211: The 'To' number +15555550100 is not a valid phone number.").code, '21211');
    // FCM: the Admin SDK's code, and the v1 API's errorCode for the same error.
    assert.equal(providerCode(JSON.stringify({ errorInfo: { code: 'messaging/registration-token-not-registered', message: 'Requested entity was not found.' } })).code, 'messaging/registration-token-not-registered');
    const v1 = providerCode(JSON.stringify({ error: { code: 404, status: 'NOT_FOUND', message: 'Requested entity was not found.', details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' }] } }));
    assert.deepEqual(v1, { code: 'messaging/registration-token-not-registered', status: 404 });
    // SMTP's enhanced status in the message; nodemailer's errno-style code says less.
    assert.equal(providerCode(JSON.stringify({ message: '550 5.1.1 <ada@x.com>: Recipient address rejected' })).code, '5.1.1');
    assert.equal(providerCode(JSON.stringify({ code: 'EENVELOPE', response: '550 5.1.1 <bob@y.com>: user unknown', responseCode: 550 })).code, '5.1.1');
    assert.equal(providerCode(undefined, '550 5.1.1 The email account that you tried to reach does not exist').code, '5.1.1');
    // Slack's error.
    assert.equal(providerCode(JSON.stringify({ ok: false, error: 'channel_not_found' })).code, 'channel_not_found');
  });

  it('keeps an HTTP status as a status, never a code: a 403 has many causes', () => {
    const sendgrid = JSON.stringify({ code: 403, message: 'Forbidden', response: { body: { errors: [{ message: 'The from address does not match a verified Sender Identity', field: 'from' }] } } });
    assert.deepEqual(providerCode(sendgrid), { status: 403 });
    assert.deepEqual(providerCode(JSON.stringify({ statusCode: 550, message: 'The email account that you tried to reach does not exist: a@bounce.example' })), { status: 550 });
    assert.deepEqual(providerCode(JSON.stringify({ errors: [{ message: 'The provided authorization grant is invalid, expired, or revoked', field: null }] })), {});
    assert.deepEqual(providerCode('not json at all'), {});
    assert.deepEqual(providerCode(null), {});
  });
});
