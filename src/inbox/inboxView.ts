/**
 * What the Inbox panel shows, worked out from the service's items (contract §13): each item in
 * words, which actions it offers, whether it still belongs to a tab after an action, when a snooze
 * ends, the context picker's choices, and the questions asked before a write. Pure: no vscode.
 */
import { CONTEXT_IDENTIFIER_PATTERN, MAX_CONTEXT_IDENTIFIER_LENGTH, MAX_CONTEXT_KEYS } from '../api/contexts';
import type { InboxAction, InboxContext, InboxItem, InboxTab } from '../api/inbox';
import { formatTime, relativeTime } from '../format/time';
import { l10n } from '../l10n';
import { showControls } from '../rendered/linkSafety';
import type { InboxActionView, InboxButtonView, InboxContextChoice, InboxContextRequest, InboxItemError, InboxItemView, SnoozeChoice } from './inboxProtocol';

/** The least time ahead a snooze may end (§13); kept here so that this module stays free of zod. */
export const SNOOZE_MIN_MS = 60_000;
const HOUR_MS = 3_600_000;
/** "Tomorrow" ends at this hour of the next day, local time. */
const TOMORROW_HOUR = 9;

export function tabLabel(tab: InboxTab): string {
  switch (tab) {
    case 'all': return l10n.t('All');
    case 'unread': return l10n.t('Unread');
    case 'archived': return l10n.t('Archived');
    case 'snoozed': return l10n.t('Snoozed');
  }
}

/** Whether the item is in the tab, by the tab's filter (`tabFilter` of api/inbox). */
export function belongsToTab(item: InboxItem, tab: InboxTab): boolean {
  const archived = item.isArchived === true;
  const snoozed = item.isSnoozed === true;
  switch (tab) {
    case 'all': return !archived && !snoozed;
    case 'unread': return !archived && !snoozed && item.isRead !== true;
    case 'archived': return archived;
    case 'snoozed': return snoozed;
  }
}

/** The items after the service answered an action: the item as answered, or gone (deleted, or no longer in the tab). */
export function applyAnswer(items: readonly InboxItem[], itemId: string, answer: InboxItem | undefined, tab: InboxTab): InboxItem[] {
  if (!answer) return items.filter((i) => i.id !== itemId);
  return items.flatMap((i) => (i.id !== itemId ? [i] : belongsToTab(answer, tab) ? [answer] : []));
}

/** A short name of the item for questions and messages: its subject, its body's start, or its id. */
export function itemName(item: InboxItem): string {
  const text = (item.subject || item.body || '').replace(/\s+/g, ' ').trim();
  const short = text.length > 60 ? `${text.slice(0, 59)}…` : text;
  return showControls(short || item.id);
}

const plain = (text: string | null | undefined): string | undefined => (text ? showControls(text) : undefined);

/** The label of an action on this item. */
export function actionLabel(action: InboxAction, item: InboxItem): string {
  const primary = plain(item.primaryAction?.label) ?? l10n.t('primary action');
  const secondary = plain(item.secondaryAction?.label) ?? l10n.t('secondary action');
  switch (action) {
    case 'read': return l10n.t('Mark as read');
    case 'unread': return l10n.t('Mark as unread');
    case 'archive': return l10n.t('Archive');
    case 'unarchive': return l10n.t('Unarchive');
    case 'snooze': return l10n.t('Snooze…');
    case 'unsnooze': return l10n.t('Unsnooze');
    case 'completePrimary': return l10n.t('Complete "{0}"', primary);
    case 'revertPrimary': return l10n.t('Revert "{0}"', primary);
    case 'completeSecondary': return l10n.t('Complete "{0}"', secondary);
    case 'revertSecondary': return l10n.t('Revert "{0}"', secondary);
    case 'delete': return l10n.t('Delete');
  }
}

/** What the item offers, in the order the panel shows them. */
export function actionsOf(item: InboxItem): InboxActionView[] {
  const actions: InboxAction[] = [item.isRead ? 'unread' : 'read', item.isArchived ? 'unarchive' : 'archive'];
  if (item.isSnoozed) actions.push('unsnooze');
  else if (!item.isArchived) actions.push('snooze');
  if (item.primaryAction) actions.push(item.primaryAction.isCompleted ? 'revertPrimary' : 'completePrimary');
  if (item.secondaryAction) actions.push(item.secondaryAction.isCompleted ? 'revertSecondary' : 'completeSecondary');
  actions.push('delete');
  return actions.map((action) => ({ action, label: actionLabel(action, item) }));
}

