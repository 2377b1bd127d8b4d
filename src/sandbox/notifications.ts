// Notifications (contract §5, §6): the activity feed, newest first, and how a run's jobs move on.
// The seeded ones come from notificationsSeed.ts; runs made later (a trigger's, or those the live
// mode and tests emit) join the feed through add().
import { type ActivityOutcome, activitySpec, recipientPool } from './notificationsActivity';
import type { SandboxClock } from './clock';
import { badRequest, paymentRequired } from './errors';
import { type DetailSpec, NotificationBuilder, type NotificationSpec } from './notificationBuilder';
import { seedNotifications } from './notificationsSeed';
import { DAY_MS, Prng, iso, objectId } from './random';
import { matchesContextFilter } from './contextKeys';
import type { Subscribers } from './subscribers';
import type { Notification, Workflow } from './types';
import type { Workflows } from './workflows';

/** Generated everyday notifications besides the fixtures, unless the options say otherwise. */
export const DEFAULT_ACTIVITY_COUNT = 400;
/** How long the simulated plan keeps activity, unless the options say otherwise. */
export const DEFAULT_RETENTION_DAYS = 30;
/** The live service accepts a range that starts up to an hour before its retention (for clock skew). */
const RETENTION_GRACE_MS = 60 * 60 * 1000;
/** Tag in the ids of notifications emitted at runtime. */
const EMITTED_ID_TAG = 'e3e300';

/** The next status of a job that has not settled yet, as the service's workers move it. */
const NEXT_JOB_STATUS: Partial<Record<string, 'queued' | 'running' | 'completed'>> = {
  pending: 'queued',
  queued: 'running',
  running: 'completed',
  delayed: 'completed',
};

type Job = Notification['jobs'][number];

/** A job that has not settled: it still moves on (or can be cancelled). */
export const canMoveOn = (job: Job): boolean => job.status in NEXT_JOB_STATUS;

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
  /** A topic subscription (its `_id` or identifier) that let the run through. */
  subscriptionId?: string;
  /** The run's context keys, an exact set; [] for runs without a context. */
  contextKeys?: string[];
  afterMs?: number;
  beforeMs?: number;
}

export interface NotificationPage {
  data: Notification[];
  hasMore: boolean;
  pageSize: number;
  page: number;
}

/** What `emitNotification` should produce; everything left out is chosen by the sandbox's PRNG. */
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

const feedOrder = (a: Notification, b: Notification): number => (listsBefore(a, b) ? -1 : listsBefore(b, a) ? 1 : 0);

/** The last instant whose ISO string has a four-digit year (later ones would not compare as strings). */
const LAST_ISO_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** `iso(ms)` for a bound of a range, clamped to the years 1970 to 9999. */
const isoBound = (ms: number): string => iso(Math.min(Math.max(ms, 0), LAST_ISO_MS));

/** What the feed starts with, and how long it keeps runs. */
export interface FeedOptions {
  seed: number;
  /** The seed's random stream, after the subscribers took theirs. */
  rng: Prng;
  activityCount: number;
  extraNotifications: readonly Notification[];
  retentionDays: number;
}

export class Notifications {
  /** Newest first, as the activity feed lists them. */
  private readonly feed: Notification[];
  private readonly byId: Map<string, Notification>;
  /** Builds every record of this sandbox: job and detail ids count up across all of them. */
  private readonly builder = new NotificationBuilder();
  /** Chooses what emitted notifications look like: the same seed and calls give the same records. */
  private readonly emitRng: Prng;
  private emitted = 0;
  /** Emitted notifications with jobs still to move on, oldest first. */
  private readonly unsettled = new Set<string>();
  private readonly retentionMs: number;
  /** The topic subscriptions (`_id` and identifier) that let each fanned-out run through (the list's `subscriptionId`). */
  private readonly viaSubscriptions = new Map<string, Set<string>>();
  /** Told of each run whose in-app step has completed (the Inbox puts its message there, contract §13). */
  onInAppCompleted: ((notification: Notification) => void) | undefined;

  constructor(
    options: FeedOptions,
    private readonly clock: SandboxClock,
    private readonly workflows: Workflows,
    private readonly subscribers: Subscribers,
  ) {
    this.emitRng = new Prng(options.seed ^ 0xe3e3);
    this.retentionMs = options.retentionDays * DAY_MS;
    const seeded = seedNotifications({
      rng: options.rng,
      workflows: this.workflows.all,
      subscribers: this.subscribers.all,
      builder: this.builder,
      activityCount: options.activityCount,
      shiftMs: this.clock.shiftMs,
    });
    const notifications = [...seeded, ...options.extraNotifications];
    notifications.sort(feedOrder);
    this.feed = notifications;
    this.byId = new Map(notifications.map((n) => [n._id, n]));
  }

