/** The diagnosis panels: one per connection, subscriber, workflow and channel. */
import * as vscode from 'vscode';
import type { Connection } from '../connections/connection';
import { l10n } from '../l10n';
import type { PanelServices } from '../panels/panelHost';
import { PanelSet } from '../panels/panelRegistry';
import { stateParser } from '../panels/savedState';
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

export class DiagnosisPanels extends PanelSet<DiagnosisPanel> {
  /** `panelClass` is from the panels' bundle: loaded when the first panel opens. */
  constructor(services: PanelServices, actions: DiagnosisActions, panelClass: () => typeof DiagnosisPanel) {
    super(services, {
      viewType: DIAGNOSIS_PANEL_TYPE,
      parseState: stateParser(diagnosisPanelStateSchema, ({ subscriberId, workflow, channel }) =>
        requestKey({ subscriberId, workflowRef: workflow || undefined, channel: channel && CHANNELS.includes(channel) ? (channel as Channel) : undefined }),
      ),
      create: (webviewPanel, id, connection, panelServices) => new (panelClass())(webviewPanel, requestOfKey(id), connection, panelServices, actions),
    });
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
}
