/**
 * A small client for the user's own app: the bridge URL that `@novu/framework`'s `serve()` answers
 * (contract §9.1–9.3), not the service. Four actions only, all harmless: health-check, discover,
 * code and preview; never `trigger` or `agent-event`, which send or run for real. `execute` only for
 * a message step (a case that leaves a payload key out, issue 51, §14): it renders that one step
 * with the payload as given, as a send would, and runs no other step's code (each earlier step's
 * result comes from the request's `state`, later ones are not reached). A custom step is never asked.
 *
 * - Every outcome is a typed value, never a thrown exception, except the caller's own abort (an
 *   error named `AbortError`, as `isAbortError` of api/ reads it).
 * - No retries; one timeout (10 s by default) over the whole exchange, the body included.
 * - Every request but the health-check is signed (§9.2: a bridge that checks accepts it, one that
 *   does not ignores it). The secret key goes into the HMAC and nowhere else: not in a header, a URL,
 *   or any text this client returns (a key the app echoes is replaced by `***`).
 * - Redirects are followed only to the same origin (a signature is not sent to another host).
 * Error bodies are `{ message, data?, code }`; `data` is absent when empty (REPORT §3).
 * Pure: no vscode.
 */
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import { BRIDGE_SIGNATURE_HEADER, bridgeBodyText, signBridge } from './bridgeSignature';

export const DEFAULT_BRIDGE_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
/** Keeps one odd answer from filling a panel. */
const MAX_MESSAGE = 2_000;
const MAX_FIELD_ERRORS = 100;
const REDACTED = '***';

/** Step types that render settings, not a message: empty outputs are a possible answer for them. */
const NON_MESSAGE_TYPES = new Set(['digest', 'delay', 'throttle', 'custom', 'http_request', 'tool']);
/** The only step types `execute` may ask for: message steps, whose code returns a message and does nothing else. */
const EXECUTABLE_TYPES = new Set(['email', 'in_app', 'sms', 'push', 'chat']);

export interface BridgeFieldError {
  /** A JSON pointer into the payload or the controls, as the bridge sends it: `/plan`, `` for the whole. */
  path: string;
  message: string;
}

/** One line of a stack: the first that is in the user's own code (not node_modules, not node:). */
export interface StackFrame {
  /** A file path (an ES module's `file://` URL is turned into one), or the location as written. */
  file: string;
  line: number;
  column: number;
  functionName?: string;
}

export type BridgeFailure =
  /** The URL is not an http(s) URL (or carries a user name or password). */
  | { kind: 'badUrl' }
  /** No answer: refused, reset, DNS, closed mid-answer (`UND_ERR_SOCKET`), or `timeout`. */
  | { kind: 'unreachable'; cause: string; detail: string; timeoutMs?: number }
  /** Something answered, but not as the bridge does: HTML, a redirect elsewhere, JSON of another shape. */
  | { kind: 'notBridge'; status: number; contentType: string }
  /** 401 `SignatureMismatchError`; `method` says whether a body was signed (REPORT §6.5). */
  | { kind: 'signatureMismatch'; method: 'GET' | 'POST' }
  /** Another 401 about the signature: `SignatureExpiredError`, `SignatureInvalidError`, `SignatureNotFoundError`… */
  | { kind: 'signatureOther'; code: string; message: string }
  | { kind: 'payloadInvalid'; errors: BridgeFieldError[]; message: string }
  /** `ExecutionStateControlInvalidError` (with errors), `StepControlCompilationFailedError` (`detail`: `TokenizationError`). */
  | { kind: 'controlsInvalid'; code: string; errors: BridgeFieldError[]; detail?: string; message: string }
  | { kind: 'outputInvalid'; errors: BridgeFieldError[]; message: string }
  | { kind: 'workflowNotFound'; workflowId?: string; message: string }
  /** The code, run with this payload, reached `stepId`, a step discover never listed. */
  | { kind: 'stepNotFound'; stepId?: string; message: string }
  /** 502: the step function threw. `message` without the framework's prefix; the first frame of the user's code. */
  | { kind: 'stepThrew'; stepId?: string; message: string; frame?: StackFrame }
  /** 200 with empty outputs for a message step: the app has no such step (REPORT §3, unknown stepId). */
  | { kind: 'emptyOutputs' }
  /** Any other 5xx; `BridgeError` (500) is the workflow's own code throwing outside a step. */
  | { kind: 'serverError'; status: number; code?: string; message: string; frame?: StackFrame }
  | { kind: 'other'; status: number; code: string; message: string };

