// Public entry point of the sandbox: a local HTTP implementation of the notification service's
// contract, used by tests, the demo, benchmarks and the built-in "Sandbox" connection.
import { seedDiagnosisCases } from './diagnosisCases';
import { seedIncident } from './incident';
import { type LiveActivity, type LiveOptions, startLiveActivity } from './live';
import { type SandboxFaults, type SandboxRequestRecord, SandboxServer, type SandboxTraffic } from './server';
import type { Criticality } from './preferences';
import { DEFAULT_ACTIVITY_COUNT, DEFAULT_RETENTION_DAYS, type EmitNotificationOptions } from './notifications';
import { SandboxStore } from './store';
import type { Environment, Integration, Notification, Preferences, Subscriber, Workflow } from './types';

export { SANDBOX_FIXTURES, type SandboxFixtures } from './fixtures';
export { DIAGNOSIS_CASES } from './diagnosisCases';
export { INCIDENT, INCIDENT_CAUSES, INCIDENT_FAILED_TAG, INCIDENT_SENT_TAG } from './incident';
export { INVALID_PHONE_PREFIX } from './triggers';
export type { SandboxFaults, SandboxRequestRecord, SandboxTraffic } from './server';
export type * from './types';
export { CHANNELS, JOB_STATUSES, STEP_TYPES, WEEK_DAYS } from './types';
export type { Criticality } from './preferences';
export type { EmitNotificationOptions } from './notifications';
export type { LiveOptions } from './live';
export { DEFAULT_LIVE_FAILURE_RATE } from './live';
export { DEFAULT_ACTIVITY_COUNT, DEFAULT_RETENTION_DAYS };

export const DEFAULT_SANDBOX_API_KEY = 'sandbox-development-key';
/** The key of the Sandbox's Production environment (issue 52): its workflows, layouts and integrations. */
export const DEFAULT_SANDBOX_PRODUCTION_API_KEY = 'sandbox-production-key';
export const DEFAULT_SUBSCRIBER_COUNT = 300;

