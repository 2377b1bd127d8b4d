// Everyday activity: the generated traffic of the seed and the notifications emitted at runtime.
// Mostly deliveries; some fail with the errors real providers send, some skip a channel, and among
// the newest a few are still on their way.
import { SANDBOX_FIXTURES as F } from './fixtures';
import { type DetailSpec, HOUR_MS, type JobSpec, type NotificationSpec, regularDigest } from './notificationBuilder';
import { DAY_MS, type Prng, SEED_END_MS, objectId } from './random';
import type { Channel, ExecutionDetail, JobStatus, JsonObject, Notification, Severity, Subscriber, Workflow } from './types';
import { isOrdinary } from './workflows';

/** How a generated notification ended up (or how far it got). */
export type ActivityOutcome = 'completed' | 'failed' | 'skipped' | 'pending' | 'queued' | 'running' | 'delayed';

/** Generated traffic goes to the first this many subscribers, as a real app's active users would. */
const RECIPIENT_POOL = 400;
/** Generated traffic spans this many days before the newest seeded instant. */
export const ACTIVITY_SPAN_DAYS = 30;
/** The newest generated notifications, by rank: these are still in progress (others settle normally). */
const IN_PROGRESS_BY_RANK: readonly (ActivityOutcome | undefined)[] = ['running', 'pending', undefined, 'queued', 'delayed'];
const SEVERITIES: readonly Severity[] = ['high', 'medium', 'low', 'none'];
/** The topics generated traffic is sometimes sent to. */
const TOPIC_KEYS = ['project-apollo', 'project-zephyr', F.failedTopicKey] as const;
/** `_topicId` of each topic that seeded notifications were sent to (the fixtures' too). */
export const TOPIC_IDS: Readonly<Record<string, string>> = {
  [F.failedTopicKey]: '6615c0ffee0000000070a001',
  'project-apollo': '6615c0ffee0000000070a002',
  'project-zephyr': '6615c0ffee0000000070a003',
};

interface ProviderError {
  providerId: string;
  source: ExecutionDetail['source'];
  detail: string;
  /** The provider's answer as the service stores it: JSON text. */
  raw(rng: Prng): string;
}

const phone = (rng: Prng): string => `+1555${rng.int(1000000, 9999999)}`;
const twilio = (code: number, message: string, status: number): string =>
  JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
const fcm = (code: number, status: string, message: string, errorCode?: string): string =>
  JSON.stringify({
    error: {
      code,
      message,
      status,
      ...(errorCode ? { details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] } : {}),
    },
  });

