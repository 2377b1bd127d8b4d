/** The preferences panels: one per connection and subscriber. */
import type * as vscode from 'vscode';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import type { Log } from '../log';
import { PanelRegistry } from '../panels/panelRegistry';
import { PREFERENCES_PANEL_TYPE, preferencesPanelStateSchema } from './panelState';
import type { PreferencesPanel } from './preferencesPanel';

export class PreferencesPanels implements vscode.Disposable {
  /** The extra is the subscriber's name when opened from the view (a restored panel shows the id). */
  private readonly registry: PanelRegistry<PreferencesPanel, string>;

  constructor(
    context: vscode.ExtensionContext,
    manager: ConnectionManager,
    log: Log,
    /** The panel class, from the panels' bundle: loaded when the first panel opens. */
    panelClass: () => typeof PreferencesPanel,
  ) {
    const services = { extensionUri: context.extensionUri, manager, log };
    this.registry = new PanelRegistry<PreferencesPanel, string>(
      {
        viewType: PREFERENCES_PANEL_TYPE,
        parseState: (state) => {
          const parsed = preferencesPanelStateSchema.safeParse(state);
          return parsed.success ? { id: parsed.data.subscriberId, connectionId: parsed.data.connectionId } : undefined;
        },
        create: (webviewPanel, id, connection, name) => new (panelClass())(webviewPanel, id, connection, services, name),
      },
      context.extensionUri,
      manager,
    );
  }

  /** Fires with each panel opened or restored. */
  get onDidOpen(): vscode.Event<PreferencesPanel> {
    return this.registry.onDidOpen;
  }

  get all(): PreferencesPanel[] {
    return this.registry.all;
  }

  open(subscriberId: string, connection: Connection, subscriberName?: string): PreferencesPanel {
    return this.registry.open(subscriberId, connection, `Preferences: ${subscriberName ?? subscriberId}`, subscriberName);
  }

  dispose(): void {
    this.registry.dispose();
  }
}