export interface BridgeHealth {
  kind: 'health';
  status: string;
  sdkVersion?: string;
  frameworkVersion?: string;
  discovered?: { workflows: number; steps: number };
}

const jsonObject = z.record(z.string(), z.unknown());
/** `{ schema, unknownSchema }`: only `schema` is a JSON Schema (zod 4 apps send `{ $schema }` alone, §9.1). */
const schemaHolder = z.catch(z.optional(z.looseObject({ schema: z.optional(z.unknown()) })), undefined);
const optionalText = z.catch(z.optional(z.string()), undefined);

const discoveredStepSchema = z.looseObject({
  stepId: z.string(),
  type: z.string(),
  controls: schemaHolder,
  outputs: schemaHolder,
  results: schemaHolder,
  code: optionalText,
  options: z.catch(z.optional(jsonObject), undefined),
  providers: z.catch(z.optional(z.array(z.unknown())), undefined),
});

const discoveredWorkflowSchema = z.looseObject({
  workflowId: z.string(),
  name: optionalText,
  description: optionalText,
  tags: z.catch(z.optional(z.array(z.string())), undefined),
  severity: optionalText,
  preferences: z.optional(z.unknown()),
  payload: schemaHolder,
  controls: schemaHolder,
  code: optionalText,
  steps: z.array(discoveredStepSchema),
});

export type DiscoveredStep = z.infer<typeof discoveredStepSchema>;
export type DiscoveredWorkflow = z.infer<typeof discoveredWorkflowSchema>;

export interface BridgeDiscovery {
  kind: 'discovered';
  workflows: DiscoveredWorkflow[];
  agents: unknown[];
  /** Entries of `workflows` that could not be read (no `workflowId`, steps without `stepId`/`type`). */
  unread: number;
}

export interface BridgeCode {
  kind: 'code';
  code: string;
}

export interface PreviewRendered {
  kind: 'rendered';
  outputs: Record<string, unknown>;
  providers: Record<string, unknown>;
  options: Record<string, unknown>;
  metadata: { status?: string; error?: boolean; duration?: number };
}

export interface PreviewStepRequest {
  workflowId: string;
  stepId: string;
  payload?: Record<string, unknown>;
  subscriber?: Record<string, unknown>;
  controls?: Record<string, unknown>;
  /** The trigger's context, resolved as the framework gives it a step (`{ tenant: { id, data } }`); none: `{}`. */
  context?: Record<string, { id: string; data: Record<string, unknown> }>;
  /** Earlier steps' results (`{ stepId, outputs, state: { status } }`); empty: earlier steps are mocked. */
  state?: unknown[];
  /** The step's type from discover: empty outputs of a message step are `emptyOutputs`, of a digest a result. */
  stepType?: string;
  /**
   * `execute`: the payload as given, not merged over the framework's mock, and the step's `skip`
   * evaluated (a skipped step answers `options.skip`). Only for a message step, with every earlier
   * step's result in `state`: else the framework refuses, and no other step's code runs.
   */
  action?: 'preview' | 'execute';
}

