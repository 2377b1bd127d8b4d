/**
 * "Send Again to These…" for one group (issue 38.2 and 38.3): the review (what goes, what is left
 * out and why, one per subscriber and workflow or every run), a modal confirmation that names the
 * connection (and production), the bulk send with a progress notification that can be cancelled
 * between requests, then the follow of the new runs until all have settled or 10 minutes have
 * passed. The rules are in resendPlan.ts, bulkSend.ts and follow.ts (pure); this holds the state.
 */
import * as vscode from 'vscode';
import { NovuApiError, isAbortError, type NovuClient } from '../api';
import type { Connection } from '../connections/connection';
import type { Prompter } from '../ui/prompter';
import { describeError, formatErrorLine } from '../ui/errors';
import { inTurns, pollingSleep, readEvents, sendEvents, senderOf, sendSummary, type SendOutcome } from './bulkSend';
import { FOLLOW_LIMIT_MS, countOutcomes, followLine, lookUpOnce, type RunJudgement } from './follow';
import { findLaterSends, type LaterSends } from './laterSends';
import type { ExclusionView, ResendView, RunView } from './protocol';
import type { FollowRecord, ResendMemory } from './resendMemory';
import { exclusionGroups, selectRuns, workflowState, type Excluded, type PlannedEvent, type ResendChoice, type WorkflowState } from './resendPlan';
import { pairKey, refOf, type RunRef } from './runLedger';

export interface ResendDeps {
  connection: Connection;
  client(): Promise<NovuClient>;
  prompter(): Prompter;
  looksLikeProduction(): Promise<boolean>;
  memory: ResendMemory;
  /** A moment in the panel's words (local time). */
  time(ms: number): string;
  /** How long the follow waits between two looks. */
  followIntervalMs(): number;
  /** What the panel shows changed. */
  changed(): void;
}

const NO_REACH = { subscribers: 0, alreadyReached: 0 };

/** Runs listed per reason left out; the rest are counted. */
const LISTED = 50;

export class ResendAction {
  private stage: ResendView['stage'] = 'preparing';
  private choice: ResendChoice = 'newestPerPair';
  private actionId = '';
  private alreadySent: ReadonlySet<string> = new Set();
  private readonly workflows = new Map<string, WorkflowState>();
  /** Every run either choice could send, read again: its event, or why it is left out. */
  private readonly read = new Map<string, PlannedEvent | Excluded>();
  /** Each choice's plan, once the review is read (the view asks for them at every publish of the follow). */
  private readonly plans = new Map<ResendChoice, { events: PlannedEvent[]; excluded: Excluded[] }>();
  private production = false;
  private error: string | undefined;
  private sent: { events: PlannedEvent[]; outcome: SendOutcome } | undefined;
  /** The new runs, by transaction ID, judged on the group's step. */
  private readonly judged = new Map<string, RunJudgement>();
  /** The new runs whose step of the group's channel did not go out, by notification id: the group's cause, another (named), or skipped (named). */
  private readonly failedAgain = new Map<string, RunView & { detail?: string; kind: 'same' | 'other' | 'skipped'; atMs: number }>();
  /** The later sends looked for from each failure up to now (undefined until the review is read). */
  private later: LaterSends | undefined;
  private followed: string[] = [];
  /** When the follow stops, settled or not. */
  private followUntil = 0;
  /** Taken up again after a window reload: only the follow is known, not the review. */
  private resumed = false;
  private disposed = false;
  private followOver = false;
  private followError: string | undefined;
  private cancelled = false;
  private readonly controller = new AbortController();

  constructor(
    private readonly deps: ResendDeps,
    readonly group: { key: string; title: string; channel: string },
    private readonly runs: readonly RunRef[],
    /** When the window read saw a run of the workflow reach the subscriber on the group's channel. */
    private readonly lastSentMs: (subscriberId: string, workflow: string) => number | undefined,
  ) {}

  /** Sending, or following the new runs: another re-send waits for it. */
  get busy(): boolean {
    return this.stage === 'sending' || this.stage === 'following';
  }

