/** The notification panels, and the recently opened notifications the palette offers again. */
import type * as vscode from 'vscode';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import { l10n } from '../l10n';
import type { Log } from '../log';
import type { JsonDocuments } from '../ui/jsonDocuments';
import type { NotificationPanel, NotificationSeed, RunActions } from './notificationPanel';
import { NOTIFICATION_PANEL_TYPE, panelStateSchema } from './panelState';
import { PanelRegistry } from '../panels/panelRegistry';

const RECENT_KEY = 'novuExplorer.recentNotifications';
const RECENT_MAX = 15;

export interface RecentNotification {
  id: string;
  connectionId: string;
  title: string;
  openedAt: string;
}

export class NotificationPanels implements vscode.Disposable {
  /** The extra is the notification when the opener already has it (a list answer, a loaded row). */
  private readonly registry: PanelRegistry<NotificationPanel, NotificationSeed>;

  constructor(
    private readonly context: vscode.ExtensionContext,
    manager: ConnectionManager,
    json: JsonDocuments,
    log: Log,
    /** The panel class, from the panels' bundle: loaded when the first panel opens. */
    private readonly panelClass: () => typeof NotificationPanel,
    runs: RunActions,
  ) {
    const services = { extensionUri: context.extensionUri, manager, json, log, runs, open: (id: string, connection: Connection) => void this.open(id, connection) };
    this.registry = new PanelRegistry<NotificationPanel, NotificationSeed>(
      {
        viewType: NOTIFICATION_PANEL_TYPE,
        parseState: (state) => {
          const parsed = panelStateSchema.safeParse(state);
          return parsed.success ? { id: parsed.data.notificationId, connectionId: parsed.data.connectionId } : undefined;
        },
        create: (webviewPanel, id, connection, seed) => new (panelClass())(webviewPanel, id, connection, services, seed),
      },
      context.extensionUri,
      manager,
    );
    this.registry.onDidOpen((panel) =>
      panel.onDidLoad((state) => {
        if (state.kind === 'loaded') void this.remember({ id: panel.notificationId, connectionId: panel.connection.id, title: state.model.header.workflowName, openedAt: new Date().toISOString() });
      }),
    );
  }

  /** Opens the notification's panel (in `column`, else the active one), or reveals it when it is open already. */
  open(notificationId: string, connection: Connection, seed?: NotificationSeed, column?: vscode.ViewColumn): NotificationPanel {
    return this.registry.open(notificationId, connection, l10n.t('Notification {0}', notificationId), seed, column);
  }

  /**
   * Loads the panels' code on a timer, while the user types a notification's id: the first panel of
   * a window then opens without loading it (20 to 30 ms; issue 30.10).
   */
  prepare(): void {
    setTimeout(() => this.panelClass(), 0);
  }

  /** Fires with each panel opened or restored. */
  get onDidOpen(): vscode.Event<NotificationPanel> {
    return this.registry.onDidOpen;
  }

  /** The open panels (tests look at them). */
  get all(): NotificationPanel[] {
    return this.registry.all;
  }

  get recent(): RecentNotification[] {
    return this.context.globalState.get<RecentNotification[]>(RECENT_KEY, []);
  }

  private async remember(entry: RecentNotification): Promise<void> {
    const rest = this.recent.filter((r) => !(r.id === entry.id && r.connectionId === entry.connectionId));
    await this.context.globalState.update(RECENT_KEY, [entry, ...rest].slice(0, RECENT_MAX));
  }

  dispose(): void {
    this.registry.dispose();
  }
}
