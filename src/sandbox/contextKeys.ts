// Context keys (contract §12): a trigger's or a subscription's `context` checked as the service
// checks it, the sorted `type:id` keys it stands for, and their exact, order-insensitive match
// (`buildContextExactMatchQuery`: none matches none). Shared by triggers, topics, the activity and
// the Inbox, so it imports nothing of theirs.
import type { FieldErrors } from './errors';
import type { JsonObject, Query } from './types';

/** `CONTEXT_IDENTIFIER_REGEX`: a context's type and id, each 1 to 100 characters. */
export const CONTEXT_IDENTIFIER_PATTERN = /^[a-zA-Z0-9_-]+$/;
export const MAX_CONTEXT_IDENTIFIER_LENGTH = 100;
/** Keys one `context` may carry (the docs' limit). */
export const MAX_CONTEXT_KEYS = 5;
/** A context's `data`, as serialized JSON. */
export const MAX_CONTEXT_DATA_BYTES = 64 * 1024;

/** One entry of a `context`: its type, its id, and the data it carries (absent: a bare id, data left as stored). */
export interface ContextEntry {
  type: string;
  id: string;
  data?: JsonObject;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const contextKeyOf = (type: string, id: string): string => `${type}:${id}`;

/** The keys of some entries, sorted as the service stores them. */
export const contextKeysOf = (entries: readonly ContextEntry[]): string[] => entries.map((e) => contextKeyOf(e.type, e.id)).sort();

/** The exact match of two key sets, order-insensitive; none equals none. */
export function sameContextKeys(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  const left = new Set(a ?? []);
  const right = new Set(b ?? []);
  return left.size === right.size && [...left].every((k) => right.has(k));
}

/** What is wrong with a type or id (class-validator's words), or undefined. */
export function identifierProblem(field: string, value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '') return `${field} should not be empty`;
  if (value.length > MAX_CONTEXT_IDENTIFIER_LENGTH) return `${field} must be shorter than or equal to ${MAX_CONTEXT_IDENTIFIER_LENGTH} characters`;
  if (!CONTEXT_IDENTIFIER_PATTERN.test(value)) return `${field} must match ${CONTEXT_IDENTIFIER_PATTERN.source} regular expression`;
  return undefined;
}

/** Serialized size of a context's data, against MAX_CONTEXT_DATA_BYTES. */
export const jsonBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '', 'utf8');

export const DATA_TOO_LARGE = `data must not exceed ${MAX_CONTEXT_DATA_BYTES / 1024}KB when serialized as JSON`;

/**
 * A `context` as a trigger or a subscription carries it: `{ [type]: id | { id, data? } }`, one to
 * five keys, each type and id by CONTEXT_IDENTIFIER_PATTERN, each `data` an object of at most 64 KB.
 * Problems go to `errors` under `field` (`context`, `context.tenant.id`); the entries are returned
 * whole only when there were none.
 */
export function parseContextPayload(value: unknown, errors: FieldErrors, field = 'context'): ContextEntry[] | undefined {
  if (!isObject(value)) {
    errors.add(field, `${field} must be an object`, value);
    return undefined;
  }
  const keys = Object.keys(value);
  const before = Object.keys(errors.errors).length;
  if (keys.length === 0) errors.add(field, `${field} must contain at least 1 key`, value);
  if (keys.length > MAX_CONTEXT_KEYS) errors.add(field, `${field} must contain no more than ${MAX_CONTEXT_KEYS} keys`, keys);
  const entries: ContextEntry[] = [];
  for (const type of keys) {
    const at = `${field}.${type}`;
    const typeProblem = identifierProblem('type', type);
    if (typeProblem) errors.add(at, `context ${typeProblem}`, type);
    const entry = value[type];
    if (typeof entry === 'string') {
      const problem = identifierProblem('id', entry);
      if (problem) errors.add(at, `context ${problem}`, entry);
      entries.push({ type, id: entry });
      continue;
    }
    if (!isObject(entry)) {
      errors.add(at, `${at} must be a string or an object with id and data`, entry);
      continue;
    }
    const problem = identifierProblem('id', entry['id']);
    if (problem) errors.add(`${at}.id`, problem, entry['id']);
    const data = entry['data'];
    if (data !== undefined && !isObject(data)) errors.add(`${at}.data`, 'data must be an object', data);
    else if (data !== undefined && jsonBytes(data) > MAX_CONTEXT_DATA_BYTES) errors.add(`${at}.data`, DATA_TOO_LARGE, `${jsonBytes(data)} bytes`);
    entries.push({ type, id: String(entry['id']), ...(isObject(data) ? { data: data as JsonObject } : {}) });
  }
  return Object.keys(errors.errors).length === before ? entries : undefined;
}

/**
 * `contextKeys` of a query, sent as repeated keys (`contextKeys=a&contextKeys=b`, or `contextKeys[]`):
 * absent, undefined (no filter); one empty value, [] (records without a context); else the keys, sorted.
 */
export function contextKeysQuery(query: Query): string[] | undefined {
  const values: string[] = [];
  let present = false;
  for (const [key, value] of Object.entries(query)) {
    if (key !== 'contextKeys' && key !== 'contextKeys[]' && !/^contextKeys\[\d+\]$/.test(key)) continue;
    present = true;
    values.push(...(Array.isArray(value) ? value : [value]));
  }
  return present ? values.filter((v) => v !== '').sort() : undefined;
}

/** A record's keys against a filter: no filter matches all; [] matches only records without a context. */
export const matchesContextFilter = (keys: readonly string[] | undefined, filter: readonly string[] | undefined): boolean =>
  filter === undefined || sameContextKeys(keys, filter);
