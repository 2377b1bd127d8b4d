// The seed's runs about topics, contexts and the Inbox (contract §11–13), fixed ids and times, none
// from the seed's random stream: the past send to product-updates, sbx-alice's runs in a context,
// and one run per well-known Inbox message, whose state is then set here. The option `inboxItems`
// adds plain messages (no run) to sbx-alice's Inbox, for paging benchmarks.
import { SANDBOX_FIXTURES as F } from './fixtures';
import type { Inbox, StoredMessage } from './inbox';
import { HOUR_MS, type NotificationSpec } from './notificationBuilder';
import { DAY_MS, SEED_END_MS, iso, objectId } from './random';
import type { Subscribers } from './subscribers';
import type { JsonObject, Severity, StepType } from './types';
import type { Workflows } from './workflows';

const MAINTENANCE_PAYLOAD = { region: 'us', window: 'Saturday 02:00-04:00 UTC', services: 'the API and the dashboard' };

/** The notification id of a message id (the inverse of messageIdOf). */
const runIdOf = (messageId: string): string => `${messageId.slice(0, 8)}${messageId.slice(10, 16)}00${messageId.slice(16)}`;

interface RunPlan {
  id: string;
  hoursAgo: number;
  workflow: string;
  subscriberId: string;
  transactionId: string;
  payload: JsonObject;
  severity?: Severity;
  tags?: string[];
  contextKeys?: string[];
  topic?: { _topicId: string; topicKey: string };
}

function plans(markupTopics: boolean, markupTopicId: string | undefined): RunPlan[] {
  const alice = F.notificationSubscriberId;
  const topic = { _topicId: F.productUpdatesTopicId, topicKey: F.productUpdatesTopicKey };
  const send = (id: string, subscriberId: string): RunPlan => ({ id, hoursAgo: 30, workflow: F.topicWorkflowIdentifier, subscriberId, transactionId: F.topicSendTransactionId, payload: MAINTENANCE_PAYLOAD, topic });
  const inbox = (messageId: string, hoursAgo: number, workflow: string, extra: Partial<RunPlan> = {}): RunPlan => ({
    id: runIdOf(messageId),
    hoursAgo,
    workflow,
    subscriberId: alice,
    transactionId: `txn-sbx-inbox-${messageId.slice(-4)}`,
    payload: {},
    ...extra,
  });
  const out: RunPlan[] = [
    send(F.topicSendNotificationId, alice),
    send('6620aa0000000000000b0002', 'acct-7'),
    send('6620aa0000000000000b0003', 'user_000009'),
    inbox(F.inboxUnseenMessageId, 5, 'comment-mention', { severity: 'none', payload: { author: 'Bob', commentText: 'Can you review the launch plan?' } }),
    inbox(F.inboxSeenMessageId, 6, 'order-shipped', { severity: 'medium', payload: { orderId: 'SO-1100', carrier: 'DHL' } }),
    inbox(F.inboxReadMessageId, 7, 'system-maintenance', { severity: 'low', payload: { window: 'Sunday 01:00 UTC' } }),
    inbox(F.inboxArchivedMessageId, 8, 'welcome-onboarding', { payload: { firstName: 'Alice' } }),
    inbox(F.inboxSnoozedMessageId, 9, 'comment-mention', { payload: { author: 'Carol', commentText: 'Reminder: retro notes' } }),
    inbox(F.inboxActionsMessageId, 10, 'comment-mention', { severity: 'high', payload: { author: 'Dan', commentText: 'Join the incident review?' } }),
    inbox(F.inboxRedirectMessageId, 11, 'comment-mention', { tags: ['collaboration', 'mentions'], payload: { author: 'Erin', commentText: 'See my comment on the doc' } }),
    inbox(F.inboxDeletedMessageId, 12, 'order-shipped', { payload: { orderId: 'SO-1099' } }),
    inbox(F.inboxAcmeMessageId, 13, 'comment-mention', { id: F.acmeNotificationId, transactionId: F.acmeTransactionId, contextKeys: [F.acmeContextKey], payload: { author: 'Acme admin', commentText: 'Acme: quarterly review' } }),
    inbox(F.inboxGlobexMessageId, 14, 'comment-mention', { id: F.globexNotificationId, transactionId: F.globexTransactionId, contextKeys: [F.globexContextKey], payload: { author: 'Globex admin', commentText: 'Globex: plan renewal' } }),
    inbox(F.inboxAcmeDashboardMessageId, 15, 'comment-mention', {
      id: F.acmeDashboardNotificationId,
      transactionId: F.acmeDashboardTransactionId,
      contextKeys: [F.dashboardContextKey, F.acmeContextKey].sort(),
      payload: { author: 'Acme admin', commentText: 'Dashboard: new widget' },
    }),
  ];
  if (markupTopics && markupTopicId) {
    out.push(inbox(F.markupInboxMessageId, 16, 'comment-mention', { contextKeys: [F.markupContextKey], topic: { _topicId: markupTopicId, topicKey: F.markupTopicKey }, payload: { author: F.markupTopicName, commentText: F.markupTopicName } }));
  }
  return out;
}

