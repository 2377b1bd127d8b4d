/**
 * One side of a comparison as read (contract §10.2): its environment, every workflow and layout
 * in full, its own integrations without their secrets, what could not be read, and when. The reads
 * (`readSide.ts`) build it; the comparison and the readiness check only read it. Pure: no `vscode`.
 */
import * as z from 'zod/mini';
import type { EnvironmentInfo } from './environments';
import type { Json } from './normalize';

/** A workflow as the list gives it (§8.1): what the reads need to know before reading it whole. */
export interface WorkflowListEntry {
  _id: string;
  workflowId: string;
  name: string;
  origin?: string;
  status?: string;
  updatedAt?: string;
}

export interface LayoutListEntry {
  _id: string;
  layoutId: string;
  name: string;
  updatedAt?: string;
}

/** What could not be read, and why (an errorId to quote, a status, or the retries given up). */
export interface UnreadItem {
  kind: 'workflow' | 'layout' | 'integrations' | 'translations';
  /** The workflow's `workflowId` (its own, or the one whose translation group it is) or the layout's `layoutId`; absent for the integrations. */
  id?: string;
  name?: string;
  status?: number;
  errorId?: string;
  message: string;
}

/**
 * An integration with only what the comparison needs (§10.4). Parsed with an allow-list: every
 * `credentials` value and `configurations.inboundWebhookSigningKey` are dropped at parse time; only
 * whether credentials were set is kept.
 */
export interface IntegrationInfo {
  _id: string;
  _environmentId: string;
  name: string;
  identifier?: string;
  providerId: string;
  channel?: string;
  kind?: string;
  active: boolean;
  primary: boolean;
  deleted?: boolean;
  credentialsSet: boolean;
}

const integrationSchema = z.object({
  _id: z.string(),
  _environmentId: z.string(),
  name: z.optional(z.nullable(z.string())),
  identifier: z.optional(z.nullable(z.string())),
  providerId: z.string(),
  channel: z.optional(z.nullable(z.string())),
  kind: z.optional(z.nullable(z.string())),
  active: z.optional(z.nullable(z.boolean())),
  primary: z.optional(z.nullable(z.boolean())),
  deleted: z.optional(z.nullable(z.boolean())),
});

/**
 * `GET /v1/integrations`'s items (`data` unwrapped), only the given environment's (older servers
 * answer every environment's), agent items left out (they have no channel).
 */
export function parseIntegrations(body: unknown, environmentId: string): IntegrationInfo[] {
  if (!Array.isArray(body)) return [];
  const out: IntegrationInfo[] = [];
  for (const entry of body) {
    const parsed = integrationSchema.safeParse(entry);
    if (!parsed.success || parsed.data._environmentId !== environmentId || parsed.data.deleted === true) continue;
    const p = parsed.data;
    if (p.kind === 'agent' || !p.channel) continue;
    const credentials = (entry as { credentials?: unknown }).credentials;
    out.push({
      _id: p._id,
      _environmentId: p._environmentId,
      name: p.name ?? p.providerId,
      ...(p.identifier ? { identifier: p.identifier } : {}),
      providerId: p.providerId,
      channel: p.channel,
      ...(p.kind ? { kind: p.kind } : {}),
      active: p.active === true,
      primary: p.primary === true,
      credentialsSet: credentials !== null && typeof credentials === 'object' && Object.values(credentials).some((v) => v !== '' && v !== null && v !== undefined),
    });
  }
  return out;
}

/** A workflow's translation group (§10.7): its locales, and those the service marks outdated. */
export interface TranslationGroup {
  locales: string[];
  outdatedLocales?: string[];
}

/**
 * Whether this side's translations could be read (§10.7): `read` (each group of a workflow with
 * translations enabled is in `translations`), `none` (no workflow has them enabled: nothing to
 * read), or `unavailable`, a group route answered 402, 403 or 404 (the module is not in this plan
 * or server): then nothing of the side's translations is compared.
 */
export type TranslationsRead = { kind: 'read' } | { kind: 'none' } | { kind: 'unavailable'; status: number; message: string };

const translationGroupSchema = z.object({ locales: z.array(z.string()), outdatedLocales: z.optional(z.nullable(z.array(z.string()))) });

/** A group as `GET /v2/translations/group/workflow/{id}` answered it; undefined when it is not one. */
export function parseTranslationGroup(body: unknown): TranslationGroup | undefined {
  const parsed = translationGroupSchema.safeParse(body);
  if (!parsed.success) return undefined;
  return { locales: parsed.data.locales, ...(parsed.data.outdatedLocales ? { outdatedLocales: parsed.data.outdatedLocales } : {}) };
}

export interface SideSnapshot {
  /** The connection's base URL (no key). */
  baseUrl: string;
  /** `<environment> (<region>)`. */
  name: string;
  environment: EnvironmentInfo;
  environments: EnvironmentInfo[];
  /** ISO time the reads started. */
  readAt: string;
  workflowList: WorkflowListEntry[];
  /** Each workflow as `GET /v2/workflows/{_id}` answered it, by `workflowId`. */
  workflows: Map<string, Json>;
  layoutList: LayoutListEntry[];
  /** Each layout as `GET /v2/layouts/{id}` answered it, by `layoutId`. */
  layouts: Map<string, Json>;
  integrations: IntegrationInfo[];
  /** Whether `GET /v1/integrations` could be read (the readiness check then says so). */
  integrationsRead: boolean;
  /** The translation groups read, by `workflowId`; see `translationsRead`. */
  translations?: Map<string, TranslationGroup>;
  translationsRead?: TranslationsRead;
  unread: UnreadItem[];
}
