/** The client's errors are recognised by name, so a bundle with its own copy of the classes still knows them. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NovuApiError, NovuNetworkError, NovuResponseShapeError, NovuTimeoutError, NovuValidationError } from '../../../src/api';
import { describeError } from '../../../src/ui/errors';

describe('client errors across bundles', () => {
  it('an error made by another copy of the class is an instance; others are not', () => {
    // What the panels' bundle receives: an error of the extension bundle's own NovuApiError class.
    class OtherCopy extends Error {
      override readonly name = 'NovuApiError';
      readonly status = 402;
      readonly details: string[] = [];
      readonly fieldErrors = {};
      readonly errorId = undefined;
      readonly retryAfterSeconds = undefined;
    }
    const foreign = new OtherCopy('Requested date range exceeds your plan');
    assert.ok(foreign instanceof NovuApiError);
    assert.equal(describeError(foreign).kind, 'retention');
    assert.ok(new NovuTimeoutError(1000, '/x') instanceof NovuTimeoutError);
    assert.ok(!(new NovuTimeoutError(1000, '/x') instanceof NovuNetworkError));
    assert.ok(!(new Error('plain') instanceof NovuApiError));
    assert.ok(!({ name: 'NovuApiError' } instanceof NovuApiError), 'not an Error at all');
    assert.ok(new NovuValidationError({ a: ['b'] }) instanceof NovuValidationError);
    assert.ok(new NovuResponseShapeError('m', '/p', []) instanceof Error);
  });
});
