/**
 * zod schemas for every resource the client reads. They are tolerant on purpose, the way a client
 * that outlives several server releases must be: unknown fields are kept (loose objects), optional
 * fields may be absent or null, enumerated strings accept values this client does not know yet,
 * and timestamps stay strings.
 */
import * as z from 'zod';

/** A string field whose known values are listed, but which accepts any other string too. */
function openEnum<const T extends readonly string[]>(_known: T): z.ZodType<T[number] | (string & {})> {
  return z.string();
}

export * from './constants';
import { CHANNEL_TYPES, DIGEST_TYPES, DIGEST_UNITS, EXECUTION_SOURCES, EXECUTION_STATUSES, JOB_STATUSES, OVERRIDE_SOURCES, RESOURCE_ORIGINS, SEVERITIES, STEP_TYPES, WEEK_DAYS } from './constants';

export type ChannelType = (typeof CHANNEL_TYPES)[number];
export type WeekDay = (typeof WEEK_DAYS)[number];

const jsonObject = z.record(z.string(), z.unknown());
const timestamp = z.string();

// ---- Subscribers ------------------------------------------------------------------------------

export const channelSettingsSchema = z.looseObject({
  providerId: z.string(),
  integrationIdentifier: z.string().nullish(),
  credentials: z.looseObject({}).nullish(),
  _integrationId: z.string().nullish(),
});

