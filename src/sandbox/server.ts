// The HTTP layer: routing, API-key auth, idempotency, injected faults, error bodies and the request
// log. Order follows the service: body parsing, route lookup, auth guard, rate limit, idempotency,
// then the handler. Nothing here ever logs or echoes the API key.
import { createHash } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpError, PayloadValidationError, RawBodyError, type ValidationErrors, nestNotFound } from './errors';
import { Prng } from './random';
import { ROUTES } from './routes';
import type { SandboxStore } from './store';
import type { Query } from './types';

export interface SandboxFaults {
  /** Delay added to every response, in milliseconds. */
  latencyMs?: number;
  /** Token bucket size and refill per second; absent or 0 = no rate limit (and no RateLimit-* headers). */
  rateLimitPerSecond?: number;
  /**
   * The `trigger` category's own token bucket (contract §8.4): `capacity` tokens, refilled at
   * `refillPerSecond`; a trigger takes 1, a bulk trigger 100, and one that finds too few gets 429
   * with `Retry-After` (seconds until enough are back). Absent: triggers are not limited by it.
   */
  triggerRateLimit?: { capacity: number; refillPerSecond: number };
  /** Share (0..1) of authenticated requests answered with 503 and an errorId. */
  errorRate?: number;
  /** Act like a server whose API has no GET for preferences (only the specification's PATCH). */
  withoutPreferencesGet?: boolean;
  /**
   * Answer the next request to `method` + a path ending in `pathSuffix` with this validation error
   * (once), as a stricter service would: for showing how the client handles rules it does not know.
   */
  rejectNext?: { method: string; pathSuffix: string; status: number; message: string; errors?: Record<string, { messages: string[]; value?: unknown }>; headers?: Record<string, string> };
  /**
   * Answer every request on a known route whose path contains `pathIncludes` (every route when
   * absent) this way, until the faults change: an error `status` with `message` (and an errorId
   * for 5xx), as a failing or revoked service would; or, with `body`, a 200 carrying that body
   * instead of the real one (a service whose answers changed shape).
   */
  /** A canned answer for matching paths; `delayMs` holds it back first (one slow route, for timeouts). */
  respond?: { status: number; message?: string; pathIncludes?: string; headers?: Record<string, string>; body?: unknown; delayMs?: number };
}

export interface SandboxRequestRecord {
  method: string;
  /** Path without the query string. */
  path: string;
  /** Query parameters as sent (keys like `subscriberIds[]` kept); repeated keys become arrays. */
  query: Record<string, string | string[]>;
  /** The answer's status; 0 while the request is still being answered (it is logged on arrival). */
  status: number;
  idempotencyKey?: string;
  replay?: boolean;
  /** A POST or PATCH body as it arrived (parsed), so that tests can read what went on the wire. */
  body?: unknown;
}

/** A request's environment and times, beside its record (the record's shape stays as tests read it). */
export interface SandboxTraffic {
  method: string;
  path: string;
  /** The environment the request's key selected, once authenticated. */
  environment?: 'development' | 'production';
  /** `performance.now()` when it arrived and when it was answered: how many were in flight at once. */
  startedAtMs: number;
  endedAtMs?: number;
}

interface Outgoing {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

interface IdempotencyEntry {
  bodyHash: string;
  /** Undefined while the first request is still running. */
  response?: Outgoing;
}

const MAX_BODY_BYTES = 5 * 1024 * 1024;
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new BodyTooLarge());
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseQuery(params: URLSearchParams): Query {
  const query: Query = {};
  for (const [key, value] of params) {
    const existing = query[key];
    if (existing === undefined) query[key] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else query[key] = [existing, value];
  }
  return query;
}

export interface SandboxServerOptions {
  store: SandboxStore;
  apiKey: string;
  /** The second key, which selects the Production environment (its reads only); absent: none. */
  productionApiKey?: string;
  seed: number;
  faults: SandboxFaults;
}

