/** Preferences: a subscriber's panel (channels globally and per workflow, the weekly schedule). */
import type { NovuClient } from '../api';
import type { Connection } from '../connections/connection';
import { type Shared } from '../features';
import type { PreferencesPanel } from './preferencesPanel';
import { PreferencesPanels } from './preferencesPanels';
import type { readPreferences } from './preferencesRead';

export function registerPreferences({ context, manager, log }: Shared, code: () => { PreferencesPanel: typeof PreferencesPanel; readPreferences: typeof readPreferences }) {
  const panels = new PreferencesPanels({ extensionUri: context.extensionUri, manager, log }, () => code().PreferencesPanel);
  context.subscriptions.push(panels);
  return {
    panels,
    open: (subscriberId: string, connection: Connection, subscriber: { name?: string; timezone?: string | null }) => panels.open(subscriberId, connection, subscriber),
    /** An open panel of the subscriber reads again after a change made elsewhere (the agent, a diagnosis). */
    changed: (connectionId: string, subscriberId: string) => {
      for (const panel of panels.all) if (panel.connection.id === connectionId && panel.subscriberId === subscriberId) void panel.load();
    },
    /** The diagnosis reads preferences with the panels' code, without the subscriber's record. */
    read: (client: NovuClient, subscriberId: string, signal: AbortSignal) => code().readPreferences(client, subscriberId, { signal, withSubscriber: false, log }),
  };
}
