/** The preferences panels: one per connection and subscriber. */
import type { Connection } from '../connections/connection';
import { l10n } from '../l10n';
import type { PanelServices } from '../panels/panelHost';
import { PanelSet } from '../panels/panelRegistry';
import { stateParser } from '../panels/savedState';
import { PREFERENCES_PANEL_TYPE, preferencesPanelStateSchema } from './panelState';
import type { PreferencesPanel } from './preferencesPanel';
import type { SubscriberSummary } from './protocol';

/** The extra is what the opener knows of the subscriber (name, time zone); a restored panel reads it. */
export class PreferencesPanels extends PanelSet<PreferencesPanel, SubscriberSummary> {
  /** `panelClass` is from the panels' bundle: loaded when the first panel opens. */
  constructor(services: PanelServices, panelClass: () => typeof PreferencesPanel) {
    super(services, {
      viewType: PREFERENCES_PANEL_TYPE,
      parseState: stateParser(preferencesPanelStateSchema, (state) => state.subscriberId),
      create: (webviewPanel, id, connection, panelServices, subscriber) => new (panelClass())(webviewPanel, id, connection, panelServices, subscriber),
    });
  }

  open(subscriberId: string, connection: Connection, subscriber: SubscriberSummary = {}): PreferencesPanel {
    return this.registry.open(subscriberId, connection, l10n.t('Preferences: {0}', subscriber.name ?? subscriberId), subscriber);
  }
}
