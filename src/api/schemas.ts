/**
 * zod schemas for every resource the client reads. They are tolerant on purpose, the way a client
 * that outlives several server releases must be: unknown fields are kept (loose objects), optional
 * fields may be absent or null, enumerated strings accept values this client does not know yet,
 * and timestamps stay strings.
 */
import * as z from 'zod/mini';

/** A string field whose known values are listed, but which accepts any other string too. */
function openEnum<const T extends readonly string[]>(_known: T): z.ZodMiniType<T[number] | (string & {})> {
  return z.string();
}

export * from './constants';
import { TRIGGER_STATUSES, CHANNEL_TYPES, DIGEST_TYPES, DIGEST_UNITS, EXECUTION_SOURCES, EXECUTION_STATUSES, JOB_STATUSES, OVERRIDE_SOURCES, RESOURCE_ORIGINS, SEVERITIES, STEP_TYPES, WEEK_DAYS, WORKFLOW_STATUSES } from './constants';

export type ChannelType = (typeof CHANNEL_TYPES)[number];
export type WeekDay = (typeof WEEK_DAYS)[number];

const jsonObject = z.record(z.string(), z.unknown());
const timestamp = z.string();

// ---- Subscribers ------------------------------------------------------------------------------

export const channelSettingsSchema = z.looseObject({
  providerId: z.string(),
  integrationIdentifier: z.nullish(z.string()),
  credentials: z.nullish(z.looseObject({})),
  _integrationId: z.nullish(z.string()),
});

