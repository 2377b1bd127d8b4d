// The sandbox's in-memory state and the queries the routes need.
import { type ActivityOutcome, activitySpec, recipientPool } from './activity';
import { SandboxClock } from './clock';
import { badRequest, paymentRequired } from './errors';
import { SANDBOX_FIXTURES as F } from './fixtures';
import { NotificationBuilder, regularDigest, type DetailSpec, type JobSpec } from './notificationBuilder';
import { DAY_MS, Prng, iso, objectId } from './random';
import { seedNotifications } from './seedNotifications';
import { SubscriberPreferences } from './preferences';
import { Subscribers } from './subscribers';
import { seedSubscribers } from './subscribersSeed';
import { Workflows } from './workflows';
import { seedWorkflows } from './workflowsSeed';
import { Integrations } from './integrations';
import { ENVIRONMENTS, createIntegrations } from './integrationsSeed';
import {
  CHANNELS,
  type Channel,
  type Environment,
  type JsonObject,
  type Notification,
  type Schedule,
  type Subscriber,
  type Workflow,
} from './types';

/** Generated everyday notifications besides the fixtures, unless the options say otherwise. */
export const DEFAULT_ACTIVITY_COUNT = 400;
/** How long the simulated plan keeps activity, unless the options say otherwise. */
export const DEFAULT_RETENTION_DAYS = 30;
/** The live service accepts a range that starts up to an hour before its retention (for clock skew). */
const RETENTION_GRACE_MS = 60 * 60 * 1000;
/** Tag in the ids of notifications emitted at runtime. */
const EMITTED_ID_TAG = 'e3e300';

/** Tag in the ids of notifications started by a trigger (contract §7). */
const TRIGGERED_ID_TAG = 'e3e301';
/** A subscriber's email at this domain bounces at the email provider, every time it is tried. */
export const BOUNCING_EMAIL_DOMAIN = 'bounce.example';
/** How long a triggered run's digest collects events before it sends (cancel can stop it meanwhile). */
export const TRIGGERED_DIGEST_WINDOW_MS = 20_000;
/** A triggered run moves one step on this often (real time), so it settles within a few seconds. */
export const TRIGGERED_STEP_MS = 400;

const NEXT_JOB_STATUS: Partial<Record<string, 'queued' | 'running' | 'completed'>> = {
  pending: 'queued',
  queued: 'running',
  running: 'completed',
  delayed: 'completed',
};

export interface NotificationSearch {
  page: number;
  limit: number;
  subscriberIds: string[];
  channels: string[];
  templates: string[];
  emails: string[];
  severity: string[];
  /** Any of these (the parameter may be repeated). */
  transactionIds: string[];
  topicKey?: string;
  afterMs?: number;
  beforeMs?: number;
}

export interface NotificationPage {
  data: Notification[];
  hasMore: boolean;
  pageSize: number;
  page: number;
}

export interface SandboxStoreOptions {
  seed: number;
  subscriberCount: number;
  extraNotifications?: readonly Notification[];
  /** Default DEFAULT_ACTIVITY_COUNT. */
  activityCount?: number;
  /** When set, seeded notifications end at this instant instead of SEED_END_MS and writes use the real clock. */
  activityEndsAtMs?: number;
  /** Default DEFAULT_RETENTION_DAYS. */
  retentionDays?: number;
  /** Quiet workflows added after the catalogue ("Generated workflow N"), for paging the Workflows view. Default 0. */
  extraWorkflows?: number;
  /** The quiet workflow named with markup, after the catalogue. */
  markupWorkflow?: boolean;
}

/** What `emitNotification` should produce; everything left out is chosen by the store's PRNG. */
export interface EmitNotificationOptions {
  /** delivered: every job completed; failed: a channel failed with a provider's error; pending: channel jobs not started. Default delivered. */
  outcome?: 'delivered' | 'failed' | 'pending';
  /** A workflow identifier (or `_id` or slug). Default: one of the non-critical workflows. */
  workflowIdentifier?: string;
  /** Default: one of the first seeded subscribers. */
  subscriberId?: string;
}

const EMIT_OUTCOMES: Record<NonNullable<EmitNotificationOptions['outcome']>, ActivityOutcome> = {
  delivered: 'completed',
  failed: 'failed',
  pending: 'pending',
};

