/**
 * What the delivery diagnosis is asked (the facts, one question to the service each) and what it
 * answers (the links of the chain and the verdict). Types only: the panel, its protocol, the agent
 * and the model share them.
 */
import type { CHANNEL_TYPES, Notification, Preferences, Subscriber, Workflow, WorkflowPreference, Integration } from '../api';
import type { CauseKind } from '../format/stepCause';
import type { DescribedError } from '../ui/errors';
import type { InboxItem } from '../api/inbox';
import type { InboxSetup } from '../scan';

export type Channel = (typeof CHANNEL_TYPES)[number];

/** What one question to the service gave: still out, an answer, not there, a failure, or not asked. */
export type Fact<T> =
  | { state: 'pending' }
  | { state: 'ok'; value: T }
  | { state: 'notFound'; message: string }
  | { state: 'failed'; error: DescribedError }
  | { state: 'skipped' };

export interface ElsewhereResult {
  connectionId: string;
  connectionName: string;
  region: string;
  found: boolean;
  /** Why it could not be asked there (no key, a failure). */
  problem?: string;
}

/** Another saved connection, with the environment it was seen in (if it was). */
export interface OtherConnectionInfo {
  connectionId: string;
  connectionName: string;
  region: string;
  environmentId?: string | undefined;
}

/** The active integrations of another saved connection: which providers send there. */
export interface IntegrationsElsewhere extends OtherConnectionInfo {
  /** `providerId`s of its active integrations (any channel). */
  providerIds: string[];
  /** Why it could not be asked (no key, a failure). */
  problem?: string;
}

export interface DiagnosisInput {
  connection: { id: string; name: string; region: string; environmentId?: string | undefined };
  /** The other saved connections: they name an environment of the organization's integration list. */
  others?: readonly OtherConnectionInfo[];
  subscriberId: string;
  /** As the user named it (identifier, name or _id); absent: any workflow. */
  workflowRef?: string | undefined;
  channel?: Channel | undefined;
  sinceMs: number;
  nowMs: number;
  subscriber: Fact<Subscriber>;
  /** Only asked when the subscriber is not found here. */
  elsewhere: Fact<ElsewhereResult[]>;
  workflow: Fact<Workflow>;
  runs: Fact<readonly Notification[]>;
  preferences: Fact<{ preferences: Preferences; critical: readonly WorkflowPreference[] }>;
  integrations: Fact<readonly Integration[]>;
  /** Asked only when the subscriber's push or chat provider has no active integration here, and the list does not say where it is active. */
  integrationsElsewhere?: Fact<IntegrationsElsewhere[]>;
  /** The latest run's in-app message in the subscriber's Inbox: asked only when its in-app step completed. */
  inbox?: Fact<InboxFact>;
  /** The workspace's Inbox set-ups (code awareness), asked with the Inbox: what a session of each would not match. */
  inboxCode?: Fact<InboxCodeFact>;
  /** No run of the workflow: the recent sends of it to the topics the subscriber is subscribed to (contract §11). */
  topics?: Fact<TopicSendFact[]>;
  /** Existing subscriber IDs close to this one: looked for only when a trigger created this subscriber. */
  similar?: Fact<string[]>;
}

/** The latest run's message as the Inbox holds it (contract §13). */
export interface InboxFact {
  transactionId: string;
  /** The run's context keys: an Inbox shows the message only in a session of exactly these. */
  contextKeys: string[];
  item: InboxItem | undefined;
  /** Messages looked through; `complete`: every message was (so a missing one is not there). */
  searched: number;
  complete: boolean;
}

/** One topic the subscriber is subscribed to, and the newest send of the workflow to it in the window. */
export interface TopicSendFact {
  topicKey: string;
  send?: { notificationId: string; transactionId: string; createdAt: string };
  /** The send reached this subscriber (a run of it is theirs). */
  reached: boolean;
  /** Why it did not, in a sentence (the rule, with the values a condition read). */
  why?: string;
}

