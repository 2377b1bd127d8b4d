// The Inbox (contract §13): each subscriber's in-app messages, one for every run whose in-app step
// completed (seeded, triggered or emitted: the feed tells it, notifications.ts), scoped by the run's
// context. The server-side routes under `/v2/subscribers/{id}/notifications` list, count and act
// on them; a deleted message is never listed again. Messages of seeded runs start read (the
// subscriber caught up); the seed sets sbx-alice's well-known ones apart (inboxSeed.ts).
import type { SandboxClock } from './clock';
import { contextKeysQuery, matchesContextFilter } from './contextKeys';
import { FieldErrors, HttpError, badRequest, notFound } from './errors';
import { inAppContent } from './inboxContent';
import { checkFlags, filterEcho, filterFromObject, filterFromQuery, messageMatches } from './inboxFilters';
import { SEED_END_MS } from './random';
import type { Notifications } from './notifications';
import type { Subscribers } from './subscribers';
import type { Notification, Query } from './types';
import { integerParam, isObject, scalar } from './validation';
import type { Workflows } from './workflows';

export type { InboxButton, StoredMessage } from './inboxTypes';
import type { StoredMessage } from './inboxTypes';

/** A snooze must end at least this far ahead (contract §13). */
export const MIN_SNOOZE_MS = 60_000;
/** At most this many filters in one count. */
const MAX_COUNT_FILTERS = 30;

/** The message of a run: the notification's id with a tag of its own (one message per run). */
export const messageIdOf = (notificationId: string): string => `${notificationId.slice(0, 8)}ab${notificationId.slice(8, 14)}${notificationId.slice(16, 24)}`;

export class Inbox {
  /** Per subscriber, newest first (`createdAt`, then `_id`, descending). */
  private readonly bySubscriber = new Map<string, StoredMessage[]>();
  private readonly byId = new Map<string, StoredMessage>();
  /** Messages of runs that ended by `seedEndMs` start read: the subscriber caught up before the seed ended. */
  private readonly seedEndMs: number;

  constructor(
    private readonly clock: SandboxClock,
    private readonly subscribers: Subscribers,
    private readonly workflows: Workflows,
    notifications: Notifications,
  ) {
    this.seedEndMs = SEED_END_MS + clock.shiftMs;
    for (const n of notifications.all) this.deliver(n);
    notifications.onInAppCompleted = (n) => this.deliver(n);
  }

  get(id: string): StoredMessage | undefined {
    return this.byId.get(id);
  }

  /** Every message of a subscriber, deleted ones too, newest first. */
  of(subscriberId: string): readonly StoredMessage[] {
    return this.bySubscriber.get(subscriberId) ?? [];
  }

  /** Puts the run's message in its subscriber's Inbox once its in-app step has completed (once per run). */
  deliver(n: Notification): StoredMessage | undefined {
    const id = messageIdOf(n._id);
    const job = n.jobs.find((j) => j.type === 'in_app' && j.status === 'completed');
    if (!job || this.byId.has(id)) return undefined;
    const workflow = this.workflows.find(n._templateId);
    const subscriber = this.subscribers.get(n.subscriber.subscriberId);
    const content = inAppContent(workflow ?? { identifier: n.template.triggers[0]?.identifier ?? '', name: n.template.name }, n.payload, subscriber);
    const createdAt = job.updatedAt;
    const seeded = Date.parse(createdAt) <= this.seedEndMs;
    const message: StoredMessage = {
      _id: id,
      subscriberId: n.subscriber.subscriberId,
      transactionId: n.transactionId,
      contextKeys: [...(n.contextKeys ?? [])],
      subject: content.subject,
      body: content.body,
      createdAt,
      isRead: seeded,
      isSeen: seeded,
      isArchived: false,
      isSnoozed: false,
      readAt: seeded ? createdAt : null,
      firstSeenAt: seeded ? createdAt : null,
      archivedAt: null,
      snoozedUntil: null,
      deliveredAt: [createdAt],
      ...(content.redirect ? { redirect: content.redirect } : {}),
      tags: [...n.tags],
      ...(content.data ? { data: content.data } : {}),
      severity: n.severity,
      workflow: {
        id: n._templateId,
        identifier: workflow?.identifier ?? n.template.triggers[0]?.identifier ?? '',
        name: workflow?.name ?? n.template.name,
        critical: n.critical,
        tags: workflow?.tags ?? n.tags,
        severity: workflow?.severity ?? n.severity,
      },
      deleted: false,
    };
    this.put(message);
    return message;
  }

  /** A message added whole (the benchmark's extra ones, which have no run). */
  put(message: StoredMessage): void {
    const list = this.bySubscriber.get(message.subscriberId) ?? [];
    let at = 0;
    while (at < list.length && listsBefore(list[at]!, message)) at++;
    list.splice(at, 0, message);
    this.bySubscriber.set(message.subscriberId, list);
    this.byId.set(message._id, message);
  }

