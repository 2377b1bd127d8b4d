/**
 * The subscriber search as text: `name:ada email:@acme.com` combines filters; plain text is offered
 * as each filter in turn, the likeliest first. Pure, so it is unit-tested in plain Node.
 */
import { l10n } from '../l10n';
import type { Words } from '../words';

export interface SubscriberFilter {
  name?: string;
  email?: string;
  phone?: string;
  subscriberId?: string;
}

export type FilterField = keyof SubscriberFilter;

export const FILTER_FIELDS: readonly FilterField[] = ['name', 'email', 'phone', 'subscriberId'];

const PREFIXES: Record<string, FilterField> = { name: 'name', email: 'email', phone: 'phone', id: 'subscriberId', subscriberid: 'subscriberId' };

export function isFilterEmpty(filter: SubscriberFilter): boolean {
  return FILTER_FIELDS.every((f) => !filter[f]);
}

/** One field of the filter with its value: `name “ada”`. */
const FIELD_WORDS: Words<FilterField, [string]> = {
  name: (value) => l10n.t('name “{0}”', value),
  email: (value) => l10n.t('email “{0}”', value),
  phone: (value) => l10n.t('phone “{0}”', value),
  subscriberId: (value) => l10n.t('ID “{0}”', value),
};

function describeField(field: FilterField, value: string): string {
  return FIELD_WORDS[field](value);
}

/** "name “ada” and email “@acme.com”" */
export function describeFilter(filter: SubscriberFilter): string {
  const parts = FILTER_FIELDS.filter((f) => filter[f]).map((f) => describeField(f, filter[f]!));
  return parts.length === 0 ? '' : parts.reduce((all, part) => l10n.t('{0} and {1}', all, part));
}

/** The filter as the text that parses back to it. */
export function filterToText(filter: SubscriberFilter): string {
  const prefix: Record<FilterField, string> = { name: 'name', email: 'email', phone: 'phone', subscriberId: 'id' };
  return FILTER_FIELDS.filter((f) => filter[f]).map((f) => `${prefix[f]}:${quoteIfNeeded(filter[f]!)}`).join(' ');
}

function quoteIfNeeded(value: string): string {
  return /\s/.test(value) ? `"${value}"` : value;
}

export interface ParsedSearch {
  /** Filters named with a prefix (`email:x`). */
  filter: SubscriberFilter;
  /** Text without a prefix, to be offered as each filter. */
  freeText: string;
}

/** Splits `name:"Ada L" email:x rest of text` into prefixed filters and free text. */
export function parseSearch(text: string): ParsedSearch {
  const filter: SubscriberFilter = {};
  const free: string[] = [];
  const tokens = text.match(/(?:[A-Za-z]+:)?(?:"[^"]*"?|\S+)/g) ?? [];
  for (const token of tokens) {
    const match = /^([A-Za-z]+):(.*)$/s.exec(token);
    const field = match ? PREFIXES[match[1]!.toLowerCase()] : undefined;
    if (match && field) {
      const value = unquote(match[2]!).trim();
      if (value) filter[field] = value;
    } else {
      free.push(unquote(token));
    }
  }
  return { filter, freeText: free.join(' ').trim() };
}

function unquote(value: string): string {
  return value.replace(/^"/, '').replace(/"$/, '');
}

/** The filters a plain text could mean, likeliest first: an email-ish text is an email, and so on. */
export function candidateFields(text: string): FilterField[] {
  const trimmed = text.trim();
  if (trimmed.includes('@')) return ['email', 'subscriberId', 'name', 'phone'];
  if (/^\+?[\d\s().-]{3,}$/.test(trimmed)) return ['phone', 'subscriberId', 'name', 'email'];
  if (/^[\w:.-]+$/.test(trimmed) && /[\d_:.-]/.test(trimmed)) return ['subscriberId', 'name', 'email', 'phone'];
  return ['name', 'email', 'subscriberId', 'phone'];
}

/** Every filter the text can become: the prefixed ones combined, plus the free text as each field. */
export function searchChoices(text: string): SubscriberFilter[] {
  const { filter, freeText } = parseSearch(text);
  if (!freeText) return isFilterEmpty(filter) ? [] : [filter];
  return candidateFields(freeText)
    .filter((field) => !filter[field])
    .map((field) => ({ ...filter, [field]: freeText }));
}
