/** Error bodies read field by field: every shape of `errors`, odd fields dropped alone, the one-line message. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NovuApiError, NovuClient, trigger } from '../../../src/api';
import { fieldLine, readErrorBody } from '../../../src/api/errorBody';
import { describeError, formatErrorLine } from '../../../src/ui/errors';
import { sendJson, startTestServer } from '../../fixtures/testServer';

const body = (value: unknown): string => JSON.stringify(value);

describe('error bodies', () => {
  it("reads the service's payload validation array: field, message, and the message and type kept", () => {
    const read = readErrorBody(body({
      statusCode: 400, timestamp: 't', path: '/v1/events/trigger', type: 'PAYLOAD_VALIDATION_ERROR', message: 'Payload validation failed',
      errors: [{ field: 'payload.orderId', message: 'is required', value: null }, { field: 'payload.items.0.qty', message: 'must be number', value: 'x' }],
    }));
    assert.deepEqual(read.messages, ['Payload validation failed']);
    assert.equal(read.type, 'PAYLOAD_VALIDATION_ERROR');
    assert.deepEqual(read.fieldErrors, { 'payload.orderId': ['is required'], 'payload.items.0.qty': ['must be number'] });
    assert.deepEqual(read.unread, []);
  });

  it('takes field from property or path (a JSON pointer or a list of keys), and message from messages or constraints', () => {
    const read = readErrorBody(body({
      message: 'Bad', errors: [
        { property: 'email', constraints: { isEmail: 'email must be an email' } },
        { path: '/payload/user/name', messages: ['too long', 'has a tab'] },
        { path: ['payload', 'tags', 2], message: 'must be string' },
        { message: 'about no field' },
        'a plain string entry',
        { field: 'orphan' },
        42,
        null,
      ],
    }));
    assert.deepEqual(read.fieldErrors, {
      email: ['email must be an email'],
      'payload.user.name': ['too long', 'has a tab'],
      'payload.tags.2': ['must be string'],
      general: ['about no field', 'a plain string entry'],
    });
  });

  it('puts a payload validation field relative to the payload under it, and the missing key from the message', () => {
    const read = readErrorBody(body({
      type: 'PAYLOAD_VALIDATION_ERROR', message: 'Payload validation failed',
      errors: [
        { field: 'user', message: "must have required property 'name'" },
        { field: 'root', message: "must have required property 'orderId'" },
        { field: 'payload.total', message: 'must be >= 0' },
      ],
    }));
    assert.deepEqual(Object.keys(read.fieldErrors), ['payload.user.name', 'payload.orderId', 'payload.total']);
  });

  it('reads errors keyed by field: { messages }, a string, a list, { message }', () => {
    const read = readErrorBody(body({
      message: 'Validation Error',
      errors: { email: { messages: ['email must be an email'], value: 'x' }, locale: 'bad locale', phone: ['a', 'b'], name: { message: 'too long' }, odd: { value: 3 } },
    }));
    assert.deepEqual(read.fieldErrors, { email: ['email must be an email'], locale: ['bad locale'], phone: ['a', 'b'], name: ['too long'] });
  });

  it('drops only the field of an unknown shape: errors as a string, a number, null; errorId as an object', () => {
    for (const errors of ['oops', 7, null, true]) {
      const read = readErrorBody(body({ message: 'Payload validation failed', errorId: 'e-1', errors }));
      assert.deepEqual(read.messages, ['Payload validation failed'], String(errors));
      assert.equal(read.errorId, 'e-1', String(errors));
      assert.deepEqual(read.fieldErrors, {}, String(errors));
      assert.deepEqual(read.unread, errors === null ? [] : ['errors'], String(errors));
    }
    const odd = readErrorBody(body({ message: 'Kept', errorId: { nested: true }, type: 3 }));
    assert.deepEqual(odd.messages, ['Kept']);
    assert.equal(odd.errorId, undefined);
    assert.deepEqual(odd.unread, ['errorId']);
  });

  it('has nothing to read in a body that is not JSON, or not an object', () => {
    for (const text of ['<html>502</html>', '', 'null', '[1,2]', '"text"', '{"message":']) {
      const read = readErrorBody(text);
      assert.deepEqual(read.messages, [], text);
      assert.deepEqual(read.fieldErrors, {}, text);
    }
  });

  it('uses `error` as the message only when there is no message and no field error', () => {
    assert.deepEqual(readErrorBody(body({ statusCode: 409, error: 'Conflict with a running import' })).messages, ['Conflict with a running import']);
    assert.deepEqual(readErrorBody(body({ message: 'm', error: 'Bad Request' })).messages, ['m']);
  });

  it('words one field error as a line', () => {
    assert.equal(fieldLine('payload.orderId', 'is required'), 'payload.orderId is required');
    assert.equal(fieldLine('email', 'email must be an email'), 'email must be an email');
    assert.equal(fieldLine('payload.user.name', 'name is too long'), 'name is too long');
    assert.equal(fieldLine('locale', 'Unknown locale'), 'locale: Unknown locale');
    assert.equal(fieldLine('general', 'Body is empty'), 'Body is empty');
  });
});

describe('the client with odd error bodies', () => {
  const send = async (status: number, payload: unknown): Promise<NovuApiError> => {
    const server = await startTestServer((_req, res) => {
      if (typeof payload !== 'string') return sendJson(res, status, payload);
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(payload);
    });
    try {
      const client = new NovuClient({ baseUrl: server.url, apiKey: 'k-secret-123', retries: 0 });
      const error = await trigger(client, { name: 'order-shipped', to: 'ada', payload: {} }).catch((e: unknown) => e);
      assert.ok(error instanceof NovuApiError);
      return error;
    } finally {
      await server.close();
    }
  };

  it('says a 400 with the array form once, with its fields: "Payload validation failed: payload.orderId is required (HTTP 400)"', async () => {
    const error = await send(400, { statusCode: 400, type: 'PAYLOAD_VALIDATION_ERROR', message: 'Payload validation failed', errors: [{ field: 'payload.orderId', message: 'is required', value: null }] });
    assert.deepEqual(error.fieldErrors, { 'payload.orderId': ['is required'] });
    assert.equal(formatErrorLine('Not sent', describeError(error)), 'Not sent: Payload validation failed: payload.orderId is required (HTTP 400)');
  });

  it('keeps the message and errorId when errors has an unknown shape', async () => {
    const error = await send(400, { statusCode: 400, message: 'Payload validation failed', errorId: 'abc-1', errors: 'payload.orderId is required' });
    assert.equal(error.message, 'Payload validation failed');
    assert.equal(error.errorId, 'abc-1');
    assert.equal(formatErrorLine('Not sent', describeError(error)), 'Not sent: Payload validation failed. (HTTP 400) Error ID: abc-1.');
  });

  it('says the status once when the body has no message of its own', async () => {
    const error = await send(400, '<html>Bad</html>');
    assert.equal(error.fromService, false);
    assert.equal(formatErrorLine('Not sent', describeError(error)), 'Not sent: HTTP 400 Bad Request.');
  });

  it('counts more than three failing fields', async () => {
    const errors = ['a', 'b', 'c', 'd', 'e'].map((k) => ({ field: `payload.${k}`, message: 'is required' }));
    const error = await send(400, { type: 'PAYLOAD_VALIDATION_ERROR', message: 'Payload validation failed', errorId: 'x9', errors });
    assert.equal(formatErrorLine('Not sent', describeError(error)), 'Not sent: Payload validation failed: payload.a is required; payload.b is required; payload.c is required (and 2 more) (HTTP 400) Error ID: x9.');
  });
});
