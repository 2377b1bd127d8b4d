/** What a connection is: a name and where the service lives. The API key lives in SecretStorage only. */
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
  if (url.protocol === 'http:' && !isLoopback(url.hostname) && !isPrivateNetworkHost(url.hostname)) {
    return l10n.t('Use https:// so that the API key is not sent in clear text (http:// is accepted for localhost and private network addresses only).');
  }
  return undefined;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * A host on the local network, as a service run in Docker on another machine is reached: a private
 * IPv4 range (10/8, 172.16/12, 192.168/16, link-local 169.254/16), an IPv6 unique-local (fc00::/7)
 * or link-local (fe80::/10) address, a name with no dot (`novu`), or a local-only suffix.
 */
export function isPrivateNetworkHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  if (host.startsWith('[')) return /^\[(f[cd][0-9a-f]{0,2}|fe[89ab][0-9a-f]?):/.test(host);
  return !host.includes('.') || /\.(local|lan|internal|home\.arpa)$/.test(host);
}

/** True when the connection sends its API key unencrypted over the network (http:// to a host that is not this machine). */
export function sendsKeyInClear(baseUrl: string): boolean {
  try {
    const url = new URL(baseUrl);
    return url.protocol === 'http:' && !isLoopback(url.hostname);
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
