/**
 * The window's failures grouped by cause (contract §8.7), fed a page at a time: every undelivered
 * step of a run (failed, or canceled and skipped for a reason the details name) joins the group of
 * its channel, its provider and its reason. Only what the groups show is kept: counts, the sets of
 * subscribers and workflows, counts in fine slices of the window for the chart, and the newest
 * runs, never whole notifications.
 */
import type { Job, Notification } from '../api';
import { causeContextOf, providerName, stepCause } from '../format/stepCause';
import { failureReason } from '../format/jobStatus';
import { channelLabel } from '../format/channels';
import { l10n } from '../l10n';
import type { FailureGrouping, GroupSummary } from './groupViews';
import { maskReason } from './reason';
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
  runs: number;
  subscribers: Set<string>;
  workflows: Set<string>;
  firstMs: number;
  lastMs: number;
  slices: Uint32Array;
  examples: GroupSummary['examples'];
}

/** A step that did not reach its channel, with the reason to group it by; undefined for a step that went out or is still on its way. */
function undelivered(job: Job, n: Notification): { channel: string; provider?: string; reason: string; message?: string } | undefined {
  if (job.type === 'trigger' || !['failed', 'canceled', 'skipped'].includes(job.status)) return undefined;
  // A step canceled because an earlier one failed is the earlier one's failure, already counted.
  const cause = stepCause(job, causeContextOf({ subscriber: undefined, template: n.template, _subscriberId: n._subscriberId }));
  if (!cause && job.status !== 'failed') return undefined;
  if (cause?.kind === 'previousStepFailed') return undefined;
  const provider = providerName(job.providerId);
  const message = cause?.providerMessage ? maskReason(cause.providerMessage) : undefined;
  // The reason in our words, with the provider's message masked, so "… <ada@x.com> …" and "… <bob@y.com> …" are one.
  const reason = cause ? (message ? `${cause.kind}:${message}` : `${cause.kind}:${maskReason(cause.detail)}`) : `status:${maskReason(failureReason(job) ?? job.status)}`;
  return { channel: job.type ?? 'unknown', ...(provider ? { provider } : {}), reason, ...(message ? { message } : {}) };
}

/** The cause's words for a group: the step's own sentence without a person's name (one group holds many people). */
function causeWords(job: Job, n: Notification): string {
  const cause = stepCause(job, causeContextOf({ subscriber: undefined, template: n.template, _subscriberId: n._subscriberId }));
  if (!cause) return failureReason(job) ?? job.status;
  // The provider's own words are the group's message, masked; the title says what happened.
  if (cause.kind === 'providerError' || cause.kind === 'providerEvent') return l10n.t('the provider refused the message');
  return cause.text.replace(/^(Failed|Skipped|Canceled): /, '');
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
        group = { key, channel: step.channel, ...(step.provider ? { provider: step.provider } : {}), cause: causeWords(job, n), ...(step.message ? { message: step.message } : {}), runs: 0, subscribers: new Set(), workflows: new Set(), firstMs: atMs, lastMs: atMs, slices: new Uint32Array(SLICES), examples: [] };
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
      return [...groups.values()]
        .sort((a, b) => b.runs - a.runs || b.lastMs - a.lastMs)
        .map((g) => ({
          key: g.key,
          channel: g.channel,
          ...(g.provider ? { provider: g.provider } : {}),
          cause: g.cause,
          ...(g.message ? { message: g.message } : {}),
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
      const examples = groups.get(key)?.examples ?? [];
      // The newest run not made good by a later one that was sent: what still fails to reach someone.
      const open = examples.find((e) => !((ledger.lastSentMs(e.subscriberId, e.workflow) ?? -Infinity) > e.atMs));
      return (open ?? examples[0])?.notificationId;
    },
    runsOf: (key) => ledger.runsOf(key),
    lastSentMs: (subscriberId, workflow) => ledger.lastSentMs(subscriberId, workflow),
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

/** Each undelivered step's cause in the groups' words ("Email · SendGrid · the provider refused the message"): a run that failed with another cause says which. */
export function causeTitlesOf(n: Notification): string[] {
  return (n.jobs ?? []).flatMap((job) => {
    const step = undelivered(job, n);
    return step ? [[channelLabel(step.channel), step.provider, causeWords(job, n)].filter(Boolean).join(' · ')] : [];
  });
}
