// Topics and their subscriptions (contract §11): `/v2/topics` and a subscriber's subscriptions, with
// the service's paging, per-item answers and limits. A subscription may carry a context and, per
// workflow, a preference (off, or a JSON Logic condition) that the fan-out (topicFanOut.ts) reads.
// The seeded ones come from topicsSeed.ts; request bodies are read in topicsBodies.ts.
import type { SandboxClock } from './clock';
import { contextKeysQuery, matchesContextFilter, sameContextKeys } from './contextKeys';
import type { Contexts } from './contexts';
import { assertOneCursor, cursorPage, parseCursorQuery } from './cursorPage';
import { FieldErrors, HttpError, RawBodyError, badRequest, conflict, notFound } from './errors';
import { iso, objectId } from './random';
import type { Subscribers } from './subscribers';
import { type PreferenceInput, type SubscriptionItem, parseAddSubscriptions, parsePreferencesPatch, parseRemoveSubscriptions, parseTopicBody } from './topicsBodies';
import type { JsonValue, Query, Workflow } from './types';
import { SUBSCRIBER_ID_PATTERN, scalar } from './validation';
import type { Workflows } from './workflows';

export const TOPIC_ID_TAG = '70b1c0';
export const SUBSCRIPTION_ID_TAG = '5b5c00';
/** Subscriptions of one subscriber to one topic (`SUBSCRIPTION_LIMIT_EXCEEDED` past it). */
export const MAX_SUBSCRIPTIONS_PER_SUBSCRIBER = 10;

export interface StoredTopic {
  _id: string;
  key: string;
  name?: string;
  createdAt: string;
  updatedAt: string;
}

/** A subscription's preference for one workflow (the service's SUBSCRIPTION_SUBSCRIBER_WORKFLOW preference). */
export interface StoredSubscriptionPreference {
  /** The workflow's `_id`. */
  workflowId: string;
  enabled: boolean;
  /** JSON Logic; absent: `enabled` alone decides. */
  condition?: JsonValue;
}

export interface StoredSubscription {
  _id: string;
  identifier: string;
  name?: string;
  topicId: string;
  topicKey: string;
  subscriberId: string;
  /** Sorted; [] for none. */
  contextKeys: string[];
  preferences: StoredSubscriptionPreference[];
  createdAt: string;
  updatedAt: string;
}

/** The identifier a subscription gets when none is given (contract §11's form; the context's keys appended when it has one). */
export function defaultSubscriptionIdentifier(topicKey: string, subscriberId: string, contextKeys: readonly string[]): string {
  const base = `tk=${topicKey}:si=${subscriberId}`;
  return contextKeys.length > 0 ? `${base}:ctx=${[...contextKeys].sort().join(',')}` : base;
}

interface ItemError {
  subscriberId?: string;
  identifier?: string;
  code: string;
  message: string;
}

/** What adding or removing subscriptions answers: 201 (200 for a removal), or 400 with the same body when every item failed. */
export interface ItemsAnswer {
  status: number;
  body: { data: Record<string, unknown>[]; meta: { totalCount: number; successful: number; failed: number }; errors?: ItemError[] };
}

const topicNotFound = (key: string): HttpError => notFound(`Topic with key ${key} not found`);

export class Topics {
  private readonly byKey = new Map<string, StoredTopic>();
  private readonly byId = new Map<string, StoredTopic>();
  /** Every subscription, by `_id`; per topic and per subscriber below, in creation order. */
  private readonly subscriptions = new Map<string, StoredSubscription>();
  private readonly byTopic = new Map<string, StoredSubscription[]>();
  private readonly bySubscriber = new Map<string, StoredSubscription[]>();
  private topicCount = 0;
  private subscriptionCount = 0;

