/**
 * Notification test cases, as files in the user's repository (issue 46, §1; docs/tests.md). One
 * file holds one workflow's cases:
 *
 *   { "workflow": "account-welcome",
 *     "checks": { "client-support": "off" },            (optional: this file's check levels)
 *     "cases": [ { "name": "…", "payload": {…}, "subscriber": {…}, "controls": { "<step>": {…} },
 *                  "expect": { "<step>": { "subject": { "contains": "…" }, … } }, "snapshot": true,
 *                  "steps": { "<step>": { "events": […] } }, "absent": ["city"] } ] }
 *
 * Reading a file never throws and never changes it. Each problem has its place (offsets into the
 * text): bad JSON, a key the format does not know, a value of the wrong kind, two cases of one name.
 * A case with a problem does not run and says why; the file's other cases do. What needs the app or
 * the connection (an unknown workflow or step, a subscriberId the connection lacks) is checked by
 * `resolveCaseFile`, once they are known. Pure: no vscode.
 */
import * as z from 'zod/mini';
import { CHECK_IDS, type CheckId, type CheckLevel } from '../checks';
import { didYouMean } from '../format/didYouMean';
import { validateTriggerContext } from '../api/contextRules';
import { l10n } from '../l10n';
import { jsonValue, nodeAt, parseJsonTree, type JsonNode } from './jsonTree';

/** The default glob of case files (the setting `novuExplorer.tests.files` changes it). */
export const DEFAULT_CASE_GLOB = '**/*.novu-test.json';
/** A case file's snapshots live beside it: `welcome.novu-test.json` → `welcome.novu-test.snap.json`. */
export function snapshotPathOf(caseFilePath: string): string {
  return caseFilePath.replace(/\.json$/i, '') + '.snap.json';
}

export const SUBSCRIBER_FIELDS = ['subscriberId', 'firstName', 'lastName', 'email', 'phone', 'locale', 'timezone', 'avatar', 'data'] as const;

const oneOrMany = z.union([z.string(), z.array(z.string())]);
const textExpectation = z.strictObject({
  contains: z.optional(oneOrMany),
  notContains: z.optional(oneOrMany),
  matches: z.optional(
    z.string().check(
      z.superRefine((source, ctx) => {
        const error = regexError(source);
        if (error) ctx.issues.push({ code: 'custom', message: error, input: source, params: { regex: true } });
      }),
    ),
  ),
});
const targetsExpectation = z.strictObject({ contains: z.optional(oneOrMany), notContains: z.optional(oneOrMany) });
const stepExpectation = z.strictObject({
  subject: z.optional(textExpectation),
  body: z.optional(textExpectation),
  text: z.optional(textExpectation),
  title: z.optional(textExpectation),
  targets: z.optional(targetsExpectation),
  throws: z.optional(z.union([z.literal(true), z.string()])),
  skipped: z.optional(z.boolean()),
});
const subscriberSchema = z.strictObject({
  subscriberId: z.optional(z.string().check(z.minLength(1))),
  firstName: z.optional(z.nullable(z.string())),
  lastName: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
  phone: z.optional(z.nullable(z.string())),
  locale: z.optional(z.nullable(z.string())),
  timezone: z.optional(z.nullable(z.string())),
  avatar: z.optional(z.nullable(z.string())),
  data: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
});
const caseSchema = z.strictObject({
  name: z.string().check(z.minLength(1), z.maxLength(200)),
  description: z.optional(z.string()),
  payload: z.optional(z.record(z.string(), z.unknown())),
  subscriber: z.optional(subscriberSchema),
  controls: z.optional(z.record(z.string(), z.record(z.string(), z.unknown()))),
  expect: z.optional(z.record(z.string(), stepExpectation)),
  snapshot: z.optional(z.boolean()),
  steps: z.optional(z.record(z.string(), z.record(z.string(), z.unknown()))),
  absent: z.optional(z.array(z.string().check(z.minLength(1)))),
  // The trigger's shape (contract §12), checked by validateTriggerContext below at its keys.
  context: z.optional(z.record(z.string(), z.unknown())),
});
const levelSchema = z.enum(['error', 'warning', 'off']);
const fileSchema = z.strictObject({
  $schema: z.optional(z.string()),
  workflow: z.string().check(z.minLength(1)),
  description: z.optional(z.string()),
  // Any subset of the checks (a record of an enum would demand every id).
  checks: z.optional(z.partialRecord(z.enum(CHECK_IDS), levelSchema)),
  cases: z.array(z.unknown()),
});

