/** Keeps one NotificationPanel per connection and notification id, and restores them after a reload. */
import * as vscode from 'vscode';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import type { Log } from '../log';
import type { JsonDocuments } from '../views/jsonDocuments';
import { NOTIFICATION_PANEL_TYPE, NotificationPanel, panelStateSchema } from './notificationPanel';
import { webviewOptions } from './webviewHtml';

const RECENT_KEY = 'novuExplorer.recentNotifications';
const RECENT_MAX = 15;

export interface RecentNotification {
  id: string;
  connectionId: string;
  title: string;
  openedAt: string;
}

export class NotificationPanels implements vscode.Disposable {
  private readonly panels = new Map<string, NotificationPanel>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly manager: ConnectionManager,
    private readonly json: JsonDocuments,
    private readonly log: Log,
  ) {
    this.subscriptions = [
      vscode.window.registerWebviewPanelSerializer(NOTIFICATION_PANEL_TYPE, {
        deserializeWebviewPanel: async (panel, state: unknown) => this.restore(panel, state),
      }),
    ];
  }

  /** Opens the notification's panel, or reveals it when it is open already. */
  open(notificationId: string, connection: Connection): NotificationPanel {
    const key = `${connection.id}:${notificationId}`;
    const existing = this.panels.get(key);
    if (existing) {
      existing.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(NOTIFICATION_PANEL_TYPE, `Notification ${notificationId}`, vscode.ViewColumn.Active, {
      ...webviewOptions(this.context.extensionUri),
      retainContextWhenHidden: false,
    });
    return this.track(key, new NotificationPanel(panel, notificationId, connection, this.services()));
  }

  /** The open panels (tests look at them). */
  get all(): NotificationPanel[] {
    return [...this.panels.values()];
  }

  get recent(): RecentNotification[] {
    return this.context.globalState.get<RecentNotification[]>(RECENT_KEY, []);
  }

  private track(key: string, panel: NotificationPanel): NotificationPanel {
    this.panels.set(key, panel);
    panel.onDidDispose(() => this.panels.delete(key));
    panel.onDidLoad((state) => {
      if (state.kind === 'loaded') void this.remember({ id: panel.notificationId, connectionId: panel.connection.id, title: state.model.header.workflowName, openedAt: new Date().toISOString() });
    });
    return panel;
  }

  private async remember(entry: RecentNotification): Promise<void> {
    const rest = this.recent.filter((r) => !(r.id === entry.id && r.connectionId === entry.connectionId));
    await this.context.globalState.update(RECENT_KEY, [entry, ...rest].slice(0, RECENT_MAX));
  }

  private async restore(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const parsed = panelStateSchema.safeParse(state);
    const connection = parsed.success ? this.manager.allConnections.find((c) => c.id === parsed.data.connectionId) : undefined;
    if (!parsed.success || !connection) {
      // Nothing to show it for (the connection was removed): close rather than show a broken panel.
      panel.dispose();
      return;
    }
    const key = `${connection.id}:${parsed.data.notificationId}`;
    if (this.panels.has(key)) {
      panel.dispose();
      return;
    }
    panel.webview.options = webviewOptions(this.context.extensionUri);
    this.track(key, new NotificationPanel(panel, parsed.data.notificationId, connection, this.services()));
  }

  private services() {
    return {
      extensionUri: this.context.extensionUri,
      manager: this.manager,
      json: this.json,
      log: this.log,
      open: (id: string, connection: Connection) => void this.open(id, connection),
    };
  }

  dispose(): void {
    for (const panel of this.panels.values()) panel.panel.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
