/**
 * Which environment a key is for (contract §10.1): `GET /v1/environments/me` and `GET
 * /v1/environments` read with an allow-list, so `apiKeys` (the caller's decrypted key) never gets
 * past the parse, and every other field the stored entity brings is dropped too. Then which entry is
 * Development and which Production, and whether two connections may be compared. Pure: no `vscode`.
 */
import * as z from 'zod/mini';
import { l10n } from '../l10n';

/**
 * The allow-list. `z.object` strips every key it does not name: `apiKeys` is never named, so it
 * never reaches a parsed value (never `looseObject` here).
 */
const environmentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  _organizationId: z.optional(z.string()),
  identifier: z.optional(z.string()),
  _parentId: z.optional(z.nullable(z.string())),
  type: z.optional(z.nullable(z.string())),
  bridge: z.optional(z.nullable(z.object({ url: z.optional(z.nullable(z.string())) }))),
});

export interface EnvironmentInfo {
  _id: string;
  name: string;
  _organizationId?: string;
  identifier?: string;
  _parentId?: string | null;
  type?: string | null;
  bridgeUrl?: string;
}

export interface ListedEnvironment extends EnvironmentInfo {
  /** Its `apiKeys` held an entry: the caller's own environment (§10.1, without `/me`). The keys themselves are not kept. */
  holdsCallersKey: boolean;
}

function toInfo(parsed: z.infer<typeof environmentSchema>): EnvironmentInfo {
  const { bridge, ...rest } = parsed;
  const info: EnvironmentInfo = { _id: rest._id, name: rest.name };
  if (rest._organizationId !== undefined) info._organizationId = rest._organizationId;
  if (rest.identifier !== undefined) info.identifier = rest.identifier;
  if (rest._parentId !== undefined) info._parentId = rest._parentId;
  if (rest.type !== undefined) info.type = rest.type;
  if (typeof bridge?.url === 'string') info.bridgeUrl = bridge.url;
  return info;
}

export class EnvironmentShapeError extends Error {
  override readonly name = 'EnvironmentShapeError';
}

/**
 * `/me`'s body (`data` unwrapped): the key's own environment, or `'list'` when an old server
 * answered an array (its `/me` was the list): then the list decides.
 */
export function parseMe(body: unknown): EnvironmentInfo | 'list' {
  if (Array.isArray(body)) return 'list';
  const parsed = environmentSchema.safeParse(body);
  if (!parsed.success) throw new EnvironmentShapeError(l10n.t('Unexpected response from {0}: {1}', 'GET /v1/environments/me', l10n.t('not an environment')));
  return toInfo(parsed.data);
}

/** The list's body (`data` unwrapped). An entry that is not an environment is left out. */
export function parseEnvironmentList(body: unknown): ListedEnvironment[] {
  if (!Array.isArray(body)) throw new EnvironmentShapeError(l10n.t('Unexpected response from {0}: {1}', 'GET /v1/environments', l10n.t('not a list')));
  const out: ListedEnvironment[] = [];
  for (const entry of body) {
    const parsed = environmentSchema.safeParse(entry);
    if (!parsed.success) continue;
    const keys = (entry as { apiKeys?: unknown }).apiKeys;
    out.push({ ...toInfo(parsed.data), holdsCallersKey: Array.isArray(keys) && keys.length > 0 });
  }
  return out;
}

/** The key's own entry: `/me`'s `_id` in the list, else the only entry holding the caller's key. */
export function ownEnvironment(me: EnvironmentInfo | 'list', list: readonly ListedEnvironment[]): EnvironmentInfo | undefined {
  if (me !== 'list') return { ...me, ...stripFlag(list.find((e) => e._id === me._id)) };
  const holding = list.filter((e) => e.holdsCallersKey);
  return holding.length === 1 ? stripFlag(holding[0]) : undefined;
}

function stripFlag(entry: ListedEnvironment | undefined): EnvironmentInfo | undefined {
  if (!entry) return undefined;
  const { holdsCallersKey: _held, ...info } = entry;
  return info;
}

