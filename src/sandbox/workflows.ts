// Workflows (contract §8.1 and §8.2): the lookups the other resources use, and the workflows as
// `GET /v2/workflows` and `GET /v2/workflows/{id}` put them on the wire, including the 16-character
// identifier pitfall of §8.2. The sandbox's workflows themselves come from workflowsSeed.ts.
import { notFound, validationFailed } from './errors';
import type { Integrations } from './integrations';
import type { Channel, Query, Workflow } from './types';

const STATUSES = ['ACTIVE', 'INACTIVE', 'ERROR'];

function status(w: Workflow): string {
  if (w.active === false) return 'INACTIVE';
  return w.controlIssues && Object.keys(w.controlIssues).length > 0 ? 'ERROR' : 'ACTIVE';
}

/** When a workflow was last triggered (§8.1 `lastTriggeredAt`): absent when never. */
export type LastTriggered = (w: Workflow) => string | undefined;

/** The step id the sandbox gives a channel's step (`in-app-step`, `email-step`…). */
export function stepId(channel: Channel): string {
  return `${channel.replace('_', '-')}-step`;
}

/** The payload schema §8.2 shows: the code's own, else one made from the variables; none when neither. */
export function payloadSchemaOf(w: Workflow): Record<string, unknown> | undefined {
  const required = w.requiredPayload ?? [];
  if (w.payloadSchema) return structuredClone(w.payloadSchema);
  if (required.length > 0 || w.variables.length > 0) {
    return { type: 'object', properties: Object.fromEntries(w.variables.map((v) => [v, { type: 'string' }])), required, additionalProperties: true };
  }
  return undefined;
}

/** The step's `issues.integration`: what the service computes from the environment's active integrations. */
function integrationIssues(channel: Channel, integrations: Integrations): Record<string, unknown> | undefined {
  const here = integrations.activeHere(channel);
  if (channel === 'in_app') return here.length > 0 ? undefined : { integration: { in_app: [{ issueType: 'INBOX_NOT_CONNECTED', message: 'Inbox is not connected' }] } };
  const needsPrimary = channel === 'email' || channel === 'sms';
  if (here.length === 0) return { integration: { [channel]: [{ issueType: 'MISSING_INTEGRATION', message: needsPrimary ? 'Missing active primary integration provider' : 'Missing active integration provider' }] } };
  if (needsPrimary && !here.some((i) => i.primary)) return { integration: { [channel]: [{ issueType: 'MISSING_INTEGRATION', message: 'Missing active primary integration provider' }] } };
  return undefined;
}

/** An item of the list: steps with only `slug` and `type`, no `active`, `payloadSchema` or `preferences`. */
export function workflowListItem(w: Workflow, lastTriggered?: LastTriggered): Record<string, unknown> {
  const last = lastTriggered?.(w);
  return {
    _id: w._id,
    workflowId: w.identifier,
    slug: w.slug,
    name: w.name,
    tags: w.tags,
    status: status(w),
    origin: w.origin,
    steps: w.channels.map((c) => ({ slug: `${stepId(c)}_st_${w._id.slice(-8)}`, type: c })),
    stepTypeOverviews: w.channels,
    ...(last ? { lastTriggeredAt: last } : {}),
    createdAt: w.updatedAt,
    updatedAt: w.updatedAt,
  };
}

/** The whole workflow, as `GET /v2/workflows/{id}` answers it. */
export function workflowDetail(w: Workflow, integrations: Integrations, lastTriggered?: LastTriggered): Record<string, unknown> {
  const required = w.requiredPayload ?? [];
  const payloadSchema = payloadSchemaOf(w);
  return {
    ...workflowListItem(w, lastTriggered),
    description: '',
    active: w.active !== false,
    validatePayload: required.length > 0,
    isTranslationEnabled: w.translations !== undefined,
    ...(payloadSchema ? { payloadSchema } : {}),
    severity: w.severity,
    preferences: {
      user: null,
      default: {
        all: { enabled: true, readOnly: w.critical },
        channels: Object.fromEntries(w.channels.map((c) => [c, { enabled: w.forced[c] ?? w.defaults[c] ?? true }])),
      },
    },
    steps: w.channels.map((c, index) => {
      const integration = integrationIssues(c, integrations);
      const control = w.controlIssues?.[c];
      const issues = integration || control ? { ...integration, ...(control ? { controls: { subject: [{ issueType: 'MISSING_VALUE', message: control }] } } : {}) } : undefined;
      return {
        _id: `${w._id.slice(0, 20)}${(index + 1).toString(16).padStart(4, '0')}`,
        stepId: stepId(c),
        name: stepId(c),
        slug: `${stepId(c)}_st_${w._id.slice(-8)}`,
        type: c,
        origin: w.origin,
        workflowId: w.identifier,
        workflowDatabaseId: w._id,
        controlValues: structuredClone(w.stepControls?.[c] ?? {}),
        ...(issues ? { issues } : {}),
      };
    }),
  };
}

