/**
 * Reads a service error body field by field. A field of a shape nobody wrote down is dropped alone
 * (and named in `unread`); `message`, `errorId` and the field errors that can be read are kept.
 *
 * `errors` comes in two forms:
 *  - an object keyed by field (class-validator, contract "Errors"): `{ field: { messages: [...] } }`,
 *    `{ field: "text" }` or `{ field: ["a", "b"] }`;
 *  - an array (the service's payload validation, `type: "PAYLOAD_VALIDATION_ERROR"`):
 *    `[{ field | property | path, message | messages | constraints, value }]`.
 * Pure: no `vscode`, no I/O.
 */
import * as z from 'zod/mini';
import type { FieldErrors } from './errors';

export interface ErrorBody {
  /** The service's own messages (a string, or each entry of an array). Empty when it sent none. */
  messages: string[];
  errorId: string | undefined;
  /** `type` when the service named the kind of error (`PAYLOAD_VALIDATION_ERROR`). */
  type: string | undefined;
  fieldErrors: FieldErrors;
  /** Names of fields present in the body but of a shape that could not be read. */
  unread: string[];
}

const EMPTY: ErrorBody = { messages: [], errorId: undefined, type: undefined, fieldErrors: {}, unread: [] };
const PAYLOAD_VALIDATION = 'PAYLOAD_VALIDATION_ERROR';
/** Keeps one odd body from filling a notification. */
const MAX_FIELDS = 50;

const text = z.string();

/** Parses `body` (the response text); a body that is not JSON, or not an object, has nothing to read. */
export function readErrorBody(body: string): ErrorBody {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return EMPTY;
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return EMPTY;
  const record = json as Record<string, unknown>;
  const unread: string[] = [];
  const messages = messageTexts(record['message']);
  if (record['message'] !== undefined && record['message'] !== null && messages.length === 0 && record['message'] !== '') unread.push('message');
  const errorId = optionalText(record, 'errorId', unread);
  const type = optionalText(record, 'type', unread);
  const fieldErrors: FieldErrors = {};
  const errors = record['errors'];
  if (Array.isArray(errors)) readErrorArray(errors, fieldErrors, type === PAYLOAD_VALIDATION);
  else if (errors !== null && typeof errors === 'object') readErrorObject(errors as Record<string, unknown>, fieldErrors);
  else if (errors !== undefined && errors !== null) unread.push('errors');
  // A body with no message of its own may still say it in `error` ("Bad Request" is only the status).
  if (messages.length === 0 && typeof record['error'] === 'string' && record['error'].trim() !== '' && Object.keys(fieldErrors).length === 0) {
    messages.push(record['error']);
  }
  return { messages, errorId, type, fieldErrors, unread };
}

function optionalText(record: Record<string, unknown>, key: string, unread: string[]): string | undefined {
  const value = record[key];
  if (value === undefined || value === null) return undefined;
  const parsed = text.safeParse(value);
  if (parsed.success && parsed.data.trim() !== '') return parsed.data;
  if (!parsed.success && typeof value === 'number') return String(value);
  unread.push(key);
  return undefined;
}

/** `{ field: { messages: [...] } }`, `{ field: "text" }`, `{ field: ["a"] }`, `{ field: { message } }`. */
function readErrorObject(errors: Record<string, unknown>, into: FieldErrors): void {
  for (const [field, value] of Object.entries(errors).slice(0, MAX_FIELDS)) {
    const inner = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
    const texts = inner ? messageTexts(inner['messages'] ?? inner['message'] ?? inner['constraints'] ?? inner, 1) : messageTexts(value);
    add(into, field, texts);
  }
}

/** `[{ field | property | path, message | messages | constraints }]`; an entry without a message is left out. */
function readErrorArray(errors: unknown[], into: FieldErrors, payloadValidation: boolean): void {
  for (const entry of errors.slice(0, MAX_FIELDS)) {
    if (typeof entry === 'string') {
      add(into, 'general', [entry]);
      continue;
    }
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) continue;
    const item = entry as Record<string, unknown>;
    const texts = messageTexts(item['messages'] ?? item['message'] ?? item['constraints']);
    const rawField = fieldName(item['field'] ?? item['property'] ?? item['path']);
    add(into, payloadValidation ? payloadField(rawField, texts) : (rawField ?? 'general'), texts);
  }
}

/** A field as a dotted path: `payload.orderId`, from a string, a JSON pointer or an array of keys. */
function fieldName(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '' || trimmed === '/') return undefined;
    // A JSON pointer (`/payload/orderId`, as JSON schema validators give it).
    return trimmed.startsWith('/') ? trimmed.slice(1).split('/').join('.') : trimmed;
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number') && value.length > 0) return value.join('.');
  return undefined;
}

/**
 * A payload validation error's field, under `payload`: validators name fields relative to the
 * payload (or the object missing a key, with the key only in the message).
 */
function payloadField(field: string | undefined, texts: string[]): string {
  let path = field === undefined || field === 'root' ? 'payload' : field === 'payload' || field.startsWith('payload.') ? field : `payload.${field}`;
  const missing = texts.map((t) => /must have required property '([^']+)'/.exec(t)?.[1]).find((k) => k !== undefined);
  if (missing !== undefined && !path.endsWith(`.${missing}`)) path = `${path}.${missing}`;
  return path;
}

function add(into: FieldErrors, field: string, texts: string[]): void {
  if (texts.length === 0) return;
  (into[field] ??= []).push(...texts);
}

/** Every message text in a string, a number, an array, `{ message }` or class-validator's `{ constraint: text }`. */
export function messageTexts(message: unknown, depth = 0): string[] {
  if (depth > 4) return [];
  if (typeof message === 'string') return message.trim() ? [message] : [];
  if (typeof message === 'number' || typeof message === 'boolean') return [String(message)];
  if (Array.isArray(message)) return message.flatMap((m) => messageTexts(m, depth + 1));
  if (message && typeof message === 'object') {
    const inner = (message as { message?: unknown }).message;
    if (inner !== undefined) return messageTexts(inner, depth + 1);
    const values = Object.values(message);
    // class-validator's constraints: `{ isEmail: "email must be an email" }`.
    if (values.length > 0 && values.every((v) => typeof v === 'string')) return values.filter((v) => v.trim() !== '');
    // An object of unknown shape: shown as JSON where it is the whole message, left out inside a field.
    return depth === 0 ? [JSON.stringify(message)] : [];
  }
  return [];
}

/**
 * One field error as a line: "payload.orderId is required", "email: Invalid email", or the message
 * alone when it already names the field ("email must be an email") or is about no field.
 */
export function fieldLine(field: string, message: string): string {
  if (field === 'general' || field === 'body') return message;
  const last = field.split('.').pop() ?? field;
  if (message.startsWith(`${field} `) || message.startsWith(`${last} `)) return message;
  return /^[a-z]/.test(message) ? `${field} ${message}` : `${field}: ${message}`;
}