export type TextExpectation = z.infer<typeof textExpectation>;
export type TargetsExpectation = z.infer<typeof targetsExpectation>;
export type StepExpectation = z.infer<typeof stepExpectation>;
export type CaseSubscriber = z.infer<typeof subscriberSchema>;

export interface TestCase {
  name: string;
  /** Where the case's object is in the file, and its name's value (a test item's place). */
  offset: number;
  length: number;
  nameOffset: number;
  payload: Record<string, unknown>;
  subscriber?: CaseSubscriber;
  controls: Record<string, Record<string, unknown>>;
  expect: Record<string, StepExpectation>;
  snapshot: boolean;
  /** Other steps' results (a digest's events, a custom step's outputs), by step id (issue 51, §13). */
  steps: Record<string, Record<string, unknown>>;
  /** Payload keys (dotted paths) the case leaves out, as a trigger without them (issue 51, §14). */
  absent: string[];
  /** The trigger's context, resolved as the app's steps get it (`{ tenant: { id, data } }`, issue 55); {} for none. */
  context: Record<string, { id: string; data: Record<string, unknown> }>;
  /** Why the case cannot run (its problems); empty when it can. */
  problems: CaseProblem[];
}

export interface CaseProblem {
  offset: number;
  length: number;
  message: string;
  /** A problem of the file that stops every case (bad JSON, no workflow), or of one case. */
  severity: 'error' | 'warning';
  /** The text that would mend it, put in the problem's place (a key's nearest known one, quoted): a quick fix. */
  replacement?: string;
}

export interface CaseFile {
  /** The workflow's id (undefined when the file does not say one it can be read by). */
  workflowId?: string;
  workflowOffset: number;
  /** This file's check levels (the `checks` key), over the settings'. */
  levels: Partial<Record<CheckId, CheckLevel | 'off'>>;
  cases: TestCase[];
  /** Problems of the file as a whole: while one is an error, no case of it runs. */
  problems: CaseProblem[];
  /** The parsed tree, for the places of keys (a refused payload key). Undefined for bad JSON. */
  root?: JsonNode;
}

const REGEX_MAX = 500;

/** A regular expression from the file's text, or undefined when JavaScript cannot read it. Bounded: at most 500 characters. */
export function regexOf(source: string): RegExp | undefined {
  if (source.length > REGEX_MAX) return undefined;
  try {
    return new RegExp(source, 'u');
  } catch {
    return undefined;
  }
}