const healthSchema = z.looseObject({
  status: z.string(),
  sdkVersion: optionalText,
  frameworkVersion: optionalText,
  discovered: z.catch(z.optional(z.looseObject({ workflows: z.number(), steps: z.number() })), undefined),
});
const discoverSchema = z.looseObject({ workflows: z.array(z.unknown()), agents: z.catch(z.optional(z.array(z.unknown())), undefined) });
const codeSchema = z.looseObject({ code: z.string() });
const renderedSchema = z.looseObject({
  outputs: jsonObject,
  providers: z.catch(z.optional(jsonObject), undefined),
  options: z.catch(z.optional(jsonObject), undefined),
  metadata: z.catch(
    z.optional(z.looseObject({ status: optionalText, error: z.catch(z.optional(z.boolean()), undefined), duration: z.catch(z.optional(z.number()), undefined) })),
    undefined,
  ),
});

export interface BridgeClientOptions {
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  /** The clock the signature's timestamp comes from (tests pin it). */
  now?: () => number;
}

interface Answer {
  status: number;
  contentType: string;
  json: Record<string, unknown>;
}

export class BridgeClient {
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof globalThis.fetch;
  private readonly now: () => number;

  constructor(options: BridgeClientOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_BRIDGE_TIMEOUT_MS;
    this.fetchImpl = options.fetch ?? globalThis.fetch;
    this.now = options.now ?? Date.now;
  }

  /** `GET ?action=health-check`, unsigned: proves the app runs, never which key it has (§9.1). */
  async healthCheck(url: string, signal?: AbortSignal): Promise<BridgeHealth | BridgeFailure> {
    const answer = await this.call('GET', url, { action: 'health-check' }, undefined, undefined, signal);
    if (!isAnswer(answer)) return answer;
    const parsed = healthSchema.safeParse(answer.json);
    if (!parsed.success) return notBridge(answer);
    const { status, sdkVersion, frameworkVersion, discovered } = parsed.data;
    return {
      kind: 'health',
      status,
      ...(sdkVersion !== undefined ? { sdkVersion } : {}),
      ...(frameworkVersion !== undefined ? { frameworkVersion } : {}),
      ...(discovered ? { discovered: { workflows: discovered.workflows, steps: discovered.steps } } : {}),
    };
  }

  /** `GET ?action=discover`, signed: every workflow the app serves, read loosely (unknown keys kept). */
  async discover(url: string, secretKey: string, signal?: AbortSignal): Promise<BridgeDiscovery | BridgeFailure> {
    const answer = await this.call('GET', url, { action: 'discover' }, secretKey, undefined, signal);
    if (!isAnswer(answer)) return answer;
    const parsed = discoverSchema.safeParse(answer.json);
    if (!parsed.success) return notBridge(answer);
    const workflows: DiscoveredWorkflow[] = [];
    let unread = 0;
    for (const entry of parsed.data.workflows) {
      const workflow = discoveredWorkflowSchema.safeParse(entry);
      if (workflow.success) workflows.push(workflow.data);
      else unread++;
    }
    return { kind: 'discovered', workflows, agents: parsed.data.agents ?? [], unread };
  }

  /**
   * `GET ?action=code&workflowId=&stepId=`, signed: the step resolver's source, or without `stepId` the
   * workflow function's (only the latter shows a step's `skip` option: REPORT §6.10).
   */
  async stepCode(url: string, secretKey: string, workflowId: string, stepId: string | undefined, signal?: AbortSignal): Promise<BridgeCode | BridgeFailure> {
    const query: Record<string, string> = { action: 'code', workflowId };
    if (stepId !== undefined) query['stepId'] = stepId;
    const answer = await this.call('GET', url, query, secretKey, undefined, signal);
    if (!isAnswer(answer)) return answer;
    const parsed = codeSchema.safeParse(answer.json);
    if (!parsed.success) return notBridge(answer);
    return { kind: 'code', code: parsed.data.code };
  }

