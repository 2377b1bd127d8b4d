/**
 * Failures by Cause (issue 38): one panel per connection. It reads a window of runs page by page
 * (windowReader), groups every undelivered step by its cause as the pages come in, and shows the
 * groups at once, with how far the read has come; a group lists its runs (each opens in the
 * notification panel) and diagnoses one of them (the diagnosis panel offers its fix).
 */
import * as vscode from 'vscode';
import type { Notification, NotificationListQuery } from '../api';
import { looksLikeProduction, type Connection } from '../connections/connection';
import { formatTime } from '../format/time';
import { HostedPanel } from '../panels/hostedPanel';
import { PanelHost, type PanelServices } from '../panels/panelHost';
import type { PanelError } from '../panels/protocol';
import { describeError, formatErrorLine } from '../ui/errors';
import type { Prompter } from '../ui/prompter';
import { groupViews, type FailureGrouping } from './groupViews';
import type { FailuresPanelState, FailuresRequests, FailuresView, ReadView } from './protocol';
import { ResendAction, type ResendDeps } from './resendAction';
import type { FollowRecord, ResendMemory } from './resendMemory';
import { failuresWebviewMessageSchema } from './protocolSchemas';
import { viewUpdate } from './viewUpdate';
import { readWindow } from './windowReader';
import { resolveWindow, type FailureWindow } from './windows';
import { askCustomRange } from '../ui/customRange';

/** What the panel does through the rest of the extension (wired by the composition root). */
export interface FailuresActions {
  /** The Activity view's filter, without its time range: the failures read narrows to it. */
  activityFilter(): { query: Omit<NotificationListQuery, 'page' | 'limit' | 'after' | 'before'>; text?: string };
  openNotification(notificationId: string, connectionId: string): unknown;
  diagnose(notification: Notification): unknown;
  /** Save as Test Case… of a run: its payload and subscriber as a case of its workflow. */
  saveTestCase(notification: Notification): Promise<unknown>;
  /** A grouping of the window's failures, fed page by page. */
  grouping(window: { startMs: number; endMs: number }): FailureGrouping;
  /** The prompter of the moment (the re-send's confirmation and its result). */
  prompter(): Prompter;
  /** The re-sends' actions and the runs they sent, across reviews and reloads. */
  memory: ResendMemory;
  /** How long the follow of a re-send waits between two looks. */
  followIntervalMs(): number;
}

/** How often the elapsed time and the groups are sent while reading: at most this often. */
const PUBLISH_EVERY_MS = 250;

export class FailuresPanel extends HostedPanel<FailuresRequests, FailuresPanelState> {
  private window: FailureWindow = { kind: 'last24Hours' };
  /** The window read now: its ends and words at the read's start. */
  private shown: { startMs: number; endMs: number; label: string } | undefined;
  private grouping: FailureGrouping | undefined;
  private read: ReadView = { runs: 0, elapsedSeconds: 0, state: 'reading' };
  private loadError: PanelError | undefined;
  private controller: AbortController | undefined;
  private lastPublish = 0;
  private publishTimer: ReturnType<typeof setTimeout> | undefined;
  /** "Send Again to These…": one at a time, from its review to the end of its follow. */
  private resend: ResendAction | undefined;
  protected readonly host: PanelHost<FailuresRequests, FailuresPanelState>;

