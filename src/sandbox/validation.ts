// Request validation with the service's rules and class-validator-style messages.
import { type ContextEntry, contextKeysQuery, parseContextPayload } from './contextKeys';
import { FieldErrors, badRequest, validationFailed } from './errors';
import type { Criticality } from './preferences';
import type { NotificationSearch } from './notifications';
import type { SubscriberInput, SubscriberSearch } from './subscribers';
import { CHANNELS, WEEK_DAYS, type DaySchedule, type JsonObject, type PreferenceChannels, type Query, type Schedule } from './types';

/** VALID_ID_REGEX of the service. */
export const SUBSCRIBER_ID_PATTERN = /^[a-zA-Z0-9_:.-]+$|^\S+@\S+\.\S+$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** BCP-47-ish: language, optional script, optional region (`en`, `en-US`, `zh-Hant-TW`, `es-419`). */
const LOCALE_PATTERN = /^[a-zA-Z]{2,3}(-[a-zA-Z]{4})?(-([a-zA-Z]{2}|[0-9]{3}))?$/;
export const TIME_PATTERN = /^(0?[1-9]|1[0-2]):[0-5][0-9]\s?(AM|PM)$/i;

let timeZones: Set<string> | undefined;
function isTimeZone(value: string): boolean {
  timeZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return timeZones.has(value);
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Query parameters arrive as `name`, `name[]` or `name[0]`; this reads all of them as one list. */
export function queryList(query: Query, name: string): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (key === name || key === `${name}[]` || new RegExp(`^${name}\\[\\d+\\]$`).test(key)) {
      out.push(...(Array.isArray(value) ? value : [value]));
    }
  }
  return out;
}

export function scalar(query: Query, name: string, errors: FieldErrors): string | undefined {
  const value = query[name];
  if (Array.isArray(value)) {
    errors.add(name, `${name} must be a string`, value);
    return undefined;
  }
  return value;
}

export function integerParam(
  query: Query,
  name: string,
  errors: FieldErrors,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = scalar(query, name, errors);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value)) {
    errors.add(name, `${name} must be an integer number`, raw);
  } else if (value < min) {
    errors.add(name, `${name} must not be less than ${min}`, raw);
  } else if (value > max) {
    errors.add(name, `${name} must not be greater than ${max}`, raw);
  }
  return value;
}

export function parseSubscriberSearch(query: Query): SubscriberSearch {
  const errors = new FieldErrors();
  const after = scalar(query, 'after', errors);
  const before = scalar(query, 'before', errors);
  const limit = integerParam(query, 'limit', errors, 10, 1, 100);
  const orderDirection = scalar(query, 'orderDirection', errors) ?? 'DESC';
  if (orderDirection !== 'ASC' && orderDirection !== 'DESC') {
    errors.add('orderDirection', 'orderDirection must be one of the following values: ASC, DESC', orderDirection);
  }
  const orderBy = scalar(query, 'orderBy', errors) ?? '_id';
  if (orderBy !== '_id' && orderBy !== 'updatedAt') {
    errors.add('orderBy', 'orderBy must be one of the following values: updatedAt, _id', orderBy);
  }
  const includeCursor = scalar(query, 'includeCursor', errors);
  if (includeCursor !== undefined && includeCursor !== 'true' && includeCursor !== 'false') {
    errors.add('includeCursor', 'includeCursor must be a boolean value', includeCursor);
  }
  const filters = {
    email: scalar(query, 'email', errors),
    phone: scalar(query, 'phone', errors),
    name: scalar(query, 'name', errors),
    subscriberId: scalar(query, 'subscriberId', errors),
  };
  errors.throwIfAny();
  if (after !== undefined && before !== undefined) {
    throw badRequest('Cannot specify both "before" and "after" cursors at the same time.');
  }
  const search: SubscriberSearch = {
    limit,
    orderDirection: orderDirection === 'ASC' ? 'ASC' : 'DESC',
    orderBy: orderBy === 'updatedAt' ? 'updatedAt' : '_id',
    includeCursor: includeCursor === 'true',
  };
  if (after !== undefined) search.after = after;
  if (before !== undefined) search.before = before;
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') search[key as keyof typeof filters] = value;
  }
  return search;
}

const OPTIONAL_STRINGS = ['firstName', 'lastName', 'phone', 'avatar'] as const;

