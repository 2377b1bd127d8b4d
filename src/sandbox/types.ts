// Wire shapes of the records the sandbox serves. They mirror the service's responses (field names,
// optional-versus-null habits) so that clients tested against the sandbox meet what production sends.

/** A request's query parameters as sent; a repeated key becomes a list. */
export type Query = Record<string, string | string[]>;

export const CHANNELS = ['in_app', 'email', 'sms', 'chat', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];

export const STEP_TYPES = [
  'in_app',
  'email',
  'sms',
  'chat',
  'push',
  'digest',
  'trigger',
  'delay',
  'throttle',
  'custom',
  'http_request',
] as const;
export type StepType = (typeof STEP_TYPES)[number];

export const JOB_STATUSES = [
  'pending',
  'queued',
  'running',
  'completed',
  'failed',
  'delayed',
  'canceled',
  'merged',
  'skipped',
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const WEEK_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export type Severity = 'high' | 'medium' | 'low' | 'none';
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface ChannelSettings {
  providerId: string;
  integrationIdentifier?: string;
  credentials: { webhookUrl?: string; deviceTokens?: string[]; channel?: string };
  _integrationId: string;
}

export interface Subscriber {
  _id: string;
  subscriberId: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  avatar?: string | null;
  locale?: string | null;
  timezone?: string | null;
  data?: JsonObject | null;
  channels?: ChannelSettings[];
  isOnline?: boolean;
  lastOnlineAt?: string;
  _organizationId: string;
  _environmentId: string;
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
  __v: number;
}

export interface FieldFilterPart {
  field: string;
  value: string;
  operator: string;
  on: 'subscriber' | 'payload';
}

export interface StepFilter {
  isNegated: boolean;
  type: string;
  value: 'AND' | 'OR';
  children: FieldFilterPart[];
}

export interface Integration {
  _id: string;
  _environmentId: string;
  _organizationId: string;
  name: string;
  identifier: string;
  providerId: string;
  channel?: Channel;
  kind: 'delivery' | 'agent';
  credentials: Record<string, string | boolean>;
  configurations: { inboundWebhookEnabled?: boolean };
  active: boolean;
  deleted: boolean;
  deletedAt?: string | null;
  deletedBy?: string | null;
  primary: boolean;
  priority: number;
  conditions: StepFilter[];
  createdAt: string;
  updatedAt: string;
  __v: number;
}

/** A workflow as the sandbox keeps it; the service exposes parts of it in preferences and notifications. */
export interface Workflow {
  _id: string;
  identifier: string;
  slug: string;
  name: string;
  critical: boolean;
  severity: Severity;
  origin: 'novu-cloud' | 'novu-cloud-v1' | 'external';
  tags: string[];
  /** Channel steps, in step order; the preference channels of the workflow. */
  channels: Channel[];
  /** The workflow's own default per channel (source `template`). */
  defaults: Partial<Record<Channel, boolean>>;
  /** Channels whose value the workflow forces (source `workflowOverride`). */
  forced: Partial<Record<Channel, boolean>>;
  variables: string[];
  updatedAt: string;
  /** False: a trigger answers `trigger_not_active` (contract §7). Default active. */
  active?: boolean;
  /** Payload keys the workflow's payload schema requires: a trigger without one answers 400. */
  requiredPayload?: string[];
  /**
   * The payload schema as the code declared it (a code workflow, `origin: external`): served as is
   * in §8.2, without `validatePayload`, so a payload that breaks it becomes a failed run, not a 400.
   */
  payloadSchema?: Record<string, unknown>;
  /** Invalid control values, per step type: they make the workflow's `status` ERROR (it still runs). */
  controlIssues?: Partial<Record<Channel, string>>;
  /** Saved control values per step type (`subject`, `layoutId`); none: `controlValues: {}`. */
  stepControls?: Partial<Record<Channel, Record<string, unknown>>>;
  /** Not picked for generated activity or seeded preferences: added for the workflow views, so the seeded world stays as it was. */
  quiet?: boolean;
  /**
   * Its translation group (contract §10.7): present, `isTranslationEnabled` is true and
   * `GET /v2/translations/group/workflow/{workflowId}` answers these locales; absent, false and 404.
   */
  translations?: { locales: string[]; outdatedLocales?: string[] };
}

export interface TimeRange {
  start: string;
  end: string;
}
export interface DaySchedule {
  isEnabled: boolean;
  hours?: TimeRange[];
}
export interface Schedule {
  isEnabled: boolean;
  weeklySchedule?: Partial<Record<WeekDay, DaySchedule>>;
}
export type PreferenceChannels = Partial<Record<Channel, boolean>>;

/** What a subscriber has set explicitly; everything else comes from the workflows' defaults. */
export interface StoredPreferences {
  globalChannels: PreferenceChannels;
  schedule?: Schedule;
  workflows: Map<string, { enabled?: boolean; channels: PreferenceChannels; updatedAt: string }>;
}

export interface PreferenceOverride {
  channel: Channel;
  source: 'subscriber' | 'template' | 'workflowOverride';
}

export interface WorkflowPreference {
  enabled: boolean;
  channels: PreferenceChannels;
  overrides: PreferenceOverride[];
  workflow: { slug: string; identifier: string; name: string; updatedAt?: string };
  updatedAt?: string;
}

export interface Preferences {
  global: { enabled: boolean; channels: PreferenceChannels; schedule?: Schedule };
  workflows: WorkflowPreference[];
}

export interface ExecutionDetail {
  _id: string;
  createdAt: string;
  status: 'Success' | 'Warning' | 'Failed' | 'Pending' | 'Queued' | 'ReadConfirmation';
  detail: string;
  isRetry: boolean;
  isTest: boolean;
  providerId?: string;
  raw: string | null;
  source: 'Credentials' | 'Internal' | 'Payload' | 'Webhook';
}

export interface TimedDigestConfig {
  atTime?: string;
  weekDays?: WeekDay[];
  monthDays?: number[];
  ordinal?: '1' | '2' | '3' | '4' | '5' | 'last';
  ordinalValue?: string;
  monthlyType?: 'each' | 'on';
  cronExpression?: string;
  untilDate?: string;
}

export interface DigestMetadata {
  digestKey?: string;
  amount?: number;
  unit?: 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months';
  type: 'regular' | 'backoff' | 'timed';
  events?: JsonObject[];
  backoff?: boolean;
  backoffAmount?: number;
  backoffUnit?: 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months';
  updateMode?: boolean;
  timed?: TimedDigestConfig;
}

export interface NotificationStep {
  _id: string;
  active: boolean;
  filters: StepFilter[];
  _templateId: string;
  name: string;
  _parentId: string | null;
  metadata?: JsonObject;
  controlVariables?: JsonObject;
  template?: JsonObject;
  variants?: NotificationStep[];
}

export interface NotificationJob {
  _id: string;
  type: StepType;
  status: JobStatus;
  providerId?: string;
  digest?: DigestMetadata;
  executionDetails: ExecutionDetail[];
  step: NotificationStep;
  overrides?: JsonObject;
  payload?: JsonObject;
  updatedAt: string;
  scheduleExtensionsCount?: number;
  /** Set on a `merged` job: the notification whose digest absorbed it. */
  _digestedNotificationId?: string;
  /** The run's context (`type:id`, sorted, contract §12); absent when it has none. */
  contextKeys?: string[];
}

export interface Notification {
  _id: string;
  _environmentId: string;
  _organizationId: string;
  _subscriberId: string;
  transactionId: string;
  _templateId: string;
  _digestedNotificationId?: string;
  createdAt: string;
  updatedAt: string;
  channels: StepType[];
  subscriber: {
    _id: string;
    subscriberId: string;
    firstName?: string;
    lastName?: string;
    email?: string;
    phone?: string;
  };
  template: {
    _id: string;
    name: string;
    origin: Workflow['origin'];
    triggers: { type: 'event'; identifier: string; variables: { name: string }[] }[];
  };
  jobs: NotificationJob[];
  payload: JsonObject;
  tags: string[];
  controls?: JsonObject;
  to: JsonObject;
  topics?: { _topicId: string; topicKey: string }[];
  /** The run's context (`type:id`, sorted, contract §12); absent when it has none. */
  contextKeys?: string[];
  severity: Severity;
  critical: boolean;
}

export interface Environment {
  _id: string;
  name: string;
}

/** An email layout (contract §10.3), as `GET /v2/layouts/{id}` answers it. */
export interface Layout {
  _id: string;
  layoutId: string;
  name: string;
  isDefault: boolean;
  /** `controls.values.email`: the layout's content (HTML here) and its editor. */
  body: string;
  updatedAt: string;
}