export const subscriberSchema = z.looseObject({
  subscriberId: z.string(),
  _id: z.nullish(z.string()),
  _organizationId: z.nullish(z.string()),
  _environmentId: z.nullish(z.string()),
  firstName: z.nullish(z.string()),
  lastName: z.nullish(z.string()),
  email: z.nullish(z.string()),
  phone: z.nullish(z.string()),
  avatar: z.nullish(z.string()),
  locale: z.nullish(z.string()),
  timezone: z.nullish(z.string()),
  data: z.nullish(jsonObject),
  channels: z.nullish(z.array(channelSettingsSchema)),
  topics: z.nullish(z.array(z.string())),
  isOnline: z.nullish(z.boolean()),
  lastOnlineAt: z.nullish(timestamp),
  deleted: z.nullish(z.boolean()),
  createdAt: z.nullish(timestamp),
  updatedAt: z.nullish(timestamp),
  __v: z.nullish(z.number()),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberPageSchema = z.looseObject({
  data: z.array(subscriberSchema),
  next: z.pipe(z.nullish(z.string()), z.transform((v) => v ?? null)),
  previous: z.pipe(z.nullish(z.string()), z.transform((v) => v ?? null)),
  totalCount: z.optional(z.number()),
  totalCountCapped: z.optional(z.boolean()),
});
export type SubscriberPage = z.infer<typeof subscriberPageSchema>;

// ---- Integrations -----------------------------------------------------------------------------

export const fieldFilterPartSchema = z.looseObject({
  field: z.nullish(z.string()),
  value: z.optional(z.unknown()),
  operator: z.nullish(z.string()),
  on: z.nullish(z.string()),
});

export const stepFilterSchema = z.looseObject({
  isNegated: z.nullish(z.boolean()),
  type: z.nullish(z.string()),
  value: z.nullish(z.string()),
  children: z.nullish(z.array(fieldFilterPartSchema)),
});
export type StepFilter = z.infer<typeof stepFilterSchema>;

export const integrationSchema = z.looseObject({
  _id: z.nullish(z.string()),
  _environmentId: z.nullish(z.string()),
  _organizationId: z.nullish(z.string()),
  name: z.nullish(z.string()),
  identifier: z.nullish(z.string()),
  providerId: z.string(),
  channel: z.nullish(openEnum(CHANNEL_TYPES)),
  kind: z.nullish(openEnum(['delivery', 'agent'] as const)),
  /** Secret values on older servers: never shown, logged or kept (see maskCredentials). */
  credentials: z.nullish(jsonObject),
  configurations: z.nullish(jsonObject),
  active: z.nullish(z.boolean()),
  deleted: z.nullish(z.boolean()),
  deletedAt: z.nullish(timestamp),
  deletedBy: z.nullish(z.string()),
  primary: z.nullish(z.boolean()),
  conditions: z.nullish(z.array(stepFilterSchema)),
});
export type Integration = z.infer<typeof integrationSchema>;
export const integrationListSchema = z.array(integrationSchema);

// ---- Preferences ------------------------------------------------------------------------------

export const preferenceChannelsSchema = z.looseObject({
  email: z.optional(z.boolean()),
  sms: z.optional(z.boolean()),
  in_app: z.optional(z.boolean()),
  chat: z.optional(z.boolean()),
  push: z.optional(z.boolean()),
});
export type PreferenceChannels = z.infer<typeof preferenceChannelsSchema>;

export const timeRangeSchema = z.looseObject({ start: z.string(), end: z.string() });
export type TimeRange = z.infer<typeof timeRangeSchema>;

export const dayScheduleSchema = z.looseObject({
  isEnabled: z.boolean(),
  hours: z.nullish(z.array(timeRangeSchema)),
});
export type DaySchedule = z.infer<typeof dayScheduleSchema>;

export const weeklyScheduleSchema = z.looseObject(
  Object.fromEntries(WEEK_DAYS.map((day) => [day, z.nullish(dayScheduleSchema)])) as Record<
    WeekDay,
    z.ZodMiniOptional<z.ZodMiniNullable<typeof dayScheduleSchema>>
  >,
);
export type WeeklySchedule = z.infer<typeof weeklyScheduleSchema>;

export const scheduleSchema = z.looseObject({
  isEnabled: z.boolean(),
  weeklySchedule: z.nullish(weeklyScheduleSchema),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const preferenceOverrideSchema = z.looseObject({
  channel: openEnum(CHANNEL_TYPES),
  source: openEnum(OVERRIDE_SOURCES),
});

export const workflowPreferenceSchema = z.looseObject({
  enabled: z.boolean(),
  channels: preferenceChannelsSchema,
  overrides: z.nullish(z.array(preferenceOverrideSchema)),
  workflow: z.looseObject({
    slug: z.nullish(z.string()),
    identifier: z.string(),
    name: z.nullish(z.string()),
    updatedAt: z.nullish(timestamp),
  }),
  updatedAt: z.nullish(timestamp),
});
export type WorkflowPreference = z.infer<typeof workflowPreferenceSchema>;

export const preferencesSchema = z.looseObject({
  global: z.looseObject({
    enabled: z.boolean(),
    channels: preferenceChannelsSchema,
    schedule: z.nullish(scheduleSchema),
  }),
  workflows: z.array(workflowPreferenceSchema),
});
export type Preferences = z.infer<typeof preferencesSchema>;

// ---- Notifications ----------------------------------------------------------------------------

export const executionDetailSchema = z.looseObject({
  _id: z.string(),
  createdAt: z.nullish(timestamp),
  status: openEnum(EXECUTION_STATUSES),
  detail: z.nullish(z.string()),
  isRetry: z.nullish(z.boolean()),
  isTest: z.nullish(z.boolean()),
  providerId: z.nullish(z.string()),
  raw: z.nullish(z.string()),
  source: z.nullish(openEnum(EXECUTION_SOURCES)),
});
export type ExecutionDetail = z.infer<typeof executionDetailSchema>;

export const digestTimedConfigSchema = z.looseObject({
  atTime: z.nullish(z.string()),
  weekDays: z.nullish(z.array(z.string())),
  monthDays: z.nullish(z.array(z.number())),
  ordinal: z.nullish(z.string()),
  ordinalValue: z.nullish(z.string()),
  monthlyType: z.nullish(z.string()),
  cronExpression: z.nullish(z.string()),
  untilDate: z.nullish(z.string()),
});
export type DigestTimedConfig = z.infer<typeof digestTimedConfigSchema>;

export const digestMetadataSchema = z.looseObject({
  digestKey: z.nullish(z.string()),
  amount: z.nullish(z.number()),
  unit: z.nullish(openEnum(DIGEST_UNITS)),
  type: z.nullish(openEnum(DIGEST_TYPES)),
  events: z.nullish(z.array(z.unknown())),
  backoff: z.nullish(z.boolean()),
  backoffAmount: z.nullish(z.number()),
  backoffUnit: z.nullish(openEnum(DIGEST_UNITS)),
  updateMode: z.nullish(z.boolean()),
  timed: z.nullish(digestTimedConfigSchema),
});
export type DigestMetadata = z.infer<typeof digestMetadataSchema>;

export interface NotificationStep {
  _id?: string | null;
  active?: boolean | null;
  name?: string | null;
  _templateId?: string | null;
  _parentId?: string | null;
  filters?: StepFilter[] | null;
  template?: Record<string, unknown> | null;
  variants?: NotificationStep[] | null;
  replyCallback?: Record<string, unknown> | null;
  controlVariables?: Record<string, unknown> | null;
  metadata?: Record<string, unknown> | null;
  issues?: Record<string, unknown> | null;
  [key: string]: unknown;
}

export const notificationStepSchema: z.ZodMiniType<NotificationStep> = z.looseObject({
  _id: z.nullish(z.string()),
  active: z.nullish(z.boolean()),
  name: z.nullish(z.string()),
  _templateId: z.nullish(z.string()),
  _parentId: z.nullish(z.string()),
  filters: z.nullish(z.array(stepFilterSchema)),
  template: z.nullish(jsonObject),
  get variants() {
    return z.nullish(z.array(notificationStepSchema));
  },
  replyCallback: z.nullish(jsonObject),
  controlVariables: z.nullish(jsonObject),
  metadata: z.nullish(jsonObject),
  issues: z.nullish(jsonObject),
});

export const jobSchema = z.looseObject({
  _id: z.string(),
  type: z.nullish(openEnum(STEP_TYPES)),
  status: openEnum(JOB_STATUSES),
  digest: z.nullish(digestMetadataSchema),
  executionDetails: z.nullish(z.array(executionDetailSchema)),
  step: z.nullish(notificationStepSchema),
  overrides: z.nullish(jsonObject),
  payload: z.nullish(jsonObject),
  providerId: z.nullish(z.string()),
  createdAt: z.nullish(timestamp),
  updatedAt: z.nullish(timestamp),
  scheduleExtensionsCount: z.nullish(z.number()),
});
export type Job = z.infer<typeof jobSchema>;

export const notificationSchema = z.looseObject({
  _id: z.string(),
  _environmentId: z.nullish(z.string()),
  _organizationId: z.nullish(z.string()),
  _subscriberId: z.nullish(z.string()),
  transactionId: z.nullish(z.string()),
  _templateId: z.nullish(z.string()),
  _digestedNotificationId: z.nullish(z.string()),
  createdAt: z.nullish(timestamp),
  updatedAt: z.nullish(timestamp),
  channels: z.nullish(z.array(z.string())),
  subscriber: z.nullish(
    z.looseObject({
      _id: z.nullish(z.string()),
      subscriberId: z.nullish(z.string()),
      firstName: z.nullish(z.string()),
      lastName: z.nullish(z.string()),
      email: z.nullish(z.string()),
      phone: z.nullish(z.string()),
    }),
  ),
  template: z.nullish(
    z.looseObject({
      _id: z.nullish(z.string()),
      name: z.nullish(z.string()),
      origin: z.nullish(openEnum(RESOURCE_ORIGINS)),
      triggers: z.nullish(z.array(z.looseObject({ identifier: z.nullish(z.string()), type: z.nullish(z.string()) }))),
    }),
  ),
  jobs: z.nullish(z.array(jobSchema)),
  payload: z.nullish(jsonObject),
  tags: z.nullish(z.array(z.string())),
  controls: z.nullish(jsonObject),
  to: z.nullish(jsonObject),
  topics: z.nullish(z.array(z.looseObject({ _topicId: z.nullish(z.string()), topicKey: z.nullish(z.string()) }))),
  severity: z.nullish(openEnum(SEVERITIES)),
  critical: z.nullish(z.boolean()),
  contextKeys: z.nullish(z.array(z.string())),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.looseObject({
  data: z.array(notificationSchema),
  hasMore: z.pipe(z.nullish(z.boolean()), z.transform((v) => v ?? false)),
  pageSize: z.nullish(z.number()),
  page: z.nullish(z.number()),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;
/** The same page with its items not yet checked, and a notification with its jobs not yet checked (the client checks them a slice at a time). */
export const notificationPageEnvelopeSchema = z.looseObject({ ...notificationPageSchema.shape, data: z.array(z.unknown()) });
export const notificationHeadSchema = z.looseObject({ ...notificationSchema.shape, jobs: z.nullish(z.array(z.unknown())) });

// ---- Workflows (contract §8.1, §8.2) ---------------------------------------------------------

/** A workflow's channel preferences: `{ all: { enabled, readOnly }, channels: { <channel>: { enabled } } }`. */
export const workflowPreferenceSetSchema = z.looseObject({
  all: z.nullish(z.looseObject({ enabled: z.nullish(z.boolean()), readOnly: z.nullish(z.boolean()) })),
  channels: z.nullish(z.record(z.string(), z.looseObject({ enabled: z.nullish(z.boolean()) }))),
});

export const workflowStepSchema = z.looseObject({
  _id: z.nullish(z.string()),
  stepId: z.nullish(z.string()),
  name: z.nullish(z.string()),
  slug: z.nullish(z.string()),
  type: z.nullish(z.string()),
  origin: z.nullish(z.string()),
  /** Saved control values; `skip` holds the step's conditions (JSONLogic). */
  controlValues: z.nullish(z.unknown()),
  /** `issues.integration.<type>[]` predicts "no active integration"; `issues.controls` invalid controls. */
  issues: z.nullish(z.unknown()),
});
export type WorkflowStep = z.infer<typeof workflowStepSchema>;

/** An item of `GET /v2/workflows`: no `active`, `payloadSchema` or `preferences` (read one for those). */
export const workflowListItemSchema = z.looseObject({
  _id: z.string(),
  workflowId: z.nullish(z.string()),
  slug: z.nullish(z.string()),
  name: z.nullish(z.string()),
  tags: z.nullish(z.array(z.string())),
  status: z.nullish(openEnum(WORKFLOW_STATUSES)),
  origin: z.nullish(openEnum(RESOURCE_ORIGINS)),
  steps: z.nullish(z.array(workflowStepSchema)),
  lastTriggeredAt: z.nullish(timestamp),
  createdAt: z.nullish(timestamp),
  updatedAt: z.nullish(timestamp),
});
export type WorkflowListItem = z.infer<typeof workflowListItemSchema>;

export const workflowListSchema = z.looseObject({
  workflows: z.array(workflowListItemSchema),
  totalCount: z.nullish(z.number()),
});
export type WorkflowList = z.infer<typeof workflowListSchema>;

/** `GET /v2/workflows/{workflowId}`: the whole workflow. */
export const workflowSchema = z.looseObject({
  ...workflowListItemSchema.def.shape,
  description: z.nullish(z.string()),
  active: z.nullish(z.boolean()),
  validatePayload: z.nullish(z.boolean()),
  payloadSchema: z.nullish(z.unknown()),
  severity: z.nullish(openEnum(SEVERITIES)),
  preferences: z.nullish(z.looseObject({ user: z.nullish(workflowPreferenceSetSchema), default: z.nullish(workflowPreferenceSetSchema) })),
});
export type Workflow = z.infer<typeof workflowSchema>;

// ---- Trigger and cancel (contract §7) ----------------------------------------------------------

/** The trigger's answer: only `processed` started a run; the other statuses say why not, in a 201. */
export const triggerResultSchema = z.looseObject({
  acknowledged: z.nullish(z.boolean()),
  status: openEnum(TRIGGER_STATUSES),
  error: z.nullish(z.union([z.array(z.string()), z.string()])),
  transactionId: z.nullish(z.string()),
});
export type TriggerResult = z.infer<typeof triggerResultSchema>;

/**
 * The bulk trigger's answer (contract §8.4): one result per event, in the order the events were
 * sent; a failing event fails neither the others nor the request.
 */
export const bulkTriggerResultSchema = z.array(z.looseObject({ ...triggerResultSchema.shape, activityFeedLink: z.nullish(z.string()) }));

/** Cancel's answer: true when something pending was cancelled, false when nothing was left. */
export const cancelResultSchema = z.boolean();