export function parseCreateSubscriber(body: unknown): SubscriberInput {
  if (!isObject(body)) {
    throw validationFailed({ general: { messages: ['Request body must be a JSON object'], value: null } });
  }
  const errors = new FieldErrors();
  const { subscriberId } = body;
  if (subscriberId === undefined || subscriberId === null || subscriberId === '') {
    errors.add('subscriberId', 'subscriberId should not be empty', subscriberId);
  } else if (typeof subscriberId !== 'string') {
    errors.add('subscriberId', 'subscriberId must be a string', subscriberId);
  } else if (!SUBSCRIBER_ID_PATTERN.test(subscriberId)) {
    errors.add('subscriberId', `subscriberId must match ${SUBSCRIBER_ID_PATTERN.source} regular expression`, subscriberId);
  }
  const input: SubscriberInput = { subscriberId: typeof subscriberId === 'string' ? subscriberId : '' };
  for (const field of OPTIONAL_STRINGS) {
    const value = body[field];
    if (value === undefined) continue;
    if (value !== null && typeof value !== 'string') errors.add(field, `${field} must be a string`, value);
    else input[field] = value;
  }
  const { email, locale, timezone, data } = body;
  if (email !== undefined && email !== null) {
    if (typeof email !== 'string' || !EMAIL_PATTERN.test(email)) errors.add('email', 'email must be an email', email);
    else input.email = email;
  } else if (email === null) input.email = null;
  if (locale !== undefined && locale !== null) {
    if (typeof locale !== 'string' || !LOCALE_PATTERN.test(locale)) errors.add('locale', 'locale must be locale', locale);
    else input.locale = locale;
  } else if (locale === null) input.locale = null;
  if (timezone !== undefined && timezone !== null) {
    if (typeof timezone !== 'string' || !isTimeZone(timezone)) {
      errors.add('timezone', 'timezone must be a valid IANA time-zone', timezone);
    } else input.timezone = timezone;
  } else if (timezone === null) input.timezone = null;
  if (data !== undefined && data !== null) {
    if (!isObject(data)) errors.add('data', 'data must be an object', data);
    else input.data = data as JsonObject;
  } else if (data === null) input.data = null;
  errors.throwIfAny();
  return input;
}

export function parseCriticality(query: Query): Criticality {
  const errors = new FieldErrors();
  const value = scalar(query, 'criticality', errors) ?? 'nonCritical';
  if (value !== 'nonCritical' && value !== 'critical' && value !== 'all') {
    errors.add('criticality', 'criticality must be one of the following values: critical, nonCritical, all', value);
  }
  errors.throwIfAny();
  return value as Criticality;
}

export interface PreferencesPatchBody {
  channels?: PreferenceChannels;
  workflowId?: string;
  schedule?: Schedule;
}

function parseDay(day: string, value: unknown, errors: FieldErrors): DaySchedule | undefined {
  const path = `schedule.weeklySchedule.${day}`;
  if (!isObject(value)) {
    errors.add(path, `${path} must be an object`, value);
    return undefined;
  }
  if (typeof value['isEnabled'] !== 'boolean') errors.add(`${path}.isEnabled`, 'isEnabled must be a boolean value', value['isEnabled']);
  const out: DaySchedule = { isEnabled: value['isEnabled'] === true };
  const hours = value['hours'];
  if (hours === undefined) return out;
  if (!Array.isArray(hours)) {
    errors.add(`${path}.hours`, 'hours must be an array', hours);
    return out;
  }
  out.hours = [];
  hours.forEach((range: unknown, i) => {
    if (!isObject(range)) {
      errors.add(`${path}.hours.${i}`, 'each value in hours must be an object', range);
      return;
    }
    for (const edge of ['start', 'end'] as const) {
      const time = range[edge];
      if (typeof time !== 'string' || !TIME_PATTERN.test(time)) {
        errors.add(`${path}.hours.${i}.${edge}`, `${edge} must be a valid time in the format hh:mm AM/PM`, time);
      }
    }
    out.hours?.push({ start: String(range['start']), end: String(range['end']) });
  });
  return out;
}

