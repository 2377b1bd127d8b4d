/**
 * NovuClient: every operation of the service's contract over ky, with tolerant parsing, typed
 * errors, safe retries and idempotency keys. Imports nothing from `vscode`.
 */
import ky, { HTTPError, TimeoutError, type KyInstance, type Options as KyOptions } from 'ky';
import type * as z from 'zod/mini';
import { fieldLine, readErrorBody } from './errorBody';
import { NovuApiError, NovuNetworkError, NovuResponseShapeError, NovuTimeoutError, NovuValidationError, isClosedToApiKeys, type FieldErrors } from './errors';
import {
  cancelResultSchema,
  integrationListSchema,
  jobSchema,
  notificationHeadSchema,
  notificationPageEnvelopeSchema,
  notificationSchema,
  preferencesSchema,
  subscriberPageSchema,
  workflowListSchema,
  workflowSchema,
  type WorkflowList,
  type Workflow,
  subscriberSchema,
  type Integration,
  type Notification,
  type NotificationPage,
  type Preferences,
  type Subscriber,
  type SubscriberPage,
} from './schemas';
import {
  validateCreateSubscriber,
  validateNotificationQuery,
  validateSearchQuery,
  validateSubscriberPatch,
  type SubscriberPatch,
  type CreateSubscriberInput,
  type NotificationListQuery,
  type SubscriberSearchQuery,
} from './validation';
import { l10n } from '../l10n';
import { wordFor, type Words } from '../words';

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRIES = 2;
const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** Statuses worth another try of a safe request. 409 only when it says "in progress" (Retry-After). */
const RETRY_STATUSES = [408, 409, 429, 500, 502, 503, 504];

export interface RequestLogEntry {
  method: string;
  /** Path and query as sent; never holds the key (the key only travels in the Authorization header). */
  path: string;
  status?: number;
  durationMs: number;
  retries: number;
  /** The error's class name when the call failed without an HTTP status. */
  error?: string;
  replayed?: boolean;
  /** A trigger's transaction id (never its payload: the body's values stay out of the log). */
  transactionId?: string;
  /** A 401 that closes this route to API keys on an older server, not a refused key (`isClosedToApiKeys`). */
  closedToKeys?: boolean;
}

export interface NovuClientOptions {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
  retries?: number;
  fetch?: typeof globalThis.fetch;
  /** Called once per operation, after its last attempt. */
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** For POST and PATCH: one key per user action; generated per call when absent. */
  idempotencyKey?: string;
  /** False: a 429 is not waited out here but thrown at once (the caller waits it out visibly, cancellably). */
  retryRateLimited?: boolean;
}

export interface PreferencesReadOptions extends RequestOptions {
  criticality?: 'nonCritical' | 'critical' | 'all';
}

export interface CreateSubscriberOptions extends RequestOptions {
  /** Ask for 409 instead of an update when the subscriber exists. */
  failIfExists?: boolean;
}

type Query = Record<string, string | number | boolean | string[] | undefined>;

export interface CallSpec<T> {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  query?: Query;
  body?: unknown;
  schema: z.ZodMiniType<T>;
  /** The body has fields next to `data` (paged lists): unwrap only a `{ data: { ... } }` object. */
  paged?: boolean;
  options?: RequestOptions;
  /** Named in the log line (a trigger's, or a cancel's, transaction id). */
  transactionId?: string;
  /** An error body of this shape is kept on the NovuApiError as `parsedBody` (a 400 that answers per item). */
  errorSchema?: z.ZodMiniType<unknown>;
}

/** True for the error a fetch raises when the caller's signal aborted it. */
export function isAbortError(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'CanceledError');
}

export class NovuClient {
  readonly baseUrl: string;
  private readonly http: KyInstance;
  private readonly timeoutMs: number;
  private readonly apiKey: string;
  private readonly onRequest: NovuClientOptions['onRequest'];
  private readonly fetchImpl: typeof globalThis.fetch | undefined;

