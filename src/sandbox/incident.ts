// Issue 38's incident: a provider outage of 40 minutes that ended 15 minutes before the seed's end,
// 300 failed runs across three causes, for the "Failures by Cause" panel and its re-send. Seeded
// (its own random stream, so the rest of the seed is unchanged) and opt-in (`incident: true`, the
// demo's Sandbox and the tests of that panel); the other tests' data stays as it was.
// Runs are small on purpose (a trigger job and the one failed step, a few details each), so that
// the first Activity page stays light.
import type { JobSpec, NotificationSpec } from './notificationBuilder';
import { recipientPool } from './notificationsActivity';
import { Prng, SEED_END_MS, objectId } from './random';
import type { SandboxStore } from './store';
import type { Channel, JsonObject, Subscriber, Workflow } from './types';

const MINUTE_MS = 60_000;

/** The causes of the outage, as the failed step's last detail and the provider's message say them. */
export const INCIDENT_CAUSES = {
  /** Email at SendGrid, 403: the sender address lost its verification. */
  senderIdentity: 'The from address does not match a verified Sender Identity',
  /** SMS at Twilio, error 21211, the recipient's number in the message. */
  invalidToNumber: "The 'To' number <phone> is not a valid phone number.",
  /** Push: the FCM integration was off while the outage lasted. */
  noActiveIntegration: 'Subscriber does not have an active integration',
} as const;

/** The outage as seeded (spec times: before any shift to `activityEndsAtMs`). */
export const INCIDENT = {
  startMs: SEED_END_MS - 55 * MINUTE_MS,
  endMs: SEED_END_MS - 15 * MINUTE_MS,
  /** Later runs of the same workflow to the same subscriber that were sent, after the outage. */
  laterSentFromMs: SEED_END_MS - 14 * MINUTE_MS,
  laterSentToMs: SEED_END_MS - 6 * MINUTE_MS,
  /** Inactive now: its failed runs cannot be sent again. */
  inactiveWorkflow: 'marketing-newsletter',
  /** Requires `orderId` now; some failed runs carry the old payload (`order_id`), which it refuses. */
  refusedPayloadWorkflow: 'order-shipped',
} as const;

/** Tag in the ids of the incident's failed runs, and of the later runs that were sent. */
export const INCIDENT_FAILED_TAG = 'fa11e0';
export const INCIDENT_SENT_TAG = 'fa11e1';

interface CauseSpec {
  channel: Channel;
  /** Minutes before the seed's end: the first and the last failure of this cause. */
  fromMinutesAgo: number;
  toMinutesAgo: number;
  runs: readonly { workflow: string; count: number }[];
  /** Who it reaches: those who have the channel's address. */
  eligible(s: Subscriber): boolean;
  failure(subscriber: Subscriber, atMs: number): JobSpec;
}

const SENDER_IDENTITY_MESSAGE =
  'The from address does not match a verified Sender Identity. Mail cannot be sent until this error is resolved. Visit https://sendgrid.com/docs/for-developers/sending-email/sender-identity/ to see the Sender Identity requirements';

/** What the SendGrid client throws, as the service stores it in `raw`: the code, the answer's date, its body. */
function sendGridForbidden(atMs: number): JobSpec {
  const raw = JSON.stringify({
    code: 403,
    message: 'Forbidden',
    response: {
      headers: { server: 'nginx', date: new Date(atMs).toUTCString(), 'content-type': 'application/json' },
      body: { errors: [{ message: SENDER_IDENTITY_MESSAGE, field: 'from', help: null }] },
    },
  });
  return failedJob('email', 'sendgrid', { detail: 'Unexpected provider error', raw });
}

/** Twilio's RestException: the number as the subscriber has it, in the message. */
function twilioInvalidTo(subscriber: Subscriber): JobSpec {
  const raw = JSON.stringify({
    status: 400,
    code: 21211,
    moreInfo: 'https://www.twilio.com/docs/errors/21211',
    message: `The 'To' number ${subscriber.phone ?? ''} is not a valid phone number.`,
  });
  return failedJob('sms', 'twilio', { detail: 'Unexpected provider error', raw });
}

function failedJob(channel: Channel, providerId: string, failure: { detail: string; raw?: string }): JobSpec {
  return {
    type: channel,
    status: 'failed',
    providerId,
    details: [
      { status: 'Pending', detail: 'Start sending message' },
      { status: 'Failed', detail: failure.detail, source: 'Internal', ...(failure.raw ? { raw: failure.raw } : {}) },
    ],
  };
}

const hasPushToken = (s: Subscriber): boolean =>
  (s.channels ?? []).some((c) => c.providerId === 'fcm' && ((c.credentials as { deviceTokens?: unknown[] } | undefined)?.deviceTokens?.length ?? 0) > 0);

