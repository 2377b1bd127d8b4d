/**
 * Where a target's payload schema refuses what the source's accepts (contract §10.6, R7): (a) a key
 * required in the target, at any depth, that the source does not require and the target gives no
 * `default`; (b) the same path with another `type`; (c) a target `enum` without a value the source's
 * `enum` allows; (d) `additionalProperties: false` in the target where the source declares a property
 * the target lacks. And which fields a schema would refuse in a given payload, through the one
 * payload check of `format/payloadSchema.ts` (defaults filled first, as the service does). Pure.
 */
import { checkPayload } from '../format/payloadSchema';
import { type Json, isEqual, isObject } from './normalize';

export type SchemaRule = 'required' | 'type' | 'enum' | 'additionalProperties';

export interface SchemaRefusal {
  rule: SchemaRule;
  /** Dotted path of the property from the payload (`customer.name`). */
  path: string;
  /** The field as the service's 400 names it: a missing top-level key is `root.<key>`. */
  field: string;
  source: unknown;
  target: unknown;
}

const MAX_DEPTH = 32;

function propertiesOf(schema: Json): Json {
  return isObject(schema['properties']) ? schema['properties'] : {};
}

function requiredOf(schema: Json): string[] {
  return Array.isArray(schema['required']) ? schema['required'].filter((k): k is string => typeof k === 'string') : [];
}

function typesOf(schema: Json): string[] | undefined {
  const type = schema['type'];
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string').sort();
  return undefined;
}

function fieldOf(path: string[]): string {
  return path.length === 1 ? `root.${path[0]}` : path.join('.');
}

/** R7's comparison of two payload schemas; none when the target has no schema. */
export function schemaRefusals(source: unknown, target: unknown): SchemaRefusal[] {
  const out: SchemaRefusal[] = [];
  if (isObject(target)) walk(isObject(source) ? source : undefined, target, [], out, 0);
  return out;
}

function walk(source: Json | undefined, target: Json, path: string[], out: SchemaRefusal[], depth: number): void {
  if (depth > MAX_DEPTH) return;
  const targetProps = propertiesOf(target);
  const sourceProps = source ? propertiesOf(source) : {};
  const sourceRequired = source ? requiredOf(source) : [];
  for (const key of requiredOf(target)) {
    const property = targetProps[key];
    const hasDefault = isObject(property) && Object.prototype.hasOwnProperty.call(property, 'default');
    if (!sourceRequired.includes(key) && !hasDefault) out.push({ rule: 'required', path: [...path, key].join('.'), field: fieldOf([...path, key]), source: sourceRequired, target: requiredOf(target) });
  }
  if (source && target['additionalProperties'] === false) {
    for (const key of Object.keys(sourceProps)) {
      if (!Object.prototype.hasOwnProperty.call(targetProps, key)) out.push({ rule: 'additionalProperties', path: [...path, key].join('.'), field: fieldOf([...path, key]), source: Object.keys(sourceProps), target: false });
    }
  }
  for (const [key, property] of Object.entries(targetProps)) {
    const other = sourceProps[key];
    if (!isObject(property) || !isObject(other)) continue;
    compareLeaf(other, property, [...path, key], out);
    walk(other, property, [...path, key], out, depth + 1);
    if (isObject(property['items']) && isObject(other['items'])) walk(other['items'] as Json, property['items'] as Json, [...path, key, '0'], out, depth + 1);
  }
}

function compareLeaf(source: Json, target: Json, path: string[], out: SchemaRefusal[]): void {
  const a = typesOf(source);
  const b = typesOf(target);
  if (a && b && !isEqual(a, b)) out.push({ rule: 'type', path: path.join('.'), field: fieldOf(path), source: source['type'], target: target['type'] });
  if (Array.isArray(source['enum']) && Array.isArray(target['enum'])) {
    const targetEnum = target['enum'];
    const lacking = source['enum'].filter((v) => !targetEnum.some((t) => isEqual(t, v)));
    if (lacking.length > 0) out.push({ rule: 'enum', path: path.join('.'), field: fieldOf(path), source: source['enum'], target: targetEnum });
  }
}

/** The fields a schema refuses in one payload (dotted from `payload`, as `checkPayload` keys them); empty when it accepts it. */
export function refusedFields(schema: unknown, payload: unknown): string[] {
  return Object.keys(checkPayload(payload, schema));
}

export interface RunsRefused {
  /** Payloads checked (at most the last 50 given). */
  checked: number;
  refused: number;
  /** How many payloads each field was refused in, most first. */
  fields: { field: string; count: number }[];
}

/** "Of the last 50 runs, N would be refused, with field F": the payloads newest first; only the first 50 count. */
export function runsRefused(schema: unknown, payloads: readonly unknown[], limit = 50): RunsRefused {
  const counts = new Map<string, number>();
  let refused = 0;
  const checked = payloads.slice(0, limit);
  for (const payload of checked) {
    const fields = refusedFields(schema, payload);
    if (fields.length > 0) refused++;
    for (const field of fields) counts.set(field, (counts.get(field) ?? 0) + 1);
  }
  const fields = [...counts].map(([field, count]) => ({ field, count })).sort((x, y) => y.count - x.count || x.field.localeCompare(y.field));
  return { checked: checked.length, refused, fields };
}

/** An object literal's keys as the scanner read them (`scan/objectLiteral.ts`), without importing the scanner. */
export interface LiteralKeys {
  keys: ReadonlyMap<string, LiteralKeys | null>;
  closed: boolean;
}

/**
 * The keys a schema requires that a payload written as an object literal does not name: each as
 * the service's 400 names its field (`root.dueDate`, `address.city`). A key with a `default` is
 * filled by the service, so never lacking; a literal with a spread or a computed key may hold any
 * key, so nothing is said of its level; a nested literal is checked against its property's schema.
 */
export function literalLacks(schema: unknown, literal: LiteralKeys): string[] {
  const out: string[] = [];
  const visit = (s: Json, l: LiteralKeys, path: string[], depth: number) => {
    if (depth > MAX_DEPTH) return;
    const props = propertiesOf(s);
    if (l.closed) {
      for (const key of requiredOf(s)) {
        const property = props[key];
        const hasDefault = isObject(property) && Object.prototype.hasOwnProperty.call(property, 'default');
        if (!l.keys.has(key) && !hasDefault) out.push(fieldOf([...path, key]));
      }
    }
    for (const [key, nested] of l.keys) {
      const property = props[key];
      if (nested && isObject(property)) visit(property, nested, [...path, key], depth + 1);
    }
  };
  if (isObject(schema)) visit(schema, literal, [], 0);
  return out;
}