/** While the action is on its way. */
export function pendingWords(action: InboxAction): string {
  switch (action) {
    case 'read': return l10n.t('Marking as read…');
    case 'unread': return l10n.t('Marking as unread…');
    case 'archive': return l10n.t('Archiving…');
    case 'unarchive': return l10n.t('Unarchiving…');
    case 'snooze': return l10n.t('Snoozing…');
    case 'unsnooze': return l10n.t('Unsnoozing…');
    case 'completePrimary':
    case 'completeSecondary': return l10n.t('Completing the action…');
    case 'revertPrimary':
    case 'revertSecondary': return l10n.t('Reverting the action…');
    case 'delete': return l10n.t('Deleting…');
  }
}

/** Said once the service answered (the live region). */
export function doneWords(action: InboxAction, name: string, stillInTab: boolean): string {
  const gone = stillInTab ? '' : ` ${l10n.t('It is no longer in this tab.')}`;
  switch (action) {
    case 'read': return l10n.t('Marked "{0}" as read.', name) + gone;
    case 'unread': return l10n.t('Marked "{0}" as unread.', name) + gone;
    case 'archive': return l10n.t('Archived "{0}".', name) + gone;
    case 'unarchive': return l10n.t('Unarchived "{0}".', name) + gone;
    case 'snooze': return l10n.t('Snoozed "{0}".', name) + gone;
    case 'unsnooze': return l10n.t('Unsnoozed "{0}".', name) + gone;
    case 'completePrimary':
    case 'completeSecondary': return l10n.t('Completed the action of "{0}".', name) + gone;
    case 'revertPrimary':
    case 'revertSecondary': return l10n.t('Reverted the action of "{0}".', name) + gone;
    case 'delete': return l10n.t('Deleted "{0}".', name);
  }
}

/** When a snooze ends (ISO), or why it cannot: a moment at least a minute ahead (§13). */
export function snoozeUntil(choice: SnoozeChoice, nowMs: number): { iso: string } | { problem: string } {
  let until: number;
  if (choice.kind === 'hour') until = nowMs + HOUR_MS;
  else if (choice.kind === 'tomorrow') {
    const d = new Date(nowMs);
    d.setDate(d.getDate() + 1);
    d.setHours(TOMORROW_HOUR, 0, 0, 0);
    until = d.getTime();
  } else {
    until = Date.parse(choice.at);
    if (!Number.isFinite(until)) return { problem: l10n.t('Say until when: a date and time.') };
  }
  if (until - nowMs < SNOOZE_MIN_MS) return { problem: l10n.t('A snooze must end at least a minute from now.') };
  return { iso: new Date(until).toISOString() };
}

/** Keys typed as `type:id,type:id` (spaces allowed): each valid, each once, at most five. */
export function parseContextKeys(text: string): { keys: string[] } | { problem: string } {
  const parts = text.split(/[,\s]+/).map((p) => p.trim()).filter((p) => p !== '');
  if (parts.length === 0) return { problem: l10n.t('Type the context keys as type:id, separated by commas (tenant:acme,app:web).') };
  const keys: string[] = [];
  for (const part of parts) {
    const colon = part.indexOf(':');
    const type = colon < 0 ? '' : part.slice(0, colon);
    const id = colon < 0 ? '' : part.slice(colon + 1);
    const valid = (s: string) => s.length > 0 && s.length <= MAX_CONTEXT_IDENTIFIER_LENGTH && CONTEXT_IDENTIFIER_PATTERN.test(s);
    if (!valid(type) || !valid(id)) return { problem: l10n.t('"{0}" is not a context key: write type:id, each of letters, digits, _ and -.', showControls(part.slice(0, 120))) };
    if (!keys.includes(part)) keys.push(part);
  }
  if (keys.length > MAX_CONTEXT_KEYS) return { problem: l10n.t('At most {0} context keys: a context has no more.', MAX_CONTEXT_KEYS) };
  return { keys: keys.sort() };
}

/** The context a picker's request asks for, or why it cannot be read. */
export function contextFromRequest(request: InboxContextRequest): InboxContext | { problem: string } {
  if (request.kind !== 'keys') return { kind: request.kind };
  const parsed = parseContextKeys(request.text);
  return 'problem' in parsed ? parsed : { kind: 'keys', keys: parsed.keys };
}

