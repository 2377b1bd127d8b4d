/** The Create Subscriber draft: its fields, their checks, and the create input it becomes. Pure. */
import {
  validateAvatar,
  validateEmail,
  validateLocale,
  validateSubscriberId,
  validateTimezone,
  type CreateSubscriberInput,
} from '../api';

export type DraftField = 'subscriberId' | 'firstName' | 'lastName' | 'email' | 'phone' | 'avatar' | 'locale' | 'timezone' | 'data';
export type Draft = Record<DraftField, string>;

export interface FieldSpec {
  key: DraftField;
  label: string;
  prompt: string;
  placeholder: string;
  validate: (value: string) => string | undefined;
}

const optional = (check: (value: string) => string | undefined) => (value: string) => (value.trim() === '' ? undefined : check(value.trim()));

export function validateDataText(value: string): string | undefined {
  if (value.trim() === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? undefined : 'Data must be a JSON object, for example {"plan": "pro"}.';
  } catch (error) {
    return `Not valid JSON: ${(error as Error).message}`;
  }
}

export const FIELDS: readonly FieldSpec[] = [
  { key: 'subscriberId', label: 'Subscriber ID', prompt: 'Subscriber ID (required): your system’s ID for this user', placeholder: 'user_123 or ada@example.com', validate: (v) => validateSubscriberId(v.trim()) },
  { key: 'firstName', label: 'First name', prompt: 'First name (optional, Enter to skip)', placeholder: 'Ada', validate: () => undefined },
  { key: 'lastName', label: 'Last name', prompt: 'Last name (optional, Enter to skip)', placeholder: 'Lovelace', validate: () => undefined },
  { key: 'email', label: 'Email', prompt: 'Email (optional, Enter to skip)', placeholder: 'ada@example.com', validate: optional(validateEmail) },
  { key: 'phone', label: 'Phone', prompt: 'Phone (optional, Enter to skip)', placeholder: '+15551234567', validate: () => undefined },
  { key: 'avatar', label: 'Avatar URL', prompt: 'Avatar URL (optional, Enter to skip)', placeholder: 'https://example.com/ada.png', validate: optional(validateAvatar) },
  { key: 'locale', label: 'Locale', prompt: 'Locale (optional, Enter to skip)', placeholder: 'en-US', validate: optional(validateLocale) },
  { key: 'timezone', label: 'Time zone', prompt: 'IANA time zone (optional, Enter to skip)', placeholder: 'Europe/Berlin', validate: optional(validateTimezone) },
  { key: 'data', label: 'Data', prompt: 'Custom data as a JSON object (optional, Enter to skip)', placeholder: '{"plan": "pro"}', validate: validateDataText },
];

export function emptyDraft(): Draft {
  return { subscriberId: '', firstName: '', lastName: '', email: '', phone: '', avatar: '', locale: '', timezone: '', data: '' };
}

/** The create input of a draft: trimmed, empty fields left out. */
export function draftToInput(draft: Draft): CreateSubscriberInput {
  const input: CreateSubscriberInput = { subscriberId: draft.subscriberId.trim() };
  for (const key of ['firstName', 'lastName', 'email', 'phone', 'avatar', 'locale', 'timezone'] as const) {
    const value = draft[key].trim();
    if (value) input[key] = value;
  }
  if (draft.data.trim()) input.data = JSON.parse(draft.data) as Record<string, unknown>;
  return input;
}

/** The draft field a service error names (`email`, `data.plan` → data), if any. */
export function fieldOfServiceError(field: string): DraftField | undefined {
  const head = field.split('.')[0] ?? '';
  return FIELDS.find((f) => f.key === head)?.key;
}