const CAUSES: readonly CauseSpec[] = [
  {
    channel: 'email',
    fromMinutesAgo: 55,
    toMinutesAgo: 15,
    runs: [
      { workflow: 'password-reset', count: 60 },
      { workflow: 'welcome-onboarding', count: 50 },
      { workflow: INCIDENT.inactiveWorkflow, count: 30 },
    ],
    eligible: (s) => typeof s.email === 'string' && s.email !== '',
    failure: (_s, atMs) => sendGridForbidden(atMs),
  },
  {
    channel: 'sms',
    fromMinutesAgo: 50,
    toMinutesAgo: 20,
    runs: [
      { workflow: INCIDENT.refusedPayloadWorkflow, count: 55 },
      { workflow: 'system-maintenance', count: 40 },
    ],
    eligible: (s) => typeof s.phone === 'string' && s.phone !== '',
    failure: (s) => twilioInvalidTo(s),
  },
  {
    channel: 'push',
    fromMinutesAgo: 45,
    toMinutesAgo: 25,
    runs: [
      { workflow: INCIDENT.refusedPayloadWorkflow, count: 35 },
      { workflow: 'system-maintenance', count: 30 },
    ],
    eligible: hasPushToken,
    failure: () => failedJob('push', 'fcm', { detail: INCIDENT_CAUSES.noActiveIntegration }),
  },
];

/** Recipients of one cause: the first subscribers with its address, at most this many (so some get two runs). */
const RECIPIENTS_PER_CAUSE = 120;
/** One pair (subscriber, workflow) in this many, among active workflows, got a later run that was sent. */
const LATER_SENT_EVERY = 5;

/** A payload of `workflow` for run `n`; for the refused workflow, every third run has the old form without `orderId`. */
function payloadOf(workflow: Workflow, n: number, old: boolean): JsonObject {
  if (old) return { order_id: `SO-${7000 + n}`, carrier: 'DHL' };
  return Object.fromEntries(workflow.variables.map((v) => [v, v === 'orderId' ? `SO-${7000 + n}` : `${v}-incident-${n}`]));
}

/** The incident's runs, oldest first: the failures, then the later runs that were sent. */
export function incidentSpecs(store: SandboxStore, seed: number, shiftMs: number): NotificationSpec[] {
  const rng = new Prng(seed ^ 0x1dc1d);
  const pool = recipientPool(store.subscribers.all);
  const specs: NotificationSpec[] = [];
  const pairs = new Map<string, { workflow: Workflow; subscriber: Subscriber; channel: Channel }>();
  let n = 0;
  for (const cause of CAUSES) {
    const recipients = pool.filter(cause.eligible).slice(0, RECIPIENTS_PER_CAUSE);
    if (recipients.length === 0) throw new Error(`no subscriber can receive the incident's ${cause.channel}`);
    for (const { workflow: identifier, count } of cause.runs) {
      const workflow = store.workflows.find(identifier);
      if (!workflow) throw new Error(`unknown incident workflow ${identifier}`);
      for (let k = 0; k < count; k++) {
        const createdMs = SEED_END_MS - cause.fromMinutesAgo * MINUTE_MS + rng.int(0, (cause.fromMinutesAgo - cause.toMinutesAgo) * MINUTE_MS);
        const subscriber = rng.pick(recipients);
        const old = identifier === INCIDENT.refusedPayloadWorkflow && k % 3 === 2;
        n++;
        specs.push({
          id: objectId(createdMs, INCIDENT_FAILED_TAG, n),
          createdMs,
          workflow,
          subscriber,
          transactionId: `txn-incident-${rng.hex(8)}-${n}`,
          payload: payloadOf(workflow, n, old),
          jobs: [{ type: 'trigger', status: 'completed' }, cause.failure(subscriber, createdMs + shiftMs)],
          jobSpacingMs: 40,
          detailSpacingMs: 15,
        });
        if (workflow.active !== false) pairs.set(`${subscriber.subscriberId}/${workflow._id}/${cause.channel}`, { workflow, subscriber, channel: cause.channel });
      }
    }
  }
  let p = 0;
  for (const { workflow, subscriber, channel } of pairs.values()) {
    if (p++ % LATER_SENT_EVERY !== 0) continue;
    const createdMs = INCIDENT.laterSentFromMs + rng.int(0, INCIDENT.laterSentToMs - INCIDENT.laterSentFromMs);
    n++;
    specs.push({
      id: objectId(createdMs, INCIDENT_SENT_TAG, n),
      createdMs,
      workflow,
      subscriber,
      transactionId: `txn-incident-sent-${rng.hex(8)}-${n}`,
      payload: payloadOf(workflow, n, false),
      jobs: [{ type: 'trigger', status: 'completed' }, { type: channel, status: 'completed' }],
      jobSpacingMs: 40,
      detailSpacingMs: 15,
    });
  }
  return specs;
}

/** Adds the incident's runs to the feed, each in its place. */
export function seedIncident(store: SandboxStore, seed: number): void {
  store.notifications.addSeeded((shiftMs) => incidentSpecs(store, seed, shiftMs));
}
