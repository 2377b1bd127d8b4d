// Seeded notifications: fixed fixtures that cover every job status, step type and digest form,
// plus seed-dependent everyday traffic. All belong to seeded subscribers of the Development environment.
import { SANDBOX_FIXTURES as F } from './fixtures';
import { DAY_MS, Prng, SEED_END_MS, iso, objectId } from './random';
import type {
  Channel,
  DigestMetadata,
  ExecutionDetail,
  JobStatus,
  JsonObject,
  Notification,
  NotificationJob,
  NotificationStep,
  StepFilter,
  StepType,
  Subscriber,
  Workflow,
} from './types';

const HOUR_MS = 60 * 60 * 1000;

const TOPIC_IDS: Record<string, string> = {
  [F.failedTopicKey]: '6615c0ffee0000000070a001',
  'project-apollo': '6615c0ffee0000000070a002',
  'project-zephyr': '6615c0ffee0000000070a003',
};

const PROVIDER_OF: Record<Channel, string> = {
  in_app: 'novu',
  email: 'sendgrid',
  sms: 'twilio',
  push: 'fcm',
  chat: 'slack',
};

const isChannel = (t: StepType): t is Channel =>
  t === 'in_app' || t === 'email' || t === 'sms' || t === 'push' || t === 'chat';

class Ids {
  private n = 0;
  constructor(private readonly tag: string) {}
  next(ms: number): string {
    return objectId(ms, this.tag, ++this.n);
  }
}

interface DetailSpec {
  status: ExecutionDetail['status'];
  detail: string;
  source?: ExecutionDetail['source'];
  raw?: string | null;
  isRetry?: boolean;
}

interface JobSpec {
  type: StepType;
  status: JobStatus;
  details?: DetailSpec[];
  digest?: DigestMetadata;
  filters?: StepFilter[];
  variants?: boolean;
  overrides?: JsonObject;
  scheduleExtensionsCount?: number;
  digestedNotificationId?: string;
  stepName?: string;
}

interface NotificationSpec {
  id: string;
  createdMs: number;
  workflow: Workflow;
  subscriber: Subscriber;
  transactionId: string;
  jobs: JobSpec[];
  payload: JsonObject;
  tags?: string[];
  topics?: { _topicId: string; topicKey: string }[];
  controls?: JsonObject;
  to?: JsonObject;
  digestedNotificationId?: string;
}

/** The execution details a job with this status and type typically has. */
function defaultDetails(type: StepType, status: JobStatus): DetailSpec[] {
  const queued: DetailSpec = { status: 'Pending', detail: 'Step queued' };
  switch (status) {
    case 'pending':
      return [];
    case 'queued':
      return [{ status: 'Queued', detail: 'Step queued' }];
    case 'running':
      return [queued, { status: 'Pending', detail: 'Start sending message' }];
    case 'delayed':
      return [queued, { status: 'Pending', detail: type === 'digest' ? 'Digest started' : 'Step delayed' }];
    case 'canceled':
      return [queued, { status: 'Warning', detail: 'Step canceled by a cancel request' }];
    case 'skipped':
      return [queued, { status: 'Warning', detail: 'Step skipped: subscriber preference disabled' }];
    case 'merged':
      return [queued, { status: 'Success', detail: 'Digest merged into an earlier notification' }];
    case 'failed':
      return [queued, { status: 'Failed', detail: 'Message sending failed', source: 'Credentials', raw: null }];
    case 'completed':
      if (type === 'trigger') return [{ status: 'Success', detail: 'Trigger event received' }];
      if (type === 'digest') return [queued, { status: 'Success', detail: 'Digest completed' }];
      if (type === 'delay') return [queued, { status: 'Success', detail: 'Delay completed' }];
      if (type === 'throttle') return [queued, { status: 'Success', detail: 'Throttle limit not reached' }];
      if (type === 'in_app') return [queued, { status: 'Success', detail: 'In-app message created' }];
      return [queued, { status: 'Success', detail: 'Message sent', raw: '{"id":"msg_sandbox","status":"accepted"}' }];
  }
}

export interface NotificationSeedContext {
  rng: Prng;
  workflows: readonly Workflow[];
  subscribers: readonly Subscriber[];
}

