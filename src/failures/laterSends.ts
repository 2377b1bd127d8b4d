/**
 * "Made good by a later send", wherever the window ends (issue 45, A1; contract §8.7): before a
 * re-send, the runs of the group's subscribers and workflows from each failure up to now are read
 * (§6's `subscriberIds[]`, `templates[]` and `after`, no `before`), and the newest one that reached
 * the group's channel is kept per subscriber and workflow. Bounded: one request per page, at most
 * LATER_PAGES pages for each batch of LATER_BATCH subscribers, three requests at a time. Pure, no `vscode`.
 */
import type { Notification, NotificationListQuery, NotificationPage, RequestOptions } from '../api';
import { inTurns } from './bulkSend';
import { channelsSent, pairKey, refOf, type RunRef } from './runLedger';

/** Subscribers per list request (its URL stays a few kilobytes). */
export const LATER_BATCH = 50;
/** Pages read at most for one batch: the newest first, which is what "a later send" needs most. */
export const LATER_PAGES = 10;
const PAGE = 50;

export interface LaterSendsReader {
  listNotifications(query: NotificationListQuery, options?: RequestOptions): Promise<NotificationPage>;
}

export interface LaterSends {
  /** List requests made. */
  requests: number;
  /** False when a batch stopped at LATER_PAGES: an older later send may have been missed. */
  complete: boolean;
  /** When a run of `workflow` last reached `subscriberId` on the channel, after the first failure looked from. */
  lastSentMs(subscriberId: string, workflow: string): number | undefined;
}

/** Reads the later sends of `runs` (a group's failed runs) on `channel`, from each batch's oldest failure to now. */
export async function findLaterSends(reader: LaterSendsReader, runs: readonly RunRef[], channel: string, signal?: AbortSignal): Promise<LaterSends> {
  // Each subscriber once, from their oldest failure; subscribers in the order of their oldest failure, so a batch's `after` is tight.
  const from = new Map<string, { atMs: number; workflowIds: Set<string>; all: boolean }>();
  for (const run of runs) {
    if (run.subscriberId === '') continue;
    const entry = from.get(run.subscriberId) ?? { atMs: run.atMs, workflowIds: new Set<string>(), all: true };
    entry.atMs = Math.min(entry.atMs, run.atMs);
    if (run.workflowId) entry.workflowIds.add(run.workflowId);
    else entry.all = false;
    from.set(run.subscriberId, entry);
  }
  const subscribers = [...from].sort((a, b) => a[1].atMs - b[1].atMs);
  const sentAt = new Map<string, number>();
  let requests = 0;
  let complete = true;
  const options = signal ? { signal } : {};
  const tasks = [];
  for (let i = 0; i < subscribers.length; i += LATER_BATCH) {
    const batch = subscribers.slice(i, i + LATER_BATCH);
    const after = new Date(Math.min(...batch.map(([, e]) => e.atMs))).toISOString();
    // `templates[]` takes the workflow's `_id`: narrowed only when every run says it.
    const templates = batch.every(([, e]) => e.all) ? [...new Set(batch.flatMap(([, e]) => [...e.workflowIds]))] : undefined;
    const query: NotificationListQuery = { subscriberIds: batch.map(([id]) => id), ...(templates ? { templates } : {}), after, limit: PAGE };
    tasks.push(async () => {
      for (let page = 0; ; page++) {
        if (page === LATER_PAGES) {
          complete = false;
          return;
        }
        requests++;
        const answer = await reader.listNotifications({ ...query, page }, options);
        for (const n of answer.data) note(n);
        if (!answer.hasMore || answer.data.length < PAGE) return;
      }
    });
  }
  const note = (n: Notification) => {
    if (!channelsSent(n).includes(channel)) return;
    const atMs = Date.parse(n.createdAt ?? '');
    if (Number.isNaN(atMs)) return;
    const ref = refOf(n, atMs);
    const key = pairKey(ref.subscriberId, ref.workflow);
    sentAt.set(key, Math.max(sentAt.get(key) ?? -Infinity, atMs));
  };
  await inTurns(tasks, 3);
  return { requests, complete, lastSentMs: (subscriberId, workflow) => sentAt.get(pairKey(subscriberId, workflow)) };
}
