// Subscribers (contract §1, §2, §8.3): kept in two sorted indexes (by `_id` and by `updatedAt`) so that
// cursor lookups are binary searches, not scans. The seeded ones come from subscribersSeed.ts.
import type { SandboxClock } from './clock';
import { SANDBOX_FIXTURES as F } from './fixtures';
import { iso, objectId } from './random';
import { SUBSCRIBER_ID_TAG } from './subscribersSeed';
import type { Subscriber } from './types';

/** `GET /v2/subscribers` counts at most this many (`totalCountCapped` says when there were more). */
export const TOTAL_COUNT_CAP = 50_000;

export interface SubscriberSearch {
  after?: string;
  before?: string;
  limit: number;
  orderDirection: 'ASC' | 'DESC';
  orderBy: '_id' | 'updatedAt';
  includeCursor: boolean;
  email?: string;
  phone?: string;
  name?: string;
  subscriberId?: string;
}

export interface SubscriberPage {
  data: Subscriber[];
  next: string | null;
  previous: string | null;
  totalCount: number;
  totalCountCapped: boolean;
}

export type SubscriberInput = Partial<
  Pick<Subscriber, 'firstName' | 'lastName' | 'email' | 'phone' | 'avatar' | 'locale' | 'timezone' | 'data'>
> & { subscriberId: string };

type SortKey = readonly [string, string];

function compareKeys(a: SortKey, b: SortKey): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  return 0;
}

