/**
 * One side of a comparison read (contract §10.2): its environment (`/v1/environments/me` and the
 * list), every workflow listed 100 at a time and each read whole by its `_id`, every layout likewise,
 * and its integrations. GET only, through the service client (`api/client.ts`: its envelopes, typed
 * errors and log), at most four requests in flight (`gate.ts`). A 429 waits its `Retry-After` and
 * asks again, three tries in all, then that item is "not read"; a workflow's 500 is "could not read
 * (errorId …)" and the rest goes on; a 404 between list and read drops the item; a rejected key (401)
 * fails the side, named. A workflow with translations enabled has its translation group read too
 * (§10.7); the first 402, 403 or 404 there means the module is not in this plan or server, and no
 * more groups are asked for. Each item can be handed on as it arrives, and a previous snapshot lets
 * "Compare again" read only the items whose `updatedAt` changed (the lists are always read, and so
 * are the few translation groups: a translation edited leaves its workflow's `updatedAt` as it was).
 */
import * as z from 'zod/mini';
import { NovuClient, type RequestLogEntry } from '../api/client';
import { NovuApiError } from '../api/errors';
import { l10n } from '../l10n';
import { type EnvironmentInfo, ownEnvironment, parseEnvironmentList, parseMe, sideName } from './environments';
import { ReadGate, delay } from './gate';
import type { Json } from './normalize';
import { type LayoutListEntry, type SideSnapshot, type TranslationGroup, type TranslationsRead, type UnreadItem, type WorkflowListEntry, parseIntegrations, parseTranslationGroup } from './snapshot';

export const MAX_IN_FLIGHT = 4;
const PAGE = 100;
const TRIES = 3;

export type ReadEvent =
  | { kind: 'environment'; environment: EnvironmentInfo }
  | { kind: 'workflow'; workflowId: string; workflow: Json; reused: boolean }
  | { kind: 'layout'; layoutId: string; layout: Json; reused: boolean }
  | { kind: 'unread'; item: UnreadItem };

export interface ReadSideOptions {
  baseUrl: string;
  apiKey: string;
  /** The connection's name, said when this side fails. */
  connectionName: string;
  fetch?: typeof globalThis.fetch;
  signal?: AbortSignal;
  /** Called as each item arrives, so that a view can show the first results while the rest are read. */
  onItem?: (event: ReadEvent) => void;
  /** "Compare again": this side's last snapshot; its items whose `updatedAt` did not change are kept, not read. */
  previous?: SideSnapshot;
  onRequest?: (entry: RequestLogEntry) => void;
}

/** The side could not be read as a whole (its key rejected, its lists unreadable): nothing is compared. */
export class SideReadError extends Error {
  override readonly name = 'SideReadError';
  constructor(message: string, readonly connectionName: string, readonly status: number | undefined, readonly errorId: string | undefined) {
    super(message);
  }
}

const anyBody = z.unknown();
const listItem = z.looseObject({ _id: z.string(), name: z.optional(z.nullable(z.string())), updatedAt: z.optional(z.nullable(z.string())), origin: z.optional(z.nullable(z.string())), status: z.optional(z.nullable(z.string())), workflowId: z.optional(z.string()), layoutId: z.optional(z.string()) });

class NotRead extends Error {}

