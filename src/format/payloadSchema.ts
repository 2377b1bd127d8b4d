/**
 * A workflow's `payloadSchema` (issue 25, contract §8.2): the JSON Schema (draft-07 style) the
 * service checks a trigger's payload with. From it, the review editor gets its starting payload
 * (`payloadSkeleton`) and every payload is checked before any request (`checkPayload`), each
 * problem keyed by its dotted path (`payload.items.0.sku`), as the service's 400 keys them.
 *
 * The schema comes from the network and is untrusted: it may be absent, null or garbage, and
 * nothing here ever throws on it. Only the common keywords are checked; what is not known here
 * (`$ref`, `oneOf`, `anyOf`, `allOf`, `if`, formats other than email and URI …) is never an error,
 * since the service checks the rest. A level with a `$ref` is not checked at all (draft-07 ignores
 * the keywords beside it), and the skeleton leaves its value null. Examples (`examples`,
 * `payloadExample`) are never used: they are random mock data. Pure, no `vscode`.
 */
import { l10n } from '../l10n';
import type { Words } from '../words';

type Json = Record<string, unknown>;
type FieldErrors = Record<string, string[]>;
type TypeName = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** How deep a schema is followed; deeper levels are neither built nor checked. */
const MAX_DEPTH = 32;
/** How many fields get errors at most: a huge array of bad items is not a huge list. */
const MAX_FIELDS = 100;
/** How long a value shown in a message may be. */
const MAX_SHOWN = 40;
const TYPES: readonly TypeName[] = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function own(object: Json, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

function has(object: Json, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key) && object[key] !== undefined;
}

/** The schema's `required` keys: strings only, each once, in their order. */
function requiredOf(schema: Json): string[] {
  const required = own(schema, 'required');
  if (!Array.isArray(required)) return [];
  return [...new Set(required.filter((key): key is string => typeof key === 'string'))];
}

function propertiesOf(schema: Json): Json {
  const properties = own(schema, 'properties');
  return isObject(properties) ? properties : {};
}

/** The top-level `required` keys of a payload schema (none for garbage). */
export function requiredKeys(schema: unknown): string[] {
  return isObject(schema) ? requiredOf(schema) : [];
}

// ---------------------------------------------------------------------------------------------
// The skeleton

/**
 * The starting payload for the review editor: the `required` keys first (in their order), then
 * the other properties that have a `default`. Each value is the property's `default` (copied), else
 * its `const`, else its first `enum` value, else the empty value of its type ("", 0, false, [],
 * null, or for an object its own skeleton). A value whose type is not known (no `type`, a `$ref`)
 * is null. Garbage gives {}.
 */
export function payloadSkeleton(schema: unknown, placeholder?: Placeholder): Record<string, unknown> {
  return skeletonOf(schema, 0, placeholder);
}

/**
 * A value for a required key that has no `default`, `const` or `enum` (issue 51, §20): the Preview
 * passes the runner's rule (casePayload's `placeholderOf`: a sample of the key's type and format),
 * so that both fill a key the same way. Without it, the empty value of the type (the review editor
 * of a real send, where a sample must not go out unnoticed).
 */
export type Placeholder = (schema: unknown, key: string) => unknown;

function skeletonOf(schema: unknown, depth: number, placeholder?: Placeholder): Record<string, unknown> {
  if (!isObject(schema) || depth > MAX_DEPTH) return {};
  const properties = propertiesOf(schema);
  const required = requiredOf(schema);
  const defaulted = Object.keys(properties).filter((key) => !required.includes(key) && isObject(properties[key]) && has(properties[key] as Json, 'default'));
  // fromEntries: a key such as "__proto__" stays a key.
  return Object.fromEntries([...required, ...defaulted].map((key) => [key, startingValue(own(properties, key), depth + 1, key, placeholder)]));
}

function startingValue(schema: unknown, depth: number, key: string, placeholder?: Placeholder): unknown {
  if (!isObject(schema) || depth > MAX_DEPTH) return null;
  if (has(schema, 'default')) return copyJson(schema['default'], 0);
  if (Object.prototype.hasOwnProperty.call(schema, 'const')) return copyJson(schema['const'], 0);
  const choices = own(schema, 'enum');
  if (Array.isArray(choices) && choices.length > 0) return copyJson(choices[0], 0);
  if (has(schema, '$ref')) return null;
  const type = startingType(schema);
  if (placeholder && type !== 'object') return placeholder(schema, key) ?? null;
  switch (type) {
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return skeletonOf(schema, depth, placeholder);
    default:
      return null;
  }
}