/** First index whose key is >= (or > when `strict`) the given key. */
function bound(list: readonly Subscriber[], key: SortKey, keyOf: (s: Subscriber) => SortKey, strict: boolean): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const item = list[mid];
    if (!item) break;
    const c = compareKeys(keyOf(item), key);
    if (c < 0 || (strict && c === 0)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const byIdKey = (s: Subscriber): SortKey => [s._id, ''];
const byUpdatedKey = (s: Subscriber): SortKey => [s.updatedAt, s._id];

export class Subscribers {
  /** Ascending `_id` (= creation order). */
  private readonly byId: Subscriber[];
  /** Ascending (`updatedAt`, `_id`). */
  private readonly byUpdated: Subscriber[];
  private readonly bySubscriberId = new Map<string, Subscriber>();
  private created: number;

  /** `seeded`: in `_id` order, as subscribersSeed.ts makes them. */
  constructor(
    seeded: Subscriber[],
    private readonly clock: SandboxClock,
  ) {
    this.byId = seeded;
    for (const s of this.byId) this.bySubscriberId.set(s.subscriberId, s);
    // A direct comparator: sorting 100,000 records must not allocate key tuples per comparison.
    this.byUpdated = [...this.byId].sort((a, b) =>
      a.updatedAt !== b.updatedAt ? (a.updatedAt < b.updatedAt ? -1 : 1) : a._id < b._id ? -1 : a._id > b._id ? 1 : 0,
    );
    this.created = this.byId.length;
  }

  /** All subscribers in `_id` order. */
  get all(): readonly Subscriber[] {
    return this.byId;
  }

  get(subscriberId: string): Subscriber | undefined {
    return this.bySubscriberId.get(subscriberId);
  }

  search(q: SubscriberSearch): SubscriberPage {
    const ordered = q.orderBy === 'updatedAt' ? this.byUpdated : this.byId;
    const keyOf = q.orderBy === 'updatedAt' ? byUpdatedKey : byIdKey;
    const list = this.filterSubscribers(ordered, q);
    const n = list.length;
    const totals = { totalCount: Math.min(n, TOTAL_COUNT_CAP), totalCountCapped: n > TOTAL_COUNT_CAP };
    const cursorId = q.after ?? q.before;
    // `seq` is the list in the requested direction; positions below are indexes into it.
    let start = 0;
    let end = Math.min(n, q.limit);
    if (cursorId !== undefined) {
      const cursor = this.byObjectId(cursorId);
      if (!cursor) return { data: [], next: null, previous: null, ...totals };
      const key = keyOf(cursor);
      const lo = bound(list, key, keyOf, false); // first >= key (ascending)
      const hi = bound(list, key, keyOf, true); // first > key (ascending)
      const asc = q.orderDirection === 'ASC';
      if (q.after !== undefined) {
        start = asc ? (q.includeCursor ? lo : hi) : n - (q.includeCursor ? hi : lo);
        end = Math.min(n, start + q.limit);
      } else {
        end = asc ? (q.includeCursor ? hi : lo) : n - (q.includeCursor ? lo : hi);
        start = Math.max(0, end - q.limit);
      }
    }
    const data: Subscriber[] = [];
    for (let i = start; i < end; i++) {
      const item = q.orderDirection === 'ASC' ? list[i] : list[n - 1 - i];
      if (item) data.push(item);
    }
    const first = data[0];
    const last = data[data.length - 1];
    return {
      data,
      next: last && end < n ? last._id : null,
      previous: first && start > 0 ? first._id : null,
      ...totals,
    };
  }

  /** Cursor lookup: `byId` is sorted by `_id`, so a binary search finds it. */
  private byObjectId(id: string): Subscriber | undefined {
    const found = this.byId[bound(this.byId, [id, ''], byIdKey, false)];
    return found?._id === id ? found : undefined;
  }

  private filterSubscribers(list: Subscriber[], q: SubscriberSearch): Subscriber[] {
    const email = q.email?.toLowerCase();
    const phone = q.phone?.toLowerCase();
    const name = q.name?.toLowerCase();
    const subscriberId = q.subscriberId;
    if (email === undefined && phone === undefined && name === undefined && subscriberId === undefined) return list;
    return list.filter(
      (s) =>
        (subscriberId === undefined || s.subscriberId === subscriberId) &&
        (email === undefined || (s.email ?? '').toLowerCase().includes(email)) &&
        (phone === undefined || (s.phone ?? '').toLowerCase().includes(phone)) &&
        (name === undefined || `${s.firstName ?? ''} ${s.lastName ?? ''}`.toLowerCase().includes(name)),
    );
  }

  /** Creates or, for an existing id, updates the given fields (the service treats create as an upsert). */
  upsert(input: SubscriberInput): { subscriber: Subscriber; created: boolean } {
    const createdMs = this.clock.tickMs();
    const now = iso(createdMs);
    const existing = this.bySubscriberId.get(input.subscriberId);
    if (existing) {
      const at = bound(this.byUpdated, byUpdatedKey(existing), byUpdatedKey, false);
      if (this.byUpdated[at] === existing) this.byUpdated.splice(at, 1);
      for (const [field, value] of Object.entries(input)) {
        if (value !== undefined) (existing as unknown as Record<string, unknown>)[field] = value;
      }
      existing.updatedAt = now;
      this.insertByUpdated(existing);
      return { subscriber: existing, created: false };
    }
    const subscriber: Subscriber = {
      _id: objectId(createdMs, SUBSCRIBER_ID_TAG, this.created++),
      subscriberId: input.subscriberId,
      _organizationId: F.organizationId,
      _environmentId: F.developmentEnvironmentId,
      deleted: false,
      createdAt: now,
      updatedAt: now,
      __v: 0,
    };
    for (const [field, value] of Object.entries(input)) {
      if (value !== undefined && field !== 'subscriberId') (subscriber as unknown as Record<string, unknown>)[field] = value;
    }
    this.byId.splice(bound(this.byId, byIdKey(subscriber), byIdKey, false), 0, subscriber);
    this.insertByUpdated(subscriber);
    this.bySubscriberId.set(subscriber.subscriberId, subscriber);
    return { subscriber, created: true };
  }

  private insertByUpdated(s: Subscriber): void {
    this.byUpdated.splice(bound(this.byUpdated, byUpdatedKey(s), byUpdatedKey, false), 0, s);
  }
}
