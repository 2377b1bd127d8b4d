/**
 * Runs notification test cases (issue 46, §3): the one runner of the Test Explorer, the agent's
 * #novuTests and the command line. For each case, each message step of its workflow is rendered by
 * the user's app through `renderStep` (the Preview's own rendering), checked by the Preview's own
 * checks (src/checks/), judged against the case's expectations and, with `snapshot: true`, compared
 * with its snapshot.
 *
 * - The app is asked once per run (discover: its workflows, steps and payload schemas). When it
 *   does not answer, or answers with another environment's key, the run says so once and every
 *   case is errored, not failed.
 * - One signed request per step per case; at most 8 in flight.
 * - A case is sent whole: its payload over a fixed instance of the schema (casePayload.ts), so it
 *   renders the same on every run, and its result names the keys it did not set. Every other
 *   step's result is fixed too (caseState.ts: a digest's events); a case that leaves keys out
 *   (`absent`) is rendered as a send renders it, by the bridge's `execute`.
 * - A case file with problems (bad JSON, an unknown workflow, step or key) runs none of its bad
 *   cases, and every other file and case still runs.
 * Pure: no vscode. The secret goes only to the bridge client, which keeps it out of every text.
 */
import type { BridgeClient, DiscoveredWorkflow, StackFrame } from '../bridge/bridgeClient';
import { isSchemaVisible } from '../bridge/discoverSchema';
import { checkStep, type CanIEmail, type ChecksSettings, type Finding } from '../checks';
import { l10n } from '../l10n';
import { failureWords } from '../rendered/previewWords';
import { showControls } from '../rendered/linkSafety';
import { renderStep, type StepRender } from '../rendered/renderStep';
import type { ServiceRenderer, ServiceStepRender, ServiceWorkflow } from './serviceTarget';
import { payloadKeyPlace, readCaseFile, resolveCaseFile, type AbsentWorkflow, type CaseFile, type CaseProblem, type TestCase } from './caseFile';
import { casePayload } from './casePayload';
import { caseState, type CaseState } from './caseState';
import { judgeStep, type StepOutcome } from './expectations';
import { nodeAt } from './jsonTree';
import { compareSnapshot, readSnapshots, snapshotOf, writeSnapshots, type SnapshotData, type SnapshotVerdict } from './snapshots';

/** The step types that send a message: the ones a case renders and checks. */
export const MESSAGE_STEP_TYPES: ReadonlySet<string> = new Set(['email', 'in_app', 'sms', 'push', 'chat']);
export const MAX_IN_FLIGHT = 8;

export interface FileToRun {
  /** The file's path (a key for the caller; the runner reads nothing from disk). */
  path: string;
  text: string;
  /** The snapshot file's text beside it, when there is one. */
  snapshotText?: string;
  /** Only these cases (by name); all when absent. */
  only?: ReadonlySet<string>;
}

export interface RunTarget {
  client: Pick<BridgeClient, 'discover' | 'previewStep'>;
  url: string;
  secret: string;
  /**
   * The service, for the workflows the app does not define (the dashboard's): rendered by its step
   * preview (serviceTarget.ts). Without it, such a case file says that the app has no such workflow.
   */
  service?: ServiceRenderer;
}

/** Where a workflow's steps are rendered: the user's app, or the service for a dashboard workflow. */
interface Source {
  workflowId: string;
  steps: { stepId: string; type: string; _id?: string; results?: { schema?: unknown } }[];
  schema: unknown;
  via: 'app' | 'service';
}

export interface RunOptions {
  settings: ChecksSettings;
  canIEmail?: CanIEmail;
  /** Accept each changed snapshot (Update Snapshot, `--update-snapshots`); for a whole file, also drop its obsolete entries. */
  updateSnapshots?: boolean;
  /** CI mode (the CLI's `--ci`, as Jest's): a missing snapshot fails instead of being written. */
  ci?: boolean;
  /** Why a case's `subscriberId` cannot be looked up here (the CLI without `--api-url`): such a case is errored with it, never run without its subscriber. */
  subscriberIdProblem?: string;
  /** A subscriber of the connection by id: its fields, null when the connection has none, undefined when it cannot be asked. */
  subscriberOf?: (subscriberId: string) => Promise<Record<string, unknown> | null | undefined>;
  maxInFlight?: number;
  signal?: AbortSignal;
  /** Each case as it ends (the Test Explorer shows it at once). */
  onCase?: (file: FileReport, result: CaseResult) => void;
  /** A case is starting (its steps are asked for). */
  onStart?: (file: FileReport, test: TestCase) => void;
  /** The workspace's folders, to show a thrown step's file by its place in them. */
  folders?: readonly string[];
}

