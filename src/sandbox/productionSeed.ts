// The sandbox's Production environment (issue 52): its own workflows, layouts and integrations,
// read with its own API key. Its workflows are Development's catalogue with a few planned
// differences, each written here once, so that a comparison of the two environments shows every
// mark and most readiness findings (contract §10.5, §10.6). test/unit/compare/sandboxPlan.ts says
// what a comparison must find, independently of the comparer.
import { SANDBOX_FIXTURES as F } from './fixtures';
import { DAY_MS, SEED_BASE_MS, iso } from './random';
import type { Integration, Layout, Workflow } from './types';
import { seedWorkflows } from './workflowsSeed';

/** Production's copy of a Development workflow: its own `_id` (and slug), the planned changes on top. */
function inProduction(w: Workflow, changes: Partial<Workflow>): Workflow {
  const _id = w._id.replace(/^6615c0ffee00000000f1/, '6615c0ffee00000000f3');
  return { ...structuredClone(w), _id, slug: `${w.identifier}_wf_${_id.slice(-8)}`, ...changes };
}

/** Each planned difference, by the Development workflow it changes; `null`: not in Production. */
const PLANNED: Record<string, Partial<Workflow> | null> = {
  // A step moved: the email comes before the in-app step.
  [F.workflowIdentifier]: { channels: ['email', 'in_app'] },
  // Production's SMS integration is not primary, so its SMS step cannot send (R4); its translations
  // lack French and have German outdated (R12: a translation group is not a field of the workflow).
  [F.criticalWorkflowIdentifier]: { translations: { locales: ['en_US', 'de_DE'], outdatedLocales: ['de_DE'] } },
  // A subject changed, the email channel off by default (preferences differ, R11), and translations
  // not enabled (R12).
  [F.digestWorkflowIdentifier]: { stepControls: { email: { subject: 'Your week on Sandbox' } }, defaults: { email: false }, translations: undefined },
  'order-shipped': {},
  // Missing in Production (R1).
  'comment-mention': null,
  // A code workflow synced from code whose steps were all removed: triggers start nothing (R3).
  [F.forcedChannelWorkflowIdentifier]: { channels: [] },
  'marketing-newsletter': {},
  // Its email step names a layout Production does not have (R5).
  'system-maintenance': { stepControls: { email: { subject: 'Planned maintenance', layoutId: 'brand-footer' } } },
  // A code workflow synced from older code: the schema before `sendReceipt` and the customer's email (R9).
  'invoice-paid': { payloadSchema: olderInvoiceSchema() },
  // A stricter payload schema: both keys required, and validated (R7, R8).
  invoiceReminders: { requiredPayload: ['invoiceNumber', 'dueDate'] },
  // Inactive in Production (R2); its invalid email subject as in Development (R10).
  'trial-ending': { active: false },
};

function olderInvoiceSchema(): Record<string, unknown> {
  const [invoicePaid] = seedWorkflows({}).filter((w) => w.identifier === 'invoice-paid');
  const schema = structuredClone(invoicePaid!.payloadSchema!) as { properties: Record<string, { properties?: Record<string, unknown> }> };
  delete schema.properties['sendReceipt'];
  delete schema.properties['customer']!.properties!['email'];
  return schema;
}

/** Only in Production (a publish from Development would delete it). */
function productionOnly(): Workflow {
  const _id = '6615c0ffee00000000f30101';
  return {
    _id,
    identifier: 'holiday-promo',
    slug: `holiday-promo_wf_${_id.slice(-8)}`,
    name: 'Holiday promo',
    critical: false,
    severity: 'low',
    origin: 'novu-cloud',
    tags: ['marketing'],
    channels: ['in_app'],
    defaults: {},
    forced: {},
    variables: ['discount'],
    updatedAt: iso(SEED_BASE_MS + 40 * DAY_MS),
    quiet: true,
  };
}