/** The first known type that is not null; an untyped schema with `properties` is an object. */
function startingType(schema: Json): TypeName | undefined {
  const type = own(schema, 'type');
  const names = (Array.isArray(type) ? type : [type]).filter((t): t is TypeName => (TYPES as readonly unknown[]).includes(t));
  const first = names.find((t) => t !== 'null');
  if (first) return first;
  if (names.length > 0) return 'null';
  return type === undefined && isObject(own(schema, 'properties')) ? 'object' : undefined;
}

/** A deep copy of JSON-like data (what is not JSON becomes null; too deep becomes null). */
function copyJson(value: unknown, depth: number): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (depth > MAX_DEPTH || typeof value !== 'object') return null;
  if (Array.isArray(value)) return value.map((v) => copyJson(v, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copyJson(v, depth + 1)]));
}

/**
 * The payload as an app built with `@novu/framework` checks it (its validator fills defaults first):
 * each property missing from an object takes its schema's `default` (copied), at every level the
 * payload has. The value given is not changed. Garbage schemas add nothing.
 */
export function withDefaults(value: unknown, schema: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || !isObject(schema) || has(schema, '$ref')) return value;
  if (Array.isArray(value)) {
    const items = own(schema, 'items');
    return isObject(items) ? value.map((item) => withDefaults(item, items, depth + 1)) : value;
  }
  if (!isObject(value)) return value;
  const out: Json = { ...value };
  for (const [key, property] of Object.entries(propertiesOf(schema))) {
    if (!isObject(property)) continue;
    // Defined, not assigned: a key named "__proto__" stays a key.
    const filled = has(out, key) ? withDefaults(out[key], property, depth + 1) : has(property, 'default') ? copyJson(property['default'], 0) : undefined;
    if (filled !== undefined) Object.defineProperty(out, key, { value: filled, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The check

/**
 * The payload's problems against the schema, keyed by dotted path from `payload` (`payload` for
 * the payload itself, `payload.orderId`, `payload.items.0.sku`), each message a fragment that
 * follows the field's name ("is required"). No schema, or garbage: no problems. An absent payload
 * is checked as {} (a trigger without one sends an empty payload). The one rule of Preview and
 * Trigger…: as `@novu/framework` and the service check it, the schema's defaults are filled in
 * first (`withDefaults`), so a required key that has a default is never missing.
 */
export function checkPayload(payload: unknown, schema: unknown): Record<string, string[]> {
  const errors: FieldErrors = {};
  if (!isObject(schema)) return errors;
  checkValue(withDefaults(payload === undefined ? {} : payload, schema), schema, 'payload', 0, errors);
  return errors;
}

/**
 * The schema as a payload meets it once its defaults are filled in, for a checker that cannot fill
 * them (VS Code's JSON check of Trigger…'s review): a required key that has a default is no longer
 * required, at every level `withDefaults` fills. The schema given is not changed.
 */
export function requiredAfterDefaults(schema: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || !isObject(schema) || has(schema, '$ref')) return schema;
  const properties = propertiesOf(schema);
  const out: Json = { ...schema };
  const required = own(schema, 'required');
  if (Array.isArray(required)) {
    out['required'] = required.filter((key) => typeof key !== 'string' || !(isObject(own(properties, key)) && has(own(properties, key) as Json, 'default')));
  }
  if (isObject(own(schema, 'properties'))) {
    out['properties'] = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, requiredAfterDefaults(property, depth + 1)]));
  }
  const items = own(schema, 'items');
  if (isObject(items)) out['items'] = requiredAfterDefaults(items, depth + 1);
  return out;
}

function add(errors: FieldErrors, path: string, message: string): void {
  const list = errors[path];
  if (list) list.push(message);
  else if (Object.keys(errors).length < MAX_FIELDS) errors[path] = [message];
}