export type Status = 'passed' | 'failed' | 'errored' | 'skipped';

export interface CaseFailure {
  kind: 'expectation' | 'check' | 'snapshot' | 'threw' | 'app';
  message: string;
  expected?: string;
  actual?: string;
  /** Where in the case file (offsets), when the failure has a place there. */
  place?: { offset: number; length: number };
  /** A thrown step: the first frame of the user's own code. */
  frame?: StackFrame;
}

export interface StepResult {
  stepId: string;
  type: string;
  status: Status;
  durationMs: number;
  /** Every finding of the checks, errors and warnings. */
  findings: Finding[];
  failures: CaseFailure[];
  snapshot?: SnapshotVerdict;
  /** Why it was not sent (skipped). */
  skipped?: string;
}

export interface CaseResult {
  name: string;
  index: number;
  status: Status;
  /** From the case's first request to its last answer (its wait for a free slot left out). */
  durationMs: number;
  /** When its first request went out (epoch ms); absent when it sent none. */
  startedAt?: number;
  /** The payload's keys the case did not set, filled from the schema's fixed instance. */
  unset: string[];
  /** Earlier steps' results a later step reads that the case did not give (`steps`): the runner's fixed ones (a digest's events). */
  made?: CaseState['made'];
  steps: StepResult[];
  /** Why it did not run: its problems (errored), or the run's (the app). */
  problems: CaseProblem[];
  message?: string;
}

export interface FileReport {
  path: string;
  file: CaseFile;
  workflow?: DiscoveredWorkflow;
  cases: CaseResult[];
  /** Who rendered its cases: the user's app, or the service (a dashboard workflow). */
  renderedBy?: 'app' | 'service';
  /** The snapshot file's new text, when this run wrote, updated or removed a snapshot in it. */
  snapshotWrite?: { text: string; written: number; updated: number; removed?: number };
  /** Snapshot entries of cases the file no longer has (renamed or removed): removed by an update of the whole file. */
  obsoleteSnapshots?: string[];
  snapshotProblem?: string;
  /** The file's workflow is neither the app's nor the service's: who was asked, and the ids they have. */
  absent?: AbsentWorkflow;
}

export interface RunReport {
  /** Why the run could not be made (the app not answering, another environment's key): said once. */
  problem?: string;
  files: FileReport[];
  counts: Record<Status, number>;
  durationMs: number;
}