  /** Reads what the review needs: the workflows' state now, and the runs either choice could send (their payloads were not kept). */
  async prepare(): Promise<void> {
    const signal = this.controller.signal;
    try {
      const remembered = this.deps.memory.action(this.deps.connection.id, this.group.key);
      this.actionId = remembered.actionId;
      this.alreadySent = remembered.sent;
      this.production = await this.deps.looksLikeProduction();
      const client = await this.deps.client();
      const names = [...new Set(this.runs.map((r) => r.workflow).filter((w) => w !== ''))];
      await inTurns(
        names.map((name) => async () => {
          try {
            this.workflows.set(name, workflowState(await client.getWorkflow(name, { signal })));
          } catch (error) {
            if (!(error instanceof NovuApiError && error.status === 404)) throw error;
            this.workflows.set(name, workflowState(undefined));
          }
        }),
        3,
      );
      // Made good by a later send, wherever the window ends: looked for from each failure up to now.
      const open = this.runs.filter((r) => !this.alreadySent.has(r.notificationId) && !['gone', 'inactive'].includes(this.workflowOf(r.workflow).state));
      this.later = await findLaterSends(client, open, this.group.channel, signal);
      const candidates = this.select('everyRun').chosen;
      const found = await readEvents(client, { runs: candidates, actionId: this.actionId, workflowOf: (w) => this.workflowOf(w), signal });
      for (const event of found.events) this.read.set(event.run.notificationId, event);
      for (const left of found.excluded) this.read.set(left.run.notificationId, left);
      this.stage = 'review';
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return;
      this.error = formatErrorLine(vscode.l10n.t('Could not prepare the re-send'), describeError(error));
      this.stage = 'done';
    }
    this.deps.changed();
  }

  choose(choice: ResendChoice): void {
    if (this.stage !== 'review') return;
    this.choice = choice;
    this.deps.changed();
  }

