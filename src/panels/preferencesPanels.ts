/** One PreferencesPanel per connection and subscriber; restored after a window reload. */
import * as vscode from 'vscode';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import type { Log } from '../log';
import { PREFERENCES_PANEL_TYPE, PreferencesPanel, preferencesPanelStateSchema } from './preferencesPanel';
import { webviewOptions } from './webviewHtml';

export class PreferencesPanels implements vscode.Disposable {
  private readonly panels = new Map<string, PreferencesPanel>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly manager: ConnectionManager,
    private readonly log: Log,
  ) {
    this.subscriptions = [
      vscode.window.registerWebviewPanelSerializer(PREFERENCES_PANEL_TYPE, {
        deserializeWebviewPanel: async (panel, state: unknown) => {
          const parsed = preferencesPanelStateSchema.safeParse(state);
          const connection = parsed.success ? this.manager.allConnections.find((c) => c.id === parsed.data.connectionId) : undefined;
          const key = parsed.success && connection ? `${connection.id}:${parsed.data.subscriberId}` : undefined;
          if (!parsed.success || !connection || !key || this.panels.has(key)) {
            panel.dispose();
            return;
          }
          this.track(key, new PreferencesPanel(panel, parsed.data.subscriberId, connection, this.services()));
        },
      }),
    ];
  }

  get all(): PreferencesPanel[] {
    return [...this.panels.values()];
  }

  open(subscriberId: string, connection: Connection, subscriberName?: string): PreferencesPanel {
    const key = `${connection.id}:${subscriberId}`;
    const existing = this.panels.get(key);
    if (existing) {
      existing.reveal();
      return existing;
    }
    const panel = vscode.window.createWebviewPanel(PREFERENCES_PANEL_TYPE, `Preferences: ${subscriberName ?? subscriberId}`, vscode.ViewColumn.Active, {
      ...webviewOptions(this.context.extensionUri),
      retainContextWhenHidden: false,
    });
    return this.track(key, new PreferencesPanel(panel, subscriberId, connection, this.services(), subscriberName));
  }

  private track(key: string, panel: PreferencesPanel): PreferencesPanel {
    this.panels.set(key, panel);
    panel.onDidDispose(() => this.panels.delete(key));
    return panel;
  }

  private services() {
    return { extensionUri: this.context.extensionUri, manager: this.manager, log: this.log };
  }

  dispose(): void {
    for (const panel of this.panels.values()) panel.panel.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
