/**
 * Workflows of two sides compared the way the server's publish diff compares them (contract §10.5),
 * plus what that diff leaves out and the extension includes, marked: code-first workflows (origin
 * `external`, also their steps' `controls.dataSchema` where both sides have one) and legacy v1
 * workflows (presence and `active` only). Matched by `workflowId`, steps by `stepId`. Pure.
 */
import { type Json, type NormalizedStep, differingPaths, isEqual, isObject, normalizedSteps, normalizedWorkflowFields } from './normalize';
import type { SideSnapshot, UnreadItem } from './snapshot';

/** Source → target: only in source, only in target, modified, steps only moved, equal, or a side not read. */
export type Mark = 'notInTarget' | 'onlyInTarget' | 'differs' | 'stepOrder' | 'same' | 'notRead';
export type WorkflowKind = 'dashboard' | 'code' | 'legacy';

export interface StepChange {
  stepId: string;
  /** The step's name on the side that has it (the source's when both do). */
  name: string;
  action: 'added' | 'deleted' | 'modified' | 'moved';
  /** Position in the source (added, modified, moved). */
  newIndex?: number;
  /** Position in the target (deleted, modified, moved). */
  previousIndex?: number;
  /** Step fields that differ (`name`, `type`). */
  fields: string[];
  /** Control-value keys whose values differ (`subject`, `layoutId`). */
  controlValues: string[];
  /** A code step whose control schema differs (extension rule, not the server's). */
  dataSchema: boolean;
}

export interface WorkflowComparison {
  workflowId: string;
  /** The source's name when it has the workflow, else the target's: shown as text, never markup. */
  name: string;
  mark: Mark;
  kind: WorkflowKind;
  /** Workflow-level paths that differ (`payloadSchema.required.1`, `active`). */
  fields: string[];
  steps: StepChange[];
  /** For `notRead`: what could not be read, on which side. */
  unread?: { side: 'source' | 'target'; item: UnreadItem }[];
}

function kindOf(workflow: Json | undefined): WorkflowKind {
  const origin = workflow?.['origin'];
  return origin === 'external' ? 'code' : origin === 'novu-cloud-v1' ? 'legacy' : 'dashboard';
}

function nameOf(workflow: Json | undefined, fallback: string): string {
  return typeof workflow?.['name'] === 'string' ? workflow['name'] : fallback;
}

/** The steps by `stepId` (§10.5's table): added, deleted, modified (a position change folded in), moved. */
export function compareSteps(source: Json, target: Json, code: boolean): StepChange[] {
  const a = normalizedSteps(source);
  const b = normalizedSteps(target);
  const rawA = rawSteps(source);
  const rawB = rawSteps(target);
  const byIdB = new Map(b.map((s, i) => [s.stepId, { step: s, index: i }]));
  const idsA = new Set(a.map((s) => s.stepId));
  const changes: StepChange[] = [];
  a.forEach((step, newIndex) => {
    const other = byIdB.get(step.stepId);
    if (!other) {
      changes.push({ stepId: step.stepId, name: stepName(step), action: 'added', newIndex, fields: [], controlValues: [], dataSchema: false });
      return;
    }
    const fields = ['name', 'type'].filter((f) => !isEqual(step[f], other.step[f]));
    const controlValues = changedKeys(step['controlValues'], other.step['controlValues']);
    const dataSchema = code && dataSchemaDiffers(rawA.get(step.stepId), rawB.get(step.stepId));
    const modified = fields.length > 0 || controlValues.length > 0 || !isEqual(step['controlValues'], other.step['controlValues']) || dataSchema;
    const moved = newIndex !== other.index;
    if (modified || moved) {
      changes.push({ stepId: step.stepId, name: stepName(step), action: modified ? 'modified' : 'moved', newIndex, previousIndex: other.index, fields, controlValues, dataSchema });
    }
  });
  b.forEach((step, previousIndex) => {
    if (!idsA.has(step.stepId)) changes.push({ stepId: step.stepId, name: stepName(step), action: 'deleted', previousIndex, fields: [], controlValues: [], dataSchema: false });
  });
  return changes;
}

function stepName(step: NormalizedStep): string {
  return typeof step['name'] === 'string' ? step['name'] : step.stepId;
}

