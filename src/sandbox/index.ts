// Public entry point of the sandbox: a local HTTP implementation of the notification service's
// contract, used by tests, the demo, benchmarks and the built-in "Sandbox" connection.
import { type SandboxFaults, type SandboxRequestRecord, SandboxServer } from './server';
import { type Criticality, SandboxStore } from './store';
import type { Environment, Integration, Notification, Preferences, Subscriber, Workflow } from './types';

export { SANDBOX_FIXTURES, type SandboxFixtures } from './fixtures';
export type { SandboxFaults, SandboxRequestRecord } from './server';
export type * from './types';
export { CHANNELS, JOB_STATUSES, STEP_TYPES, WEEK_DAYS } from './types';
export type { Criticality } from './store';

export const DEFAULT_SANDBOX_API_KEY = 'sandbox-development-key';
export const DEFAULT_SUBSCRIBER_COUNT = 300;

export interface SandboxOptions {
  /** 0 or absent: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 'sandbox-development-key'. */
  apiKey?: string;
  /** PRNG seed, default 1: the same seed always gives the same data. */
  seed?: number;
  /** Default 300 (at least the handful of fixture subscribers). */
  subscriberCount?: number;
  faults?: SandboxFaults;
  /** Records served besides the seeded ones (benchmarks add a 1,000-job notification). */
  extraNotifications?: readonly Notification[];
}

/** Read access to the sandbox's stored state, for assertions. Records are live; do not mutate them. */
export interface SandboxState {
  /** Every subscriber in `_id` (creation) order. */
  readonly subscribers: readonly Subscriber[];
  subscriber(subscriberId: string): Subscriber | undefined;
  /** The preferences as GET would return them (`data` unwrapped), or undefined for an unknown subscriber. */
  preferencesOf(subscriberId: string, criticality?: Criticality): Preferences | undefined;
  readonly workflows: readonly Workflow[];
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
  close(): Promise<void>;
  /** Replaces the current faults (fields left out are switched off). */
  setFaults(faults: SandboxFaults): void;
  /** Every answered request, oldest first. */
  readonly requests: readonly SandboxRequestRecord[];
  clearRequests(): void;
  readonly state: SandboxState;
  /** Moves the notification's first unfinished job one step on; false once nothing is left to move. */
  advanceNotification(notificationId: string): boolean;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const apiKey = options.apiKey ?? DEFAULT_SANDBOX_API_KEY;
  const seed = options.seed ?? 1;
  const store = new SandboxStore(seed, options.subscriberCount ?? DEFAULT_SUBSCRIBER_COUNT, options.extraNotifications);
  const server = new SandboxServer({ store, apiKey, seed, faults: options.faults ?? {} });
  const url = await server.listen(options.port ?? 0, options.host ?? '127.0.0.1');
  const state: SandboxState = {
    get subscribers() {
      return store.subscribers;
    },
    subscriber: (id) => store.subscriber(id),
    preferencesOf: (id, criticality) => store.preferencesOf(id, criticality),
    workflows: store.workflows,
    integrations: store.integrations,
    environments: store.environments,
    notifications: store.notifications,
    notification: (id) => store.notification(id),
  };
  return {
    url,
    apiKey,
    close: () => server.close(),
    setFaults: (faults) => server.setFaults(faults),
    requests: server.requests,
    advanceNotification: (id) => store.advanceNotification(id),
    clearRequests: () => {
      server.requests.length = 0;
    },
    state,
  };
}
