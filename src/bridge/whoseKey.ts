/**
 * Which key the user's app runs with (contract §9.2): a signed discover refused with
 * `SignatureMismatchError` is tried with the other saved connections' keys, on an app on this
 * machine only (a key's signatures go nowhere else unasked). Preview and the app's state both ask
 * it. Pure: no vscode (the connections are given).
 */
import { isThisMachine } from './addressRule';
import type { BridgeClient } from './bridgeClient';

/** What the key check found. */
export type KeyCheck =
  | { kind: 'matches' }
  /** The app accepts unsigned requests: the key cannot be confirmed. */
  | { kind: 'unchecked' }
  | { kind: 'otherConnection'; connectionId: string; connectionName: string }
  | { kind: 'noneOfYours' };

interface SavedConnection {
  id: string;
  name: string;
}

export interface KeyOwnerDeps<C extends SavedConnection> {
  /** The saved connections, and the key each signs with (the connection manager is one). */
  manager: { readonly connections: readonly C[]; signingSecret(connection: C): Promise<string | undefined> };
  client: Pick<BridgeClient, 'discover'>;
}

/** Which saved connection's key the app runs with (signed discovers to an app on this machine only). */
export async function whoseKey<C extends SavedConnection>(deps: KeyOwnerDeps<C>, url: string, active: C): Promise<KeyCheck> {
  if (!isThisMachine(url)) return { kind: 'noneOfYours' };
  for (const other of deps.manager.connections) {
    if (other.id === active.id) continue;
    const secret = await deps.manager.signingSecret(other);
    if (!secret) continue;
    const answer = await deps.client.discover(url, secret);
    if (answer.kind === 'discovered') return { kind: 'otherConnection', connectionId: other.id, connectionName: other.name };
  }
  return { kind: 'noneOfYours' };
}

