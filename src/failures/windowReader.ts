/**
 * Reads every notification of a time window (contract §6) for the failures view: the largest page
 * the service allows, at most three requests in flight, each run handed on once, stoppable. Keeps
 * nothing itself but the ids it has handed on (offset pages repeat a row when the list shifts).
 */
import type { Notification, NotificationListQuery, NovuClient, RequestOptions } from '../api';

/** The service's largest page (§6: `limit` 1 to 50). */
export const WINDOW_PAGE_SIZE = 50;
export const MAX_IN_FLIGHT = 3;

export interface WindowProgress {
  /** Runs handed on so far (each once). */
  runs: number;
  /** List requests answered. */
  pages: number;
  /** From how far the window is read: the window's part already read, by time, as an estimate of the total. */
  estimatedTotal?: number;
  /** The oldest run read so far (ISO). */
  oldestRead?: string;
  elapsedMs: number;
}

export interface WindowReadResult extends WindowProgress {
  /** Every page was read (false: stopped first). */
  complete: boolean;
  /** The window's end as read: `before` pinned to the read's start, so new runs do not shift the pages. */
  before: string;
}

export interface WindowReadOptions {
  client: Pick<NovuClient, 'listNotifications'>;
  /** The window (`after`, optional `before`) and the Activity filter's fields; `page` and `limit` are the reader's. */
  query: Omit<NotificationListQuery, 'page' | 'limit'>;
  /** Each page's new runs, in the order the pages arrive (not necessarily newest first). */
  onPage(runs: readonly Notification[]): void;
  onProgress?(progress: WindowProgress): void;
  signal?: AbortSignal;
  now?: () => number;
  pageSize?: number;
  maxInFlight?: number;
}

/**
 * Reads the window page by page. The first page goes alone; then as many pages are asked at once
 * (up to `maxInFlight`) as the part of the window still unread is likely to fill, judged from how
 * much time the pages read so far covered, so that a small window costs no request past its end.
 */
export async function readWindow(options: WindowReadOptions): Promise<WindowReadResult> {
  const { client, onPage, onProgress, signal } = options;
  const now = options.now ?? Date.now;
  const limit = options.pageSize ?? WINDOW_PAGE_SIZE;
  const maxInFlight = options.maxInFlight ?? MAX_IN_FLIGHT;
  const started = now();
  const before = options.query.before !== undefined && Date.parse(options.query.before) < started ? options.query.before : new Date(started).toISOString();
  const query = { ...options.query, before };
  const seen = new Set<string>();
  let pages = 0;
  let oldestMs = Infinity;
  let oldestRead: string | undefined;
  /** The first page known to be past the end (a short page's index + 1). */
  let endPage = Infinity;
  let nextPage = 0;
  const inFlight = new Map<number, Promise<void>>();

  const progress = (): WindowProgress => ({
    runs: seen.size,
    pages,
    ...(oldestRead !== undefined ? { oldestRead } : {}),
    ...(estimate() !== undefined ? { estimatedTotal: estimate() } : {}),
    elapsedMs: now() - started,
  });

  /** The window's total, from the share of its time the runs read so far cover (needs its start). */
  const estimate = (): number | undefined => {
    if (endPage !== Infinity) return seen.size;
    const startMs = options.query.after === undefined ? NaN : Date.parse(options.query.after);
    const span = Date.parse(before) - startMs;
    const covered = Date.parse(before) - oldestMs;
    if (!(span > 0) || !(covered > 0) || seen.size === 0) return undefined;
    return Math.max(seen.size, Math.round((seen.size * span) / Math.min(span, covered)));
  };

  /** How many requests may be out at once now: one until the first answer, then what the rest of the window likely holds. */
  const wanted = (): number => {
    if (pages === 0) return 1;
    const total = estimate();
    if (total === undefined) return maxInFlight;
    const pagesLeft = Math.ceil(Math.max(0, total - nextPage * limit) / limit);
    return Math.max(1, Math.min(maxInFlight, pagesLeft + 1));
  };

  const fetchPage = async (page: number): Promise<void> => {
    const requestOptions: RequestOptions = signal ? { signal } : {};
    const answer = await client.listNotifications({ ...query, page, limit }, requestOptions);
    pages++;
    if (answer.data.length < limit) endPage = Math.min(endPage, page + 1);
    const fresh = answer.data.filter((n) => !seen.has(n._id));
    for (const n of fresh) {
      seen.add(n._id);
      const at = Date.parse(n.createdAt ?? '');
      if (at < oldestMs) {
        oldestMs = at;
        oldestRead = n.createdAt ?? undefined;
      }
    }
    if (fresh.length > 0) onPage(fresh);
    onProgress?.(progress());
  };

  try {
    for (;;) {
      signal?.throwIfAborted();
      while (nextPage < endPage && inFlight.size < wanted()) {
        const page = nextPage++;
        inFlight.set(page, fetchPage(page).finally(() => inFlight.delete(page)));
      }
      if (inFlight.size === 0) break;
      await Promise.race(inFlight.values());
    }
  } catch (error) {
    // A failed or stopped page leaves the others to settle before the caller hears of it.
    await Promise.allSettled(inFlight.values());
    if (signal?.aborted) return { ...progress(), complete: false, before };
    throw error;
  }
  return { ...progress(), complete: true, before };
}