  constructor(
    seeded: { topics: readonly StoredTopic[]; subscriptions: readonly StoredSubscription[] },
    private readonly clock: SandboxClock,
    private readonly subscribers: Subscribers,
    private readonly workflows: Workflows,
    private readonly contexts: Contexts,
    /** The organization flag IS_CONTEXT_PREFERENCES_ENABLED: subscriptions keep their context only when on. */
    readonly contextPreferences: boolean,
  ) {
    for (const t of seeded.topics) this.putTopic(t);
    for (const s of seeded.subscriptions) this.putSubscription(s);
    this.topicCount = seeded.topics.length;
    this.subscriptionCount = seeded.subscriptions.length;
  }

  topic(key: string): StoredTopic | undefined {
    return this.byKey.get(key);
  }

  /** A topic's subscriptions in creation order (the fan-out's). */
  subscriptionsOf(topic: StoredTopic): readonly StoredSubscription[] {
    return this.byTopic.get(topic._id) ?? [];
  }

  /** Seeded additions after the seed (the option `topicSubscriptions`): no clock, no checks. */
  addSeeded(topics: readonly StoredTopic[], subscriptions: readonly StoredSubscription[]): void {
    for (const t of topics) this.putTopic(t);
    for (const s of subscriptions) this.putSubscription(s);
  }

  // --- Topics -------------------------------------------------------------------------------------

  /** `GET /v2/topics`: `key` and `name` are case-insensitive parts, no total (contract §11). */
  list(query: Query): Record<string, unknown> {
    const errors = new FieldErrors();
    const q = parseCursorQuery(query, errors, { orderBys: ['createdAt', 'updatedAt', '_id'], defaultOrderBy: '_id' });
    const key = scalar(query, 'key', errors)?.toLowerCase();
    const name = scalar(query, 'name', errors)?.toLowerCase();
    errors.throwIfAny();
    assertOneCursor(q);
    const matches = [...this.byKey.values()].filter((t) => (!key || t.key.toLowerCase().includes(key)) && (!name || (t.name ?? '').toLowerCase().includes(name)));
    const page = cursorPage(matches, q, (id) => this.byId.get(id));
    return { ...page, data: page.data.map(topicWire) };
  }

  /** `POST /v2/topics`: an upsert (the name changes when given); with `failIfExists`, 409 for a key in use. */
  upsert(body: unknown, failIfExists: boolean): StoredTopic {
    const { key, name } = parseTopicBody(body, false);
    const found = this.byKey.get(key);
    if (found && failIfExists) throw conflict(`Topic with key "${key}" already exists`);
    if (found) {
      if (name !== undefined) this.rename(found, name);
      return found;
    }
    return this.createTopic(key, name);
  }

  read(key: string): StoredTopic {
    const found = this.byKey.get(key);
    if (!found) throw topicNotFound(key);
    return found;
  }

  /** `PATCH /v2/topics/{key}`: `name` required. */
  update(key: string, body: unknown): StoredTopic {
    const { name } = parseTopicBody({ ...(body !== null && typeof body === 'object' ? body : {}), key }, true);
    const found = this.read(key);
    this.rename(found, name ?? '');
    return found;
  }

  /** `DELETE /v2/topics/{key}`: the topic and every subscription to it (the controller passes `force`). */
  remove(key: string): void {
    const found = this.read(key);
    for (const s of [...this.subscriptionsOf(found)]) this.dropSubscription(s);
    this.byKey.delete(key);
    this.byId.delete(found._id);
    this.byTopic.delete(found._id);
  }

  private createTopic(key: string, name: string | undefined): StoredTopic {
    if (!SUBSCRIBER_ID_PATTERN.test(key)) {
      throw badRequest(`Invalid topic key: "${key}". Topic keys must contain only alphanumeric characters (a-z, A-Z, 0-9), hyphens (-), underscores (_), colons (:), or be a valid email address.`);
    }
    const ms = this.clock.tickMs();
    const topic: StoredTopic = { _id: objectId(ms, TOPIC_ID_TAG, ++this.topicCount), key, ...(name !== undefined ? { name } : {}), createdAt: iso(ms), updatedAt: iso(ms) };
    this.putTopic(topic);
    return topic;
  }

  private rename(topic: StoredTopic, name: string): void {
    topic.name = name;
    topic.updatedAt = this.clock.tick();
  }