/** The runs, as `Notifications.addSeeded` builds them (a subscriber missing from a small seed is left out). */
export function audienceRunSpecs(workflows: Workflows, subscribers: Subscribers, markupTopics: boolean, markupTopicId: string | undefined): NotificationSpec[] {
  const done = (type: StepType): { type: StepType; status: 'completed' } => ({ type, status: 'completed' });
  return plans(markupTopics, markupTopicId).flatMap((p) => {
    const workflow = workflows.find(p.workflow);
    const subscriber = subscribers.get(p.subscriberId);
    if (!workflow) throw new Error(`unknown seed workflow ${p.workflow}`);
    if (!subscriber) return [];
    const spec: NotificationSpec = {
      id: p.id,
      createdMs: SEED_END_MS - p.hoursAgo * HOUR_MS,
      workflow,
      subscriber,
      transactionId: p.transactionId,
      payload: p.payload,
      jobs: [done('trigger'), done('in_app')],
      tags: p.tags ?? workflow.tags,
      to: p.topic ? { type: 'Topic', topicKey: p.topic.topicKey } : { subscriberId: p.subscriberId },
      ...(p.topic ? { topics: [p.topic] } : {}),
      ...(p.contextKeys ? { contextKeys: p.contextKeys } : {}),
      ...(p.severity ? { severity: p.severity } : {}),
    };
    return [spec];
  });
}

function unread(m: StoredMessage | undefined): void {
  if (!m) return;
  m.isRead = false;
  m.readAt = null;
  m.isSeen = false;
  m.firstSeenAt = null;
}

/** sbx-alice's well-known messages in their states (every seeded message starts read and seen). */
export function setInboxStates(inbox: Inbox, shiftMs: number): void {
  const m = (id: string): StoredMessage | undefined => inbox.get(id);
  for (const id of [F.inboxUnseenMessageId, F.inboxSeenMessageId, F.inboxSnoozedMessageId, F.inboxActionsMessageId, F.inboxRedirectMessageId, F.inboxAcmeMessageId, F.inboxGlobexMessageId, F.inboxAcmeDashboardMessageId, F.markupInboxMessageId]) unread(m(id));
  const seen = m(F.inboxSeenMessageId);
  if (seen) {
    seen.isSeen = true;
    seen.firstSeenAt = seen.createdAt;
  }
  const archived = m(F.inboxArchivedMessageId);
  if (archived) {
    archived.isArchived = true;
    archived.archivedAt = iso(Date.parse(archived.createdAt) + HOUR_MS);
  }
  const snoozed = m(F.inboxSnoozedMessageId);
  if (snoozed) {
    snoozed.isSnoozed = true;
    snoozed.snoozedUntil = iso(SEED_END_MS + shiftMs + 2 * DAY_MS);
  }
  const actions = m(F.inboxActionsMessageId);
  if (actions) {
    actions.primaryAction = { label: 'Join', isCompleted: true, redirect: { url: 'https://app.sandbox.example/incidents/42', target: '_self' } };
    actions.secondaryAction = { label: 'Not now', isCompleted: false };
  }
  const redirect = m(F.inboxRedirectMessageId);
  if (redirect) {
    redirect.redirect = { url: 'https://docs.sandbox.example/launch-plan#comment-7', target: '_blank' };
    redirect.data = { documentId: 'doc-7', commentId: 'c-7' };
  }
  const deleted = m(F.inboxDeletedMessageId);
  if (deleted) deleted.deleted = true;
  const markup = m(F.markupInboxMessageId);
  if (markup) {
    markup.subject = F.markupTopicName;
    markup.body = `${F.markupTopicName} [click](command:workbench.action.quit) <script>alert(1)</script>`;
    markup.redirect = { url: 'javascript:alert(1)' };
  }
}

/** `count` plain messages for sbx-alice (half unread), older than the seeded runs: linear in `count`. */
export function extraInboxMessages(inbox: Inbox, workflows: Workflows, count: number, shiftMs: number): void {
  const workflow = workflows.find('comment-mention');
  if (!workflow || count <= 0) return;
  const messages: StoredMessage[] = [];
  for (let i = 1; i <= count; i++) {
    const ms = SEED_END_MS + shiftMs - 2 * DAY_MS - i * 60_000;
    const createdAt = iso(ms);
    const read = i % 2 === 0;
    messages.push({
      _id: objectId(ms, 'ab0e00', i),
      subscriberId: F.notificationSubscriberId,
      transactionId: `txn-sbx-inbox-extra-${i}`,
      contextKeys: [],
      subject: `Generated message ${i}`,
      body: `Message ${i} of ${count}.`,
      createdAt,
      isRead: read,
      isSeen: read,
      isArchived: false,
      isSnoozed: false,
      readAt: read ? createdAt : null,
      firstSeenAt: read ? createdAt : null,
      archivedAt: null,
      snoozedUntil: null,
      deliveredAt: [createdAt],
      tags: [...workflow.tags],
      severity: workflow.severity,
      workflow: { id: workflow._id, identifier: workflow.identifier, name: workflow.name, critical: workflow.critical, tags: [...workflow.tags], severity: workflow.severity },
      deleted: false,
    });
  }
  inbox.putMany(messages);
}