  constructor(
    panel: vscode.WebviewPanel,
    connection: Connection,
    private readonly services: PanelServices,
    private readonly actions: FailuresActions,
    window?: FailureWindow,
  ) {
    super(panel, connection);
    if (window) this.window = window;
    this.host = new PanelHost<FailuresRequests, FailuresPanelState>({
      panel,
      connection,
      services,
      // l10n-ignore: how the log names the panel (the log stays in English)
      name: `failures panel of ${connection.name}`,
      html: { title: vscode.l10n.t('Failures by Cause'), script: 'failures', stylesheet: 'failures.css', data: {} },
      schema: failuresWebviewMessageSchema,
      state: () => this.state,
      // After the first whole state, only what changed: a group's runs and bars when they did (issue 45, E).
      update: (held, state) => (held.kind === 'loaded' && state.kind === 'loaded' ? viewUpdate(held.view, state.view) : undefined),
      handlers: {
        stop: () => {
          this.stop();
          return null;
        },
        readAgain: ({ range }) => {
          // A custom range is asked in VS Code's input boxes (not awaited: the user takes their time).
          if (range === 'custom') void this.chooseCustomRange().catch((error: unknown) => this.sayError(vscode.l10n.t('Could not read the failures'), error));
          else {
            if (range) this.window = { kind: range };
            void this.load();
          }
          return null;
        },
        openRun: ({ notificationId }) => {
          this.openRun(notificationId);
          return null;
        },
        saveTestCase: async ({ notificationId }) => {
          await this.saveTestCase(notificationId);
          return null;
        },
        diagnoseOne: async ({ key }) => {
          await this.diagnoseOne(key);
          return null;
        },
        // Not awaited: the review's reading, and the sending with its follow (up to 10 minutes),
        // outlast the webview's request; the panel shows their progress, errors come as messages.
        reviewResend: ({ key }) => {
          void this.reviewResend(key).catch((error: unknown) => this.sayError(vscode.l10n.t('Could not open the review'), error));
          return null;
        },
        chooseResend: ({ choice }) => {
          this.resend?.choose(choice);
          return null;
        },
        sendResend: () => {
          void this.sendResend().catch((error: unknown) => this.sayError(vscode.l10n.t('Could not send'), error));
          return null;
        },
        closeResend: () => {
          this.closeResend();
          return null;
        },
      },
      reload: () => this.load(),
      notFound: () => ({ title: vscode.l10n.t('Not found'), message: vscode.l10n.t('The service found no recent notifications in "{0}".', connection.name) }),
      loadFailedTitle: vscode.l10n.t('Could not read the failures'),
    });
    this.host.onDidDispose(() => {
      this.controller?.abort();
      this.resend?.dispose();
      clearTimeout(this.publishTimer);
    });
    void this.load();
    const follow = actions.memory.follows.following(connection.id);
    if (follow) void this.resumeFollow(follow).catch((error: unknown) => this.sayError(vscode.l10n.t('Could not follow the new runs'), error));
  }

  get state(): FailuresPanelState {
    if (this.loadError) return { kind: 'error', connectionId: this.connection.id, error: this.loadError };
    if (!this.grouping) return { kind: 'loading', connectionId: this.connection.id };
    return { kind: 'loaded', view: this.view(this.grouping) };
  }

  /** The groups as shown now (tests read them). */
  get current(): FailuresView | undefined {
    const state = this.state;
    return state.kind === 'loaded' ? state.view : undefined;
  }

  /** Shows `window` (or the one shown) read afresh. */
  async show(window?: FailureWindow): Promise<void> {
    if (window) this.window = window;
    await this.load();
  }

  /**
   * Custom Range…: a start and an end typed in VS Code's boxes (checked at the field before any
   * request), then that window is read. Escape keeps the window shown.
   */
  async chooseCustomRange(): Promise<void> {
    const current = this.window.kind === 'custom' ? this.window : undefined;
    const range = await askCustomRange(this.actions.prompter(), { title: vscode.l10n.t('Failures by Cause'), nowMs: Date.now(), ...(current ? { current } : {}) });
    if (!range?.after) return;
    await this.show({ kind: 'custom', after: range.after, ...(range.before ? { before: range.before } : {}) });
  }

