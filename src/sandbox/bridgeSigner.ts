/**
 * The `novu-signature` of the sandbox's requests to a synced bridge (contract §9.2), the one copy
 * the sandbox's discover and step preview both use. It is written again here, not imported from
 * src/bridge/, so that the sandbox checks the extension's signer independently, as a real service would.
 */
import { createHmac } from 'node:crypto';

/** `t=<ms>,v1=<hex HMAC-SHA256(secret, "<t>.<body text>")>`; `bodyText` is exactly what is sent (`{}` for a GET). */
export function bridgeSignature(secretKey: string, bodyText: string, nowMs: number): string {
  return `t=${nowMs},v1=${createHmac('sha256', secretKey).update(`${nowMs}.${bodyText}`).digest('hex')}`;
}
