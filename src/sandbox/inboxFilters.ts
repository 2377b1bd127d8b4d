// The Inbox's filters (contract §13): a list's query, a count's `filters` items and a bulk body read
// into one filter, how a message is matched against it, and how the answer repeats it.
import { contextKeysQuery, matchesContextFilter } from './contextKeys';
import { type FieldErrors, badRequest } from './errors';
import type { StoredMessage } from './inboxTypes';
import type { JsonObject, Query } from './types';
import { isObject, queryList, scalar } from './validation';

const SEVERITIES = ['high', 'medium', 'low', 'none'];
const FLAGS = ['read', 'archived', 'snoozed', 'seen'] as const;
type Flag = (typeof FLAGS)[number];

export interface MessageFilter {
  flags: Partial<Record<Flag, boolean>>;
  /** Every group must share a tag with the message (a plain list is one group). */
  tagGroups?: string[][];
  severity?: string[];
  data?: JsonObject;
  createdGte?: number;
  createdLte?: number;
  contextKeys?: string[];
}

const UNREAD_ARCHIVED = 'Filtering for unread and archived notifications is not supported.';

export function checkFlags(f: MessageFilter): void {
  if (f.flags.read === false && f.flags.archived === true) throw badRequest(UNREAD_ARCHIVED);
}

function boolOf(value: unknown, field: string, errors: FieldErrors): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  errors.add(field, `${field.split('.').pop()} must be a boolean value`, value);
  return undefined;
}

/** `tags`: a list (any of them), or `{ and: [{ or: [...] }, ...] }` (each group, any of its tags). */
function tagGroups(value: unknown, field: string, errors: FieldErrors): string[][] | undefined {
  if (value === undefined || value === null) return undefined;
  let v = value;
  if (typeof v === 'string' && v.trim().startsWith('{')) {
    try {
      v = JSON.parse(v);
    } catch {
      errors.add(field, 'tags must be a list of strings or { and: [{ or: [...] }] }', value);
      return undefined;
    }
  }
  if (typeof v === 'string') return [[v]];
  if (Array.isArray(v) && v.every((t) => typeof t === 'string')) return v.length > 0 ? [v as string[]] : undefined;
  if (isObject(v) && Array.isArray(v['and']) && v['and'].every((g) => isObject(g) && Array.isArray(g['or']) && g['or'].every((t) => typeof t === 'string'))) {
    return (v['and'] as { or: string[] }[]).map((g) => g.or);
  }
  errors.add(field, 'tags must be a list of strings or { and: [{ or: [...] }] }', value);
  return undefined;
}

function dataOf(value: unknown): JsonObject | undefined | 'invalid' {
  if (value === undefined || value === null || value === '') return undefined;
  if (isObject(value)) return value as JsonObject;
  if (typeof value !== 'string') return 'invalid';
  try {
    const parsed: unknown = JSON.parse(value);
    return isObject(parsed) ? (parsed as JsonObject) : 'invalid';
  } catch {
    return 'invalid';
  }
}

function severityOf(value: unknown, field: string, errors: FieldErrors): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((s) => typeof s === 'string' && SEVERITIES.includes(s))) {
    errors.add(field, `each value in severity must be one of the following values: ${SEVERITIES.join(', ')}`, value);
    return undefined;
  }
  return list.length > 0 ? (list as string[]) : undefined;
}

/** A filter of the list's query. */
export function filterFromQuery(query: Query, errors: FieldErrors): MessageFilter {
  const flags: MessageFilter['flags'] = {};
  for (const flag of FLAGS) {
    const value = boolOf(scalar(query, flag, errors), flag, errors);
    if (value !== undefined) flags[flag] = value;
  }
  const tags = queryList(query, 'tags');
  const groups = tags.length === 1 ? tagGroups(tags[0], 'tags', errors) : tagGroups(tags.length > 0 ? tags : undefined, 'tags', errors);
  const data = dataOf(scalar(query, 'data', errors));
  if (data === 'invalid') throw badRequest('Invalid JSON format for data parameter');
  const severity = severityOf(queryList(query, 'severity').length > 0 ? queryList(query, 'severity') : undefined, 'severity', errors);
  const created = (name: string): number | undefined => {
    const raw = scalar(query, name, errors);
    if (raw === undefined) return undefined;
    const ms = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(ms)) errors.add(name, `${name} must be a number conforming to the specified constraints`, raw);
    return ms;
  };
  const createdGte = created('createdGte');
  const createdLte = created('createdLte');
  const contextKeys = contextKeysQuery(query);
  return { flags, ...(groups ? { tagGroups: groups } : {}), ...(severity ? { severity } : {}), ...(data ? { data } : {}), ...(createdGte !== undefined ? { createdGte } : {}), ...(createdLte !== undefined ? { createdLte } : {}), ...(contextKeys ? { contextKeys } : {}) };
}

/** A filter of a count (one item of `filters`) or of a bulk body. */
export function filterFromObject(f: Record<string, unknown>, errors: FieldErrors, prefix: string): MessageFilter {
  const at = (name: string): string => (prefix ? `${prefix}.${name}` : name);
  const flags: MessageFilter['flags'] = {};
  for (const flag of FLAGS) {
    const value = boolOf(f[flag], at(flag), errors);
    if (value !== undefined) flags[flag] = value;
  }
  const groups = tagGroups(f['tags'], at('tags'), errors);
  const severity = severityOf(f['severity'], at('severity'), errors);
  const data = dataOf(f['data']);
  if (data === 'invalid') throw badRequest('Invalid JSON format for data parameter');
  let contextKeys: string[] | undefined;
  const keys = f['contextKeys'];
  if (keys !== undefined && keys !== null) {
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string')) errors.add(at('contextKeys'), 'each value in contextKeys must be a string', keys);
    else contextKeys = (keys as string[]).filter((k) => k !== '').sort();
  }
  return { flags, ...(groups ? { tagGroups: groups } : {}), ...(severity ? { severity } : {}), ...(data ? { data } : {}), ...(contextKeys ? { contextKeys } : {}) };
}

export function messageMatches(m: StoredMessage, f: MessageFilter): boolean {
  if (m.deleted) return false;
  const { read, archived, snoozed, seen } = f.flags;
  if ((read !== undefined && m.isRead !== read) || (archived !== undefined && m.isArchived !== archived) || (snoozed !== undefined && m.isSnoozed !== snoozed) || (seen !== undefined && m.isSeen !== seen)) return false;
  if (f.tagGroups && !f.tagGroups.every((group) => group.some((t) => m.tags.includes(t)))) return false;
  if (f.severity && !f.severity.includes(m.severity)) return false;
  if (f.data && !Object.entries(f.data).every(([k, v]) => JSON.stringify(m.data?.[k]) === JSON.stringify(v))) return false;
  const created = Date.parse(m.createdAt);
  if ((f.createdGte !== undefined && created < f.createdGte) || (f.createdLte !== undefined && created > f.createdLte)) return false;
  return matchesContextFilter(m.contextKeys, f.contextKeys);
}

/** The filter as the answer repeats it. */
export function filterEcho(f: MessageFilter): Record<string, unknown> {
  return {
    ...f.flags,
    ...(f.tagGroups ? { tags: f.tagGroups.length === 1 ? f.tagGroups[0] : { and: f.tagGroups.map((or) => ({ or })) } } : {}),
    ...(f.severity ? { severity: f.severity } : {}),
    ...(f.data ? { data: f.data } : {}),
    ...(f.contextKeys ? { contextKeys: f.contextKeys } : {}),
  };
}
