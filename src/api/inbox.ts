/**
 * A subscriber's Inbox as the server sees it (contract §13): the in-app messages, the bell's count
 * and the actions an Inbox offers on an item. Kept apart from the client's own list so that only
 * the bundles that speak it carry it. Every action changes the subscriber's real Inbox.
 */
import * as z from 'zod/mini';
import { l10n } from '../l10n';
import { NovuValidationError } from './errors';
import type { NovuClient, RequestOptions } from './client';
import { contextKeysQuery } from './contexts';

const nullishString = z.nullish(z.string());
const redirectSchema = z.looseObject({ url: nullishString, target: nullishString });
const actionSchema = z.looseObject({ label: nullishString, isCompleted: z.nullish(z.boolean()), redirect: z.nullish(redirectSchema) });

/** One Inbox item (§13). It carries no context keys: the query's filter says which context it is in. */
export const inboxItemSchema = z.looseObject({
  id: z.string(),
  transactionId: nullishString,
  subject: nullishString,
  body: nullishString,
  isRead: z.nullish(z.boolean()),
  isSeen: z.nullish(z.boolean()),
  isArchived: z.nullish(z.boolean()),
  isSnoozed: z.nullish(z.boolean()),
  snoozedUntil: nullishString,
  deliveredAt: z.nullish(z.array(z.string())),
  createdAt: nullishString,
  readAt: nullishString,
  firstSeenAt: nullishString,
  archivedAt: nullishString,
  primaryAction: z.nullish(actionSchema),
  secondaryAction: z.nullish(actionSchema),
  redirect: z.nullish(redirectSchema),
  channelType: nullishString,
  tags: z.nullish(z.array(z.string())),
  data: z.nullish(z.record(z.string(), z.unknown())),
  severity: nullishString,
  workflow: z.nullish(z.looseObject({ id: nullishString, identifier: nullishString, name: nullishString, critical: z.nullish(z.boolean()), tags: z.nullish(z.array(z.string())), severity: nullishString })),
  to: z.nullish(z.looseObject({ subscriberId: nullishString })),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxPageSchema = z.looseObject({
  data: z.array(inboxItemSchema),
  hasMore: z.nullish(z.boolean()),
  filter: z.optional(z.unknown()),
});
export type InboxPage = z.infer<typeof inboxPageSchema>;

/** The tabs of Novu's Inbox component, each a filter of the server's list (§13). */
export const INBOX_TABS = ['all', 'unread', 'archived', 'snoozed'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

/** Which context the Inbox is read in: every context (no filter), none, or one set of keys (exact). */
export type InboxContext = { kind: 'any' } | { kind: 'none' } | { kind: 'keys'; keys: string[] };

/** What a tab asks: Novu's Inbox shows All as not archived and not snoozed, Unread as not read of those. */
export function tabFilter(tab: InboxTab): Record<string, string> {
  switch (tab) {
    case 'all': return { archived: 'false', snoozed: 'false' };
    case 'unread': return { read: 'false', archived: 'false', snoozed: 'false' };
    case 'archived': return { archived: 'true' };
    case 'snoozed': return { snoozed: 'true' };
  }
}

const contextQuery = (context: InboxContext): { contextKeys?: string[] } =>
  context.kind === 'any' ? {} : { contextKeys: contextKeysQuery(context.kind === 'none' ? [] : context.keys) };

const inboxPath = (subscriberId: string, suffix: string): string => {
  if (subscriberId === '') throw new NovuValidationError({ subscriberId: [l10n.t('A subscriber ID is required.')] });
  return `v2/subscribers/${encodeURIComponent(subscriberId)}/notifications${suffix}`;
};

export const INBOX_PAGE_SIZE = 20;

/** `GET /v2/subscribers/{id}/notifications` (§13): one page of a tab, newest first; `after` the last item's id. */
export function listInbox(client: NovuClient, subscriberId: string, query: { tab: InboxTab; context: InboxContext; after?: string; limit?: number }, options?: RequestOptions): Promise<InboxPage> {
  const q = { ...tabFilter(query.tab), ...contextQuery(query.context), limit: query.limit ?? INBOX_PAGE_SIZE, ...(query.after ? { after: query.after } : {}) };
  return client.call({ method: 'get', path: inboxPath(subscriberId, ''), query: q, schema: inboxPageSchema, paged: true, options });
}

/** Pages read when a run's message is looked for (100 newest each): the runs diagnosed are recent. */
const FIND_PAGES = 3;

/**
 * The Inbox item of one run (by its transaction), looked for among the newest messages of every
 * state and every context (no filter: §13, the server then filters on nothing but deletion).
 * `item` undefined: not among the `searched` newest (deleted, or older than those).
 */
export async function findInboxMessage(client: NovuClient, subscriberId: string, transactionId: string, options?: RequestOptions): Promise<{ item: InboxItem | undefined; searched: number; complete: boolean }> {
  let after: string | undefined;
  let searched = 0;
  for (let page = 0; page < FIND_PAGES; page++) {
    const answer = await client.call({ method: 'get', path: inboxPath(subscriberId, ''), query: { limit: 100, ...(after ? { after } : {}) }, schema: inboxPageSchema, paged: true, options });
    searched += answer.data.length;
    const item = answer.data.find((i) => i.transactionId === transactionId);
    if (item) return { item, searched, complete: true };
    if (!answer.hasMore || answer.data.length === 0) return { item: undefined, searched, complete: true };
    after = answer.data[answer.data.length - 1]!.id;
  }
  return { item: undefined, searched, complete: false };
}

const countSchema = z.union([
  z.looseObject({ data: z.array(z.looseObject({ count: z.number() })) }),
  z.array(z.looseObject({ count: z.number() })),
]);

/** `GET …/notifications/count` (§13): the bell's unread count, in the context chosen. */
export async function countUnread(client: NovuClient, subscriberId: string, context: InboxContext, options?: RequestOptions): Promise<number> {
  const filter = { read: false, archived: false, snoozed: false, ...(context.kind === 'any' ? {} : { contextKeys: context.kind === 'none' ? [] : context.keys }) };
  const answer = await client.call({ method: 'get', path: inboxPath(subscriberId, '/count'), query: { filters: JSON.stringify([filter]) }, schema: countSchema, paged: true, options });
  const counts = Array.isArray(answer) ? answer : answer.data;
  return counts[0]?.count ?? 0;
}

/** The actions of an item (§13), each a route of its own. */
export const INBOX_ACTIONS = ['read', 'unread', 'archive', 'unarchive', 'snooze', 'unsnooze', 'completePrimary', 'revertPrimary', 'completeSecondary', 'revertSecondary', 'delete'] as const;
export type InboxAction = (typeof INBOX_ACTIONS)[number];

/** The least time ahead a snooze may end (§13: at least 60 s in the future). */
export const MIN_SNOOZE_MS = 60_000;

function actionRoute(action: Exclude<InboxAction, 'delete'>): string {
  switch (action) {
    case 'completePrimary': return '/actions/primary/complete';
    case 'revertPrimary': return '/actions/primary/revert';
    case 'completeSecondary': return '/actions/secondary/complete';
    case 'revertSecondary': return '/actions/secondary/revert';
    default: return `/${action}`;
  }
}

/**
 * One action on one item (§13). Returns the item as the service answered it, or undefined for a
 * delete (204). `snoozeUntil` (ISO) for a snooze, at least a minute ahead; `idempotencyKey`: the
 * user's one action.
 */
export async function actOnInboxItem(
  client: NovuClient,
  subscriberId: string,
  itemId: string,
  action: InboxAction,
  extra: { snoozeUntil?: string; context: InboxContext; nowMs?: number },
  options?: RequestOptions,
): Promise<InboxItem | undefined> {
  if (itemId === '') throw new NovuValidationError({ id: [l10n.t('A notification ID is required.')] });
  const path = inboxPath(subscriberId, `/${encodeURIComponent(itemId)}`);
  const query = contextQuery(extra.context);
  if (action === 'delete') {
    await client.call({ method: 'delete', path, query, schema: z.unknown(), options });
    return undefined;
  }
  let body: unknown;
  if (action === 'snooze') {
    const until = extra.snoozeUntil === undefined ? NaN : Date.parse(extra.snoozeUntil);
    if (!Number.isFinite(until)) throw new NovuValidationError({ snoozeUntil: [l10n.t('Say until when: a date and time.')] });
    if (until - (extra.nowMs ?? Date.now()) < MIN_SNOOZE_MS) throw new NovuValidationError({ snoozeUntil: [l10n.t('A snooze must end at least a minute from now.')] });
    body = { snoozeUntil: new Date(until).toISOString() };
  }
  return client.call({ method: 'patch', path: `${path}${actionRoute(action)}`, query, ...(body ? { body } : {}), schema: inboxItemSchema, options });
}
