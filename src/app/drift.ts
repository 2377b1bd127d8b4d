/**
 * Drift between the user's app and the environment (contract §9.5): the app's workflows, as its bridge's
 * `?action=discover` lists them, against the definitions the service stored at the last sync
 * (`POST /v1/bridge/diff` → `current.workflows`, the same shape as discover's). The service computes
 * nothing; this does, by `workflowId`.
 *
 * - Steps are compared by `stepId`: added, removed, retyped.
 * - Schemas (the payload's, the workflow's controls, each kept step's controls) are compared at the
 *   top level only (`properties`, `required`), and only when both sides can be seen: an app on zod 4
 *   sends `{ $schema }` alone (§9.1), which says nothing, never "no keys". A schema one side cannot
 *   see makes the workflow's `schemaComparable` false and gives no change for that schema; such a
 *   workflow is never `same`: with no change seen it is `notCompared`, and its words say which schema.
 * - Entries whose `origin` is present and not `external` are dashboard workflows: never drift.
 * Pure: no vscode.
 */
import { isSchemaVisible } from '../bridge/discoverSchema';
import { l10n } from '../l10n';

export interface SchemaHolderLike {
  schema?: unknown;
}

export interface DiscoveredStepLike {
  stepId: string;
  type: string;
  controls?: SchemaHolderLike | undefined;
}

/** What drift reads of a discovered workflow (bridgeClient's `DiscoveredWorkflow` is one). */
export interface DiscoveredWorkflowLike {
  workflowId: string;
  steps: readonly DiscoveredStepLike[];
  payload?: SchemaHolderLike | undefined;
  controls?: SchemaHolderLike | undefined;
}

export type DriftChange =
  | { kind: 'stepAdded'; stepId: string; type: string }
  | { kind: 'stepRemoved'; stepId: string; type: string }
  | { kind: 'stepRetyped'; stepId: string; from: string; to: string }
  | { kind: 'payloadKeyAdded'; key: string }
  | { kind: 'payloadKeyRemoved'; key: string }
  /** Required in the app, optional (or absent from `required`) at the last sync. */
  | { kind: 'payloadKeyRequired'; key: string }
  /** Optional in the app, required at the last sync. */
  | { kind: 'payloadKeyOptional'; key: string }
  /** A control of a step (`stepId`) or of the workflow itself (no `stepId`). */
  | { kind: 'controlAdded'; stepId?: string; key: string }
  | { kind: 'controlRemoved'; stepId?: string; key: string };

/** `notCompared`: nothing seen differs, but a schema could not be compared, so "the same" would not be true. */
export type DriftKind = 'onlyInCode' | 'onlyInEnvironment' | 'changed' | 'notCompared' | 'same';

/** Which schemas of a workflow could not be compared: its payload's, its or its steps' controls. */
export type SchemaPart = 'payload' | 'controls';

export interface DriftEntry {
  workflowId: string;
  kind: DriftKind;
  /** From the last sync to the app: "added" is in the app and was not synced. Empty unless `changed`. */
  changes: DriftChange[];
  /** False when a schema of this workflow could not be compared (one side's is not visible). */
  schemaComparable: boolean;
  /** When `schemaComparable` is false: whose schema could not be seen (the app's wins when both). */
  hiddenSchemas?: 'app' | 'environment';
  /** When `schemaComparable` is false: which schemas were not compared. */
  uncompared?: SchemaPart[];
}

export interface SyncPlan {
  /** In the app, not in the environment: a sync creates them. */
  create: string[];
  /** In both: a sync updates every workflow discover returns, changed or not (`changed`, `notCompared` and `same`). */
  update: string[];
  /** In the environment (code workflows), not in the app: a sync deletes them. */
  delete: string[];
  /** The part of `update` where nothing visible differs (`same`). */
  unchanged: string[];
}

/** A workflow or step as both sides are read: loose, whatever the service stored. */
interface Definition {
  workflowId: string;
  steps: { stepId: string; type: string; controls: unknown }[];
  payload: unknown;
  controls: unknown;
}

