/** The Inbox panels: one per connection and subscriber (a run's message opens its subscriber's, on that message). */
import * as vscode from 'vscode';
import type { Connection } from '../connections/connection';
import { l10n } from '../l10n';
import type { PanelServices } from '../panels/panelHost';
import { PanelSet } from '../panels/panelRegistry';
import { stateParser } from '../panels/savedState';
import type { InboxActions, InboxFocus, InboxPanel } from './inboxPanel';
import { INBOX_PANEL_TYPE, inboxPanelStateSchema } from './panelState';

export class InboxPanels extends PanelSet<InboxPanel, InboxFocus> {
  /** `panelClass` is from the audience bundle: loaded when the first panel opens. */
  constructor(services: PanelServices, actions: InboxActions, panelClass: () => typeof InboxPanel) {
    super(services, {
      viewType: INBOX_PANEL_TYPE,
      parseState: stateParser(inboxPanelStateSchema, (s) => s.subscriberId),
      create: (webviewPanel, subscriberId, connection, panelServices, focus) => new (panelClass())(webviewPanel, subscriberId, connection, panelServices, actions, focus),
    });
  }

  /** Opens the subscriber's Inbox (on one message, in one context, when `focus` says so), or reveals it and shows that. */
  open(subscriberId: string, connection: Connection, focus?: InboxFocus): InboxPanel {
    const existing = this.registry.all.find((p) => p.connection.id === connection.id && p.subscriberId === subscriberId);
    if (existing) {
      existing.reveal();
      if (focus) void existing.focus(focus);
      return existing;
    }
    return this.registry.open(subscriberId, connection, l10n.t('Inbox of {0}', subscriberId), focus, vscode.ViewColumn.Active);
  }
}