  /** Many messages at once (the option `inboxItems`): one sort per subscriber, not one scan per message. */
  putMany(messages: readonly StoredMessage[]): void {
    const touched = new Set<StoredMessage[]>();
    for (const message of messages) {
      const list = this.bySubscriber.get(message.subscriberId) ?? [];
      list.push(message);
      this.bySubscriber.set(message.subscriberId, list);
      this.byId.set(message._id, message);
      touched.add(list);
    }
    for (const list of touched) list.sort((a, b) => (listsBefore(a, b) ? -1 : listsBefore(b, a) ? 1 : 0));
  }

  // --- Reads --------------------------------------------------------------------------------------

  /** `GET /v2/subscribers/{id}/notifications`: `{ data, hasMore, filter }`, newest first. */
  list(subscriberId: string, query: Query): Record<string, unknown> {
    const errors = new FieldErrors();
    const limit = integerParam(query, 'limit', errors, 10, 1, 100);
    const offset = integerParam(query, 'offset', errors, 0, 0, Number.MAX_SAFE_INTEGER);
    const after = scalar(query, 'after', errors);
    if (after !== undefined && !/^[0-9a-f]{24}$/i.test(after)) errors.add('after', 'after must be a mongodb id', after);
    const filter = filterFromQuery(query, errors);
    errors.throwIfAny();
    checkFlags(filter);
    this.requireSubscriber(subscriberId);
    let matches = this.of(subscriberId).filter((m) => messageMatches(m, filter));
    if (after !== undefined) {
      // The page after that item, wherever it stands now (it may have been read or archived since).
      const cursor = this.byId.get(after);
      matches = cursor && cursor.subscriberId === subscriberId ? matches.filter((m) => listsBefore(cursor, m)) : [];
    }
    const data = matches.slice(offset, offset + limit);
    return { data: data.map(itemWire), hasMore: matches.length > offset + limit, filter: filterEcho(filter) };
  }

  /** `GET …/notifications/count?filters=[…]`: one count per filter, in order. */
  count(subscriberId: string, query: Query): { data: { count: number; filter: Record<string, unknown> }[] } {
    const raw = scalar(query, 'filters', new FieldErrors());
    let parsed: unknown;
    try {
      parsed = raw === undefined ? undefined : JSON.parse(raw);
    } catch {
      parsed = undefined;
    }
    if (!Array.isArray(parsed) || !parsed.every(isObject)) throw badRequest('Invalid filters, the JSON object should be provided.');
    const errors = new FieldErrors();
    if (parsed.length > MAX_COUNT_FILTERS) errors.add('filters', `filters must contain no more than ${MAX_COUNT_FILTERS} elements`, `${parsed.length} filters`);
    const filters = parsed.map((f, i) => filterFromObject(f, errors, `filters.${i}`));
    errors.throwIfAny();
    filters.forEach(checkFlags);
    this.requireSubscriber(subscriberId);
    const mine = this.of(subscriberId);
    return { data: filters.map((f) => ({ count: mine.filter((m) => messageMatches(m, f)).length, filter: filterEcho(f) })) };
  }

  // --- Writes -------------------------------------------------------------------------------------

  /**
   * `PATCH …/notifications/{nid}/<action>` (read, unread, archive, unarchive, snooze, unsnooze,
   * actions/primary|secondary/complete|revert): the item after the change. `contextKeys` in the
   * query scopes the lookup; a message outside it, deleted or someone else's is 404.
   */
  act(subscriberId: string, messageId: string, action: string, query: Query, body: unknown): StoredMessage {
    const snoozeUntil = action === 'snooze' ? parseSnooze(body) : undefined;
    const message = this.find(subscriberId, messageId, query);
    const now = this.clock.tick();
    switch (action) {
      case 'read':
        markRead(message, now);
        break;
      case 'unread':
        message.isRead = false;
        message.readAt = null;
        break;
      case 'archive':
        markRead(message, now);
        message.isArchived = true;
        message.archivedAt = now;
        break;
      case 'unarchive':
        message.isArchived = false;
        message.archivedAt = null;
        break;
      case 'snooze':
        message.isSnoozed = true;
        message.snoozedUntil = snoozeUntil ?? null;
        break;
      case 'unsnooze':
        // Back in the feed as if delivered again.
        message.isSnoozed = false;
        message.snoozedUntil = null;
        message.deliveredAt.push(now);
        break;
      default: {
        const [which, change] = action.split('/').slice(1) as ['primary' | 'secondary', 'complete' | 'revert'];
        const button = which === 'primary' ? message.primaryAction : message.secondaryAction;
        if (!button) throw badRequest(`Could not perform action on the ${which} action because it does not exist.`);
        button.isCompleted = change === 'complete';
      }
    }
    return message;
  }