/** A small pool: at most `size` of the tasks run at once. */
function pool(size: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

function counts(files: readonly FileReport[]): Record<Status, number> {
  const out: Record<Status, number> = { passed: 0, failed: 0, errored: 0, skipped: 0 };
  for (const f of files) for (const c of f.cases) out[c.status]++;
  return out;
}

/** The failures an app's answer makes of a whole run: nothing a case could change. */
const RUN_FAILURES = new Set(['badUrl', 'unreachable', 'notBridge', 'signatureMismatch', 'signatureOther']);

/** Runs `files` against the app at `target`. Never throws but for the caller's abort. */
export async function runCases(files: readonly FileToRun[], target: RunTarget, options: RunOptions): Promise<RunReport> {
  const started = Date.now();
  const reports: FileReport[] = files.map((f) => ({ path: f.path, file: readCaseFile(f.text), cases: [] }));
  const discovered = await target.client.discover(target.url, target.secret, options.signal);
  // The app not answering stops every case, unless the service can render the dashboard's workflows.
  const appProblem = discovered.kind !== 'discovered' ? failureWords(discovered, { url: target.url }).text : undefined;
  if (appProblem !== undefined && !target.service) {
    const problem = appProblem;
    for (const report of reports) {
      report.cases = selected(report, files).map(({ test, index }) => ({
        name: test.name,
        index,
        status: 'errored' as const,
        durationMs: 0,
        unset: [],
        steps: [],
        problems: test.problems,
        message: problem,
      }));
    }
    return { problem, files: reports, counts: counts(reports), durationMs: Date.now() - started };
  }
  // The subscribers the cases name, each asked once.
  const ids = new Set<string>();
  for (const report of reports) for (const c of report.file.cases) if (c.subscriber?.subscriberId && options.subscriberOf) ids.add(c.subscriber.subscriberId);
  const subscribers = new Map<string, Record<string, unknown> | null | undefined>();
  await Promise.all([...ids].map(async (id) => subscribers.set(id, await options.subscriberOf!(id).catch(() => undefined))));

  const limit = pool(options.maxInFlight ?? MAX_IN_FLIGHT);
  let runProblem: string | undefined = appProblem;
  const appWorkflows = discovered.kind === 'discovered' ? discovered.workflows : [];
  // The service's workflows, each asked once (a failure to ask is said on the file).
  const asked = new Map<string, Promise<ServiceWorkflow | undefined | { problem: string }>>();
  const fromService = (workflowId: string) => {
    let answer = asked.get(workflowId);
    if (!answer) {
      answer = target.service!.workflow(workflowId, options.signal).catch((error: unknown) => ({ problem: l10n.t('Novu could not be asked for the workflow "{0}": {1}', workflowId, error instanceof Error ? error.message : String(error)) }));
      asked.set(workflowId, answer);
    }
    return answer;
  };
  // The service's workflow ids, asked once and only for a workflow nobody has (a failure to ask: none known).
  let listed: Promise<string[]> | undefined;
  const serviceIds = () => (listed ??= target.service?.workflowIds?.(options.signal).catch(() => []) ?? Promise.resolve([]));
  await Promise.all(
    reports.map(async (report, fileIndex) => {
      const workflowId = report.file.workflowId;
      const workflow = workflowId ? appWorkflows.find((w) => w.workflowId === workflowId) : undefined;
      if (workflow) report.workflow = workflow;
      let source: Source | undefined = workflow ? { workflowId: workflow.workflowId, steps: workflow.steps, schema: isSchemaVisible(workflow.payload?.schema) ? workflow.payload?.schema : undefined, via: 'app' } : undefined;
      let sourceProblem: string | undefined;
      const appIds = appWorkflows.map((w) => w.workflowId);
      if (!source && workflowId) report.absent = { ids: appIds };
      if (!source && workflowId && target.service) {
        const held = await fromService(workflowId);
        if (held && 'problem' in held) sourceProblem = held.problem;
        // A code workflow whose app does not answer: the app's problem, not the service's copy.
        else if (held && held.origin === 'external' && appProblem) sourceProblem = appProblem;
        else if (held) source = { workflowId, steps: held.steps, schema: isSchemaVisible(held.payloadSchema) ? held.payloadSchema : undefined, via: 'service' };
        else if (appProblem) sourceProblem = appProblem;
        // Nobody has it: said at the file's workflow, with the nearest id the app or the service has.
        else report.absent = { ids: [...appIds, ...(await serviceIds())], service: target.service.label };
        if (source || sourceProblem) delete report.absent;
      }
      if (source) report.renderedBy = source.via;
      // (With a problem of the workflow's source, each case says it: nothing more to find in the file.)
      if (!sourceProblem) {
        report.file = resolveCaseFile(
          report.file,
          source ? { steps: source.steps.map((s) => s.stepId) } : undefined,
          (id) => {
            const found = subscribers.get(id);
            return found === undefined ? undefined : found !== null;
          },
          report.absent,
        );
      }
      const snapshots = readSnapshots(files[fileIndex]!.snapshotText);
      if (snapshots.problem) report.snapshotProblem = snapshots.problem;
      const fileBlocked = report.file.problems.some((p) => p.severity === 'error');
      const write: SnapshotData = { ...snapshots.data };
      let written = 0;
      let updated = 0;
      const results = await Promise.all(
        selected(report, files).map(async ({ test, index }): Promise<CaseResult> => {
          if (sourceProblem) {
            const result: CaseResult = { name: test.name, index, status: 'errored', durationMs: 0, unset: [], steps: [], problems: [], message: sourceProblem };
            // The app's own problem is the run's, said once (as when nothing could run): not case by case.
            if (sourceProblem !== appProblem) options.onCase?.(report, result);
            return result;
          }
          if (options.subscriberIdProblem !== undefined && test.subscriber?.subscriberId && !fileBlocked && test.problems.length === 0) {
            const result: CaseResult = { name: test.name, index, status: 'errored', durationMs: 0, unset: [], steps: [], problems: [], message: options.subscriberIdProblem };
            options.onCase?.(report, result);
            return result;
          }
          if (fileBlocked || test.problems.length > 0 || !source) {
            const problems = test.problems.length > 0 ? test.problems : report.file.problems;
            const result: CaseResult = { name: test.name, index, status: 'errored', durationMs: 0, unset: [], steps: [], problems, message: problems.map((p) => p.message).join('\n') || l10n.t('The case file has problems.') };
            options.onCase?.(report, result);
            return result;
          }
          options.onStart?.(report, test);
          const result = await runCase(report, source, test, index, target, options, limit, subscribers, snapshots.data);
          for (const step of result.steps) {
            if (!step.snapshot) continue;
            const now = step.snapshot.kind === 'written' || step.snapshot.kind === 'updated' ? stepSnapshots.get(step) : undefined;
            if (!now) continue;
            const kept = write[test.name] ?? {};
            Object.defineProperty(write, test.name, { value: { ...kept, [step.stepId]: now }, enumerable: true, writable: true, configurable: true });
            if (step.snapshot.kind === 'written') written++;
            else updated++;
          }
          if (result.status === 'errored' && result.message && !runProblem && result.steps.some((s) => s.failures.some((f) => f.kind === 'app'))) runProblem = result.message;
          options.onCase?.(report, result);
          return result;
        }),
      );
      report.cases = results;
      // Entries of cases the file no longer has; a readable file only (a broken one has no cases to go by).
      const names = new Set(report.file.cases.map((c) => c.name));
      const obsolete = fileBlocked || report.file.cases.length === 0 ? [] : Object.keys(snapshots.data).filter((name) => !names.has(name));
      // An update of the whole file drops them; of some of its cases, they are only listed.
      const removed = options.updateSnapshots && !files[fileIndex]!.only ? obsolete.length : 0;
      for (const name of removed > 0 ? obsolete : []) Reflect.deleteProperty(write, name);
      if (obsolete.length > removed) report.obsoleteSnapshots = obsolete;
      if (written + updated + removed > 0) report.snapshotWrite = { text: writeSnapshots(write), written, updated, ...(removed > 0 ? { removed } : {}) };
    }),
  );
  return { ...(runProblem ? { problem: runProblem } : {}), files: reports, counts: counts(reports), durationMs: Date.now() - started };
}

/** A step's new snapshot, kept aside for the file's write (never part of what is shown). */
const stepSnapshots = new WeakMap<StepResult, Record<string, unknown>>();

function selected(report: FileReport, files: readonly FileToRun[]): { test: TestCase; index: number }[] {
  const only = files.find((f) => f.path === report.path)?.only;
  return report.file.cases.map((test, index) => ({ test, index })).filter(({ test }) => !only || only.has(test.name));
}

async function runCase(
  report: FileReport,
  source: Source,
  test: TestCase,
  index: number,
  target: RunTarget,
  options: RunOptions,
  limit: ReturnType<typeof pool>,
  subscribers: ReadonlyMap<string, Record<string, unknown> | null | undefined>,
  kept: SnapshotData,
): Promise<CaseResult> {
  // The case's own time: from its first request to its last answer, not its wait in the pool.
  let firstRequest: number | undefined;
  let lastAnswer = 0;
  const timed = <T>(task: () => Promise<T>, onStart: (at: number) => void): Promise<T> =>
    limit(async () => {
      const at = Date.now();
      firstRequest = Math.min(firstRequest ?? at, at);
      onStart(at);
      try {
        return await task();
      } finally {
        lastAnswer = Math.max(lastAnswer, Date.now());
      }
    });
  const schema = source.schema;
  const { payload, unset } = casePayload(test.payload, schema, test.absent);
  // Every other step's result, fixed (the framework's mock is random); a case with absent keys is rendered as sent (execute).
  const { state, made } = source.via === 'app' ? caseState(source.steps, test.steps, payload) : { state: [], made: [] };
  const action = source.via === 'app' && test.absent.length > 0 ? ('execute' as const) : ('preview' as const);
  const subscriber = subscriberFor(test, subscribers);
  const levels = { ...options.settings.levels, ...report.file.levels };
  const settings: ChecksSettings = { ...options.settings, levels };
  const steps = source.steps.filter((s) => MESSAGE_STEP_TYPES.has(s.type));
  const results = await Promise.all(
    steps.map(async (step): Promise<StepResult> => {
      let stepStarted = Date.now();
      const expectation = test.expect[step.stepId];
      const skipped = subscriber ? skipReason(step.type, subscriber) : undefined;
      let outcome: StepOutcome;
      const failures: StepResult['failures'] = [];
      let findings: Finding[] = [];
      let snapshot: SnapshotVerdict | undefined;
      let appFailed = false;
      let newSnapshot: Record<string, unknown> | undefined;
      if (skipped) {
        outcome = { kind: 'skipped', reason: skipped };
      } else {
        const controls = test.controls[step.stepId] ?? {};
        const rendered: StepRender | ServiceStepRender =
          source.via === 'service'
            ? await timed(() => target.service!.render(source.workflowId, step, { payload, subscriber: subscriber ?? {}, controls }, options.signal), (at) => (stepStarted = at))
            : await timed(() => renderStep(target.client, target.url, target.secret, { workflowId: source.workflowId, stepId: step.stepId, stepType: step.type, payload, subscriber: subscriber ?? {}, controls, state, action, context: test.context }, options.signal), (at) => (stepStarted = at));
        if (rendered.kind === 'rendered' && 'skipped' in rendered && rendered.skipped) {
          outcome = { kind: 'skipped', reason: l10n.t('its skip condition holds for this payload') };
        } else if (rendered.kind === 'failed') {
          // The service's own failure (§9.4): said as the check "it renders" says it.
          outcome = { kind: 'failed', message: rendered.message };
          findings = checkStep({ stepId: step.stepId, result: { failure: { text: rendered.message, atKeys: [] } }, payload, ...(schema ? { payloadSchema: schema } : {}) }, settings, options.canIEmail);
        } else if (rendered.kind === 'rendered') {
          outcome = { kind: 'rendered', model: rendered.model };
          findings = checkStep({ stepId: step.stepId, result: { model: rendered.model }, payload, ...(schema ? { payloadSchema: schema } : {}) }, settings, options.canIEmail);
          if (test.snapshot) {
            const now = snapshotOf(rendered.model);
            if (now && options.ci && !options.updateSnapshots && !kept[test.name]?.[step.stepId]) {
              failures.push({ kind: 'snapshot', message: l10n.t('`{0}` has no snapshot yet, and in CI mode (--ci) a missing snapshot fails instead of being written: run once without --ci and commit the snapshot file.', step.stepId), place: { offset: test.nameOffset, length: 1 } });
            } else if (now) {
              snapshot = compareSnapshot(kept[test.name]?.[step.stepId], now, options.updateSnapshots === true);
              newSnapshot = now;
              if (snapshot.kind === 'changed') failures.push({ kind: 'snapshot', message: l10n.t('What `{0}` sends differs from its snapshot.', step.stepId), expected: snapshot.expected, actual: snapshot.actual, place: { offset: test.nameOffset, length: 1 } });
            }
          }
        } else {
          const words = failureWords(rendered, { url: target.url, workflowId: source.workflowId, stepId: step.stepId, ...(options.folders ? { folders: options.folders } : {}) });
          if (RUN_FAILURES.has(rendered.kind)) {
            appFailed = true;
            failures.push({ kind: 'app', message: words.text });
            outcome = { kind: 'failed', message: words.text };
          } else if (rendered.kind === 'stepThrew') {
            outcome = { kind: 'threw', message: rendered.message };
            if (expectation?.throws === undefined) failures.push({ kind: 'threw', message: words.text, ...(rendered.frame ? { frame: rendered.frame } : {}) });
          } else {
            outcome = { kind: 'failed', message: words.text };
            findings = checkStep({ stepId: step.stepId, result: { failure: { text: words.text, atKeys: words.atKeys } }, payload, ...(schema ? { payloadSchema: schema } : {}) }, settings, options.canIEmail);
          }
        }
      }
      for (const f of judgeStep(step.stepId, expectation, outcome)) {
        const place = report.file.root ? nodeAt(report.file.root, ['cases', index, ...f.path]) : undefined;
        failures.push({ kind: 'expectation', message: f.message, ...(f.expected !== undefined ? { expected: f.expected } : {}), ...(f.actual !== undefined ? { actual: f.actual } : {}), ...(place ? { place: { offset: place.property?.keyOffset ?? place.node.offset, length: place.property?.keyLength ?? Math.min(place.node.length, 200) } } : {}) });
      }
      for (const finding of findings) {
        if (finding.level !== 'error') continue;
        const place = finding.where.kind === 'payload' ? payloadKeyPlace(report.file, index, finding.where.key) : undefined;
        failures.push({ kind: 'check', message: finding.message, ...(place ? { place } : {}) });
      }
      const status: Status = appFailed ? 'errored' : failures.length > 0 ? 'failed' : outcome.kind === 'skipped' && !expectation ? 'skipped' : 'passed';
      const result: StepResult = { stepId: step.stepId, type: step.type, status, durationMs: Date.now() - stepStarted, findings, failures, ...(snapshot ? { snapshot } : {}), ...(outcome.kind === 'skipped' ? { skipped: outcome.reason } : {}) };
      if (newSnapshot) stepSnapshots.set(result, newSnapshot);
      return result;
    }),
  );
  const status: Status = results.some((s) => s.status === 'errored') ? 'errored' : results.some((s) => s.status === 'failed') ? 'failed' : results.length > 0 && results.every((s) => s.status === 'skipped') ? 'skipped' : 'passed';
  const appMessage = results.flatMap((s) => s.failures).find((f) => f.kind === 'app')?.message;
  return {
    name: test.name,
    index,
    status,
    durationMs: firstRequest === undefined ? 0 : lastAnswer - firstRequest,
    ...(firstRequest !== undefined ? { startedAt: firstRequest } : {}),
    unset,
    ...(made.length > 0 ? { made } : {}),
    steps: results,
    problems: [],
    ...(status === 'errored' && appMessage ? { message: appMessage } : {}),
    ...(results.length === 0 ? { message: l10n.t('`{0}` has no step that sends a message.', source.workflowId) } : {}),
  };
}

/** The subscriber a case is rendered for: the connection's (by id) under the case's own fields; undefined: the app's mock. */
function subscriberFor(test: TestCase, subscribers: ReadonlyMap<string, Record<string, unknown> | null | undefined>): Record<string, unknown> | undefined {
  if (!test.subscriber) return undefined;
  const { subscriberId, ...fields } = test.subscriber;
  const stored = subscriberId ? subscribers.get(subscriberId) : undefined;
  const out: Record<string, unknown> = {};
  const pick = ['firstName', 'lastName', 'email', 'phone', 'locale', 'timezone', 'avatar', 'data'];
  if (stored) for (const key of pick) if (stored[key] !== undefined && stored[key] !== null) out[key] = stored[key];
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) out[key] = value;
  out['subscriberId'] = subscriberId ?? 'novu-test-subscriber';
  return out;
}

/** Why a channel is skipped for this subscriber (contract: no address is a skip), or undefined. */
function skipReason(type: string, subscriber: Record<string, unknown>): string | undefined {
  const has = (key: string) => typeof subscriber[key] === 'string' && (subscriber[key] as string).trim() !== '';
  if (type === 'email' && !has('email')) return l10n.t('the subscriber has no e-mail address');
  if (type === 'sms' && !has('phone')) return l10n.t('the subscriber has no phone number');
  return undefined;
}

/** A case's result in one line of words (the CLI's and the agent's). */
export function caseLine(result: CaseResult): string {
  const name = showControls(result.name);
  switch (result.status) {
    case 'passed':
      return l10n.t('passed: {0}', name);
    case 'skipped':
      return l10n.t('skipped: {0}', name);
    case 'errored':
      return l10n.t('errored: {0}: {1}', name, showControls(result.message ?? ''));
    case 'failed':
      return l10n.t('failed: {0}', name);
  }
}
