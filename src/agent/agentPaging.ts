/**
 * Paging for the agent's tools that never skips a record: a cursor continues right after the last
 * record a result shows, whatever the size cap left out. Pure and vscode-free.
 */
import type { Notification, NotificationPage } from '../api';

export interface ScanOptions {
  /** How many of the service's list (for these filters, newest first) come before the first wanted. */
  start: number;
  limit: number;
  /** A filter applied here, on what the service gives (failures only, a workflow by name). */
  filteredHere: boolean;
  matches: (n: Notification) => boolean;
  /** The page size when scanning or starting past the first page. */
  pageSize: number;
  /** How many pages a filter applied here looks through. */
  scanPages: number;
}

export interface Scanned {
  /** At most `limit` matches, in the service's order. */
  kept: Notification[];
  /** How many of the service's records were looked through. */
  scanned: number;
  /** The cursor after the `shown`-th kept record (a result may show fewer than it kept); undefined when nothing is left. */
  cursorAfter: (shown: number) => string | undefined;
}

/**
 * Reads the service's offset pages from `start` and keeps up to `limit` matches. Without a filter
 * applied here, a call from the start is one request of `limit`. The cursor is a position in the
 * service's list: new notifications push older ones down, so a later call may repeat one, never
 * skip one.
 */
export async function scanNotifications(list: (page: number, limit: number) => Promise<NotificationPage>, options: ScanOptions): Promise<Scanned> {
  const { start, limit, filteredHere, matches } = options;
  const pageSize = filteredHere || start > 0 ? options.pageSize : limit;
  const firstPage = Math.floor(start / pageSize);
  // Unfiltered from a cursor, `limit` records span at most two pages of `pageSize` (limit <= pageSize).
  const pages = filteredHere ? options.scanPages : 2;
  const found: { notification: Notification; index: number }[] = [];
  let scanned = 0;
  let nextIndex = start;
  let more = false;
  for (let page = firstPage; page < firstPage + pages; page++) {
    const answer = await list(page, pageSize);
    answer.data.forEach((n, i) => {
      const index = page * pageSize + i;
      if (index < start) return;
      scanned += 1;
      nextIndex = index + 1;
      if (matches(n) && !found.some((f) => f.notification._id === n._id)) found.push({ notification: n, index });
    });
    more = answer.hasMore === true && answer.data.length > 0;
    // Filtered here: one match past the limit proves there is more. Filtered by the service: a full page does.
    if (found.length > limit || (!filteredHere && found.length >= limit) || !more) break;
  }
  const kept = found.slice(0, limit);
  const cursorAfter = (shown: number): string | undefined => {
    if (shown < found.length) return String(shown > 0 ? kept[shown - 1]!.index + 1 : start);
    return more ? String(nextIndex) : undefined;
  };
  return { kept: kept.map((f) => f.notification), scanned, cursorAfter };
}
