/**
 * The Inbox panel's protocol: what the host sends (the state) and what the webview may ask. The
 * types are for both sides (the webview imports them as types only); the zod schemas below are the
 * host's check of every message, never bundled into the webview.
 */
import * as z from 'zod/mini';
import type { InboxAction, InboxContext, InboxTab } from '../api/inbox';
import type { CommonRequests, PanelError, RequestBody, Same } from '../panels/protocol';
import { panelActionSchema, readySchema, requestSchema } from '../panels/protocolSchemas';

/** An action the item offers, with its button's words. */
export interface InboxActionView {
  action: InboxAction;
  label: string;
}

/** A primary or secondary action of the item (the Inbox's buttons). */
export interface InboxButtonView {
  slot: 'primary' | 'secondary';
  label: string;
  completed: boolean;
  /** The address, as text (direction controls made visible). */
  redirect?: string;
}

/** A refused or unanswered action of an item, in the service's words. */
export interface InboxItemError {
  message: string;
  errorId?: string;
  details: string[];
}

export interface InboxItemView {
  id: string;
  transactionId?: string;
  subject?: string;
  body: string;
  /** "Name (identifier)". */
  workflow?: string;
  critical: boolean;
  severity?: string;
  tags: string[];
  channel?: string;
  created?: { relative: string; local: string; utc?: string };
  read: boolean;
  seen: boolean;
  archived: boolean;
  snoozed: boolean;
  /** Local time the snooze ends. */
  snoozedUntil?: string;
  /** The states in words ("unread", "not seen", "archived", "snoozed until …"). */
  stateWords: string[];
  buttons: InboxButtonView[];
  /** The item's own redirect URL, as text. */
  redirect?: string;
  /** `data`, as indented JSON. */
  data?: string;
  actions: InboxActionView[];
  /** The run the panel was opened on. */
  focused: boolean;
  /** What is being done to it ("Archiving…"). */
  pending?: string;
  error?: InboxItemError;
}

/** One entry of the context picker. */
export interface InboxContextChoice {
  /** What the picker sends back. */
  value: InboxContextRequest;
  label: string;
}

export interface InboxFocusView {
  transactionId: string;
  found: boolean;
  /** Why it is not here, in plain words; a tab that holds it. */
  note?: string;
  otherTab?: InboxTab;
  /** Changes with each new focus: the view scrolls to the item once per focus. */
  seq: number;
}

export interface InboxView {
  subscriberId: string;
  connectionName: string;
  tab: InboxTab;
  context: InboxContext;
  contextLabel: string;
  /** The keys of the context now, as the field shows them (`tenant:acme,app:x`). */
  contextText: string;
  contextChoices: InboxContextChoice[];
  /** Why the list of contexts is missing (a server without contexts), if it is. */
  contextsNote?: string;
  /** The bell's count, in this context; undefined when it could not be read (`unreadProblem`). */
  unread?: number;
  unreadProblem?: string;
  items: InboxItemView[];
  hasMore: boolean;
  busy: boolean;
  loadingMore: boolean;
  focus?: InboxFocusView;
  /** A failure that leaves what is shown in place (a tab that did not load, Load more). */
  banner?: PanelError;
  /** When it was read, in words. */
  readAt: string;
}

export type InboxPanelState =
  | { kind: 'loading'; subscriberId: string; connectionName: string }
  | { kind: 'loaded'; view: InboxView }
  | { kind: 'error'; subscriberId: string; error: PanelError };

/** A context as the webview asks for it: keys as typed (`type:id,type:id`), checked by the host. */
export type InboxContextRequest = { kind: 'any' } | { kind: 'none' } | { kind: 'keys'; text: string };

/** When a snooze ends: an hour from now, tomorrow morning, or a moment picked (ISO). */
export type SnoozeChoice = { kind: 'hour' } | { kind: 'tomorrow' } | { kind: 'until'; at: string };

export type InboxLinkKind = 'redirect' | 'primary' | 'secondary';

export type InboxRequests = CommonRequests & {
  refresh: { body: object; reply: null };
  setTab: { body: { tab: InboxTab }; reply: null };
  setContext: { body: { context: InboxContextRequest }; reply: null };
  loadMore: { body: object; reply: null };
  /** One action on one item, after the person confirms it: declined, done, or failed (said at the item); `message` for the live region. */
  act: { body: { itemId: string; action: InboxAction; snooze?: SnoozeChoice }; reply: { outcome: 'declined' | 'done' | 'failed'; message?: string } };
  openRun: { body: { transactionId: string }; reply: null };
  /** Opens an address of the item (its redirect, or a button's) after asking, with the address shown in full. */
  openLink: { body: { itemId: string; which: InboxLinkKind }; reply: null };
};

export type InboxRequestBody = RequestBody<InboxRequests>;

// ---- the host's check (zod; the webview imports types only) -----------------------------------

const tabSchema = z.enum(['all', 'unread', 'archived', 'snoozed']);
const actionSchema = z.enum(['read', 'unread', 'archive', 'unarchive', 'snooze', 'unsnooze', 'completePrimary', 'revertPrimary', 'completeSecondary', 'revertSecondary', 'delete']);
const contextRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('any') }),
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('keys'), text: z.string().check(z.maxLength(2000)) }),
]);
const snoozeSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('hour') }),
  z.strictObject({ kind: z.literal('tomorrow') }),
  z.strictObject({ kind: z.literal('until'), at: z.string().check(z.minLength(1), z.maxLength(100)) }),
]);
const id = z.string().check(z.minLength(1), z.maxLength(200));

export const inboxRequestBodySchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('refresh') }),
  z.strictObject({ method: z.literal('setTab'), tab: tabSchema }),
  z.strictObject({ method: z.literal('setContext'), context: contextRequestSchema }),
  z.strictObject({ method: z.literal('loadMore') }),
  z.strictObject({ method: z.literal('act'), itemId: id, action: actionSchema, snooze: z.optional(snoozeSchema) }),
  z.strictObject({ method: z.literal('openRun'), transactionId: id }),
  z.strictObject({ method: z.literal('openLink'), itemId: id, which: z.enum(['redirect', 'primary', 'secondary']) }),
  z.strictObject({ method: z.literal('action'), action: panelActionSchema }),
]);

export const inboxWebviewMessageSchema = z.union([readySchema, requestSchema(inboxRequestBodySchema)]);

/** The schema accepts exactly the bodies the protocol's types describe. */
export const schemaMatchesProtocol: Same<z.infer<typeof inboxRequestBodySchema>, InboxRequestBody> = true;
