// The bodies of the topic routes (contract §11), checked as the service's DTOs check them: 422 with
// the failing fields in class-validator's words. What the checks leave is handed to topics.ts.
import { type ContextEntry, parseContextPayload } from './contextKeys';
import { FieldErrors, validationFailed } from './errors';
import type { JsonValue } from './types';
import { isObject } from './validation';

/** Subscriptions named in one request, at most (and at least 1). */
export const MAX_SUBSCRIPTIONS_PER_REQUEST = 100;
/** A topic's key, at most. */
const MAX_TOPIC_KEY_LENGTH = 100;

export interface SubscriptionItem {
  subscriberId: string;
  identifier?: string;
  name?: string;
}

/** One preference of a request, as a filter: workflow ids or identifiers, and tags. */
export interface PreferenceInput {
  workflowIds: string[];
  tags: string[];
  enabled: boolean;
  condition?: JsonValue;
}

export interface AddSubscriptionsInput {
  subscriptions: SubscriptionItem[];
  name?: string;
  context?: ContextEntry[];
  preferences?: PreferenceInput[];
}

function objectBody(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw validationFailed({ general: { messages: ['Request body must be a JSON object'], value: null } });
  return body;
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** `{ key, name }` of `POST /v2/topics` (name optional) and `PATCH /v2/topics/{key}` (name required). */
export function parseTopicBody(body: unknown, requireName: boolean): { key: string; name?: string } {
  const b = objectBody(body);
  const errors = new FieldErrors();
  const { key, name } = b;
  if (typeof key !== 'string' || key === '') errors.add('key', 'key should not be empty', key ?? null);
  else if (key.length > MAX_TOPIC_KEY_LENGTH) errors.add('key', `key must be shorter than or equal to ${MAX_TOPIC_KEY_LENGTH} characters`, key);
  if (name !== undefined && typeof name !== 'string') errors.add('name', 'name must be a string', name);
  else if (requireName && (name === undefined || name === '')) errors.add('name', 'name should not be empty', name ?? null);
  errors.throwIfAny();
  return { key: key as string, ...(typeof name === 'string' ? { name } : {}) };
}

/** A list of 1 to 100, in the DTO's words; false when it is not one. */
function checkCount(field: string, list: unknown, errors: FieldErrors): list is unknown[] {
  if (!Array.isArray(list)) {
    errors.add(field, `${field} must be an array`, list ?? null);
    return false;
  }
  if (list.length === 0) errors.add(field, `${field} must contain at least 1 elements`, list);
  else if (list.length > MAX_SUBSCRIPTIONS_PER_REQUEST) errors.add(field, `${field} must contain no more than ${MAX_SUBSCRIPTIONS_PER_REQUEST} elements`, `${list.length} items`);
  return true;
}

/** The preferences of an add or a patch: a workflowId, `{ workflowId, enabled?, condition? }` or `{ filter: { workflowIds?, tags? }, enabled?, condition? }`. */
function parsePreferences(value: unknown, errors: FieldErrors): PreferenceInput[] | undefined {
  if (!Array.isArray(value)) {
    errors.add('preferences', 'preferences must be an array', value ?? null);
    return undefined;
  }
  const out: PreferenceInput[] = [];
  value.forEach((p: unknown, i) => {
    const at = `preferences.${i}`;
    if (typeof p === 'string' && p !== '') {
      out.push({ workflowIds: [p], tags: [], enabled: true });
      return;
    }
    if (!isObject(p)) {
      errors.add(at, `${at} must be a workflow id or an object`, p ?? null);
      return;
    }
    const enabled = p['enabled'];
    if (enabled !== undefined && typeof enabled !== 'boolean') errors.add(`${at}.enabled`, 'enabled must be a boolean value', enabled);
    const condition = p['condition'];
    const filter = p['filter'];
    let workflowIds: string[] = [];
    let tags: string[] = [];
    if (filter !== undefined) {
      if (!isObject(filter)) errors.add(`${at}.filter`, 'filter must be an object', filter);
      else {
        if (filter['workflowIds'] !== undefined && !isStringList(filter['workflowIds'])) errors.add(`${at}.filter.workflowIds`, 'each value in workflowIds must be a string', filter['workflowIds']);
        if (filter['tags'] !== undefined && !isStringList(filter['tags'])) errors.add(`${at}.filter.tags`, 'each value in tags must be a string', filter['tags']);
        workflowIds = isStringList(filter['workflowIds']) ? filter['workflowIds'] : [];
        tags = isStringList(filter['tags']) ? filter['tags'] : [];
      }
    } else if (typeof p['workflowId'] === 'string' && p['workflowId'] !== '') workflowIds = [p['workflowId']];
    else errors.add(`${at}.workflowId`, 'workflowId should not be empty', p['workflowId'] ?? null);
    out.push({ workflowIds, tags, enabled: enabled !== false, ...(condition !== undefined && condition !== null ? { condition: condition as JsonValue } : {}) });
  });
  return out;
}

/** `POST /v2/topics/{key}/subscriptions`: `subscriptions` (or the deprecated `subscriberIds`), `name`, `context`, `preferences`. */
export function parseAddSubscriptions(body: unknown): AddSubscriptionsInput {
  const b = objectBody(body);
  const errors = new FieldErrors();
  const items: SubscriptionItem[] = [];
  const field = b['subscriptions'] !== undefined || b['subscriberIds'] === undefined ? 'subscriptions' : 'subscriberIds';
  const list = b[field];
  if (checkCount(field, list, errors)) {
    list.forEach((item: unknown, i) => {
      const at = `${field}.${i}`;
      if (typeof item === 'string' && item !== '') items.push({ subscriberId: item });
      else if (field === 'subscriptions' && isObject(item) && typeof item['subscriberId'] === 'string' && item['subscriberId'] !== '') {
        if (item['identifier'] !== undefined && typeof item['identifier'] !== 'string') errors.add(`${at}.identifier`, 'identifier must be a string', item['identifier']);
        if (item['name'] !== undefined && typeof item['name'] !== 'string') errors.add(`${at}.name`, 'name must be a string', item['name']);
        items.push({ subscriberId: item['subscriberId'], ...(typeof item['identifier'] === 'string' && item['identifier'] !== '' ? { identifier: item['identifier'] } : {}), ...(typeof item['name'] === 'string' ? { name: item['name'] } : {}) });
      } else errors.add(at, field === 'subscriptions' ? `${at} must be a subscriberId or an object with subscriberId` : `each value in ${field} must be a string`, item ?? null);
    });
  }
  const input: AddSubscriptionsInput = { subscriptions: items };
  if (b['name'] !== undefined) {
    if (typeof b['name'] !== 'string') errors.add('name', 'name must be a string', b['name']);
    else input.name = b['name'];
  }
  if (b['context'] !== undefined) {
    const context = parseContextPayload(b['context'], errors);
    if (context) input.context = context;
  }
  if (b['preferences'] !== undefined) {
    const preferences = parsePreferences(b['preferences'], errors);
    if (preferences) input.preferences = preferences;
  }
  errors.throwIfAny();
  return input;
}

/** `DELETE /v2/topics/{key}/subscriptions`: `subscriptions` of subscriberIds or `{ identifier?, subscriberId? }`, or `subscriberIds`. */
export function parseRemoveSubscriptions(body: unknown): { identifier?: string; subscriberId?: string }[] {
  const b = objectBody(body);
  const errors = new FieldErrors();
  const field = b['subscriptions'] !== undefined || b['subscriberIds'] === undefined ? 'subscriptions' : 'subscriberIds';
  const list = b[field];
  const items: { identifier?: string; subscriberId?: string }[] = [];
  if (checkCount(field, list, errors)) {
    list.forEach((item: unknown, i) => {
      const at = `${field}.${i}`;
      if (typeof item === 'string' && item !== '') items.push({ subscriberId: item });
      else if (field === 'subscriptions' && isObject(item) && (typeof item['identifier'] === 'string' || typeof item['subscriberId'] === 'string')) {
        items.push({
          ...(typeof item['identifier'] === 'string' && item['identifier'] !== '' ? { identifier: item['identifier'] } : {}),
          ...(typeof item['subscriberId'] === 'string' && item['subscriberId'] !== '' ? { subscriberId: item['subscriberId'] } : {}),
        });
      } else errors.add(at, field === 'subscriptions' ? `${at} must be a subscriberId or an object with identifier or subscriberId` : `each value in ${field} must be a string`, item ?? null);
    });
  }
  errors.throwIfAny();
  return items.filter((i) => i.identifier !== undefined || i.subscriberId !== undefined);
}

/** `PATCH /v2/topics/{key}/subscriptions/{identifier}`: `{ name?, preferences? }`. */
export function parsePreferencesPatch(body: unknown): { name?: string; preferences?: PreferenceInput[] } {
  const b = objectBody(body);
  const errors = new FieldErrors();
  const out: { name?: string; preferences?: PreferenceInput[] } = {};
  if (b['name'] !== undefined) {
    if (typeof b['name'] !== 'string') errors.add('name', 'name must be a string', b['name']);
    else out.name = b['name'];
  }
  if (b['preferences'] !== undefined) {
    const preferences = parsePreferences(b['preferences'], errors);
    if (preferences) out.preferences = preferences;
  }
  errors.throwIfAny();
  return out;
}