/** What real providers answer when a send fails, per channel. */
const PROVIDER_ERRORS: Record<Channel, readonly ProviderError[]> = {
  email: [
    {
      providerId: 'sendgrid',
      source: 'Credentials',
      detail: 'SendGrid rejected the API key (401 Unauthorized)',
      raw: () => JSON.stringify({ errors: [{ message: 'The provided authorization grant is invalid, expired, or revoked', field: null, help: null }] }),
    },
    {
      providerId: 'sendgrid',
      source: 'Payload',
      detail: 'SendGrid rejected the recipient address (400 Bad Request)',
      raw: () =>
        JSON.stringify({
          errors: [
            {
              message: 'Does not contain a valid address.',
              field: 'personalizations.0.to.0.email',
              help: 'http://sendgrid.com/docs/API_Reference/Web_API_v3/Mail/errors.html#message.personalizations.to',
            },
          ],
        }),
    },
    {
      providerId: 'mailgun',
      source: 'Credentials',
      detail: 'Mailgun refused to send from the domain (403 Forbidden)',
      raw: () =>
        JSON.stringify({
          message:
            'Domain mg.sandbox.example is not allowed to send: Free accounts are for test purposes only. Please upgrade or add the address to authorized recipients in Account Settings.',
        }),
    },
  ],
  sms: [
    {
      providerId: 'twilio',
      source: 'Payload',
      detail: "Twilio error 21211: the 'To' number is not a valid phone number",
      raw: (rng) => twilio(21211, `The 'To' number ${phone(rng)} is not a valid phone number.`, 400),
    },
    {
      providerId: 'twilio',
      source: 'Payload',
      detail: 'Twilio error 21610: the recipient replied STOP and is unsubscribed',
      raw: () => twilio(21610, 'Attempt to send to unsubscribed recipient', 400),
    },
    {
      providerId: 'twilio',
      source: 'Credentials',
      detail: 'Twilio error 20003: authentication failed (check the Account SID and Auth Token)',
      raw: () => twilio(20003, 'Authenticate', 401),
    },
    {
      providerId: 'twilio',
      source: 'Internal',
      detail: 'Could not reach the provider: connection timed out',
      raw: () => JSON.stringify({ code: 'ETIMEDOUT', errno: -110, syscall: 'connect', address: '54.172.60.1', port: 443, message: 'connect ETIMEDOUT 54.172.60.1:443' }),
    },
  ],
  push: [
    {
      providerId: 'fcm',
      source: 'Payload',
      detail: 'FCM: the device token is no longer registered (UNREGISTERED)',
      raw: () => fcm(404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED'),
    },
    {
      providerId: 'fcm',
      source: 'Payload',
      detail: 'FCM: the device token is not a valid registration token (INVALID_ARGUMENT)',
      raw: () => fcm(400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', 'INVALID_ARGUMENT'),
    },
    {
      providerId: 'fcm',
      source: 'Credentials',
      detail: 'FCM rejected the service account credentials (401 UNAUTHENTICATED)',
      raw: () =>
        fcm(
          401,
          'UNAUTHENTICATED',
          'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          'THIRD_PARTY_AUTH_ERROR',
        ),
    },
  ],
  chat: [
    {
      providerId: 'slack',
      source: 'Payload',
      detail: 'Slack: channel_not_found (the channel was deleted or the app is not in it)',
      raw: () => JSON.stringify({ ok: false, error: 'channel_not_found' }),
    },
    {
      providerId: 'slack',
      source: 'Credentials',
      detail: 'Slack: invalid_auth (the webhook or token was revoked)',
      raw: () => JSON.stringify({ ok: false, error: 'invalid_auth', warning: 'missing_charset', response_metadata: { warnings: ['missing_charset'] } }),
    },
  ],
  in_app: [
    {
      providerId: 'novu',
      source: 'Internal',
      detail: 'In-app message could not be stored: the subscriber was deleted while the step ran',
      raw: () => JSON.stringify({ statusCode: 404, message: 'Subscriber not found', error: 'Not Found' }),
    },
  ],
};

/** A failed channel job: the provider's error, sometimes followed by a retry that failed the same way. */
export function providerFailure(channel: Channel, rng: Prng): JobSpec {
  const error = rng.pick(PROVIDER_ERRORS[channel]);
  const failed: DetailSpec = { status: 'Failed', detail: error.detail, source: error.source, raw: error.raw(rng) };
  const details: DetailSpec[] = [
    { status: 'Pending', detail: 'Step queued' },
    { status: 'Pending', detail: 'Start sending message' },
    failed,
  ];
  if (rng.chance(0.3)) details.push({ ...failed, isRetry: true });
  return { type: channel, status: 'failed', providerId: error.providerId, details };
}

/** A settled outcome: mostly completed, about 15% failed, about 7% with a skipped channel. */
function settledOutcome(rng: Prng): ActivityOutcome {
  const r = rng.next();
  return r < 0.15 ? 'failed' : r < 0.22 ? 'skipped' : 'completed';
}

/** The status of each channel job for an outcome that is still in progress. */
function unfinishedStatus(outcome: ActivityOutcome, index: number): JobStatus {
  if (outcome === 'queued' || outcome === 'running') return index === 0 ? outcome : 'pending';
  return 'pending';
}

/** The jobs of one run of `workflow`: a trigger, the digest or delay if any, one job per channel. */
export function activityJobs(workflow: Workflow, outcome: ActivityOutcome, rng: Prng): JobSpec[] {
  const jobs: JobSpec[] = [{ type: 'trigger', status: 'completed' }];
  const settled = outcome === 'completed' || outcome === 'failed' || outcome === 'skipped';
  if (workflow.identifier === F.digestWorkflowIdentifier) {
    const status: JobStatus = outcome === 'delayed' ? 'delayed' : outcome === 'pending' ? 'pending' : 'completed';
    jobs.push({ type: 'digest', status, digest: regularDigest(rng.int(1, 4)) });
  } else if (outcome === 'delayed') {
    jobs.push({ type: 'delay', status: 'delayed', digest: { type: 'regular', amount: 30, unit: 'minutes' } });
  }
  const channels = workflow.channels;
  // A failure hits a channel with an external provider when there is one.
  const external = channels.filter((c) => c !== 'in_app');
  const failing = outcome === 'failed' ? rng.pick(external.length > 0 ? external : channels) : undefined;
  const skipping = outcome === 'skipped' ? rng.pick(channels) : undefined;
  channels.forEach((channel, index) => {
    if (channel === failing) jobs.push(providerFailure(channel, rng));
    else if (channel === skipping) {
      // Current servers end a skipped channel step canceled, with the reason in its detail (§8.6).
      const detail = rng.chance(0.5) ? 'Step filtered by subscriber workflow preferences' : 'Bridge execution skipped';
      jobs.push({ type: channel, status: 'canceled', details: [{ status: 'Pending', detail: 'Step queued' }, { status: detail === 'Bridge execution skipped' ? 'Failed' : 'Success', detail, source: 'Internal', ...(detail === 'Bridge execution skipped' ? { raw: '{"skip":true}' } : {}) }] });
    } else jobs.push({ type: channel, status: settled ? 'completed' : unfinishedStatus(outcome, index) });
  });
  return jobs;
}

export interface ActivitySpecInput {
  id: string;
  createdMs: number;
  workflow: Workflow;
  subscriber: Subscriber;
  outcome: ActivityOutcome;
  transactionId: string;
  /** Makes payload values distinct. */
  index: number;
  rng: Prng;
}

/** One run of a workflow for a subscriber: payload, sometimes a topic or another severity, the jobs. */
export function activitySpec(input: ActivitySpecInput): NotificationSpec {
  const { workflow, rng } = input;
  const payload: JsonObject = {};
  for (const v of workflow.variables) payload[v] = `${v}-${input.index}`;
  const topicKey = rng.chance(0.2) ? rng.pick(TOPIC_KEYS) : undefined;
  // The workflow's severity may have been changed since: a notification keeps the one it had.
  const severity = rng.chance(0.12) ? rng.pick(SEVERITIES) : undefined;
  return {
    id: input.id,
    createdMs: input.createdMs,
    workflow,
    subscriber: input.subscriber,
    transactionId: input.transactionId,
    payload,
    jobs: activityJobs(workflow, input.outcome, rng),
    severity,
    topics: topicKey ? [{ _topicId: TOPIC_IDS[topicKey] ?? '6615c0ffee0000000070a0ff', topicKey }] : undefined,
    to: topicKey ? { type: 'Topic', topicKey } : undefined,
  };
}

/**
 * How long before the newest seeded instant the `i`-th generated notification was sent: 2% within
 * the last hour, 25% within the last day, the rest over the days before, denser toward the present.
 */
function activityAgeMs(i: number, rng: Prng): number {
  const slot = i % 100;
  if (slot < 2) return rng.int(0, HOUR_MS - 1);
  if (slot < 25) return rng.int(HOUR_MS, DAY_MS - 1);
  const u = rng.next();
  return DAY_MS + Math.floor(u * u * ((ACTIVITY_SPAN_DAYS - 1) * DAY_MS - 1));
}

/** Rank (0 = newest) of the `count` newest instants, by index; ties go to the higher index (the higher id). */
function newestRanks(times: readonly number[], count: number): Map<number, number> {
  const order = times.map((_, i) => i).sort((a, b) => (times[b] ?? 0) - (times[a] ?? 0) || b - a);
  return new Map(order.slice(0, count).map((index, rank) => [index, rank]));
}

/** The recipients of generated traffic: the first subscribers. */
export function recipientPool(subscribers: readonly Subscriber[]): readonly Subscriber[] {
  return subscribers.slice(0, Math.min(subscribers.length, RECIPIENT_POOL));
}

export interface ActivityContext {
  rng: Prng;
  workflows: readonly Workflow[];
  subscribers: readonly Subscriber[];
  count: number;
  build(spec: NotificationSpec): Notification;
}

/**
 * `count` notifications over the last 30 days before SEED_END_MS, across the ordinary workflows and
 * the first subscribers (the subscriber with markup in its names now and then).
 */
export function generateActivity(ctx: ActivityContext): Notification[] {
  const { rng } = ctx;
  const recipients = recipientPool(ctx.subscribers);
  const markup = ctx.subscribers.find((s) => s.subscriberId === F.markupSubscriberId);
  const ordinary = ctx.workflows.filter(isOrdinary);
  const times = Array.from({ length: ctx.count }, (_, i) => SEED_END_MS - activityAgeMs(i, rng));
  const newest = newestRanks(times, IN_PROGRESS_BY_RANK.length);
  const generated: Notification[] = [];
  for (let i = 0; i < ctx.count; i++) {
    const createdMs = times[i] ?? SEED_END_MS;
    const rank = newest.get(i);
    const outcome = (rank === undefined ? undefined : IN_PROGRESS_BY_RANK[rank]) ?? settledOutcome(rng);
    const workflow = rng.pick(ordinary);
    const subscriber = markup && i % 61 === 30 ? markup : rng.pick(recipients);
    const spec = activitySpec({
      id: objectId(createdMs, 'beef00', i + 1),
      createdMs,
      workflow,
      subscriber,
      outcome,
      transactionId: `txn-${rng.hex(8)}-${i}`,
      index: i,
      rng,
    });
    generated.push(ctx.build(spec));
  }
  return generated;
}
