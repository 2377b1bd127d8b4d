/**
 * Topics and their subscriptions (contract §11): the reads and writes of `/v2/topics`, and a
 * subscriber's subscriptions. Kept apart from the client's own list so that only the bundles that
 * speak it carry it. The per-item answers of adding and removing subscriptions are read the same
 * whether they came as a 201 or as the 400 that carries the same body when every item failed.
 */
import * as z from 'zod/mini';
import { l10n } from '../l10n';
import { NovuApiError, NovuValidationError, type FieldErrors } from './errors';
import { rejectInvalid, type NovuClient, type RequestOptions } from './client';
import { SUBSCRIBER_ID_PATTERN } from './validation';
import { contextKeysQuery, validateTriggerContext } from './contexts';

const nullishString = z.nullish(z.string());
const cursor = z.pipe(nullishString, z.transform((v) => v ?? null));

export const topicSchema = z.looseObject({
  _id: nullishString,
  key: z.string(),
  name: nullishString,
  createdAt: nullishString,
  updatedAt: nullishString,
});
export type Topic = z.infer<typeof topicSchema>;

export const topicPageSchema = z.looseObject({
  data: z.array(topicSchema),
  next: cursor,
  previous: cursor,
  totalCount: z.nullish(z.number()),
});
export type TopicPage = z.infer<typeof topicPageSchema>;

/** A subscription preference (§11): for one workflow (or a filter of workflows), on or off, with a JSON Logic condition. */
export const subscriptionPreferenceSchema = z.looseObject({
  subscriptionId: nullishString,
  workflow: z.nullish(z.looseObject({ id: nullishString, _id: nullishString, identifier: nullishString, workflowId: nullishString, name: nullishString })),
  filter: z.nullish(z.looseObject({ workflowIds: z.nullish(z.array(z.string())), tags: z.nullish(z.array(z.string())) })),
  enabled: z.nullish(z.boolean()),
  condition: z.optional(z.unknown()),
});
export type SubscriptionPreference = z.infer<typeof subscriptionPreferenceSchema>;