  /** `POST ?action=preview&workflowId=&stepId=`, signed, with every key of §9.3's body present. */
  async previewStep(url: string, secretKey: string, request: PreviewStepRequest, signal?: AbortSignal): Promise<PreviewRendered | BridgeFailure> {
    const action = request.action ?? 'preview';
    // Never a step with effects of its own (custom, http_request): only a message step renders by `execute`.
    // l10n-ignore: a programming error of the caller, never shown to a user
    if (action === 'execute' && !EXECUTABLE_TYPES.has(request.stepType ?? '')) throw new Error(`execute is only for a message step, not "${request.stepType ?? '?'}"`);
    const body = {
      workflowId: request.workflowId,
      stepId: request.stepId,
      action,
      payload: request.payload ?? {},
      controls: request.controls ?? {},
      state: request.state ?? [],
      subscriber: request.subscriber ?? {},
      context: request.context ?? {},
      env: { name: '', type: 'dev' },
    };
    const query = { action, workflowId: request.workflowId, stepId: request.stepId };
    const answer = await this.call('POST', url, query, secretKey, body, signal);
    if (!isAnswer(answer)) return answer;
    const parsed = renderedSchema.safeParse(answer.json);
    if (!parsed.success) return notBridge(answer);
    const { outputs, providers, options, metadata } = parsed.data;
    const skipped = action === 'execute' && options?.['skip'] === true;
    if (Object.keys(outputs).length === 0 && !skipped && !NON_MESSAGE_TYPES.has(request.stepType ?? '')) return { kind: 'emptyOutputs' };
    return {
      kind: 'rendered',
      outputs,
      providers: providers ?? {},
      options: options ?? {},
      metadata: {
        ...(metadata?.status !== undefined ? { status: metadata.status } : {}),
        ...(metadata?.error !== undefined ? { error: metadata.error } : {}),
        ...(metadata?.duration !== undefined ? { duration: metadata.duration } : {}),
      },
    };
  }

  /** One exchange: a 2xx JSON object, or what went wrong. Throws only the caller's abort. */
  private async call(
    method: 'GET' | 'POST',
    url: string,
    query: Record<string, string>,
    secretKey: string | undefined,
    body: unknown,
    signal: AbortSignal | undefined,
  ): Promise<Answer | BridgeFailure> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return { kind: 'badUrl' };
    }
    if ((target.protocol !== 'http:' && target.protocol !== 'https:') || target.username !== '' || target.password !== '') return { kind: 'badUrl' };
    for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
    if (signal?.aborted) throw abortError(signal);
    // No time limit when it is not finite (a debugger's breakpoint holds the answer).
    const timeout = Number.isFinite(this.timeoutMs) ? AbortSignal.timeout(this.timeoutMs) : undefined;
    const combined = signal && timeout ? AbortSignal.any([signal, timeout]) : (signal ?? timeout);
    const origin = target.origin;
    try {
      for (let hop = 0; ; hop++) {
        const headers: Record<string, string> = { accept: 'application/json' };
        if (method === 'POST') headers['content-type'] = 'application/json';
        // Signed just before sending: the bridge accepts a timestamp within ±5 minutes of its clock.
        if (secretKey !== undefined) headers[BRIDGE_SIGNATURE_HEADER] = signBridge(secretKey, body ?? {}, this.now());
        const response = await this.fetchImpl(target, {
          method,
          headers,
          ...(method === 'POST' ? { body: bridgeBodyText(body) } : {}),
          signal: combined,
          redirect: 'manual',
        });
        const contentType = response.headers.get('content-type') ?? '';
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location !== null && hop < MAX_REDIRECTS) {
          const next = safeUrl(location, target);
          // 301–303 turn a POST into a GET: only 307 and 308 keep the preview's body.
          if (next && next.origin === origin && (method === 'GET' || response.status === 307 || response.status === 308)) {
            await response.body?.cancel();
            target = next;
            continue;
          }
        }
        const text = redact(await response.text(), secretKey);
        return classify(response.status, contentType, text, method);
      }
    } catch (error) {
      if (signal?.aborted) throw abortError(signal);
      if (timeout?.aborted) return { kind: 'unreachable', cause: 'timeout', detail: '', timeoutMs: this.timeoutMs };
      return unreachable(error);
    }
  }
}

