// Small HTTP helpers for the sandbox tests: plain fetch, bodies typed by the caller.
import type { Sandbox } from '../../../src/sandbox';

export interface ApiResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ErrorBody {
  statusCode: number;
  timestamp: string;
  path: string;
  message: string | string[];
  errorId?: string;
  errors?: Record<string, { messages: string[]; value?: unknown }>;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
  /** false: no Authorization header at all. */
  auth?: string | false;
}

export async function call<T>(sandbox: Sandbox, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth !== false) headers['Authorization'] = options.auth ?? `ApiKey ${sandbox.apiKey}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const init: RequestInit = { method: options.method ?? 'GET', headers };
  if (body !== undefined) init.body = body;
  const response = await fetch(`${sandbox.url}${path}`, init);
  const text = await response.text();
  // A 204 has no body at all: `body` is then undefined.
  return { status: response.status, headers: response.headers, body: (text === '' ? undefined : JSON.parse(text)) as T };
}

export const get = <T>(sandbox: Sandbox, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> =>
  call<T>(sandbox, path, { ...options, method: 'GET' });

export function qs(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}