/** Newest first, ties by `_id` descending: true when `a` lists before `b`. */
const listsBefore = (a: Notification, b: Notification): boolean =>
  a.createdAt !== b.createdAt ? a.createdAt > b.createdAt : a._id > b._id;

/** The last instant whose ISO string has a four-digit year (later ones would not compare as strings). */
const LAST_ISO_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** `iso(ms)` for a bound of a range, clamped to the years 1970 to 9999. */
const isoBound = (ms: number): string => iso(Math.min(Math.max(ms, 0), LAST_ISO_MS));

export class SandboxStore {
  readonly environments: readonly Environment[] = ENVIRONMENTS;
  readonly workflows: Workflows;
  readonly integrations: Integrations;
  /** Newest first, as the activity feed lists them. */
  private readonly feed: Notification[];
  private readonly notificationsById: Map<string, Notification>;
  private readonly builder = new NotificationBuilder();
  /** Chooses what emitted notifications look like: the same seed and calls give the same records. */
  private readonly emitRng: Prng;
  private emitted = 0;
  /** Emitted notifications with jobs still to move on, oldest first. */
  private readonly unsettled = new Set<string>();
  private readonly usedTransactions = new Set<string>();
  private readonly plannedFailures = new Map<string, JobSpec>();
  private readonly releaseAt = new Map<string, number>();
  private readonly runTimers = new Set<NodeJS.Timeout>();
  private triggered = 0;
  private readonly clock: SandboxClock;
  private readonly retentionMs: number;
  readonly subscribers: Subscribers;
  readonly preferences: SubscriberPreferences;

  constructor(options: SandboxStoreOptions) {
    const { seed, subscriberCount, extraNotifications = [] } = options;
    const rng = new Prng(seed);
    this.emitRng = new Prng(seed ^ 0xe3e3);
    this.clock = new SandboxClock(options.activityEndsAtMs);
    this.retentionMs = (options.retentionDays ?? DEFAULT_RETENTION_DAYS) * DAY_MS;
    this.workflows = new Workflows(seedWorkflows(options));
    this.integrations = new Integrations(createIntegrations());
    const seeded = seedSubscribers(subscriberCount, rng, this.workflows.ordinary().map((w) => w._id));
    this.subscribers = new Subscribers(seeded.subscribers, this.clock);
    this.preferences = new SubscriberPreferences(seeded.preferences, this.subscribers, this.workflows, this.clock);
    const seededNotifications = seedNotifications({
      rng,
      workflows: this.workflows.all,
      subscribers: this.subscribers.all,
      builder: this.builder,
      activityCount: options.activityCount ?? DEFAULT_ACTIVITY_COUNT,
      shiftMs: this.clock.shiftMs,
    });
    const notifications = [...seededNotifications, ...extraNotifications];
    notifications.sort((a, b) => (listsBefore(a, b) ? -1 : listsBefore(b, a) ? 1 : 0));
    this.feed = notifications;
    this.notificationsById = new Map(notifications.map((n) => [n._id, n]));
  }

  // --- workflows and preferences -------------------------------------------------------------

  /** §8.1 `lastTriggeredAt`: the newest run's time, unless it was the dashboard's test (`__source` in the payload). */
  lastTriggeredAt(workflow: Workflow): string | undefined {
    return this.feed.find((n) => n._templateId === workflow._id && !(n.payload && '__source' in n.payload))?.createdAt;
  }

  // --- notifications -------------------------------------------------------------------------

  /** Newest first, as the activity feed lists them. */
  get notifications(): readonly Notification[] {
    return this.feed;
  }

  notification(id: string): Notification | undefined {
    return this.notificationsById.get(id);
  }