export async function readSide(options: ReadSideOptions): Promise<SideSnapshot> {
  const readAt = new Date().toISOString();
  const gate = new ReadGate(MAX_IN_FLIGHT);
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const baseFetch = options.fetch ?? globalThis.fetch;
  const client = new NovuClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    retries: 0,
    fetch: async (input, init) => {
      const response = await baseFetch(input, init);
      gate.observe(response.headers);
      return response;
    },
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
  });
  const emit = (event: ReadEvent) => options.onItem?.(event);
  let fatal: SideReadError | undefined;
  const fail = (error: unknown): never => {
    if (!fatal) {
      fatal = sideError(options.connectionName, error);
      stop.abort(fatal);
    }
    throw fatal;
  };

  /** One GET, paced by the gate; a 429 waits Retry-After and asks again (three tries), then NotRead. */
  const get = async (path: string, query: Record<string, number> = {}): Promise<unknown> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await gate.run(() => client.call({ method: 'get', path, query, schema: anyBody, options: { signal, retryRateLimited: false } }), signal);
      } catch (error) {
        if (!(error instanceof NovuApiError && error.status === 429)) throw error;
        if (attempt >= TRIES) throw new NotRead(l10n.t('rate limited {0} times', TRIES));
        await delay((error.retryAfterSeconds ?? 1) * 1000, signal);
      }
    }
  };

  const paged = async (path: string, key: 'workflows' | 'layouts'): Promise<z.infer<typeof listItem>[]> => {
    const page = async (offset: number) => {
      const body = (await get(path, { limit: PAGE, offset })) as Record<string, unknown> | undefined;
      const items = Array.isArray(body?.[key]) ? (body[key] as unknown[]) : [];
      return { items, total: typeof body?.['totalCount'] === 'number' ? body['totalCount'] : items.length };
    };
    const first = await page(0);
    const offsets: number[] = [];
    for (let offset = PAGE; offset < first.total && first.items.length > 0; offset += PAGE) offsets.push(offset);
    const rest = await Promise.all(offsets.map(page));
    const seen = new Set<string>();
    return [first, ...rest].flatMap((p) => p.items).flatMap((item) => {
      const parsed = listItem.safeParse(item);
      if (!parsed.success || seen.has(parsed.data._id)) return [];
      seen.add(parsed.data._id);
      return [parsed.data];
    });
  };

  /** An item's read failed: a rejected key fails the side; a 5xx or a 429 given up lists it as not read. */
  const notRead = (kind: UnreadItem['kind'], id: string, name: string, error: unknown): undefined => {
    if (error instanceof NovuApiError && error.status === 401) return fail(error);
    if (fatal) throw fatal;
    if (!(error instanceof NovuApiError) && !(error instanceof NotRead)) return fail(error);
    const item: UnreadItem = { kind, id, name, message: error.message, ...(error instanceof NovuApiError ? { status: error.status, ...(error.errorId ? { errorId: error.errorId } : {}) } : {}) };
    unread.push(item);
    emit({ kind: 'unread', item });
    return undefined;
  };

  /** Reads one item whole; a 404 drops it (deleted between list and read). */
  const readOne = async (kind: 'workflow' | 'layout', path: string, id: string, name: string): Promise<Json | undefined> => {
    try {
      const body = await get(path);
      return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Json) : undefined;
    } catch (error) {
      if (error instanceof NovuApiError && error.status === 404) return undefined;
      return notRead(kind, id, name, error);
    }
  };

  const translations = new Map<string, TranslationGroup>();
  let translationsEnabled = 0;
  let translationsUnavailable: { status: number; message: string } | undefined;
  /** A workflow's translation group (§10.7); 402, 403 or 404: the module is not available, and no more are read. */
  const readTranslations = async (workflowId: string, name: string): Promise<void> => {
    translationsEnabled++;
    if (translationsUnavailable) return;
    try {
      const group = parseTranslationGroup(await get(`v2/translations/group/workflow/${encodeURIComponent(workflowId)}`));
      if (group) translations.set(workflowId, group);
      else notRead('translations', workflowId, name, new NotRead(l10n.t('the answer is not a translation group')));
    } catch (error) {
      if (error instanceof NovuApiError && (error.status === 402 || error.status === 403 || error.status === 404)) {
        translationsUnavailable ??= { status: error.status, message: error.message };
        return;
      }
      notRead('translations', workflowId, name, error);
    }
  };

  const unread: UnreadItem[] = [];
  const guard = <T>(promise: Promise<T>): Promise<T> => promise.catch((error: unknown) => (fatal ? Promise.reject(fatal) : fail(error)));

  try {
    const meRead = guard(get('v1/environments/me').then(parseMe, (error: unknown) => {
      if (error instanceof NovuApiError && error.status === 404) return 'list' as const;
      throw error;
    }));
    const listRead = guard(get('v1/environments').then(parseEnvironmentList));
    const integrationsRead = get('v1/integrations').then((body) => ({ ok: true as const, body }), (error: unknown) => {
      if (error instanceof NovuApiError && error.status === 401) return fail(error);
      return { ok: false as const, error };
    });
    const workflowsListed = guard(paged('v2/workflows', 'workflows'));
    const layoutsListed = guard(paged('v2/layouts', 'layouts'));
    // A side that fails early leaves the other reads unawaited: their failure is the side's, already said.
    for (const read of [meRead, listRead, integrationsRead, workflowsListed, layoutsListed]) read.catch(() => undefined);

    const [me, list] = await Promise.all([meRead, listRead]);
    const environment = ownEnvironment(me, list);
    if (!environment) throw new SideReadError(l10n.t('{0}: the service did not say which environment its key is for.', options.connectionName), options.connectionName, undefined, undefined);
    emit({ kind: 'environment', environment });

    const previous = options.previous?.environment._id === environment._id ? options.previous : undefined;
    const workflowList: WorkflowListEntry[] = (await workflowsListed).flatMap((w) => (w.workflowId ? [{ _id: w._id, workflowId: w.workflowId, name: w.name ?? w.workflowId, ...(w.origin ? { origin: w.origin } : {}), ...(w.status ? { status: w.status } : {}), ...(w.updatedAt ? { updatedAt: w.updatedAt } : {}) }] : []));
    const workflows = new Map<string, Json>();
    const workflowReads = workflowList.map(async (entry) => {
      const kept = reusable(previous?.workflowList, previous?.workflows, entry, entry.workflowId);
      const workflow = kept ?? (await readOne('workflow', `v2/workflows/${encodeURIComponent(entry._id)}`, entry.workflowId, entry.name));
      if (!workflow) return;
      workflows.set(entry.workflowId, workflow);
      emit({ kind: 'workflow', workflowId: entry.workflowId, workflow, reused: kept !== undefined });
      if (workflow['isTranslationEnabled'] === true) await readTranslations(entry.workflowId, entry.name);
    });

    const layoutList: LayoutListEntry[] = (await layoutsListed).flatMap((l) => (l.layoutId ? [{ _id: l._id, layoutId: l.layoutId, name: l.name ?? l.layoutId, ...(l.updatedAt ? { updatedAt: l.updatedAt } : {}) }] : []));
    const layouts = new Map<string, Json>();
    const layoutReads = layoutList.map(async (entry) => {
      const kept = reusable(previous?.layoutList, previous?.layouts, entry, entry.layoutId);
      const layout = kept ?? (await readOne('layout', `v2/layouts/${encodeURIComponent(entry._id)}`, entry.layoutId, entry.name));
      if (!layout) return;
      layouts.set(entry.layoutId, layout);
      emit({ kind: 'layout', layoutId: entry.layoutId, layout, reused: kept !== undefined });
    });

    const settled = await Promise.allSettled([...workflowReads, ...layoutReads]);
    if (fatal) throw fatal;
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;

    const integrationsAnswer = await integrationsRead;
    if (fatal) throw fatal;
    if (!integrationsAnswer.ok) {
      const error = integrationsAnswer.error;
      const item: UnreadItem = { kind: 'integrations', message: error instanceof Error ? error.message : String(error), ...(error instanceof NovuApiError ? { status: error.status, ...(error.errorId ? { errorId: error.errorId } : {}) } : {}) };
      unread.push(item);
      emit({ kind: 'unread', item });
    }
    return {
      baseUrl: client.baseUrl,
      name: sideName({ baseUrl: client.baseUrl, environment }),
      environment,
      environments: list.map(({ holdsCallersKey: _held, ...info }) => info),
      readAt,
      workflowList: withoutDropped(workflowList, workflows, unread.filter((u) => u.kind === 'workflow'), (w) => w.workflowId),
      workflows,
      layoutList: withoutDropped(layoutList, layouts, unread.filter((u) => u.kind === 'layout'), (l) => l.layoutId),
      layouts,
      integrations: integrationsAnswer.ok ? parseIntegrations(integrationsAnswer.body, environment._id) : [],
      integrationsRead: integrationsAnswer.ok,
      translations,
      translationsRead: translationsState(translationsEnabled, translationsUnavailable),
      unread,
    };
  } catch (error) {
    if (error instanceof SideReadError) throw error;
    throw fatal ?? sideError(options.connectionName, error);
  } finally {
    stop.abort();
  }
}