function checkValue(value: unknown, schema: unknown, path: string, depth: number, errors: FieldErrors): void {
  if (depth > MAX_DEPTH) return;
  // A `false` schema allows nothing; `true` (or any other non-object) allows anything.
  if (schema === false && depth > 0) {
    add(errors, path, l10n.t("is not allowed by the workflow's schema"));
    return;
  }
  if (!isObject(schema) || has(schema, '$ref')) return;

  if (!checkType(value, schema, path, errors)) return;
  if (Object.prototype.hasOwnProperty.call(schema, 'const') && !sameJson(value, schema['const'], 0)) {
    add(errors, path, l10n.t('must be {0}, not {1}', shown(schema['const']), shown(value)));
  }
  const choices = own(schema, 'enum');
  if (Array.isArray(choices) && choices.length > 0 && !choices.some((choice) => sameJson(value, choice, 0))) {
    const listed = choices.slice(0, 10).map(shown).join(', ') + (choices.length > 10 ? ', …' : '');
    add(errors, path, l10n.t('must be one of {0}, not {1}', listed, shown(value)));
  }

  if (typeof value === 'string') checkString(value, schema, path, errors);
  else if (typeof value === 'number') checkNumber(value, schema, path, errors);
  else if (Array.isArray(value)) checkArray(value, schema, path, depth, errors);
  else if (isObject(value)) checkObject(value, schema, path, depth, errors);
}

/** False (and the problem added) when the value is not of the schema's type. */
function checkType(value: unknown, schema: Json, path: string, errors: FieldErrors): boolean {
  const type = own(schema, 'type');
  const names = Array.isArray(type) ? type : [type];
  // No type, or one not known here: the service judges it.
  if (type === undefined || names.length === 0 || !names.every((t) => (TYPES as readonly unknown[]).includes(t))) return true;
  const wanted = names as TypeName[];
  if (wanted.some((t) => isOfType(value, t))) return true;
  const expected = joinWithOr([...new Set(wanted)].map(typeWords));
  // A fraction where a whole number is wanted: the value says more than its type.
  const actual = typeof value === 'number' && wanted.includes('integer') && !wanted.includes('number') ? shown(value) : actualWords(value);
  add(errors, path, l10n.t('must be {0}, not {1}', expected, actual));
  return false;
}

function isOfType(value: unknown, type: TypeName): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'null':
      return value === null;
  }
}

const TYPE_WORDS: Words<TypeName> = {
  string: () => l10n.t('a string'),
  number: () => l10n.t('a number'),
  integer: () => l10n.t('a whole number'),
  boolean: () => l10n.t('true or false'),
  object: () => l10n.t('an object'),
  array: () => l10n.t('an array'),
  null: () => l10n.t('null'),
};

function typeWords(type: TypeName): string {
  return TYPE_WORDS[type]();
}

function actualWords(value: unknown): string {
  if (value === undefined) return l10n.t('nothing');
  if (typeof value === 'boolean') return l10n.t('a boolean');
  if (typeof value === 'string') return l10n.t('a string');
  if (typeof value === 'number') return l10n.t('a number');
  if (value === null) return l10n.t('null');
  if (Array.isArray(value)) return l10n.t('an array');
  return l10n.t('an object');
}

function joinWithOr(words: string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return l10n.t('{0} or {1}', words.slice(0, -1).join(', '), words[words.length - 1]!);
}