  /**
   * A new run of a workflow at the store's current time (so it lists first), with jobs per the
   * workflow's channels. Unknown workflow or subscriber: an Error.
   */
  /**
   * `POST /v1/events/trigger` (contract §7): a new run of `workflow` for `subscriber` (the route
   * checks `transactionUsed` first: the service ignores a transaction id it has seen). The run's
   * outcome follows from the subscriber and the workflow, so a fix changes it: a channel the
   * subscriber's preferences turn off ends canceled with the preference named (contract §8.6); email
   * to an address at BOUNCING_EMAIL_DOMAIN fails at the provider, and email to a subscriber with no
   * email ends canceled, "Subscriber missing email address". Jobs start pending and move on in real time.
   */
  trigger(input: { workflow: Workflow; subscriber: Subscriber; payload: JsonObject; overrides?: JsonObject; transactionId: string }): Notification {
    this.usedTransactions.add(input.transactionId);
    const { workflow, subscriber } = input;
    const preferences = this.preferences.of(subscriber.subscriberId, workflow.critical ? 'critical' : 'nonCritical');
    const own = preferences?.workflows.find((w) => w.workflow.identifier === workflow.identifier);
    const jobs: JobSpec[] = [{ type: 'trigger', status: 'completed' }];
    const isDigest = workflow.identifier === F.digestWorkflowIdentifier;
    if (isDigest) jobs.push({ type: 'digest', status: 'delayed', digest: regularDigest(1) });
    const failures = new Map<number, JobSpec>();
    const bridgeFailure = workflow.origin === 'external' && workflow.payloadSchema ? payloadProblems(input.payload, workflow.payloadSchema) : undefined;
    for (const channel of workflow.channels) {
      const offGlobally = !workflow.critical && preferences?.global.channels[channel] === false;
      const off = !workflow.critical && (own?.enabled === false || own?.channels[channel] === false);
      // As current servers do (contract §8.6): a channel a preference turns off ends canceled, and
      // the detail says which preference.
      if (offGlobally || off) {
        // Whose value it is: the subscriber's own choice, or the workflow's default.
        const source = own?.overrides.find((o) => o.channel === channel)?.source;
        const detail = offGlobally ? 'Step filtered by subscriber global preferences' : source === 'subscriber' || own?.enabled === false ? 'Step filtered by subscriber workflow preferences' : 'Step filtered by workflow preferences';
        jobs.push({ type: channel, status: 'canceled', details: [{ status: 'Pending', detail: 'Step queued' }, { status: 'Success', detail, source: 'Internal' }] });
        continue;
      }
      // The other reasons a current server ends a channel step canceled (contract §8.6), each with its detail.
      const skip = channelSkip(channel, subscriber, workflow.critical ? undefined : preferences?.global.schedule, this.clock.latestMs);
      if (skip) {
        jobs.push({ type: channel, status: 'canceled', details: [{ status: 'Pending', detail: 'Step queued' }, skip] });
        continue;
      }
      if (bridgeFailure) {
        // A code workflow's bridge checks the payload when the step runs: the first channel step
        // fails, the rest are canceled (contract §8.2, §8.6).
        const first = ![...failures.values()].some((f) => f.details?.[0]?.detail === 'Bridge execution failed');
        failures.set(jobs.length, first ? bridgeFailed(channel, bridgeFailure) : { type: channel, status: 'canceled', details: [{ status: 'Failed', detail: 'Step was canceled because a previous step failed', source: 'Internal' }] });
      } else if (channel === 'email' && (!subscriber.email || subscriber.email.toLowerCase().endsWith(`@${BOUNCING_EMAIL_DOMAIN}`))) {
        failures.set(jobs.length, subscriber.email ? bounced(subscriber.email) : noEmail());
      } else if ((channel === 'push' || channel === 'chat') && !sendsHere(channel, subscriber, this.integrations)) {
        failures.set(jobs.length, noActiveIntegration(channel));
      }
      jobs.push({ type: channel, status: 'pending', details: [{ status: 'Pending', detail: 'Step queued' }] });
    }
    const createdMs = this.clock.tickMs();
    const index = ++this.triggered;
    const notification = this.builder.build({
      id: objectId(createdMs, TRIGGERED_ID_TAG, index),
      createdMs,
      workflow,
      subscriber,
      transactionId: input.transactionId,
      payload: input.payload,
      jobs: input.overrides ? jobs.map((j) => ({ ...j, overrides: input.overrides })) : jobs,
      to: { subscriberId: subscriber.subscriberId },
      jobSpacingMs: 3,
      detailSpacingMs: 1,
    });
    this.clock.passed(Date.parse(notification.updatedAt));
    for (const [at, failure] of failures) this.plannedFailures.set(notification.jobs[at]!._id, failure);
    if (isDigest) this.releaseAt.set(notification.jobs[1]!._id, Date.now() + TRIGGERED_DIGEST_WINDOW_MS);
    let at = 0;
    while (at < this.feed.length && listsBefore(this.feed[at]!, notification)) at++;
    this.feed.splice(at, 0, notification);
    this.notificationsById.set(notification._id, notification);
    const timer = setInterval(() => {
      if (!this.stepTriggered(notification)) {
        clearInterval(timer);
        this.runTimers.delete(timer);
      }
    }, TRIGGERED_STEP_MS);
    timer.unref();
    this.runTimers.add(timer);
    return notification;
  }

