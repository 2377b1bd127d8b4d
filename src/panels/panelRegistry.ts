/**
 * One panel per connection and record (a notification, a subscriber's preferences): opening it again
 * reveals it, and after a window reload the serializer brings it back for the same connection.
 */
import * as vscode from 'vscode';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import type { PanelServices } from './panelHost';
import { webviewOptions } from './webviewHtml';

export interface RegisteredPanel {
  readonly panel: vscode.WebviewPanel;
  readonly onDidDispose: vscode.Event<void>;
  reveal(): void;
}

export interface PanelKind<P extends RegisteredPanel, Extra = undefined> {
  viewType: string;
  /** What a restored panel's saved state names, or undefined when it does not fit. */
  parseState(state: unknown): { id: string; connectionId: string } | undefined;
  /** `extra` is what the opener knows besides the id (absent for a restored panel). */
  create(webviewPanel: vscode.WebviewPanel, id: string, connection: Connection, extra?: Extra): P;
}

export class PanelRegistry<P extends RegisteredPanel, Extra = undefined> implements vscode.Disposable {
  private readonly panels = new Map<string, P>();
  private readonly serializer: vscode.Disposable;
  private readonly opened = new vscode.EventEmitter<P>();
  /** Fires for every panel created or restored. */
  readonly onDidOpen = this.opened.event;

  constructor(
    private readonly kind: PanelKind<P, Extra>,
    private readonly extensionUri: vscode.Uri,
    private readonly manager: ConnectionManager,
  ) {
    this.serializer = vscode.window.registerWebviewPanelSerializer(kind.viewType, {
      deserializeWebviewPanel: async (panel, state: unknown) => this.restore(panel, state),
    });
  }

  get all(): P[] {
    return [...this.panels.values()];
  }

  /** Opens the record's panel (in `column`, else the active one), or reveals it when it is open already. */
  open(id: string, connection: Connection, title: string, extra?: Extra, column: vscode.ViewColumn | { viewColumn: vscode.ViewColumn; preserveFocus?: boolean } = vscode.ViewColumn.Active): P {
    const existing = this.panels.get(`${connection.id}:${id}`);
    if (existing) {
      existing.reveal();
      return existing;
    }
    const webviewPanel = vscode.window.createWebviewPanel(this.kind.viewType, title, column, {
      ...webviewOptions(this.extensionUri),
      retainContextWhenHidden: false,
    });
    return this.track(`${connection.id}:${id}`, this.kind.create(webviewPanel, id, connection, extra));
  }

  private track(key: string, panel: P): P {
    this.panels.set(key, panel);
    panel.onDidDispose(() => this.panels.delete(key));
    this.opened.fire(panel);
    return panel;
  }

  /** A panel of the last window, brought back by its saved state (the serializer; tests call it as VS Code would). */
  async restore(webviewPanel: vscode.WebviewPanel, state: unknown): Promise<void> {
    const parsed = this.kind.parseState(state);
    const connection = parsed ? this.manager.allConnections.find((c) => c.id === parsed.connectionId) : undefined;
    // Nothing to show it for (the connection was removed), or shown already: close it.
    if (!parsed || !connection || this.panels.has(`${connection.id}:${parsed.id}`)) {
      webviewPanel.dispose();
      return;
    }
    webviewPanel.webview.options = webviewOptions(this.extensionUri);
    this.track(`${connection.id}:${parsed.id}`, this.kind.create(webviewPanel, parsed.id, connection));
  }

  dispose(): void {
    for (const panel of this.panels.values()) panel.panel.dispose();
    this.serializer.dispose();
    this.opened.dispose();
  }
}

/** A kind whose panels are made with their set's services. */
export interface ServedPanelKind<P extends RegisteredPanel, Extra, S> extends Omit<PanelKind<P, Extra>, 'create'> {
  create(webviewPanel: vscode.WebviewPanel, id: string, connection: Connection, services: S, extra?: Extra): P;
}

/** A feature's panels over their registry: made with the feature's services; the open panels, the event of each opened, and the disposal. */
export class PanelSet<P extends RegisteredPanel, Extra = undefined, S extends PanelServices = PanelServices> implements vscode.Disposable {
  protected readonly registry: PanelRegistry<P, Extra>;

  constructor(services: S, kind: ServedPanelKind<P, Extra, S>) {
    const create = (webviewPanel: vscode.WebviewPanel, id: string, connection: Connection, extra?: Extra) => kind.create(webviewPanel, id, connection, services, extra);
    this.registry = new PanelRegistry({ viewType: kind.viewType, parseState: (state) => kind.parseState(state), create }, services.extensionUri, services.manager);
  }

  /** Fires with each panel opened or restored. */
  get onDidOpen(): vscode.Event<P> {
    return this.registry.onDidOpen;
  }

  /** The open panels (tests look at them). */
  get all(): P[] {
    return this.registry.all;
  }

  dispose(): void {
    this.registry.dispose();
  }
}
