/**
 * One webview panel per notification: loads it, renders it through the typed protocol, refreshes
 * by itself while jobs are still moving (backing off, paused while hidden), and answers the
 * webview's requests. Panels survive a window reload through the serializer.
 */
import * as vscode from 'vscode';
import type { Job, Notification } from '../api';
import type { Connection } from '../connections/connection';
import { formatTime } from '../format/time';
import { PanelHost, type PanelServices } from '../panels/panelHost';
import type { JsonDocuments } from '../ui/jsonDocuments';
import type { NotificationPanelState, NotificationRequests, RelatedRuns } from './protocol';
import { notificationWebviewMessageSchema } from './protocolSchemas';
import { buildJobDetails, buildViewModel } from './viewModel';
import { progressSignature } from '../format/jobStatus';
import { copyAndSay } from '../ui/clipboard';

/** Live refresh: first after 2 s, then slower while nothing changes, never slower than 30 s. */
export const LIVE_REFRESH = { firstMs: 2000, factor: 1.6, maxMs: 30_000 };

export interface NotificationPanelServices extends PanelServices {
  json: JsonDocuments;
  /** Opens (or reveals) another notification's panel on the same connection. */
  open(notificationId: string, connection: Connection): void;
  runs: RunActions;
}

/** Send Again and Cancel Pending, as the panel's buttons reach them (the sendAgain feature does them). */
export interface RunActions {
  canSendAgain(notification: Notification): boolean;
  related(connectionId: string, notificationId: string): { sentAgainAs: string[]; sentAgainFrom?: string };
  /** Fires when a run was sent again (the links changed). */
  readonly onDidChangeRelated: vscode.Event<void>;
  sendAgain(notification: Notification, connection: Connection): Promise<unknown>;
  /** Resolves with the service's answer, or undefined when nothing was asked of it. */
  cancelPending(notification: Notification, connection: Connection): Promise<boolean | undefined>;
  /** Opens the delivery diagnosis for the notification's subscriber, workflow and channel. */
  diagnose(notification: Notification, connection: Connection): Promise<unknown>;
  /** Renders one message step now through the service, with this run's payload and subscriber (the preview). */
  renderStep(notification: Notification, job: Job, connection: Connection): Promise<unknown>;
  /** Save as Test Case…: the run's payload and subscriber become a case of its workflow (a failure, a regression test). */
  saveTestCase(notification: Notification): Promise<unknown>;
  /** The run's message in its subscriber's Inbox, read in the run's context. */
  openInbox(notification: Notification): unknown;
  /** Who the run's topic send reached, and why the others got nothing. */
  topicReach(notification: Notification): unknown;
}

/**
 * The notification as the opener already has it (a list answer carries whole notifications), so the
 * panel shows it without asking again. `fresh`: it was read for this opening; otherwise (a row
 * loaded a while ago) a notification still moving is read again before it is shown.
 */
export interface NotificationSeed {
  notification: Notification;
  fresh: boolean;
}

