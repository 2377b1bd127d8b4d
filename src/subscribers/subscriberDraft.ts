/** The Create Subscriber draft: its fields, their checks, and the create input it becomes. Pure. */
import {
  validateAvatar,
  validateEmail,
  validateLocale,
  validateSubscriberId,
  validateTimezone,
  type CreateSubscriberInput,
} from '../api';
import { l10n } from '../l10n';

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
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? undefined : l10n.t('Data must be a JSON object, for example {0}.', '{"plan": "pro"}');
  } catch (error) {
    return l10n.t('Not valid JSON: {0}', (error as Error).message);
  }
}

type FieldWords = Pick<FieldSpec, 'label' | 'prompt' | 'placeholder'>;

/** A field whose words are looked up when read: the l10n bundle is configured after this module loads. */
function field(key: DraftField, words: () => FieldWords, validate: FieldSpec['validate']): FieldSpec {
  return {
    key,
    get label() {
      return words().label;
    },
    get prompt() {
      return words().prompt;
    },
    get placeholder() {
      return words().placeholder;
    },
    validate,
  };
}

export const FIELDS: readonly FieldSpec[] = [
  field('subscriberId', () => ({ label: l10n.t('Subscriber ID'), prompt: l10n.t('Subscriber ID (required): your system’s ID for this user'), placeholder: l10n.t('user_123 or ada@example.com') }), (v) => validateSubscriberId(v.trim())),
  field('firstName', () => ({ label: l10n.t('First name'), prompt: l10n.t('First name (optional, Enter to skip)'), placeholder: l10n.t({ message: 'Ada', comment: 'an example first name' }) }), () => undefined),
  field('lastName', () => ({ label: l10n.t('Last name'), prompt: l10n.t('Last name (optional, Enter to skip)'), placeholder: l10n.t({ message: 'Lovelace', comment: 'an example last name' }) }), () => undefined),
  field('email', () => ({ label: l10n.t('Email'), prompt: l10n.t('Email (optional, Enter to skip)'), placeholder: 'ada@example.com' }), optional(validateEmail)),
  field('phone', () => ({ label: l10n.t('Phone'), prompt: l10n.t('Phone (optional, Enter to skip)'), placeholder: '+15551234567' }), () => undefined),
  field('avatar', () => ({ label: l10n.t('Avatar URL'), prompt: l10n.t('Avatar URL (optional, Enter to skip)'), placeholder: 'https://example.com/ada.png' }), optional(validateAvatar)),
  field('locale', () => ({ label: l10n.t('Locale'), prompt: l10n.t('Locale (optional, Enter to skip)'), placeholder: 'en-US' }), optional(validateLocale)),
  field('timezone', () => ({ label: l10n.t('Time zone'), prompt: l10n.t('IANA time zone (optional, Enter to skip)'), placeholder: 'Europe/Berlin' }), optional(validateTimezone)),
  field('data', () => ({ label: l10n.t('Data'), prompt: l10n.t('Custom data as a JSON object (optional, Enter to skip)'), placeholder: '{"plan": "pro"}' }), validateDataText),
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

