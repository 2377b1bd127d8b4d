/**
 * One webview panel per notification: loads it, renders it through the typed protocol, refreshes
 * by itself while jobs are still moving (backing off, paused while hidden), and answers the
 * webview's requests. Panels survive a window reload through the serializer.
 */
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { isAbortError, type Notification } from '../api';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import type { Log } from '../log';
import { formatTime } from '../format/time';
import { buildJobDetails, buildViewModel, progressSignature } from './viewModel';
import type { PanelAction, PanelError } from '../panels/protocol';
import { notificationWebviewMessageSchema, type NotificationPanelState, type NotificationRequestBody } from './protocol';
import type { JsonDocuments } from '../ui/jsonDocuments';
import { panelErrorFor, runPanelAction } from '../panels/panelErrors';
import { WebviewChannel } from '../panels/webviewChannel';
import { webviewHtml, webviewOptions } from '../panels/webviewHtml';

export const NOTIFICATION_PANEL_TYPE = 'novuExplorer.notification';

/** Live refresh: first after 2 s, then slower while nothing changes, never slower than 30 s. */
export const LIVE_REFRESH = { firstMs: 2000, factor: 1.6, maxMs: 30_000 };

export const panelStateSchema = z.object({ notificationId: z.string().check(z.minLength(1), z.maxLength(100)), connectionId: z.string().check(z.minLength(1), z.maxLength(100)) });

export interface PanelServices {
  extensionUri: vscode.Uri;
  manager: ConnectionManager;
  json: JsonDocuments;
  log: Log;
  /** Opens (or reveals) another notification's panel on the same connection. */
  open(notificationId: string, connection: Connection): void;
}

export class NotificationPanel implements vscode.Disposable {
  private notification: Notification | undefined;
  private state: NotificationPanelState;
  private controller: AbortController | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private delayMs = LIVE_REFRESH.firstMs;
  private nextRefreshAt: number | undefined;
  private lastUpdated: string | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private channel!: WebviewChannel<NotificationRequestBody, NotificationPanelState>;
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  private readonly loadedEmitter = new vscode.EventEmitter<NotificationPanelState>();
  /** Fires after every load (first, manual or live); tests wait on it. */
  readonly onDidLoad = this.loadedEmitter.event;
  /** How many loads this panel has made (live refreshes included). */
  loads = 0;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly notificationId: string,
    readonly connection: Connection,
    private readonly services: PanelServices,
  ) {
    this.state = { kind: 'loading', id: notificationId };
    panel.iconPath = vscode.Uri.joinPath(services.extensionUri, 'media', 'novu.svg');
    panel.webview.options = webviewOptions(services.extensionUri);
    panel.webview.html = webviewHtml({
      webview: panel.webview,
      extensionUri: services.extensionUri,
      title: `Notification ${notificationId}`,
      script: 'notifications',
      stylesheet: 'notification.css',
      data: { 'notification-id': notificationId, 'connection-id': connection.id },
    });
    this.disposables.push(
      panel.onDidDispose(() => this.dispose()),
      (this.channel = new WebviewChannel(panel.webview, notificationWebviewMessageSchema, { state: () => this.state, request: (body) => this.handle(body) }, services.log, `notification panel ${notificationId}`)),
      panel.onDidChangeViewState(() => this.onVisibilityChanged()),
    );
    void this.load();
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
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.clearTimer();
    this.loads++;
    try {
      const client = await this.services.manager.clientFor(this.connection);
      if (!client) throw new Error(`The connection "${this.connection.name}" has no API key.`);
      const notification = await client.getNotification(this.notificationId, { signal: controller.signal });
      if (controller.signal.aborted) return;
      const changed = progressSignature(notification) !== (this.notification ? progressSignature(this.notification) : undefined);
      this.notification = notification;
      const model = buildViewModel(notification);
      this.lastUpdated = formatTime(new Date().toISOString()).local;
      this.panel.title = model.header.workflowName;
      if (model.inProgress) this.schedule(changed);
      this.setState({
        kind: 'loaded',
        id: this.notificationId,
        connectionName: this.connection.name,
        model,
        live: this.liveState(model.inProgress),
      });
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return;
      this.services.log.error(`Could not load notification ${this.notificationId}`, error);
      this.setState({ kind: 'error', id: this.notificationId, error: this.panelError(error) });
    } finally {
      if (this.controller === controller) this.controller = undefined;
    }
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

  private panelError(error: unknown): PanelError {
    return panelErrorFor(error, { title: 'Notification not found', message: `There is no notification ${this.notificationId} in "${this.connection.name}". It may belong to another environment, or be older than the plan keeps.` }, 'Could not load the notification');
  }


  private setState(state: NotificationPanelState): void {
    this.state = state;
    this.channel.postState();
    this.loadedEmitter.fire(state);
  }

  private async handle(body: NotificationRequestBody): Promise<unknown> {
    switch (body.method) {
      case 'refresh':
        this.delayMs = LIVE_REFRESH.firstMs;
        await this.load();
        return null;
      case 'jobDetails': {
        const job = this.notification?.jobs?.find((j) => j._id === body.jobId);
        if (!job) throw new Error('This job is no longer part of the notification.');
        return buildJobDetails(job);
      }
      case 'openNotification':
        this.services.open(body.notificationId, this.connection);
        return null;
      case 'copy':
        await vscode.env.clipboard.writeText(body.text);
        vscode.window.setStatusBarMessage(`$(copy) Copied ${body.what}`, 3000);
        return null;
      case 'copyRaw': {
        const job = this.notification?.jobs?.find((j) => j._id === body.jobId);
        const raw = job?.executionDetails?.find((d) => d._id === body.detailId)?.raw;
        if (!raw) throw new Error('That provider response is no longer there.');
        await vscode.env.clipboard.writeText(raw);
        vscode.window.setStatusBarMessage('$(copy) Copied the provider response', 3000);
        return null;
      }
      case 'openJson':
        if (!this.notification) throw new Error('The notification has not loaded.');
        await this.services.json.open('notification', this.notification._id, this.notification);
        return null;
      case 'action':
        return this.runAction(body.action);
    }
  }

  private runAction(action: PanelAction): Promise<null> {
    return runPanelAction(action, this.connection, () => this.load());
  }


  dispose(): void {
    this.controller?.abort();
    this.clearTimer();
    this.disposed.fire();
    for (const d of this.disposables) d.dispose();
    this.disposed.dispose();
    this.loadedEmitter.dispose();
  }
}
