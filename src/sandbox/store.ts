// The sandbox's world: one resource per part of the contract, each in its own file beside its seed
// data, composed here with the clock they share and the seed's random stream. routes.ts answers
// each route by calling one of these resources.
import { CodeWorkflows } from './bridgeSync';
import { sameContextKeys } from './contextKeys';
import { Contexts } from './contexts';
import { seedContexts } from './contextsSeed';
import { Inbox } from './inbox';
import { audienceRunSpecs, extraInboxMessages, setInboxStates } from './inboxSeed';
import { Topics } from './topics';
import { seedTopics } from './topicsSeed';
import type { SyncedBridge } from './stepPreview';
import { SandboxClock } from './clock';
import { Integrations } from './integrations';
import { Layouts } from './layouts';
import { type ProductionPlan, developmentLayouts, productionIntegrations, productionLayouts, productionWorkflows } from './productionSeed';
import { SANDBOX_FIXTURES as F } from './fixtures';
import { ENVIRONMENTS, createIntegrations } from './integrationsSeed';
import { DEFAULT_ACTIVITY_COUNT, DEFAULT_RETENTION_DAYS, Notifications } from './notifications';
import { SubscriberPreferences } from './preferences';
import { Prng } from './random';
import { Subscribers } from './subscribers';
import { seedSubscribers } from './subscribersSeed';
import { Triggers } from './triggers';
import type { Environment, Notification } from './types';
import type { LastTriggered } from './workflows';
import { Workflows } from './workflows';
import { seedWorkflows } from './workflowsSeed';

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
  /** Production's data: the planned differences (default), or the same as Development's (issue 52). */
  production?: ProductionPlan;
  /** Plain layouts added to both environments after the seeded ones. Default 0. */
  extraLayouts?: number;
  /** The environment's secret key (the API key): what a sync signs the bridge's discover with (§9.2). */
  apiKey?: string;
  /** Refuse loopback, private, link-local and metadata bridge URLs, as the cloud service does (§9.5). Default false. */
  refuseLocalBridgeUrls?: boolean;
  /** The Production environment's key: what an Inbox session's HMAC is made with there (contract §13). */
  productionApiKey?: string;
  /** Features the server is started without: their routes answer Nest's bare 404 (an older service). */
  without?: readonly SandboxFeature[];
  /** Subscriptions of generated subscribers to the topic `load-test` (benchmarks). Default 0: no such topic. */
  topicSubscriptions?: number;
  /** Plain messages added to sbx-alice's Inbox (benchmarks). Default 0. */
  inboxItems?: number;
  /** The hostile-text topic, context and Inbox message (F.markupTopicKey, F.markupContextKey, F.markupInboxMessageId). */
  markupTopics?: boolean;
  /** The organization flag IS_CONTEXT_PREFERENCES_ENABLED: a topic send reaches only subscriptions in its exact context. Default false. */
  contextPreferences?: boolean;
}

/** A part of the contract the sandbox can be started without (§11 topics, §12 contexts, §13 the Inbox). */
export type SandboxFeature = 'topics' | 'contexts' | 'inbox';

/** What one environment answers to its own key: the reads of a comparison (contract §10). */
export interface EnvironmentWorld {
  environment: Environment;
  workflows: Workflows;
  layouts: Layouts;
  integrations: Integrations;
  lastTriggered?: LastTriggered;
}

export class SandboxStore {
  readonly environments: readonly Environment[] = ENVIRONMENTS;
  readonly workflows: Workflows;
  readonly integrations: Integrations;
  readonly subscribers: Subscribers;
  readonly preferences: SubscriberPreferences;
  readonly notifications: Notifications;
  readonly triggers: Triggers;
  readonly contexts: Contexts;
  readonly topics: Topics;
  readonly inbox: Inbox;
  /** Features whose routes are missing (the option `without`). */
  readonly without: ReadonlySet<SandboxFeature>;
  /** The Production environment's key, when the server has one. */
  readonly productionApiKey: string | undefined;
  /** Where the environment's code workflows are served, as the last `npx novu sync` left it (none: never synced). */
  bridge: SyncedBridge | undefined;
  /** The environment's secret key (the API key), which signs the requests a sync makes to the bridge. */
  readonly apiKey: string | undefined;
  /**
   * Refuse loopback, private-network, link-local and metadata bridge URLs in `/v1/bridge/*` with 400,
   * as the cloud service does (§9.5). False by default: a self-hosted service that allows them.
   */
  refuseLocalBridgeUrls: boolean;
  /** The code workflows' definitions as last synced (§9.5), and what a sync changes. */
  readonly codeWorkflows: CodeWorkflows;
  /** Every write of every resource takes its time from here. */
  private readonly clock: SandboxClock;
  /** Development, the sandbox key's environment: the resources above, and its layouts. */
  readonly development: EnvironmentWorld;
  /** Production, read with the second key: its own workflows, layouts and integrations (productionSeed.ts). */
  readonly production: EnvironmentWorld;

