/**
 * Preferences as the panel edits them: a change is one PATCH, applied optimistically on top of the
 * service's last answer until that answer comes back. Pure and vscode-free.
 */
import { WEEK_DAYS } from '../api/constants';
import { channelLabel, compareChannels } from '../format/channels';
import { l10n } from '../l10n';
import { wordFor, type Words } from '../words';
import type { Preferences, Schedule, WeekDay, WorkflowPreference } from '../api/schemas';
import type { PreferencesPatch } from '../api/validation';
import type { ChannelKey, ChannelToggle, PreferencesViewModel, WorkflowCard } from './protocol';

export type PreferenceChange =
  | { id: string; kind: 'channel'; workflowId?: string; channel: ChannelKey; enabled: boolean }
  | { id: string; kind: 'schedule'; schedule: Schedule };


/** Where a channel's value comes from, in words; a source the service added is shown as it names it. */
export function sourceLabel(source: string): string {
  return wordFor(SOURCES, source) ?? source;
}

const SOURCES: Words = {
  subscriber: () => l10n.t('Subscriber’s choice'),
  template: () => l10n.t('Workflow default'),
  workflowOverride: () => l10n.t('Forced by the workflow'),
};

export function criticalReason(): string {
  return l10n.t('Critical workflow: always delivered, whatever the subscriber prefers.');
}

export function forcedReason(): string {
  return l10n.t('The workflow sets this channel itself; subscriber preferences do not change it.');
}

export function globalOffLabel(): string {
  return l10n.t('Off globally: the global preference wins');
}

/** Only what changed: `channels` (with `workflowId` for a workflow), or the whole schedule. */
export function changeToPatch(change: PreferenceChange): PreferencesPatch {
  if (change.kind === 'schedule') return { schedule: change.schedule };
  return { channels: { [change.channel]: change.enabled }, ...(change.workflowId ? { workflowId: change.workflowId } : {}) };
}

function matchesWorkflow(w: WorkflowPreference, id: string): boolean {
  return w.workflow.identifier === id || w.workflow.slug === id;
}

/** The preferences as they will be once the change is saved (shown while it is on its way). */
export function applyChange(preferences: Preferences, change: PreferenceChange): Preferences {
  if (change.kind === 'schedule') return { ...preferences, global: { ...preferences.global, schedule: change.schedule } };
  if (!change.workflowId) {
    return { ...preferences, global: { ...preferences.global, channels: { ...preferences.global.channels, [change.channel]: change.enabled } } };
  }
  return {
    ...preferences,
    workflows: preferences.workflows.map((w) =>
      matchesWorkflow(w, change.workflowId!)
        ? {
            ...w,
            channels: { ...w.channels, [change.channel]: change.enabled },
            overrides: [...(w.overrides ?? []).filter((o) => o.channel !== change.channel), { channel: change.channel, source: 'subscriber' }],
          }
        : w,
    ),
  };
}

export function applyChanges(preferences: Preferences, changes: readonly PreferenceChange[]): Preferences {
  return changes.reduce(applyChange, preferences);
}

function sortedChannels(channels: Record<string, unknown>): string[] {
  return Object.keys(channels)
    .filter((c) => typeof channels[c] === 'boolean')
    .sort((a, b) => compareChannels(a, b));
}

function isSaving(pending: readonly PreferenceChange[], workflowId: string | undefined, channel: string): boolean {
  return pending.some((c) => c.kind === 'channel' && c.channel === channel && (c.workflowId ?? undefined) === workflowId);
}

function workflowCard(
  w: WorkflowPreference,
  critical: boolean,
  pending: readonly PreferenceChange[],
  formatTime: (iso: string) => { local?: string; utc?: string },
  globalChannels: Record<string, unknown>,
): WorkflowCard {
  const id = w.workflow.identifier;
  const updated = w.updatedAt ?? w.workflow.updatedAt;
  const time = updated ? formatTime(updated) : {};
  return {
    id,
    name: w.workflow.name || id,
    identifier: id,
    ...(time.local ? { updatedLocal: time.local, updatedUtc: time.utc } : {}),
    enabled: w.enabled,
    critical,
    channels: sortedChannels(w.channels).map((channel): ChannelToggle => {
      const source = w.overrides?.find((o) => o.channel === channel)?.source;
      const forced = source === 'workflowOverride';
      const locked = critical || forced;
      // A channel off globally is off here too, whatever this workflow's own choice says.
      const offGlobally = !locked && globalChannels[channel] === false;
      return {
        channel,
        label: channelLabel(channel),
        enabled: (w.channels as Record<string, boolean>)[channel] === true,
        ...(source ? { source, sourceLabel: offGlobally ? globalOffLabel() : sourceLabel(source) } : {}),
        locked,
        ...(locked ? { lockedReason: critical ? criticalReason() : forcedReason() } : {}),
        saving: isSaving(pending, id, channel),
      };
    }),
  };
}

/**
 * What the panel shows: the service's preferences with the changes still on their way applied,
 * each marked as saving. Critical workflows (read with `criticality=critical`) come last, read-only.
 */
export function buildPreferencesViewModel(
  subscriberId: string,
  server: Preferences,
  critical: readonly WorkflowPreference[],
  pending: readonly PreferenceChange[],
  formatTime: (iso: string) => { local?: string; utc?: string },
): PreferencesViewModel {
  const shown = applyChanges(server, pending);
  const editable = new Set(shown.workflows.map((w) => w.workflow.identifier));
  return {
    subscriberId,
    global: {
      enabled: shown.global.enabled,
      channels: sortedChannels(shown.global.channels).map((channel) => ({
        channel,
        label: channelLabel(channel),
        enabled: (shown.global.channels as Record<string, boolean>)[channel] === true,
        locked: false,
        saving: isSaving(pending, undefined, channel),
      })),
      ...(shown.global.schedule ? { schedule: shown.global.schedule } : {}),
      scheduleSaving: pending.some((c) => c.kind === 'schedule'),
    },
    workflows: [
      ...shown.workflows.map((w) => workflowCard(w, false, pending, formatTime, shown.global.channels)),
      ...critical.filter((w) => !editable.has(w.workflow.identifier)).map((w) => workflowCard(w, true, [], formatTime, shown.global.channels)),
    ],
  };
}

/** What enabling an empty schedule proposes: Monday to Friday, 09:00 AM to 05:00 PM. */
export function proposedSchedule(): Schedule {
  const workday = { isEnabled: true, hours: [{ start: '09:00 AM', end: '05:00 PM' }] };
  return {
    isEnabled: true,
    weeklySchedule: {
      monday: workday, tuesday: structuredClone(workday), wednesday: structuredClone(workday), thursday: structuredClone(workday), friday: structuredClone(workday),
      saturday: { isEnabled: false, hours: [] }, sunday: { isEnabled: false, hours: [] },
    },
  };
}

/** Copies one day's on/off and hours to the other days given (all others by default). */
export function copyDayToOthers(schedule: Schedule, from: WeekDay, to: readonly WeekDay[] = WEEK_DAYS.filter((d) => d !== from)): Schedule {
  const source = schedule.weeklySchedule?.[from];
  if (!source) return schedule;
  const weeklySchedule = { ...(schedule.weeklySchedule ?? {}) };
  for (const day of to) weeklySchedule[day] = { isEnabled: source.isEnabled, hours: (source.hours ?? []).map((h) => ({ ...h })) };
  return { ...schedule, weeklySchedule };
}
