/**
 * What the target lacks that would make sends fail (contract §10.6, R1 to R13), each finding a pure
 * function of the two sides' snapshots: its evidence (both sides' values, the route and field they
 * came from), the failure it predicts in the service's own words, and the fix as data. Blocking
 * findings first. Never triggers anything to confirm a finding. Pure: no `vscode`, no I/O.
 */
import type { LayoutComparison } from './compareLayouts';
import { type Json, isEqual, isObject } from './normalize';
import { type SchemaRefusal, schemaRefusals } from './schemaDiff';
import type { IntegrationInfo, SideSnapshot } from './snapshot';

export type FindingId = 'R1' | 'R2' | 'R3' | 'R4' | 'R5' | 'R6' | 'R7' | 'R8' | 'R9' | 'R10' | 'R11' | 'R12' | 'R13';

export interface Evidence {
  side: 'source' | 'target';
  /** The request the value came from (`GET /v2/workflows/<_id>`). */
  route: string;
  /** The field within its answer (`steps.2.issues.integration.sms`). */
  field: string;
  value: unknown;
}

/**
 * The failure a send would meet: in the service's own words where it has some (`text`: a message or a
 * trigger status, with the status and the field), else what happens instead (`effect`, a code the
 * views put in words).
 */
export interface PredictedFailure {
  status?: number;
  text?: string;
  type?: string;
  field?: string;
  effect?: 'layoutDiffers' | 'failedRun' | 'invalidContent' | 'criticalDiffers' | 'preferencesDiffer' | 'defaultLocale' | 'demoProvider';
}

// l10n-ignore: the service's own words (wire texts), quoted as the failure a send meets
const SERVICE = {
  workflowNotFound: 'workflow_not_found',
  notActive: 'trigger_not_active',
  noSteps: 'no_workflow_steps_defined',
  noIntegration: 'Subscriber does not have an active integration',
  layoutNotFound: 'Layout not found',
  payloadInvalid: 'Payload validation failed',
  payloadType: 'PAYLOAD_VALIDATION_ERROR',
} as const;

export type Fix =
  | { kind: 'publish'; workflowId: string }
  | { kind: 'sync'; workflowId: string }
  | { kind: 'dashboard'; page: 'integrations'; channel: string }
  | { kind: 'dashboard'; page: 'layouts'; layoutId: string }
  | { kind: 'dashboard'; page: 'translations'; workflowId: string };

export interface Finding {
  id: FindingId;
  level: 'blocking' | 'warning';
  workflowId?: string;
  workflowName?: string;
  stepId?: string;
  layoutId?: string;
  channel?: string;
  evidence: Evidence[];
  failure: PredictedFailure;
  fix: Fix;
  /** R7: each way the target's schema refuses what the source's accepts. */
  refusals?: SchemaRefusal[];
}

const CHANNELS = ['email', 'sms', 'in_app', 'push', 'chat'];
const NEEDS_PRIMARY = ['email', 'sms'];
const BLOCKING_CHANNELS = ['email', 'sms', 'in_app'];
const DEMO_PROVIDERS = ['novu-email', 'novu-sms'];

const LIST = 'GET /v2/workflows';
const LAYOUTS = 'GET /v2/layouts';
const INTEGRATIONS = 'GET /v1/integrations';
const workflowRoute = (w: Json | undefined): string => `GET /v2/workflows/${typeof w?.['_id'] === 'string' ? w['_id'] : '…'}`;
const layoutRoute = (l: Json | undefined, id: string): string => `GET /v2/layouts/${typeof l?.['_id'] === 'string' ? l['_id'] : id}`;

function fixFor(workflowId: string, ...sides: (Json | undefined)[]): Fix {
  return sides.some((w) => w?.['origin'] === 'external') ? { kind: 'sync', workflowId } : { kind: 'publish', workflowId };
}

function steps(w: Json | undefined): Json[] {
  return Array.isArray(w?.['steps']) ? (w['steps'] as unknown[]).filter(isObject) : [];
}

function at(value: unknown, path: readonly string[]): unknown {
  let cur = value;
  for (const key of path) cur = isObject(cur) ? cur[key] : undefined;
  return cur;
}

function hasSchema(w: Json | undefined): boolean {
  return isObject(w?.['payloadSchema']);
}

/** What a channel step needs in its environment (§10.4): email and SMS an active primary, the others an active one. */
export function usableIntegrations(integrations: readonly IntegrationInfo[], channel: string): IntegrationInfo[] {
  return integrations.filter((i) => i.channel === channel && i.active && (!NEEDS_PRIMARY.includes(channel) || i.primary));
}

