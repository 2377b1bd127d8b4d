/**
 * A case's payload, the same on every run (issue 46, §3). The app's preview merges the payload it
 * is sent over a mock of the schema, and the mock fills keys the payload lacks, optional ones too,
 * differently from one run to the next (the demo's order-shipped got a made-up `trackingUrl`, now
 * and then one its own schema refuses): so the case is sent whole. Under the case's own keys lies
 * a fixed instance of the workflow's payload schema, every property of it, made here the same way
 * every time (no randomness, no clock): each key's `default`, else its `const`, else its first
 * `enum` value, else a sample value of its type that says what it is (`"sample firstName"`, `0`,
 * `false`, an e-mail or a URL of example.com for those formats). The result names every key the
 * case did not set, so that no one mistakes a sample for data.
 *
 * With no visible schema (an app on zod 4) nothing is added: the app's own zod defaults fill in,
 * and those are not random either. The schema is untrusted: garbage adds nothing, and nothing
 * here throws. Pure: no vscode.
 */

type Json = Record<string, unknown>;

const MAX_DEPTH = 16;
/** A fixed date for `format: date-time` and `date` (the same on every run, unlike today's). */
export const SAMPLE_DATE = '2026-01-01T09:00:00.000Z';

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function own(object: Json, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

function define(target: Json, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export interface CasePayload {
  /** What is sent: the case's payload over the schema's instance. */
  payload: Record<string, unknown>;
  /** The dotted paths of the keys the case did not set (filled from the schema), in schema order. */
  unset: string[];
}

/**
 * The case's payload over a fixed instance of `schema`, merged deeply: an object of the case is
 * merged with the instance's object at the same key; any other value of the case (an array, a
 * string, null) wins whole.
 */
export function casePayload(given: Record<string, unknown>, schema: unknown, absent: readonly string[] = []): CasePayload {
  const unset: string[] = [];
  const instance = instanceOf(schema, '', 0);
  const payload = isObject(instance) ? (merge(instance, given, '', unset) as Record<string, unknown>) : copy(given);
  // The case's `absent` keys (dotted paths) are left out, as a trigger without them sends them: not filled, not named unset.
  for (const path of absent) leaveOut(payload, path.split('.'));
  return { payload, unset: unset.filter((key) => !absent.some((path) => key === path || key.startsWith(`${path}.`))) };
}

/**
 * A value for a key that nothing gives (issue 51, §20): the one placeholder rule of the runner and
 * the Preview. The key's `default`, `const` or first `enum` value, else a sample of its type that
 * says what it is (`"sample resetUrl"`, a URL of example.com for `format: uri`), the same every time.
 */
export function placeholderOf(schema: unknown, name: string): unknown {
  return instanceOf(schema, name, 0);
}

function leaveOut(target: Json, parts: readonly string[]): void {
  const [head, ...rest] = parts;
  if (head === undefined || !Object.prototype.hasOwnProperty.call(target, head)) return;
  if (rest.length === 0) delete target[head];
  else if (isObject(target[head])) leaveOut(target[head] as Json, rest);
}

function merge(under: Json, over: Json, path: string, unset: string[]): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(under)) {
    const at = path ? `${path}.${key}` : key;
    if (!Object.prototype.hasOwnProperty.call(over, key)) {
      unset.push(at);
      define(out, key, value);
    } else if (isObject(value) && isObject(over[key])) {
      define(out, key, merge(value, over[key] as Json, at, unset));
    } else {
      define(out, key, copy(over[key]));
    }
  }
  for (const [key, value] of Object.entries(over)) if (!Object.prototype.hasOwnProperty.call(under, key)) define(out, key, copy(value));
  return out;
}

function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (isObject(value)) {
    const out: Json = {};
    for (const [k, v] of Object.entries(value)) define(out, k, copy(v));
    return out as T;
  }
  return value;
}

/** The schema's instance: every property of an object, each with its value (a key the mock would otherwise fill at random). */
function instanceOf(schema: unknown, name: string, depth: number): unknown {
  if (!isObject(schema) || depth > MAX_DEPTH) return undefined;
  if (Object.prototype.hasOwnProperty.call(schema, 'default')) return copy(schema['default']);
  if (Object.prototype.hasOwnProperty.call(schema, 'const')) return copy(schema['const']);
  const choices = own(schema, 'enum');
  if (Array.isArray(choices) && choices.length > 0) return copy(choices[0]);
  if (own(schema, '$ref') !== undefined) return undefined;
  for (const branch of ['anyOf', 'oneOf'] as const) {
    const options = own(schema, branch);
    if (Array.isArray(options)) {
      const first = options.find((o) => isObject(o) && own(o, 'type') !== 'null');
      if (first !== undefined) return instanceOf(first, name, depth + 1);
    }
  }
  const type = typeOf(schema);
  switch (type) {
    case 'object': {
      const properties = own(schema, 'properties');
      const props = isObject(properties) ? properties : {};
      const required = Array.isArray(own(schema, 'required')) ? (own(schema, 'required') as unknown[]).filter((k): k is string => typeof k === 'string') : [];
      const out: Json = {};
      for (const key of Object.keys(props)) {
        const property = props[key];
        const value = instanceOf(property, key, depth + 1);
        if (value !== undefined) define(out, key, value);
      }
      for (const key of required) if (!Object.prototype.hasOwnProperty.call(out, key) && !isObject(props[key])) define(out, key, `sample ${key}`);
      return out;
    }
    case 'array': {
      const min = own(schema, 'minItems');
      const count = typeof min === 'number' && Number.isInteger(min) && min > 0 ? Math.min(min, 10) : 0;
      const item = instanceOf(own(schema, 'items'), name, depth + 1);
      return item === undefined ? [] : Array.from({ length: count }, () => copy(item));
    }
    case 'string':
      return sampleString(schema, name);
    case 'integer':
    case 'number': {
      const min = own(schema, 'minimum');
      const exclusive = own(schema, 'exclusiveMinimum');
      if (typeof min === 'number') return type === 'integer' ? Math.ceil(min) : min;
      if (typeof exclusive === 'number') return type === 'integer' ? Math.floor(exclusive) + 1 : exclusive + 1;
      return 0;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

function typeOf(schema: Json): string | undefined {
  const type = own(schema, 'type');
  const names = (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string');
  const first = names.find((t) => t !== 'null') ?? names[0];
  if (first) return first;
  return isObject(own(schema, 'properties')) ? 'object' : undefined;
}

function sampleString(schema: Json, name: string): string {
  switch (own(schema, 'format')) {
    case 'email':
      return 'sample@example.com';
    case 'uri':
    case 'url':
      return 'https://example.com/sample';
    case 'date-time':
      return SAMPLE_DATE;
    case 'date':
      return SAMPLE_DATE.slice(0, 10);
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
  }
  const text = `sample ${name || 'text'}`;
  const min = own(schema, 'minLength');
  const max = own(schema, 'maxLength');
  let out = typeof min === 'number' && text.length < min ? text.padEnd(Math.min(min, 1000), '.') : text;
  if (typeof max === 'number' && max >= 0 && out.length > max) out = out.slice(0, max);
  return out;
}
