/** A message of a subscriber's Inbox as the sandbox stores it (contract §13). */
import type { JsonObject, Severity } from './types';

export interface InboxButton {
  label: string;
  isCompleted: boolean;
  redirect?: { url: string; target?: string };
}

export interface StoredMessage {
  _id: string;
  subscriberId: string;
  transactionId: string;
  /** The run's context keys, sorted; [] for none. Not on the wire: the query's filter says which context. */
  contextKeys: string[];
  subject?: string;
  body: string;
  createdAt: string;
  isRead: boolean;
  isSeen: boolean;
  isArchived: boolean;
  isSnoozed: boolean;
  readAt: string | null;
  firstSeenAt: string | null;
  archivedAt: string | null;
  snoozedUntil: string | null;
  deliveredAt: string[];
  primaryAction?: InboxButton;
  secondaryAction?: InboxButton;
  redirect?: { url: string; target?: string };
  tags: string[];
  data?: JsonObject;
  severity: Severity;
  workflow: { id: string; identifier: string; name: string; critical: boolean; tags: string[]; severity: Severity };
  deleted: boolean;
}