function integrationEvidence(side: 'source' | 'target', integrations: readonly IntegrationInfo[], channel: string): Evidence {
  const value = integrations.filter((i) => i.channel === channel).map((i) => ({ providerId: i.providerId, name: i.name, active: i.active, primary: i.primary }));
  return { side, route: INTEGRATIONS, field: `[channel=${channel}]`, value };
}

/** Every finding of a target against its source, blocking first. */
export function readinessFindings(source: SideSnapshot, target: SideSnapshot, layouts: readonly LayoutComparison[] = []): Finding[] {
  const findings: Finding[] = [];
  const inTargetList = new Set(target.workflowList.map((w) => w.workflowId));
  const ids = [...new Set([...source.workflowList.map((w) => w.workflowId), ...target.workflowList.map((w) => w.workflowId)])];
  for (const workflowId of ids) {
    const listedSource = source.workflowList.find((w) => w.workflowId === workflowId);
    const a = source.workflows.get(workflowId);
    const b = target.workflows.get(workflowId);
    const name = (typeof (a ?? b)?.['name'] === 'string' ? (a ?? b)!['name'] : listedSource?.name ?? workflowId) as string;
    const base = { workflowId, workflowName: name };
    if (listedSource && !inTargetList.has(workflowId)) {
      findings.push({ ...base, id: 'R1', level: 'blocking', evidence: [{ side: 'source', route: LIST, field: 'workflows[].workflowId', value: workflowId }, { side: 'target', route: LIST, field: 'workflows[].workflowId', value: null }], failure: { status: 422, text: SERVICE.workflowNotFound }, fix: fixFor(workflowId, a) });
      continue; // R1 blocks: not checked for R4 to R11.
    }
    if (!b) continue; // listed in the target but not read there: the comparison lists it as not read.
    const both = listedSource !== undefined && a !== undefined;
    // Inactive on both sides: nothing the source sends reaches it either, so nothing to say.
    if (both && b['active'] === false && a['active'] !== false) {
      findings.push({ ...base, id: 'R2', level: 'blocking', evidence: [{ side: 'source', route: workflowRoute(a), field: 'active', value: a['active'] ?? null }, { side: 'target', route: workflowRoute(b), field: 'active', value: false }], failure: { status: 201, text: SERVICE.notActive }, fix: fixFor(workflowId, a, b) });
    }
    if (Array.isArray(b['steps']) && b['steps'].length === 0) {
      findings.push({ ...base, id: 'R3', level: 'blocking', evidence: [{ side: 'source', route: workflowRoute(a), field: 'steps', value: a ? steps(a).length : null }, { side: 'target', route: workflowRoute(b), field: 'steps', value: [] }], failure: { status: 201, text: SERVICE.noSteps }, fix: fixFor(workflowId, a, b) });
    }
    findings.push(...channelFindings(base, b, source, target));
    if (both) findings.push(...layoutFindings(base, a, b, target), ...payloadFindings(base, a, b), ...preferenceFindings(base, a, b), ...translationFindings(base, a, b, source, target));
    findings.push(...controlFindings(base, a, b));
  }
  for (const layout of layouts.filter((l) => l.mark === 'differs')) findings.push(layoutDiffers(layout, source, target));
  findings.push(...demoProviderFindings(target));
  return sortFindings(findings);
}

type Base = { workflowId: string; workflowName: string };

/** R6: a layout on both sides that differs: Production's emails look different (not a failure). */
function layoutDiffers(layout: LayoutComparison, source: SideSnapshot, target: SideSnapshot): Finding {
  const id = layout.layoutId;
  const evidence = (side: 'source' | 'target', snapshot: SideSnapshot): Evidence[] =>
    layout.fields.map((field) => ({ side, route: layoutRoute(snapshot.layouts.get(id), id), field, value: at(snapshot.layouts.get(id), field.split('.')) ?? null }));
  return { id: 'R6', level: 'warning', layoutId: id, evidence: [...evidence('source', source), ...evidence('target', target)], failure: { effect: 'layoutDiffers' }, fix: { kind: 'dashboard', page: 'layouts', layoutId: id } };
}

