/** The preferences panel's protocol and the view-model it renders. */
import * as z from 'zod';
import { CHANNEL_TYPES, WEEK_DAYS } from '../api/constants';
import type { Schedule } from '../api/schemas';
import { panelActionSchema, readySchema, requestSchema, type PanelError, type Reply } from './common';

export type ChannelKey = (typeof CHANNEL_TYPES)[number];

export interface ChannelToggle {
  channel: string;
  label: string;
  enabled: boolean;
  /** Where the value comes from: "subscriber", "template", "workflowOverride", or unknown. */
  source?: string;
  sourceLabel?: string;
  /** The subscriber cannot change it here (forced by the workflow, or a critical workflow). */
  locked: boolean;
  lockedReason?: string;
  /** A change of this toggle is on its way to the service. */
  saving: boolean;
}

export interface WorkflowCard {
  /** The workflow identifier sent as `workflowId`. */
  id: string;
  name: string;
  identifier: string;
  updatedLocal?: string;
  updatedUtc?: string;
  enabled: boolean;
  critical: boolean;
  channels: ChannelToggle[];
}

export interface PreferencesViewModel {
  subscriberId: string;
  global: { enabled: boolean; channels: ChannelToggle[]; schedule?: Schedule; scheduleSaving: boolean };
  workflows: WorkflowCard[];
}

export interface Notice {
  kind: 'error' | 'info';
  text: string;
  details: string[];
  errorId?: string;
  /** Field messages of a rejected schedule, keyed like `weeklySchedule.monday.hours.0.end`. */
  fieldErrors?: Record<string, string[]>;
}

export type PreferencesPanelState =
  | { kind: 'loading'; subscriberId: string }
  | { kind: 'loaded'; subscriberId: string; subscriberName?: string; connectionName: string; model: PreferencesViewModel; notice?: Notice; readFallback: boolean }
  | { kind: 'error'; subscriberId: string; error: PanelError };

export type HostToPreferencesWebview = { type: 'state'; state: PreferencesPanelState } | Reply;

const channelSchema = z.enum(CHANNEL_TYPES);
const timeRangeSchema = z.object({ start: z.string().max(20), end: z.string().max(20) }).strict();
const dayScheduleSchema = z.object({ isEnabled: z.boolean(), hours: z.array(timeRangeSchema).max(24).optional() }).strict();
export const scheduleInputSchema = z
  .object({
    isEnabled: z.boolean(),
    weeklySchedule: z.partialRecord(z.enum(WEEK_DAYS), dayScheduleSchema).optional(),
  })
  .strict();

export const preferencesRequestBodySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('refresh') }).strict(),
  z.object({ method: z.literal('setChannel'), workflowId: z.string().min(1).max(200).optional(), channel: channelSchema, enabled: z.boolean() }).strict(),
  z.object({ method: z.literal('saveSchedule'), schedule: scheduleInputSchema }).strict(),
  z.object({ method: z.literal('dismissNotice') }).strict(),
  z.object({ method: z.literal('action'), action: panelActionSchema }).strict(),
]);

export type PreferencesRequestBody = z.infer<typeof preferencesRequestBodySchema>;

export const preferencesWebviewMessageSchema = z.union([readySchema, requestSchema(preferencesRequestBodySchema)]);