export interface SandboxOptions {
  /** 0 or absent: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 'sandbox-development-key'. */
  apiKey?: string;
  /**
   * The key that selects the Production environment, default 'sandbox-production-key'. It answers
   * the reads of a comparison (contract §10: environments, workflows, layouts, integrations) with
   * Production's own data (productionSeed.ts); other routes refuse it with 403.
   */
  productionApiKey?: string;
  /**
   * The bridge URL the environment was synced with (`npx novu sync`): the service's step preview
   * renders its code workflows there, signed with `apiKey` (the demo's framework app).
   */
  bridgeUrl?: string;
  /**
   * Refuse loopback, private-network, link-local and metadata bridge URLs in `POST /v1/bridge/diff`,
   * `/validate` and `/sync` (400 `Bridge URL must be a public address`), as the cloud service does.
   * Default false: like a self-hosted service with an allow-list, the sandbox accepts them.
   */
  refuseLocalBridgeUrls?: boolean;
  /** PRNG seed, default 1: the same seed always gives the same data. */
  seed?: number;
  /** Default 300 (at least the handful of fixture subscribers). */
  subscriberCount?: number;
  /** Quiet workflows added after the catalogue, for paging the Workflows view (default 0); Production gets a copy of each. */
  extraWorkflows?: number;
  /** Plain layouts added to both environments after the seeded ones, the same on both (default 0): the comparison's benchmark. */
  extraLayouts?: number;
  /**
   * Production's data (issue 52): `planned` (default), Development's with the planned differences
   * (productionSeed.ts); `same`, a copy of Development's workflows, layouts and integrations with
   * Production's own ids, so that comparing them finds nothing blocking (the CLI's exit 0).
   */
  production?: 'planned' | 'same';
  /** A quiet workflow named with markup (`SANDBOX_FIXTURES.markupWorkflowName`), for the hostile-string tests. */
  markupWorkflow?: boolean;
  faults?: SandboxFaults;
  /** Records served besides the seeded ones (benchmarks add a 1,000-job notification). Never time-shifted. */
  extraNotifications?: readonly Notification[];
  /**
   * Generated everyday notifications besides the fixtures, default 400: over the 30 days before
   * the newest seeded instant, a quarter of them in its last 24 hours; mostly delivered, about 15%
   * failed with providers' real error answers, some skipped, the newest few still in progress.
   */
  activityCount?: number;
  /**
   * Absent: every timestamp is fixed (the seed ends at a fixed instant, writes tick a logical
   * clock), so runs are reproducible. Set (e.g. `Date.now()`): seeded notifications' timestamps
   * are shifted so that the newest seeded instant is this one (ids stay the same), and writes use
   * the real clock, so the feed is recent and new notifications list first.
   */
  activityEndsAtMs?: number;
  /**
   * The simulated plan's activity retention, default 30 days. A list whose `after` (or `before`)
   * lies more than an hour before "now minus retention" answers 402, as the live service does;
   * without `after`, the list starts at "now minus retention". "Now" is the real time when
   * `activityEndsAtMs` is set, else the fixed end of the seed.
   */
  retentionDays?: number;
  /**
   * Every `everyMs`: move each unfinished notification emitted earlier one step on, then emit a
   * new one (a share `failureRate`, default 0.3, failed; of the others most still pending). The
   * timer never keeps the process alive; `close()` stops it.
   */
  live?: LiveOptions;
  /**
   * Adds one subscriber per cause of a missed delivery (DIAGNOSIS_CASES), each with a run triggered
   * at start that settles within seconds: the demo's material for "Why didn't they get it?".
   */
  diagnosisCases?: boolean;
  /**
   * Adds issue 38's incident (incident.ts): a 40-minute provider outage that ended 15 minutes before
   * the seed's end, 300 failed runs across three causes, some later runs that were sent, one
   * affected workflow inactive and old payloads one refuses now. Off by default: the demo has it.
   */
  incident?: boolean;
  /**
   * Parts of the contract the server is started without, as an older or smaller service: their
   * routes answer Nest's bare 404 `{ message: 'Cannot GET /v2/topics', error: 'Not Found', statusCode: 404 }`.
   */
  without?: ('topics' | 'contexts' | 'inbox')[];
  /** Adds the topic `load-test` with this many generated subscribers' subscriptions (benchmarks; capped at the generated subscribers). Default 0: no such topic. */
  topicSubscriptions?: number;
  /** Plain messages added to sbx-alice's Inbox, half unread, older than the seeded ones (benchmarks). Default 0. */
  inboxItems?: number;
  /** Hostile text: the topic `markupTopicKey` named `markupTopicName`, the context `markupContextKey` with 64 KB of data, and the Inbox message `markupInboxMessageId`. */
  markupTopics?: boolean;
  /** The organization flag IS_CONTEXT_PREFERENCES_ENABLED: a topic send reaches only the subscriptions in exactly its context, and new subscriptions keep their context. Default false. */
  contextPreferences?: boolean;
}

/** Read access to the sandbox's stored state, for assertions. Records are live; do not mutate them. */
export interface SandboxState {
  /** Every subscriber in `_id` (creation) order. */
  readonly subscribers: readonly Subscriber[];
  subscriber(subscriberId: string): Subscriber | undefined;
  /** The preferences as GET would return them (`data` unwrapped), or undefined for an unknown subscriber. */
  preferencesOf(subscriberId: string, criticality?: Criticality): Preferences | undefined;
  /** Live: a bridge sync (`POST /v1/bridge/sync`) creates and deletes code workflows in place. */
  readonly workflows: readonly Workflow[];
  /** The environment's synced bridge URL (`startSandbox({ bridgeUrl })` or the last sync); undefined when never synced. */
  readonly bridgeUrl: string | undefined;
  readonly integrations: readonly Integration[];
  readonly environments: readonly Environment[];
  /** Newest first. */
  readonly notifications: readonly Notification[];
  notification(id: string): Notification | undefined;
}

