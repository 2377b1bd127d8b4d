/** What a connection is: a name and where the service lives. The API key lives in SecretStorage only. */

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
      return 'US';
    case 'eu':
      return 'EU';
    case 'sandbox':
      return 'local sample data';
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
  if (trimmed === '') return 'Enter the base URL of the service, for example https://novu.example.com/api.';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'Not a URL. Include the scheme, for example https://novu.example.com.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Use an http:// or https:// URL.';
  if (url.username || url.password) return 'Leave credentials out of the URL: the API key is asked for next.';
  if (url.search || url.hash) return 'Leave the query and fragment out of the base URL.';
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return 'Use https:// so that the API key is not sent in clear text (http:// is accepted for localhost only).';
  }
  return undefined;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

export function normalizeBaseUrl(value: string): string {
  return value.trim().replace(/\/+$/, '');
}

/** Checks a connection name; `taken` holds the names of the other connections. */
export function validateConnectionName(value: string, taken: readonly string[]): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return 'Give the connection a name, for example "Production (EU)".';
  if (trimmed.length > 60) return 'Keep the name under 60 characters.';
  if (taken.some((name) => name.toLowerCase() === trimmed.toLowerCase())) return `A connection named "${trimmed}" exists already.`;
  return undefined;
}