/** A workflow that everyday traffic and seeded preferences pick: neither critical nor quiet. */
export const isOrdinary = (w: Workflow): boolean => !w.critical && !w.quiet;

export class Workflows {
  /** In catalogue order (the list answers newest first); workflows a sync creates join at the end. */
  private readonly items: Workflow[];

  constructor(workflows: readonly Workflow[]) {
    this.items = [...workflows];
  }

  /** Every workflow, in catalogue order. The same array for the store's life (a sync changes it in place). */
  get all(): readonly Workflow[] {
    return this.items;
  }

  /** A workflow a sync created (contract §9.5): listed last in catalogue order, so first in the list. */
  add(w: Workflow): void {
    this.items.push(w);
  }

  /**
   * A code workflow a sync deleted (contract §9.5). Past notifications keep their own copy of it
   * (`template`), and subscribers' stored preferences for it are simply no longer listed.
   */
  remove(w: Workflow): void {
    const index = this.items.indexOf(w);
    if (index !== -1) this.items.splice(index, 1);
  }

  /** Finds a workflow by `_id`, identifier or slug, as the preferences endpoint and the trigger accept. */
  find(ref: string): Workflow | undefined {
    return this.all.find((w) => w._id === ref || w.identifier === ref || w.slug === ref);
  }

  /** The workflows everyday traffic and seeded preferences pick. */
  ordinary(): Workflow[] {
    return this.all.filter(isOrdinary);
  }

  /** `GET /v2/workflows`: `query` on name or identifier, `status` repeated, offset paging, newest first. */
  list(query: Query, lastTriggered?: LastTriggered): { data: { workflows: unknown[]; totalCount: number } } {
    const number = (name: string, fallback: number, min: number): number => {
      const raw = query[name];
      const value = Array.isArray(raw) ? raw[0] : raw;
      if (value === undefined) return fallback;
      const n = Number(value);
      if (!Number.isInteger(n) || n < min) throw validationFailed({ [name]: { messages: [`${name} must not be less than ${min}`], value: value ?? null } });
      return n;
    };
    const limit = number('limit', 50, 1);
    const offset = number('offset', 0, 0);
    const rawStatus = query['status'];
    const statuses = rawStatus === undefined ? [] : Array.isArray(rawStatus) ? rawStatus : [rawStatus];
    for (const s of statuses) if (!STATUSES.includes(s)) throw validationFailed({ status: { messages: [`status must be one of the following values: ${STATUSES.join(', ')}`], value: s } });
    const rawQuery = Array.isArray(query['query']) ? query['query'][0] : query['query'];
    const text = rawQuery?.toLowerCase();
    const matches = this.all
      .filter((w) => !text || w.name.toLowerCase().includes(text) || w.identifier.toLowerCase().includes(text))
      .filter((w) => statuses.length === 0 || statuses.includes(status(w)))
      .slice()
      .reverse();
    return { data: { workflows: matches.slice(offset, offset + limit).map((w) => workflowListItem(w, lastTriggered)), totalCount: matches.length } };
  }

  /**
   * The lookup of `GET /v2/workflows/{id}` with the service's rewrite (§8.2): 24 hex is an `_id`; an
   * identifier whose last 16 characters are letters and digits is base62-decoded by mistake, so it
   * is not found even when it exists (the client's fallback finds it through the list).
   */
  findForRead(ref: string): Workflow {
    if (/^[0-9a-f]{24}$/i.test(ref)) {
      const byId = this.all.find((w) => w._id === ref);
      if (byId) return byId;
    } else {
      const bySlug = this.all.find((w) => w.slug === ref);
      if (bySlug) return bySlug;
      const misread = ref.length >= 16 && /^[A-Za-z0-9]{16}$/.test(ref.slice(-16));
      const byIdentifier = misread ? undefined : this.all.find((w) => w.identifier === ref);
      if (byIdentifier) return byIdentifier;
    }
    throw notFound('Workflow cannot be found');
  }
}
