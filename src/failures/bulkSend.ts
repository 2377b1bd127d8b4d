/**
 * The wire side of "Send Again to These…" (issue 38.2), with no `vscode`: the chosen runs read
 * again in batches by their transaction IDs (only their bodies are kept), then sent in requests of
 * at most 100 events, one idempotency key per request reused by every try of it, a 429 waited out
 * as the service says, cancellable between requests, every event's outcome said.
 */
import { NovuApiError, bulkTrigger, type NovuClient, type Notification, type NotificationListQuery, type NotificationPage, type RequestOptions, type TriggerBody, type TriggerResult } from '../api';
import { describeTriggerResult } from '../format/triggerBody';
import { l10n } from '../l10n';
import { chunk, eventFor, requestKey, type Excluded, type PlannedEvent, type WorkflowState } from './resendPlan';
import type { RunRef } from './runLedger';

/** What reading the runs again needs of the client (`NovuClient` has it). */
export interface RunReader {
  listNotifications(query: NotificationListQuery, options?: RequestOptions): Promise<NotificationPage>;
  getNotification(notificationId: string, options?: RequestOptions): Promise<Notification>;
}

/** Transaction IDs per list request: the page's limit (contract §6), so one page usually answers a batch. */
export const READ_BATCH = 50;
/** List requests in flight at once (issue 38.1). */
export const READ_IN_FLIGHT = 3;

export interface ReadInput {
  runs: readonly RunRef[];
  actionId: string;
  workflowOf: (workflow: string) => WorkflowState;
  signal?: AbortSignal;
  /** The payload check (Send Again's `checkPayload` when not given). */
  check?: (payload: unknown, schema: unknown) => Record<string, string[]>;
}

/**
 * The events that send `runs` again, read from the service now (a payload is not kept while the
 * window is read: it can be kilobytes a run): runs with a transaction ID in batches of 50 (several
 * runs of one trigger share it: the page is filtered to the runs asked for), others one by one.
 * Each notification is turned into its event at once and dropped. Events keep the runs' order.
 */
export async function readEvents(reader: RunReader, input: ReadInput): Promise<{ events: PlannedEvent[]; excluded: Excluded[] }> {
  const wanted = new Map(input.runs.map((run) => [run.notificationId, run]));
  const outcome = new Map<string, PlannedEvent | Excluded>();
  const options = input.signal ? { signal: input.signal } : {};
  const take = (n: Notification) => {
    const run = wanted.get(n._id);
    if (run && !outcome.has(run.notificationId)) outcome.set(run.notificationId, eventFor(run, n, input.actionId, input.workflowOf(run.workflow), input.check));
  };
  const byTransaction = [...new Set(input.runs.flatMap((run) => (run.transactionId ? [run.transactionId] : [])))];
  const tasks: (() => Promise<void>)[] = chunk(byTransaction, READ_BATCH).map((ids) => async () => {
    for (let page = 0; ; page++) {
      const answer = await reader.listNotifications({ transactionId: ids, limit: READ_BATCH, page }, options);
      answer.data.forEach(take);
      if (!answer.hasMore || answer.data.length === 0) return;
    }
  });
  for (const run of input.runs.filter((r) => !r.transactionId)) {
    tasks.push(async () => {
      try {
        take(await reader.getNotification(run.notificationId, options));
      } catch (error) {
        if (!(error instanceof NovuApiError && error.status === 404)) throw error;
      }
    });
  }
  await inTurns(tasks, READ_IN_FLIGHT);
  const events: PlannedEvent[] = [];
  const excluded: Excluded[] = [];
  for (const run of input.runs) {
    const found = outcome.get(run.notificationId) ?? { run, reason: 'runNotFound' as const };
    if ('body' in found) events.push(found);
    else excluded.push(found);
  }
  return { events, excluded };
}

/** Runs the tasks `width` at a time, each started as one before it ends. */
export async function inTurns(tasks: readonly (() => Promise<void>)[], width: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
}

/** What sending needs of the client: the bulk trigger (`bulkTrigger`; a test's stand-in). */
export interface BulkSender {
  bulkTrigger(events: readonly TriggerBody[], options: RequestOptions & { idempotencyKey: string }): Promise<TriggerResult[]>;
}

/** The client's bulk trigger as a `BulkSender`. */
export function senderOf(client: NovuClient): BulkSender {
  return { bulkTrigger: (events, options) => bulkTrigger(client, events, options) };
}

export interface EventOutcome {
  run: RunRef;
  transactionId: string;
  /** True only for `processed`: a run was started (a used transaction ID also says it, and is dropped). */
  started: boolean;
  status: string;
  /** The outcome in words, the service's own reason for a refusal. */
  message: string;
}

export interface SendProgress {
  requestsDone: number;
  requestsTotal: number;
  eventsDone: number;
  eventsTotal: number;
  /** Seconds the service asked to wait before the next try (429), while waiting. */
  waitingSeconds?: number;
}

export type StopReason =
  | { reason: 'cancelled' }
  /** `uncertain`: the request may have reached the service (no answer); the same action sends it again safely. */
  | { reason: 'failed'; message: string; status?: number; uncertain: boolean };