export class NotificationPanel implements vscode.Disposable {
  private notification: Notification | undefined;
  private state: NotificationPanelState;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private delayMs = LIVE_REFRESH.firstMs;
  private nextRefreshAt: number | undefined;
  private lastUpdated: string | undefined;
  private readonly host: PanelHost<NotificationRequests, NotificationPanelState>;
  readonly onDidDispose: vscode.Event<void>;
  private readonly loadedEmitter = new vscode.EventEmitter<NotificationPanelState>();
  /** Fires after every load (first, manual or live); tests wait on it. */
  readonly onDidLoad = this.loadedEmitter.event;
  /** How many loads this panel has made (live refreshes included). */
  loads = 0;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly notificationId: string,
    readonly connection: Connection,
    private readonly services: NotificationPanelServices,
    seed?: NotificationSeed,
  ) {
    this.state = { kind: 'loading', id: notificationId };
    this.host = new PanelHost<NotificationRequests, NotificationPanelState>({
      panel,
      connection,
      services,
      // l10n-ignore: how the log names the panel (the log stays in English)
      name: `notification panel ${notificationId}`,
      html: { title: vscode.l10n.t('Notification {0}', notificationId), script: 'notifications', stylesheet: 'notification.css', data: { 'notification-id': notificationId } },
      schema: notificationWebviewMessageSchema,
      state: () => this.state,
      handlers: {
        refresh: async () => {
          this.delayMs = LIVE_REFRESH.firstMs;
          await this.load();
          return null;
        },
        saveTestCase: async () => {
          await this.services.runs.saveTestCase(this.loaded());
          return null;
        },
        renderStep: async ({ jobId }) => {
          const job = this.notification?.jobs?.find((j) => j._id === jobId);
          if (!job) throw new Error(vscode.l10n.t('This job is no longer part of the notification.'));
          await this.services.runs.renderStep(this.loaded(), job, this.connection);
          return null;
        },
        jobDetails: ({ jobId }) => {
          const job = this.notification?.jobs?.find((j) => j._id === jobId);
          if (!job) throw new Error(vscode.l10n.t('This job is no longer part of the notification.'));
          return buildJobDetails(job);
        },
        openNotification: ({ notificationId: id }) => {
          this.services.open(id, this.connection);
          return null;
        },
        copy: async ({ text, what }) => {
          await copyAndSay(text, vscode.l10n.t('Copied {0}', what));
          return null;
        },
        copyRaw: async ({ jobId, detailId }) => {
          const job = this.notification?.jobs?.find((j) => j._id === jobId);
          const raw = job?.executionDetails?.find((d) => d._id === detailId)?.raw;
          if (!raw) throw new Error(vscode.l10n.t('That provider response is no longer there.'));
          await copyAndSay(raw, vscode.l10n.t('Copied the provider response'));
          return null;
        },
        openJson: async () => {
          await this.services.json.open('notification', this.loaded()._id, this.loaded());
          return null;
        },
        sendAgain: async () => {
          await this.services.runs.sendAgain(this.loaded(), this.connection);
          return null;
        },
        diagnose: async () => {
          await this.services.runs.diagnose(this.loaded(), this.connection);
          return null;
        },
        openInbox: async () => {
          await this.services.runs.openInbox(this.loaded());
          return null;
        },
        topicReach: async () => {
          await this.services.runs.topicReach(this.loaded());
          return null;
        },
        cancelPending: async () => {
          const answer = await this.services.runs.cancelPending(this.loaded(), this.connection);
          // Read again, so that what was cancelled shows as cancelled (and the button goes).
          if (answer !== undefined) await this.load();
          return null;
        },
      },
      reload: () => this.load(),
      notFound: () => ({
        title: vscode.l10n.t('Notification not found'),
        message: vscode.l10n.t('There is no notification {0} in "{1}". It may belong to another environment, or be older than the plan keeps.', this.notificationId, this.connection.name),
      }),
      loadFailedTitle: vscode.l10n.t('Could not load the notification'),
    });
    this.onDidDispose = this.host.onDidDispose;
    const visibility = panel.onDidChangeViewState(() => this.onVisibilityChanged());
    const related = services.runs.onDidChangeRelated(() => {
      // Shown at once; not a load (the notification itself did not change).
      if (this.state.kind !== 'loaded' || !this.notification) return;
      this.state = { ...this.state, related: this.related(this.notification) };
      this.host.publish();
    });
    this.host.onDidDispose(() => {
      this.clearTimer();
      visibility.dispose();
      related.dispose();
      this.loadedEmitter.dispose();
    });
    // Shown from what the opener has, with no request: a settled notification does not change, and
    // one just read is as new as a read would be. One read a while ago and still moving is read again.
    const usable = seed && seed.notification._id === notificationId && (seed.fresh || !buildViewModel(seed.notification).inProgress);
    if (usable) {
      this.show(seed.notification);
      // Shown inside the constructor, before whoever opened the panel could listen: say it loaded
      // once they can (the walkthrough's step, the recent list), as a read would have.
      // (A panel closed meanwhile has disposed its emitter, and firing it does nothing.)
      void Promise.resolve().then(() => this.loadedEmitter.fire(this.state));
    } else void this.load();
  }

  private loaded(): Notification {
    if (!this.notification) throw new Error(vscode.l10n.t('The notification has not loaded.'));
    return this.notification;
  }

  private related(notification: Notification): RelatedRuns {
    return { canSendAgain: this.services.runs.canSendAgain(notification), ...this.services.runs.related(this.connection.id, this.notificationId) };
  }

  /** What the webview shows now (tests read it). */
  get currentState(): NotificationPanelState {
    return this.state;
  }

  get isLive(): boolean {
    return this.timer !== undefined;
  }

  reveal(): void {
    this.panel.reveal();
  }

  /** Loads the notification again; a newer load cancels an older one. */
  async load(): Promise<void> {
    this.clearTimer();
    this.loads++;
    await this.host.load(
      async (client, signal) => {
        const notification = await client.getNotification(this.notificationId, { signal });
        if (signal.aborted) return;
        this.show(notification);
      },
      (error) => this.setState({ kind: 'error', id: this.notificationId, error }),
    );
  }

  /** Shows the notification as read now; schedules the next live refresh while it moves. */
  private show(notification: Notification): void {
    const changed = progressSignature(notification) !== (this.notification ? progressSignature(this.notification) : undefined);
    this.notification = notification;
    const model = buildViewModel(notification);
    this.lastUpdated = formatTime(new Date().toISOString()).local;
    this.panel.title = model.header.workflowName;
    if (model.inProgress) this.schedule(changed);
    this.setState({ kind: 'loaded', id: this.notificationId, connectionName: this.connection.name, model, live: this.liveState(model.inProgress), related: this.related(notification) });
  }

  private liveState(inProgress: boolean): { active: boolean; nextInSeconds?: number; lastUpdatedLocal?: string } {
    return {
      active: inProgress && this.timer !== undefined,
      ...(this.nextRefreshAt ? { nextInSeconds: Math.max(1, Math.round((this.nextRefreshAt - Date.now()) / 1000)) } : {}),
      ...(this.lastUpdated ? { lastUpdatedLocal: this.lastUpdated } : {}),
    };
  }

  private schedule(changed: boolean): void {
    if (!this.panel.visible) return;
    this.delayMs = changed ? LIVE_REFRESH.firstMs : Math.min(LIVE_REFRESH.maxMs, Math.round(this.delayMs * LIVE_REFRESH.factor));
    this.nextRefreshAt = Date.now() + this.delayMs;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.load();
    }, this.delayMs);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.nextRefreshAt = undefined;
  }

  private onVisibilityChanged(): void {
    if (!this.panel.visible) {
      // Hidden: no polling. Shown again: catch up at once if it was still moving.
      this.clearTimer();
      return;
    }
    if (this.state.kind === 'loaded' && this.state.model.inProgress && !this.timer) {
      this.delayMs = LIVE_REFRESH.firstMs;
      void this.load();
    }
  }

  private setState(state: NotificationPanelState): void {
    this.state = state;
    this.host.publish();
    this.loadedEmitter.fire(state);
  }

  dispose(): void {
    this.host.dispose();
  }
}