  // --- Subscriptions ------------------------------------------------------------------------------

  /** `GET /v2/topics/{key}/subscriptions`: `subscriberId` exact, `contextKeys` an exact set. */
  listSubscriptions(key: string, query: Query): Record<string, unknown> {
    const errors = new FieldErrors();
    const q = parseCursorQuery(query, errors, { orderBys: ['createdAt', 'updatedAt', '_id'], defaultOrderBy: '_id' });
    const subscriberId = scalar(query, 'subscriberId', errors);
    errors.throwIfAny();
    assertOneCursor(q);
    const topic = this.read(key);
    const contextKeys = contextKeysQuery(query);
    const matches = this.subscriptionsOf(topic).filter((s) => (!subscriberId || s.subscriberId === subscriberId) && matchesContextFilter(s.contextKeys, contextKeys));
    const page = cursorPage(matches, q, (id) => this.subscriptions.get(id));
    return { ...page, data: page.data.map((s) => this.wire(s, false)) };
  }

  /** `GET /v2/subscribers/{id}/subscriptions`: `key` (a topic key, exact) and `contextKeys`. */
  listOfSubscriber(subscriberId: string, query: Query): Record<string, unknown> {
    const errors = new FieldErrors();
    const q = parseCursorQuery(query, errors, { orderBys: ['createdAt', 'updatedAt', '_id'], defaultOrderBy: '_id' });
    const key = scalar(query, 'key', errors);
    errors.throwIfAny();
    assertOneCursor(q);
    if (!this.subscribers.get(subscriberId)) throw notFound(`Subscriber with id: ${subscriberId} not found`);
    const contextKeys = contextKeysQuery(query);
    const matches = (this.bySubscriber.get(subscriberId) ?? []).filter((s) => (!key || s.topicKey === key) && matchesContextFilter(s.contextKeys, contextKeys));
    const page = cursorPage(matches, q, (id) => this.subscriptions.get(id));
    return { ...page, data: page.data.map((s) => this.wire(s, false)) };
  }

  /** `GET /v2/topics/{key}/subscriptions/{identifier}`: undefined (the route's 204) when there is none. */
  findSubscription(key: string, identifier: string): StoredSubscription | undefined {
    const topic = this.read(key);
    return this.subscriptionsOf(topic).find((s) => s.identifier === identifier);
  }

  /** `PATCH …/subscriptions/{identifier}`: `name`, and preferences merged by workflow. */
  updateSubscription(key: string, identifier: string, body: unknown): StoredSubscription {
    const patch = parsePreferencesPatch(body);
    const found = this.findSubscription(key, identifier);
    if (!found) throw notFound(`Subscription with identifier '${identifier}' not found for topic '${key}'`);
    if (patch.name !== undefined) found.name = patch.name;
    if (patch.preferences) {
      for (const preference of this.expand(patch.preferences)) {
        const at = found.preferences.findIndex((p) => p.workflowId === preference.workflowId);
        if (at >= 0) found.preferences[at] = preference;
        else found.preferences.push(preference);
      }
    }
    found.updatedAt = this.clock.tick();
    return found;
  }

  /**
   * `POST /v2/topics/{key}/subscriptions`: creates the topic if it is missing, then each item on its
   * own (an unknown subscriber, or one with 10 subscriptions to the topic, fails alone; an identifier
   * already there answers that subscription). Every item failed: 400 with the same body.
   */
  addSubscriptions(key: string, body: unknown): ItemsAnswer {
    const input = parseAddSubscriptions(body);
    // The context is resolved first (contexts found or created), and kept only when the flag is on.
    const contextKeys = this.contextPreferences && input.context ? this.contexts.resolve(input.context).keys : [];
    const preferences = this.expand(input.preferences ?? []);
    const topic = this.byKey.get(key) ?? this.createTopic(key, input.name);
    if (input.name !== undefined && topic.name !== input.name) this.rename(topic, input.name);
    const data: Record<string, unknown>[] = [];
    const errors: ItemError[] = [];
    for (const item of input.subscriptions) {
      const made = this.subscribe(topic, item, contextKeys, preferences);
      if ('code' in made) errors.push(made);
      else data.push(this.wire(made, true));
    }
    return itemsAnswer(201, input.subscriptions.length, data, errors);
  }