function isAnswer(value: Answer | BridgeFailure): value is Answer {
  return !('kind' in value);
}

function safeUrl(location: string, base: URL): URL | undefined {
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}

function abortError(signal: AbortSignal): Error {
  if (signal.reason instanceof Error && signal.reason.name === 'AbortError') return signal.reason;
  const error = new Error('aborted', { cause: signal.reason });
  error.name = 'AbortError';
  return error;
}

/** `fetch failed` with its cause's code: ECONNREFUSED, ENOTFOUND, ECONNRESET, UND_ERR_SOCKET… */
function unreachable(error: unknown): BridgeFailure {
  const cause = error instanceof Error && error.cause !== undefined ? error.cause : error;
  const record = (typeof cause === 'object' && cause !== null ? cause : {}) as { code?: unknown; message?: unknown; errors?: unknown };
  // Node 20 tries every address of `localhost` and reports an AggregateError whose parts name the code.
  const first = Array.isArray(record.errors) ? (record.errors[0] as { code?: unknown; message?: unknown } | undefined) : undefined;
  const code = typeof record.code === 'string' ? record.code : typeof first?.code === 'string' ? first.code : '';
  const message = typeof record.message === 'string' && record.message !== '' ? record.message : typeof first?.message === 'string' ? first.message : '';
  return { kind: 'unreachable', cause: code || (error instanceof Error ? error.name : 'error'), detail: clip(message) };
}

function notBridge(answer: { status: number; contentType: string }): BridgeFailure {
  return { kind: 'notBridge', status: answer.status, contentType: answer.contentType };
}

