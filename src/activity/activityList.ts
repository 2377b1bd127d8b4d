/**
 * The notifications the Activity view holds, newest first, and how pages and follow polls merge
 * into them (contract §6): offset pages de-duplicated by `_id`, the next page computed from what
 * is held (rows inserted by follow shift the service's offsets), and a poll of the newest page
 * that inserts new rows at the top and updates changed ones in place. Pure and vscode-free.
 */
import type { Notification } from '../api';
import { progressSignature } from '../format/jobStatus';
import { isFailed } from './activityRows';

export interface PollMerge {
  /** Rows that were not held before, newest first. */
  inserted: Notification[];
  /** Rows held before whose jobs moved on. */
  updated: Notification[];
  /** Rows that are failed now and were not (new, or moved to failed). */
  newlyFailed: string[];
  /** The newest page held nothing known: more arrived than one page shows, so the list restarted. */
  restarted: boolean;
}

export class ActivityList {
  private rows: Notification[] = [];
  private readonly byId = new Map<string, Notification>();
  /** The service said there may be more (a full page came back). */
  hasMore = false;

  get items(): readonly Notification[] {
    return this.rows;
  }

  get size(): number {
    return this.rows.length;
  }

  get(id: string): Notification | undefined {
    return this.byId.get(id);
  }

  get failedCount(): number {
    let count = 0;
    for (const n of this.rows) if (isFailed(n)) count++;
    return count;
  }

  clear(): void {
    this.rows = [];
    this.byId.clear();
    this.hasMore = false;
  }

  /**
   * The page to ask for next. Offsets shift by the rows follow inserted, so the page holding the
   * first row not yet held is the one after `size` rows; rows it repeats are dropped on append.
   */
  nextPage(limit: number): number {
    return Math.floor(this.rows.length / limit);
  }

  /** Appends a page; returns how many rows were new. An empty page after `hasMore` means the end. */
  append(page: readonly Notification[], limit: number): number {
    let added = 0;
    for (const n of page) {
      if (this.byId.has(n._id)) continue;
      this.byId.set(n._id, n);
      this.rows.push(n);
      added++;
    }
    // `hasMore` is `data.length === limit` on the service: a full page may be the last one.
    this.hasMore = page.length === limit && page.length > 0;
    return added;
  }

  /** Merges a poll of the newest page (same filter, page 0, `limit`) into what is held. */
  mergeNewest(page: readonly Notification[], limit: number): PollMerge {
    const known = page.filter((n) => this.byId.has(n._id));
    const newlyFailed: string[] = [];
    if (this.rows.length > 0 && known.length === 0 && page.length >= limit) {
      // A gap: rows between this page and what is held were never seen. Start again from this page.
      for (const n of page) if (isFailed(n)) newlyFailed.push(n._id);
      this.clear();
      this.append(page, limit);
      return { inserted: [...page], updated: [], newlyFailed, restarted: true };
    }
    const inserted: Notification[] = [];
    const updated: Notification[] = [];
    for (const n of page) {
      const before = this.byId.get(n._id);
      if (!before) {
        inserted.push(n);
        if (isFailed(n)) newlyFailed.push(n._id);
      } else if (progressSignature(before) !== progressSignature(n) || before.updatedAt !== n.updatedAt) {
        updated.push(n);
        if (isFailed(n) && !isFailed(before)) newlyFailed.push(n._id);
      }
      this.byId.set(n._id, n);
    }
    if (inserted.length > 0 || updated.length > 0) {
      // The page's order is the service's; rows it does not hold keep theirs after it.
      const pageIds = new Set(page.map((n) => n._id));
      this.rows = [...page, ...this.rows.filter((n) => !pageIds.has(n._id))];
    }
    if (this.rows.length === page.length) this.hasMore = page.length === limit;
    return { inserted, updated, newlyFailed, restarted: false };
  }
}
