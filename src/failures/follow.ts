/**
 * Following a group's re-send to the end (issue 38.3, contract §6): the new runs are looked up by
 * their transaction IDs, 50 to a list request, until every one has settled (sent, or failed again)
 * or the time is up; each failure again is told apart by whether it joins the group it was sent
 * again from (the same cause) or another. Pure, no `vscode`.
 */
import type { Notification, NotificationListQuery, NotificationPage, RequestOptions } from '../api';
import { l10n } from '../l10n';
import { inTurns } from './bulkSend';
import { causeKeysOf } from './grouping';
import { wasSent } from './runLedger';

/** Transaction IDs per list request (the page's limit, contract §6). */
export const FOLLOW_BATCH = 50;
/** The follow stops after this long, settled or not (issue 38.3). */
export const FOLLOW_LIMIT_MS = 10 * 60_000;

export type RunOutcome = 'sent' | 'failedSame' | 'failedOther' | 'pending';

/** Where a new run stands: sent, failed again (the group's cause or another), or still on its way. */
export function outcomeOfRun(n: Pick<Notification, 'jobs' | 'template' | '_subscriberId'> & { _id: string }, groupKey: string): RunOutcome {
  const keys = causeKeysOf(n as Notification);
  if (keys.length > 0) return keys.includes(groupKey) ? 'failedSame' : 'failedOther';
  return wasSent(n) ? 'sent' : 'pending';
}

export interface FollowCounts {
  /** The re-sent runs followed (those the service started). */
  total: number;
  sent: number;
  failedSame: number;
  failedOther: number;
  /** Not settled yet, or not found yet. */
  pending: number;
}

export function countOutcomes(outcomes: ReadonlyMap<string, RunOutcome>, total: number): FollowCounts {
  const counts = { total, sent: 0, failedSame: 0, failedOther: 0, pending: 0 };
  for (const outcome of outcomes.values()) counts[outcome]++;
  counts.pending = total - counts.sent - counts.failedSame - counts.failedOther;
  return counts;
}

/** The follow in one line: "240 sent again: 231 sent, 6 failed again with the same cause, 3 pending". */
export function followLine(c: FollowCounts): string {
  const parts: string[] = [];
  if (c.sent > 0 || c.total === 0) parts.push(l10n.t('{0} sent', c.sent));
  if (c.failedSame > 0) parts.push(l10n.t('{0} failed again with the same cause', c.failedSame));
  if (c.failedOther > 0) parts.push(l10n.t('{0} failed with another cause', c.failedOther));
  if (c.pending > 0) parts.push(l10n.t('{0} pending', c.pending));
  return l10n.t('{0} sent again: {1}', c.total, parts.join(', '));
}

export interface FollowReader {
  listNotifications(query: NotificationListQuery, options?: RequestOptions): Promise<NotificationPage>;
}

/**
 * Looks the unsettled runs up once: their transaction IDs 50 to a request (a page of more is read
 * on), three requests at a time. Updates `outcomes` (by transaction ID) in place; a run not found
 * yet stays pending.
 */
export async function lookUpOnce(
  reader: FollowReader,
  transactionIds: readonly string[],
  outcomes: Map<string, RunOutcome>,
  groupKey: string,
  signal?: AbortSignal,
  /** Each run found, with where it stands (the runs that failed again are listed). */
  onRun?: (run: Notification, outcome: RunOutcome) => void,
): Promise<void> {
  const open = transactionIds.filter((id) => {
    const outcome = outcomes.get(id);
    return outcome === undefined || outcome === 'pending';
  });
  const batches: string[][] = [];
  for (let i = 0; i < open.length; i += FOLLOW_BATCH) batches.push(open.slice(i, i + FOLLOW_BATCH));
  const wanted = new Set(open);
  await inTurns(
    batches.map((ids) => async () => {
      for (let page = 0; ; page++) {
        const answer = await reader.listNotifications({ transactionId: ids, limit: FOLLOW_BATCH, page }, signal ? { signal } : {});
        for (const n of answer.data) {
          if (!n.transactionId || !wanted.has(n.transactionId)) continue;
          const outcome = outcomeOfRun(n, groupKey);
          outcomes.set(n.transactionId, outcome);
          onRun?.(n, outcome);
        }
        if (!answer.hasMore || answer.data.length === 0) break;
      }
    }),
    3,
  );
}
