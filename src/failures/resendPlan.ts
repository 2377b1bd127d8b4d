/**
 * "Send Again to These…" (issue 38.2, contract §7, §8.4, §8.7): which of a group's failed runs are
 * sent again and which are left out, and why; each event's body built as Send Again builds one;
 * its `transactionId` derived from the action and the run, so that any retry of the same action is
 * dropped by the service instead of reaching a person twice; requests of at most 100 events.
 * Pure, no `vscode`.
 */
import { createHash } from 'node:crypto';
import { MAX_BULK_EVENTS, type Notification, type TriggerBody, type Workflow } from '../api';
import { checkPayload } from '../format/payloadSchema';
import { buildTriggerBody } from '../format/triggerBody';
import { l10n } from '../l10n';
import { pairKey, type RunRef } from './runLedger';

/** One re-send per subscriber and workflow (its newest failed run), or one per failed run. */
export type ResendChoice = 'newestPerPair' | 'everyRun';

/** What the service will do with a trigger of the workflow, read before the review. */
export type WorkflowState = { state: 'active'; payloadSchema?: unknown } | { state: 'inactive' } | { state: 'gone' } | { state: 'unknown' };

export const EXCLUSION_REASONS = ['alreadySent', 'pairSentAgain', 'laterRunSent', 'workflowGone', 'workflowInactive', 'olderRunOfPair', 'payloadRefused', 'runNotFound', 'cannotBuild'] as const;
export type ExclusionReason = (typeof EXCLUSION_REASONS)[number];

export interface Excluded {
  run: RunRef;
  reason: ExclusionReason;
  /** The schema's words for a refused payload, the problem of a body that cannot be built. */
  detail?: string;
}

export interface Selection {
  chosen: RunRef[];
  excluded: Excluded[];
}

export interface SelectInput {
  runs: readonly RunRef[];
  choice: ResendChoice;
  /** When a run of the workflow last reached the subscriber on the group's channel: in the window read, and from the failure up to now (`findLaterSends`). */
  lastSentMs: (subscriberId: string, workflow: string) => number | undefined;
  /** The state of each workflow by trigger identifier (`workflowState`). */
  workflowOf: (workflow: string) => WorkflowState;
  /** Runs this action has already sent again (a cancelled action taken up again). */
  alreadySent: ReadonlySet<string>;
  /**
   * Why a run read again cannot be sent (its payload now refused, gone, no workflow or subscriber):
   * undefined for one that can, or not read yet. With `newestPerPair`, such a run is not its pair's
   * re-send: the newest run of the pair that can be sent is (issue 45, A5).
   */
  refusal?: (run: RunRef) => Excluded | undefined;
}

/** A workflow as `GET /v2/workflows/{id}` answered, or undefined for its 404. */
export function workflowState(workflow: Pick<Workflow, 'active' | 'status' | 'payloadSchema'> | undefined): WorkflowState {
  if (!workflow) return { state: 'gone' };
  if (workflow.active === false || workflow.status === 'INACTIVE') return { state: 'inactive' };
  return workflow.payloadSchema == null ? { state: 'active' } : { state: 'active', payloadSchema: workflow.payloadSchema };
}

/**
 * The runs to send again, and every run left out with its reason. A workflow gone or inactive
 * leaves out all its runs; a run sent again by this action already, or failed before a later run
 * of its workflow went out to its subscriber, is left out; a run that cannot be sent (`refusal`)
 * is left out with its reason; with `newestPerPair` each subscriber and workflow gets one re-send
 * (its newest failed run that can be sent), and none when this action reached them.
 */
export function selectRuns(input: SelectInput): Selection {
  const chosen: RunRef[] = [];
  const excluded: Excluded[] = [];
  const byPair = new Map<string, RunRef[]>();
  for (const run of new Map(input.runs.map((r) => [r.notificationId, r])).values()) {
    const key = pairKey(run.subscriberId, run.workflow);
    const list = byPair.get(key);
    if (list) list.push(run);
    else byPair.set(key, [run]);
  }
  for (const runs of byPair.values()) {
    runs.sort((a, b) => b.atMs - a.atMs);
    const state = input.workflowOf(runs[0]!.workflow).state;
    if (state === 'gone' || state === 'inactive') {
      for (const run of runs) excluded.push({ run, reason: state === 'gone' ? 'workflowGone' : 'workflowInactive' });
      continue;
    }
    const lastSent = input.lastSentMs(runs[0]!.subscriberId, runs[0]!.workflow) ?? -Infinity;
    // The newest run of the pair this action sent again: its re-send is on its way, or went out
    // (then a later sent run says so), or failed again (then that new failure is newer than it).
    const reachedAt = Math.max(-Infinity, ...runs.filter((run) => input.alreadySent.has(run.notificationId)).map((run) => run.atMs));
    const candidates: RunRef[] = [];
    for (const run of runs) {
      const refused = input.refusal?.(run);
      if (input.alreadySent.has(run.notificationId)) excluded.push({ run, reason: 'alreadySent' });
      else if (lastSent > run.atMs) excluded.push({ run, reason: 'laterRunSent' });
      else if (refused) excluded.push(refused);
      else candidates.push(run);
    }
    if (input.choice === 'everyRun') {
      chosen.push(...candidates);
      continue;
    }
    // One message per person and workflow: their newest failure goes, unless this action sent them
    // this workflow again after it (a failure older than that re-send is not sent a second time).
    candidates.forEach((run, index) => {
      if (run.atMs <= reachedAt) excluded.push({ run, reason: 'pairSentAgain' });
      else if (index === 0) chosen.push(run);
      else excluded.push({ run, reason: 'olderRunOfPair' });
    });
  }
  chosen.sort((a, b) => b.atMs - a.atMs);
  return { chosen, excluded };
}