/**
 * What Production holds (sandbox option `production`): `planned`, Development's catalogue with the
 * planned differences above; `same`, a copy of it with Production's own ids and nothing else
 * changed, so that a comparison finds nothing blocking (the CLI's exit 0). `extraWorkflows`
 * generated ones are copied unchanged in both (the comparison's benchmark reads 100 a side).
 */
export type ProductionPlan = 'planned' | 'same';

export function productionWorkflows(plan: ProductionPlan = 'planned', extraWorkflows = 0): Workflow[] {
  const out: Workflow[] = [];
  for (const w of seedWorkflows({ extraWorkflows })) {
    const changes = plan === 'same' ? {} : PLANNED[w.identifier];
    if (changes === null) continue;
    out.push(inProduction(w, changes ?? {}));
  }
  return plan === 'same' ? out : [...out, productionOnly()];
}

const layout = (n: number, environment: 'd' | 'p', l: Omit<Layout, '_id' | 'updatedAt'>): Layout => ({
  _id: `6615c0ffee00000000c${environment === 'd' ? 1 : 2}${n.toString(16).padStart(4, '0')}`,
  updatedAt: iso(SEED_BASE_MS + n * DAY_MS),
  ...l,
});

const FOOTER = '<table width="100%"><tr><td>{{content}}</td></tr><tr><td style="color:#666">Sandbox Inc. · <a href="https://sandbox.example/unsubscribe">Unsubscribe</a></td></tr></table>';

/** `count` plain layouts after the seeded ones (sandbox option `extraLayouts`), the same content on both sides. */
function generatedLayouts(count: number, environment: 'd' | 'p'): Layout[] {
  return Array.from({ length: count }, (_, i) => layout(0x100 + i, environment, { layoutId: `generated-layout-${i + 1}`, name: `Generated layout ${i + 1}`, isDefault: false, body: `<div data-layout="${i + 1}">{{content}}</div>` }));
}

/** Development's layouts: the footer every dashboard email may name, and a plain one. */
export function developmentLayouts(extraLayouts = 0): Layout[] {
  return [
    layout(1, 'd', { layoutId: 'brand-footer', name: 'Brand footer', isDefault: true, body: FOOTER }),
    layout(2, 'd', { layoutId: 'minimal', name: 'Minimal', isDefault: false, body: '<div style="font-family:sans-serif">{{content}}</div>' }),
    ...generatedLayouts(extraLayouts, 'd'),
  ];
}

/** Production's: no brand footer (R5), the plain one changed (R6), and one of its own; with `same`, Development's. */
export function productionLayouts(plan: ProductionPlan = 'planned', extraLayouts = 0): Layout[] {
  if (plan === 'same') return developmentLayouts(extraLayouts).map((l) => ({ ...l, _id: l._id.replace(/^6615c0ffee00000000c1/, '6615c0ffee00000000c2') }));
  return [
    layout(2, 'p', { layoutId: 'minimal', name: 'Minimal', isDefault: true, body: '<div style="font-family:serif">{{content}}</div>' }),
    layout(3, 'p', { layoutId: 'legacy-header', name: 'Legacy header', isDefault: false, body: '<h1>Sandbox</h1>{{content}}' }),
    ...generatedLayouts(extraLayouts, 'p'),
  ];
}

/**
 * What `GET /v1/integrations` answers Production (every environment's, as an older server does):
 * with `planned`, the seeded ones (Production's own differ, integrationsSeed.ts); with `same`,
 * Development's and a copy of each for Production (own `_id`), so its channels can all send.
 */
export function productionIntegrations(plan: ProductionPlan, all: readonly Integration[]): readonly Integration[] {
  if (plan === 'planned') return all;
  const development = all.filter((i) => i._environmentId === F.developmentEnvironmentId);
  return [...development, ...development.map((i) => ({ ...i, _id: i._id.replace(/^6615c0ffee00000000e1/, '6615c0ffee00000000e3'), _environmentId: F.productionEnvironmentId }))];
}