export type EnvironmentKind = 'development' | 'production' | 'other';

/**
 * Development and Production among an organization's environments (§10.1), by the first rule that
 * decides: (1) some `type` is "prod": trust `type`; (2) `_parentId`: the root is Development and its
 * child named Production is Production; (3) the names. `type: "dev"` on every entry decides nothing
 * (a server with the feature flag off), and a custom environment is never Production for having a
 * parent. Keyed by `_id`.
 */
export function environmentKinds(list: readonly EnvironmentInfo[]): Map<string, EnvironmentKind> {
  const kinds = new Map<string, EnvironmentKind>();
  if (list.some((e) => e.type === 'prod')) {
    for (const e of list) kinds.set(e._id, e.type === 'prod' ? 'production' : e.type === 'dev' ? 'development' : 'other');
    return kinds;
  }
  const roots = list.filter((e) => !e._parentId);
  // l10n-ignore: the service's environment names (wire values)
  const [PRODUCTION, DEVELOPMENT] = ['Production', 'Development'];
  if (roots.length === 1 && list.length > 1) {
    const root = roots[0]!;
    for (const e of list) kinds.set(e._id, e === root ? 'development' : e._parentId === root._id && e.name === PRODUCTION ? 'production' : 'other');
    return kinds;
  }
  for (const e of list) kinds.set(e._id, e.name === PRODUCTION ? 'production' : e.name === DEVELOPMENT ? 'development' : 'other');
  return kinds;
}

/** The region a base URL names (§10.1): US and EU for Novu's cloud, else the host (self-hosted). */
export function regionOf(baseUrl: string): string {
  let host: string;
  try {
    host = new URL(baseUrl).host.toLowerCase();
  } catch {
    return baseUrl;
  }
  if (host === 'api.novu.co') return 'US';
  if (host === 'eu.api.novu.co') return 'EU';
  return host;
}

/** One side as the pair check sees it. */
export interface SideIdentity {
  baseUrl: string;
  environment: EnvironmentInfo;
}

export type PairCheck =
  | { kind: 'compare' }
  | { kind: 'sameEnvironment'; environmentName: string }
  | { kind: 'differentOrganizations'; sourceRegion: string; targetRegion: string };

/** §10.1's table: the same environment twice is refused; another organization or region is warned about. */
export function checkPair(source: SideIdentity, target: SideIdentity): PairCheck {
  const sameService = normalizeUrl(source.baseUrl) === normalizeUrl(target.baseUrl);
  if (sameService && source.environment._id === target.environment._id) return { kind: 'sameEnvironment', environmentName: source.environment.name };
  const orgA = source.environment._organizationId;
  const orgB = target.environment._organizationId;
  if (!sameService || (orgA !== undefined && orgB !== undefined && orgA !== orgB)) {
    return { kind: 'differentOrganizations', sourceRegion: regionOf(source.baseUrl), targetRegion: regionOf(target.baseUrl) };
  }
  return { kind: 'compare' };
}

function normalizeUrl(url: string): string {
  return url.trim().replace(/\/+$/, '').toLowerCase();
}

/** A side's name as the comparison shows it: `<environment> (<region>)`. */
export function sideName(side: SideIdentity): string {
  return `${side.environment.name} (${regionOf(side.baseUrl)})`;
}

/** The pair check in words: the refusal, or the warning, or nothing. */
export function pairCheckText(check: PairCheck): string | undefined {
  if (check.kind === 'sameEnvironment') return l10n.t('Both connections use the same environment ({0}): nothing to compare.', check.environmentName);
  if (check.kind === 'differentOrganizations') {
    const regions = check.sourceRegion === check.targetRegion ? '' : ` (${check.sourceRegion}, ${check.targetRegion})`;
    return l10n.t('These connections belong to different Novu organizations{0}. The comparison shows differences, but Novu cannot publish between them.', regions);
  }
  return undefined;
}