  private subscribe(topic: StoredTopic, item: SubscriptionItem, contextKeys: string[], preferences: StoredSubscriptionPreference[]): StoredSubscription | ItemError {
    const { subscriberId } = item;
    if (!this.subscribers.get(subscriberId)) return { subscriberId, code: 'SUBSCRIBER_NOT_FOUND', message: `Subscriber with ID '${subscriberId}' could not be found.` };
    const identifier = item.identifier || defaultSubscriptionIdentifier(topic.key, subscriberId, contextKeys);
    const mine = this.subscriptionsOf(topic).filter((s) => s.subscriberId === subscriberId);
    const existing = mine.find((s) => s.identifier === identifier && (!this.contextPreferences || sameContextKeys(s.contextKeys, contextKeys)));
    if (existing) return existing;
    if (mine.length >= MAX_SUBSCRIPTIONS_PER_SUBSCRIBER) {
      return { subscriberId, code: 'SUBSCRIPTION_LIMIT_EXCEEDED', message: `Subscriber ${subscriberId} has reached the maximum allowed of ${MAX_SUBSCRIPTIONS_PER_SUBSCRIBER} subscriptions for topic "${topic.key}"` };
    }
    const ms = this.clock.tickMs();
    const subscription: StoredSubscription = {
      _id: objectId(ms, SUBSCRIPTION_ID_TAG, ++this.subscriptionCount),
      identifier,
      ...(item.name !== undefined ? { name: item.name } : {}),
      topicId: topic._id,
      topicKey: topic.key,
      subscriberId,
      contextKeys: [...contextKeys],
      preferences: preferences.map((p) => ({ ...p })),
      createdAt: iso(ms),
      updatedAt: iso(ms),
    };
    this.putSubscription(subscription);
    return subscription;
  }

  /**
   * `DELETE /v2/topics/{key}/subscriptions`: by identifier, or by subscriber (every subscription of
   * theirs to the topic). Answered like an add (200); every item failed: 400 with the same body.
   */
  removeSubscriptions(key: string, body: unknown): ItemsAnswer {
    const items = parseRemoveSubscriptions(body);
    const topic = this.read(key);
    const data: Record<string, unknown>[] = [];
    const errors: ItemError[] = [];
    for (const item of items) {
      const mine = this.subscriptionsOf(topic).filter((s) => (item.identifier === undefined || s.identifier === item.identifier) && (item.subscriberId === undefined || s.subscriberId === item.subscriberId));
      if (mine.length === 0) {
        errors.push(removalError(topic.key, item, item.subscriberId !== undefined && !this.subscribers.get(item.subscriberId)));
        continue;
      }
      for (const s of mine) {
        data.push(this.wire(s, true));
        this.dropSubscription(s);
      }
    }
    return itemsAnswer(200, items.length, data, errors);
  }

  /** A subscription on the wire: the list's fields, and `name` and `updatedAt` where a write answers it. */
  wire(s: StoredSubscription, full: boolean): Record<string, unknown> {
    const topic = this.byId.get(s.topicId);
    const subscriber = this.subscribers.get(s.subscriberId);
    return {
      _id: s._id,
      identifier: s.identifier,
      ...(full && s.name !== undefined ? { name: s.name } : {}),
      topic: { _id: s.topicId, key: s.topicKey, ...(topic?.name !== undefined ? { name: topic.name } : {}) },
      subscriber: subscriber
        ? { _id: subscriber._id, subscriberId: subscriber.subscriberId, firstName: subscriber.firstName, lastName: subscriber.lastName, email: subscriber.email, avatar: subscriber.avatar }
        : null,
      contextKeys: [...s.contextKeys],
      preferences: s.preferences.flatMap((p) => {
        const w = this.workflows.find(p.workflowId);
        if (!w) return [];
        return [{ subscriptionId: s.identifier, workflow: { id: w._id, identifier: w.identifier, name: w.name, critical: w.critical, tags: w.tags, severity: w.severity }, enabled: p.enabled, ...(p.condition !== undefined ? { condition: p.condition } : {}) }];
      }),
      createdAt: s.createdAt,
      ...(full ? { updatedAt: s.updatedAt } : {}),
    };
  }

