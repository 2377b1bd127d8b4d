// Seeded notifications: fixed fixtures that cover every job status, step type and digest form,
// plus seed-dependent everyday traffic (see notificationsActivity.ts). All belong to seeded
// subscribers of the Development environment.
import { TOPIC_IDS, generateActivity } from './notificationsActivity';
import { SANDBOX_FIXTURES as F } from './fixtures';
import { HOUR_MS, type JobSpec, type NotificationBuilder, type NotificationSpec, regularDigest } from './notificationBuilder';
import { DAY_MS, type Prng, SEED_END_MS, iso } from './random';
import type { Notification, StepType, Subscriber, Workflow } from './types';

export interface NotificationSeedContext {
  rng: Prng;
  workflows: readonly Workflow[];
  subscribers: readonly Subscriber[];
  builder: NotificationBuilder;
  /** How many generated everyday notifications to add to the fixtures. */
  activityCount: number;
  /** Added to every timestamp (not to ids): 0 keeps the seed's own times. */
  shiftMs: number;
}

export function seedNotifications(ctx: NotificationSeedContext): Notification[] {
  const build = (spec: NotificationSpec): Notification => ctx.builder.build(spec, ctx.shiftMs);

  const wf = (identifier: string): Workflow => {
    const found = ctx.workflows.find((w) => w.identifier === identifier);
    if (!found) throw new Error(`unknown seed workflow ${identifier}`);
    return found;
  };
  const alice = ctx.subscribers.find((s) => s.subscriberId === F.notificationSubscriberId);
  const htmlNamed = ctx.subscribers.find((s) => s.subscriberId === F.htmlNameSubscriberId);
  if (!alice || !htmlNamed) throw new Error('fixture subscriber missing');
  const at = (hoursAgo: number): number => SEED_END_MS - hoursAgo * HOUR_MS;
  const done = (type: StepType): JobSpec => ({ type, status: 'completed' });

  const fixtures: Notification[] = [
    build({
      id: F.failedNotificationId,
      createdMs: at(1),
      workflow: wf('order-shipped'),
      subscriber: alice,
      transactionId: F.failedTransactionId,
      payload: {
        orderId: 'SO-1042',
        carrier: 'UPS',
        trackingUrl: 'https://track.sandbox.example/1Z999AA10123456784',
        items: [{ sku: 'MUG-01', quantity: 2 }, { sku: 'TEE-XL', quantity: 1 }],
      },
      tags: ['orders', 'transactional', 'eu-warehouse'],
      topics: [{ _topicId: TOPIC_IDS[F.failedTopicKey] ?? '', topicKey: F.failedTopicKey }],
      to: { subscriberId: F.notificationSubscriberId, email: F.notificationSubscriberEmail },
      controls: { 'email-step': { subject: 'Your order {{payload.orderId}} has shipped' } },
      jobs: [
        done('trigger'),
        done('in_app'),
        {
          type: 'email',
          status: 'failed',
          variants: true,
          overrides: { email: { from: 'orders@sandbox.example', senderName: 'Sandbox Shop' } },
          stepName: 'email-step',
          details: [
            { status: 'Pending', detail: 'Step queued' },
            {
              status: 'Failed',
              detail: 'Message sending failed',
              source: 'Credentials',
              raw: JSON.stringify({
                errors: [
                  {
                    message: 'The from address does not match a verified Sender Identity.',
                    field: 'from',
                    help: 'https://docs.sendgrid.example/for-developers/sending-email/sender-identity/',
                  },
                ],
              }),
            },
            {
              status: 'Failed',
              detail: 'Message sending failed',
              source: 'Credentials',
              isRetry: true,
              raw: '{"errors":[{"message":"The from address does not match a verified Sender Identity.","field":"from"}]}',
            },
          ],
        },
        {
          type: 'sms',
          status: 'failed',
          details: [
            { status: 'Pending', detail: 'Step queued' },
            {
              status: 'Failed',
              detail: 'Message sending failed',
              source: 'Payload',
              raw: 'Error 21211: The \'To\' number +15555550100 is not a valid phone number.',
            },
          ],
        },
        {
          type: 'push',
          status: 'failed',
          details: [
            { status: 'Pending', detail: 'Step queued' },
            { status: 'Failed', detail: 'Subscriber does not have a configured channel', source: 'Internal', raw: null },
          ],
        },
        {
          type: 'chat',
          status: 'skipped',
          filters: [
            {
              isNegated: false,
              type: 'BOOLEAN',
              value: 'AND',
              children: [
                { field: 'priority', value: 'high', operator: 'EQUAL', on: 'payload' },
                { field: 'data.plan', value: 'enterprise', operator: 'EQUAL', on: 'subscriber' },
              ],
            },
          ],
          details: [
            { status: 'Pending', detail: 'Step queued' },
            { status: 'Warning', detail: 'Step was filtered based on steps filters', source: 'Payload' },
          ],
        },
      ],
    }),
    build({
      id: F.digestNotificationId,
      createdMs: at(30),
      workflow: wf(F.digestWorkflowIdentifier),
      subscriber: alice,
      transactionId: 'txn-sbx-digest-0002',
      payload: { postId: 'post-7', postTitle: 'Reply #1', postUrl: 'https://app.sandbox.example/posts/7' },
      jobs: [done('trigger'), { type: 'digest', status: 'completed', digest: regularDigest(3) }, done('in_app'), done('email')],
    }),
    build({
      id: F.timedDigestNotificationId,
      createdMs: at(3),
      workflow: wf(F.digestWorkflowIdentifier),
      subscriber: alice,
      transactionId: 'txn-sbx-timed-0003',
      payload: { postId: 'post-9', postTitle: 'Weekly summary', postUrl: 'https://app.sandbox.example/posts/9' },
      jobs: [
        done('trigger'),
        {
          type: 'digest',
          status: 'delayed',
          scheduleExtensionsCount: 0,
          digest: {
            type: 'timed',
            amount: 1,
            unit: 'weeks',
            events: [{ postId: 'post-9', postTitle: 'Weekly summary' }],
            timed: {
              atTime: '09:00',
              weekDays: ['monday', 'thursday'],
              monthDays: [1, 15],
              ordinal: '2',
              ordinalValue: 'weekday',
              monthlyType: 'on',
              cronExpression: '0 9 * * 1,4',
              untilDate: iso(SEED_END_MS + ctx.shiftMs + 90 * DAY_MS),
            },
          },
        },
        { type: 'in_app', status: 'pending' },
        { type: 'email', status: 'pending' },
      ],
    }),
    build({
      id: F.mergedNotificationId,
      createdMs: at(29),
      workflow: wf(F.digestWorkflowIdentifier),
      subscriber: alice,
      transactionId: 'txn-sbx-merged-0004',
      digestedNotificationId: F.digestNotificationId,
      payload: { postId: 'post-7', postTitle: 'Reply #2', postUrl: 'https://app.sandbox.example/posts/7' },
      jobs: [
        done('trigger'),
        { type: 'digest', status: 'merged', digest: regularDigest(1), digestedNotificationId: F.digestNotificationId },
        { type: 'in_app', status: 'skipped', details: [{ status: 'Warning', detail: 'Digest merged into an earlier notification' }] },
        { type: 'email', status: 'skipped', details: [{ status: 'Warning', detail: 'Digest merged into an earlier notification' }] },
      ],
    }),
    build({
      // Failed, merged and digest jobs in one record, for a subscriber whose name looks like HTML.
      id: F.mixedNotificationId,
      createdMs: at(3),
      workflow: wf(F.digestWorkflowIdentifier),
      subscriber: htmlNamed,
      transactionId: 'txn-sbx-mixed-000a',
      payload: { postTitle: '<script>alert("payload")</script>', postUrl: 'https://app.sandbox.example/posts/9' },
      jobs: [
        done('trigger'),
        { type: 'digest', status: 'merged', digest: regularDigest(2), digestedNotificationId: F.digestNotificationId },
        {
          type: 'email',
          status: 'failed',
          details: [
            { status: 'Pending', detail: 'Step queued' },
            { status: 'Failed', detail: 'Rejected: <b>mailbox full</b>', source: 'Webhook', raw: '<html><body><h1>552 Mailbox full</h1></body></html>' },
          ],
        },
        { type: 'in_app', status: 'completed' },
      ],
    }),
    build({
      id: F.delayedNotificationId,
      createdMs: at(2),
      workflow: wf('system-maintenance'),
      subscriber: alice,
      transactionId: 'txn-sbx-delayed-0005',
      payload: { window: 'Sunday 02:00-04:00 UTC', services: ['api', 'dashboard'] },
      jobs: [
        done('trigger'),
        { type: 'delay', status: 'delayed', scheduleExtensionsCount: 1, digest: { type: 'regular', amount: 2, unit: 'hours' } },
        { type: 'email', status: 'pending' },
        { type: 'sms', status: 'pending' },
      ],
    }),
    build({
      id: F.inProgressNotificationId,
      createdMs: at(0.5),
      workflow: wf('system-maintenance'),
      subscriber: alice,
      transactionId: 'txn-sbx-progress-0006',
      payload: { window: 'now', services: ['search'] },
      jobs: [
        done('trigger'),
        done('throttle'),
        { type: 'http_request', status: 'running', details: [{ status: 'Queued', detail: 'Step queued' }, { status: 'Pending', detail: 'Calling https://hooks.sandbox.example/maintenance' }] },
        { type: 'custom', status: 'queued' },
        { type: 'in_app', status: 'queued' },
        { type: 'email', status: 'pending' },
        { type: 'sms', status: 'pending' },
        { type: 'push', status: 'pending' },
      ],
    }),
    build({
      id: F.bigNotificationId,
      createdMs: at(5),
      workflow: wf('system-maintenance'),
      subscriber: alice,
      transactionId: 'txn-sbx-big-0007',
      payload: { window: 'rolling', services: Array.from({ length: 40 }, (_, i) => `service-${i}`) },
      jobs: [
        done('trigger'),
        ...Array.from({ length: F.bigNotificationJobCount - 1 }, (_, i): JobSpec => {
          const type = (['in_app', 'email', 'sms', 'push'] as const)[i % 4] ?? 'email';
          if (i % 25 === 7) {
            return {
              type,
              status: 'failed',
              details: [
                { status: 'Pending', detail: 'Step queued' },
                {
                  status: 'Failed',
                  detail: 'Message sending failed',
                  source: 'Webhook',
                  // A multi-kilobyte provider response, as real ones can be.
                  raw: JSON.stringify({ error: 'upstream timeout', attempt: i, trace: Array.from({ length: 60 }, (_, k) => `frame ${k}: at handler (worker.js:${k + 10}:7)`) }),
                },
              ],
            };
          }
          return done(type);
        }),
      ],
    }),
    build({
      id: F.canceledNotificationId,
      createdMs: at(8),
      workflow: wf(F.workflowIdentifier),
      subscriber: alice,
      transactionId: 'txn-sbx-canceled-0008',
      payload: { firstName: 'Alice', ctaUrl: 'https://app.sandbox.example/start' },
      jobs: [
        done('trigger'),
        { type: 'delay', status: 'canceled', digest: { type: 'regular', amount: 1, unit: 'days' } },
        { type: 'in_app', status: 'canceled' },
        { type: 'email', status: 'canceled' },
      ],
    }),
    build({
      id: F.criticalNotificationId,
      createdMs: at(4),
      workflow: wf(F.criticalWorkflowIdentifier),
      subscriber: alice,
      transactionId: 'txn-sbx-critical-0009',
      payload: { resetUrl: 'https://app.sandbox.example/reset?token=sample', expiresInMinutes: 30 },
      jobs: [
        done('trigger'),
        {
          type: 'email',
          status: 'completed',
          details: [
            { status: 'Pending', detail: 'Step queued' },
            { status: 'Success', detail: 'Message sent', raw: '{"id":"msg_reset","status":"accepted"}' },
            { status: 'ReadConfirmation', detail: 'Email opened', source: 'Webhook' },
          ],
        },
        done('sms'),
      ],
    }),
  ];

  const generated = generateActivity({
    rng: ctx.rng,
    workflows: ctx.workflows,
    subscribers: ctx.subscribers,
    count: ctx.activityCount,
    build,
  });
  return [...fixtures, ...generated];
}