  constructor(options: NovuClientOptions) {
    const base = new URL(options.baseUrl);
    if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new Error(l10n.t('The base URL must be http(s).'));
    this.baseUrl = base.toString().replace(/\/+$/, '');
    this.apiKey = options.apiKey;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.onRequest = options.onRequest;
    this.fetchImpl = options.fetch;
    this.http = ky.create({
      prefixUrl: this.baseUrl,
      timeout: this.timeoutMs,
      throwHttpErrors: true,
      headers: { Authorization: `ApiKey ${options.apiKey}`, Accept: 'application/json' },
      ...(options.fetch ? { fetch: options.fetch } : {}),
      retry: {
        limit: options.retries ?? DEFAULT_RETRIES,
        // POST and PATCH are safe to retry because every one carries an idempotency key.
        methods: ['get', 'post', 'patch'],
        statusCodes: RETRY_STATUSES,
        afterStatusCodes: [409, 429, 503],
        maxRetryAfter: 60_000,
        backoffLimit: 10_000,
        shouldRetry: retryRule(true),
      },
    });
  }

  /**
   * Readies the editor's fetch for this service, sending nothing: VS Code's fetch, on its first
   * call in a window, reads and parses the system's certificates (40 to 70 ms here) and asks the
   * workbench which proxy the address goes through (kept per address). A call whose signal is
   * already aborted does both and stops before any connection is made, so the first real request
   * (a view's first load, issue 37.6) does not pay for them.
   */
  readyTransport(): Promise<void> {
    const fetcher = this.fetchImpl ?? globalThis.fetch;
    return fetcher(`${this.baseUrl}/`, { signal: AbortSignal.abort() }).then(
      () => undefined,
      () => undefined,
    );
  }

  /** `GET /v2/subscribers`: one page of subscribers, with cursors. */
  async searchSubscribers(query: SubscriberSearchQuery = {}, options?: RequestOptions): Promise<SubscriberPage> {
    rejectInvalid(validateSearchQuery(query));
    return this.call({ method: 'get', path: 'v2/subscribers', query: { ...query }, schema: subscriberPageSchema, paged: true, options });
  }

  /** `POST /v2/subscribers`: creates (or, unless failIfExists, updates) a subscriber. */
  async createSubscriber(input: CreateSubscriberInput, options?: CreateSubscriberOptions): Promise<Subscriber> {
    rejectInvalid(validateCreateSubscriber(input));
    const query: Query = options?.failIfExists ? { failIfExists: true } : {};
    return this.call({ method: 'post', path: 'v2/subscribers', query, body: input, schema: subscriberSchema, options });
  }

  /** `GET /v2/subscribers/{id}` (contract §8.3): one subscriber, with its addresses and channels. */
  async getSubscriber(subscriberId: string, options?: RequestOptions): Promise<Subscriber> {
    return this.call({ method: 'get', path: subscriberPath(subscriberId, ''), schema: subscriberSchema, options });
  }

  /** `PATCH /v2/subscribers/{id}` (contract §8.3): only the keys sent change. */
  async updateSubscriber(subscriberId: string, patch: SubscriberPatch, options?: RequestOptions): Promise<Subscriber> {
    rejectInvalid(validateSubscriberPatch(patch));
    return this.call({ method: 'patch', path: subscriberPath(subscriberId, ''), body: patch, schema: subscriberSchema, options });
  }

  /** `GET /v2/workflows` (contract §8.1): offset paging, newest created first. */
  async listWorkflows(query: WorkflowListQuery = {}, options?: RequestOptions): Promise<WorkflowList> {
    return this.call({ method: 'get', path: 'v2/workflows', query: { ...query }, schema: workflowListSchema, options });
  }

  /**
   * `GET /v2/workflows/{workflowId}` (contract §8.2) by `_id`, trigger identifier or slug. An
   * identifier the service may misread as an encoded id (16 or more characters, the last 16 letters
   * and digits) answers 404 for a workflow that exists: then the list is searched for it, and the
   * workflow read by its `_id` (two more requests, only in that case).
   */
  async getWorkflow(workflowId: string, options?: RequestOptions): Promise<Workflow> {
    if (workflowId.trim() === '') throw new NovuValidationError({ workflowId: [l10n.t('A workflow identifier is required.')] });
    const read = (id: string) => this.call({ method: 'get', path: `v2/workflows/${encodeURIComponent(id)}`, schema: workflowSchema, options });
    try {
      return await read(workflowId);
    } catch (error) {
      if (!(error instanceof NovuApiError && error.status === 404 && isMisreadIdentifier(workflowId))) throw error;
      const list = await this.listWorkflows({ query: workflowId, limit: 100 }, options);
      const match = list.workflows.find((w) => w.workflowId === workflowId);
      if (!match) throw error;
      return read(match._id);
    }
  }

