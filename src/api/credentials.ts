/**
 * Integration credentials are secrets. Older servers still send their values; this turns them into
 * "which fields are set" so that no value is ever shown, logged or kept past parsing.
 */
import type { Integration } from './schemas';

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

/** A copy of an integration with credential values replaced by a mask, safe to show as JSON. */
export function withMaskedCredentials(integration: Integration): Integration {
  const masked = Object.fromEntries(maskCredentials(integration.credentials).map(({ field, set }) => [field, set ? '••••••' : '(not set)']));
  return { ...integration, credentials: masked };
}
