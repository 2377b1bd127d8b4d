/**
 * A provider's message with what differs per recipient or per run masked (contract §8.7), so that
 * the same refusal for Ada and for Bob reads, and groups, as one: email addresses, URLs, phone
 * numbers, ids (UUIDs, hex of 12 or more, `msg-…`/`SM…` ids), dates and times, quoted values and
 * numbers of 4 digits or more. Codes stay: SMTP `550 5.1.1`, HTTP statuses, Twilio's 5-digit error
 * codes when they follow "code"/"error", FCM's `UNREGISTERED`.
 */

import { providerMessage } from '../format/stepCause';

const MASKS: readonly [RegExp, string][] = [
  [/\bhttps?:\/\/[^\s"'<>)]+/gi, '[url]'],
  [/[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi, '[email]'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '[id]'],
  [/\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b/g, '[time]'],
  [/\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2}(?: GMT| [+-]\d{4})?/g, '[time]'],
  [/\b\d{1,2}:\d{2}:\d{2}\b/g, '[time]'],
  [/\b(?:msg|req|evt|id)[-_][A-Za-z0-9_-]{6,}\b/gi, '[id]'],
  [/\b(?:SM|MM|AC|CA|RE)[0-9a-f]{32}\b/gi, '[id]'],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{12,}\b/gi, '[id]'],
  [/\b[A-Za-z0-9_-]{24,}\b/g, '[id]'],
  [/\+\d[\d\s().-]{6,}\d/g, '[phone]'],
  [/"[^"]{3,200}"|'[^']{3,200}'|“[^”]{3,200}”/g, '[value]'],
];

/** Codes a provider names its error by: kept whole. */
const CODE_BEFORE = /\b(?:code|error|status|errno)\s*[:=#]?\s*$/i;

export function maskReason(message: string): string {
  let text = message.replace(/\s+/g, ' ').trim();
  for (const [pattern, mask] of MASKS) text = text.replace(pattern, mask);
  // Long numbers are per recipient or per run, unless they are the provider's code (Twilio's 21211).
  text = text.replace(/\d{4,}/g, (digits, offset: number) => (digits.length <= 5 && CODE_BEFORE.test(text.slice(Math.max(0, offset - 12), offset)) ? digits : '[n]'));
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** What a provider's answer names its error by: its own code, and the HTTP status it came with. */
export interface ProviderCode {
  /**
   * The provider's own error code (Twilio `21211`, FCM `messaging/registration-token-not-registered`,
   * SMTP's enhanced `5.1.1`, Slack `channel_not_found`): one cause however the words around it go.
   */
  code?: string;
  /** An HTTP (or SMTP basic) status alone: shown, never a cause by itself (a 403 has many). */
  status?: number;
}

/** FCM v1's `errorCode`s as the Admin SDK names the same errors: one code whichever layer answered. */
// l10n-ignore: FCM's error codes (wire values)
const FCM_CODES: Readonly<Record<string, string>> = {
  UNREGISTERED: 'messaging/registration-token-not-registered',
  INVALID_ARGUMENT: 'messaging/invalid-argument',
  SENDER_ID_MISMATCH: 'messaging/mismatched-credential',
  QUOTA_EXCEEDED: 'messaging/message-rate-exceeded',
  UNAVAILABLE: 'messaging/server-unavailable',
  INTERNAL: 'messaging/internal-error',
  THIRD_PARTY_AUTH_ERROR: 'messaging/third-party-auth-error',
  APNS_AUTH_ERROR: 'messaging/third-party-auth-error',
};

/** A string that reads as a code: one token, no spaces (`messaging/…`, `channel_not_found`, `ETIMEDOUT`). */
const CODE_TOKEN = /^[A-Za-z][A-Za-z0-9_./-]{1,79}$/;
/** Slack-style codes in an `error` field: lowercase words joined by `_`. */
const SNAKE_CODE = /^[a-z]+(?:_[a-z0-9]+)+$/;
/** SMTP's enhanced status (RFC 3463): class 2, 4 or 5, then subject and detail. */
const SMTP_ENHANCED = /(?<![\w.])([245]\.\d{1,3}\.\d{1,3})(?![.\d])/;
/** A numeric code said in words: "Error 21211:", "error code 21211", "code: 21211". */
const CODE_IN_WORDS = /\b(?:error|code)\s*(?:code)?\s*[:=#]?\s*(\d{4,6})\b/i;
const FCM_IN_WORDS = /\bmessaging\/[a-z-]+\b/;

const o = (v: unknown): Record<string, unknown> | undefined => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined);
const isStatus = (n: number) => Number.isInteger(n) && n >= 100 && n <= 599;

function codeOfValue(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1000 ? String(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) >= 1000 ? text : undefined;
  if (!CODE_TOKEN.test(text)) return undefined;
  return FCM_CODES[text] ?? text;
}

/** The code and status in a JSON answer: `code`, `errorCode`, `errorInfo.code`, FCM's `details[].errorCode`, Slack's `error`, nested under `error`, `response`, `body`, `errors[0]`. */
function fromObject(v: unknown, depth: number, found: ProviderCode): void {
  if (depth > 5 || v === null || typeof v !== 'object') return;
  if (Array.isArray(v)) {
    fromObject(v[0], depth + 1, found);
    return;
  }
  const o = v as Record<string, unknown>;
  for (const key of ['errorCode', 'error_code', 'code']) {
    if (found.code !== undefined) break;
    const raw = o[key];
    if ((typeof raw === 'number' || (typeof raw === 'string' && /^\d+$/.test(raw))) && isStatus(Number(raw))) found.status ??= Number(raw);
    else found.code = codeOfValue(raw);
  }
  if (found.code === undefined && typeof o['error'] === 'string' && SNAKE_CODE.test(o['error'])) found.code = o['error'];
  for (const key of ['status', 'statusCode', 'responseCode']) {
    const raw = o[key];
    if (found.status === undefined && (typeof raw === 'number' || (typeof raw === 'string' && /^\d+$/.test(raw))) && isStatus(Number(raw))) found.status = Number(raw);
  }
  for (const key of ['errorInfo', 'details', 'error', 'errors', 'response', 'body', 'data']) fromObject(o[key], depth + 1, found);
}

/**
 * The provider's own code in its answer (`raw`, JSON or text) or in its message, and the HTTP status
 * it came with (contract §8.7): a code names one cause however it is worded; a status alone does not.
 */
export function providerCode(raw: unknown, message?: string): ProviderCode {
  const found: ProviderCode = {};
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      value = undefined;
    }
  }
  fromObject(value, 0, found);
  const texts = [typeof raw === 'string' && value === undefined ? raw : (providerMessage(value) ?? ''), message ?? '', typeof o(value)?.['response'] === 'string' ? String(o(value)!['response']) : ''];
  // A client's errno-style code (nodemailer's `EENVELOPE`) says less than the SMTP server's own.
  if (found.code !== undefined && /^E[A-Z]{3,}$/.test(found.code)) {
    const enhanced = texts.map((text) => SMTP_ENHANCED.exec(text)?.[1]).find(Boolean);
    if (enhanced) found.code = enhanced;
  }
  for (const text of texts) {
    if (found.code !== undefined) break;
    found.code = FCM_IN_WORDS.exec(text)?.[0] ?? SMTP_ENHANCED.exec(text)?.[1] ?? CODE_IN_WORDS.exec(text)?.[1];
  }
  if (found.code === undefined) delete found.code;
  return found;
}