  /** `GET /v2/subscribers/{id}/preferences`. */
  async getPreferences(subscriberId: string, options?: PreferencesReadOptions): Promise<Preferences> {
    const query: Query = options?.criticality ? { criticality: options.criticality } : {};
    return this.call({ method: 'get', path: subscriberPath(subscriberId, '/preferences'), query, schema: preferencesSchema, options });
  }

  /** `GET /v1/integrations/active`. Credentials are parsed but callers must mask them (see maskCredentials). */
  async listActiveIntegrations(options?: RequestOptions): Promise<Integration[]> {
    return this.call({ method: 'get', path: 'v1/integrations/active', schema: integrationListSchema, options });
  }

  /** `GET /v1/notifications/{id}`: the notification with its jobs and execution details. */
  async getNotification(notificationId: string, options?: RequestOptions): Promise<Notification> {
    if (notificationId.trim() === '') throw new NovuValidationError({ notificationId: [l10n.t('A notification ID is required.')] });
    return this.call({ method: 'get', path: `v1/notifications/${encodeURIComponent(notificationId)}`, schema: notificationSchema, options });
  }

  /** `GET /v1/notifications`: recent notifications, newest first. */
  async listNotifications(query: NotificationListQuery = {}, options?: RequestOptions): Promise<NotificationPage> {
    rejectInvalid(validateNotificationQuery(query));
    const { subscriberIds, channels, templates, emails, severity, contextKeys, ...rest } = query;
    const arrays: Query = {
      'subscriberIds[]': subscriberIds,
      'channels[]': channels,
      'templates[]': templates,
      'emails[]': emails,
      'severity[]': severity,
      // An exact set; one empty value asks for the runs without a context (§12).
      contextKeys: contextKeys && (contextKeys.length > 0 ? contextKeys : ['']),
    };
    const page = await this.call({ method: 'get', path: 'v1/notifications', query: { ...rest, ...arrays }, schema: notificationPageEnvelopeSchema, paged: true, options });
    // Each item is a whole notification (every job and detail): a page can be megabytes, so its
    // items are checked a slice at a time and other work (other views' rows) runs in between.
    return { ...page, data: await parseNotifications(page.data, options?.signal) };
  }

  /**
   * `DELETE /v1/events/trigger/{transactionId}`: cancels what is still pending (delays, digests) for
   * a transaction. True when something was cancelled, false when nothing was left. Not retried: a
   * retry after a lost answer would say "nothing left" about a cancel that worked.
   */
  async cancelTrigger(transactionId: string, options?: RequestOptions): Promise<boolean> {
    if (transactionId.trim() === '') throw new NovuValidationError({ transactionId: [l10n.t('A transaction ID is required.')] });
    return this.call({ method: 'delete', path: `v1/events/trigger/${encodeURIComponent(transactionId)}`, schema: cancelResultSchema, options, transactionId });
  }