  /**
   * The preferences of a request, one per workflow: a workflowId (its `_id` or identifier), or a
   * filter of workflow ids and tags (active workflows with any of the tags). Unknown workflows are
   * left out, as the service only logs them; a later entry for the same workflow wins.
   */
  private expand(inputs: readonly PreferenceInput[]): StoredSubscriptionPreference[] {
    const out = new Map<string, StoredSubscriptionPreference>();
    for (const input of inputs) {
      const matched: Workflow[] = [];
      for (const ref of input.workflowIds) {
        const w = this.workflows.find(ref);
        if (w) matched.push(w);
      }
      if (input.tags.length > 0) matched.push(...this.workflows.all.filter((w) => w.active !== false && w.tags.some((t) => input.tags.includes(t))));
      for (const w of matched) out.set(w._id, { workflowId: w._id, enabled: input.enabled, ...(input.condition !== undefined ? { condition: input.condition } : {}) });
    }
    return [...out.values()];
  }

  private putTopic(t: StoredTopic): void {
    this.byKey.set(t.key, t);
    this.byId.set(t._id, t);
  }

  private putSubscription(s: StoredSubscription): void {
    this.subscriptions.set(s._id, s);
    const ofTopic = this.byTopic.get(s.topicId) ?? [];
    ofTopic.push(s);
    this.byTopic.set(s.topicId, ofTopic);
    const ofSubscriber = this.bySubscriber.get(s.subscriberId) ?? [];
    ofSubscriber.push(s);
    this.bySubscriber.set(s.subscriberId, ofSubscriber);
  }

  private dropSubscription(s: StoredSubscription): void {
    this.subscriptions.delete(s._id);
    const without = (list: StoredSubscription[] | undefined): StoredSubscription[] => (list ?? []).filter((x) => x !== s);
    this.byTopic.set(s.topicId, without(this.byTopic.get(s.topicId)));
    this.bySubscriber.set(s.subscriberId, without(this.bySubscriber.get(s.subscriberId)));
  }
}

export function topicWire(t: StoredTopic): Record<string, unknown> {
  return { _id: t._id, key: t.key, ...(t.name !== undefined ? { name: t.name } : {}), createdAt: t.createdAt, updatedAt: t.updatedAt };
}

function removalError(topicKey: string, item: { identifier?: string; subscriberId?: string }, unknownSubscriber: boolean): ItemError {
  const ids = { ...(item.subscriberId !== undefined ? { subscriberId: item.subscriberId } : {}), ...(item.identifier !== undefined ? { identifier: item.identifier } : {}) };
  if (unknownSubscriber) return { ...ids, code: 'SUBSCRIBER_NOT_FOUND', message: `Subscriber with ID '${item.subscriberId}' could not be found.` };
  if (item.identifier !== undefined) return { ...ids, code: 'SUBSCRIPTION_NOT_FOUND', message: `Subscription with identifier '${item.identifier}' could not be found.` };
  return { ...ids, code: 'SUBSCRIPTION_NOT_FOUND', message: `Subscriber with ID '${item.subscriberId}' is not subscribed to topic '${topicKey}'.` };
}

/** The per-item answer; when nothing succeeded the controller throws it back as a 400, body unchanged. */
function itemsAnswer(status: number, totalCount: number, data: Record<string, unknown>[], errors: ItemError[]): ItemsAnswer {
  const body: ItemsAnswer['body'] = { data, meta: { totalCount, successful: data.length, failed: errors.length }, ...(errors.length > 0 ? { errors } : {}) };
  if (data.length === 0 && totalCount > 0) throw new RawBodyError(400, body, 'Every subscription failed');
  return { status, body };
}