function parseSchedule(value: unknown, errors: FieldErrors): Schedule | undefined {
  if (!isObject(value)) {
    errors.add('schedule', 'schedule must be an object', value);
    return undefined;
  }
  for (const key of Object.keys(value)) {
    if (key !== 'isEnabled' && key !== 'weeklySchedule') errors.add(`schedule.${key}`, `property ${key} should not exist`, value[key]);
  }
  if (typeof value['isEnabled'] !== 'boolean') errors.add('schedule.isEnabled', 'isEnabled must be a boolean value', value['isEnabled']);
  const schedule: Schedule = { isEnabled: value['isEnabled'] === true };
  const weekly = value['weeklySchedule'];
  if (weekly === undefined) {
    if (schedule.isEnabled) errors.add('schedule.weeklySchedule', 'weeklySchedule must not be empty when the schedule is enabled', weekly);
    return schedule;
  }
  if (!isObject(weekly)) {
    errors.add('schedule.weeklySchedule', 'weeklySchedule must be an object', weekly);
    return schedule;
  }
  if (schedule.isEnabled && Object.keys(weekly).length === 0) {
    errors.add('schedule.weeklySchedule', 'weeklySchedule must not be empty when the schedule is enabled', weekly);
  }
  schedule.weeklySchedule = {};
  for (const [day, dayValue] of Object.entries(weekly)) {
    if (!(WEEK_DAYS as readonly string[]).includes(day)) {
      errors.add(`schedule.weeklySchedule.${day}`, `property ${day} should not exist`, dayValue);
      continue;
    }
    const parsed = parseDay(day, dayValue, errors);
    if (parsed) schedule.weeklySchedule[day as (typeof WEEK_DAYS)[number]] = parsed;
  }
  return schedule;
}

export function parsePreferencesPatch(body: unknown): PreferencesPatchBody {
  if (!isObject(body)) {
    throw validationFailed({ general: { messages: ['Request body must be a JSON object'], value: null } });
  }
  const errors = new FieldErrors();
  const out: PreferencesPatchBody = {};
  const { channels, workflowId, schedule } = body;
  if (channels !== undefined) {
    if (!isObject(channels)) {
      errors.add('channels', 'channels must be an object', channels);
    } else {
      out.channels = {};
      for (const [key, value] of Object.entries(channels)) {
        if (!(CHANNELS as readonly string[]).includes(key)) {
          errors.add(`channels.${key}`, `property ${key} should not exist`, value);
        } else if (typeof value !== 'boolean') {
          errors.add(`channels.${key}`, `${key} must be a boolean value`, value);
        } else {
          out.channels[key as (typeof CHANNELS)[number]] = value;
        }
      }
    }
  }
  if (workflowId !== undefined) {
    if (typeof workflowId !== 'string' || workflowId === '') errors.add('workflowId', 'workflowId must be a string', workflowId);
    else out.workflowId = workflowId;
  }
  if (schedule !== undefined) {
    const parsed = parseSchedule(schedule, errors);
    if (parsed) out.schedule = parsed;
  }
  errors.throwIfAny();
  return out;
}

export function parseNotificationSearch(query: Query): NotificationSearch {
  const errors = new FieldErrors();
  const page = integerParam(query, 'page', errors, 0, 0, Number.MAX_SAFE_INTEGER);
  const limit = integerParam(query, 'limit', errors, 10, 1, 50);
  const channels = queryList(query, 'channels');
  for (const c of channels) {
    if (!(CHANNELS as readonly string[]).includes(c)) {
      errors.add('channels', `each value in channels must be one of the following values: ${CHANNELS.join(', ')}`, channels);
      break;
    }
  }
  const date = (name: 'after' | 'before'): number | undefined => {
    const raw = scalar(query, name, errors);
    if (raw === undefined) return undefined;
    const ms = Date.parse(raw);
    if (Number.isNaN(ms)) errors.add(name, `${name} must be a valid ISO 8601 date string`, raw);
    return ms;
  };
  const afterMs = date('after');
  const beforeMs = date('before');
  const topicKey = scalar(query, 'topicKey', errors);
  const subscriptionId = scalar(query, 'subscriptionId', errors);
  errors.throwIfAny();
  const search: NotificationSearch = {
    page,
    limit,
    subscriberIds: queryList(query, 'subscriberIds'),
    channels,
    templates: queryList(query, 'templates'),
    emails: queryList(query, 'emails'),
    severity: queryList(query, 'severity'),
    // The live service accepts the transaction id repeated: any of them matches.
    transactionIds: queryList(query, 'transactionId').filter((t) => t !== ''),
  };
  if (topicKey) search.topicKey = topicKey;
  if (subscriptionId) search.subscriptionId = subscriptionId;
  // `contextKeys=` (one empty value): the runs without a context (contract §11, §12).
  const contextKeys = contextKeysQuery(query);
  if (contextKeys) search.contextKeys = contextKeys;
  if (afterMs !== undefined) search.afterMs = afterMs;
  if (beforeMs !== undefined) search.beforeMs = beforeMs;
  return search;
}

/** One recipient of a trigger: a subscriber (by id, with create fields when an object) or a topic (contract §11). */
export type TriggerRecipient =
  | { kind: 'subscriber'; subscriberId: string; input: SubscriberInput }
  | { kind: 'topic'; topicKey: string; exclude: string[] }
  | { kind: 'missing' };