  /** Reads the window again from its first page; the read before it stops. */
  async load(): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.loadError = undefined;
    const shown = resolveWindow(this.window, Date.now(), vscode.env.language);
    this.shown = shown;
    const { startMs, endMs } = shown;
    const grouping = this.actions.grouping({ startMs, endMs });
    this.grouping = grouping;
    this.read = { runs: 0, elapsedSeconds: 0, state: 'reading' };
    this.publish(true);
    const filter = this.actions.activityFilter();
    await this.host.load(
      async (client) => {
        try {
          const result = await readWindow({
            client,
            query: { ...filter.query, after: new Date(startMs).toISOString(), before: new Date(endMs).toISOString() },
            signal: controller.signal,
            now: Date.now,
            onPage: (runs) => grouping.add(runs),
            onProgress: (p) => {
              if (this.grouping !== grouping) return;
              this.read = { runs: p.runs, ...(p.estimatedTotal !== undefined ? { estimatedTotal: p.estimatedTotal } : {}), elapsedSeconds: Math.round(p.elapsedMs / 1000), state: 'reading' };
              this.publish(false);
            },
          });
          if (this.grouping !== grouping) return;
          this.read = { runs: result.runs, elapsedSeconds: Math.round(result.elapsedMs / 1000), state: result.complete ? 'done' : 'stopped', ...(result.estimatedTotal !== undefined ? { estimatedTotal: result.estimatedTotal } : {}) };
        } catch (error) {
          // Groups already shown stay: the read says where it stopped and why. A first page that failed is the panel's error.
          if (this.grouping !== grouping || grouping.runsRead === 0) throw error;
          this.read = { ...this.read, state: 'stopped', error: formatErrorLine(vscode.l10n.t('A page could not be read'), describeError(error)) };
        }
      },
      (error) => {
        this.loadError = error;
      },
    );
    if (this.controller === controller) this.controller = undefined;
    if (this.grouping === grouping) this.publish(true);
  }

  /** Stops the read: the groups keep what was read. */
  stop(): void {
    this.controller?.abort();
  }

  openRun(notificationId: string): void {
    this.actions.openNotification(notificationId, this.connection.id);
  }

  /** A run of a group as a test case of its workflow (a failure becomes a regression test): the run is read once, whole. */
  async saveTestCase(notificationId: string): Promise<void> {
    const client = await this.host.client();
    await this.actions.saveTestCase(await client.getNotification(notificationId));
  }

  /** Opens the diagnosis of a group's newest run: the diagnosis panel offers its fix. */
  async diagnoseOne(key: string): Promise<void> {
    const example = this.grouping?.representative(key);
    if (!example) throw new Error(vscode.l10n.t('That group is no longer shown: read the window again.'));
    const client = await this.host.client();
    const notification = await client.getNotification(example);
    this.actions.diagnose(notification);
  }

  /** Opens the review of a group's re-send (the one shown before is closed, unless it is sending or following). */
  async reviewResend(key: string): Promise<ResendAction> {
    if (this.resend?.busy) throw new Error(vscode.l10n.t('A re-send is under way: wait for its follow to end, or stop it.'));
    const grouping = this.grouping;
    const group = grouping ? groupViews(grouping, () => '').find((g) => g.key === key) : undefined;
    if (!grouping || !group) throw new Error(vscode.l10n.t('That group is no longer shown: read the window again.'));
    this.resend?.dispose();
    const action: ResendAction = new ResendAction(
      this.resendDeps(() => action),
      { key, title: group.title, channel: group.channel },
      grouping.runsOf(key),
      (subscriberId, workflow) => grouping.lastSentMs(subscriberId, workflow, group.channel),
    );
    this.resend = action;
    this.publish(true);
    await action.prepare();
    return action;
  }

  /**
   * Takes up the follow of a re-send that a window reload (or closing the panel) cut, until it
   * settles or its 10 minutes are up (issue 45, E); resolves when the follow ends.
   */
  private async resumeFollow(record: FollowRecord): Promise<void> {
    const action: ResendAction = new ResendAction(this.resendDeps(() => action), { key: record.groupKey, title: record.title, channel: record.channel }, [], () => undefined);
    this.resend = action;
    await action.resume(record);
  }

  private resendDeps(action: () => ResendAction): ResendDeps {
    return {
      connection: this.connection,
      client: () => this.host.client(),
      prompter: () => this.actions.prompter(),
      looksLikeProduction: () => this.services.manager.looksLikeProduction(this.connection),
      memory: this.actions.memory,
      time: (ms) => formatTime(new Date(ms).toISOString(), vscode.env.language).local ?? '',
      followIntervalMs: () => this.actions.followIntervalMs(),
      changed: () => {
        if (this.resend === action()) this.publish(true);
      },
    };
  }

  /** Asks, sends the review's runs again, and follows them (resolves when the follow ends). */
  async sendResend(): Promise<void> {
    if (!this.resend) throw new Error(vscode.l10n.t('Open Send Again to These… on a group first.'));
    await this.resend.send();
  }

  /** Closes the review; a follow under way stops (what it found stays shown until closed again). */
  closeResend(): void {
    const action = this.resend;
    if (!action) return;
    if (action.busy) {
      action.stop();
      return;
    }
    action.dispose();
    this.resend = undefined;
    this.publish(true);
  }

  private sayError(action: string, error: unknown): void {
    void this.actions.prompter().message('error', formatErrorLine(action, describeError(error)));
  }

  /** The re-send shown (tests read it). */
  get currentResend(): ResendAction | undefined {
    return this.resend;
  }

  /** Sends the state now (`now`), or at most every PUBLISH_EVERY_MS while the read goes on. */
  private publish(now: boolean): void {
    const send = () => {
      this.publishTimer = undefined;
      this.lastPublish = Date.now();
      this.host.publish();
    };
    if (now) {
      clearTimeout(this.publishTimer);
      send();
      return;
    }
    if (this.publishTimer) return;
    this.publishTimer = setTimeout(send, Math.max(0, this.lastPublish + PUBLISH_EVERY_MS - Date.now()));
  }

  private view(grouping: FailureGrouping): FailuresView {
    const filter = this.actions.activityFilter();
    return {
      connectionName: this.connection.name,
      production: looksLikeProduction(this.connection.name, undefined),
      range: this.window.kind,
      rangeLabel: this.shown?.label ?? '',
      ...(filter.text ? { filter: filter.text } : {}),
      read: this.read,
      failedSteps: grouping.failedSteps,
      groups: groupViews(grouping, (ms) => formatTime(new Date(ms).toISOString(), vscode.env.language).local ?? ''),
      ...(this.resend ? { resend: this.resend.view() } : {}),
    };
  }

  dispose(): void {
    this.panel.dispose();
  }
}