export function contextLabel(context: InboxContext): string {
  switch (context.kind) {
    case 'any': return l10n.t('Every context (no filter)');
    case 'none': return l10n.t('No context');
    case 'keys': return [...context.keys].sort().join(', ');
  }
}

export const contextText = (context: InboxContext): string => (context.kind === 'keys' ? [...context.keys].sort().join(',') : '');

/** Same context, whatever the order of its keys. */
export function sameContext(a: InboxContext, b: InboxContext): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind !== 'keys' || b.kind !== 'keys') return true;
  return contextText(a) === contextText(b);
}

/** The picker: every context, none, each listed key, and the context now when it is none of those. */
export function contextChoices(listedKeys: readonly string[], current: InboxContext): InboxContextChoice[] {
  const choices: InboxContextChoice[] = [
    { value: { kind: 'any' }, label: contextLabel({ kind: 'any' }) },
    { value: { kind: 'none' }, label: contextLabel({ kind: 'none' }) },
  ];
  const seen = new Set<string>();
  const add = (keys: string[]) => {
    const text = [...keys].sort().join(',');
    if (seen.has(text)) return;
    seen.add(text);
    choices.push({ value: { kind: 'keys', text }, label: showControls(contextLabel({ kind: 'keys', keys })) });
  };
  if (current.kind === 'keys') add(current.keys);
  for (const key of listedKeys) add([key]);
  return choices;
}

/** The modal question before an action: what changes, on which connection; `snoozeText` says until when. */
export function confirmation(action: InboxAction, item: InboxItem, who: { subscriberId: string; connectionName: string }, snoozeText?: string): { text: string; button: string; detail: string } {
  const name = itemName(item);
  const subscriber = showControls(who.subscriberId);
  const detail = l10n.t('This changes the REAL Inbox of {0} on "{1}": their Inbox shows the change too.', subscriber, who.connectionName);
  const ask = (text: string, button: string) => ({ text, button, detail });
  switch (action) {
    case 'read': return ask(l10n.t('Mark "{0}" as read in the Inbox of {1} on "{2}"?', name, subscriber, who.connectionName), l10n.t('Mark as Read'));
    case 'unread': return ask(l10n.t('Mark "{0}" as unread in the Inbox of {1} on "{2}"?', name, subscriber, who.connectionName), l10n.t('Mark as Unread'));
    case 'archive': return ask(l10n.t('Archive "{0}" in the Inbox of {1} on "{2}"?', name, subscriber, who.connectionName), l10n.t('Archive'));
    case 'unarchive': return ask(l10n.t('Unarchive "{0}" in the Inbox of {1} on "{2}"?', name, subscriber, who.connectionName), l10n.t('Unarchive'));
    case 'snooze': return ask(l10n.t('Snooze "{0}" in the Inbox of {1} on "{2}" until {3}?', name, subscriber, who.connectionName, snoozeText ?? ''), l10n.t('Snooze'));
    case 'unsnooze': return ask(l10n.t('Unsnooze "{0}" in the Inbox of {1} on "{2}"?', name, subscriber, who.connectionName), l10n.t('Unsnooze'));
    case 'completePrimary':
    case 'completeSecondary': return ask(l10n.t('Mark the action "{0}" of "{1}" as completed in the Inbox of {2} on "{3}"?', actionName(action, item), name, subscriber, who.connectionName), l10n.t('Complete'));
    case 'revertPrimary':
    case 'revertSecondary': return ask(l10n.t('Revert the action "{0}" of "{1}" to not completed in the Inbox of {2} on "{3}"?', actionName(action, item), name, subscriber, who.connectionName), l10n.t('Revert'));
    case 'delete': return { text: l10n.t('Delete "{0}" from the Inbox of {1} on "{2}"?', name, subscriber, who.connectionName), button: l10n.t('Delete'), detail: l10n.t('This deletes it from the REAL Inbox of {0} on "{1}": it cannot be undone.', subscriber, who.connectionName) };
  }
}

function actionName(action: InboxAction, item: InboxItem): string {
  const primary = action === 'completePrimary' || action === 'revertPrimary';
  return plain((primary ? item.primaryAction : item.secondaryAction)?.label) ?? (primary ? l10n.t('primary action') : l10n.t('secondary action'));
}

