/**
 * A subscriber's Inbox for the model (#novuInbox, issue 55): the context rule in one sentence, the
 * unread count in the context asked, and each item as data (its state, its actions, its body cut to
 * 300 characters). And a server without the feature's routes (contract §11–§13) said as what it
 * lacks, never as an empty list. Pure and vscode-free.
 */
import { NovuApiError } from '../api/errors';
import type { InboxContext, InboxItem, InboxTab } from '../api/inbox';
import { l10n } from '../l10n';
import { isMissingRoute } from '../ui/missingRoute';
import { compact, dataNote, dataTooLong, isoOrUndefined, whereLine, type Where } from './agentReports';
import { isToken, quoted, report, truncate } from './agentText';

/** The most of a body an item keeps; the rest is counted in `bodyCharsLeftOut`. */
export const INBOX_BODY_KEEP_CHARS = 300;

export interface InboxFound {
  where: Where;
  subscriberId: string;
  tab: InboxTab;
  context: InboxContext;
  /** The bell's count (unread, not archived, not snoozed) in that context. */
  unread: number;
  items: readonly InboxItem[];
  /** The service has more after the last item read. */
  hasMore: boolean;
}

function action(a: InboxItem['primaryAction']): Record<string, unknown> | undefined {
  if (!a) return undefined;
  return compact({ label: a.label, completed: a.isCompleted === true });
}

/** One item as data: its ids, its text (the body cut), its state and its actions. */
export function inboxItemRecord(item: InboxItem): Record<string, unknown> {
  const body = typeof item.body === 'string' && item.body !== '' ? truncate(item.body, INBOX_BODY_KEEP_CHARS) : undefined;
  return compact({
    id: item.id,
    transactionId: item.transactionId,
    subject: item.subject,
    body: body?.text,
    bodyCharsLeftOut: body?.omittedChars,
    workflow: item.workflow?.identifier,
    read: item.isRead === true,
    seen: item.isSeen === true,
    archived: item.isArchived === true,
    snoozedUntil: isoOrUndefined(item.snoozedUntil),
    tags: item.tags && item.tags.length > 0 ? item.tags : undefined,
    severity: item.severity && item.severity !== 'none' ? item.severity : undefined,
    createdAt: isoOrUndefined(item.createdAt),
    primaryAction: action(item.primaryAction),
    secondaryAction: action(item.secondaryAction),
  });
}

function tabWords(tab: InboxTab): string {
  switch (tab) {
    case 'all': return l10n.t('tab all (not archived, not snoozed)');
    case 'unread': return l10n.t('tab unread (not read, not archived, not snoozed)');
    case 'archived': return l10n.t('tab archived');
    case 'snoozed': return l10n.t('tab snoozed');
  }
}

/** The context read, and what a real Inbox session would show, in our words. */
export function inboxContextWords(context: InboxContext): string {
  switch (context.kind) {
    case 'any': return l10n.t('This answer reads every context at once (no context filter), which no Inbox session does: each item below shows only in a session with its own context.');
    case 'none': return l10n.t('Read as a session without a context: only messages sent without one.');
    case 'keys': return l10n.t('Read as a session with the context keys {0}: only messages sent with exactly these keys.', context.keys.map(quoted).join(', '));
  }
}

/** The cursor for the next call: the last shown item's id (the service's `after`), when there is more. */
function nextCursor(found: InboxFound, shown: number): string | undefined {
  if (shown === 0) return undefined;
  if (shown < found.items.length || found.hasMore) return found.items[shown - 1]!.id;
  return undefined;
}

export function inboxReport(found: InboxFound): string {
  const count = found.items.length;
  const lead = (shown: number): string[] => {
    const lines = [
      whereLine(found.where),
      l10n.t('Inbox of subscriber {0}, {1}, newest first. Read-only: nothing was marked read, seen or archived.', quoted(found.subscriberId), tabWords(found.tab)),
      l10n.t('An Inbox shows a message only in a session with exactly its context keys (the same set, key for key; a message sent without a context shows only in a session without one). The items carry no context keys: the query’s filter says which context they are in.'),
      inboxContextWords(found.context),
      found.unread === 1 ? l10n.t('1 unread message in this context (the bell’s count: not read, not archived, not snoozed).') : l10n.t('{0} unread messages in this context (the bell’s count: not read, not archived, not snoozed).', found.unread),
    ];
    if (count === 0) lines.push(l10n.t('This tab has no message in this context. This is an answer, not a failure: try another tab or context "any".'));
    else {
      lines.push(shown === 1 ? l10n.t('1 message shown.') : l10n.t('{0} messages shown.', shown));
      const cursor = nextCursor(found, shown);
      if (cursor !== undefined) {
        lines.push(isToken(cursor) ? l10n.t('More: call again with the same input and cursor {0} (it continues right after the last one shown).', quoted(cursor)) : l10n.t('More exist, but the last id shown is of an unusual form and is left out: narrow the tab or the context.'));
      }
      lines.push(dataNote());
    }
    return lines;
  };
  return report({
    lead,
    label: 'inbox',
    records: found.items.map(inboxItemRecord),
    leftOut: (n) => l10n.t('{0} more are left out of this answer to keep it short.', n),
    tail: count > 0 ? [l10n.t('To see a message’s run, call the explain tool with its transactionId; the user can open this Inbox with the command "Novu: Open Subscriber\'s Inbox…" (novuExplorer.openInbox).')] : [],
  });
}

export type ServerFeature = 'topics' | 'inbox';

function featureWords(feature: ServerFeature): string {
  switch (feature) {
    case 'topics': return l10n.t('topics (the /v2/topics routes)');
    case 'inbox': return l10n.t('the server-side Inbox (the /v2/subscribers/…/notifications routes)');
  }
}

/**
 * A server without the feature (its route answers 404 "Cannot GET …"), or an organization with the
 * contexts feature off (403): said in our words, what the server answered as data. Undefined for
 * any other failure (the caller says it as one). The words of `describeFeatureError`, without the
 * service's message in them.
 */
export function featureMissingReport(where: Where, feature: ServerFeature, error: unknown): string | undefined {
  if (!(error instanceof NovuApiError)) return undefined;
  const said = { httpStatus: error.status, serviceSaid: error.message };
  let lead: string;
  if (isMissingRoute(error)) {
    lead = l10n.t('NOT AVAILABLE: this server does not have {0}: it answered HTTP 404 for the route itself, as servers before it do. This is not an empty result and not a missing record. Newer Novu servers have it.', featureWords(feature));
  } else if (said.httpStatus === 403 && /feature is not enabled/i.test(said.serviceSaid)) {
    lead = l10n.t('NOT AVAILABLE: this organization does not have contexts turned on (HTTP 403), so nothing can be read by context. Ask again without a context.');
  } else return undefined;
  return report({ lead: [lead, whereLine(where), dataNote()], label: 'error', records: [said], leftOut: dataTooLong });
}
