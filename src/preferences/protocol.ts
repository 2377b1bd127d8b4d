/** The preferences panel's protocol and the view-model it renders. */
import * as z from 'zod/mini';
import { CHANNEL_TYPES, WEEK_DAYS } from '../api/constants';
import type { Schedule } from '../api/schemas';
import { panelActionSchema, readySchema, requestSchema, type PanelError } from '../panels/protocol';

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

/** A change that was refused or failed, shown next to the control where it was made. */
export interface ChangeError {
  text: string;
  details: string[];
  errorId?: string;
  /** Field messages of a rejected schedule, keyed like `weeklySchedule.monday.hours.0.end`. */
  fieldErrors?: Record<string, string[]>;
}

/** Where a change was made: the global channels, the schedule, or one workflow's card. */
export type ChangeScope = 'global' | 'schedule' | `workflow:${string}`;

export function changeScope(change: { kind: 'schedule' } | { kind: 'channel'; workflowId?: string }): ChangeScope {
  if (change.kind === 'schedule') return 'schedule';
  return change.workflowId ? `workflow:${change.workflowId}` : 'global';
}

export type PreferencesPanelState =
  | { kind: 'loading'; subscriberId: string }
  | {
      kind: 'loaded';
      subscriberId: string;
      subscriberName?: string;
      connectionName: string;
      model: PreferencesViewModel;
      /** The last refused change of each place; it stays until the next change there. */
      changeErrors: Partial<Record<ChangeScope, ChangeError>>;
      /** A failure of the whole panel while it shows data (the key was rejected). */
      banner?: PanelError;
      readFallback: boolean;
    }
  | { kind: 'error'; subscriberId: string; error: PanelError };

const channelSchema = z.enum(CHANNEL_TYPES);
const timeRangeSchema = z.strictObject({ start: z.string().check(z.maxLength(20)), end: z.string().check(z.maxLength(20)) });
const dayScheduleSchema = z.strictObject({ isEnabled: z.boolean(), hours: z.optional(z.array(timeRangeSchema).check(z.maxLength(24))) });
export const scheduleInputSchema = z.strictObject({
  isEnabled: z.boolean(),
  weeklySchedule: z.optional(z.partialRecord(z.enum(WEEK_DAYS), dayScheduleSchema)),
});

export const preferencesRequestBodySchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('refresh') }),
  z.strictObject({ method: z.literal('setChannel'), workflowId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))), channel: channelSchema, enabled: z.boolean() }),
  z.strictObject({ method: z.literal('saveSchedule'), schedule: scheduleInputSchema }),
  z.strictObject({ method: z.literal('action'), action: panelActionSchema }),
]);

export type PreferencesRequestBody = z.infer<typeof preferencesRequestBodySchema>;

export const preferencesWebviewMessageSchema = z.union([readySchema, requestSchema(preferencesRequestBodySchema)]);