/** Why the run the panel was opened on has no message here, in plain words. */
export function focusNote(found: { kind: 'otherTab'; tab: InboxTab } | { kind: 'otherContext'; context: InboxContext } | { kind: 'notAmongNewest'; count: number } | { kind: 'nowhere'; context: InboxContext }): string {
  switch (found.kind) {
    case 'otherTab':
      return l10n.t('The run\'s message is not in this tab: it is in {0}.', tabLabel(found.tab));
    case 'otherContext':
      return l10n.t('The run\'s message exists, but not in the context {0}: an Inbox shows a message only when its context keys match the session\'s exactly.', contextLabel(found.context));
    case 'notAmongNewest':
      return l10n.t('The run\'s message is not among the newest {0} of this tab. Load more to look further.', found.count);
    case 'nowhere':
      return found.context.kind === 'any'
        ? l10n.t('This subscriber\'s Inbox has no message of this run in any tab or context. It was deleted, or the run had no in-app step for this subscriber (skipped, filtered by a condition or a preference, or not sent yet).')
        : l10n.t('This subscriber\'s Inbox has no message of this run in {0}, in any tab. It may be in another context, deleted, or the run had no in-app step for this subscriber (skipped, filtered by a condition or a preference, or not sent yet).', contextLabel(found.context));
  }
}

/** An item as the panel shows it. */
export function itemView(item: InboxItem, options: { nowMs: number; locale?: string; focusedTransactionId?: string; pending?: string; error?: InboxItemError }): InboxItemView {
  const workflow = item.workflow;
  const workflowName = workflow?.name || undefined;
  const workflowId = workflow?.identifier || undefined;
  const workflowText = workflowName && workflowId && workflowName !== workflowId ? `${workflowName} (${workflowId})` : (workflowName ?? workflowId);
  const created = item.createdAt ? formatTime(item.createdAt, options.locale) : undefined;
  const snoozedUntil = item.snoozedUntil ? formatTime(item.snoozedUntil, options.locale).local : undefined;
  const stateWords = [
    item.isRead ? l10n.t('read') : l10n.t('unread'),
    item.isSeen ? l10n.t('seen') : l10n.t('not seen'),
    ...(item.isArchived ? [l10n.t('archived')] : []),
    ...(item.isSnoozed ? [snoozedUntil ? l10n.t('snoozed until {0}', snoozedUntil) : l10n.t('snoozed')] : []),
  ];
  const buttons: InboxButtonView[] = [];
  for (const [slot, action] of [['primary', item.primaryAction], ['secondary', item.secondaryAction]] as const) {
    if (!action) continue;
    const url = action.redirect?.url ? showControls(action.redirect.url) : undefined;
    buttons.push({ slot, label: showControls(action.label ?? '') || (slot === 'primary' ? l10n.t('primary action') : l10n.t('secondary action')), completed: action.isCompleted === true, ...(url ? { redirect: url } : {}) });
  }
  const tags = [...(item.tags ?? [])];
  return {
    id: item.id,
    ...(item.transactionId ? { transactionId: item.transactionId } : {}),
    ...(item.subject ? { subject: item.subject } : {}),
    body: item.body ?? '',
    ...(workflowText ? { workflow: workflowText } : {}),
    critical: workflow?.critical === true,
    ...(item.severity ? { severity: item.severity } : {}),
    tags,
    ...(item.channelType ? { channel: item.channelType } : {}),
    ...(item.createdAt && created?.local ? { created: { relative: relativeTime(item.createdAt, options.nowMs, options.locale), local: created.local, ...(created.utc ? { utc: created.utc } : {}) } } : {}),
    read: item.isRead === true,
    seen: item.isSeen === true,
    archived: item.isArchived === true,
    snoozed: item.isSnoozed === true,
    ...(snoozedUntil ? { snoozedUntil } : {}),
    stateWords,
    buttons,
    ...(item.redirect?.url ? { redirect: showControls(item.redirect.url) } : {}),
    ...(item.data && Object.keys(item.data).length > 0 ? { data: JSON.stringify(item.data, null, 2) } : {}),
    actions: actionsOf(item),
    focused: options.focusedTransactionId !== undefined && item.transactionId === options.focusedTransactionId,
    ...(options.pending ? { pending: options.pending } : {}),
    ...(options.error ? { error: options.error } : {}),
  };
}

/** The address of an item a person may open (after a question): its redirect or a button's. */
export function itemUrl(item: InboxItem, which: 'redirect' | 'primary' | 'secondary'): string | undefined {
  const url = which === 'redirect' ? item.redirect?.url : which === 'primary' ? item.primaryAction?.redirect?.url : item.secondaryAction?.redirect?.url;
  return url || undefined;
}