  /** One request, as every method makes it (retries, idempotency key, log line, typed error); for feature code that speaks a route of its own. */
  async call<T>(spec: CallSpec<T>): Promise<T> {
    const searchParams = toSearchParams(spec.query ?? {});
    const query = searchParams.toString();
    const logPath = `/${spec.path}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = {};
    // A DELETE carries the caller's key too when it gives one (a reviewed removal: one key per action).
    if (spec.method === 'post' || spec.method === 'patch' || (spec.method === 'delete' && spec.options?.idempotencyKey !== undefined)) {
      const key = spec.options?.idempotencyKey ?? globalThis.crypto.randomUUID();
      if (key.length === 0 || key.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
        throw new NovuValidationError({ idempotencyKey: [l10n.t('Must be 1 to {0} characters.', MAX_IDEMPOTENCY_KEY_LENGTH)] });
      }
      headers['idempotency-key'] = key;
    }
    let retries = 0;
    const started = performance.now();
    const kyOptions: KyOptions = {
      method: spec.method,
      searchParams,
      headers,
      hooks: { beforeRetry: [() => void retries++] },
      // ky merges a request's retry options into the instance's (arrays appended): only the rule can leave 429 out.
      ...(spec.options?.retryRateLimited === false ? { retry: { shouldRetry: retryRule(false) } } : {}),
      ...(spec.body !== undefined ? { json: spec.body } : {}),
      ...(spec.options?.signal ? { signal: spec.options.signal } : {}),
    };
    const log = (entry: Partial<RequestLogEntry>) =>
      this.onRequest?.({
        method: spec.method.toUpperCase(),
        path: logPath,
        durationMs: Math.round(performance.now() - started),
        retries,
        ...(spec.transactionId !== undefined ? { transactionId: spec.transactionId } : {}),
        ...entry,
      });

    let response: Response;
    try {
      response = await this.http(spec.path, kyOptions);
    } catch (error) {
      const mapped = await this.mapError(error, `/${spec.path}`, spec.errorSchema);
      // l10n-ignore: a log entry (the log stays English)
      log(mapped instanceof NovuApiError ? { status: mapped.status, ...(isClosedToApiKeys(mapped) ? { closedToKeys: true } : {}) } : { error: isAbortError(mapped) ? 'Canceled' : mapped.name });
      throw mapped;
    }
    log({ status: response.status, ...(response.headers.get('idempotency-replay') === 'true' ? { replayed: true } : {}) });
    const text = await response.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new NovuResponseShapeError(l10n.t('The service sent a body that is not JSON for {0}.', `${spec.method.toUpperCase()} /${spec.path}`), `/${spec.path}`, []);
    }
    return parseBody(unwrap(body, spec.paged === true), spec.schema, `${spec.method.toUpperCase()} /${spec.path}`);
  }

  private async mapError(error: unknown, path: string, errorSchema?: z.ZodMiniType<unknown>): Promise<Error> {
    if (error instanceof HTTPError) return this.toApiError(error.response, path, errorSchema);
    if (error instanceof TimeoutError) return new NovuTimeoutError(this.timeoutMs, path);
    if (isAbortError(error)) return error as Error;
    return new NovuNetworkError(this.redact(describeNetworkError(error, this.baseUrl)), path, { cause: error });
  }

  private async toApiError(response: Response, path: string, errorSchema?: z.ZodMiniType<unknown>): Promise<NovuApiError> {
    let text = '';
    try {
      text = await response.text();
    } catch {
      // The body could not be read; the status still says what happened.
    }
    const body = readErrorBody(text);
    const fieldErrors = body.fieldErrors;
    const details = Object.entries(fieldErrors).flatMap(([field, messages]) =>
      messages.map((m) => fieldLine(field, m)),
    );
    const messageList = body.messages;
    if (messageList.length > 1 && details.length === 0) details.push(...messageList);
    const fallback = `HTTP ${response.status} ${response.statusText || REASONS[response.status] || ''}`.trim();
    const message = messageList.length === 1 ? messageList[0]! : messageList.length > 1 ? messageList.join('; ') : fallback;
    return new NovuApiError(
      response.status,
      this.redact(message),
      body.errorId,
      details.map((d) => this.redact(d)),
      redactFields(fieldErrors, (t) => this.redact(t)),
      parseRetryAfter(response.headers.get('retry-after')),
      path,
      messageList.length > 0,
      errorSchema ? parsedErrorBody(text, errorSchema) : undefined,
    );
  }

  /** A server could echo the key back in an error; it must never reach a message. */
  private redact(text: string): string {
    return this.apiKey.length >= 4 ? text.split(this.apiKey).join('[redacted]') : text;
  }
}

// l10n-ignore: HTTP reason phrases (protocol text, the same in every language)
const REASONS: Record<number, string> = {
  400: 'Bad Request', 401: 'Unauthorized', 402: 'Payment Required', 403: 'Forbidden', 404: 'Not Found',
  405: 'Method Not Allowed', 408: 'Request Timeout', 409: 'Conflict', 413: 'Payload Too Large',
  422: 'Unprocessable Entity', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway',
  503: 'Service Unavailable', 504: 'Gateway Timeout',
};

/** Which failed tries ky may try again: 409 only with Retry-After (in progress); 429 unless the caller waits it out itself. */
function retryRule(rateLimited: boolean) {
  return ({ error }: { error: Error }): boolean | undefined => {
    if (!(error instanceof HTTPError)) return undefined;
    if (error.response.status === 409) return error.response.headers.has('retry-after') ? undefined : false;
    if (error.response.status === 429 && !rateLimited) return false;
    return undefined;
  };
}

export function rejectInvalid(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new NovuValidationError(errors);
}

export function subscriberPath(subscriberId: string, suffix: string): string {
  if (subscriberId.trim() === '') throw new NovuValidationError({ subscriberId: [l10n.t('A subscriber ID is required.')] });
  return `v2/subscribers/${encodeURIComponent(subscriberId)}${suffix}`;
}

function toSearchParams(query: Query): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else params.append(key, String(value));
  }
  return params;
}

/** Accepts both the live service's `{ data: ... }` envelope and the specification's bare bodies. */
function unwrap(body: unknown, paged: boolean): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'data') return body;
  const inner = (body as { data: unknown }).data;
  // A paged body is itself `{ data: [...], ... }`; unwrap it only when it was wrapped again.
  if (paged && (Array.isArray(inner) || inner === null || typeof inner !== 'object')) return body;
  return inner;
}

/** An error body read with a call's own schema (a 400 that answers per item); undefined when it has another shape. */
function parsedErrorBody(text: string, schema: z.ZodMiniType<unknown>): unknown {
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

function parseBody<T>(body: unknown, schema: z.ZodMiniType<T>, operation: string): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = issuesOf(result.error.issues);
  return throwShape(shapeMessage(operation, issues), operation, issues);
}

/** How long items are checked before other work of the extension host gets its turn. */
const PARSE_SLICE_MS = 8;

/** Gives the event loop a turn once a slice of checking has run its time. */
class SliceClock {
  private started = performance.now();
  constructor(private readonly signal: AbortSignal | undefined) {}
  async turn(): Promise<void> {
    if (performance.now() - this.started <= PARSE_SLICE_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    this.signal?.throwIfAborted();
    this.started = performance.now();
  }
}

type Issue = { path: string; message: string };

/**
 * A page's items, each checked against `schema`, yielding to the event loop every few
 * milliseconds; a shape error names every item's path (`data.3._id`) as `parseBody` would.
 */
export async function parseItems<T>(items: readonly unknown[], schema: z.ZodMiniType<T>, operation: string, signal: AbortSignal | undefined): Promise<T[]> {
  const issues: Issue[] = [];
  const parsed = await checkEach(items, schema, ['data'], issues, new SliceClock(signal));
  if (issues.length > 0) throwShape(shapeMessage(operation, issues), operation, issues);
  return parsed;
}

async function checkEach<T>(items: readonly unknown[], schema: z.ZodMiniType<T>, at: readonly PropertyKey[], issues: Issue[], clock: SliceClock): Promise<T[]> {
  const parsed: T[] = [];
  for (const [index, item] of items.entries()) {
    const result = schema.safeParse(item);
    if (result.success) parsed.push(result.data);
    else issues.push(...issuesOf(result.error.issues, [...at, index]));
    await clock.turn();
  }
  return parsed;
}

/**
 * A page of whole notifications: each notification's own fields, then its jobs a slice at a time
 * (one digest can carry a thousand jobs with their details), so that no one record holds the
 * extension host for its whole check.
 */
async function parseNotifications(items: readonly unknown[], signal: AbortSignal | undefined): Promise<Notification[]> {
  const issues: Issue[] = [];
  const clock = new SliceClock(signal);
  const heads = await checkEach(items, notificationHeadSchema, ['data'], issues, clock);
  const parsed: Notification[] = [];
  for (const [index, head] of heads.entries()) {
    const jobs = head.jobs == null ? head.jobs : await checkEach(head.jobs, jobSchema, ['data', index, 'jobs'], issues, clock);
    parsed.push({ ...head, jobs });
  }
  if (issues.length > 0) throwShape(shapeMessage(NOTIFICATION_LIST, issues), NOTIFICATION_LIST, issues);
  return parsed;
}

// l10n-ignore: an operation as the log and error text name it (method and path)
const NOTIFICATION_LIST = 'GET /v1/notifications';

function issuesOf(issues: readonly { path: readonly PropertyKey[]; code: string; message: string; expected?: unknown }[], prefix: readonly PropertyKey[] = []): Issue[] {
  return issues.map((issue) => ({ path: [...prefix, ...issue.path].map(String).join('.') || l10n.t('(body)'), message: issueText(issue) }));
}

export function shapeMessage(operation: string, issues: readonly Issue[]): string {
  const shown = issues.slice(0, 3).map((i) => `${i.path}: ${i.message}`).join('; ');
  return issues.length <= 3 ? l10n.t('Unexpected response from {0}: {1}', operation, shown)
    : issues.length === 4 ? l10n.t('Unexpected response from {0}: {1} (and 1 more)', operation, shown)
    : l10n.t('Unexpected response from {0}: {1} (and {2} more)', operation, shown, issues.length - 3);
}

/** zod/mini carries no English messages: say what was expected from the issue itself. */
function issueText(issue: { code: string; message: string; expected?: unknown }): string {
  if (issue.code === 'invalid_type' && issue.expected !== undefined) return l10n.t('expected {0}', String(issue.expected));
  // l10n-ignore: zod's own placeholder message, compared to leave it out
  return issue.message && issue.message !== 'Invalid input' ? issue.message : issue.code.replace(/_/g, ' ');
}

export function throwShape(message: string, operation: string, issues: { path: string; message: string }[]): never {
  throw new NovuResponseShapeError(message, operation.split(' ')[1] ?? operation, issues);
}

function redactFields(fields: FieldErrors, redact: (text: string) => string): FieldErrors {
  return Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages.map(redact)]));
}

export interface WorkflowListQuery {
  limit?: number;
  offset?: number;
  query?: string;
  status?: string[];
  tags?: string[];
  orderBy?: 'createdAt' | 'updatedAt' | 'name' | 'lastTriggeredAt';
  orderDirection?: 'ASC' | 'DESC';
}

/**
 * True for a trigger identifier the service base62-decodes by mistake (contract §8.2): not 24 hex,
 * 16 characters or more, and its last 16 all letters and digits (`passwordResetReq`).
 */
export function isMisreadIdentifier(identifier: string): boolean {
  if (/^[0-9a-f]{24}$/i.test(identifier) || identifier.length < 16) return false;
  return /^[A-Za-z0-9]{16}$/.test(identifier.slice(-16));
}

/** `Retry-After` as seconds: either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/** Why a request got no answer, in words, for a system error code; undefined for a code not known here. */
const NETWORK_CAUSES: Words = {
  ECONNREFUSED: () => l10n.t('the connection was refused'),
  ENOTFOUND: () => l10n.t('the host name was not found'),
  EAI_AGAIN: () => l10n.t('the host name could not be resolved'),
  ECONNRESET: () => l10n.t('the connection was reset'),
  ETIMEDOUT: () => l10n.t('the connection timed out'),
  EHOSTUNREACH: () => l10n.t('the host is unreachable'),
  UND_ERR_SOCKET: () => l10n.t('the connection was closed'),
};

function describeNetworkError(error: unknown, baseUrl: string): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: string } | undefined)?.code;
  const reason = code
    ? (wordFor(NETWORK_CAUSES, code) ?? (code.includes('CERT') || code.includes('TLS') ? l10n.t('a TLS certificate problem ({0})', code) : code))
    : (cause?.message ?? (error instanceof Error ? error.message : l10n.t('an unknown network error')));
  return l10n.t('Could not reach {0}: {1}', new URL(baseUrl).host, reason);
}
