/**
 * A provider's message with what differs per recipient or per run masked (contract §8.7), so that
 * the same refusal for Ada and for Bob reads, and groups, as one: email addresses, URLs, phone
 * numbers, ids (UUIDs, hex of 12 or more, `msg-…`/`SM…` ids), dates and times, quoted values and
 * numbers of 4 digits or more. Codes stay: SMTP `550 5.1.1`, HTTP statuses, Twilio's 5-digit error
 * codes when they follow "code"/"error", FCM's `UNREGISTERED`.
 */

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
