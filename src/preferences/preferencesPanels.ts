/** The preferences panels: one per connection and subscriber. */
import type * as vscode from 'vscode';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import { l10n } from '../l10n';
import type { Log } from '../log';
import { PanelRegistry } from '../panels/panelRegistry';
import { PREFERENCES_PANEL_TYPE, preferencesPanelStateSchema } from './panelState';
import type { PreferencesPanel } from './preferencesPanel';
import type { SubscriberSummary } from './protocol';

export class PreferencesPanels implements vscode.Disposable {
  /** The extra is what the opener knows of the subscriber (name, time zone); a restored panel reads it. */
  private readonly registry: PanelRegistry<PreferencesPanel, SubscriberSummary>;

  constructor(
    context: vscode.ExtensionContext,
    manager: ConnectionManager,
    log: Log,
    /** The panel class, from the panels' bundle: loaded when the first panel opens. */
    panelClass: () => typeof PreferencesPanel,
  ) {
    const services = { extensionUri: context.extensionUri, manager, log };
    this.registry = new PanelRegistry<PreferencesPanel, SubscriberSummary>(
      {
        viewType: PREFERENCES_PANEL_TYPE,
        parseState: (state) => {
          const parsed = preferencesPanelStateSchema.safeParse(state);
          return parsed.success ? { id: parsed.data.subscriberId, connectionId: parsed.data.connectionId } : undefined;
        },
        create: (webviewPanel, id, connection, subscriber) => new (panelClass())(webviewPanel, id, connection, services, subscriber),
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

  open(subscriberId: string, connection: Connection, subscriber: SubscriberSummary = {}): PreferencesPanel {
    return this.registry.open(subscriberId, connection, l10n.t('Preferences: {0}', subscriber.name ?? subscriberId), subscriber);
  }

  dispose(): void {
    this.registry.dispose();
  }
}