/** R4: a channel step without a usable integration in the target (its own step issues first, the list as cross-check). */
function channelFindings(base: Base, b: Json, source: SideSnapshot, target: SideSnapshot): Finding[] {
  const out: Finding[] = [];
  steps(b).forEach((step, index) => {
    const type = step['type'];
    if (typeof type !== 'string' || !CHANNELS.includes(type)) return;
    const issues = at(step, ['issues', 'integration', type]);
    const missing = Array.isArray(issues) && issues.some((i) => isObject(i) && i['issueType'] === 'MISSING_INTEGRATION');
    const none = target.integrationsRead && usableIntegrations(target.integrations, type).length === 0;
    if (!missing && !none) return;
    const stepId = typeof step['stepId'] === 'string' ? step['stepId'] : undefined;
    out.push({
      ...base,
      id: 'R4',
      level: BLOCKING_CHANNELS.includes(type) ? 'blocking' : 'warning',
      ...(stepId ? { stepId } : {}),
      channel: type,
      evidence: [
        { side: 'target', route: workflowRoute(b), field: `steps.${index}.issues.integration.${type}`, value: issues ?? null },
        ...(target.integrationsRead ? [integrationEvidence('target', target.integrations, type)] : []),
        ...(source.integrationsRead ? [integrationEvidence('source', source.integrations, type)] : []),
      ],
      failure: { text: SERVICE.noIntegration },
      fix: { kind: 'dashboard', page: 'integrations', channel: type },
    });
  });
  return out;
}

/** R5: an email step names a layout the target's complete layout list lacks. */
function layoutFindings(base: Base, a: Json, b: Json, target: SideSnapshot): Finding[] {
  const known = new Set(target.layoutList.map((l) => l.layoutId));
  const sourceSteps = new Map(steps(a).map((s) => [s['stepId'], s]));
  const out: Finding[] = [];
  steps(b).forEach((step, index) => {
    const layoutId = at(step, ['controlValues', 'layoutId']);
    if (step['type'] !== 'email' || typeof layoutId !== 'string' || layoutId === '' || known.has(layoutId)) return;
    const stepId = typeof step['stepId'] === 'string' ? step['stepId'] : undefined;
    const sourceIndex = steps(a).indexOf(sourceSteps.get(step['stepId']) as Json);
    out.push({
      ...base,
      id: 'R5',
      level: 'blocking',
      ...(stepId ? { stepId } : {}),
      layoutId,
      evidence: [
        { side: 'target', route: workflowRoute(b), field: `steps.${index}.controlValues.layoutId`, value: layoutId },
        { side: 'target', route: LAYOUTS, field: 'layouts[].layoutId', value: [...known] },
        ...(sourceIndex >= 0 ? [{ side: 'source' as const, route: workflowRoute(a), field: `steps.${sourceIndex}.controlValues.layoutId`, value: at(steps(a)[sourceIndex], ['controlValues', 'layoutId']) ?? null }] : []),
      ],
      failure: { text: SERVICE.layoutNotFound },
      fix: { kind: 'dashboard', page: 'layouts', layoutId },
    });
  });
  return out;
}

/** R7, R8 and R9: the payload schemas. */
function payloadFindings(base: Base, a: Json, b: Json): Finding[] {
  const out: Finding[] = [];
  const evidence = (field: 'payloadSchema' | 'validatePayload'): Evidence[] => [
    { side: 'source', route: workflowRoute(a), field, value: a[field] ?? null },
    { side: 'target', route: workflowRoute(b), field, value: b[field] ?? null },
  ];
  const targetValidates = b['validatePayload'] === true && hasSchema(b);
  if (targetValidates) {
    const refusals = schemaRefusals(a['payloadSchema'], b['payloadSchema']);
    if (refusals.length > 0) {
      out.push({ ...base, id: 'R7', level: 'warning', evidence: evidence('payloadSchema'), failure: { status: 400, type: SERVICE.payloadType, text: SERVICE.payloadInvalid, field: refusals[0]!.field }, fix: fixFor(base.workflowId, a, b), refusals });
    }
    if (a['validatePayload'] !== true || !hasSchema(a)) {
      out.push({ ...base, id: 'R8', level: 'warning', evidence: [...evidence('validatePayload'), ...evidence('payloadSchema')], failure: { status: 400, type: SERVICE.payloadType, text: SERVICE.payloadInvalid }, fix: fixFor(base.workflowId, a, b) });
    }
  }
  if ((a['origin'] === 'external' || b['origin'] === 'external') && !isEqual(a['payloadSchema'] ?? null, b['payloadSchema'] ?? null)) {
    out.push({ ...base, id: 'R9', level: 'warning', evidence: evidence('payloadSchema'), failure: { effect: 'failedRun' }, fix: fixFor(base.workflowId, a, b) });
  }
  return out;
}