  /** Newest first, as the activity feed lists them. */
  get all(): readonly Notification[] {
    return this.feed;
  }

  get(id: string): Notification | undefined {
    return this.byId.get(id);
  }

  /** §8.1 `lastTriggeredAt`: the newest run's time, unless it was the dashboard's test (`__source` in the payload). */
  lastTriggeredAt(workflow: Workflow): string | undefined {
    return this.feed.find((n) => n._templateId === workflow._id && !(n.payload && '__source' in n.payload))?.createdAt;
  }

  /** Builds a run made now (a trigger's or an emitted one), lists it in its place and returns it. */
  add(spec: NotificationSpec): Notification {
    const notification = this.builder.build(spec);
    this.clock.passed(Date.parse(notification.updatedAt));
    let at = 0;
    while (at < this.feed.length && listsBefore(this.feed[at]!, notification)) at++;
    this.feed.splice(at, 0, notification);
    this.byId.set(notification._id, notification);
    this.tellInApp(notification);
    return notification;
  }

  /** The topic subscriptions a fanned-out run came through, for the list's `subscriptionId` filter. */
  recordSubscriptions(notificationId: string, ids: readonly string[]): void {
    this.viaSubscriptions.set(notificationId, new Set(ids));
  }

  private tellInApp(notification: Notification): void {
    if (this.onInAppCompleted && notification.jobs.some((j) => j.type === 'in_app' && j.status === 'completed')) this.onInAppCompleted(notification);
  }

  /**
   * Seeded runs added after the feed was made (the incident): built as the seed's are (times moved
   * by the clock's shift, ids not), each listed in its place.
   */
  addSeeded(specsFor: (shiftMs: number) => readonly NotificationSpec[]): void {
    const built = specsFor(this.clock.shiftMs).map((spec) => this.builder.build(spec, this.clock.shiftMs));
    for (const n of built) this.byId.set(n._id, n);
    this.feed.push(...built);
    this.feed.sort(feedOrder);
    for (const n of built) this.tellInApp(n);
  }

  /**
   * A new run of a workflow at the clock's current time (so it lists first), with jobs per the
   * workflow's channels. Unknown workflow or subscriber: an Error.
   */
  emit(options: EmitNotificationOptions = {}): Notification {
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
    const notification = this.add({ ...spec, jobSpacingMs: 3, detailSpacingMs: 1 });
    if (notification.jobs.some(canMoveOn)) this.unsettled.add(notification._id);
    return notification;
  }

  /** Moves every emitted notification that is still unfinished one step on; returns how many moved. */
  advanceEmitted(): number {
    let moved = 0;
    for (const id of [...this.unsettled]) {
      if (this.advance(id)) moved++;
      if (!this.byId.get(id)?.jobs.some(canMoveOn)) this.unsettled.delete(id);
    }
    return moved;
  }

  /**
   * Moves the first unfinished job of a notification one step on, as the service's workers would
   * (pending → queued → running → completed; delayed → completed). Returns false once it is settled.
   */
  advance(id: string): boolean {
    const notification = this.byId.get(id);
    const job = notification?.jobs.find(canMoveOn);
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
    if (next === 'completed' && job.type === 'in_app') this.tellInApp(notification);
    return true;
  }

  /**
   * The service's activity feed: newest first (ties by `_id` descending), offset paging, `after`
   * and `before` inclusive. Like the live service, `hasMore` is "this page is full" (a full last
   * page says true and the next one is empty), a range starting before the plan's retention
   * answers 402, and without `after` the list starts where retention does.
   */
  list(q: NotificationSearch): NotificationPage {
    const earliestMs = this.clock.nowMs() - this.retentionMs;
    this.checkRetention(q, earliestMs);
    // Timestamps are ISO strings in one format, so they compare as strings; the feed is sorted by them.
    const afterIso = isoBound(q.afterMs ?? earliestMs);
    const beforeIso = q.beforeMs === undefined ? undefined : isoBound(q.beforeMs);
    const matches = this.filter(q);
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
  private filter(q: NotificationSearch): (n: Notification) => boolean {
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
      (q.topicKey === undefined || (n.topics ?? []).some((t) => t.topicKey === q.topicKey)) &&
      (q.subscriptionId === undefined || (this.viaSubscriptions.get(n._id)?.has(q.subscriptionId) ?? false)) &&
      matchesContextFilter(n.contextKeys, q.contextKeys);
  }
}

/** The detail of a job that completes (contract §8.6): a channel step's message was sent, in-app's created. */
function completedDetail(job: Job): string {
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
export function appendDetail(job: Job, now: string, tag: string, d: DetailSpec, { withProvider = true } = {}): void {
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