export interface SendOutcome {
  /** One per event sent, in the order sent. */
  results: EventOutcome[];
  /** Events of the requests not sent (after a cancel or a failure), the failed request's first. */
  notSent: PlannedEvent[];
  stopped?: StopReason;
  /** Requests made, each try counted once (the client's own retries not included). */
  requests: number;
}

export interface SendOptions {
  actionId: string;
  /** Checked between requests: a request under way is never cut, so every answer is known. */
  cancelled?: () => boolean;
  onProgress?: (progress: SendProgress) => void;
  /** How many times a request that is still refused with 429 after the client's own retries is tried again. */
  rateLimitTries?: number;
  /** The longest wait a 429 may ask for; longer stops the sending and says so. */
  maxWaitSeconds?: number;
  /** Waits `ms` (a test's clock); resolves early when cancelled, and the send then stops. */
  sleep?: (ms: number, cancelled: () => boolean) => Promise<void>;
}

/** Sends `events` in requests of at most 100, in order, and says what became of each. */
export async function sendEvents(sender: BulkSender, events: readonly PlannedEvent[], options: SendOptions): Promise<SendOutcome> {
  const requests = chunk(events);
  const cancelled = options.cancelled ?? (() => false);
  const sleep = options.sleep ?? pollingSleep;
  const results: EventOutcome[] = [];
  const progress = (done: number, extra: Partial<SendProgress> = {}) =>
    options.onProgress?.({ requestsDone: done, requestsTotal: requests.length, eventsDone: results.length, eventsTotal: events.length, ...extra });
  let made = 0;
  const stop = (index: number, stopped: StopReason): SendOutcome => ({ results, notSent: requests.slice(index).flat(), stopped, requests: made });
  for (const [index, request] of requests.entries()) {
    const bodies = request.map((e) => e.body);
    const idempotencyKey = requestKey(options.actionId, bodies);
    for (let tries = 0; ; tries++) {
      if (cancelled()) return stop(index, { reason: 'cancelled' });
      try {
        made++;
        // A 429 comes back at once: it is waited out here, said in the progress and cancellable.
        const answers = await sender.bulkTrigger(bodies, { idempotencyKey, retryRateLimited: false });
        request.forEach((event, i) => results.push(outcomeOf(event, answers[i])));
        break;
      } catch (error) {
        const wait = error instanceof NovuApiError && error.status === 429 ? (error.retryAfterSeconds ?? 1) : undefined;
        if (wait !== undefined && tries < (options.rateLimitTries ?? 3) && wait <= (options.maxWaitSeconds ?? 120)) {
          progress(index, { waitingSeconds: wait });
          await sleep(wait * 1000, cancelled);
          continue;
        }
        return stop(index, failure(error));
      }
    }
    progress(index + 1);
  }
  return { results, notSent: [], requests: made };
}

function outcomeOf(event: PlannedEvent, answer: TriggerResult | undefined): EventOutcome {
  const transactionId = event.body.transactionId ?? '';
  // The client checks that the answer has one result per event; one naming another event is not this one's.
  if (!answer || (answer.transactionId && answer.transactionId !== transactionId)) {
    return { run: event.run, transactionId, started: false, status: 'unmatched', message: l10n.t("The service's answer did not name this event; look for its run by its transaction ID.") };
  }
  const said = describeTriggerResult(answer, event.body.name);
  return { run: event.run, transactionId, started: said.started, status: said.status, message: said.message };
}

function failure(error: unknown): StopReason {
  if (error instanceof NovuApiError) {
    // A 422's own words are in its field errors ("events must contain no more than 100 elements").
    const message = error.details.length > 0 ? `${error.message}: ${error.details.join('; ')}` : error.message;
    if (error.status === 429) return { reason: 'failed', status: 429, uncertain: false, message: l10n.t('The service limits triggers and asked to wait {0} s: {1}', error.retryAfterSeconds ?? '?', message) };
    return { reason: 'failed', status: error.status, uncertain: error.status >= 500, message };
  }
  return { reason: 'failed', uncertain: true, message: error instanceof Error ? error.message : String(error) };
}

/** Waits in short steps so that a cancel during a 429's wait is felt within a quarter second. */
export async function pollingSleep(ms: number, cancelled: () => boolean): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until && !cancelled()) await new Promise((resolve) => setTimeout(resolve, Math.min(250, until - Date.now())));
}

/** The send in one line: "240 sent again: 3 refused, 57 not sent (cancelled)". */
export function sendSummary(outcome: SendOutcome): string {
  const started = outcome.results.filter((r) => r.started).length;
  const refused = outcome.results.length - started;
  const parts: string[] = [];
  if (refused > 0) parts.push(refused === 1 ? l10n.t('1 refused') : l10n.t('{0} refused', refused));
  if (outcome.notSent.length > 0) {
    const why = outcome.stopped?.reason === 'cancelled' ? l10n.t('cancelled') : l10n.t('stopped');
    parts.push(l10n.t('{0} not sent ({1})', outcome.notSent.length, why));
  }
  const head = started === 1 ? l10n.t('1 sent again') : l10n.t('{0} sent again', started);
  return parts.length === 0 ? head : l10n.t('{0}: {1}', head, parts.join(', '));
}
