/** What the failures panel shows of the groups: the model's summaries in the panel's words and local times. */
import type { Notification } from '../api';
import { channelLabel } from '../format/channels';
import type { RunRef } from './runLedger';
import type { GroupView } from './protocol';

/** One group as the model keeps it: counts, the chart's bars, a few runs (no whole notification). */
export interface GroupSummary {
  key: string;
  channel: string;
  provider?: string;
  /** The cause in our words. */
  cause: string;
  /** The provider's message, masked. */
  message?: string;
  /** The provider's own error code (one cause however worded), and the HTTP status it came with. */
  code?: string;
  httpStatus?: number;
  runs: number;
  subscribers: number;
  workflows: string[];
  firstMs: number;
  lastMs: number;
  bars: { count: number; fromMs: number; toMs: number }[];
  /** Newest first. */
  examples: { notificationId: string; subscriberId: string; workflow: string; atMs: number }[];
}

/** The window's failures grouped by cause, fed a page at a time. */
export interface FailureGrouping {
  add(runs: readonly Notification[]): void;
  readonly runsRead: number;
  /** Undelivered steps counted in all the groups. */
  readonly failedSteps: number;
  /** The largest group first. */
  groups(): GroupSummary[];
  /** The notification id of the run to diagnose for a group: its newest that no later sent run made good. */
  representative(key: string): string | undefined;
  /** Every failed run of a group, newest first, as a re-send refers to it (no payload). */
  runsOf(key: string): RunRef[];
  /** When a run of `workflow` last went out to `subscriberId` on `channel` (its steps of that channel all sent), in what was read. */
  lastSentMs(subscriberId: string, workflow: string, channel: string): number | undefined;
}

export function groupViews(grouping: FailureGrouping, time: (ms: number) => string): GroupView[] {
  return grouping.groups().map((g) => {
    const channel = channelLabel(g.channel);
    return {
      key: g.key,
      title: [channel, g.provider, g.cause].filter(Boolean).join(' · '),
      channel: g.channel,
      channelLabel: channel,
      ...(g.provider ? { provider: g.provider } : {}),
      ...(g.message ? { message: g.message } : {}),
      ...(g.code ? { code: g.code } : {}),
      ...(g.httpStatus ? { httpStatus: g.httpStatus } : {}),
      runs: g.runs,
      subscribers: g.subscribers,
      workflows: g.workflows,
      firstSeen: time(g.firstMs),
      lastSeen: time(g.lastMs),
      bars: g.bars.map((b) => ({ count: b.count, from: time(b.fromMs), to: time(b.toMs) })),
      examples: g.examples.map((e) => ({ notificationId: e.notificationId, subscriberId: e.subscriberId, workflow: e.workflow, at: time(e.atMs) })),
    };
  });
}