export class SandboxServer {
  readonly requests: SandboxRequestRecord[] = [];
  readonly traffic: SandboxTraffic[] = [];
  private readonly server: Server;
  private faults: SandboxFaults;
  private readonly faultRng: Prng;
  private bucket: { tokens: number; atMs: number } | undefined;
  private triggerBucket: { tokens: number; atMs: number } | undefined;
  private readonly idempotency = new Map<string, IdempotencyEntry>();
  private readonly timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  constructor(private readonly options: SandboxServerOptions) {
    this.faults = { ...options.faults };
    this.faultRng = new Prng(options.seed ^ 0x5eed5);
    this.server = createServer((req, res) => {
      this.handle(req, res).catch(() => {
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
  }

  listen(port: number, host: string): Promise<string> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        const address = this.server.address() as AddressInfo;
        const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
        resolve(`http://${shownHost}:${address.port}`);
      });
    });
  }

  close(): Promise<void> {
    this.options.store.triggers.stop();
    for (const pending of this.timers) {
      clearTimeout(pending.timer);
      pending.resolve();
    }
    this.timers.clear();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  setFaults(faults: SandboxFaults): void {
    this.faults = { ...faults };
    this.bucket = undefined;
    this.triggerBucket = undefined;
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const pending = {
        timer: setTimeout(() => {
          this.timers.delete(pending);
          resolve();
        }, ms),
        resolve,
      };
      this.timers.add(pending);
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const query = parseQuery(url.searchParams);
    const record: SandboxRequestRecord = { method, path, query, status: 0 };
    const traffic: SandboxTraffic = { method, path, startedAtMs: performance.now() };
    this.traffic.push(traffic);
    const rawKey = req.headers['idempotency-key'];
    const idempotencyKey = Array.isArray(rawKey) ? rawKey[0] : rawKey;
    if (idempotencyKey !== undefined) record.idempotencyKey = idempotencyKey;
    // Logged on arrival (its status is filled in when it is answered), so a slow request of one
    // test is never counted by the next one after `clearRequests()`.
    this.requests.push(record);

    let entry: { key: string; value: IdempotencyEntry } | undefined;
    let out: Outgoing;
    try {
      out = await this.process(req, record, path, query, idempotencyKey, (e) => (entry = e), traffic);
    } catch (error) {
      out = this.errorResponse(error, req.url ?? path);
    }
    if (out.headers['Idempotency-Replay'] === 'true') record.replay = true;
    if (idempotencyKey !== undefined) out.headers['Idempotency-Key'] = idempotencyKey;

    await this.sleep(this.faults.latencyMs ?? 0);
    // The key stays "in progress" until the (possibly delayed) first response is sent.
    if (entry) {
      if (out.status >= 500) this.idempotency.delete(entry.key);
      else entry.value.response = { status: out.status, body: out.body, headers: { ...out.headers } };
    }
    record.status = out.status;
    traffic.endedAtMs = performance.now();
    // A 204 (or an answer without a body) goes out empty, as the service sends it.
    if (out.status === 204 || out.body === undefined) {
      res.writeHead(out.status, out.headers);
      res.end();
      return;
    }
    const payload = JSON.stringify(out.body);
    res.writeHead(out.status, {
      ...out.headers,
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': Buffer.byteLength(payload).toString(),
    });
    res.end(payload);
  }

  private async process(
    req: IncomingMessage,
    record: SandboxRequestRecord,
    path: string,
    query: Query,
    idempotencyKey: string | undefined,
    onLock: (entry: { key: string; value: IdempotencyEntry }) => void,
    traffic: SandboxTraffic,
  ): Promise<Outgoing> {
    let raw: string;
    try {
      raw = await readBody(req);
    } catch (error) {
      if (error instanceof BodyTooLarge) throw new HttpError(413, 'request entity too large');
      throw error;
    }
    let body: unknown;
    if (raw.trim() !== '') {
      try {
        body = JSON.parse(raw);
      } catch (error) {
        throw new HttpError(400, error instanceof Error ? error.message : 'Invalid JSON body');
      }
    }
    const method = record.method;
    // A DELETE may carry a body too (removing topic subscriptions, contract §11).
    if (method === 'POST' || method === 'PATCH' || (method === 'DELETE' && body !== undefined)) record.body = body;

    const reject = this.faults.rejectNext;
    if (reject && reject.method === method && path.endsWith(reject.pathSuffix)) {
      this.faults = { ...this.faults, rejectNext: undefined };
      throw new HttpError(reject.status, reject.message, reject.errors as ValidationErrors | undefined, reject.headers ? { ...reject.headers } : undefined);
    }

    let params: string[] = [];
    const without = this.options.store.without;
    const matching = ROUTES.filter((r) => r.pattern.test(path));
    // A feature the server is started without: its routes are missing, and Nest answers its own bare 404.
    const candidates = matching.filter((r) => r.feature === undefined || !without.has(r.feature));
    const route = candidates.find((r) => r.method === method && !(this.faults.withoutPreferencesGet && method === 'GET' && /\/preferences$/.test(path)));
    if (!route && candidates.length < matching.length) throw nestNotFound(method, path);
    // NestJS answers an unknown route, or a known path with another method, with 404 "Cannot METHOD /path".
    if (!route) throw new HttpError(404, `Cannot ${method} ${path}`);
    try {
      params = (route.pattern.exec(path) ?? []).slice(1).map((p) => decodeURIComponent(p));
    } catch {
      throw new HttpError(400, 'Malformed path parameter');
    }

    const respond = this.faults.respond;
    if (respond && (respond.pathIncludes === undefined || path.includes(respond.pathIncludes))) {
      if (respond.delayMs) await this.sleep(respond.delayMs);
      if (respond.body !== undefined) return { status: respond.status, body: respond.body, headers: { ...respond.headers } };
      throw new HttpError(respond.status, respond.message ?? 'Injected failure', undefined, { ...respond.headers });
    }

    // The Inbox's session is opened by a browser, with no key: Development's, as its application identifier says.
    const apiKey = route.keyless ? this.options.apiKey : this.authenticate(req);
    const production = apiKey === this.options.productionApiKey;
    traffic.environment = production ? 'production' : 'development';
    if (production && !route.bothEnvironments) throw new HttpError(403, "The Sandbox's Production environment answers only the reads of a comparison (environments, workflows, layouts, integrations, translations)");
    const headers: Record<string, string> = {};
    const triggerLimit = this.faults.triggerRateLimit;
    if (triggerLimit && route.triggerCost !== undefined) this.triggerRateLimit(headers, triggerLimit, route.triggerCost);
    else this.rateLimit(headers);

    const isWrite = method === 'POST' || method === 'PATCH';
    let lock: { key: string; value: IdempotencyEntry } | undefined;
    if (isWrite && idempotencyKey !== undefined) {
      if (idempotencyKey.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
        throw new HttpError(
          400,
          `idempotencyKey "${idempotencyKey}" has exceeded the maximum allowed length of ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
          undefined,
          headers,
        );
      }
      const cacheKey = `${createHash('sha256').update(apiKey).digest('hex')}:${idempotencyKey}`;
      const bodyHash = createHash('sha256').update(JSON.stringify(body ?? {})).digest('hex');
      const existing = this.idempotency.get(cacheKey);
      if (existing) {
        if (!existing.response) {
          throw new HttpError(
            409,
            `Request with key "${idempotencyKey}" is currently being processed. Please retry after 1 second`,
            undefined,
            { ...headers, 'Retry-After': '1' },
          );
        }
        if (existing.bodyHash !== bodyHash) {
          throw new HttpError(422, `Request with key "${idempotencyKey}" is being reused for a different body`, undefined, headers);
        }
        return {
          status: existing.response.status,
          body: existing.response.body,
          headers: { ...existing.response.headers, ...headers, 'Idempotency-Replay': 'true' },
        };
      }
      lock = { key: cacheKey, value: { bodyHash } };
      this.idempotency.set(cacheKey, lock.value);
      onLock(lock);
    }

    const errorRate = this.faults.errorRate ?? 0;
    if (errorRate > 0 && this.faultRng.next() < errorRate) {
      throw new HttpError(503, 'Service Unavailable', undefined, headers);
    }

    try {
      const store = this.options.store;
      const result = await route.handle({ store, world: production ? store.production : store.development, apiKey, params, query, body });
      return { status: result.status, body: result.body, headers };
    } catch (error) {
      // The route's error keeps its class (a payload validation error has its own body); the rate-limit headers join its own.
      if (error instanceof HttpError) Object.assign(error.headers, { ...headers, ...error.headers });
      throw error;
    }
  }

  private authenticate(req: IncomingMessage): string {
    const header = req.headers.authorization;
    if (header === undefined) throw new HttpError(401, 'Missing authorization header');
    const trimmed = header.trim();
    const space = trimmed.indexOf(' ');
    const scheme = space === -1 ? trimmed : trimmed.slice(0, space);
    const key = space === -1 ? '' : trimmed.slice(space + 1).trim();
    if (scheme !== 'ApiKey') throw new HttpError(401, `Invalid authentication scheme: "${scheme}"`);
    if (key === '') throw new HttpError(401, 'Unauthorized');
    if (key !== this.options.apiKey && (this.options.productionApiKey === undefined || key !== this.options.productionApiKey)) throw new HttpError(401, 'API Key not found');
    return key;
  }

  /** Token bucket: `limit` tokens, refilled at `limit` per second. Adds the RateLimit-* headers. */
  private rateLimit(headers: Record<string, string>): void {
    const limit = this.faults.rateLimitPerSecond ?? 0;
    if (limit <= 0) return;
    const nowMs = performance.now();
    const bucket = (this.bucket ??= { tokens: limit, atMs: nowMs });
    bucket.tokens = Math.min(limit, bucket.tokens + ((nowMs - bucket.atMs) / 1000) * limit);
    bucket.atMs = nowMs;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const secondsToNext = bucket.tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - bucket.tokens) / limit));
    headers['RateLimit-Limit'] = String(limit);
    headers['RateLimit-Remaining'] = String(Math.floor(bucket.tokens));
    headers['RateLimit-Reset'] = String(secondsToNext);
    headers['RateLimit-Policy'] = `${limit};w=1;burst=${limit};comment="token bucket";category="configuration";cost="single"`;
    if (!allowed) {
      throw new HttpError(429, 'API rate limit exceeded', undefined, { ...headers, 'Retry-After': String(secondsToNext) });
    }
  }

  /** The `trigger` category's bucket: a request takes `cost` tokens or gets 429 (contract §8.4). */
  private triggerRateLimit(headers: Record<string, string>, limit: { capacity: number; refillPerSecond: number }, cost: number): void {
    const nowMs = performance.now();
    const bucket = (this.triggerBucket ??= { tokens: limit.capacity, atMs: nowMs });
    bucket.tokens = Math.min(limit.capacity, bucket.tokens + ((nowMs - bucket.atMs) / 1000) * limit.refillPerSecond);
    bucket.atMs = nowMs;
    const allowed = bucket.tokens >= cost;
    if (allowed) bucket.tokens -= cost;
    const secondsToNext = bucket.tokens >= cost ? 0 : Math.max(1, Math.ceil((cost - bucket.tokens) / limit.refillPerSecond));
    headers['RateLimit-Limit'] = String(limit.capacity);
    headers['RateLimit-Remaining'] = String(Math.floor(bucket.tokens));
    headers['RateLimit-Reset'] = String(secondsToNext);
    headers['RateLimit-Policy'] = `${limit.capacity};w=1;burst=${limit.capacity};comment="token bucket";category="trigger";cost="${cost === 1 ? 'single' : 'bulk'}"`;
    if (!allowed) throw new HttpError(429, 'API rate limit exceeded', undefined, { ...headers, 'Retry-After': String(secondsToNext) });
  }

  private errorResponse(error: unknown, url: string): Outgoing {
    const timestamp = new Date().toISOString();
    if (error instanceof RawBodyError) return { status: error.statusCode, body: error.rawBody, headers: { ...error.headers } };
    if (error instanceof HttpError) {
      const body: Record<string, unknown> = { statusCode: error.statusCode, timestamp, path: url, message: error.body };
      if (error.errors) body['errors'] = error.errors;
      if (error instanceof PayloadValidationError) Object.assign(body, { type: 'PAYLOAD_VALIDATION_ERROR', errors: error.entries });
      if (error.statusCode >= 500) body['errorId'] = this.errorId();
      return { status: error.statusCode, body, headers: { ...error.headers } };
    }
    return {
      status: 500,
      body: { statusCode: 500, timestamp, path: url, message: 'Internal server error', errorId: this.errorId() },
      headers: {},
    };
  }

  private errorId(): string {
    const h = this.faultRng.hex(32);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  }
}
