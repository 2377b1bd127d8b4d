// Contexts (contract §12): the tenants, workspaces and apps a send is scoped to, each `type:id` with
// its data. `/v2/contexts` reads and writes them; a trigger or a topic subscription finds or creates
// the ones it names (a trigger's data replaces what is stored). The seeded ones come from
// contextsSeed.ts.
import type { SandboxClock } from './clock';
import { type ContextEntry, DATA_TOO_LARGE, MAX_CONTEXT_DATA_BYTES, contextKeyOf, identifierProblem, jsonBytes } from './contextKeys';
import { assertOneCursor, cursorPage, parseCursorQuery } from './cursorPage';
import { FieldErrors, conflict, notFound, validationFailed } from './errors';
import { SANDBOX_FIXTURES as F } from './fixtures';
import { iso, objectId } from './random';
import { TOTAL_COUNT_CAP } from './subscribers';
import type { JsonObject, Query } from './types';
import { isObject, scalar } from './validation';

/** Tag in the ids of contexts. */
export const CONTEXT_ID_TAG = 'c07e00';

export interface StoredContext {
  _id: string;
  type: string;
  id: string;
  /** `type:id`. */
  key: string;
  data: JsonObject;
  createdAt: string;
  updatedAt: string;
}

/** A context as `/v2/contexts` answers it. */
export function contextWire(c: StoredContext): Record<string, unknown> {
  return { type: c.type, id: c.id, data: c.data, createdAt: c.createdAt, updatedAt: c.updatedAt };
}

/** `context.*` of a condition (PR #11959): each type's `{ id, data }`. */
export type ContextVars = Record<string, { id: string; data: JsonObject }>;

export interface ResolvedContext {
  /** `type:id`, sorted. */
  keys: string[];
  /** What a subscription condition reads as `context`: the trigger's data laid over what was stored. */
  vars: ContextVars;
}

const GET_NOT_FOUND = (type: string, id: string): string => `Context with id '${id}' and type '${type}' not found in environment ${F.developmentEnvironmentId}`;

export class Contexts {
  private readonly byKey = new Map<string, StoredContext>();
  private readonly byId = new Map<string, StoredContext>();
  private created = 0;

  constructor(seeded: readonly StoredContext[], private readonly clock: SandboxClock) {
    for (const c of seeded) this.put(c);
    this.created = seeded.length;
  }

  get all(): StoredContext[] {
    return [...this.byKey.values()];
  }

  get(type: string, id: string): StoredContext | undefined {
    return this.byKey.get(contextKeyOf(type, id));
  }

  /** `GET /v2/contexts`: `type` and `id` exact, `search` a literal case-insensitive part of `type:id`, newest created first. */
  list(query: Query): Record<string, unknown> {
    const errors = new FieldErrors();
    // A guess: the list's DTO is the cursor DTO of `/v2/subscribers`, so at most 100 a page.
    const q = parseCursorQuery(query, errors, { orderBys: ['createdAt', 'updatedAt'], defaultOrderBy: 'createdAt', maxLimit: 100 });
    const type = scalar(query, 'type', errors);
    const id = scalar(query, 'id', errors);
    const search = scalar(query, 'search', errors)?.toLowerCase();
    errors.throwIfAny();
    assertOneCursor(q);
    const matches = this.all.filter((c) => (!type || c.type === type) && (!id || c.id === id) && (!search || c.key.toLowerCase().includes(search)));
    const page = cursorPage(matches, q, (cursor) => this.byId.get(cursor));
    return { ...page, data: page.data.map(contextWire), totalCount: Math.min(matches.length, TOTAL_COUNT_CAP), totalCountCapped: matches.length > TOTAL_COUNT_CAP };
  }

  /** `POST /v2/contexts`: 409 when it exists. */
  create(body: unknown): StoredContext {
    const b = isObject(body) ? body : {};
    const errors = new FieldErrors();
    for (const field of ['type', 'id'] as const) {
      const problem = identifierProblem(field, b[field]);
      if (problem) errors.add(field, problem, b[field] ?? null);
    }
    const data = checkData(b['data'], errors, false);
    errors.throwIfAny();
    const type = b['type'] as string;
    const id = b['id'] as string;
    if (this.get(type, id)) throw conflict(`Context with type '${type}' and id '${id}' already exists`);
    return this.add(type, id, data ?? {});
  }

  /** `PATCH /v2/contexts/{type}/{id}`: `data` replaces what is stored. */
  update(type: string, id: string, body: unknown): StoredContext {
    const errors = new FieldErrors();
    const data = checkData(isObject(body) ? body['data'] : undefined, errors, true);
    errors.throwIfAny();
    const found = this.get(type, id);
    if (!found) throw notFound(`Context with type '${type}' and id '${id}' not found`);
    found.data = data ?? {};
    found.updatedAt = this.clock.tick();
    return found;
  }

  /** `GET /v2/contexts/{type}/{id}`, or 404 in the service's words. */
  read(type: string, id: string): StoredContext {
    const found = this.get(type, id);
    if (!found) throw notFound(GET_NOT_FOUND(type, id));
    return found;
  }

  /** `DELETE /v2/contexts/{type}/{id}`: the GET's 404 text. */
  remove(type: string, id: string): void {
    const found = this.read(type, id);
    this.byKey.delete(found.key);
    this.byId.delete(found._id);
  }

  /**
   * A trigger's or a subscription's context: each entry found or created; an entry with `data`
   * replaces the stored data (a bare id leaves it). The keys come back sorted.
   */
  resolve(entries: readonly ContextEntry[]): ResolvedContext {
    const vars: ContextVars = {};
    for (const entry of entries) {
      const found = this.get(entry.type, entry.id);
      const before = found?.data ?? {};
      if (!found) this.add(entry.type, entry.id, entry.data ?? {});
      else if (entry.data) {
        found.data = entry.data;
        found.updatedAt = this.clock.tick();
      }
      vars[entry.type] = { id: entry.id, data: { ...before, ...entry.data } };
    }
    return { keys: entries.map((e) => contextKeyOf(e.type, e.id)).sort(), vars };
  }

  private add(type: string, id: string, data: JsonObject): StoredContext {
    const ms = this.clock.tickMs();
    const now = iso(ms);
    const record: StoredContext = { _id: objectId(ms, CONTEXT_ID_TAG, ++this.created), type, id, key: contextKeyOf(type, id), data, createdAt: now, updatedAt: now };
    this.put(record);
    return record;
  }

  private put(c: StoredContext): void {
    this.byKey.set(c.key, c);
    this.byId.set(c._id, c);
  }
}

/** `data` of a create (optional) or a patch (required): an object of at most 64 KB as JSON. */
function checkData(data: unknown, errors: FieldErrors, required: boolean): JsonObject | undefined {
  if (data === undefined || data === null) {
    if (required) errors.add('data', 'data must be an object', data ?? null);
    return undefined;
  }
  if (!isObject(data)) {
    errors.add('data', 'data must be an object', data);
    return undefined;
  }
  if (jsonBytes(data) > MAX_CONTEXT_DATA_BYTES) {
    errors.add('data', DATA_TOO_LARGE, `${jsonBytes(data)} bytes`);
    return undefined;
  }
  return data as JsonObject;
}

/** A body that is not an object at all: 422 under `general`, as the other routes answer. */
export function requireObjectBody(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw validationFailed({ general: { messages: ['Request body must be a JSON object'], value: null } });
  return body;
}