function count(schema: Json, key: string): number | undefined {
  const n = own(schema, key);
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

function limit(schema: Json, key: string): number | undefined {
  const n = own(schema, key);
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

function checkString(value: string, schema: Json, path: string, errors: FieldErrors): void {
  // Lengths in characters (code points), as JSON Schema counts them.
  const length = [...value].length;
  const min = count(schema, 'minLength');
  const max = count(schema, 'maxLength');
  if (min !== undefined && length < min) add(errors, path, min === 1 ? l10n.t('must not be empty') : l10n.t('must be at least {0} characters', min));
  if (max !== undefined && length > max) add(errors, path, max === 1 ? l10n.t('must be at most 1 character') : l10n.t('must be at most {0} characters', max));
  const pattern = own(schema, 'pattern');
  if (typeof pattern === 'string') {
    const regex = compile(pattern);
    if (regex && !regex.test(value)) add(errors, path, l10n.t('must match the pattern {0}', short(pattern)));
  }
  const format = own(schema, 'format');
  if (format === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) add(errors, path, l10n.t('must be an email address'));
  if ((format === 'uri' || format === 'url') && !isUrl(value)) add(errors, path, l10n.t('must be a URL'));
}

/** The pattern as the service reads it (Unicode), or undefined when it is not a valid pattern here. */
function compile(pattern: string): RegExp | undefined {
  for (const flags of ['u', '']) {
    try {
      return new RegExp(pattern, flags);
    } catch {
      // the next flags, then none
    }
  }
  return undefined;
}

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function checkNumber(value: number, schema: Json, path: string, errors: FieldErrors): void {
  const minimum = limit(schema, 'minimum');
  const maximum = limit(schema, 'maximum');
  // Draft-07: exclusive bounds are numbers (draft-04's booleans are ignored).
  const above = limit(schema, 'exclusiveMinimum');
  const below = limit(schema, 'exclusiveMaximum');
  if (minimum !== undefined && value < minimum) add(errors, path, l10n.t('must be at least {0}', minimum));
  if (maximum !== undefined && value > maximum) add(errors, path, l10n.t('must be at most {0}', maximum));
  if (above !== undefined && value <= above) add(errors, path, l10n.t('must be greater than {0}', above));
  if (below !== undefined && value >= below) add(errors, path, l10n.t('must be less than {0}', below));
}

function checkArray(value: unknown[], schema: Json, path: string, depth: number, errors: FieldErrors): void {
  const min = count(schema, 'minItems');
  const max = count(schema, 'maxItems');
  if (min !== undefined && value.length < min) add(errors, path, min === 1 ? l10n.t('must have at least one item') : l10n.t('must have at least {0} items', min));
  if (max !== undefined && value.length > max) add(errors, path, max === 1 ? l10n.t('must have at most one item') : l10n.t('must have at most {0} items', max));
  // One schema for every item; a tuple (an array of schemas) is left to the service.
  const items = own(schema, 'items');
  if (isObject(items) || items === false) value.forEach((item, index) => checkValue(item, items, `${path}.${index}`, depth + 1, errors));
}

function checkObject(value: Json, schema: Json, path: string, depth: number, errors: FieldErrors): void {
  const properties = propertiesOf(schema);
  for (const key of requiredOf(schema)) if (!has(value, key)) add(errors, `${path}.${key}`, l10n.t('is required'));
  const additional = own(schema, 'additionalProperties');
  const patterns = patternKeys(schema);
  for (const key of Object.keys(value)) {
    const field = `${path}.${key}`;
    if (Object.prototype.hasOwnProperty.call(properties, key)) {
      checkValue(value[key], properties[key], field, depth + 1, errors);
    } else if (patterns !== undefined && !patterns.some((p) => p.test(key))) {
      if (additional === false) add(errors, field, l10n.t("is not allowed by the workflow's schema"));
      else if (isObject(additional)) checkValue(value[key], additional, field, depth + 1, errors);
    }
  }
}

/**
 * The `patternProperties` patterns (their keys are not additional), or undefined when one cannot
 * be read here: then no key is judged additional.
 */
function patternKeys(schema: Json): RegExp[] | undefined {
  const patterns = own(schema, 'patternProperties');
  if (!isObject(patterns)) return [];
  const compiled = Object.keys(patterns).map(compile);
  return compiled.every((r): r is RegExp => r !== undefined) ? compiled : undefined;
}

/** JSON equality: same type, same value, arrays in order, objects by keys regardless of order. */
function sameJson(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (depth > MAX_DEPTH || typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => sameJson(v, b[i], depth + 1));
  const left = a as Json;
  const right = b as Json;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((k) => Object.prototype.hasOwnProperty.call(right, k) && sameJson(left[k], right[k], depth + 1));
}

/** A value as JSON, cut to a readable length. */
function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return short(text);
}

function short(text: string): string {
  const chars = [...text];
  return chars.length > MAX_SHOWN ? `${chars.slice(0, MAX_SHOWN - 1).join('')}…` : text;
}
