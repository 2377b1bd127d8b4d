/**
 * One side's resources as the server's publish normalizer sees them (contract §10.5), and the
 * equality it uses. The normalized value is what the comparison compares and what a diff document
 * shows: only the compared fields (§10.2's and §10.3's tables), an absent `payloadSchema` as null.
 * Fields the tables mark "ignored" (ids, slugs, times, `status`, `issues`, `origin`, `payloadExample`,
 * a step's `controls` and `variables`, a layout's `isDefault`), and fields they do not name (a list's
 * `stepTypeOverviews`, what a newer server adds), are left out: the server builds its normalized
 * object from named fields too. Pure: no `vscode`, no I/O.
 */

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Copies the named keys that are present (an absent key stays absent: `null` ≠ absent). */
function pick(from: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const key of keys) if (Object.prototype.hasOwnProperty.call(from, key) && from[key] !== undefined) out[key] = from[key];
  return out;
}

const WORKFLOW_FIELDS = ['workflowId', 'name', 'description', 'tags', 'active', 'validatePayload', 'payloadSchema', 'preferences', 'severity', 'isTranslationEnabled'] as const;
const STEP_FIELDS = ['stepId', 'name', 'type', 'controlValues'] as const;
const LAYOUT_FIELDS = ['layoutId', 'name', 'isTranslationEnabled', 'controls', 'issues'] as const;

export interface NormalizedStep extends Json {
  stepId: string;
}

/** A workflow's steps that have a `stepId` (the server skips the others), normalized, in order. */
export function normalizedSteps(workflow: Json): NormalizedStep[] {
  const steps = Array.isArray(workflow['steps']) ? workflow['steps'] : [];
  return steps.filter((s): s is Json => isObject(s) && typeof s['stepId'] === 'string' && s['stepId'] !== '').map((s) => pick(s, STEP_FIELDS) as NormalizedStep);
}

/** The workflow-level fields the server compares (everything but the steps). */
export function normalizedWorkflowFields(workflow: Json): Json {
  const out = pick(workflow, WORKFLOW_FIELDS);
  if (!('payloadSchema' in out)) out['payloadSchema'] = null;
  return out;
}

/** The whole normalized workflow, steps last: what a diff document shows. */
export function normalizeWorkflow(workflow: Json): Json {
  return { ...normalizedWorkflowFields(workflow), steps: normalizedSteps(workflow) };
}

export function normalizeLayout(layout: Json): Json {
  return pick(layout, LAYOUT_FIELDS);
}

/**
 * Where `source` and `target` differ, leaf by leaf, as paths (`preferences.default.all.readOnly`,
 * `tags.1`): the rule of deep-object-diff's `diff(target, source)`, whose empty answer means equal.
 * Keys are matched by name (order ignored), arrays index by index, `null`, absent and `""` all
 * differ, nothing is coerced. A key present on one side only is one path; a value of another kind
 * on each side (an object and a string) is one path.
 */
export function differingPaths(source: unknown, target: unknown, prefix = ''): string[] {
  if (Object.is(source, target)) return [];
  const bothObjects = source !== null && target !== null && typeof source === 'object' && typeof target === 'object';
  if (!bothObjects) return [prefix || '(value)'];
  const a = source as Json;
  const b = target as Json;
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  const paths: string[] = [];
  for (const key of keys) {
    const path = prefix ? `${prefix}.${key}` : key;
    const inA = Object.prototype.hasOwnProperty.call(a, key);
    const inB = Object.prototype.hasOwnProperty.call(b, key);
    if (inA !== inB) paths.push(path);
    else paths.push(...differingPaths(a[key], b[key], path));
  }
  return paths;
}

export function isEqual(source: unknown, target: unknown): boolean {
  return differingPaths(source, target).length === 0;
}

/** JSON text with every object's keys sorted: two sides' documents line up in a diff editor. */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const key of Object.keys(value).sort()) Object.defineProperty(out, key, { value: sortKeys(value[key]), enumerable: true, writable: true, configurable: true });
  return out;
}