const SAFE_PART = /^[A-Za-z0-9_-]{1,64}$/;

/** A new action's id: every transaction ID and idempotency key of that action derive from it. */
export function newActionId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * The re-sent run's `transactionId`: the same for the same action and run (a retry, or the action
 * taken up again after a cancel, is dropped by the service, contract §8.4), another for a new
 * action. At most 3 + 64 + 1 + 64 characters (the service takes 255); a run id that is not a plain
 * id is hashed.
 */
export function resendTransactionId(actionId: string, notificationId: string): string {
  if (!SAFE_PART.test(actionId)) throw new Error(l10n.t('An action ID must be 1 to 64 letters, digits, "_" or "-".'));
  return `nx-${actionId}-${SAFE_PART.test(notificationId) ? notificationId : digest(notificationId)}`;
}

/**
 * One request's `idempotency-key`: derived from the action and the events it carries, so the
 * request sent again (a retry, a 429) is the same key with the same body, and a request of other
 * events (the action taken up again with fewer runs) never meets the first one's key (contract
 * "Idempotency": the same key with another body answers 422).
 */
export function requestKey(actionId: string, events: readonly Pick<TriggerBody, 'transactionId'>[]): string {
  return `nx-bulk-${actionId}-${digest(events.map((e) => e.transactionId ?? '').join('\n'))}`;
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}

export interface PlannedEvent {
  run: RunRef;
  body: TriggerBody;
}

/**
 * The event that sends `run` again, built from its notification read again (Send Again's rule:
 * workflow, subscriber, payload, first overrides; never credentials), or why it is left out: its
 * payload now refused by the workflow's schema (`check`: the rule Send Again and Preview check
 * by), or a notification that does not say its workflow or subscriber.
 */
export function eventFor(
  run: RunRef,
  notification: Notification,
  actionId: string,
  state: WorkflowState,
  check: (payload: unknown, schema: unknown) => Record<string, string[]> = checkPayload,
): PlannedEvent | Excluded {
  const built = buildTriggerBody(notification, resendTransactionId(actionId, run.notificationId));
  if ('problem' in built) return { run, reason: 'cannotBuild', detail: built.problem };
  if (state.state === 'active' && state.payloadSchema !== undefined) {
    const errors = Object.entries(check(built.body.payload, state.payloadSchema));
    if (errors.length > 0) return { run, reason: 'payloadRefused', detail: errors.map(([field, messages]) => `${field}: ${messages.join('; ')}`).join('; ') };
  }
  return { run, body: built.body };
}

/** The events in requests of at most `size` (the service's limit, contract §8.4), in order. */
export function chunk<T>(items: readonly T[], size = MAX_BULK_EVENTS): T[][] {
  if (!Number.isInteger(size) || size < 1 || size > MAX_BULK_EVENTS) throw new RangeError(l10n.t('A request holds 1 to {0} events.', MAX_BULK_EVENTS));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface ExclusionGroup {
  reason: ExclusionReason;
  /** What the review says of them, with their count. */
  label: string;
  runs: Excluded[];
}

/** The runs left out, by reason in the order the review says them, each with its words and count. */
export function exclusionGroups(excluded: readonly Excluded[]): ExclusionGroup[] {
  return EXCLUSION_REASONS.map((reason) => ({ reason, runs: excluded.filter((e) => e.reason === reason) }))
    .filter((group) => group.runs.length > 0)
    .map((group) => ({ ...group, label: exclusionLabel(group.reason, group.runs.length) }));
}

export function exclusionLabel(reason: ExclusionReason, count: number): string {
  switch (reason) {
    case 'alreadySent':
      return count === 1 ? l10n.t('1 run already sent again by this action') : l10n.t('{0} runs already sent again by this action', count);
    case 'pairSentAgain':
      return count === 1 ? l10n.t('1 older run of a subscriber and workflow this action already sent again') : l10n.t('{0} older runs of a subscriber and workflow this action already sent again', count);
    case 'laterRunSent':
      return count === 1 ? l10n.t('1 run whose subscriber got a later run of the same workflow') : l10n.t('{0} runs whose subscriber got a later run of the same workflow', count);
    case 'workflowGone':
      return count === 1 ? l10n.t('1 run of a workflow that no longer exists') : l10n.t('{0} runs of a workflow that no longer exists', count);
    case 'workflowInactive':
      return count === 1 ? l10n.t('1 run of an inactive workflow') : l10n.t('{0} runs of an inactive workflow', count);
    case 'olderRunOfPair':
      return count === 1 ? l10n.t('1 older failed run of a subscriber and workflow that gets one re-send') : l10n.t('{0} older failed runs of a subscriber and workflow that gets one re-send', count);
    case 'payloadRefused':
      return count === 1 ? l10n.t("1 run whose payload the workflow's schema now refuses") : l10n.t("{0} runs whose payload the workflow's schema now refuses", count);
    case 'runNotFound':
      return count === 1 ? l10n.t('1 run the service no longer has') : l10n.t('{0} runs the service no longer has', count);
    case 'cannotBuild':
      return count === 1 ? l10n.t('1 run that does not say its workflow or subscriber') : l10n.t('{0} runs that do not say their workflow or subscriber', count);
  }
}