function clip(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

function classify(status: number, contentType: string, text: string, method: 'GET' | 'POST'): Answer | BridgeFailure {
  // The app's body parser refused the request's size (Express's `express.json()`: 100 kB), before
  // the bridge saw it: an answer of the app, whatever its body, never "no bridge here".
  if (status === 413) return { kind: 'other', status, code: 'PayloadTooLargeError', message: '' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'notBridge', status, contentType };
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return { kind: 'notBridge', status, contentType };
  const record = json as Record<string, unknown>;
  if (status >= 200 && status < 300) return { status, contentType, json: record };
  const code = typeof record['code'] === 'string' ? record['code'] : '';
  const message = clip(typeof record['message'] === 'string' ? record['message'] : '');
  // JSON with neither is another server's error (`{ "detail": "Not Found" }`), not the bridge's.
  if (code === '' && message === '') return { kind: 'notBridge', status, contentType };
  const data = record['data'];
  switch (code) {
    case 'SignatureMismatchError':
      return { kind: 'signatureMismatch', method };
    case 'ExecutionEventPayloadInvalidError':
      return { kind: 'payloadInvalid', errors: fieldErrors(data), message };
    case 'ExecutionStateControlInvalidError':
    case 'StepControlCompilationFailedError': {
      const name = data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>)['name'] : undefined;
      return { kind: 'controlsInvalid', code, errors: fieldErrors(data), ...(typeof name === 'string' ? { detail: clip(name) } : {}), message };
    }
    case 'ExecutionStateOutputInvalidError':
      return { kind: 'outputInvalid', errors: fieldErrors(data), message };
    case 'WorkflowNotFoundError': {
      const workflowId = quotedId(message, /Workflow with id: `([^`]*)`/);
      return { kind: 'workflowNotFound', ...(workflowId !== undefined ? { workflowId } : {}), message };
    }
    case 'StepNotFoundError': {
      const fromData = data !== null && typeof data === 'object' ? (data as Record<string, unknown>)['stepId'] : undefined;
      const stepId = typeof fromData === 'string' ? fromData : quotedId(message, /Step with id: `([^`]*)`/);
      return { kind: 'stepNotFound', ...(stepId !== undefined ? { stepId } : {}), message };
    }
    case 'StepExecutionFailedError': {
      const prefix = /^Failed to (?:preview|execute) Step with id: `([^`]*)`:? ?/.exec(message);
      const frame = firstUserFrame(stackOf(data));
      return {
        kind: 'stepThrew',
        ...(prefix?.[1] !== undefined ? { stepId: prefix[1] } : {}),
        message: prefix ? message.slice(prefix[0].length) : message,
        ...(frame ? { frame } : {}),
      };
    }
  }
  if (status === 401 && /^Signature|^SigningKey/.test(code)) return { kind: 'signatureOther', code, message };
  if (status >= 500) {
    const frame = firstUserFrame(stackOf(data));
    return { kind: 'serverError', status, ...(code !== '' ? { code } : {}), message, ...(frame ? { frame } : {}) };
  }
  return { kind: 'other', status, code, message };
}

function quotedId(message: string, pattern: RegExp): string | undefined {
  return pattern.exec(message)?.[1];
}

function stackOf(data: unknown): string {
  const stack = data !== null && typeof data === 'object' ? (data as Record<string, unknown>)['stack'] : undefined;
  return typeof stack === 'string' ? stack : '';
}

/** `data` of a 400: `[{ path, message }]`; anything else has no field errors. */
function fieldErrors(data: unknown): BridgeFieldError[] {
  if (!Array.isArray(data)) return [];
  const errors: BridgeFieldError[] = [];
  for (const entry of data.slice(0, MAX_FIELD_ERRORS)) {
    if (entry === null || typeof entry !== 'object') continue;
    const { path, message } = entry as Record<string, unknown>;
    if (typeof message !== 'string') continue;
    errors.push({ path: typeof path === 'string' ? path : '', message: clip(message) });
  }
  return errors;
}

/**
 * The first frame of `stack` that is the user's own code: not under node_modules, not `node:` or
 * V8's internals. Frames are `at fn (location:line:col)` or `at location:line:col`; an ES module's
 * location is a `file://` URL, a CommonJS one a path (REPORT §3). Only that one frame is kept.
 */
export function firstUserFrame(stack: string): StackFrame | undefined {
  for (const line of stack.split('\n', 200)) {
    const trimmed = line.trim();
    if (!trimmed.startsWith('at ') || trimmed.length > 4_000) continue;
    const rest = trimmed.slice(3);
    let functionName: string | undefined;
    let location = rest;
    const open = rest.endsWith(')') ? rest.lastIndexOf(' (') : -1;
    if (open >= 0) {
      functionName = rest.slice(0, open).replace(/^async /, '');
      location = rest.slice(open + 2, -1);
    }
    const columnAt = location.lastIndexOf(':');
    const lineAt = columnAt > 0 ? location.lastIndexOf(':', columnAt - 1) : -1;
    if (lineAt <= 0) continue;
    const lineText = location.slice(lineAt + 1, columnAt);
    const columnText = location.slice(columnAt + 1);
    if (!/^\d{1,9}$/.test(lineText) || !/^\d{1,9}$/.test(columnText)) continue;
    let file = location.slice(0, lineAt);
    if (file.startsWith('node:') || file.startsWith('internal/') || file === 'native' || file.includes('<anonymous>') || /[\\/]node_modules[\\/]/.test(file)) continue;
    if (file.startsWith('file://')) {
      try {
        file = fileURLToPath(file);
      } catch {
        // keep the URL as written
      }
    }
    return { file, line: Number(lineText), column: Number(columnText), ...(functionName ? { functionName } : {}) };
  }
  return undefined;
}

/**
 * `text` with the secret key replaced, should the app echo it (in an error message, a rendered
 * body): it must never reach a panel. Keys are letters, digits and `_`, so the JSON stays valid.
 */
function redact(text: string, secretKey: string | undefined): string {
  if (secretKey === undefined || secretKey.length < 8 || !text.includes(secretKey)) return text;
  return text.split(secretKey).join(REDACTED);
}