  /** True when a run (seeded, emitted or triggered) already carries this transaction id. */
  transactionUsed(transactionId: string): boolean {
    return this.usedTransactions.has(transactionId) || this.feed.some((n) => n.transactionId === transactionId);
  }

  /** One step of a triggered run; false once it has settled. */
  private stepTriggered(notification: Notification): boolean {
    const job = notification.jobs.find((j) => j.status in NEXT_JOB_STATUS);
    if (!job) return false;
    if (job.status === 'delayed' && Date.now() < (this.releaseAt.get(job._id) ?? 0)) return true;
    const failure = this.plannedFailures.get(job._id);
    if (job.status === 'running' && failure) {
      const now = this.clock.tick();
      job.status = failure.status;
      job.updatedAt = now;
      if (failure.providerId) job.providerId = failure.providerId;
      for (const d of failure.details ?? []) {
        appendDetail(job, now, 'af', d);
      }
      notification.updatedAt = now;
      return true;
    }
    return this.advanceNotification(notification._id);
  }

  /**
   * `DELETE /v1/events/trigger/{transactionId}`: cancels what is still waiting in that transaction's
   * runs (a digest or delay not yet sent, and the steps after it). True when something was cancelled.
   */
  cancelTransaction(transactionId: string): boolean {
    let cancelled = false;
    for (const notification of this.feed) {
      if (notification.transactionId !== transactionId) continue;
      const waiting = notification.jobs.findIndex((j) => (j.type === 'digest' || j.type === 'delay') && (j.status === 'delayed' || j.status === 'pending'));
      if (waiting < 0) continue;
      const now = this.clock.tick();
      for (const job of notification.jobs.slice(waiting)) {
        if (!(job.status in NEXT_JOB_STATUS)) continue;
        job.status = 'canceled';
        job.updatedAt = now;
        appendDetail(job, now, 'ac', { status: 'Warning', detail: 'Step canceled' }, { withProvider: false });
        cancelled = true;
      }
      notification.updatedAt = now;
    }
    return cancelled;
  }

  /** Stops the triggered runs' timers (the sandbox is closing). */
  stopRuns(): void {
    for (const timer of this.runTimers) clearInterval(timer);
    this.runTimers.clear();
  }

  emitNotification(options: EmitNotificationOptions = {}): Notification {
    const rng = this.emitRng;
    const workflow = options.workflowIdentifier === undefined ? rng.pick(this.workflows.ordinary()) : this.workflows.find(options.workflowIdentifier);
    if (!workflow) throw new Error(`Unknown workflow ${options.workflowIdentifier}`);
    const subscriber = options.subscriberId === undefined ? rng.pick(recipientPool(this.subscribers.all)) : this.subscribers.get(options.subscriberId);
    if (!subscriber) throw new Error(`Unknown subscriber ${options.subscriberId}`);
    const createdMs = this.clock.tickMs();
    const index = ++this.emitted;
    const spec = activitySpec({
      id: objectId(createdMs, EMITTED_ID_TAG, index),
      createdMs,
      workflow,
      subscriber,
      outcome: EMIT_OUTCOMES[options.outcome ?? 'delivered'],
      transactionId: `txn-emitted-${rng.hex(8)}-${index}`,
      index,
      rng,
    });
    // Its jobs ran within moments of the trigger, not seconds apart as in the seed.
    const notification = this.builder.build({ ...spec, jobSpacingMs: 3, detailSpacingMs: 1 });
    this.clock.passed(Date.parse(notification.updatedAt));
    let at = 0;
    while (at < this.feed.length && listsBefore(this.feed[at]!, notification)) at++;
    this.feed.splice(at, 0, notification);
    this.notificationsById.set(notification._id, notification);
    if (notification.jobs.some((j) => j.status in NEXT_JOB_STATUS)) this.unsettled.add(notification._id);
    return notification;
  }

