// Cursor paging as the service's newer lists do it (topics, subscriptions, contexts; contract §11,
// §12), the same way `GET /v2/subscribers` pages: the cursor is an item's `_id`, `next` and
// `previous` name the last and first item of the page when there is more that way. These lists are
// small beside the subscribers, so a page is found by a scan rather than an index.
import { type FieldErrors, badRequest } from './errors';
import type { Query } from './types';
import { integerParam, scalar } from './validation';

export interface CursorQuery<O extends string = string> {
  after?: string;
  before?: string;
  limit: number;
  orderDirection: 'ASC' | 'DESC';
  orderBy: O;
  includeCursor: boolean;
}

export interface CursorPage<T> {
  data: T[];
  next: string | null;
  previous: string | null;
}

export interface CursorOptions<O extends string> {
  orderBys: readonly O[];
  defaultOrderBy: O;
  /** Undefined: no maximum (the topics' DTO has none, contract §11). */
  maxLimit?: number;
}

/** The paging part of a list's query; field errors go to `errors` (the caller throws them, then calls `assertOneCursor`). */
export function parseCursorQuery<O extends string>(query: Query, errors: FieldErrors, options: CursorOptions<O>): CursorQuery<O> {
  const after = scalar(query, 'after', errors);
  const before = scalar(query, 'before', errors);
  const limit = integerParam(query, 'limit', errors, 10, 1, options.maxLimit ?? Number.MAX_SAFE_INTEGER);
  const orderDirection = scalar(query, 'orderDirection', errors) ?? 'DESC';
  if (orderDirection !== 'ASC' && orderDirection !== 'DESC') errors.add('orderDirection', 'orderDirection must be one of the following values: ASC, DESC', orderDirection);
  const orderBy = scalar(query, 'orderBy', errors) ?? options.defaultOrderBy;
  if (!(options.orderBys as readonly string[]).includes(orderBy)) errors.add('orderBy', `orderBy must be one of the following values: ${options.orderBys.join(', ')}`, orderBy);
  const includeCursor = scalar(query, 'includeCursor', errors);
  if (includeCursor !== undefined && includeCursor !== 'true' && includeCursor !== 'false') errors.add('includeCursor', 'includeCursor must be a boolean value', includeCursor);
  const q: CursorQuery<O> = { limit, orderDirection: orderDirection === 'ASC' ? 'ASC' : 'DESC', orderBy: orderBy as O, includeCursor: includeCursor === 'true' };
  if (after !== undefined && after !== '') q.after = after;
  if (before !== undefined && before !== '') q.before = before;
  return q;
}

/** Both cursors at once: 400, in the service's words (after the 422 of the field checks). */
export function assertOneCursor(q: CursorQuery): void {
  if (q.after !== undefined && q.before !== undefined) throw badRequest('Cannot specify both "before" and "after" cursors at the same time.');
}

type Timed = { _id: string; createdAt: string; updatedAt: string };

/** Ascending by the order field, ties by `_id`. */
export function orderCompare(orderBy: string): (a: Timed, b: Timed) => number {
  const field = orderBy === 'createdAt' || orderBy === 'updatedAt' ? orderBy : undefined;
  return (a, b) => {
    if (field && a[field] !== b[field]) return a[field] < b[field] ? -1 : 1;
    return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
  };
}

/**
 * One page of `items` (already filtered, any order). The cursor is looked up in `all` (it may be
 * filtered out, or gone): its place in the order decides the page, as the service's `$gt`/`$lt` does.
 */
export function cursorPage<T extends Timed>(items: readonly T[], q: CursorQuery, all: (id: string) => T | undefined): CursorPage<T> {
  const compare = orderCompare(q.orderBy);
  const ascending = [...items].sort(compare);
  const n = ascending.length;
  const asc = q.orderDirection === 'ASC';
  let start = 0;
  let end = Math.min(n, q.limit);
  const cursorId = q.after ?? q.before;
  if (cursorId !== undefined) {
    const cursor = all(cursorId);
    if (!cursor) return { data: [], next: null, previous: null };
    // lo: the first item not before the cursor; hi: the first item after it (ascending).
    let lo = 0;
    while (lo < n && compare(ascending[lo]!, cursor) < 0) lo++;
    let hi = lo;
    while (hi < n && compare(ascending[hi]!, cursor) <= 0) hi++;
    if (q.after !== undefined) {
      start = asc ? (q.includeCursor ? lo : hi) : n - (q.includeCursor ? hi : lo);
      end = Math.min(n, start + q.limit);
    } else {
      end = asc ? (q.includeCursor ? hi : lo) : n - (q.includeCursor ? lo : hi);
      start = Math.max(0, end - q.limit);
    }
  }
  const data: T[] = [];
  for (let i = start; i < end; i++) {
    const item = asc ? ascending[i] : ascending[n - 1 - i];
    if (item) data.push(item);
  }
  const first = data[0];
  const last = data[data.length - 1];
  return { data, next: last && end < n ? last._id : null, previous: first && start > 0 ? first._id : null };
}
