/**
 * #novuInbox and #novuTopics (issue 55): a subscriber's Inbox in a context, and the topics, their
 * subscriptions and the dry run of a send to one, on the active connection. Read-only: GET requests
 * only, nothing marked, sent or subscribed. The dry run reads as the Topics view's does
 * (src/topics/reachPanel.ts): the workflow, every subscription of the topic, what the conditions
 * read, then works the send out here.
 */
import * as z from 'zod/mini';
import type { NovuClient } from '../api';
import { validateTriggerContext } from '../api/contexts';
import { INBOX_TABS, countUnread, listInbox, type InboxContext } from '../api/inbox';
import { getTopic, listTopicSubscriptions, listTopics, type Topic } from '../api/topics';
import { readAllSubscriptions, readLookups, readReachWorkflow } from '../audience/reachRead';
import { looksContextScoped, topicReach } from '../audience/topicReach';
import { l10n } from '../l10n';
import type { Where } from './agentReports';
import { featureMissingReport, inboxReport, type ServerFeature } from './inboxReport';
import { dryRunReport, subscriptionsReport, topicsReport } from './topicsReport';

const text = z.string().check(z.minLength(1), z.maxLength(500));
// l10n-ignore: for the model (its input schema stays English, like modelDescription)
const contextKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}:[A-Za-z0-9_-]{1,100}$/, 'a context key type:id (letters, digits, _ and - on each side)'));

export const inboxSchema = z.object({
  subscriberId: text,
  tab: z.optional(z.enum(INBOX_TABS)),
  /** "any" (every context, the default), "none" (a session without a context), or the exact set of `type:id` keys. */
  context: z.optional(z.union([z.enum(['any', 'none']), z.array(contextKey).check(z.minLength(1), z.maxLength(5))])),
  limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(50))),
  /** The last item id a previous answer showed (the service's `after`). */
  cursor: z.optional(text),
});
export type InboxInput = z.infer<typeof inboxSchema>;

export const topicsSchema = z.object({
  topicKey: z.optional(text),
  search: z.optional(text),
  limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))),
  cursor: z.optional(text),
  dryRun: z.optional(
    z.object({
      workflow: text,
      payload: z.optional(z.record(z.string(), z.unknown())),
      actor: z.optional(z.union([text, z.record(z.string(), z.unknown())])),
      context: z.optional(z.record(z.string(), z.unknown())),
      exclude: z.optional(z.array(text).check(z.maxLength(100))),
      /** Subscribers the send names directly beside the topic: they get their own run. */
      to: z.optional(z.array(text).check(z.maxLength(100))),
      /** Whether the organization scopes subscriptions by context; absent: inferred from the subscriptions. */
      contextScoped: z.optional(z.boolean()),
    }),
  ),
});
export type TopicsInput = z.infer<typeof topicsSchema>;

export function inboxContextOf(context: InboxInput['context']): InboxContext {
  if (context === undefined || context === 'any') return { kind: 'any' };
  if (context === 'none') return { kind: 'none' };
  return { kind: 'keys', keys: [...new Set(context)].sort() };
}

/** What is wrong with a topics input before any request: the field and why; undefined when fine. */
export function topicsInputProblem(input: TopicsInput): { field: string; message: string } | undefined {
  if (input.dryRun && !input.topicKey) return { field: 'dryRun', message: l10n.t('A dry run needs the topicKey of the topic the send goes to.') };
  if (input.dryRun?.context !== undefined) {
    const errors = validateTriggerContext(input.dryRun.context, 'dryRun.context');
    const first = Object.entries(errors)[0];
    if (first) return { field: first[0], message: first[1].join(' ') };
  }
  return undefined;
}

/** A failure the server's lack of the feature explains is said so; any other is thrown, for the caller to say. */
async function orMissing(where: Where, feature: ServerFeature, work: () => Promise<string>): Promise<string> {
  try {
    return await work();
  } catch (error) {
    const missing = featureMissingReport(where, feature, error);
    if (missing !== undefined) return missing;
    throw error;
  }
}

export async function inboxAnswer(where: Where, client: NovuClient, input: InboxInput, signal: AbortSignal): Promise<string> {
  const tab = input.tab ?? 'all';
  const context = inboxContextOf(input.context);
  return orMissing(where, 'inbox', async () => {
    const [page, unread] = await Promise.all([
      listInbox(client, input.subscriberId, { tab, context, limit: input.limit ?? 20, ...(input.cursor ? { after: input.cursor } : {}) }, { signal }),
      countUnread(client, input.subscriberId, context, { signal }),
    ]);
    return inboxReport({ where, subscriberId: input.subscriberId, tab, context, unread, items: page.data, hasMore: page.hasMore === true });
  });
}

/** The most topics a search reads: the first page of each list (by key, by name). */
const SEARCH_LIMIT = 100;

export async function topicsAnswer(where: Where, client: NovuClient, input: TopicsInput, signal: AbortSignal): Promise<string> {
  return orMissing(where, 'topics', async () => {
    const { topicKey, dryRun } = input;
    if (topicKey && dryRun) {
      // As the Topics view's dry run reads: the workflow and every subscription, then what the conditions read.
      const [workflow, subscriptions] = await Promise.all([readReachWorkflow(client, dryRun.workflow, signal), readAllSubscriptions(client, topicKey, { signal })]);
      const inferred = dryRun.contextScoped === undefined;
      const contextScoped = dryRun.contextScoped ?? looksContextScoped(subscriptions);
      const lookups = await readLookups(client, subscriptions, { workflow, actor: dryRun.actor, context: dryRun.context }, { signal });
      const reach = topicReach(subscriptions, { workflow, payload: dryRun.payload ?? {}, actor: dryRun.actor, context: dryRun.context, exclude: dryRun.exclude ?? [], direct: dryRun.to ?? [], contextScoped }, lookups);
      return dryRunReport({ where, topicKey, workflow: dryRun.workflow, workflowFound: workflow.found, subscriptions: subscriptions.length, reach, contextScoped, inferred, unread: lookups.unread });
    }
    if (topicKey) {
      const [topic, page] = await Promise.all([getTopic(client, topicKey, { signal }), listTopicSubscriptions(client, topicKey, { limit: input.limit ?? 50, ...(input.cursor ? { after: input.cursor } : {}) }, { signal })]);
      return subscriptionsReport({ where, topicKey, topic, subscriptions: page.data, next: page.next });
    }
    if (input.search) {
      // The service filters by key or by name, not either: both lists, merged by key.
      const [byKey, byName] = await Promise.all([listTopics(client, { key: input.search, limit: SEARCH_LIMIT }, { signal }), listTopics(client, { name: input.search, limit: SEARCH_LIMIT }, { signal })]);
      const topics = new Map<string, Topic>();
      for (const t of [...byKey.data, ...byName.data]) if (!topics.has(t.key)) topics.set(t.key, t);
      return topicsReport({ where, search: input.search, topics: [...topics.values()], next: null, searchHasMore: byKey.next !== null || byName.next !== null });
    }
    const page = await listTopics(client, { limit: input.limit ?? 50, ...(input.cursor ? { after: input.cursor } : {}) }, { signal });
    return topicsReport({ where, topics: page.data, next: page.next });
  });
}
