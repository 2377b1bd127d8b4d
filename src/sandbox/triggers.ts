// Triggers (contract §7): POST /v1/events/trigger starts a run per recipient, which then moves on
// in real time as the service's workers would; DELETE cancels what a transaction still has waiting.
// A run's outcome follows from the subscriber, their preferences, the workflow and the integrations
// (the delivery rules at the end of this file), so a fix changes it.
import type { SandboxClock } from './clock';
import type { Contexts } from './contexts';
import { HttpError, PayloadValidationError } from './errors';
import { SANDBOX_FIXTURES as F } from './fixtures';
import type { Integrations } from './integrations';
import { type DetailSpec, type JobSpec, regularDigest } from './notificationBuilder';
import { type Notifications, appendDetail, canMoveOn } from './notifications';
import type { SubscriberPreferences } from './preferences';
import { objectId } from './random';
import type { Subscribers } from './subscribers';
import { fanOut } from './topicFanOut';
import type { Topics } from './topics';
import type { Channel, JsonObject, Notification, Schedule, Subscriber, Workflow } from './types';
import { type TriggerInput, parseTrigger } from './validation';
import type { Workflows } from './workflows';

/** Tag in the ids of notifications started by a trigger (contract §7). */
const TRIGGERED_ID_TAG = 'e3e301';
/** A subscriber's email at this domain bounces at the email provider, every time it is tried. */
export const BOUNCING_EMAIL_DOMAIN = 'bounce.example';
/**
 * An SMS to a number that starts so (no such area code) fails at Twilio with its error 21211, in the
 * words Twilio's API gives it ("Invalid 'To' Phone Number: …"), not the words of the incident's runs
 * ("The 'To' number … is not a valid phone number."): one code in two wordings (issue 45, A2).
 */
export const INVALID_PHONE_PREFIX = '+1000';
/** How long a triggered run's digest collects events before it sends (cancel can stop it meanwhile). */
export const TRIGGERED_DIGEST_WINDOW_MS = 20_000;
/** A triggered run moves one step on this often (real time), so it settles within a few seconds. */
export const TRIGGERED_STEP_MS = 400;

/** One run to start: the workflow for one subscriber, within a transaction. */
export interface RunInput {
  workflow: Workflow;
  subscriber: Subscriber;
  payload: JsonObject;
  overrides?: JsonObject;
  transactionId: string;
  /** The topics a fanned-out run came through (contract §11). */
  topics?: { _topicId: string; topicKey: string }[];
  /** The trigger's context keys, sorted (contract §12); none: the run has no context. */
  contextKeys?: string[];
  /** The recipient as the run records it; default `{ subscriberId }`. */
  to?: JsonObject;
}

/** What POST /v1/events/trigger answers in `data` (always with 201). */
export interface TriggerAnswer {
  acknowledged: true;
  status: string;
  /** Absent only in a bulk answer for an event that failed without one (contract §8.4). */
  transactionId?: string;
  error?: string[];
}

export class Triggers {
  private readonly usedTransactions = new Set<string>();
  private readonly plannedFailures = new Map<string, JobSpec>();
  private readonly releaseAt = new Map<string, number>();
  private readonly runTimers = new Set<NodeJS.Timeout>();
  private triggered = 0;

  constructor(
    private readonly clock: SandboxClock,
    private readonly workflows: Workflows,
    private readonly subscribers: Subscribers,
    private readonly preferences: SubscriberPreferences,
    private readonly integrations: Integrations,
    private readonly notifications: Notifications,
    private readonly topics: Topics,
    private readonly contexts: Contexts,
  ) {}