export function seedNotifications(ctx: NotificationSeedContext): Notification[] {
  const jobIds = new Ids('a0b000');
  const detailIds = new Ids('de7a11');

  const stepOf = (wf: Workflow, index: number, spec: JobSpec): NotificationStep => {
    const wfN = wf._id.slice(-4);
    const idx = index.toString(16).padStart(4, '0');
    const step: NotificationStep = {
      _id: `6615c0ffee00005e${wfN}${idx}`,
      active: true,
      filters: spec.filters ?? [],
      _templateId: `6615c0ffee00007e${wfN}${idx}`,
      name: spec.stepName ?? `${spec.type.replace('_', '-')}-step`,
      _parentId: null,
    };
    if (isChannel(spec.type)) {
      step.template = { type: spec.type, content: `Hello {{subscriber.firstName}}, ${wf.name}` };
      step.controlVariables = { subject: `${wf.name}: {{payload.subject}}` };
    }
    if (spec.variants) {
      step.variants = [
        {
          _id: `6615c0ffee00005f${wfN}${idx}`,
          active: true,
          filters: [
            {
              isNegated: false,
              type: 'BOOLEAN',
              value: 'AND',
              children: [{ field: 'locale', value: 'de-DE', operator: 'EQUAL', on: 'subscriber' }],
            },
          ],
          _templateId: `6615c0ffee00007f${wfN}${idx}`,
          name: 'German variant',
          _parentId: step._id,
        },
      ];
    }
    return step;
  };

  const build = (spec: NotificationSpec): Notification => {
    const s = spec.subscriber;
    const jobs: NotificationJob[] = spec.jobs.map((j, index) => {
      const jobMs = spec.createdMs + index * 1500;
      const details = (j.details ?? defaultDetails(j.type, j.status)).map((d, k) => {
        const detail: ExecutionDetail = {
          _id: detailIds.next(jobMs + k * 200),
          createdAt: iso(jobMs + k * 200),
          status: d.status,
          detail: d.detail,
          isRetry: d.isRetry ?? false,
          isTest: false,
          raw: d.raw ?? null,
          source: d.source ?? 'Internal',
        };
        if (isChannel(j.type)) detail.providerId = PROVIDER_OF[j.type];
        return detail;
      });
      const job: NotificationJob = {
        _id: jobIds.next(jobMs),
        type: j.type,
        status: j.status,
        executionDetails: details,
        step: stepOf(spec.workflow, index, j),
        payload: spec.payload,
        updatedAt: iso(jobMs + details.length * 200),
      };
      // Action steps (trigger, digest, delay, ...) run without a provider; the service omits the field.
      if (isChannel(j.type)) job.providerId = PROVIDER_OF[j.type];
      if (j.digest) job.digest = j.digest;
      if (j.overrides) job.overrides = j.overrides;
      if (j.scheduleExtensionsCount !== undefined) job.scheduleExtensionsCount = j.scheduleExtensionsCount;
      if (j.digestedNotificationId) job._digestedNotificationId = j.digestedNotificationId;
      return job;
    });
    const subscriber: Notification['subscriber'] = { _id: s._id, subscriberId: s.subscriberId };
    if (s.firstName) subscriber.firstName = s.firstName;
    if (s.lastName) subscriber.lastName = s.lastName;
    if (s.email) subscriber.email = s.email;
    if (s.phone) subscriber.phone = s.phone;
    const lastJob = jobs[jobs.length - 1];
    const n: Notification = {
      _id: spec.id,
      _environmentId: F.developmentEnvironmentId,
      _organizationId: F.organizationId,
      _subscriberId: s._id,
      transactionId: spec.transactionId,
      _templateId: spec.workflow._id,
      createdAt: iso(spec.createdMs),
      updatedAt: lastJob ? lastJob.updatedAt : iso(spec.createdMs),
      channels: [...new Set(spec.jobs.map((j) => j.type).filter((t) => t !== 'trigger'))],
      subscriber,
      template: {
        _id: spec.workflow._id,
        name: spec.workflow.name,
        origin: spec.workflow.origin,
        triggers: [
          {
            type: 'event',
            identifier: spec.workflow.identifier,
            variables: spec.workflow.variables.map((name) => ({ name })),
          },
        ],
      },
      jobs,
      payload: spec.payload,
      tags: spec.tags ?? spec.workflow.tags,
      to: spec.to ?? { subscriberId: s.subscriberId },
      severity: spec.workflow.severity,
      critical: spec.workflow.critical,
    };
    if (spec.controls) n.controls = spec.controls;
    if (spec.topics) n.topics = spec.topics;
    if (spec.digestedNotificationId) n._digestedNotificationId = spec.digestedNotificationId;
    return n;
  };

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

  const regularDigest = (events: number): DigestMetadata => ({
    digestKey: 'postId',
    amount: 5,
    unit: 'minutes',
    type: 'regular',
    events: Array.from({ length: events }, (_, i) => ({ postId: 'post-7', postTitle: `Reply #${i + 1}`, author: `user-${i}` })),
    backoff: true,
    backoffAmount: 1,
    backoffUnit: 'minutes',
    updateMode: false,
  });

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
            { status: 'Warning', detail: 'Step filter conditions did not match', source: 'Payload' },
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
              untilDate: iso(SEED_END_MS + 90 * DAY_MS),
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

  // Everyday traffic: a mix of outcomes across the first subscribers and the ordinary workflows.
  const rng = ctx.rng;
  const recipients = ctx.subscribers.slice(0, Math.min(ctx.subscribers.length, 400));
  const ordinary = ctx.workflows.filter((w) => !w.critical);
  const outcomes: readonly JobStatus[] = ['completed', 'completed', 'completed', 'completed', 'completed', 'failed', 'skipped'];
  const generated: Notification[] = [];
  const count = 80;
  for (let i = 0; i < count; i++) {
    const workflow = rng.pick(ordinary);
    const subscriber = rng.pick(recipients);
    const createdMs = SEED_END_MS - 12 * HOUR_MS - Math.floor(((count - i) * 30 * DAY_MS) / count) + rng.int(0, HOUR_MS);
    const jobs: JobSpec[] = [done('trigger')];
    if (workflow.identifier === F.digestWorkflowIdentifier) jobs.push({ type: 'digest', status: 'completed', digest: regularDigest(rng.int(1, 4)) });
    for (const channel of workflow.channels) jobs.push({ type: channel, status: rng.pick(outcomes) });
    const payload: JsonObject = {};
    for (const v of workflow.variables) payload[v] = `${v}-${i}`;
    const topicKey = rng.chance(0.2) ? rng.pick(['project-apollo', 'project-zephyr', F.failedTopicKey]) : undefined;
    generated.push(
      build({
        id: objectId(createdMs, 'beef00', i + 1),
        createdMs,
        workflow,
        subscriber,
        transactionId: `txn-${rng.hex(8)}-${i}`,
        payload,
        jobs,
        topics: topicKey ? [{ _topicId: TOPIC_IDS[topicKey] ?? '6615c0ffee0000000070a0ff', topicKey }] : undefined,
        to: topicKey ? { type: 'Topic', topicKey } : undefined,
      }),
    );
  }
  return [...fixtures, ...generated];
}