  /** Asks, then sends the chosen runs again; then follows their new runs. */
  async send(): Promise<void> {
    if (this.stage !== 'review') return;
    const { events } = this.plan(this.choice);
    if (events.length === 0) throw new Error(vscode.l10n.t('Nothing to send: every run of this group is left out.'));
    const connection = this.deps.connection;
    const subscribers = new Set(events.map((e) => e.run.subscriberId)).size;
    const where = this.production ? vscode.l10n.t('"{0}", a PRODUCTION environment', connection.name) : `"${connection.name}"`;
    const question =
      events.length === 1
        ? vscode.l10n.t('Send 1 notification again through {0}?', where)
        : subscribers === 1
          ? vscode.l10n.t('Send {0} notifications again, to 1 subscriber, through {1}?', events.length, where)
          : vscode.l10n.t('Send {0} notifications again, to {1} subscribers, through {2}?', events.length, subscribers, where);
    const detail = [
      vscode.l10n.t('Each is a new run of its workflow with the payload of the run that failed: real messages go out on every channel its steps use.'),
      vscode.l10n.t('Each carries a transaction ID derived from this action and its run, so that sending again, or a retry, never reaches anyone twice.'),
      this.production ? vscode.l10n.t('Real customers receive what production sends. This cannot be taken back.') : '',
    ]
      .filter(Boolean)
      .join(' ');
    const action = this.production ? vscode.l10n.t('Send {0} to Production', events.length) : vscode.l10n.t('Send {0} Again', events.length);
    if (!(await this.deps.prompter().confirm(question, action, detail))) return;
    if (this.stage !== 'review') return;
    this.stage = 'sending';
    this.deps.changed();
    let outcome: SendOutcome;
    try {
      const client = await this.deps.client();
      outcome = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Sending {0} again', this.group.title), cancellable: true },
        async (progress, token) => {
          token.onCancellationRequested(() => (this.cancelled = true));
          let reported = 0;
          return sendEvents(senderOf(client), events, {
            actionId: this.actionId,
            cancelled: () => this.cancelled || this.controller.signal.aborted,
            onProgress: (p) => {
              const share = Math.round((p.eventsDone / Math.max(1, p.eventsTotal)) * 100);
              progress.report({
                increment: share - reported,
                message:
                  p.waitingSeconds !== undefined
                    ? vscode.l10n.t('{0} of {1} sent; the service asked to wait {2} s…', p.eventsDone, p.eventsTotal, p.waitingSeconds)
                    : vscode.l10n.t('{0} of {1} sent (request {2} of {3})', p.eventsDone, p.eventsTotal, Math.min(p.requestsDone + 1, p.requestsTotal), p.requestsTotal),
              });
              reported = share;
            },
          });
        },
      );
    } catch (error) {
      this.error = formatErrorLine(vscode.l10n.t('Not sent'), describeError(error));
      this.stage = 'done';
      this.deps.changed();
      return;
    }
    this.sent = { events, outcome };
    const taken = outcome.results.filter((r) => r.started);
    await this.deps.memory.remember(connection.id, this.group.key, this.actionId, taken.map((r) => r.run.notificationId));
    if (outcome.stopped?.reason === 'failed') {
      const stopped = outcome.stopped;
      this.error = stopped.uncertain
        ? vscode.l10n.t('The sending stopped: {0} The last request may have reached the service; Send Again to These… sends what is left, and the service drops what it already has.', stopped.message)
        : vscode.l10n.t('The sending stopped: {0}', stopped.message);
    }
    const summary = sendSummary(outcome);
    const kind = outcome.notSent.length > 0 || taken.length < outcome.results.length ? 'warning' : 'info';
    void this.deps.prompter().message(kind, summary);
    this.followed = taken.map((r) => r.transactionId);
    if (this.followed.length === 0) {
      this.stage = 'done';
      this.deps.changed();
      return;
    }
    this.followUntil = Date.now() + FOLLOW_LIMIT_MS;
    // Kept until the follow ends, so that the panel takes it up again after a window reload.
    await this.deps.memory.follows.start({ connectionId: connection.id, groupKey: this.group.key, title: this.group.title, channel: this.group.channel, transactionIds: this.followed, untilMs: this.followUntil });
    this.stage = 'following';
    this.deps.changed();
    await this.follow();
  }

  /** Takes up a follow that a window reload cut (its new runs, until its time is up). */
  async resume(record: FollowRecord): Promise<void> {
    this.resumed = true;
    this.followed = record.transactionIds;
    this.followUntil = record.untilMs;
    this.stage = 'following';
    this.deps.changed();
    await this.follow();
  }

  /** Looks the new runs up until every one has settled, or FOLLOW_LIMIT_MS have passed, or the follow is stopped. */
  private async follow(): Promise<void> {
    const signal = this.controller.signal;
    const until = this.followUntil;
    const client = await this.deps.client().catch(() => undefined);
    while (client && !signal.aborted) {
      try {
        await lookUpOnce(client, this.followed, this.judged, this.group, signal, (n, judgement) => {
          const kind = judgement.outcome === 'failedSame' ? 'same' : judgement.outcome === 'failedOther' ? 'other' : judgement.outcome === 'skipped' ? 'skipped' : undefined;
          if (!kind) return;
          const parsed = Date.parse(n.createdAt ?? '');
          const atMs = Number.isNaN(parsed) ? Date.now() : parsed;
          this.failedAgain.set(n._id, { ...this.runView(refOf(n, atMs)), kind, atMs, ...(judgement.why ? { detail: judgement.why } : {}) });
        });
        this.followError = undefined;
      } catch (error) {
        if (signal.aborted) break;
        // A look that failed is tried again at the next turn; the panel says why meanwhile.
        this.followError = formatErrorLine(vscode.l10n.t('Could not look the new runs up'), describeError(error));
      }
      this.deps.changed();
      if (this.counts().pending === 0 || Date.now() >= until) break;
      await pollingSleep(Math.min(this.deps.followIntervalMs(), Math.max(0, until - Date.now())), () => signal.aborted);
    }
    // A panel closed, or the window reloading, leaves the follow to be taken up again, and says nothing yet.
    if (this.disposed) return;
    // Ended (settled, out of time, or stopped): forgotten before it is shown as ended, never taken up again.
    await this.deps.memory.follows.end(this.deps.connection.id, this.group.key);
    this.followOver = true;
    this.stage = 'done';
    this.deps.changed();
    void this.deps.prompter().message(this.counts().pending === 0 && this.counts().failedSame + this.counts().failedOther === 0 ? 'info' : 'warning', this.followLine());
  }

  /**
   * Stops what is under way: the sending between two requests (as the progress's Cancel does; the
   * runs sent are still followed), the review's reading, or the follow (its result so far stays).
   */
  stop(): void {
    if (this.stage === 'sending') this.cancelled = true;
    else this.controller.abort();
  }

  dispose(): void {
    this.disposed = true;
    this.cancelled = true;
    this.controller.abort();
  }

  private counts() {
    return countOutcomes(this.judged, this.followed.length);
  }

  private followLine(): string {
    return followLine(this.group.channel, this.judged, this.followed.length);
  }

  private workflowOf(workflow: string): WorkflowState {
    return this.workflows.get(workflow) ?? { state: 'unknown' };
  }

  private select(choice: ResendChoice) {
    const lastSentMs = (subscriberId: string, workflow: string) => Math.max(this.lastSentMs(subscriberId, workflow) ?? -Infinity, this.later?.lastSentMs(subscriberId, workflow) ?? -Infinity);
    // A run read again that cannot be sent is not its pair's re-send (issue 45, A5).
    const refusal = (run: RunRef) => {
      const found = this.read.get(run.notificationId);
      return found && !('body' in found) ? found : undefined;
    };
    return selectRuns({ runs: this.runs, choice, lastSentMs, workflowOf: (w) => this.workflowOf(w), alreadySent: this.alreadySent, refusal });
  }

  /** What `choice` sends and leaves out, with what reading the runs again found (fixed once the review is read: kept). */
  private plan(choice: ResendChoice): { events: PlannedEvent[]; excluded: Excluded[] } {
    const kept = this.plans.get(choice);
    if (kept) return kept;
    const plan = this.makePlan(choice);
    if (this.stage !== 'preparing') this.plans.set(choice, plan);
    return plan;
  }

  private makePlan(choice: ResendChoice): { events: PlannedEvent[]; excluded: Excluded[] } {
    const selection = this.select(choice);
    const events: PlannedEvent[] = [];
    const excluded = [...selection.excluded];
    for (const run of selection.chosen) {
      const found = this.read.get(run.notificationId) ?? { run, reason: 'runNotFound' as const };
      if ('body' in found) events.push(found);
      else excluded.push(found);
    }
    return { events, excluded };
  }

  /** Whom `choice` sends to: its subscribers, and how many of its runs go to a subscriber and workflow this action already sent again. */
  private reach(choice: ResendChoice): { subscribers: number; alreadyReached: number } {
    const reached = new Set(this.runs.filter((r) => this.alreadySent.has(r.notificationId)).map((r) => pairKey(r.subscriberId, r.workflow)));
    const { events } = this.plan(choice);
    return { subscribers: new Set(events.map((e) => e.run.subscriberId)).size, alreadyReached: events.filter((e) => reached.has(pairKey(e.run.subscriberId, e.run.workflow))).length };
  }

  private runView(run: RunRef): RunView {
    return { notificationId: run.notificationId, subscriberId: run.subscriberId, workflow: run.workflow, at: this.deps.time(run.atMs) };
  }

  view(): ResendView {
    const base = {
      key: this.group.key,
      groupTitle: this.group.title,
      stage: this.stage,
      choice: this.choice,
      connectionName: this.deps.connection.name,
      production: this.production,
      ...(this.error ? { error: this.error } : {}),
    };
    if (this.stage === 'preparing' || this.resumed || (this.stage === 'done' && !this.sent && this.read.size === 0)) {
      const follow = this.followView();
      return { ...base, counts: { newestPerPair: 0, everyRun: 0 }, reach: { newestPerPair: NO_REACH, everyRun: NO_REACH }, runs: this.followed.length, subscribers: 0, workflows: [], excluded: [], ...(follow ? { follow } : {}) };
    }
    const plan = this.sent ? { events: this.sent.events, excluded: this.plan(this.choice).excluded } : this.plan(this.choice);
    const excluded: ExclusionView[] = exclusionGroups(plan.excluded).map((group) => ({
      reason: group.reason,
      label: group.label,
      runs: [...group.runs]
        .sort((a, b) => b.run.atMs - a.run.atMs)
        .slice(0, LISTED)
        .map((e) => ({ ...this.runView(e.run), ...(e.detail ? { detail: e.detail } : {}) })),
      more: Math.max(0, group.runs.length - LISTED),
    }));
    const view: ResendView = {
      ...base,
      counts: { newestPerPair: this.plan('newestPerPair').events.length, everyRun: this.plan('everyRun').events.length },
      reach: { newestPerPair: this.reach('newestPerPair'), everyRun: this.reach('everyRun') },
      ...(this.later ? { laterChecked: { requests: this.later.requests, complete: this.later.complete } } : {}),
      runs: plan.events.length,
      subscribers: new Set(plan.events.map((e) => e.run.subscriberId)).size,
      workflows: [...new Set(plan.events.map((e) => e.run.workflow))].sort(),
      excluded,
    };
    if (this.sent) {
      const refused = this.sent.outcome.results.filter((r) => !r.started);
      view.sent = { line: sendSummary(this.sent.outcome), refused: refused.slice(0, LISTED).map((r) => ({ ...this.runView(r.run), detail: r.message })), notSent: this.sent.outcome.notSent.length };
    }
    const follow = this.followView();
    if (follow) view.follow = follow;
    return view;
  }

  /** The new runs followed, once there are any. */
  private followView(): ResendView['follow'] {
    if (this.followed.length === 0) return undefined;
    const counts = this.counts();
    const line = this.followLine();
    const failed = [...this.failedAgain.values()].sort((a, b) => b.atMs - a.atMs);
    const listed = (kind: 'same' | 'other' | 'skipped') =>
      failed
        .filter((r) => r.kind === kind)
        .slice(0, LISTED)
        .map(({ kind: _kind, atMs: _atMs, ...run }) => run);
    return { line: this.followError ? `${line}. ${this.followError}` : line, settled: counts.pending === 0, over: this.followOver, counts, failedAgain: { same: listed('same'), other: listed('other'), skipped: listed('skipped') } };
  }
}