  /** Moves every emitted notification that is still unfinished one step on; returns how many moved. */
  advanceEmitted(): number {
    let moved = 0;
    for (const id of [...this.unsettled]) {
      if (this.advanceNotification(id)) moved++;
      if (!this.notificationsById.get(id)?.jobs.some((j) => j.status in NEXT_JOB_STATUS)) this.unsettled.delete(id);
    }
    return moved;
  }

  /**
   * Moves the first unfinished job of a notification one step on, as the service's workers would
   * (pending → queued → running → completed; delayed → completed). Returns false once it is settled.
   */
  advanceNotification(id: string): boolean {
    const notification = this.notificationsById.get(id);
    const job = notification?.jobs.find((j) => j.status in NEXT_JOB_STATUS);
    if (!notification || !job) return false;
    const now = this.clock.tick();
    const next = NEXT_JOB_STATUS[job.status]!;
    job.status = next;
    job.updatedAt = now;
    const detail = next === 'completed' ? completedDetail(job) : `Step ${next}`;
    // A channel step handed to its provider says so with the provider's answer, as the service's worker writes it.
    const raw = next === 'completed' && detail === 'Message sent' ? JSON.stringify({ id: `msg_${job._id.slice(-8)}`, status: 'accepted' }) : undefined;
    appendDetail(job, now, 'ad', { status: next === 'completed' ? 'Success' : next === 'running' ? 'Pending' : 'Queued', detail, ...(raw ? { raw } : {}) });
    notification.updatedAt = now;
    return true;
  }

  /**
   * The service's activity feed: newest first (ties by `_id` descending), offset paging, `after`
   * and `before` inclusive. Like the live service, `hasMore` is "this page is full" (a full last
   * page says true and the next one is empty), a range starting before the plan's retention
   * answers 402, and without `after` the list starts where retention does.
   */
  listNotifications(q: NotificationSearch): NotificationPage {
    const earliestMs = this.clock.nowMs() - this.retentionMs;
    this.checkRetention(q, earliestMs);
    // Timestamps are ISO strings in one format, so they compare as strings; the feed is sorted by them.
    const afterIso = isoBound(q.afterMs ?? earliestMs);
    const beforeIso = q.beforeMs === undefined ? undefined : isoBound(q.beforeMs);
    const matches = this.notificationFilter(q);
    const start = q.page * q.limit;
    const data: Notification[] = [];
    let skipped = 0;
    for (const n of this.feed) {
      if (n.createdAt < afterIso || data.length === q.limit) break;
      if ((beforeIso !== undefined && n.createdAt > beforeIso) || !matches(n)) continue;
      if (skipped < start) skipped++;
      else data.push(n);
    }
    return { data, hasMore: data.length === q.limit, pageSize: q.limit, page: q.page };
  }

  /** 400 for a reversed range; 402, with the live service's message, for one that starts before retention. */
  private checkRetention(q: NotificationSearch, earliestMs: number): void {
    if (q.afterMs !== undefined && q.beforeMs !== undefined && q.afterMs > q.beforeMs) {
      throw badRequest('Invalid date range: start date (after) must be earlier than end date (before)');
    }
    const limitMs = earliestMs - RETENTION_GRACE_MS;
    if ((q.afterMs !== undefined && q.afterMs < limitMs) || (q.beforeMs !== undefined && q.beforeMs < limitMs)) {
      throw paymentRequired(
        "Requested date range exceeds your plan's retention period. " +
          `The earliest accessible date for your plan is ${iso(earliestMs).slice(0, 10)}. ` +
          'Please upgrade your plan to access older activities.',
      );
    }
  }

  /** The list's filters other than dates: each given one must match, any of its values. */
  private notificationFilter(q: NotificationSearch): (n: Notification) => boolean {
    const subscriberIds = new Set(q.subscriberIds);
    const channels = new Set(q.channels);
    const templates = new Set(q.templates);
    const emails = new Set(q.emails.map((e) => e.toLowerCase()));
    const severity = new Set(q.severity);
    const transactionIds = new Set(q.transactionIds);
    return (n) =>
      // Both the external subscriberId and the internal _id identify a subscriber here.
      (subscriberIds.size === 0 || subscriberIds.has(n.subscriber.subscriberId) || subscriberIds.has(n._subscriberId)) &&
      (channels.size === 0 || n.channels.some((c) => channels.has(c))) &&
      (templates.size === 0 || templates.has(n._templateId)) &&
      (emails.size === 0 || emails.has((n.subscriber.email ?? '').toLowerCase())) &&
      (severity.size === 0 || severity.has(n.severity)) &&
      (transactionIds.size === 0 || transactionIds.has(n.transactionId)) &&
      (q.topicKey === undefined || (n.topics ?? []).some((t) => t.topicKey === q.topicKey));
  }