export const subscriptionSchema = z.looseObject({
  _id: nullishString,
  identifier: nullishString,
  name: nullishString,
  topic: z.nullish(z.looseObject({ _id: nullishString, key: nullishString, name: nullishString })),
  subscriber: z.nullish(z.looseObject({ subscriberId: z.string(), firstName: nullishString, lastName: nullishString, email: nullishString, avatar: nullishString })),
  contextKeys: z.nullish(z.array(z.string())),
  preferences: z.nullish(z.array(subscriptionPreferenceSchema)),
  createdAt: nullishString,
  updatedAt: nullishString,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionPageSchema = z.looseObject({
  data: z.array(subscriptionSchema),
  next: cursor,
  previous: cursor,
  totalCount: z.nullish(z.number()),
});
export type SubscriptionPage = z.infer<typeof subscriptionPageSchema>;

/** One item the service could not add or remove: `SUBSCRIBER_NOT_FOUND`, `SUBSCRIPTION_LIMIT_EXCEEDED`, … */
export const subscriptionItemErrorSchema = z.looseObject({
  subscriberId: nullishString,
  identifier: nullishString,
  code: nullishString,
  message: nullishString,
});
export type SubscriptionItemError = z.infer<typeof subscriptionItemErrorSchema>;

/** What adding or removing subscriptions answers, item by item (a 201, or the 400 when all failed). */
export const subscriptionsResultSchema = z.looseObject({
  data: z.nullish(z.array(z.unknown())),
  meta: z.nullish(z.looseObject({ totalCount: z.nullish(z.number()), successful: z.nullish(z.number()), failed: z.nullish(z.number()) })),
  errors: z.nullish(z.array(subscriptionItemErrorSchema)),
});

export interface SubscriptionsResult {
  /** The subscriptions made (or removed), as the service answered them. */
  done: Subscription[];
  errors: SubscriptionItemError[];
  meta: { totalCount: number; successful: number; failed: number };
  /** True when the service answered 400 because every item failed. */
  allFailed: boolean;
}

const deletedSchema = z.looseObject({ acknowledged: z.nullish(z.boolean()) });

/** What a topic key may be: the trigger checks it by the subscriber id pattern (§11), 1 to 100 characters. */
export function topicKeyProblem(key: string): string | undefined {
  if (key === '') return l10n.t('A topic key is required.');
  if (key.length > 100) return l10n.t('At most {0} characters (this one has {1}).', 100, key.length);
  if (!SUBSCRIBER_ID_PATTERN.test(key)) return l10n.t('Use letters, digits and _ : . - only.');
  return undefined;
}

export interface TopicListQuery {
  after?: string;
  limit?: number;
  /** Substring of the key, case-insensitive (§11). */
  key?: string;
  /** Substring of the name, case-insensitive. */
  name?: string;
  orderBy?: 'createdAt' | 'updatedAt' | '_id';
  orderDirection?: 'ASC' | 'DESC';
}

const topicPath = (key: string, suffix = ''): string => {
  if (key === '') throw new NovuValidationError({ topicKey: [l10n.t('A topic key is required.')] });
  return `v2/topics/${encodeURIComponent(key)}${suffix}`;
};

/** `GET /v2/topics` (§11): one page of topics, with cursors (no total). */
export function listTopics(client: NovuClient, query: TopicListQuery = {}, options?: RequestOptions): Promise<TopicPage> {
  return client.call({ method: 'get', path: 'v2/topics', query: { ...query }, schema: topicPageSchema, paged: true, options });
}

/** `GET /v2/topics/{key}`. */
export function getTopic(client: NovuClient, key: string, options?: RequestOptions): Promise<Topic> {
  return client.call({ method: 'get', path: topicPath(key), schema: topicSchema, options });
}

/** `POST /v2/topics?failIfExists=true` (§11): a new topic; an existing key answers 409, never an update of its name. */
export function createTopic(client: NovuClient, input: { key: string; name: string }, options?: RequestOptions): Promise<Topic> {
  const errors: FieldErrors = {};
  const keyProblem = topicKeyProblem(input.key);
  if (keyProblem) errors['key'] = [keyProblem];
  if (input.name.trim() === '') errors['name'] = [l10n.t('A name is required.')];
  rejectInvalid(errors);
  return client.call({ method: 'post', path: 'v2/topics', query: { failIfExists: true }, body: { key: input.key, name: input.name }, schema: topicSchema, options });
}

/** `PATCH /v2/topics/{key}`: its name. */
export function renameTopic(client: NovuClient, key: string, name: string, options?: RequestOptions): Promise<Topic> {
  if (name.trim() === '') throw new NovuValidationError({ name: [l10n.t('A name is required.')] });
  return client.call({ method: 'patch', path: topicPath(key), body: { name }, schema: topicSchema, options });
}

/** `DELETE /v2/topics/{key}` (§11): the topic and every subscription to it. */
export async function deleteTopic(client: NovuClient, key: string, options?: RequestOptions): Promise<void> {
  await client.call({ method: 'delete', path: topicPath(key), schema: z.optional(deletedSchema), options });
}

export interface SubscriptionListQuery {
  after?: string;
  limit?: number;
  subscriberId?: string;
  /** An exact set (§11); [] means subscriptions without a context. Absent: every context. */
  contextKeys?: readonly string[];
}

/** `GET /v2/topics/{key}/subscriptions` (§11): one page, with cursors. */
export function listTopicSubscriptions(client: NovuClient, key: string, query: SubscriptionListQuery = {}, options?: RequestOptions): Promise<SubscriptionPage> {
  const { contextKeys, ...rest } = query;
  return client.call({ method: 'get', path: topicPath(key, '/subscriptions'), query: { ...rest, ...(contextKeys ? { contextKeys: contextKeysQuery(contextKeys) } : {}) }, schema: subscriptionPageSchema, paged: true, options });
}

/** `GET /v2/subscribers/{id}/subscriptions` (§11): the topics a subscriber is subscribed to. */
export function listSubscriberSubscriptions(client: NovuClient, subscriberId: string, query: { after?: string; limit?: number; key?: string } = {}, options?: RequestOptions): Promise<SubscriptionPage> {
  if (subscriberId === '') throw new NovuValidationError({ subscriberId: [l10n.t('A subscriber ID is required.')] });
  return client.call({ method: 'get', path: `v2/subscribers/${encodeURIComponent(subscriberId)}/subscriptions`, query: { ...query }, schema: subscriptionPageSchema, paged: true, options });
}

/** Subscriptions in one request (§11). */
export const MAX_SUBSCRIPTIONS_PER_REQUEST = 100;
/** Subscriptions of one subscriber to one topic (§11: `SUBSCRIPTION_LIMIT_EXCEEDED` past it). */
export const MAX_SUBSCRIPTIONS_PER_SUBSCRIBER = 10;

export interface AddSubscriptionsInput {
  subscriberIds: readonly string[];
  /** The trigger context's shape (§12): subscriptions scoped to it. */
  context?: Record<string, unknown>;
  /** The topic's name, when the call creates it. */
  name?: string;
}

/** Checks an add before it is sent: 1 to 100 subscriber ids by the service's pattern, a context by §12. */
export function validateAddSubscriptions(input: AddSubscriptionsInput): FieldErrors {
  const errors: FieldErrors = {};
  const ids = input.subscriberIds;
  if (ids.length === 0) errors['subscriptions'] = [l10n.t('Name at least one subscriber.')];
  else if (ids.length > MAX_SUBSCRIPTIONS_PER_REQUEST) errors['subscriptions'] = [l10n.t('At most {0} subscribers a request (this one has {1}).', MAX_SUBSCRIPTIONS_PER_REQUEST, ids.length)];
  ids.forEach((id, index) => {
    if (!SUBSCRIBER_ID_PATTERN.test(id)) errors[`subscriptions.${index}`] = [l10n.t('"{0}" is not a subscriber ID: use letters, digits and _ : . - only (or an email address).', id)];
  });
  if (input.context !== undefined) Object.assign(errors, validateTriggerContext(input.context));
  return errors;
}

/**
 * `POST /v2/topics/{key}/subscriptions` (§11): up to 100 subscribers; creates the topic if it is
 * missing. Each item's failure is named in `errors`; a 400 whose body has that shape (every item
 * failed) is answered the same way, with `allFailed`.
 */
export async function addTopicSubscriptions(client: NovuClient, key: string, input: AddSubscriptionsInput, options?: RequestOptions): Promise<SubscriptionsResult> {
  rejectInvalid(validateAddSubscriptions(input));
  const body = { subscriptions: [...input.subscriberIds], ...(input.name ? { name: input.name } : {}), ...(input.context ? { context: input.context } : {}) };
  return subscriptionsCall(client, { method: 'post', path: topicPath(key, '/subscriptions'), body }, input.subscriberIds.length, options);
}

/**
 * `DELETE /v2/topics/{key}/subscriptions` (§11): by subscription identifier, or by subscriber
 * (a subscriber id alone removes every subscription of that subscriber to the topic).
 */
export async function removeTopicSubscriptions(client: NovuClient, key: string, items: readonly ({ identifier: string } | { subscriberId: string })[], options?: RequestOptions): Promise<SubscriptionsResult> {
  if (items.length === 0 || items.length > MAX_SUBSCRIPTIONS_PER_REQUEST) throw new NovuValidationError({ subscriptions: [l10n.t('From 1 to {0} subscriptions a request.', MAX_SUBSCRIPTIONS_PER_REQUEST)] });
  return subscriptionsCall(client, { method: 'delete', path: topicPath(key, '/subscriptions'), body: { subscriptions: items } }, items.length, options);
}

async function subscriptionsCall(client: NovuClient, spec: { method: 'post' | 'delete'; path: string; body: unknown }, sent: number, options: RequestOptions | undefined): Promise<SubscriptionsResult> {
  try {
    const answer = await client.call({ ...spec, schema: subscriptionsResultSchema, paged: true, errorSchema: subscriptionsResultSchema, options });
    return readResult(answer, sent, false);
  } catch (error) {
    if (error instanceof NovuApiError && error.status === 400 && error.parsedBody !== undefined) {
      const parsed = subscriptionsResultSchema.safeParse(error.parsedBody);
      if (parsed.success && (parsed.data.errors?.length ?? 0) > 0) return readResult(parsed.data, sent, true);
    }
    throw error;
  }
}

function readResult(answer: z.infer<typeof subscriptionsResultSchema>, sent: number, allFailed: boolean): SubscriptionsResult {
  const done = (answer.data ?? []).flatMap((item) => {
    const parsed = subscriptionSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  const errors = answer.errors ?? [];
  const meta = answer.meta ?? {};
  return {
    done,
    errors,
    meta: { totalCount: meta.totalCount ?? sent, successful: meta.successful ?? done.length, failed: meta.failed ?? errors.length },
    allFailed,
  };
}

/** A subscription's subscriber in words: "Ada Lovelace (diag-ada)", or the id. */
export function subscriptionSubscriberName(subscription: Subscription): string {
  const s = subscription.subscriber;
  if (!s) return l10n.t('(subscriber deleted)');
  const name = [s.firstName, s.lastName].filter((p) => p && p.trim() !== '').join(' ');
  return name ? `${name} (${s.subscriberId})` : s.subscriberId;
}
