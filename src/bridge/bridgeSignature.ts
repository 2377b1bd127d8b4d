/**
 * The `novu-signature` header of a request to the user's own app, the bridge (contract §9.2):
 * `t=<unix ms>,v1=<hex HMAC-SHA256(secret, "<t>.<JSON.stringify(body)>")>`. The bridge checks the
 * HMAC over `JSON.stringify` of the body it parsed, so the request must carry exactly the compact
 * text that was signed (`bridgeBodyText`); a GET is signed over `{}`. Since @novu/framework 2.11 the
 * timestamp must be within ±5 minutes of the app's clock, in milliseconds: sign just before sending.
 * The secret goes into the HMAC and nowhere else. Pure: no vscode.
 */
import { createHmac } from 'node:crypto';

export const BRIDGE_SIGNATURE_HEADER = 'novu-signature';

/** The compact JSON that is both signed and sent; a GET (no body) is `{}`, as the bridge reads it. */
export function bridgeBodyText(body: unknown): string {
  return body === undefined ? '{}' : JSON.stringify(body);
}

/** `t=<ms>,v1=<lower-case hex>` for `body` at `nowMs` (whole milliseconds, as the bridge reads `t`). */
export function signBridge(secretKey: string, body: unknown, nowMs: number): string {
  const t = Math.floor(nowMs);
  const v1 = createHmac('sha256', secretKey).update(`${t}.${bridgeBodyText(body)}`, 'utf8').digest('hex');
  return `t=${t},v1=${v1}`;
}