  isChannel(value: string): value is Channel {
    return (CHANNELS as readonly string[]).includes(value);
  }
}

/** The detail of a job that completes (contract §8.6): a channel step's message was sent, in-app's created. */
function completedDetail(job: Notification['jobs'][number]): string {
  switch (job.type) {
    case 'delay':
      return 'Delay completed';
    case 'digest':
      return 'Digest completed';
    case 'in_app':
      return 'In-app message created';
    case 'email':
    case 'sms':
    case 'push':
    case 'chat':
      return 'Message sent';
    default:
      return 'Step completed';
  }
}

/** A job's next execution detail, at `now`, as the service's workers write it. */
function appendDetail(job: Notification['jobs'][number], now: string, tag: string, d: DetailSpec, { withProvider = true } = {}): void {
  job.executionDetails.push({
    _id: objectId(Date.parse(now), tag, job.executionDetails.length + 1),
    createdAt: now,
    status: d.status,
    detail: d.detail,
    isRetry: d.isRetry ?? false,
    isTest: false,
    ...(withProvider && job.providerId ? { providerId: job.providerId } : {}),
    raw: d.raw ?? null,
    source: d.source ?? 'Internal',
  });
}

function bounced(email: string): JobSpec {
  return {
    type: 'email',
    status: 'failed',
    providerId: 'sendgrid',
    details: [
      { status: 'Pending', detail: 'Start sending message' },
      { status: 'Failed', detail: 'Unexpected provider error', source: 'Internal', raw: JSON.stringify({ statusCode: 550, message: `The email account that you tried to reach does not exist: ${email}` }) },
    ],
  };
}

const PUSH_PROVIDERS = ['fcm', 'apns', 'expo', 'one-signal', 'onesignal', 'pushpad', 'pusher-beams', 'push-webhook'];
const CHAT_PROVIDERS = ['slack', 'discord', 'msteams', 'mattermost', 'ryver', 'zulip', 'grafana-on-call', 'getstream', 'rocket-chat', 'whatsapp-business', 'chat-webhook'];

/**
 * Push and chat go through the subscriber's own providers: an active integration of one of them in
 * the Development environment (the key's) must send, whatever else is active (contract §8.3, §8.6).
 */
function sendsHere(channel: 'push' | 'chat', subscriber: Subscriber, integrations: Integrations): boolean {
  const providers = channel === 'push' ? PUSH_PROVIDERS : CHAT_PROVIDERS;
  const active = integrations.activeHere(channel);
  return (subscriber.channels ?? [])
    .filter((c) => providers.includes(c.providerId))
    .some((c) => active.some((i) => (c.integrationIdentifier ? i.identifier === c.integrationIdentifier : i.providerId === c.providerId)));
}

function noActiveIntegration(channel: Channel): JobSpec {
  return { type: channel, status: 'failed', details: [{ status: 'Pending', detail: 'Start sending message' }, { status: 'Failed', detail: 'Subscriber does not have an active integration', source: 'Internal' }] };
}

/**
 * Why a channel step is skipped before it is sent, as current servers say it (contract §8.6):
 * outside the subscriber's schedule (not in-app, not critical: the caller passes no schedule then),
 * no phone for SMS, no push device token, no chat webhook. Undefined: it goes on.
 */
