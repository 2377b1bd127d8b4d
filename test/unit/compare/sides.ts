// Snapshots for the comparer's unit tests: each side built from plain workflow, layout and
// integration objects, as the reads would keep them.
import type { EnvironmentInfo } from '../../../src/compare/environments';
import type { Json } from '../../../src/compare/normalize';
import type { IntegrationInfo, SideSnapshot } from '../../../src/compare/snapshot';

export interface SideInput {
  environment?: Partial<EnvironmentInfo>;
  baseUrl?: string;
  workflows?: Json[];
  layouts?: Json[];
  integrations?: Partial<IntegrationInfo>[];
}

let n = 0;

export function side(input: SideInput = {}): SideSnapshot {
  const environment: EnvironmentInfo = { _id: `env${++n}`, name: 'Development', _organizationId: 'org1', ...input.environment };
  const workflows = (input.workflows ?? []).map((w, i): Json => ({ _id: `${environment._id}-wf${i}`, origin: 'novu-cloud', status: 'ACTIVE', active: true, ...w }));
  const layouts = (input.layouts ?? []).map((l, i): Json => ({ _id: `${environment._id}-ly${i}`, ...l }));
  return {
    baseUrl: input.baseUrl ?? 'https://api.novu.co',
    name: `${environment.name} (US)`,
    environment,
    environments: [environment],
    readAt: '2026-01-01T00:00:00.000Z',
    workflowList: workflows.map((w) => ({ _id: w['_id'] as string, workflowId: w['workflowId'] as string, name: w['name'] as string, origin: w['origin'] as string, status: w['status'] as string })),
    workflows: new Map(workflows.map((w) => [w['workflowId'] as string, w])),
    layoutList: layouts.map((l) => ({ _id: l['_id'] as string, layoutId: l['layoutId'] as string, name: l['name'] as string })),
    layouts: new Map(layouts.map((l) => [l['layoutId'] as string, l])),
    integrations: (input.integrations ?? []).map((i, k) => ({ _id: `int${k}`, _environmentId: environment._id, name: i.providerId ?? 'x', providerId: 'x', active: true, primary: true, credentialsSet: false, ...i })),
    integrationsRead: true,
    unread: [],
  };
}

/** Every channel usable: an active primary integration per channel. */
export const ALL_CHANNELS: Partial<IntegrationInfo>[] = ['email', 'sms', 'in_app', 'push', 'chat'].map((channel) => ({ channel, providerId: `p-${channel}` }));

export function step(stepId: string | undefined, type: string, controlValues: Json = {}, extra: Json = {}): Json {
  return { ...(stepId === undefined ? {} : { stepId }), name: stepId ?? 'unnamed', type, controlValues, _id: Math.random().toString(16), slug: `${stepId}_st_x`, ...extra };
}
