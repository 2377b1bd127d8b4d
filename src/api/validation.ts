/**
 * Input checks done before any request, so that bad input gets a message at the field where it
 * was typed. Each returns field errors keyed by the field's path; an empty object means valid.
 */
import type { FieldErrors } from './errors';
import { CHANNEL_TYPES, WEEK_DAYS } from './constants';
import type { Schedule, TimeRange } from './schemas';
import { l10n } from '../l10n';

/** The specification's VALID_ID_REGEX: letters, digits and `_ : . -`, or an email-like string. */
export const SUBSCRIBER_ID_PATTERN = /^[a-zA-Z0-9_:.-]+$|^\S+@\S+\.\S+$/;
/** What the service accepts as a time of day in a schedule (`09:00 AM`). */
export const TIME_12H_PATTERN = /^(0?[1-9]|1[0-2]):[0-5][0-9]\s?(AM|PM)$/i;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface CreateSubscriberInput {
  subscriberId: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  avatar?: string | null;
  locale?: string | null;
  timezone?: string | null;
  data?: Record<string, unknown> | null;
}

export function validateSubscriberId(value: string): string | undefined {
  if (value.length === 0) return l10n.t('A subscriber ID is required.');
  if (!SUBSCRIBER_ID_PATTERN.test(value)) {
    return l10n.t('Use letters, digits and _ : . - only (or an email address).');
  }
  return undefined;
}

export function validateEmail(value: string): string | undefined {
  return EMAIL_PATTERN.test(value) ? undefined : l10n.t('Not a valid email address.');
}

export function validateLocale(value: string): string | undefined {
  try {
    const [canonical] = Intl.getCanonicalLocales(value.replace(/_/g, '-'));
    if (canonical) return undefined;
  } catch {
    // RangeError: not a BCP 47 tag.
  }
  return l10n.t('Not a valid locale (for example en or en-US).');
}

export function validateTimezone(value: string): string | undefined {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return undefined;
  } catch {
    return l10n.t('Not a known IANA time zone (for example Europe/Berlin).');
  }
}

export function validateAvatar(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol === 'https:' || url.protocol === 'http:') return undefined;
  } catch {
    // Not a URL at all.
  }
  return l10n.t('The avatar must be an http(s) URL.');
}

/** Checks a whole create input; returns errors keyed by field name. */
export function validateCreateSubscriber(input: CreateSubscriberInput): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string | undefined) => {
    if (message) (errors[field] ??= []).push(message);
  };
  add('subscriberId', validateSubscriberId(input.subscriberId ?? ''));
  if (input.email) add('email', validateEmail(input.email));
  if (input.locale) add('locale', validateLocale(input.locale));
  if (input.timezone) add('timezone', validateTimezone(input.timezone));
  if (input.avatar) add('avatar', validateAvatar(input.avatar));
  if (input.data !== undefined && input.data !== null) {
    if (typeof input.data !== 'object' || Array.isArray(input.data)) add('data', l10n.t('Data must be a JSON object.'));
  }
  return errors;
}

/** `PATCH /v2/subscribers/{id}` (contract §8.3): only these keys; a key sent changes, null clears it. */
export type SubscriberPatch = Omit<CreateSubscriberInput, 'subscriberId' | 'data'>;

const SUBSCRIBER_PATCH_KEYS = ['firstName', 'lastName', 'email', 'phone', 'avatar', 'locale', 'timezone'] as const;