function channelSkip(channel: string, subscriber: Subscriber, schedule: Schedule | undefined, nowMs: number): DetailSpec | undefined {
  if (channel !== 'in_app' && schedule?.isEnabled && !scheduleOpen(schedule, subscriber.timezone, nowMs)) {
    return { status: 'Success', detail: "The step was skipped as it fell outside the subscriber's schedule", source: 'Internal' };
  }
  if (channel === 'sms' && !subscriber.phone) return { status: 'Failed', detail: 'Subscriber missing phone number', source: 'Payload' };
  const entries = subscriber.channels ?? [];
  if (channel === 'push') {
    const push = entries.filter((c) => PUSH_PROVIDERS.includes(c.providerId));
    if (push.length === 0) return { status: 'Warning', detail: 'Subscriber does not have a configured channel', source: 'Payload' };
    const tokens = push.some((c) => Array.isArray((c.credentials as { deviceTokens?: unknown } | undefined)?.deviceTokens) && ((c.credentials as { deviceTokens: unknown[] }).deviceTokens.length > 0));
    if (!tokens) return { status: 'Failed', detail: 'Subscriber credentials is missing the tokens for sending a push notification message', source: 'Payload' };
  }
  if (channel === 'chat' && !entries.some((c) => CHAT_PROVIDERS.includes(c.providerId) && typeof (c.credentials as { webhookUrl?: unknown } | undefined)?.webhookUrl === 'string')) {
    return { status: 'Warning', detail: 'Subscriber does not have a configured channel', source: 'Payload' };
  }
  return undefined;
}

/** Whether the weekly schedule is open at `nowMs`, read in the subscriber's zone (UTC when none). */
function scheduleOpen(schedule: Schedule, timezone: string | null | undefined, nowMs: number): boolean {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', { timeZone: timezone || 'UTC', weekday: 'long', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(new Date(nowMs));
  } catch {
    return true;
  }
  const day = (parts.find((p) => p.type === 'weekday')?.value ?? '').toLowerCase() as keyof NonNullable<Schedule['weeklySchedule']>;
  const minutes = (Number(parts.find((p) => p.type === 'hour')?.value) % 24) * 60 + Number(parts.find((p) => p.type === 'minute')?.value);
  const entry = schedule.weeklySchedule?.[day];
  if (!entry?.isEnabled) return false;
  const minutesOf = (t: string): number => {
    const m = /^(\d{1,2}):(\d{2})\s?(AM|PM)$/i.exec(t.trim());
    return m ? ((Number(m[1]) % 12) + (m[3]!.toUpperCase() === 'PM' ? 12 : 0)) * 60 + Number(m[2]) : -1;
  };
  return (entry.hours ?? []).some((h) => minutes >= minutesOf(h.start) && minutes < (minutesOf(h.end) <= minutesOf(h.start) ? 24 * 60 : minutesOf(h.end)));
}

/** No email address: the step ends canceled on current servers (contract §8.6). */
function bridgeFailed(channel: Channel, problems: string[]): JobSpec {
  return {
    type: channel,
    status: 'failed',
    details: [
      { status: 'Pending', detail: 'Start sending message' },
      { status: 'Failed', detail: 'Bridge execution failed', source: 'Internal', raw: JSON.stringify({ message: 'Workflow payload validation failed', code: 'WorkflowPayloadInvalidError', data: problems }) },
    ],
  };
}

/**
 * What a framework bridge says of a payload against its schema, at the top level only (the
 * sandbox's stand-in for the bridge's own validation): missing required keys and wrong basic
 * types. Undefined when it passes.
 */
function payloadProblems(payload: JsonObject, schema: Record<string, unknown>): string[] | undefined {
  const problems: string[] = [];
  const required = Array.isArray(schema['required']) ? schema['required'].filter((k): k is string => typeof k === 'string') : [];
  for (const key of required) if (payload[key] === undefined) problems.push(`/${key}: must have required property '${key}'`);
  const properties = (schema['properties'] ?? {}) as Record<string, { type?: unknown }>;
  for (const [key, value] of Object.entries(payload)) {
    const type = properties[key]?.type;
    if (typeof type !== 'string' || value === undefined || value === null) continue;
    const actual = Array.isArray(value) ? 'array' : typeof value === 'number' && type === 'integer' && Number.isInteger(value) ? 'integer' : typeof value;
    if (actual !== type && !(type === 'number' && actual === 'integer')) problems.push(`/${key}: must be ${type}`);
  }
  return problems.length > 0 ? problems : undefined;
}

function noEmail(): JobSpec {
  return { type: 'email', status: 'canceled', details: [{ status: 'Failed', detail: 'Subscriber missing email address', source: 'Payload' }] };
}
