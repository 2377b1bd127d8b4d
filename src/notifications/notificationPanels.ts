/** The notification panels, and the recently opened notifications the palette offers again. */
import type * as vscode from 'vscode';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import { l10n } from '../l10n';
import type { Log } from '../log';
import type { JsonDocuments } from '../ui/jsonDocuments';
import type { NotificationPanel, NotificationPanelServices, NotificationSeed, RunActions } from './notificationPanel';
import { NOTIFICATION_PANEL_TYPE, panelStateSchema } from './panelState';
import { PanelSet } from '../panels/panelRegistry';
import { stateParser } from '../panels/savedState';
import { StoredList } from '../ui/storedList';

export interface RecentNotification {
  id: string;
  connectionId: string;
  title: string;
  openedAt: string;
}

/** The extra is the notification when the opener already has it (a list answer, a loaded row). */
export class NotificationPanels extends PanelSet<NotificationPanel, NotificationSeed, NotificationPanelServices> {
  /** The 15 notifications opened last, one entry a notification (reopened, it moves to the top). */
  private readonly recentList: StoredList<RecentNotification>;
  private readonly panelClass: () => typeof NotificationPanel;

  constructor(
    context: vscode.ExtensionContext,
    manager: ConnectionManager,
    json: JsonDocuments,
    log: Log,
    /** The panel class, from the panels' bundle: loaded when the first panel opens. */
    panelClass: () => typeof NotificationPanel,
    runs: RunActions,
  ) {
    super(
      { extensionUri: context.extensionUri, manager, json, log, runs, open: (id: string, connection: Connection) => void this.open(id, connection) },
      {
        viewType: NOTIFICATION_PANEL_TYPE,
        parseState: stateParser(panelStateSchema, (state) => state.notificationId),
        create: (webviewPanel, id, connection, services, seed) => new (panelClass())(webviewPanel, id, connection, services, seed),
      },
    );
    this.recentList = new StoredList(context.globalState, 'novuExplorer.recentNotifications', 15, isRecent, (older, entry) => older.id === entry.id && older.connectionId === entry.connectionId);
    this.panelClass = panelClass;
    this.registry.onDidOpen((panel) =>
      panel.onDidLoad((state) => {
        if (state.kind === 'loaded') void this.recentList.add({ id: panel.notificationId, connectionId: panel.connection.id, title: state.model.header.workflowName, openedAt: new Date().toISOString() });
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

  get recent(): RecentNotification[] {
    return this.recentList.all;
  }
}

function isRecent(value: unknown): value is RecentNotification {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v['id'] === 'string' && typeof v['connectionId'] === 'string' && typeof v['title'] === 'string';
}
