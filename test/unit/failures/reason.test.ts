/** §8.7: providers' messages masked, so one cause for every recipient and different causes apart. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { maskReason } from '../../../src/failures/reason';

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
