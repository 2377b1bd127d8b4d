/** The preferences panel's protocol and the view-model it renders: types only (the host validates with protocolSchemas.ts). */
import type { CHANNEL_TYPES, WEEK_DAYS } from '../api/constants';
import type { Schedule } from '../api/schemas';
import type { CommonRequests, PanelError, RequestBody } from '../panels/protocol';

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

/**
 * Which time zone the schedule's hours are in: the subscriber's own, none set (the contract does not
 * say which zone the service then applies), or not known (the subscriber could not be read).
 */
export type ScheduleTimeZone = { kind: 'set'; zone: string } | { kind: 'none' } | { kind: 'unknown' };

/** What the opener knows of the subscriber besides the id (null: known to have no time zone). */
export interface SubscriberSummary {
  name?: string;
  timezone?: string | null;
}

export type PreferencesPanelState =
  | { kind: 'loading'; subscriberId: string }
  | {
      kind: 'loaded';
      subscriberId: string;
      subscriberName?: string;
      connectionName: string;
      timeZone: ScheduleTimeZone;
      model: PreferencesViewModel;
      /** The last refused change of each place; it stays until the next change there. */
      changeErrors: Partial<Record<ChangeScope, ChangeError>>;
      /** A failure of the whole panel while it shows data (the key was rejected). */
      banner?: PanelError;
      readFallback: boolean;
    }
  | { kind: 'error'; subscriberId: string; error: PanelError };

/** A schedule as the webview sends it to be saved. */
export type ScheduleInput = {
  isEnabled: boolean;
  weeklySchedule?: Partial<Record<(typeof WEEK_DAYS)[number], { isEnabled: boolean; hours?: { start: string; end: string }[] }>>;
};

/** What the preferences panel's webview asks of the host, and what each request returns. */
export type PreferencesRequests = CommonRequests & {
  refresh: { body: object; reply: null };
  /** One switch; the outcome arrives with the next state (saving, saved, or refused at its card). */
  setChannel: { body: { channel: ChannelKey; enabled: boolean; workflowId?: string }; reply: null };
  saveSchedule: { body: { schedule: ScheduleInput }; reply: null };
};

export type PreferencesRequestBody = RequestBody<PreferencesRequests>;
