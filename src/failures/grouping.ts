/**
 * The window's failures grouped by cause (contract §8.7), fed a page at a time: every undelivered
 * step of a run (failed, or canceled and skipped for a reason the details name) joins the group of
 * its channel, its provider and its reason. Only what the groups show is kept: counts, the sets of
 * subscribers and workflows, counts in fine slices of the window for the chart, and the newest
 * runs, never whole notifications.
 */
import type { Job, Notification } from '../api';
import { causeContextOf, providerMessage, providerName, stepCause } from '../format/stepCause';
import { failureReason } from '../format/jobStatus';
import { channelLabel } from '../format/channels';
import { l10n } from '../l10n';
import type { FailureGrouping, GroupSummary } from './groupViews';
import { maskReason, providerCode } from './reason';
import { RunLedger } from './runLedger';

/** The most bars a group's chart has. */
export const BARS = 48;
/** Fine slices of the window each group counts in: its chart spans its own outage, from these. */
const SLICES = 1440;
/** The runs a group keeps to list and open (the newest). */
export const EXAMPLES = 50;

interface Group {
  key: string;
  channel: string;
  provider?: string;
  cause: string;
  message?: string;
  code?: string;
  httpStatus?: number;
  /** A provider's refusal: its title carries the code or the message's start. */
  refused: boolean;
  runs: number;
  subscribers: Set<string>;
  workflows: Set<string>;
  firstMs: number;
  lastMs: number;
  slices: Uint32Array;
  examples: GroupSummary['examples'];
}

/** A step that did not reach its channel, with the reason to group it by; undefined for a step that went out or is still on its way. */
interface Undelivered {
  channel: string;
  provider?: string;
  /** The group's reason: the provider's own code when it names one, else the cause and the masked words. */
  reason: string;
  /** The provider's message, masked. */
  message?: string;
  /** The provider's own code, and the HTTP status it answered with (contract §8.7). */
  code?: string;
  httpStatus?: number;
  /** The provider refused or threw (its words, not ours, say why). */
  refused: boolean;
  /** Not sent on purpose (a preference, a missing address, a condition): skipped, not failed. */
  skipped: boolean;
}

function undelivered(job: Job, n: Notification): Undelivered | undefined {
  if (job.type === 'trigger' || !['failed', 'canceled', 'skipped'].includes(job.status)) return undefined;
  // A step canceled because an earlier one failed is the earlier one's failure, already counted.
  const cause = stepCause(job, causeContextOf({ subscriber: undefined, template: n.template, _subscriberId: n._subscriberId }));
  if (!cause && job.status !== 'failed') return undefined;
  if (cause?.kind === 'previousStepFailed') return undefined;
  const channel = job.type ?? 'unknown';
  const provider = providerName(job.providerId);
  const base = { channel, ...(provider ? { provider } : {}), skipped: cause?.verb === 'skipped' };
  // The provider's answer: the detail that names the refusal, or, for a failure in words we do not know, the last failed detail.
  const refusal = cause?.kind === 'providerError' || cause?.kind === 'providerEvent' || !cause;
  const answer = refusal ? refusalAnswer(job, cause?.detail) : undefined;
  const said = cause?.providerMessage ?? (answer ? providerMessage(answer.raw) : undefined);
  const found = answer ? providerCode(answer.raw, said ?? answer.detail) : {};
  const message = said ? maskReason(said) : undefined;
  const codes = { ...(found.code ? { code: found.code } : {}), ...(found.status ? { httpStatus: found.status } : {}) };
  // One provider and one of its own codes: one cause, however the words around it go (contract §8.7).
  if (found.code && refusal) return { ...base, reason: `code:${found.code}`, ...(message ? { message } : {}), ...codes, refused: true };
  if (!cause) return { ...base, reason: `status:${maskReason(failureReason(job) ?? job.status)}`, refused: false };
  // The reason in our words, with the provider's message masked, so "… <ada@x.com> …" and "… <bob@y.com> …" are one.
  const reason = message ? `${cause.kind}:${message}` : `${cause.kind}:${maskReason(cause.detail)}`;
  return { ...base, reason, ...(message ? { message } : {}), ...codes, refused: cause.kind === 'providerError' || cause.kind === 'providerEvent' };
}

/** The execution detail that carries the provider's answer: the one named `detail`, else the newest failed one. */
function refusalAnswer(job: Job, detail: string | undefined): { raw: unknown; detail: string } | undefined {
  const details = job.executionDetails ?? [];
  for (let i = details.length - 1; i >= 0; i--) {
    const d = details[i]!;
    const text = typeof d.detail === 'string' ? d.detail.trim() : '';
    // l10n-ignore: the service's execution status (wire value)
    if (detail !== undefined ? text === detail : d.status === 'Failed') return { raw: d.raw, detail: text };
  }
  return undefined;
}

