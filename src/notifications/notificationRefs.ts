/** Recognising notification and transaction ids in editor text. Pure. */
import { NOTIFICATION_ID_PATTERN } from './protocol';

export type NotificationRef = { kind: 'notification'; id: string } | { kind: 'transaction'; id: string };

/** A transaction id as applications usually make them: a UUID, or a token with a digit or a separator. */
const TRANSACTION_PATTERN = /^[\w:.-]{6,128}$/;

/** What the text names, if it looks like a notification id or a transaction id. */
export function parseNotificationRef(text: string): NotificationRef | undefined {
  const trimmed = text.trim().replace(/^['"`]|['"`]$/g, '');
  if (NOTIFICATION_ID_PATTERN.test(trimmed)) return { kind: 'notification', id: trimmed.toLowerCase() };
  if (TRANSACTION_PATTERN.test(trimmed) && /[\d_:.-]/.test(trimmed)) return { kind: 'transaction', id: trimmed };
  return undefined;
}

/** The characters that can make up an id, for picking the word under the cursor. */
export const ID_WORD_PATTERN = /[\w:.-]+/;

/** A reference found in a line of text, where it starts and how long it is. */
export interface FoundRef {
  ref: NotificationRef;
  start: number;
  length: number;
}

/**
 * A key that names a notification or transaction id in a log line, then `:` or `=` and the value,
 * quoted or not: `transactionId: abc`, `"_notificationId": "…"`, `notificationId=…`,
 * `transaction_id='…'`. A bare hex string in ordinary code is not one.
 */
const LOGGED_REF = /(?<![\w$])["']?(_?notification[_-]?id|transaction[_-]?id|txn[_-]?id)["']?\s*[:=]\s*(["']?)([\w:.-]{1,128})\2/gi;

/** The notification and transaction ids a log-like line names. Pure: nothing is looked up. */
export function findLoggedRefs(line: string): FoundRef[] {
  const found: FoundRef[] = [];
  if (line.length > 10_000) return found;
  for (const match of line.matchAll(LOGGED_REF)) {
    const key = match[1]!.toLowerCase();
    const value = match[3]!;
    const start = match.index! + match[0].length - match[2]!.length - value.length;
    if (key.includes('notification')) {
      if (NOTIFICATION_ID_PATTERN.test(value)) found.push({ ref: { kind: 'notification', id: value.toLowerCase() }, start, length: value.length });
    } else if (value.length >= 6 && /[\d_:.-]/.test(value)) {
      found.push({ ref: { kind: 'transaction', id: value }, start, length: value.length });
    }
  }
  return found;
}
