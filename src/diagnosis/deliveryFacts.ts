/**
 * What the service's records say of a delivery, whichever link asks: the subscriber's own push and
 * chat providers and whether an active integration sends for them, a subscriber made by a trigger,
 * the provider's answer in a run, the run's step for a channel. Pure and vscode-free.
 */
import { CHANNEL_TYPES, CHAT_PROVIDER_IDS, PUSH_PROVIDER_IDS, type Integration, type Job, type Notification, type Subscriber } from '../api';
import { stepTypeInfo } from '../format/jobStatus';
import { rawAnswer } from '../format/stepCause';
import { l10n } from '../l10n';
import type { Channel } from './diagnosisTypes';

const CHANNELS: readonly string[] = CHANNEL_TYPES;
export const isChannel = (t: string | null | undefined): t is Channel => !!t && CHANNELS.includes(t);

export const channelName = (c: Channel | undefined): string => (c ? stepTypeInfo(c).label : l10n.t('any channel'));

type ChannelEntry = NonNullable<Subscriber['channels']>[number];

/** The channel a provider sends on, for the two channels whose provider each subscriber sets (push, chat). */
export function providerChannel(providerId: string): 'push' | 'chat' | undefined {
  const id = providerId.toLowerCase();
  return PUSH_PROVIDER_IDS.includes(id) ? 'push' : CHAT_PROVIDER_IDS.includes(id) ? 'chat' : undefined;
}

/** The subscriber's own settings for `channel` (push or chat): one entry per provider (contract §8.3). */
export function entriesFor(subscriber: Subscriber, channel: Channel): ChannelEntry[] {
  return (subscriber.channels ?? []).filter((c) => typeof c.providerId === 'string' && providerChannel(c.providerId) === channel);
}

/** The active integrations of this environment (an organization-wide list names the others' too). */
export function activeHere(integrations: readonly Integration[], environmentId: string | undefined): Integration[] {
  return integrations.filter((i) => i.active !== false && (!environmentId || !i._environmentId || i._environmentId === environmentId));
}

/** An entry is sent through an active integration of its provider: the one it names, else any of that provider. */
export function sendsThrough(entry: ChannelEntry, integrations: readonly Integration[]): boolean {
  return integrations.some((i) => (entry.integrationIdentifier ? i.identifier === entry.integrationIdentifier : i.providerId === entry.providerId));
}

/**
 * The subscriber's push and chat providers that no active integration of this environment sends
 * for: the service then fails the step with "Subscriber does not have an active integration",
 * whatever other providers of that channel are active (contract §8.6).
 */
export function providersWithoutIntegration(subscriber: Subscriber, integrations: readonly Integration[], environmentId: string | undefined): string[] {
  const here = activeHere(integrations, environmentId);
  const missing = new Set<string>();
  for (const channel of ['push', 'chat'] as const) {
    const entries = entriesFor(subscriber, channel);
    if (entries.length > 0 && !entries.some((e) => sendsThrough(e, here))) for (const e of entries) missing.add(e.providerId);
  }
  return [...missing];
}

/**
 * A trigger to an unknown subscriber ID creates that subscriber with nothing but the ID (contract
 * §8.3): no name, no address, no channel, and created moments before its first run.
 */
export function createdByTrigger(subscriber: Subscriber, runs: readonly Notification[]): boolean {
  const bare = !subscriber.email && !subscriber.phone && !subscriber.firstName && !subscriber.lastName && (subscriber.channels ?? []).length === 0;
  const created = subscriber.createdAt ? Date.parse(subscriber.createdAt) : Number.NaN;
  // Runs come newest first: the first run of the subscriber is the oldest one found.
  const first = runs.at(-1)?.createdAt;
  const firstAt = first ? Date.parse(first) : Number.NaN;
  return bare && Number.isFinite(created) && Number.isFinite(firstAt) && firstAt - created >= -60_000 && firstAt - created < 10 * 60_000;
}

/**
 * What the provider answered when it took the message: the `raw` of "Message sent" (its message
 * id and status), only the keys that say that: the rest of a provider's answer may echo addresses.
 */
export function providerAnswer(step: Pick<Job, 'executionDetails'>): string | undefined {
  // l10n-ignore: the service's DetailEnum string (a wire value)
  const sent = [...(step.executionDetails ?? [])].reverse().find((d) => typeof d.detail === 'string' && d.detail.trim() === 'Message sent');
  const answer = rawAnswer(sent?.raw);
  if (!answer || !('json' in answer)) return undefined;
  const record = Array.isArray(answer.json) ? answer.json[0] : answer.json;
  if (!record || typeof record !== 'object') return undefined;
  const parts: string[] = [];
  for (const key of ['id', 'messageId', 'message_id', 'sid', 'status', 'state']) {
    const v = (record as Record<string, unknown>)[key];
    if ((typeof v === 'string' && v.trim() !== '') || typeof v === 'number') parts.push(`${key} ${String(v).slice(0, 120)}`);
  }
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** The run's step for the channel: the one that did not go out first, else the first of that channel. */
export function stepFor(run: Notification, channel: Channel | undefined) {
  const steps = (run.jobs ?? []).filter((j) => isChannel(j.type) && (!channel || j.type === channel));
  return steps.find((j) => j.status !== 'completed') ?? steps[0];
}