/** The cause's words for a group: the step's own sentence without a person's name (one group holds many people). */
function causeWords(job: Job, n: Notification, step: Undelivered): string {
  // The provider's own words are the group's message, masked; the title says what happened and what tells it apart.
  if (step.refused) return refusalWords(step.code, step.message, false);
  const cause = stepCause(job, causeContextOf({ subscriber: undefined, template: n.template, _subscriberId: n._subscriberId }));
  if (!cause) return failureReason(job) ?? job.status;
  return cause.text.replace(/^(Failed|Skipped|Canceled): /, '');
}

/** "the provider refused the message (error 21211)", or with the start of its message (all of it when `whole`). */
function refusalWords(code: string | undefined, message: string | undefined, whole: boolean): string {
  if (code) return l10n.t('the provider refused the message (error {0})', code);
  if (message) return l10n.t('the provider refused the message: {0}', whole ? message : messageStart(message));
  return l10n.t('the provider refused the message');
}

/** The first sentence of a message when short, else its first words (at most 56 characters) and "…". */
export function messageStart(message: string): string {
  const sentence = /^.+?[.!?](?=\s|$)/.exec(message)?.[0];
  if (sentence && sentence.length <= 64) return sentence;
  if (message.length <= 64) return message;
  const cut = message.slice(0, 57);
  const space = cut.lastIndexOf(' ');
  return `${(space > 24 ? cut.slice(0, space) : cut.slice(0, 56)).replace(/[\s,;:]+$/, '')}…`;
}

export function createGrouping(window: { startMs: number; endMs: number }): FailureGrouping {
  const groups = new Map<string, Group>();
  const span = Math.max(1, window.endMs - window.startMs);
  let runsRead = 0;
  let failedSteps = 0;
  const sliceMs = span / SLICES;
  const sliceOf = (atMs: number) => Math.min(SLICES - 1, Math.max(0, Math.floor((atMs - window.startMs) / sliceMs)));
  /** The group's chart: from a little before its first failure to a little after its last, at most BARS bars. */
  const bars = (g: Group): GroupSummary['bars'] => {
    const first = sliceOf(g.firstMs);
    const last = sliceOf(g.lastMs);
    const pad = Math.max(2, Math.round((last - first + 1) * 0.15));
    const from = Math.max(0, first - pad);
    const to = Math.min(SLICES - 1, last + pad);
    const count = Math.min(BARS, to - from + 1);
    const per = (to - from + 1) / count;
    const out: GroupSummary['bars'] = [];
    for (let b = 0; b < count; b++) {
      const lo = from + Math.round(b * per);
      const hi = from + Math.round((b + 1) * per);
      let sum = 0;
      for (let i = lo; i < hi; i++) sum += g.slices[i]!;
      out.push({ count: sum, fromMs: window.startMs + lo * sliceMs, toMs: window.startMs + hi * sliceMs });
    }
    return out;
  };

  /** A small reference to every failed run of each group, and when each subscriber and workflow was last sent to (Send Again to These…). */
  const ledger = new RunLedger();

  const add = (n: Notification, atMs: number) => {
    const subscriberId = n.subscriber?.subscriberId ?? n._subscriberId ?? '';
    const workflow = n.template?.triggers?.[0]?.identifier ?? n.template?.name ?? n._templateId ?? '';
    const keys: string[] = [];
    for (const job of n.jobs ?? []) {
      const step = undelivered(job, n);
      if (!step) continue;
      const key = groupKey(step);
      keys.push(key);
      let group = groups.get(key);
      if (!group) {
        group = {
          key,
          channel: step.channel,
          ...(step.provider ? { provider: step.provider } : {}),
          cause: causeWords(job, n, step),
          ...(step.message ? { message: step.message } : {}),
          ...(step.code ? { code: step.code } : {}),
          ...(step.httpStatus ? { httpStatus: step.httpStatus } : {}),
          refused: step.refused,
          runs: 0, subscribers: new Set(), workflows: new Set(), firstMs: atMs, lastMs: atMs, slices: new Uint32Array(SLICES), examples: [] };
        groups.set(key, group);
      }
      group.runs++;
      failedSteps++;
      group.subscribers.add(subscriberId);
      if (workflow) group.workflows.add(workflow);
      group.firstMs = Math.min(group.firstMs, atMs);
      group.lastMs = Math.max(group.lastMs, atMs);
      group.slices[sliceOf(atMs)]!++;
      keepNewest(group.examples, { notificationId: n._id, subscriberId, workflow, atMs });
    }
    ledger.note(n, keys);
  };

  return {
    add(runs) {
      for (const n of runs) {
        // A run seen on two pages (offset paging shifts as runs come in, contract §6) counts once.
        if (ledger.has(n._id)) continue;
        runsRead++;
        const atMs = Date.parse(n.createdAt ?? '');
        add(n, Number.isNaN(atMs) ? window.endMs : atMs);
      }
    },
    get runsRead() {
      return runsRead;
    },
    get failedSteps() {
      return failedSteps;
    },
    groups() {
      const causes = distinctCauses([...groups.values()]);
      return [...groups.values()]
        .sort((a, b) => b.runs - a.runs || b.lastMs - a.lastMs)
        .map((g) => ({
          key: g.key,
          channel: g.channel,
          ...(g.provider ? { provider: g.provider } : {}),
          cause: causes.get(g) ?? g.cause,
          ...(g.message ? { message: g.message } : {}),
          ...(g.code ? { code: g.code } : {}),
          ...(g.httpStatus ? { httpStatus: g.httpStatus } : {}),
          runs: g.runs,
          subscribers: g.subscribers.size,
          workflows: [...g.workflows].sort(),
          firstMs: g.firstMs,
          lastMs: g.lastMs,
          bars: bars(g),
          examples: [...g.examples],
        }));
    },
    representative(key) {
      const group = groups.get(key);
      const examples = group?.examples ?? [];
      // The newest run not made good by a later one whose step of this channel went out: what still fails to reach someone.
      const open = examples.find((e) => !((ledger.lastSentMs(e.subscriberId, e.workflow, group!.channel) ?? -Infinity) > e.atMs));
      return (open ?? examples[0])?.notificationId;
    },
    runsOf: (key) => ledger.runsOf(key),
    lastSentMs: (subscriberId, workflow, channel) => ledger.lastSentMs(subscriberId, workflow, channel),
  };
}