/** The top-level control-value keys whose values differ (a key on one side only counts). */
function changedKeys(source: unknown, target: unknown): string[] {
  const a = isObject(source) ? source : {};
  const b = isObject(target) ? target : {};
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => (key in a) !== (key in b) || !isEqual(a[key], b[key]));
}

function rawSteps(workflow: Json): Map<string, Json> {
  const steps = Array.isArray(workflow['steps']) ? workflow['steps'] : [];
  return new Map(steps.filter((s): s is Json => isObject(s) && typeof s['stepId'] === 'string').map((s) => [s['stepId'] as string, s]));
}

function dataSchemaOf(step: Json | undefined): unknown {
  const controls = step?.['controls'];
  return isObject(controls) ? controls['dataSchema'] : undefined;
}

/** Compared only where both sides have a non-empty control schema (§10.5). */
function dataSchemaDiffers(source: Json | undefined, target: Json | undefined): boolean {
  const a = dataSchemaOf(source);
  const b = dataSchemaOf(target);
  const nonEmpty = (s: unknown) => isObject(s) && Object.keys(s).length > 0;
  return nonEmpty(a) && nonEmpty(b) && !isEqual(a, b);
}

/** One workflow present on both sides (read), compared. */
export function compareWorkflow(workflowId: string, source: Json, target: Json): WorkflowComparison {
  const kind = kindOf(source) === 'legacy' || kindOf(target) === 'legacy' ? 'legacy' : kindOf(source) === 'code' || kindOf(target) === 'code' ? 'code' : 'dashboard';
  const name = nameOf(source, workflowId);
  if (kind === 'legacy') {
    // v2 reads give legacy workflows no content to compare (§10.5): presence and `active` only.
    const fields = isEqual(source['active'], target['active']) ? [] : ['active'];
    return { workflowId, name, kind, mark: fields.length > 0 ? 'differs' : 'same', fields, steps: [] };
  }
  const fields = differingPaths(normalizedWorkflowFields(source), normalizedWorkflowFields(target));
  const steps = compareSteps(source, target, kind === 'code');
  const mark: Mark = fields.length > 0 || steps.some((s) => s.action !== 'moved') ? 'differs' : steps.length > 0 ? 'stepOrder' : 'same';
  return { workflowId, name, kind, mark, fields, steps };
}

/**
 * Every workflow of either side: the source's in its list order, then the target's own. A workflow
 * listed on a side but not read there (a 500, a 429 given up) is `notRead`, never `same`; one read
 * on neither side, or deleted between list and read (404), counts as not listed.
 */
export function compareWorkflows(source: SideSnapshot, target: SideSnapshot): WorkflowComparison[] {
  const ids = [...new Set([...source.workflowList.map((w) => w.workflowId), ...target.workflowList.map((w) => w.workflowId)])];
  const out: WorkflowComparison[] = [];
  for (const workflowId of ids) {
    const unread = [
      ...source.unread.filter((u) => u.kind === 'workflow' && u.id === workflowId).map((item) => ({ side: 'source' as const, item })),
      ...target.unread.filter((u) => u.kind === 'workflow' && u.id === workflowId).map((item) => ({ side: 'target' as const, item })),
    ];
    const a = source.workflows.get(workflowId);
    const b = target.workflows.get(workflowId);
    const listed = (side: SideSnapshot) => side.workflowList.find((w) => w.workflowId === workflowId);
    if (unread.length > 0) {
      const entry = listed(source) ?? listed(target);
      out.push({ workflowId, name: nameOf(a ?? b, entry?.name ?? workflowId), mark: 'notRead', kind: kindOf(a ?? b ?? (entry as Json | undefined)), fields: [], steps: [], unread });
    } else if (a && b) out.push(compareWorkflow(workflowId, a, b));
    else if (a) out.push({ workflowId, name: nameOf(a, workflowId), mark: 'notInTarget', kind: kindOf(a), fields: [], steps: [] });
    else if (b) out.push({ workflowId, name: nameOf(b, workflowId), mark: 'onlyInTarget', kind: kindOf(b), fields: [], steps: [] });
  }
  return out;
}
