/**
 * Following a group's re-send to the end (issue 38.3, contract §6): the new runs are looked up by
 * their transaction IDs, 50 to a list request, until every one has settled (sent, or failed again)
 * or the time is up; each is judged on the step it was sent again for (the group's channel: sent,
 * failed again with the group's cause or another, skipped), and its other steps' failures are said
 * apart. Pure, no `vscode`.
 */
import type { Notification, NotificationListQuery, NotificationPage, RequestOptions } from '../api';
import { l10n } from '../l10n';
import { inTurns } from './bulkSend';
import { channelLabel } from '../format/channels';
import { undeliveredSteps } from './grouping';

/** Transaction IDs per list request (the page's limit, contract §6). */
export const FOLLOW_BATCH = 50;
/** The follow stops after this long, settled or not (issue 38.3). */
export const FOLLOW_LIMIT_MS = 10 * 60_000;

export type RunOutcome = 'sent' | 'failedSame' | 'failedOther' | 'skipped' | 'pending';

/** A new run judged on the step it was sent again for (issue 45, A4). */
export interface RunJudgement {
  /** The group's own channel: sent, failed again (its cause or another), skipped on purpose, or not settled yet. */
  outcome: RunOutcome;
  /** Why the group's step did not go out, when not for the group's cause. */
  why?: string;
  /** The run's other steps that did not go out, each in words ("the SMS step was skipped (no phone number)"). */
  otherSteps: string[];
}

/** Job statuses that are final: the run has settled when every step has one. */
const SETTLED = ['completed', 'failed', 'canceled', 'skipped', 'merged'];

/** "email", "SMS": the channel as a step's name inside a sentence. */
function channelWord(channel: string): string {
  const label = channelLabel(channel);
  return label === label.toUpperCase() ? label : label.toLowerCase();
}

/**
 * Where a new run stands for the group it was sent again from (`group.channel`, `group.key`): judged
 * on that channel's step, once every step of the run has settled; another step's failure is said
 * apart (its email went out even if its SMS step was skipped).
 */
export function judgeRun(n: Pick<Notification, 'jobs' | 'template' | '_subscriberId'> & { _id: string }, group: { key: string; channel: string }): RunJudgement {
  const jobs = (n.jobs ?? []).filter((job) => job.type !== 'trigger');
  if (jobs.length === 0 || jobs.some((job) => !SETTLED.includes(job.status))) return { outcome: 'pending', otherSteps: [] };
  const steps = undeliveredSteps(n as Notification);
  const otherSteps = [...new Set(steps.filter((s) => s.channel !== group.channel).map((s) => (s.skipped ? l10n.t('the {0} step was skipped ({1})', channelWord(s.channel), s.words) : l10n.t('the {0} step failed ({1})', channelWord(s.channel), s.words))))];
  const own = jobs.filter((job) => job.type === group.channel);
  const mine = steps.filter((s) => s.channel === group.channel);
  if (mine.some((s) => s.key === group.key)) return { outcome: 'failedSame', otherSteps };
  const other = mine.find((s) => !s.skipped) ?? mine[0];
  if (other) return { outcome: other.skipped ? 'skipped' : 'failedOther', why: other.words, otherSteps };
  if (own.length === 0) return { outcome: 'failedOther', why: l10n.t('the workflow has no {0} step now', channelWord(group.channel)), otherSteps };
  // Canceled because an earlier step failed: that step's failure is said among the others.
  if (own.some((job) => job.status !== 'completed')) return { outcome: 'failedOther', why: l10n.t('an earlier step failed'), otherSteps };
  return { outcome: 'sent', otherSteps };
}

export interface FollowCounts {
  /** The re-sent runs followed (those the service started). */
  total: number;
  sent: number;
  failedSame: number;
  failedOther: number;
  skipped: number;
  /** Not settled yet, or not found yet. */
  pending: number;
}

export function countOutcomes(judged: ReadonlyMap<string, RunJudgement>, total: number): FollowCounts {
  const counts = { total, sent: 0, failedSame: 0, failedOther: 0, skipped: 0, pending: 0 };
  for (const { outcome } of judged.values()) counts[outcome]++;
  counts.pending = total - counts.sent - counts.failedSame - counts.failedOther - counts.skipped;
  return counts;
}