export interface Sandbox {
  /** Base URL, e.g. http://127.0.0.1:43121 (no trailing slash). */
  readonly url: string;
  readonly apiKey: string;
  /** The Production environment's key. */
  readonly productionApiKey: string;
  close(): Promise<void>;
  /** Replaces the current faults (fields left out are switched off). */
  setFaults(faults: SandboxFaults): void;
  /** Every answered request, oldest first. */
  readonly requests: readonly SandboxRequestRecord[];
  /** Every request's environment and times, oldest first (cleared with the requests). */
  readonly traffic: readonly SandboxTraffic[];
  clearRequests(): void;
  readonly state: SandboxState;
  /** Moves the notification's first unfinished job one step on; false once nothing is left to move. */
  advanceNotification(notificationId: string): boolean;
  /**
   * Creates a notification now (it lists first), with jobs for the workflow's channels. outcome
   * `delivered` (default): every job completed; `failed`: a channel job failed with a provider's
   * error (detail, source and raw answer); `pending`: the channel jobs not started yet (move them
   * on with `advanceNotification`). Workflow (identifier, `_id` or slug) and subscriber
   * (subscriberId) are chosen when left out; an unknown one throws. The same seed and the same
   * calls give the same records.
   */
  emitNotification(options?: EmitNotificationOptions): Notification;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const apiKey = options.apiKey ?? DEFAULT_SANDBOX_API_KEY;
  const seed = options.seed ?? 1;
  const activityCount = options.activityCount ?? DEFAULT_ACTIVITY_COUNT;
  if (!Number.isInteger(activityCount) || activityCount < 0) throw new Error(`activityCount must be a whole number >= 0, got ${activityCount}`);
  const retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
  if (!(retentionDays > 0)) throw new Error(`retentionDays must be a positive number, got ${retentionDays}`);
  const topicSubscriptions = options.topicSubscriptions ?? 0;
  if (!Number.isInteger(topicSubscriptions) || topicSubscriptions < 0) throw new Error(`topicSubscriptions must be a whole number >= 0, got ${topicSubscriptions}`);
  const inboxItems = options.inboxItems ?? 0;
  if (!Number.isInteger(inboxItems) || inboxItems < 0) throw new Error(`inboxItems must be a whole number >= 0, got ${inboxItems}`);
  const store = new SandboxStore({
    seed,
    subscriberCount: options.subscriberCount ?? DEFAULT_SUBSCRIBER_COUNT,
    extraNotifications: options.extraNotifications,
    activityCount,
    activityEndsAtMs: options.activityEndsAtMs,
    retentionDays,
    extraWorkflows: options.extraWorkflows ?? 0,
    extraLayouts: options.extraLayouts ?? 0,
    ...(options.production ? { production: options.production } : {}),
    markupWorkflow: options.markupWorkflow ?? false,
    apiKey,
    refuseLocalBridgeUrls: options.refuseLocalBridgeUrls ?? false,
    productionApiKey: options.productionApiKey ?? DEFAULT_SANDBOX_PRODUCTION_API_KEY,
    without: options.without ?? [],
    topicSubscriptions,
    inboxItems,
    markupTopics: options.markupTopics ?? false,
    contextPreferences: options.contextPreferences ?? false,
  });
  if (options.incident) seedIncident(store, seed);
  if (options.diagnosisCases) seedDiagnosisCases(store, options.activityEndsAtMs ?? Date.now());
  if (options.bridgeUrl) store.bridge = { url: options.bridgeUrl, secretKey: apiKey };
  const productionApiKey = options.productionApiKey ?? DEFAULT_SANDBOX_PRODUCTION_API_KEY;
  if (productionApiKey === apiKey) throw new Error('productionApiKey must differ from apiKey');
  const server = new SandboxServer({ store, apiKey, productionApiKey, seed, faults: options.faults ?? {} });
  const url = await server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  let live: LiveActivity | undefined;
  try {
    live = options.live ? startLiveActivity(store.notifications, seed, options.live) : undefined;
  } catch (error) {
    await server.close();
    throw error;
  }
  const state: SandboxState = {
    get subscribers() {
      return store.subscribers.all;
    },
    subscriber: (id) => store.subscribers.get(id),
    preferencesOf: (id, criticality) => store.preferences.of(id, criticality),
    workflows: store.workflows.all,
    get bridgeUrl() {
      return store.bridge?.url;
    },
    integrations: store.integrations.all,
    environments: store.environments,
    get notifications() {
      return store.notifications.all;
    },
    notification: (id) => store.notifications.get(id),
  };
  return {
    url,
    apiKey,
    productionApiKey,
    close: () => {
      live?.stop();
      return server.close();
    },
    setFaults: (faults) => server.setFaults(faults),
    requests: server.requests,
    traffic: server.traffic,
    advanceNotification: (id) => store.notifications.advance(id),
    emitNotification: (emitOptions) => store.notifications.emit(emitOptions),
    clearRequests: () => {
      server.requests.length = 0;
      server.traffic.length = 0;
    },
    state,
  };
}
