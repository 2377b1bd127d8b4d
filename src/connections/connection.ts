/** What a connection is: a name and where the service lives. The API key lives in SecretStorage only. */
import { isLocalNetworkHost, isThisMachine } from '../bridge/addressRule';
import { l10n } from '../l10n';

export type Region = 'us' | 'eu' | 'custom' | 'sandbox';

export interface Connection {
  /** Stable id; also the suffix of the SecretStorage key. */
  id: string;
  name: string;
  region: Region;
  baseUrl: string;
}

export const REGION_URLS = {
  us: 'https://api.novu.co',
  eu: 'https://eu.api.novu.co',
} as const;

export const SANDBOX_CONNECTION_ID = 'sandbox';
/** The Sandbox's Production environment (issue 52): the same local service, read with its production key, to compare against. */
export const SANDBOX_PRODUCTION_CONNECTION_ID = 'sandbox-production';

/** Whether a connection is one of the two built in (the Sandbox and its Production): no key to set, nothing to remove. */
export function isBuiltIn(connection: Pick<Connection, 'id'>): boolean {
  return connection.id === SANDBOX_CONNECTION_ID || connection.id === SANDBOX_PRODUCTION_CONNECTION_ID;
}

export function regionLabel(connection: Pick<Connection, 'region' | 'baseUrl'>): string {
  switch (connection.region) {
    case 'us':
      return l10n.t('US');
    case 'eu':
      return l10n.t('EU');
    case 'sandbox':
      return l10n.t('local sample data');
    case 'custom':
      return hostOf(connection.baseUrl);
  }
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Checks a self-hosted base URL as typed; returns a message, or undefined when it is fine. */
export function validateBaseUrl(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return l10n.t('Enter the base URL of the service, for example https://novu.example.com/api.');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return l10n.t('Not a URL. Include the scheme, for example https://novu.example.com.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return l10n.t('Use an http:// or https:// URL.');
  if (url.username || url.password) return l10n.t('Leave credentials out of the URL: the API key is asked for next.');
  if (url.search || url.hash) return l10n.t('Leave the query and fragment out of the base URL.');
  if (url.protocol === 'http:' && !isThisMachine(trimmed) && !isLocalNetworkHost(url.hostname)) {
    return l10n.t('Use https:// so that the API key is not sent in clear text (http:// is accepted for localhost and private network addresses only).');
  }
  return undefined;
}

/** True when the connection sends its API key unencrypted over the network (http:// to a host that is not this machine). */
export function sendsKeyInClear(baseUrl: string): boolean {
  try {
    const url = new URL(baseUrl);
    return url.protocol === 'http:' && !isThisMachine(baseUrl);
  } catch {
    return false;
  }
}

export function normalizeBaseUrl(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

/** Checks a connection name; `taken` holds the names of the other connections. */
export function validateConnectionName(value: string, taken: readonly string[]): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return l10n.t('Give the connection a name, for example "Production (EU)".');
  if (trimmed.length > 60) return l10n.t('Keep the name under 60 characters.');
  if (taken.some((name) => name.toLowerCase() === trimmed.toLowerCase())) return l10n.t('A connection named "{0}" exists already.', trimmed);
  return undefined;
}

/**
 * Whether a connection goes to a production environment, as far as it can tell: its name
 * ("Production (EU)", "prod", "live") or its key's own prefix (`live_`, `prod_`). What sends real
 * messages asks once more then; when it cannot be told, the first confirmation still names the
 * connection.
 */
export function looksLikeProduction(connectionName: string, apiKey: string | undefined): boolean {
  if (/(^|[^a-z])(prod|production|live)([^a-z]|$)/i.test(connectionName)) return true;
  return apiKey !== undefined && /^(sk_)?(live|prod)[_-]/i.test(apiKey);
}
