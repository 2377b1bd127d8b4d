import { l10n } from '../l10n';

/**
 * Integration credentials are secrets. Older servers still send their values; this turns them into
 * "which fields are set" so that no value is ever shown, logged or kept past parsing.
 */
export interface MaskedCredential {
  field: string;
  set: boolean;
}

/** Which credential fields hold a value, sorted by name; never the values themselves. */
export function maskCredentials(credentials: Record<string, unknown> | null | undefined): MaskedCredential[] {
  return Object.entries(credentials ?? {})
    .map(([field, value]) => ({ field, set: value !== null && value !== undefined && value !== '' && value !== false }))
    .sort((a, b) => a.field.localeCompare(b.field));
}

/** The credentials object as it may be shown (Open as JSON): each field says set or not, nothing more. */
export function maskedCredentialsObject(fields: readonly MaskedCredential[]): Record<string, string> {
  return Object.fromEntries(fields.map(({ field, set }) => [field, set ? l10n.t('•••••• (set, hidden)') : l10n.t('(not set)')]));
}