/** "69 emails sent again": the count of what the group's step sends, in its channel's words. */
export function sentAgainHead(channel: string, n: number): string {
  switch (channel) {
    case 'email':
      return n === 1 ? l10n.t('1 email sent again') : l10n.t('{0} emails sent again', n);
    case 'sms':
      return n === 1 ? l10n.t('1 SMS sent again') : l10n.t('{0} SMS messages sent again', n);
    case 'push':
      return n === 1 ? l10n.t('1 push notification sent again') : l10n.t('{0} push notifications sent again', n);
    case 'in_app':
      return n === 1 ? l10n.t('1 in-app message sent again') : l10n.t('{0} in-app messages sent again', n);
    case 'chat':
      return n === 1 ? l10n.t('1 chat message sent again') : l10n.t('{0} chat messages sent again', n);
    default:
      return n === 1 ? l10n.t('1 run sent again') : l10n.t('{0} runs sent again', n);
  }
}

/** Distinct words with how often each came, the most frequent first. */
function tallyOf(words: Iterable<string>): [string, number][] {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

/** At most three reasons in parentheses, the most frequent first. */
function reasons(words: readonly string[]): string {
  const list = tallyOf(words).map(([w]) => w);
  return list.length === 0 ? '' : ` (${list.slice(0, 3).join('; ')}${list.length > 3 ? '; …' : ''})`;
}

/**
 * The follow in one line, judged on the group's step: "69 emails sent again: 68 sent, 1 skipped (the
 * subscriber turned email off); in 13 of these runs the SMS step was skipped (no phone number)".
 */
export function followLine(channel: string, judged: ReadonlyMap<string, RunJudgement>, total: number): string {
  const c = countOutcomes(judged, total);
  const all = [...judged.values()];
  const whys = (outcome: RunOutcome) => all.filter((j) => j.outcome === outcome && j.why).map((j) => j.why!);
  const parts: string[] = [];
  if (c.sent > 0 || c.total === 0) parts.push(l10n.t('{0} sent', c.sent));
  if (c.failedSame > 0) parts.push(l10n.t('{0} failed again with the same cause', c.failedSame));
  if (c.failedOther > 0) parts.push(l10n.t('{0} failed with another cause', c.failedOther) + reasons(whys('failedOther')));
  if (c.skipped > 0) parts.push(l10n.t('{0} skipped', c.skipped) + reasons(whys('skipped')));
  if (c.pending > 0) parts.push(l10n.t('{0} pending', c.pending));
  const line = l10n.t('{0}: {1}', sentAgainHead(channel, c.total), parts.join(', '));
  const others = tallyOf(all.flatMap((j) => j.otherSteps)).map(([words, n]) => l10n.t('in {0} of these runs {1}', n, words));
  return others.length === 0 ? line : `${line}; ${others.join('; ')}`;
}

export interface FollowReader {
  listNotifications(query: NotificationListQuery, options?: RequestOptions): Promise<NotificationPage>;
}

/**
 * Looks the unsettled runs up once: their transaction IDs 50 to a request (a page of more is read
 * on), three requests at a time. Updates `judged` (by transaction ID) in place; a run not found
 * yet stays pending.
 */
export async function lookUpOnce(
  reader: FollowReader,
  transactionIds: readonly string[],
  judged: Map<string, RunJudgement>,
  group: { key: string; channel: string },
  signal?: AbortSignal,
  /** Each run found, with where it stands (the runs that failed again are listed). */
  onRun?: (run: Notification, judgement: RunJudgement) => void,
): Promise<void> {
  const open = transactionIds.filter((id) => (judged.get(id)?.outcome ?? 'pending') === 'pending');
  const batches: string[][] = [];
  for (let i = 0; i < open.length; i += FOLLOW_BATCH) batches.push(open.slice(i, i + FOLLOW_BATCH));
  const wanted = new Set(open);
  await inTurns(
    batches.map((ids) => async () => {
      for (let page = 0; ; page++) {
        const answer = await reader.listNotifications({ transactionId: ids, limit: FOLLOW_BATCH, page }, signal ? { signal } : {});
        for (const n of answer.data) {
          if (!n.transactionId || !wanted.has(n.transactionId)) continue;
          const judgement = judgeRun(n, group);
          judged.set(n.transactionId, judgement);
          onRun?.(n, judgement);
        }
        if (!answer.hasMore || answer.data.length === 0) break;
      }
    }),
    3,
  );
}
