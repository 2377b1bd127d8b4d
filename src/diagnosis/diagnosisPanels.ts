/** The diagnosis panels: one per connection, subscriber, workflow and channel. */
import * as vscode from 'vscode';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import { l10n } from '../l10n';
import type { Log } from '../log';
import { PanelRegistry } from '../panels/panelRegistry';
import type { DiagnosisActions, DiagnosisPanel } from './diagnosisPanel';
import type { Channel } from './diagnosisTypes';
import type { DiagnosisRequest } from './diagnosisRun';
import { DIAGNOSIS_PANEL_TYPE, diagnosisPanelStateSchema } from './panelState';

const CHANNELS = ['in_app', 'email', 'sms', 'chat', 'push'];

/** The registry's key of a request (and back): the three parts joined by a character no id holds. */
export function requestKey(request: DiagnosisRequest): string {
  return [request.subscriberId, request.workflowRef ?? '', request.channel ?? ''].join('\u0000');
}

export function requestOfKey(key: string): DiagnosisRequest {
  const [subscriberId = '', workflowRef, channel] = key.split('\u0000');
  return { subscriberId, ...(workflowRef ? { workflowRef } : {}), ...(channel && CHANNELS.includes(channel) ? { channel: channel as Channel } : {}) };
}

export class DiagnosisPanels implements vscode.Disposable {
  private readonly registry: PanelRegistry<DiagnosisPanel>;

  constructor(
    context: vscode.ExtensionContext,
    manager: ConnectionManager,
    log: Log,
    actions: DiagnosisActions,
    /** The panel class, from the panels' bundle: loaded when the first panel opens. */
    panelClass: () => typeof DiagnosisPanel,
  ) {
    const services = { extensionUri: context.extensionUri, manager, log };
    this.registry = new PanelRegistry<DiagnosisPanel>(
      {
        viewType: DIAGNOSIS_PANEL_TYPE,
        parseState: (state) => {
          const parsed = diagnosisPanelStateSchema.safeParse(state);
          if (!parsed.success) return undefined;
          const { subscriberId, workflow, channel } = parsed.data;
          return { id: requestKey({ subscriberId, workflowRef: workflow || undefined, channel: channel && CHANNELS.includes(channel) ? (channel as Channel) : undefined }), connectionId: parsed.data.connectionId };
        },
        create: (webviewPanel, id, connection) => new (panelClass())(webviewPanel, requestOfKey(id), connection, services, actions),
      },
      context.extensionUri,
      manager,
    );
  }

  get onDidOpen(): vscode.Event<DiagnosisPanel> {
    return this.registry.onDidOpen;
  }

  get all(): DiagnosisPanel[] {
    return this.registry.all;
  }

  /** Opens the request's panel (in the active column, or `beside` it), or reveals and reads it again. */
  open(request: DiagnosisRequest, connection: Connection, beside?: boolean): DiagnosisPanel {
    const existing = this.registry.all.find((p) => p.connection.id === connection.id && requestKey(p.request) === requestKey(request));
    if (existing) {
      existing.reveal();
      void existing.load();
      return existing;
    }
    return this.registry.open(requestKey(request), connection, l10n.t('Why didn’t {0} get it?', request.subscriberId), undefined, beside ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active);
  }

  dispose(): void {
    this.registry.dispose();
  }
}
