/**
 * An app restarting after a save: how the Preview and the Test Explorer's runs tell it from an app
 * that is down, and how long they wait for it. Pure: no vscode.
 */
import type { BridgeFailure } from './bridgeClient';

/** How long a restarting app is waited for. */
export const RESTART_WAIT_MS = 20_000;

/** Whether a failure means "the app is not answering right now" (refused, 5xx, a non-bridge answer while it restarts). */
export function mayBeRestarting(failure: BridgeFailure): boolean {
  return failure.kind === 'unreachable' || failure.kind === 'serverError' || failure.kind === 'notBridge';
}