  /**
   * `POST /v1/events/trigger` (contract §7), a well-formed body: the answer's `status` says whether
   * a run started (the route answers 201 with it). A missing workflow is 422 `workflow_not_found`; a
   * payload without a variable the workflow's payload schema requires is 400 with the failing
   * fields as an array (the service's payload validation form).
   */
  accept(input: TriggerInput): TriggerAnswer {
    const workflow = this.workflows.find(input.name);
    if (!workflow) throw new HttpError(422, 'workflow_not_found');
    const transactionId = input.transactionId ?? `txn-sbx-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    const answer = (status: string, extra: { error?: string[] } = {}): TriggerAnswer => ({ acknowledged: true, status, transactionId, ...extra });
    // A transaction id seen before: ignored, as the service does (no new run).
    if (this.transactionUsed(transactionId)) return answer('processed');
    if (workflow.active === false) return answer('trigger_not_active');
    const missing = (workflow.requiredPayload ?? []).filter((key) => input.payload[key] === undefined || input.payload[key] === null || input.payload[key] === '');
    if (missing.length > 0) {
      throw new PayloadValidationError(missing.map((key) => ({ field: `payload.${key}`, message: 'is required', value: null, schemaPath: '#/required' })));
    }
    // Every recipient is checked before any is created.
    const direct = input.recipients.flatMap((r) => (r.kind === 'subscriber' ? [r] : []));
    const topics = input.recipients.flatMap((r) => (r.kind === 'topic' ? [r] : []));
    if (direct.length + topics.length < input.recipients.length) return answer('invalid_recipients');
    // Each context is found or created, the trigger's data replacing what was stored (contract §12).
    const context = input.context ? this.contexts.resolve(input.context) : { keys: [], vars: {} };
    this.usedTransactions.add(transactionId);
    const base = { workflow, payload: input.payload, ...(input.overrides ? { overrides: input.overrides } : {}), transactionId, ...(context.keys.length > 0 ? { contextKeys: context.keys } : {}) };
    const runs: Notification[] = [];
    for (const recipient of direct) {
      // Like the service, a recipient it does not know yet is created from what the trigger says.
      const subscriber = this.subscribers.get(recipient.subscriberId) ?? this.subscribers.upsert(recipient.input).subscriber;
      runs.push(this.startRun({ ...base, subscriber }));
    }
    const fanned = fanOut(this.topics, this.subscribers, {
      workflow,
      payload: input.payload,
      topics,
      direct: new Set(direct.map((r) => r.subscriberId)),
      ...(input.actor !== undefined ? { actor: input.actor } : {}),
      contextKeys: context.keys,
      contextVars: context.vars,
    });
    for (const run of fanned) {
      const notification = this.startRun({ ...base, subscriber: run.subscriber, topics: run.topics, to: { type: 'Topic', topicKey: run.topics[0]?.topicKey ?? '' } });
      this.notifications.recordSubscriptions(notification._id, run.subscriptions.flatMap((s) => [s._id, s.identifier]));
      runs.push(notification);
    }
    this.schedule(runs);
    return answer('processed');
  }

  /**
   * `POST /v1/events/trigger/bulk` (contract §8.4): one answer per event, in the order sent, each
   * event through `accept` as if triggered alone. What one trigger answers with an error status
   * (unknown workflow 422, payload refused 400, a malformed body 422) becomes that event's
   * `status: "error"`, and the other events go on. A failed event's answer carries only the
   * `transactionId` the event had.
   */
  acceptBulk(events: readonly unknown[]): TriggerAnswer[] {
    return events.map((event): TriggerAnswer => {
      try {
        return this.accept(parseTrigger(event));
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        const carried = typeof (event as { transactionId?: unknown } | null)?.transactionId === 'string' ? (event as { transactionId: string }).transactionId : undefined;
        return { acknowledged: true, status: 'error', ...(carried ? { transactionId: carried } : {}), error: [bulkError(error)] };
      }
    });
  }

  /**
   * A new run of `workflow` for `subscriber` (accept checks the transaction id first: the service
   * ignores one it has seen; the diagnosis cases call this directly). The run's outcome follows from
   * the subscriber and the workflow, so a fix changes it: a channel the subscriber's preferences
   * turn off ends canceled with the preference named (contract §8.6); email to an address at
   * BOUNCING_EMAIL_DOMAIN fails at the provider, and email to a subscriber with no email ends
   * canceled, "Subscriber missing email address"; SMS to a number starting INVALID_PHONE_PREFIX
   * fails at Twilio (21211). Jobs start pending and move on in real time.
   */
  run(input: RunInput): Notification {
    const notification = this.startRun(input);
    this.schedule([notification]);
    return notification;
  }

  /** A run made, its jobs not yet moving (`schedule` moves them). */
  private startRun(input: RunInput): Notification {
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
      } else if (channel === 'sms' && subscriber.phone?.startsWith(INVALID_PHONE_PREFIX)) {
        failures.set(jobs.length, invalidPhone(subscriber.phone));
      } else if ((channel === 'push' || channel === 'chat') && !sendsHere(channel, subscriber, this.integrations)) {
        failures.set(jobs.length, noActiveIntegration(channel));
      }
      jobs.push({ type: channel, status: 'pending', details: [{ status: 'Pending', detail: 'Step queued' }] });
    }
    const createdMs = this.clock.tickMs();
    const index = ++this.triggered;
    const notification = this.notifications.add({
      id: objectId(createdMs, TRIGGERED_ID_TAG, index),
      createdMs,
      workflow,
      subscriber,
      transactionId: input.transactionId,
      payload: input.payload,
      jobs: input.overrides ? jobs.map((j) => ({ ...j, overrides: input.overrides })) : jobs,
      to: input.to ?? { subscriberId: subscriber.subscriberId },
      topics: input.topics,
      contextKeys: input.contextKeys,
      jobSpacingMs: 3,
      detailSpacingMs: 1,
    });
    for (const [at, failure] of failures) this.plannedFailures.set(notification.jobs[at]!._id, failure);
    if (isDigest) this.releaseAt.set(notification.jobs[1]!._id, Date.now() + TRIGGERED_DIGEST_WINDOW_MS);
    return notification;
  }

  /** Moves the runs of one trigger on together, one timer for all (a topic may fan out to thousands). */
  private schedule(notifications: readonly Notification[]): void {
    if (notifications.length === 0) return;
    let moving = [...notifications];
    const timer = setInterval(() => {
      moving = moving.filter((n) => this.stepTriggered(n));
      if (moving.length === 0) {
        clearInterval(timer);
        this.runTimers.delete(timer);
      }
    }, TRIGGERED_STEP_MS);
    timer.unref();
    this.runTimers.add(timer);
  }

  /** True when a run (seeded, emitted or triggered) already carries this transaction id. */
  private transactionUsed(transactionId: string): boolean {
    return this.usedTransactions.has(transactionId) || this.notifications.all.some((n) => n.transactionId === transactionId);
  }

  /** One step of a triggered run; false once it has settled. */
  private stepTriggered(notification: Notification): boolean {
    const job = notification.jobs.find(canMoveOn);
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
    return this.notifications.advance(notification._id);
  }

  /**
   * `DELETE /v1/events/trigger/{transactionId}`: cancels what is still waiting in that transaction's
   * runs (a digest or delay not yet sent, and the steps after it). True when something was cancelled.
   */
  cancel(transactionId: string): boolean {
    let cancelled = false;
    for (const notification of this.notifications.all) {
      if (notification.transactionId !== transactionId) continue;
      const waiting = notification.jobs.findIndex((j) => (j.type === 'digest' || j.type === 'delay') && (j.status === 'delayed' || j.status === 'pending'));
      if (waiting < 0) continue;
      const now = this.clock.tick();
      for (const job of notification.jobs.slice(waiting)) {
        if (!canMoveOn(job)) continue;
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
  stop(): void {
    for (const timer of this.runTimers) clearInterval(timer);
    this.runTimers.clear();
  }
}

/** How a bulk answer words what one trigger answers with an error (contract §8.4). */
function bulkError(error: HttpError): string {
  if (error instanceof PayloadValidationError) return `Payload validation failed: ${error.entries.map((e) => `${e.field}: ${e.message}`).join('; ')}`;
  if (error.errors) return Object.values(error.errors).flatMap((e) => e.messages).join('; ');
  return error.message;
}

// --- Delivery rules: how a triggered run's channel step ends, as current servers decide it --------

/** An address at BOUNCING_EMAIL_DOMAIN: the email provider refuses it, as a real one answers. */
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

/** Twilio's RestException for a number it cannot send to (error 21211), as its API words it. */
function invalidPhone(phone: string): JobSpec {
  return {
    type: 'sms',
    status: 'failed',
    providerId: 'twilio',
    details: [
      { status: 'Pending', detail: 'Start sending message' },
      { status: 'Failed', detail: 'Unexpected provider error', source: 'Internal', raw: JSON.stringify({ status: 400, code: 21211, message: `Invalid 'To' Phone Number: ${phone}`, moreInfo: 'https://www.twilio.com/docs/errors/21211' }) },
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

/** A code workflow's bridge rejected the payload: the step fails with the bridge's answer (contract §8.2, §8.6). */
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

/** No email address: the step ends canceled on current servers (contract §8.6). */
function noEmail(): JobSpec {
  return { type: 'email', status: 'canceled', details: [{ status: 'Failed', detail: 'Subscriber missing email address', source: 'Payload' }] };
}