export interface TriggerInput {
  name: string;
  recipients: TriggerRecipient[];
  payload: JsonObject;
  overrides?: JsonObject;
  transactionId?: string;
  /** The actor's subscriberId (a string, or an object's `subscriberId`): the topic fan-out skips them. */
  actor?: string;
  /** The trigger's `context` (contract §12), checked. */
  context?: ContextEntry[];
}

/** A topic recipient `{ type: 'Topic', topicKey, exclude? }`: the key by the subscriber id pattern (contract §11). */
function topicRecipient(r: Record<string, unknown>, at: string, errors: FieldErrors): TriggerRecipient {
  const { topicKey, exclude } = r;
  if (typeof topicKey !== 'string' || !SUBSCRIBER_ID_PATTERN.test(topicKey)) errors.add(`${at}.topicKey`, `topicKey must match ${SUBSCRIBER_ID_PATTERN.source} regular expression`, topicKey ?? null);
  if (exclude !== undefined && !(Array.isArray(exclude) && exclude.every((e) => typeof e === 'string'))) errors.add(`${at}.exclude`, 'each value in exclude must be a string', exclude);
  return { kind: 'topic', topicKey: String(topicKey), exclude: Array.isArray(exclude) ? exclude.filter((e): e is string => typeof e === 'string') : [] };
}

/** `POST /v1/events/trigger`'s body, checked as the service checks it (422 with the failing fields). */
export function parseTrigger(body: unknown): TriggerInput {
  const b = isObject(body) ? body : {};
  const errors = new FieldErrors();
  const { name, to, payload, overrides, transactionId, actor, context } = b;
  if (typeof name !== 'string' || name === '') {
    errors.add('name', 'name should not be empty', name ?? null);
    errors.add('name', 'name must be a string', name ?? null);
  }
  if (to === undefined || to === null) errors.add('to', 'to should not be null or undefined', null);
  if (payload !== undefined && !isObject(payload)) errors.add('payload', 'payload must be an object', payload);
  errors.throwIfAny();
  const list = Array.isArray(to) ? to : [to];
  const recipients = list.map((r, i): TriggerRecipient => {
    if (isObject(r) && r['type'] === 'Topic') return topicRecipient(r, Array.isArray(to) ? `to.${i}` : 'to', errors);
    if (typeof r === 'string' && r !== '') return { kind: 'subscriber', subscriberId: r, input: { subscriberId: r } };
    if (isObject(r) && typeof r['subscriberId'] === 'string' && r['subscriberId'] !== '') {
      return { kind: 'subscriber', subscriberId: r['subscriberId'], input: parseCreateSubscriber(r) };
    }
    return { kind: 'missing' };
  });
  let actorId: string | undefined;
  if (typeof actor === 'string' && actor !== '') actorId = actor;
  else if (isObject(actor) && typeof actor['subscriberId'] === 'string' && actor['subscriberId'] !== '') actorId = actor['subscriberId'];
  else if (actor !== undefined && actor !== null) errors.add('actor', 'actor must be a subscriberId or an object with subscriberId', actor);
  const entries = context === undefined || context === null ? undefined : parseContextPayload(context, errors);
  errors.throwIfAny();
  return {
    name: name as string,
    recipients,
    payload: isObject(payload) ? (payload as JsonObject) : {},
    ...(isObject(overrides) ? { overrides: overrides as JsonObject } : {}),
    ...(typeof transactionId === 'string' && transactionId !== '' ? { transactionId } : {}),
    ...(actorId !== undefined ? { actor: actorId } : {}),
    ...(entries ? { context: entries } : {}),
  };
}

/** At most this many events in one `POST /v1/events/trigger/bulk` (contract §8.4). */
export const MAX_BULK_EVENTS = 100;

/**
 * The events of a bulk trigger, each still unparsed: a bad event fails alone, so each is parsed by
 * `parseTrigger` in its turn. None, more than 100 or no array: 422 for the whole request.
 */
export function parseBulkTrigger(body: unknown): unknown[] {
  const events = isObject(body) ? body['events'] : undefined;
  const errors = new FieldErrors();
  if (!Array.isArray(events)) errors.add('events', 'events must be an array', events ?? null);
  else if (events.length === 0) errors.add('events', 'events must contain at least 1 elements', events);
  else if (events.length > MAX_BULK_EVENTS) errors.add('events', `events must contain no more than ${MAX_BULK_EVENTS} elements`, `${events.length} events`);
  errors.throwIfAny();
  return events as unknown[];
}