function groupKey(step: { channel: string; provider?: string; reason: string }): string {
  return [step.channel, step.provider ?? '', step.reason].join('\u0000');
}

/** The groups a run's undelivered steps join (none for a run that went out or is still on its way): the follow's "same cause". */
export function causeKeysOf(n: Notification): string[] {
  return (n.jobs ?? []).flatMap((job) => {
    const step = undelivered(job, n);
    return step ? [groupKey(step)] : [];
  });
}

/** Keeps the newest EXAMPLES runs, newest first (pages come in any order). */
function keepNewest(list: GroupSummary['examples'], run: GroupSummary['examples'][number]): void {
  if (list.length >= EXAMPLES && run.atMs <= list[list.length - 1]!.atMs) return;
  let i = list.length;
  while (i > 0 && list[i - 1]!.atMs < run.atMs) i--;
  list.splice(i, 0, run);
  if (list.length > EXAMPLES) list.pop();
}

/** Each step of a run that did not reach its channel: its channel, its group's key, its cause in the groups' words, and whether it was skipped on purpose. */
export function undeliveredSteps(n: Notification): { channel: string; key: string; words: string; skipped: boolean }[] {
  return (n.jobs ?? []).flatMap((job) => {
    const step = undelivered(job, n);
    return step ? [{ channel: step.channel, key: groupKey(step), words: causeWords(job, n, step), skipped: step.skipped }] : [];
  });
}

/** Each undelivered step's cause in the groups' words ("Email · SendGrid · the provider refused the message"): a run that failed with another cause says which. */
export function causeTitlesOf(n: Notification): string[] {
  return (n.jobs ?? []).flatMap((job) => {
    const step = undelivered(job, n);
    return step ? [[channelLabel(step.channel), step.provider, causeWords(job, n, step)].filter(Boolean).join(' · ')] : [];
  });
}

/**
 * Each group's cause in words that no other group of its channel and provider shares (issue 45, A3):
 * a refusal's title carries its code or its message's start; where two starts are the same, the
 * whole message; where even that is the same (a message cut at 300 characters), a number.
 */
function distinctCauses(all: readonly Group[]): Map<Group, string> {
  const out = new Map<Group, string>();
  const titleOf = (g: Group) => [g.channel, g.provider ?? '', out.get(g) ?? g.cause].join('\u0000');
  const clashes = () => {
    const byTitle = new Map<string, Group[]>();
    for (const g of all) byTitle.set(titleOf(g), [...(byTitle.get(titleOf(g)) ?? []), g]);
    return [...byTitle.values()].filter((list) => list.length > 1);
  };
  for (const list of clashes()) for (const g of list) if (g.refused && !g.code && g.message) out.set(g, refusalWords(undefined, g.message, true));
  for (const list of clashes()) {
    for (const [i, g] of list.entries()) if (i > 0) out.set(g, l10n.t('{0} ({1})', out.get(g) ?? g.cause, i + 1));
  }
  return out;
}