export function validateSubscriberPatch(patch: SubscriberPatch): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string | undefined) => {
    if (message) (errors[field] ??= []).push(message);
  };
  const keys = Object.keys(patch);
  if (keys.length === 0) add('body', l10n.t('Nothing to change.'));
  for (const key of keys) if (!(SUBSCRIBER_PATCH_KEYS as readonly string[]).includes(key)) add(key, l10n.t('This field cannot be changed here.'));
  if (typeof patch.email === 'string') add('email', patch.email.trim() === '' ? l10n.t('Type an email address, or clear it.') : validateEmail(patch.email.trim()));
  if (typeof patch.phone === 'string' && patch.phone.trim() === '') add('phone', l10n.t('Type a phone number, or clear it.'));
  if (typeof patch.phone === 'string' && patch.phone.trim() !== '' && !/^\+?[0-9 ().-]{4,}$/.test(patch.phone.trim())) add('phone', l10n.t('A phone number has digits, and may start with + (for example +15551234567).'));
  if (typeof patch.locale === 'string') add('locale', validateLocale(patch.locale));
  if (typeof patch.timezone === 'string') add('timezone', validateTimezone(patch.timezone));
  if (typeof patch.avatar === 'string' && patch.avatar !== '') add('avatar', validateAvatar(patch.avatar));
  return errors;
}

/** Minutes after midnight of a `hh:mm AM` time, or undefined when it is not one. */
export function parseTime12h(value: string): number | undefined {
  const trimmed = value.trim();
  if (!TIME_12H_PATTERN.test(trimmed)) return undefined;
  const match = /^(\d{1,2}):(\d{2})\s?(AM|PM)$/i.exec(trimmed);
  if (!match) return undefined;
  const hours12 = Number(match[1]) % 12;
  const pm = match[3]!.toUpperCase() === 'PM';
  return (hours12 + (pm ? 12 : 0)) * 60 + Number(match[2]);
}