  constructor(options: SandboxStoreOptions) {
    const { seed } = options;
    this.clock = new SandboxClock(options.activityEndsAtMs);
    this.workflows = new Workflows(seedWorkflows(options));
    this.apiKey = options.apiKey;
    this.refuseLocalBridgeUrls = options.refuseLocalBridgeUrls ?? false;
    this.codeWorkflows = new CodeWorkflows(this.workflows, this.clock);
    this.integrations = new Integrations(createIntegrations());
    // One random stream seeds the subscribers (and their preferences), then the notifications: the
    // order is part of the seeded world (test/unit/sandbox/determinism.test.ts).
    const rng = new Prng(seed);
    const seeded = seedSubscribers(options.subscriberCount, rng, this.workflows.ordinary().map((w) => w._id));
    this.subscribers = new Subscribers(seeded.subscribers, this.clock);
    this.preferences = new SubscriberPreferences(seeded.preferences, this.subscribers, this.workflows, this.clock);
    this.notifications = new Notifications(
      {
        seed,
        rng,
        activityCount: options.activityCount ?? DEFAULT_ACTIVITY_COUNT,
        extraNotifications: options.extraNotifications ?? [],
        retentionDays: options.retentionDays ?? DEFAULT_RETENTION_DAYS,
      },
      this.clock,
      this.workflows,
      this.subscribers,
    );
    this.development = {
      environment: ENVIRONMENTS[0]!,
      workflows: this.workflows,
      layouts: new Layouts(developmentLayouts(options.extraLayouts ?? 0)),
      integrations: this.integrations,
      lastTriggered: (w) => this.notifications.lastTriggeredAt(w),
    };
    this.production = {
      environment: ENVIRONMENTS.find((e) => e._id === F.productionEnvironmentId)!,
      workflows: new Workflows(productionWorkflows(options.production, options.extraWorkflows ?? 0)),
      layouts: new Layouts(productionLayouts(options.production, options.extraLayouts ?? 0)),
      integrations: new Integrations(productionIntegrations(options.production ?? 'planned', this.integrations.all), F.productionEnvironmentId),
    };
    this.without = new Set(options.without ?? []);
    this.productionApiKey = options.productionApiKey;
    // Topics, contexts and the Inbox (contract §11-13): fixed seeds, nothing from the random stream.
    this.contexts = new Contexts(seedContexts(options), this.clock);
    this.topics = new Topics(seedTopics(options, this.subscribers, this.workflows), this.clock, this.subscribers, this.workflows, this.contexts, options.contextPreferences ?? false);
    this.inbox = new Inbox(this.clock, this.subscribers, this.workflows, this.notifications);
    const markupTopicId = options.markupTopics ? this.topics.topic(F.markupTopicKey)?._id : undefined;
    this.notifications.addSeeded(() => audienceRunSpecs(this.workflows, this.subscribers, options.markupTopics ?? false, markupTopicId));
    this.recordTopicSend();
    setInboxStates(this.inbox, this.clock.shiftMs);
    extraInboxMessages(this.inbox, this.workflows, options.inboxItems ?? 0, this.clock.shiftMs);
    this.triggers = new Triggers(this.clock, this.workflows, this.subscribers, this.preferences, this.integrations, this.notifications, this.topics, this.contexts);
  }

  /** The subscriptions the seeded topic runs came through (the activity's `subscriptionId` filter). */
  private recordTopicSend(): void {
    for (const n of this.notifications.all) {
      for (const t of n.topics ?? []) {
        const topic = this.topics.topic(t.topicKey);
        if (!topic || topic._id !== t._topicId) continue;
        const through = this.topics.subscriptionsOf(topic).filter((s) => s.subscriberId === n.subscriber.subscriberId && sameContextKeys(s.contextKeys, n.contextKeys));
        if (through.length > 0) this.notifications.recordSubscriptions(n._id, through.flatMap((s) => [s._id, s.identifier]));
      }
    }
  }
}