export const subscriberSchema = z.looseObject({
  subscriberId: z.string(),
  _id: z.string().nullish(),
  _organizationId: z.string().nullish(),
  _environmentId: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  avatar: z.string().nullish(),
  locale: z.string().nullish(),
  timezone: z.string().nullish(),
  data: jsonObject.nullish(),
  channels: z.array(channelSettingsSchema).nullish(),
  topics: z.array(z.string()).nullish(),
  isOnline: z.boolean().nullish(),
  lastOnlineAt: timestamp.nullish(),
  deleted: z.boolean().nullish(),
  createdAt: timestamp.nullish(),
  updatedAt: timestamp.nullish(),
  __v: z.number().nullish(),
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscriberPageSchema = z.looseObject({
  data: z.array(subscriberSchema),
  next: z.string().nullish().transform((v) => v ?? null),
  previous: z.string().nullish().transform((v) => v ?? null),
  totalCount: z.number().optional(),
  totalCountCapped: z.boolean().optional(),
});
export type SubscriberPage = z.infer<typeof subscriberPageSchema>;

// ---- Integrations -----------------------------------------------------------------------------

export const fieldFilterPartSchema = z.looseObject({
  field: z.string().nullish(),
  value: z.unknown().optional(),
  operator: z.string().nullish(),
  on: z.string().nullish(),
});

export const stepFilterSchema = z.looseObject({
  isNegated: z.boolean().nullish(),
  type: z.string().nullish(),
  value: z.string().nullish(),
  children: z.array(fieldFilterPartSchema).nullish(),
});
export type StepFilter = z.infer<typeof stepFilterSchema>;

export const integrationSchema = z.looseObject({
  _id: z.string().nullish(),
  _environmentId: z.string().nullish(),
  _organizationId: z.string().nullish(),
  name: z.string().nullish(),
  identifier: z.string().nullish(),
  providerId: z.string(),
  channel: openEnum(CHANNEL_TYPES).nullish(),
  kind: openEnum(['delivery', 'agent'] as const).nullish(),
  /** Secret values on older servers: never shown, logged or kept (see maskCredentials). */
  credentials: jsonObject.nullish(),
  configurations: jsonObject.nullish(),
  active: z.boolean().nullish(),
  deleted: z.boolean().nullish(),
  deletedAt: timestamp.nullish(),
  deletedBy: z.string().nullish(),
  primary: z.boolean().nullish(),
  conditions: z.array(stepFilterSchema).nullish(),
});
export type Integration = z.infer<typeof integrationSchema>;

// ---- Preferences ------------------------------------------------------------------------------

export const preferenceChannelsSchema = z.looseObject({
  email: z.boolean().optional(),
  sms: z.boolean().optional(),
  in_app: z.boolean().optional(),
  chat: z.boolean().optional(),
  push: z.boolean().optional(),
});
export type PreferenceChannels = z.infer<typeof preferenceChannelsSchema>;

export const timeRangeSchema = z.looseObject({ start: z.string(), end: z.string() });
export type TimeRange = z.infer<typeof timeRangeSchema>;

export const dayScheduleSchema = z.looseObject({
  isEnabled: z.boolean(),
  hours: z.array(timeRangeSchema).nullish(),
});
export type DaySchedule = z.infer<typeof dayScheduleSchema>;

export const weeklyScheduleSchema = z.looseObject(
  Object.fromEntries(WEEK_DAYS.map((day) => [day, dayScheduleSchema.nullish()])) as Record<
    WeekDay,
    z.ZodOptional<z.ZodNullable<typeof dayScheduleSchema>>
  >,
);
export type WeeklySchedule = z.infer<typeof weeklyScheduleSchema>;

export const scheduleSchema = z.looseObject({
  isEnabled: z.boolean(),
  weeklySchedule: weeklyScheduleSchema.nullish(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const preferenceOverrideSchema = z.looseObject({
  channel: openEnum(CHANNEL_TYPES),
  source: openEnum(OVERRIDE_SOURCES),
});

export const workflowPreferenceSchema = z.looseObject({
  enabled: z.boolean(),
  channels: preferenceChannelsSchema,
  overrides: z.array(preferenceOverrideSchema).nullish(),
  workflow: z.looseObject({
    slug: z.string().nullish(),
    identifier: z.string(),
    name: z.string().nullish(),
    updatedAt: timestamp.nullish(),
  }),
  updatedAt: timestamp.nullish(),
});
export type WorkflowPreference = z.infer<typeof workflowPreferenceSchema>;

export const preferencesSchema = z.looseObject({
  global: z.looseObject({
    enabled: z.boolean(),
    channels: preferenceChannelsSchema,
    schedule: scheduleSchema.nullish(),
  }),
  workflows: z.array(workflowPreferenceSchema),
});
export type Preferences = z.infer<typeof preferencesSchema>;

// ---- Notifications ----------------------------------------------------------------------------

export const executionDetailSchema = z.looseObject({
  _id: z.string(),
  createdAt: timestamp.nullish(),
  status: openEnum(EXECUTION_STATUSES),
  detail: z.string().nullish(),
  isRetry: z.boolean().nullish(),
  isTest: z.boolean().nullish(),
  providerId: z.string().nullish(),
  raw: z.string().nullish(),
  source: openEnum(EXECUTION_SOURCES).nullish(),
});
export type ExecutionDetail = z.infer<typeof executionDetailSchema>;

export const digestTimedConfigSchema = z.looseObject({
  atTime: z.string().nullish(),
  weekDays: z.array(z.string()).nullish(),
  monthDays: z.array(z.number()).nullish(),
  ordinal: z.string().nullish(),
  ordinalValue: z.string().nullish(),
  monthlyType: z.string().nullish(),
  cronExpression: z.string().nullish(),
  untilDate: z.string().nullish(),
});
export type DigestTimedConfig = z.infer<typeof digestTimedConfigSchema>;

export const digestMetadataSchema = z.looseObject({
  digestKey: z.string().nullish(),
  amount: z.number().nullish(),
  unit: openEnum(DIGEST_UNITS).nullish(),
  type: openEnum(DIGEST_TYPES).nullish(),
  events: z.array(z.unknown()).nullish(),
  backoff: z.boolean().nullish(),
  backoffAmount: z.number().nullish(),
  backoffUnit: openEnum(DIGEST_UNITS).nullish(),
  updateMode: z.boolean().nullish(),
  timed: digestTimedConfigSchema.nullish(),
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

export const notificationStepSchema: z.ZodType<NotificationStep> = z.looseObject({
  _id: z.string().nullish(),
  active: z.boolean().nullish(),
  name: z.string().nullish(),
  _templateId: z.string().nullish(),
  _parentId: z.string().nullish(),
  filters: z.array(stepFilterSchema).nullish(),
  template: jsonObject.nullish(),
  get variants() {
    return z.array(notificationStepSchema).nullish();
  },
  replyCallback: jsonObject.nullish(),
  controlVariables: jsonObject.nullish(),
  metadata: jsonObject.nullish(),
  issues: jsonObject.nullish(),
});

export const jobSchema = z.looseObject({
  _id: z.string(),
  type: openEnum(STEP_TYPES).nullish(),
  status: openEnum(JOB_STATUSES),
  digest: digestMetadataSchema.nullish(),
  executionDetails: z.array(executionDetailSchema).nullish(),
  step: notificationStepSchema.nullish(),
  overrides: jsonObject.nullish(),
  payload: jsonObject.nullish(),
  providerId: z.string().nullish(),
  createdAt: timestamp.nullish(),
  updatedAt: timestamp.nullish(),
  scheduleExtensionsCount: z.number().nullish(),
});
export type Job = z.infer<typeof jobSchema>;

export const notificationSchema = z.looseObject({
  _id: z.string(),
  _environmentId: z.string().nullish(),
  _organizationId: z.string().nullish(),
  _subscriberId: z.string().nullish(),
  transactionId: z.string().nullish(),
  _templateId: z.string().nullish(),
  _digestedNotificationId: z.string().nullish(),
  createdAt: timestamp.nullish(),
  updatedAt: timestamp.nullish(),
  channels: z.array(z.string()).nullish(),
  subscriber: z
    .looseObject({
      _id: z.string().nullish(),
      subscriberId: z.string().nullish(),
      firstName: z.string().nullish(),
      lastName: z.string().nullish(),
      email: z.string().nullish(),
      phone: z.string().nullish(),
    })
    .nullish(),
  template: z
    .looseObject({
      _id: z.string().nullish(),
      name: z.string().nullish(),
      origin: openEnum(RESOURCE_ORIGINS).nullish(),
      triggers: z.array(z.looseObject({ identifier: z.string().nullish(), type: z.string().nullish() })).nullish(),
    })
    .nullish(),
  jobs: z.array(jobSchema).nullish(),
  payload: jsonObject.nullish(),
  tags: z.array(z.string()).nullish(),
  controls: jsonObject.nullish(),
  to: jsonObject.nullish(),
  topics: z.array(z.looseObject({ _topicId: z.string().nullish(), topicKey: z.string().nullish() })).nullish(),
  severity: openEnum(SEVERITIES).nullish(),
  critical: z.boolean().nullish(),
  contextKeys: z.array(z.string()).nullish(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.looseObject({
  data: z.array(notificationSchema),
  hasMore: z.boolean().nullish().transform((v) => v ?? false),
  pageSize: z.number().nullish(),
  page: z.number().nullish(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

// ---- Errors -----------------------------------------------------------------------------------

/** The service's error body; every field optional so that odd bodies still yield what they have. */
export const errorBodySchema = z.looseObject({
  statusCode: z.number().optional(),
  message: z.unknown().optional(),
  error: z.unknown().optional(),
  errorId: z.string().optional(),
  path: z.string().optional(),
  errors: z.record(z.string(), z.unknown()).optional(),
});
