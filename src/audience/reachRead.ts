/**
 * What a dry run of a topic send reads before it works anything out (contract §11): every
 * subscription of each topic (a page of 100 at a time: the service gives no total), the workflow
 * (its `_id` and tags, which preferences name), and only what a condition reads beyond a
 * subscription row: subscribers' records (`subscriber.data.*`), the actor's, the contexts' stored
 * data. GET only, at most four in flight. Shared by the Topics view's dry run, the diagnosis and the
 * agent. Pure of `vscode`.
 */
import type { NovuClient } from '../api/client';
import { NovuApiError } from '../api/errors';
import { getContext } from '../api/contexts';
import { listTopicSubscriptions, type Subscription } from '../api/topics';
import { actorId, needsSubscriberRecords, preferenceFor, readValues, type ReachLookups, type ReachSend, type ReachWorkflow } from './topicReach';

export const SUBSCRIPTION_READ_PAGE = 100;

/** Every subscription of a topic, page by page; `onPage` hears how many are read so far. */
export async function readAllSubscriptions(client: NovuClient, topicKey: string, options: { signal?: AbortSignal; onPage?: (read: number) => void } = {}): Promise<Subscription[]> {
  const all: Subscription[] = [];
  const seen = new Set<string>();
  let after: string | undefined;
  for (;;) {
    const page = await listTopicSubscriptions(client, topicKey, { limit: SUBSCRIPTION_READ_PAGE, ...(after ? { after } : {}) }, options.signal ? { signal: options.signal } : undefined);
    for (const s of page.data) {
      const key = s.identifier ?? s._id ?? `${s.subscriber?.subscriberId}:${(s.contextKeys ?? []).join(',')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      all.push(s);
    }
    options.onPage?.(all.length);
    if (!page.next || page.data.length === 0) return all;
    after = page.next;
  }
}

/** The workflow as preferences name it: its `_id`, identifier and tags (one read; a missing one is named by its identifier alone). */
export async function readReachWorkflow(client: NovuClient, identifier: string, signal?: AbortSignal): Promise<ReachWorkflow & { name?: string; found: boolean }> {
  try {
    const w = await client.getWorkflow(identifier, signal ? { signal } : undefined);
    return { _id: w._id, workflowId: w.workflowId ?? identifier, tags: w.tags ?? [], ...(w.name ? { name: w.name } : {}), found: true };
  } catch (error) {
    if (error instanceof NovuApiError && error.status === 404) return { workflowId: identifier, tags: [], found: false };
    throw error;
  }
}

/** Runs `task` over `items`, at most `limit` at once. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface ReadLookups extends ReachLookups {
  /** Subscribers whose record could not be read (their conditions see only the row's fields). */
  unread: string[];
}

/**
 * Reads what the conditions of these subscriptions read, for this send: subscriber records only
 * when a condition reads past the row's fields, the actor's only when a condition reads `actor.*`,
 * the stored data of the send's contexts only when one reads `context.*`.
 */
export async function readLookups(client: NovuClient, subscriptions: readonly Subscription[], send: Pick<ReachSend, 'workflow' | 'actor' | 'context'>, options: { signal?: AbortSignal; onRecord?: (read: number, of: number) => void; records?: Map<string, Record<string, unknown>> } = {}): Promise<ReadLookups> {
  // Records read before (a dry run computed again as its body is edited) are not read again.
  const records = options.records ?? new Map<string, Record<string, unknown>>();
  const contexts = new Map<string, Record<string, unknown>>();
  const unread: string[] = [];
  const reads = new Set<string>();
  for (const s of subscriptions) {
    const condition = preferenceFor(s, send.workflow)?.condition;
    if (condition && typeof condition === 'object') for (const v of readValues(condition, {})) reads.add(v.name.split('.')[0] ?? '');
  }
  const request = options.signal ? { signal: options.signal } : undefined;
  if (needsSubscriberRecords(subscriptions, send.workflow)) {
    const ids = [...new Set(subscriptions.map((s) => s.subscriber?.subscriberId).filter((id): id is string => typeof id === 'string' && !records.has(id)))];
    let read = 0;
    await pool(ids, 4, async (id) => {
      try {
        records.set(id, await client.getSubscriber(id, request) as Record<string, unknown>);
      } catch (error) {
        if (!(error instanceof NovuApiError && error.status === 404)) throw error;
        unread.push(id);
      }
      options.onRecord?.(++read, ids.length);
    });
  }
  let actor: Record<string, unknown> | undefined;
  const actorSubscriber = actorId(send.actor);
  if (reads.has('actor') && actorSubscriber) {
    try {
      actor = (await client.getSubscriber(actorSubscriber, request)) as Record<string, unknown>;
    } catch (error) {
      if (!(error instanceof NovuApiError && error.status === 404)) throw error;
    }
  }
  if (reads.has('context')) {
    for (const [type, value] of Object.entries(send.context ?? {})) {
      const id = typeof value === 'string' ? value : value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
      if (typeof id !== 'string') continue;
      try {
        const stored = await getContext(client, type, id, request);
        if (stored.data) contexts.set(`${type}:${id}`, stored.data);
      } catch (error) {
        // A context the service does not have yet: a trigger creates it with the data it carries.
        if (!(error instanceof NovuApiError && error.status === 404)) throw error;
      }
    }
  }
  return { subscriber: (id) => records.get(id), contextData: (key) => contexts.get(key), ...(actor ? { actor } : {}), unread };
}
