/**
 * A trigger's `context` as the service checks it (contract §12), and the `type:id` keys it makes.
 * Pure, without zod or the client: the core bundle's trigger check and the webviews' validation
 * import it without the `/v2/contexts` reads.
 */
import { l10n } from '../l10n';
import type { FieldErrors } from './errors';

/** `CONTEXT_IDENTIFIER_REGEX` (§12): a context's type and id, each 1 to 100 characters. */
export const CONTEXT_IDENTIFIER_PATTERN = /^[a-zA-Z0-9_-]+$/;
export const MAX_CONTEXT_IDENTIFIER_LENGTH = 100;
/** Keys a trigger's `context` may carry (§12, the docs' limit). */
export const MAX_CONTEXT_KEYS = 5;
/** A context's `data`, as serialized JSON (§12). */
export const MAX_CONTEXT_DATA_BYTES = 64 * 1024;

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** What is wrong with a context type or id, in words; undefined when it is fine. */
export function contextIdentifierProblem(value: unknown, what: 'type' | 'id'): string | undefined {
  if (typeof value !== 'string' || value === '') return what === 'type' ? l10n.t('A context type is required.') : l10n.t('A context id is required.');
  if (value.length > MAX_CONTEXT_IDENTIFIER_LENGTH) return l10n.t('At most {0} characters (this one has {1}).', MAX_CONTEXT_IDENTIFIER_LENGTH, value.length);
  if (!CONTEXT_IDENTIFIER_PATTERN.test(value)) return l10n.t('Use letters, digits, _ and - only.');
  return undefined;
}

/**
 * A trigger's `context` (§12): `{ [type]: id | { id, data? } }`, one to five keys, each type and id
 * by the service's pattern, each `data` an object of at most 64 KB as JSON. Errors keyed under
 * `prefix` (`context.tenant.id`), so that a review places each at its key.
 */
export function validateTriggerContext(context: unknown, prefix = 'context'): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string | undefined) => {
    if (message) (errors[field] ??= []).push(message);
  };
  if (!isPlainObject(context)) return { [prefix]: [l10n.t('A context is an object: { "tenant": "acme" } or { "tenant": { "id": "acme", "data": { … } } }.')] };
  const entries = Object.entries(context);
  if (entries.length === 0) add(prefix, l10n.t('A context needs at least one key (or leave it out).'));
  if (entries.length > MAX_CONTEXT_KEYS) add(prefix, l10n.t('At most {0} context keys (this one has {1}).', MAX_CONTEXT_KEYS, entries.length));
  for (const [type, value] of entries) {
    const at = `${prefix}.${type}`;
    add(at, contextIdentifierProblem(type, 'type'));
    if (typeof value === 'string') add(at, contextIdentifierProblem(value, 'id'));
    else if (isPlainObject(value)) {
      add(`${at}.id`, contextIdentifierProblem(value['id'], 'id'));
      const data = value['data'];
      if (data !== undefined) {
        if (!isPlainObject(data)) add(`${at}.data`, l10n.t('Must be a JSON object.'));
        else {
          const bytes = jsonBytes(data);
          if (bytes > MAX_CONTEXT_DATA_BYTES) add(`${at}.data`, l10n.t('At most 64 KB as JSON (this one is {0} KB).', Math.ceil(bytes / 1024)));
        }
      }
      for (const key of Object.keys(value)) if (key !== 'id' && key !== 'data') add(`${at}.${key}`, l10n.t('A context entry holds only id and data.'));
    } else add(at, l10n.t('A context entry is an id or { "id": …, "data": { … } }.'));
  }
  return errors;
}

function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}

/** The `type:id` keys of a trigger's `context`, sorted as the service stores them (§12); [] for none or a context it would refuse. */
export function contextKeysOf(context: unknown): string[] {
  if (!isPlainObject(context)) return [];
  const keys: string[] = [];
  for (const [type, value] of Object.entries(context)) {
    const id = typeof value === 'string' ? value : isPlainObject(value) && typeof value['id'] === 'string' ? value['id'] : undefined;
    if (id !== undefined) keys.push(`${type}:${id}`);
  }
  return keys.sort();
}
