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