/** R10: the target's step content is invalid (`status: ERROR` or a step's `issues.controls`). */
function controlFindings(base: Base, a: Json | undefined, b: Json): Finding[] {
  const invalid = steps(b).map((s, i) => ({ i, controls: at(s, ['issues', 'controls']) })).filter((s) => isObject(s.controls) && Object.keys(s.controls).length > 0);
  if (b['status'] !== 'ERROR' && invalid.length === 0) return [];
  return [{
    ...base,
    id: 'R10',
    level: 'warning',
    evidence: [{ side: 'target', route: workflowRoute(b), field: 'status', value: b['status'] ?? null }, ...invalid.map((s) => ({ side: 'target' as const, route: workflowRoute(b), field: `steps.${s.i}.issues.controls`, value: s.controls }))],
    failure: { effect: 'invalidContent' },
    fix: fixFor(base.workflowId, a, b),
  }];
}

function effectivePreferences(w: Json): unknown {
  const p = w['preferences'];
  return isObject(p) ? (p['user'] ?? p['default'] ?? null) : null;
}

/** R11: the effective preferences (`user ?? default`) differ, criticality (`all.readOnly`) above all. */
function preferenceFindings(base: Base, a: Json, b: Json): Finding[] {
  const pa = effectivePreferences(a);
  const pb = effectivePreferences(b);
  if (isEqual(pa, pb)) return [];
  return [{ ...base, id: 'R11', level: 'warning', evidence: [{ side: 'source', route: workflowRoute(a), field: 'preferences', value: pa }, { side: 'target', route: workflowRoute(b), field: 'preferences', value: pb }], failure: { effect: at(pa, ['all', 'readOnly']) !== at(pb, ['all', 'readOnly']) ? 'criticalDiffers' : 'preferencesDiffer' }, fix: fixFor(base.workflowId, a, b) }];
}

/** R12: translations (§10.7), only where they were read; `isTranslationEnabled` differing needs no read. */
function translationFindings(base: Base, a: Json, b: Json, source: SideSnapshot, target: SideSnapshot): Finding[] {
  const fix: Fix = { kind: 'dashboard', page: 'translations', workflowId: base.workflowId };
  const out: Finding[] = [];
  if ((a['isTranslationEnabled'] === true) !== (b['isTranslationEnabled'] === true)) {
    out.push({ ...base, id: 'R12', level: 'warning', evidence: [{ side: 'source', route: workflowRoute(a), field: 'isTranslationEnabled', value: a['isTranslationEnabled'] ?? null }, { side: 'target', route: workflowRoute(b), field: 'isTranslationEnabled', value: b['isTranslationEnabled'] ?? null }], failure: { effect: 'defaultLocale' }, fix });
  }
  const ga = source.translations?.get(base.workflowId);
  const gb = target.translations?.get(base.workflowId);
  const route = `GET /v2/translations/group/workflow/${base.workflowId}`;
  const lacking = ga && gb ? ga.locales.filter((l) => !gb.locales.includes(l)) : [];
  const outdated = gb?.outdatedLocales ?? [];
  if (lacking.length > 0 || outdated.length > 0) {
    out.push({ ...base, id: 'R12', level: 'warning', evidence: [{ side: 'source', route, field: 'locales', value: ga?.locales ?? null }, { side: 'target', route, field: lacking.length > 0 ? 'locales' : 'outdatedLocales', value: lacking.length > 0 ? gb?.locales ?? null : outdated }], failure: { effect: 'defaultLocale' }, fix });
  }
  return out;
}

/** R13: the target's only usable email or SMS integration is Novu's demo provider. */
function demoProviderFindings(target: SideSnapshot): Finding[] {
  if (!target.integrationsRead) return [];
  return NEEDS_PRIMARY.flatMap((channel): Finding[] => {
    const usable = usableIntegrations(target.integrations, channel);
    if (usable.length === 0 || !usable.every((i) => DEMO_PROVIDERS.includes(i.providerId))) return [];
    return [{ id: 'R13', level: 'warning', channel, evidence: [integrationEvidence('target', target.integrations, channel)], failure: { effect: 'demoProvider' }, fix: { kind: 'dashboard', page: 'integrations', channel } }];
  });
}

const ORDER: readonly FindingId[] = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'R7', 'R8', 'R9', 'R10', 'R11', 'R12', 'R13'];

/** Blocking first, then by rule, keeping the workflows' order within a rule. */
export function sortFindings(findings: readonly Finding[]): Finding[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort((x, y) => (x.f.level === y.f.level ? 0 : x.f.level === 'blocking' ? -1 : 1) || ORDER.indexOf(x.f.id) - ORDER.indexOf(y.f.id) || x.i - y.i)
    .map((x) => x.f);
}