const KIND_ORDER: Record<DriftKind, number> = { onlyInEnvironment: 0, onlyInCode: 1, changed: 2, notCompared: 3, same: 4 };
const SHOWN_CHANGES = 3;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{ schema }` → its schema; anything else → undefined. */
function schemaOf(holder: unknown): unknown {
  return isRecord(holder) ? holder.schema : undefined;
}

/** A definition read loosely; undefined for an entry without a `workflowId` or of a dashboard `origin`. */
function readDefinition(value: unknown): Definition | undefined {
  if (!isRecord(value)) return undefined;
  const { workflowId } = value;
  if (typeof workflowId !== 'string' || workflowId === '') return undefined;
  if (value.origin !== undefined && value.origin !== null && value.origin !== 'external') return undefined;
  const steps: Definition['steps'] = [];
  const seen = new Set<string>();
  for (const step of Array.isArray(value.steps) ? (value.steps as unknown[]) : []) {
    if (!isRecord(step) || typeof step.stepId !== 'string' || typeof step.type !== 'string' || seen.has(step.stepId)) continue;
    seen.add(step.stepId);
    steps.push({ stepId: step.stepId, type: step.type, controls: schemaOf(step.controls) });
  }
  return { workflowId, steps, payload: schemaOf(value.payload), controls: schemaOf(value.controls) };
}

function byId(values: readonly unknown[]): Map<string, Definition> {
  const found = new Map<string, Definition>();
  for (const value of values) {
    const definition = readDefinition(value);
    if (definition && !found.has(definition.workflowId)) found.set(definition.workflowId, definition);
  }
  return found;
}

interface TopLevel {
  keys: Set<string>;
  required: Set<string>;
}

/** The top-level keys of an object schema: its `properties`, and what `required` names. */
function topLevel(schema: unknown): TopLevel {
  const keys = new Set<string>();
  const required = new Set<string>();
  if (isRecord(schema)) {
    if (isRecord(schema.properties)) for (const key of Object.keys(schema.properties)) keys.add(key);
    if (Array.isArray(schema.required)) {
      for (const key of schema.required) {
        if (typeof key !== 'string') continue;
        required.add(key);
        keys.add(key);
      }
    }
  }
  return { keys, required };
}

const sorted = (values: Iterable<string>) => [...values].sort(compareIds);

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Collects the changes of one workflow present on both sides. */
class WorkflowComparison {
  readonly changes: DriftChange[] = [];
  appHidden = false;
  environmentHidden = false;
  readonly uncompared = new Set<SchemaPart>();

  /** Whether both schemas can be compared; notes the side that cannot be seen, and what. Both absent: nothing to compare. */
  private comparable(part: SchemaPart, app: unknown, environment: unknown): boolean {
    if (app === undefined && environment === undefined) return false;
    const appVisible = isSchemaVisible(app);
    const environmentVisible = isSchemaVisible(environment);
    if (!appVisible) this.appHidden = true;
    if (!environmentVisible) this.environmentHidden = true;
    if (!appVisible || !environmentVisible) this.uncompared.add(part);
    return appVisible && environmentVisible;
  }

  steps(app: Definition, environment: Definition): void {
    const before = new Map(environment.steps.map((step) => [step.stepId, step]));
    const after = new Map(app.steps.map((step) => [step.stepId, step]));
    for (const step of app.steps) {
      const old = before.get(step.stepId);
      if (!old) this.changes.push({ kind: 'stepAdded', stepId: step.stepId, type: step.type });
      else if (old.type !== step.type) this.changes.push({ kind: 'stepRetyped', stepId: step.stepId, from: old.type, to: step.type });
    }
    for (const step of environment.steps) {
      if (!after.has(step.stepId)) this.changes.push({ kind: 'stepRemoved', stepId: step.stepId, type: step.type });
    }
  }

  payload(app: unknown, environment: unknown): void {
    if (!this.comparable('payload', app, environment)) return;
    const now = topLevel(app);
    const then = topLevel(environment);
    for (const key of sorted(now.keys)) {
      if (!then.keys.has(key)) this.changes.push({ kind: 'payloadKeyAdded', key });
      else if (now.required.has(key) && !then.required.has(key)) this.changes.push({ kind: 'payloadKeyRequired', key });
      else if (!now.required.has(key) && then.required.has(key)) this.changes.push({ kind: 'payloadKeyOptional', key });
    }
    for (const key of sorted(then.keys)) {
      if (!now.keys.has(key)) this.changes.push({ kind: 'payloadKeyRemoved', key });
    }
  }

  controls(app: unknown, environment: unknown, stepId?: string): void {
    if (!this.comparable('controls', app, environment)) return;
    const now = topLevel(app).keys;
    const then = topLevel(environment).keys;
    const at = stepId === undefined ? {} : { stepId };
    for (const key of sorted(now)) if (!then.has(key)) this.changes.push({ kind: 'controlAdded', ...at, key });
    for (const key of sorted(then)) if (!now.has(key)) this.changes.push({ kind: 'controlRemoved', ...at, key });
  }
}

function compareOne(app: Definition, environment: Definition): DriftEntry {
  const comparison = new WorkflowComparison();
  comparison.steps(app, environment);
  comparison.payload(app.payload, environment.payload);
  comparison.controls(app.controls, environment.controls);
  const before = new Map(environment.steps.map((step) => [step.stepId, step]));
  for (const step of app.steps) {
    const old = before.get(step.stepId);
    // A retyped step's controls belong to another kind of step: its retyping says it all.
    if (old && old.type === step.type) comparison.controls(step.controls, old.controls, step.stepId);
  }
  const { changes, appHidden, environmentHidden, uncompared } = comparison;
  const schemaComparable = !appHidden && !environmentHidden;
  const kind: DriftKind = changes.length > 0 ? 'changed' : schemaComparable ? 'same' : 'notCompared';
  const entry: DriftEntry = { workflowId: app.workflowId, kind, changes, schemaComparable };
  if (!schemaComparable) {
    entry.hiddenSchemas = appHidden ? 'app' : 'environment';
    entry.uncompared = (['payload', 'controls'] as const).filter((part) => uncompared.has(part));
  }
  return entry;
}

/**
 * Every workflow of either side once: the deletions a sync would make first (`onlyInEnvironment`),
 * then `onlyInCode`, `changed`, `notCompared` and `same`; by `workflowId` within each.
 * `environment` is `current.workflows` of the diff, read loosely (entries it cannot read are left out).
 */
export function compareWorkflows(app: readonly DiscoveredWorkflowLike[], environment: readonly unknown[]): DriftEntry[] {
  const mine = byId(app);
  const theirs = byId(environment);
  const entries: DriftEntry[] = [];
  for (const [workflowId, definition] of mine) {
    const synced = theirs.get(workflowId);
    entries.push(synced ? compareOne(definition, synced) : { workflowId, kind: 'onlyInCode', changes: [], schemaComparable: true });
  }
  for (const workflowId of theirs.keys()) {
    if (!mine.has(workflowId)) entries.push({ workflowId, kind: 'onlyInEnvironment', changes: [], schemaComparable: true });
  }
  return entries.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || compareIds(a.workflowId, b.workflowId));
}

/** One change in words: "step `welcome-email` (email) added", "payload key `plan` now required". */
export function changeWords(change: DriftChange): string {
  switch (change.kind) {
    case 'stepAdded':
      return l10n.t('step `{0}` ({1}) added', change.stepId, change.type);
    case 'stepRemoved':
      return l10n.t('step `{0}` ({1}) removed', change.stepId, change.type);
    case 'stepRetyped':
      return l10n.t('step `{0}` changed from {1} to {2}', change.stepId, change.from, change.to);
    case 'payloadKeyAdded':
      return l10n.t('payload key `{0}` added', change.key);
    case 'payloadKeyRemoved':
      return l10n.t('payload key `{0}` removed', change.key);
    case 'payloadKeyRequired':
      return l10n.t('payload key `{0}` now required', change.key);
    case 'payloadKeyOptional':
      return l10n.t('payload key `{0}` now optional', change.key);
    case 'controlAdded':
      return change.stepId === undefined ? l10n.t('workflow control `{0}` added', change.key) : l10n.t('control `{0}` of step `{1}` added', change.key, change.stepId);
    case 'controlRemoved':
      return change.stepId === undefined ? l10n.t('workflow control `{0}` removed', change.key) : l10n.t('control `{0}` of step `{1}` removed', change.key, change.stepId);
  }
}

/**
 * One workflow's drift in words, for a row or a line of the sync's question; "" when nothing differs.
 * `connectionName` names the environment ("not synced to Acme Production").
 */
export function driftSummary(entry: DriftEntry, connectionName: string): string {
  switch (entry.kind) {
    case 'onlyInCode':
      return l10n.t('not synced to {0}', connectionName);
    case 'onlyInEnvironment':
      return l10n.t('synced, but your app no longer defines it: a sync deletes it');
    case 'same':
      return '';
    case 'notCompared':
      return notComparedWords(entry);
    case 'changed': {
      const shown = entry.changes.slice(0, SHOWN_CHANGES).map(changeWords).join(', ');
      const more = entry.changes.length - SHOWN_CHANGES;
      const list = more > 0 ? l10n.t('{0} and {1} more', shown, more) : shown;
      const text = l10n.t('changed since the last sync: {0}', list);
      return entry.schemaComparable ? text : l10n.t('{0}; {1}', text, notComparedWords(entry));
    }
  }
}

/** "payload schema not compared: your app's schemas cannot be read (zod 4; …)": what was not compared, and why. */
function notComparedWords(entry: DriftEntry): string {
  const parts = entry.uncompared ?? [];
  const what =
    parts.length === 1 && parts[0] === 'payload'
      ? l10n.t('payload schema')
      : parts.length === 1
        ? l10n.t('control schemas')
        : l10n.t('payload and control schemas');
  return entry.hiddenSchemas === 'environment'
    ? l10n.t('{0} not compared: the last synced schemas cannot be read', what)
    : l10n.t("{0} not compared: your app's schemas cannot be read (zod 4; zod/v3 or JSON Schema can be)", what);
}

/** What `POST /v1/bridge/sync` will do with these entries, each list by `workflowId`. */
export function syncPlan(entries: readonly DriftEntry[]): SyncPlan {
  const ids = (...kinds: DriftKind[]) => sorted(entries.filter((entry) => kinds.includes(entry.kind)).map((entry) => entry.workflowId));
  return { create: ids('onlyInCode'), update: ids('changed', 'notCompared', 'same'), delete: ids('onlyInEnvironment'), unchanged: ids('same') };
}