/** Why `regexOf` refuses a source: JavaScript's own error, or its length; undefined when it reads it. */
export function regexError(source: string): string | undefined {
  if (source.length > REGEX_MAX) return l10n.t('a regular expression of at most {0} characters is expected (this one has {1}).', REGEX_MAX, source.length);
  try {
    new RegExp(source, 'u');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Reads a case file's text. Never throws. */
export function readCaseFile(text: string): CaseFile {
  const parsed = parseJsonTree(text);
  if (!parsed.ok) {
    return { workflowOffset: 0, levels: {}, cases: [], problems: [{ offset: parsed.offset, length: parsed.length, message: l10n.t('Not JSON: {0}', parsed.message), severity: 'error' }] };
  }
  const root = parsed.root;
  const problems: CaseProblem[] = [];
  const value = jsonValue(root);
  const top = fileSchema.safeParse(value);
  if (!top.success) for (const issue of top.error.issues) problems.push(...problemsOf(root, issue));
  const record = (value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, unknown>;
  const workflowNode = nodeAt(root, ['workflow']);
  const workflowId = typeof record['workflow'] === 'string' && record['workflow'] !== '' ? record['workflow'] : undefined;
  const levels: CaseFile['levels'] = {};
  const checks = record['checks'];
  if (checks !== null && typeof checks === 'object' && !Array.isArray(checks)) {
    for (const [id, level] of Object.entries(checks)) {
      if ((CHECK_IDS as readonly string[]).includes(id) && (level === 'error' || level === 'warning' || level === 'off')) levels[id as CheckId] = level;
    }
  }
  const cases: TestCase[] = [];
  const list = Array.isArray(record['cases']) ? (record['cases'] as unknown[]) : [];
  const seen = new Map<string, number>();
  list.forEach((raw, index) => {
    const at = nodeAt(root, ['cases', index]).node;
    const caseProblems: CaseProblem[] = [];
    const one = caseSchema.safeParse(raw);
    // Said by the key's path from the file's top (`cases.0.snapshot`), as the file's own problems are.
    if (!one.success) for (const issue of one.error.issues) caseProblems.push(...problemsOf(root, { ...issue, path: ['cases', index, ...issue.path] }));
    const c = (raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
    const name = typeof c['name'] === 'string' && c['name'] !== '' ? c['name'] : l10n.t('case {0}', index + 1);
    const nameNode = nodeAt(root, ['cases', index, 'name']);
    if (seen.has(name)) caseProblems.push({ offset: nameNode.node.offset, length: nameNode.node.length, message: l10n.t('Another case of this file is named "{0}": each case needs a name of its own (its snapshot is kept by name).', name), severity: 'error' });
    seen.set(name, index);
    const data = one.success ? one.data : undefined;
    // A key both given and left out: say it at the `absent` entry.
    (data?.absent ?? []).forEach((path, at) => {
      if (!payloadHas(data?.payload ?? {}, path)) return;
      const node = nodeAt(root, ['cases', index, 'absent', at]).node;
      caseProblems.push({ offset: node.offset, length: node.length, message: l10n.t('cases.{0}.absent: "{1}" is also in the payload; leave it out of one of them.', index, path), severity: 'error' });
    });
    // A context in the trigger's shape: one to five keys, ids by the service's pattern, data at most 64 KB (§12).
    if (data?.context !== undefined) {
      for (const [field, messages] of Object.entries(validateTriggerContext(data.context, ''))) {
        const path = field.split('.').filter((p) => p !== '');
        const node = nodeAt(root, ['cases', index, 'context', ...path]).node;
        for (const message of messages) caseProblems.push({ offset: node.offset, length: node.length, message: l10n.t('cases.{0}.context{1}: {2}', index, path.length > 0 ? `.${path.join('.')}` : '', message), severity: 'error' });
      }
    }
    caseProblems.sort((a, b) => a.offset - b.offset);
    cases.push({
      name,
      offset: at.offset,
      length: at.length,
      nameOffset: nameNode.complete ? nameNode.node.offset : at.offset,
      payload: data?.payload ?? {},
      ...(data?.subscriber ? { subscriber: data.subscriber } : {}),
      controls: data?.controls ?? {},
      expect: data?.expect ?? {},
      snapshot: data?.snapshot === true,
      steps: data?.steps ?? {},
      absent: data?.absent ?? [],
      context: resolveContext(data?.context),
      problems: caseProblems,
    });
  });
  if (!workflowNode.complete && !problems.length) problems.push({ offset: root.offset, length: 1, message: l10n.t('The file names no workflow ("workflow": "<its id>").'), severity: 'error' });
  return { ...(workflowId ? { workflowId } : {}), workflowOffset: workflowNode.complete ? workflowNode.node.offset : root.offset, levels, cases, problems, root };
}

/** A trigger's context as the framework resolves it for a step: each entry `{ id, data }` (data `{}` when only an id is given). */
export function resolveContext(context: Record<string, unknown> | undefined): Record<string, { id: string; data: Record<string, unknown> }> {
  const out: Record<string, { id: string; data: Record<string, unknown> }> = {};
  for (const [type, value] of Object.entries(context ?? {})) {
    if (typeof value === 'string') out[type] = { id: value, data: {} };
    else if (value && typeof value === 'object' && !Array.isArray(value) && typeof (value as { id?: unknown }).id === 'string') {
      const data = (value as { data?: unknown }).data;
      out[type] = { id: (value as { id: string }).id, data: data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {} };
    }
  }
  return out;
}

function payloadHas(payload: Record<string, unknown>, path: string): boolean {
  let at: unknown = payload;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object' || Array.isArray(at) || !Object.prototype.hasOwnProperty.call(at, part)) return false;
    at = (at as Record<string, unknown>)[part];
  }
  return true;
}

interface Issue {
  code: string;
  path: PropertyKey[];
  message: string;
  keys?: string[];
  expected?: string;
  values?: unknown[];
  origin?: string;
  maximum?: number | bigint;
  /** A union's issues, by the kind it tried. */
  errors?: Issue[][];
}

/** The keys the format knows in the object at `path` (from the file's top), for "Did you mean …?". */
function knownKeysAt(path: readonly (string | number)[]): readonly string[] {
  if (path.length === 0) return Object.keys(fileSchema.def.shape);
  if (path[0] === 'checks') return path.length === 1 ? CHECK_IDS : [];
  if (path[0] !== 'cases' || path.length < 2) return [];
  const [part, step, field, ...more] = path.slice(2);
  if (part === undefined) return Object.keys(caseSchema.def.shape);
  if (part === 'subscriber' && step === undefined) return SUBSCRIBER_FIELDS;
  if (part !== 'expect' || step === undefined || more.length > 0) return [];
  if (field === undefined) return Object.keys(stepExpectation.def.shape);
  return Object.keys((field === 'targets' ? targetsExpectation : textExpectation).def.shape);
}

/**
 * The problems of one zod issue, each at its place and in the format's own words (never zod's):
 * a key the format does not know at the key, one problem per key, with its nearest known key; any
 * other at the value, or at the object that lacks a key.
 */
function problemsOf(root: JsonNode, issue: Issue): CaseProblem[] {
  const path = issue.path.filter((p): p is string | number => typeof p === 'string' || typeof p === 'number');
  const where = path.length > 0 ? path.join('.') : l10n.t('the file');
  const found = nodeAt(root, path);
  const holder = found.node;
  if (issue.code === 'unrecognized_keys' && holder.type === 'object') {
    const taken = new Set(holder.properties.map((p) => p.key));
    const known = knownKeysAt(path).filter((k) => !taken.has(k));
    return (issue.keys ?? []).map((key) => {
      const property = holder.properties.find((p) => p.key === key);
      const [nearest] = didYouMean(key, known, 1);
      const message = nearest
        ? l10n.t('{0}: the key "{1}" is not one the case format knows. Did you mean "{2}"?', where, key, nearest)
        : l10n.t('{0}: the key "{1}" is not one the case format knows.', where, key);
      const place = property ? { offset: property.keyOffset, length: property.keyLength } : { offset: holder.offset, length: 1 };
      return { ...place, message, severity: 'error', ...(nearest && property ? { replacement: JSON.stringify(nearest) } : {}) };
    });
  }
  // A list given where a text or a list of texts is: its item that is not a text.
  const inList = issue.code === 'invalid_union' && holder.type === 'array' ? issue.errors?.find((tried) => tried.length > 0 && tried.every((i) => i.path.length > 0)) : undefined;
  if (inList) return inList.flatMap((i) => problemsOf(root, { ...i, path: [...path, ...i.path] }));
  // A missing key: the object that lacks it (at its key when it has one).
  const length = found.complete ? holder.length : Math.min(holder.length, 1);
  const offset = found.property && !found.complete ? found.property.keyOffset : holder.offset;
  return [{ offset, length: Math.max(1, Math.min(length, 2000)), message: issueWords(issue, where, found.complete ? holder : undefined, path[path.length - 1]), severity: 'error' }];
}

/** What a value of a zod type is, in words. */
function kindWords(expected: string | undefined): string {
  switch (expected) {
    case 'string':
      return l10n.t('a text');
    case 'boolean':
      return l10n.t('true or false');
    case 'number':
      return l10n.t('a number');
    case 'array':
      return l10n.t('a list ([ … ])');
    case 'object':
    case 'record':
      return l10n.t('an object ({ … })');
    default:
      return l10n.t('a value of another kind');
  }
}

/** A zod issue in the format's words; `value`: the node the issue is about, undefined when it is missing. */
function issueWords(issue: Issue, where: string, value: JsonNode | undefined, key: string | number | undefined): string {
  switch (issue.code) {
    case 'invalid_type':
      return value ? l10n.t('{0}: {1} is expected.', where, kindWords(issue.expected)) : l10n.t('{0}: missing; {1} is expected.', where, kindWords(issue.expected));
    case 'invalid_union':
      return key === 'throws' ? l10n.t('{0}: true, or a text its message contains, is expected.', where) : l10n.t('{0}: a text, or a list of texts, is expected.', where);
    case 'invalid_value':
      return l10n.t('{0}: one of {1} is expected.', where, (issue.values ?? []).map((v) => JSON.stringify(v)).join(', '));
    case 'custom':
      // The format's own checks (a regular expression's) say their words: JavaScript's error, or the length.
      return l10n.t('{0}: {1}', where, issue.message);
    case 'too_small':
      return l10n.t('{0}: must not be empty.', where);
    case 'too_big':
      return value?.type === 'string'
        ? l10n.t('{0}: at most {1} characters (this one has {2}).', where, Number(issue.maximum), value.value.length)
        : l10n.t('{0}: at most {1} items.', where, Number(issue.maximum));
    default:
      return l10n.t('{0}: a value the case format does not accept.', where);
  }
}

/** Who was asked for a workflow nobody has, and the workflow ids they have: the nearest is offered. */
export interface AbsentWorkflow {
  /** The workflow ids of the app and, when known, of the service. */
  ids: readonly string[];
  /** The service asked too, in words ("the Sandbox"); undefined: only the app was. */
  service?: string;
}

/**
 * What only the app and the connection can say of a file: its workflow and each expectation's or
 * control's step exist, and each case's subscriberId is one the connection has. Problems join the
 * file's or the case's own (the case then does not run). `steps`: the workflow's step ids, or
 * undefined when the app does not have the workflow (`absent`: who else was asked, and the ids
 * known, for the nearest one); `subscriberExists` undefined: not checked.
 */
export function resolveCaseFile(file: CaseFile, workflow: { steps: readonly string[] } | undefined, subscriberExists?: (subscriberId: string) => boolean | undefined, absent?: AbsentWorkflow): CaseFile {
  if (!file.workflowId || !file.root) return file;
  if (!workflow) {
    const id = file.workflowId;
    const [nearest] = didYouMean(id, absent?.ids ?? [], 1);
    const missing = absent?.service ? l10n.t('Neither your app nor {0} has a workflow "{1}".', absent.service, id) : l10n.t('Your app has no workflow "{0}".', id);
    const message = nearest ? `${missing} ${l10n.t('Did you mean "{0}"?', nearest)}` : missing;
    const node = nodeAt(file.root, ['workflow']).node;
    const place = node.type === 'string' ? { offset: node.offset, length: node.length } : { offset: file.workflowOffset, length: Math.max(1, id.length + 2) };
    return { ...file, problems: [...file.problems, { ...place, message, severity: 'error', ...(nearest ? { replacement: JSON.stringify(nearest) } : {}) }] };
  }
  const root = file.root;
  const cases = file.cases.map((c, index) => {
    const problems = [...c.problems];
    for (const part of ['expect', 'controls', 'steps'] as const) {
      for (const stepId of Object.keys(c[part])) {
        if (workflow.steps.includes(stepId)) continue;
        const holder = nodeAt(root, ['cases', index, part]).node;
        const property = holder.type === 'object' ? holder.properties.find((p) => p.key === stepId) : undefined;
        problems.push({
          offset: property?.keyOffset ?? holder.offset,
          length: property?.keyLength ?? 1,
          message: l10n.t('"{0}" has no step "{1}" (its steps: {2}).', file.workflowId!, stepId, workflow.steps.join(', ') || l10n.t('none')),
          severity: 'error',
        });
      }
    }
    const id = c.subscriber?.subscriberId;
    if (id && subscriberExists && subscriberExists(id) === false) {
      const node = nodeAt(root, ['cases', index, 'subscriber', 'subscriberId']).node;
      problems.push({ offset: node.offset, length: node.length, message: l10n.t('The connection has no subscriber "{0}".', id), severity: 'error' });
    }
    return problems.length === c.problems.length ? c : { ...c, problems };
  });
  return { ...file, cases };
}

/** The place of a payload key (a dotted path, as the checks name it) in a case, for a refusal said at its key. */
export function payloadKeyPlace(file: CaseFile, caseIndex: number, key: string): { offset: number; length: number } {
  const fallback = file.cases[caseIndex];
  if (!file.root || !fallback) return { offset: 0, length: 1 };
  const parts = key === '' ? [] : key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const found = nodeAt(file.root, ['cases', caseIndex, 'payload', ...parts]);
  if (found.complete && found.property) return { offset: found.property.keyOffset, length: found.property.keyLength };
  if (found.complete) return { offset: found.node.offset, length: Math.min(found.node.length, 200) };
  // The key is not in the case (the schema wants it): the payload, or the case when it has none.
  const payload = nodeAt(file.root, ['cases', caseIndex, 'payload']);
  if (payload.complete && payload.property) return { offset: payload.property.keyOffset, length: payload.property.keyLength };
  return { offset: fallback.nameOffset, length: 1 };
}
