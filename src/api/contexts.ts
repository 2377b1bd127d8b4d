/**
 * Contexts (contract §12): a tenant, a workspace or a project that scopes a send, its preferences,
 * its topic subscriptions and its Inbox. The trigger's `context` checked as the service checks it,
 * the `type:id` keys a run carries and their exact-set match, and the `/v2/contexts` reads. Kept
 * apart from the client's own list so that only the bundles that speak it carry it.
 */
import * as z from 'zod/mini';
import { l10n } from '../l10n';
import type { NovuClient, RequestOptions } from './client';

export { CONTEXT_IDENTIFIER_PATTERN, MAX_CONTEXT_IDENTIFIER_LENGTH, MAX_CONTEXT_KEYS, MAX_CONTEXT_DATA_BYTES, contextIdentifierProblem, validateTriggerContext, contextKeysOf } from './contextRules';

/** The service's match of two sets of context keys (§12, §13): exact, order-insensitive; none equals none. */
export function sameContextKeys(a: readonly string[] | null | undefined, b: readonly string[] | null | undefined): boolean {
  const left = new Set(a ?? []);
  const right = new Set(b ?? []);
  return left.size === right.size && [...left].every((k) => right.has(k));
}

/** A set of context keys in words: "tenant:acme, app:x", or "no context". */
export function describeContextKeys(keys: readonly string[] | null | undefined): string {
  return keys && keys.length > 0 ? [...keys].sort().join(', ') : l10n.t('no context');
}

/**
 * `contextKeys` as a query sends it: each key once (`contextKeys=tenant:acme&contextKeys=app:x`), or
 * one empty value for "no context" (§11, §12: `contextKeys=` means records without one).
 */
export function contextKeysQuery(keys: readonly string[]): string[] {
  return keys.length === 0 ? [''] : [...keys];
}

/** What one of the keys is missing or has more than the other, in words ("lacks app:x; has tenant:b more"). */
export function contextKeysDifference(expected: readonly string[], actual: readonly string[]): { missing: string[]; extra: string[] } {
  const want = new Set(expected);
  const have = new Set(actual);
  return { missing: [...want].filter((k) => !have.has(k)).sort(), extra: [...have].filter((k) => !want.has(k)).sort() };
}

// ---- /v2/contexts ------------------------------------------------------------------------------

const jsonObject = z.record(z.string(), z.unknown());

export const contextSchema = z.looseObject({
  type: z.string(),
  id: z.string(),
  data: z.nullish(jsonObject),
  createdAt: z.nullish(z.string()),
  updatedAt: z.nullish(z.string()),
});
export type ContextRecord = z.infer<typeof contextSchema>;

export const contextPageSchema = z.looseObject({
  data: z.array(contextSchema),
  next: z.pipe(z.nullish(z.string()), z.transform((v) => v ?? null)),
  previous: z.pipe(z.nullish(z.string()), z.transform((v) => v ?? null)),
  totalCount: z.nullish(z.number()),
  totalCountCapped: z.nullish(z.boolean()),
});
export type ContextPage = z.infer<typeof contextPageSchema>;

export interface ContextListQuery {
  type?: string;
  id?: string;
  /** The service's case-insensitive search of `type:id`. */
  search?: string;
  limit?: number;
  after?: string;
  orderBy?: 'createdAt' | 'updatedAt';
  orderDirection?: 'ASC' | 'DESC';
}

/** `GET /v2/contexts` (§12): one page, newest created first, with cursors. */
export function listContexts(client: NovuClient, query: ContextListQuery = {}, options?: RequestOptions): Promise<ContextPage> {
  return client.call({ method: 'get', path: 'v2/contexts', query: { ...query }, schema: contextPageSchema, paged: true, options });
}

/** `GET /v2/contexts/{type}/{id}` (§12). */
export function getContext(client: NovuClient, type: string, id: string, options?: RequestOptions): Promise<ContextRecord> {
  return client.call({ method: 'get', path: `v2/contexts/${encodeURIComponent(type)}/${encodeURIComponent(id)}`, schema: contextSchema, options });
}

/** The `type:id` key of a context record. */
export const contextKey = (context: { type: string; id: string }): string => `${context.type}:${context.id}`;