/** A set-up of the workspace: where (`src/inbox.tsx:9`) and what it is given. */
export interface InboxCodeSite {
  where: string;
  setup: InboxSetup;
}

/** The workspace's Inbox set-ups, with what the connection's environment says of a session. */
export interface InboxCodeFact {
  sites: InboxCodeSite[];
  /** The diagnosed environment's `identifier` (the application identifier), when read. */
  environmentIdentifier?: string;
  /** Its Novu in-app integration has HMAC on; undefined: not known. */
  hmac?: boolean;
}

export type LinkId = 'connection' | 'subscriber' | 'workflow' | 'runs' | 'addresses' | 'preferences' | 'integrations' | 'inbox' | 'topics';
/** ✓ fine, ✗ broken, ! a warning, ? could not be checked (with the reason), … still asking. */
export type LinkState = 'ok' | 'broken' | 'warning' | 'unknown' | 'pending';

export interface Evidence {
  label: string;
  /** The service's own value, exactly as it came (the renderer escapes it). */
  value: string;
}

export type Fix =
  | { kind: 'switchConnection'; connectionId: string; connectionName: string }
  | { kind: 'turnOn'; channel: Channel; workflowIdentifier?: string }
  | { kind: 'editSubscriber'; field: 'email' | 'phone' }
  | { kind: 'sendAgain'; notificationId: string }
  /** The latest run sent again, to another subscriber (a mistyped ID). */
  | { kind: 'sendAgainTo'; notificationId: string; subscriberId: string }
  /** The trigger calls of this workflow in the workspace's code. */
  | { kind: 'showTrigger'; workflowIdentifier: string }
  | { kind: 'openNotification'; notificationId: string }
  | { kind: 'showActivity' }
  | { kind: 'setApiKey' }
  | { kind: 'showIntegrations' }
  | { kind: 'searchElsewhere' };

/** What a link can see stop (or may stop) a delivery in the settings, or not see at all. */
export const LINK_CAUSES = [
  'keyRefused',
  'subscriberNotFound',
  'subscriberElsewhere',
  'createdByTrigger',
  'mistypedId',
  'workflowNotFound',
  'workflowInactive',
  'noChannelStep',
  'workflowError',
  'stepIntegrationIssue',
  'hasCondition',
  'noRuns',
  'noStepInRun',
  'failedNoCause',
  'canceledNoCause',
  'stillMoving',
  'scheduleClosed',
  'noPrimary',
  'providerNotActive',
  'channelsUncovered',
  'notChecked',
  'inboxArchived',
  'inboxSnoozed',
  'inboxMissing',
  'topicFiltered',
  'sent',
] as const;

/**
 * The kind of what stops a delivery, with no name of the service's in it: a step's cause from the
 * latest run (its execution details), or what a link sees. The agent says each in its own words.
 */
export type DiagnosisCause = CauseKind | (typeof LINK_CAUSES)[number];

export interface Link {
  id: LinkId;
  state: LinkState;
  title: string;
  summary: string;
  evidence: Evidence[];
  fix?: Fix;
  /** What it sees, when it is not fine. */
  cause?: DiagnosisCause;
}

export interface Verdict {
  state: LinkState;
  /** One sentence: the cause and what proves it. */
  text: string;
  fix?: Fix;
  /** True when the latest run's execution details prove it. */
  proven: boolean;
  /** The link it rests on (the agent's tool names it in its own words). */
  link?: LinkId;
  /** What stops the delivery, or stopped it in the latest run ('sent' when it went out). */
  cause?: DiagnosisCause;
  /** The latest run's cause, when that is fixed now and `cause` still stops the next run. */
  fixedCause?: CauseKind;
}

export interface Diagnosis {
  /** The subscriber ID asked about, as it was asked. */
  subscriberId: string;
  verdict: Verdict;
  links: Link[];
  /** The channel looked at: the one asked for, else the latest run's or the workflow's first. */
  channel: Channel | undefined;
  latestRun: Notification | undefined;
}