function translationsState(enabled: number, unavailable: { status: number; message: string } | undefined): TranslationsRead {
  if (unavailable) return { kind: 'unavailable', ...unavailable };
  return enabled > 0 ? { kind: 'read' } : { kind: 'none' };
}

/** The previous read of an item whose list entry (its `_id` and `updatedAt`) did not change. */
function reusable<E extends { _id: string; updatedAt?: string }>(previousList: readonly E[] | undefined, previousItems: Map<string, Json> | undefined, entry: E, key: string): Json | undefined {
  if (!entry.updatedAt) return undefined;
  const before = previousList?.find((p) => p._id === entry._id);
  return before?.updatedAt === entry.updatedAt ? previousItems?.get(key) : undefined;
}

/** The list without the items deleted between list and read (404): each entry kept was read, or is listed as not read. */
function withoutDropped<E>(list: readonly E[], items: Map<string, Json>, unread: readonly UnreadItem[], key: (e: E) => string): E[] {
  return list.filter((entry) => items.has(key(entry)) || unread.some((u) => u.id === key(entry)));
}

function sideError(connectionName: string, error: unknown): SideReadError {
  if (error instanceof SideReadError) return error;
  if (error instanceof NovuApiError) {
    const text = error.status === 401 ? l10n.t('{0}: the API key was rejected ({1})', connectionName, error.message) : l10n.t('{0}: {1} (HTTP {2})', connectionName, error.message, error.status);
    return new SideReadError(error.errorId ? `${text} (errorId ${error.errorId})` : text, connectionName, error.status, error.errorId);
  }
  return new SideReadError(l10n.t('{0}: {1}', connectionName, error instanceof Error ? error.message : String(error)), connectionName, undefined, undefined);
}
