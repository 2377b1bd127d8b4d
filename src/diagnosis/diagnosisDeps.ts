/**
 * What a diagnosis asks with: the connection's client, the other saved connections (asked only
 * when the subscriber is not found here; the built-in Sandbox is not one of them unless it is the
 * one diagnosed from), and the preferences read the panel uses, handed in by the caller.
 */
import type { NovuClient } from '../api';
import { regionLabel, type Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import type { DiagnosisDeps } from './diagnosisRun';

export function diagnosisDeps(manager: ConnectionManager, connection: Connection, client: NovuClient, readPreferences: DiagnosisDeps['readPreferences'], knownSubscriberIds?: () => readonly string[], inboxSetups?: DiagnosisDeps['inboxSetups']): DiagnosisDeps {
  return {
    client,
    connection: { id: connection.id, name: connection.name, region: regionLabel(connection), environmentId: manager.environmentOf(connection) },
    others: () =>
      manager.connections
        .filter((c) => c.id !== connection.id)
        .map((c) => ({ id: c.id, name: c.name, region: regionLabel(c), environmentId: manager.environmentOf(c), client: () => manager.clientFor(c) })),
    readPreferences,
    ...(knownSubscriberIds ? { knownSubscriberIds } : {}),
    ...(inboxSetups ? { inboxSetups } : {}),
    now: Date.now,
  };
}