/** Minutes after midnight as the contract's `hh:mm AM` form. */
export function formatTime12h(minutes: number): string {
  const h24 = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${String(h12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${h24 < 12 ? 'AM' : 'PM'}`;
}

/** Validates the ranges of one day: format, end after start, no overlaps. Keys: `<index>.start|end`. */
export function validateDayHours(hours: readonly TimeRange[]): FieldErrors {
  const errors: FieldErrors = {};
  const parsed: { index: number; start: number; end: number }[] = [];
  hours.forEach((range, index) => {
    const start = parseTime12h(range.start);
    const end = parseTime12h(range.end);
    if (start === undefined) errors[`${index}.start`] = [l10n.t('Use the form 09:00 AM.')];
    if (end === undefined) errors[`${index}.end`] = [l10n.t('Use the form 05:00 PM.')];
    if (start !== undefined && end !== undefined) {
      if (end <= start) errors[`${index}.end`] = [l10n.t('The end must be after the start.')];
      else parsed.push({ index, start, end });
    }
  });
  const sorted = [...parsed].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1]!;
    const current = sorted[i]!;
    if (current.start < previous.end) {
      (errors[`${current.index}.start`] ??= []).push(l10n.t('Overlaps {0} – {1}.', formatTime12h(previous.start), formatTime12h(previous.end)));
    }
  }
  return errors;
}

/** Validates a schedule as the service would, plus what it does not check (order, overlaps). */
export function validateSchedule(schedule: Schedule): FieldErrors {
  const errors: FieldErrors = {};
  const weekly = schedule.weeklySchedule ?? {};
  const days = Object.keys(weekly).filter((key) => weekly[key as keyof typeof weekly] != null);
  for (const day of days) {
    if (!(WEEK_DAYS as readonly string[]).includes(day)) errors[`weeklySchedule.${day}`] = [l10n.t('Unknown day "{0}".', day)];
  }
  if (schedule.isEnabled && days.length === 0) {
    errors['weeklySchedule'] = [l10n.t('An enabled schedule needs at least one day.')];
  }
  for (const day of WEEK_DAYS) {
    const daySchedule = weekly[day];
    if (!daySchedule) continue;
    for (const [key, messages] of Object.entries(validateDayHours(daySchedule.hours ?? []))) {
      errors[`weeklySchedule.${day}.hours.${key}`] = messages;
    }
  }
  return errors;
}

export interface PreferencesPatch {
  channels?: Partial<Record<(typeof CHANNEL_TYPES)[number], boolean>>;
  workflowId?: string;
  schedule?: Schedule;
}

export function validatePreferencesPatch(patch: PreferencesPatch): FieldErrors {
  const errors: FieldErrors = {};
  for (const [channel, value] of Object.entries(patch.channels ?? {})) {
    if (!(CHANNEL_TYPES as readonly string[]).includes(channel)) errors[`channels.${channel}`] = [l10n.t('Unknown channel.')];
    else if (typeof value !== 'boolean') errors[`channels.${channel}`] = [l10n.t('Must be true or false.')];
  }
  if (patch.workflowId !== undefined && patch.workflowId.trim() === '') errors['workflowId'] = [l10n.t('A workflow ID is required.')];
  if (patch.schedule) {
    for (const [key, messages] of Object.entries(validateSchedule(patch.schedule))) errors[`schedule.${key}`] = messages;
  }
  return errors;
}

export interface SubscriberSearchQuery {
  after?: string;
  before?: string;
  limit?: number;
  orderDirection?: 'ASC' | 'DESC';
  orderBy?: '_id' | 'updatedAt';
  includeCursor?: boolean;
  email?: string;
  phone?: string;
  name?: string;
  subscriberId?: string;
}

export function validateSearchQuery(query: SubscriberSearchQuery): FieldErrors {
  const errors: FieldErrors = {};
  if (query.after && query.before) errors['before'] = [l10n.t('Use either after or before, not both.')];
  if (query.limit !== undefined && (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > 100)) {
    errors['limit'] = [l10n.t('The page size must be a whole number from 1 to 100.')];
  }
  return errors;
}

export interface NotificationListQuery {
  page?: number;
  limit?: number;
  subscriberIds?: string[];
  channels?: string[];
  templates?: string[];
  emails?: string[];
  severity?: string[];
  /** Repeated for several (the follow of a bulk re-send reads its new runs in batches). */
  transactionId?: string | string[];
  topicKey?: string;
  /** Runs of one topic subscription (its identifier, §11). */
  subscriptionId?: string;
  /** Runs whose context is exactly these keys (any order); [] means runs without a context (§12). */
  contextKeys?: string[];
  after?: string;
  before?: string;
}

export function validateNotificationQuery(query: NotificationListQuery): FieldErrors {
  const errors: FieldErrors = {};
  if (query.page !== undefined && (!Number.isInteger(query.page) || query.page < 0)) {
    errors['page'] = [l10n.t('The page must be a whole number from 0.')];
  }
  if (query.limit !== undefined && (!Number.isInteger(query.limit) || query.limit < 1 || query.limit > 50)) {
    errors['limit'] = [l10n.t('The page size must be a whole number from 1 to 50.')];
  }
  for (const key of ['after', 'before'] as const) {
    const value = query[key];
    if (value !== undefined && Number.isNaN(Date.parse(value))) errors[key] = [l10n.t('Must be an ISO date.')];
  }
  return errors;
}

/** `POST /v1/events/trigger`'s body (contract §7). `to` is a subscriberId, a subscriber, a topic, or up to 100 of them. */
export interface TriggerBody {
  name: string;
  to: unknown;
  payload?: Record<string, unknown>;
  overrides?: Record<string, unknown>;
  transactionId?: string;
  actor?: unknown;
  tenant?: unknown;
  [key: string]: unknown;
}

export const MAX_TRIGGER_RECIPIENTS = 100;
/** Events in one bulk trigger (contract §8.4): more answer 422 for the whole request. */
export const MAX_BULK_EVENTS = 100;
const MAX_TRANSACTION_ID_LENGTH = 255;

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** One recipient of `to`: a subscriberId, a subscriber object (subscriberId required), or a topic. */
function recipientProblem(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? l10n.t('A subscriber ID is required.') : undefined;
  if (!isPlainObject(value)) return l10n.t('Expected a subscriber ID, a subscriber object or a topic.');
  // l10n-ignore: the wire value of a topic recipient
  if (value['type'] === 'Topic') {
    const key = value['topicKey'];
    if (typeof key !== 'string' || key === '') return l10n.t('A topic needs its topicKey.');
    // The service checks a topic key with the subscriber ID pattern (§11).
    if (!SUBSCRIBER_ID_PATTERN.test(key)) return l10n.t('A topic key uses letters, digits and _ : . - only.');
    const exclude = value['exclude'];
    if (exclude !== undefined && (!Array.isArray(exclude) || exclude.some((id) => typeof id !== 'string' || id === ''))) return l10n.t('exclude is a list of subscriber IDs.');
    return undefined;
  }
  if (typeof value['subscriberId'] !== 'string' || value['subscriberId'].trim() === '') return l10n.t('A subscriber needs its subscriberId.');
  return undefined;
}

/** Checks a trigger body (parsed JSON) before it is sent: `name` and `to` at least, each in its place. */
export function validateTriggerBody(body: unknown): FieldErrors {
  if (!isPlainObject(body)) return { body: [l10n.t('The body must be a JSON object.')] };
  const errors: FieldErrors = {};
  if (typeof body['name'] !== 'string' || body['name'].trim() === '') errors['name'] = [l10n.t("The workflow's trigger identifier is required.")];
  const to = body['to'];
  if (to === undefined || to === null) errors['to'] = [l10n.t('A recipient is required.')];
  else if (Array.isArray(to)) {
    if (to.length === 0) errors['to'] = [l10n.t('A recipient is required.')];
    else if (to.length > MAX_TRIGGER_RECIPIENTS) errors['to'] = [l10n.t('At most {0} recipients.', MAX_TRIGGER_RECIPIENTS)];
    else
      to.forEach((item, index) => {
        const problem = recipientProblem(item);
        if (problem) errors[`to.${index}`] = [problem];
      });
  } else {
    const problem = recipientProblem(to);
    if (problem) errors['to'] = [problem];
  }
  for (const key of ['payload', 'overrides'] as const) {
    if (body[key] !== undefined && !isPlainObject(body[key])) errors[key] = [l10n.t('Must be a JSON object.')];
  }
  // A context scopes the send (§12): an object of one to five keys. Each key's id and data are
  // checked by the review (api/contextRules.ts), kept out of the bundle every activation loads.
  const context = body['context'];
  if (context !== undefined && (!isPlainObject(context) || Object.keys(context).length === 0 || Object.keys(context).length > 5)) errors['context'] = [l10n.t('A context is an object of one to five keys: { "tenant": "acme" }.')];
  const transactionId = body['transactionId'];
  if (transactionId !== undefined && (typeof transactionId !== 'string' || transactionId === '' || transactionId.length > MAX_TRANSACTION_ID_LENGTH)) {
    errors['transactionId'] = [l10n.t('Must be 1 to {0} characters.', MAX_TRANSACTION_ID_LENGTH)];
  }
  return errors;
}

/**
 * A bulk trigger's events (contract §8.4) before they are sent: 1 to 100, each a valid trigger body
 * (its problems under `events.<i>.<field>`) with a `transactionId` of its own, since a refused
 * event's result is matched to its event by it alone.
 */
export function validateBulkTrigger(events: readonly unknown[]): FieldErrors {
  if (events.length === 0 || events.length > MAX_BULK_EVENTS) return { events: [l10n.t('From 1 to {0} events.', MAX_BULK_EVENTS)] };
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  events.forEach((event, index) => {
    for (const [field, messages] of Object.entries(validateTriggerBody(event))) errors[`events.${index}.${field}`] = messages;
    const transactionId = isPlainObject(event) ? event['transactionId'] : undefined;
    if (typeof transactionId !== 'string' || transactionId === '') errors[`events.${index}.transactionId`] ??= [l10n.t('Each event needs a transaction ID of its own.')];
    else if (seen.has(transactionId)) errors[`events.${index}.transactionId`] = [l10n.t('The transaction ID {0} is used by an earlier event.', transactionId)];
    else seen.add(transactionId);
  });
  return errors;
}
