/**
 * What "Send Again to These…" needs of a window's runs, kept while the window is read page by page
 * (issue 38.2): a small reference to every failed run of each group (never its payload or jobs: a
 * payload can be kilobytes, so the runs chosen for a re-send are read again, see `readEvents`), and,
 * per subscriber, workflow and channel, when a run last reached it, so that a failure made good by
 * a later run is left out. A run seen on two pages (offset paging shifts, contract §6) counts once.
 */
import type { Notification } from '../api';

/** A failed run as a re-send refers to it. */
export interface RunRef {
  notificationId: string;
  subscriberId: string;
  /** The workflow's trigger identifier (what a trigger names). */
  workflow: string;
  /** The workflow's `_id`, when the run says it (the list's `templates[]` filter takes it). */
  workflowId?: string;
  atMs: number;
  /** The run's own transaction ID: its run is read again by it, in batches. */
  transactionId?: string;
}

/**
 * The channels the run reached: those whose every step went out. A later run that reached the
 * channel makes an earlier failure on it good, whatever its other steps did (issue 45, A4).
 */
export function channelsSent(n: Pick<Notification, 'jobs'>): string[] {
  const byChannel = new Map<string, boolean>();
  for (const job of n.jobs ?? []) {
    if (job.type === 'trigger' || !job.type) continue;
    byChannel.set(job.type, (byChannel.get(job.type) ?? true) && job.status === 'completed');
  }
  return [...byChannel].filter(([, sent]) => sent).map(([channel]) => channel);
}

/** The run's subscriber and workflow as a re-send names them ('' when the run does not say). */
export function refOf(n: Notification, atMs: number): RunRef {
  const workflowId = n.template?._id ?? n._templateId ?? undefined;
  return {
    notificationId: n._id,
    subscriberId: n.subscriber?.subscriberId ?? (typeof n.to?.['subscriberId'] === 'string' ? n.to['subscriberId'] : ''),
    workflow: n.template?.triggers?.find((t) => typeof t.identifier === 'string' && t.identifier !== '')?.identifier ?? '',
    ...(workflowId ? { workflowId } : {}),
    atMs,
    ...(n.transactionId ? { transactionId: n.transactionId } : {}),
  };
}

export class RunLedger {
  private readonly seen = new Set<string>();
  private readonly byGroup = new Map<string, RunRef[]>();
  private readonly sentAt = new Map<string, number>();
  /** One copy of each subscriber and workflow string, however many runs name it. */
  private readonly strings = new Map<string, string>();

  /**
   * Notes one run of a page: when it went out (if it did), and its reference in each group its
   * failed steps joined (none for a run that did not fail). False for a run already noted.
   */
  note(n: Notification, groupKeys: readonly string[]): boolean {
    if (this.seen.has(n._id)) return false;
    this.seen.add(n._id);
    const parsed = Date.parse(n.createdAt ?? '');
    const ref = refOf(n, Number.isNaN(parsed) ? 0 : parsed);
    ref.subscriberId = this.intern(ref.subscriberId);
    ref.workflow = this.intern(ref.workflow);
    if (ref.workflowId) ref.workflowId = this.intern(ref.workflowId);
    for (const channel of channelsSent(n)) {
      const key = sentKey(ref.subscriberId, ref.workflow, channel);
      this.sentAt.set(key, Math.max(this.sentAt.get(key) ?? -Infinity, ref.atMs));
    }
    for (const key of new Set(groupKeys)) {
      const runs = this.byGroup.get(key);
      if (runs) runs.push(ref);
      else this.byGroup.set(key, [ref]);
    }
    return true;
  }

  /** True for a run already noted. */
  has(notificationId: string): boolean {
    return this.seen.has(notificationId);
  }

  /** The group's failed runs, newest first. */
  runsOf(groupKey: string): RunRef[] {
    return [...(this.byGroup.get(groupKey) ?? [])].sort((a, b) => b.atMs - a.atMs);
  }

  /** When a run of `workflow` last reached `subscriberId` on `channel` in what was read; undefined if none did. */
  lastSentMs(subscriberId: string, workflow: string, channel: string): number | undefined {
    return this.sentAt.get(sentKey(subscriberId, workflow, channel));
  }

  get runsNoted(): number {
    return this.seen.size;
  }

  private intern(value: string): string {
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    this.strings.set(value, value);
    return value;
  }
}

export function pairKey(subscriberId: string, workflow: string): string {
  return `${subscriberId}\u0000${workflow}`;
}

function sentKey(subscriberId: string, workflow: string, channel: string): string {
  return `${pairKey(subscriberId, workflow)}\u0000${channel}`;
}