  /** `DELETE …/notifications/{nid}`: a soft delete (never listed again). */
  remove(subscriberId: string, messageId: string, query: Query): void {
    this.find(subscriberId, messageId, query).deleted = true;
  }

  /**
   * The bulk routes (`POST …/notifications/seen|read|archive|read-archive|delete`): every message of
   * the subscriber that the body's `notificationIds`, `tags`, `data` and `contextKeys` select.
   */
  bulk(subscriberId: string, action: 'seen' | 'read' | 'archive' | 'read-archive' | 'delete', body: unknown): void {
    const b = isObject(body) ? body : {};
    const errors = new FieldErrors();
    const ids = b['notificationIds'];
    if (ids !== undefined && !(Array.isArray(ids) && ids.every((x) => typeof x === 'string'))) errors.add('notificationIds', 'each value in notificationIds must be a string', ids);
    const filter = filterFromObject({ tags: b['tags'], data: b['data'], contextKeys: b['contextKeys'] }, errors, '');
    errors.throwIfAny();
    this.requireSubscriber(subscriberId);
    const only = Array.isArray(ids) ? new Set(ids as string[]) : undefined;
    const now = this.clock.tick();
    for (const m of this.of(subscriberId)) {
      if (!messageMatches(m, filter) || (only && !only.has(m._id))) continue;
      if (action === 'seen') markSeen(m, now);
      else if (action === 'read') markRead(m, now);
      else if (action === 'delete') m.deleted = true;
      else if (action === 'archive' || m.isRead) {
        markRead(m, now);
        m.isArchived = true;
        m.archivedAt = now;
      }
    }
  }

  private requireSubscriber(subscriberId: string): void {
    if (!this.subscribers.get(subscriberId)) throw badRequest(`Subscriber with id: ${subscriberId} is not found.`);
  }

  private find(subscriberId: string, messageId: string, query: Query): StoredMessage {
    this.requireSubscriber(subscriberId);
    const message = this.byId.get(messageId);
    if (!message || message.deleted || message.subscriberId !== subscriberId || !matchesContextFilter(message.contextKeys, contextKeysQuery(query))) {
      throw notFound(`Notification with id: ${messageId} is not found.`);
    }
    return message;
  }
}

/** Newest first, ties by `_id` descending. */
const listsBefore = (a: StoredMessage, b: StoredMessage): boolean => (a.createdAt !== b.createdAt ? a.createdAt > b.createdAt : a._id > b._id);

function markSeen(m: StoredMessage, now: string): void {
  if (!m.isSeen) m.firstSeenAt = now;
  m.isSeen = true;
}

function markRead(m: StoredMessage, now: string): void {
  markSeen(m, now);
  if (!m.isRead) m.readAt = now;
  m.isRead = true;
}

/** `{ snoozeUntil }`: a date at least a minute ahead of the real clock (the client's). */
function parseSnooze(body: unknown): string {
  const value = isObject(body) ? body['snoozeUntil'] : undefined;
  const ms = typeof value === 'string' ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) throw new HttpError(422, 'Validation Error', { snoozeUntil: { messages: ['snoozeUntil must be a valid ISO 8601 date string'], value: (value ?? null) as string | null } });
  // The DTO's own check, so class-validator's 422 like every other field (contract "Errors").
  if (ms - Date.now() < MIN_SNOOZE_MS) throw new HttpError(422, 'Validation Error', { snoozeUntil: { messages: ['snoozeUntil must be at least 1 minute in the future'], value: value as string } });
  return new Date(ms).toISOString();
}

/** An Inbox item on the wire (contract §13): no context keys. */
export function itemWire(m: StoredMessage): Record<string, unknown> {
  return {
    id: m._id,
    transactionId: m.transactionId,
    ...(m.subject !== undefined ? { subject: m.subject } : {}),
    body: m.body,
    to: { subscriberId: m.subscriberId },
    isRead: m.isRead,
    isSeen: m.isSeen,
    isArchived: m.isArchived,
    isSnoozed: m.isSnoozed,
    snoozedUntil: m.snoozedUntil,
    deliveredAt: [...m.deliveredAt],
    createdAt: m.createdAt,
    readAt: m.readAt,
    firstSeenAt: m.firstSeenAt,
    archivedAt: m.archivedAt,
    ...(m.primaryAction ? { primaryAction: m.primaryAction } : {}),
    ...(m.secondaryAction ? { secondaryAction: m.secondaryAction } : {}),
    channelType: 'in_app',
    tags: [...m.tags],
    ...(m.redirect ? { redirect: m.redirect } : {}),
    ...(m.data ? { data: m.data } : {}),
    severity: m.severity,
    workflow: m.workflow,
  };
}
