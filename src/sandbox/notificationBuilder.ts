// Turns a short description of a notification (workflow, subscriber, one line per job) into the full
// wire record with steps, execution details and timestamps. Used by the seed and by notifications
// emitted at runtime.
import { SANDBOX_FIXTURES as F } from './fixtures';
import { iso, objectId } from './random';
import type {
  Channel,
  DigestMetadata,
  ExecutionDetail,
  JobStatus,
  JsonObject,
  Notification,
  NotificationJob,
  NotificationStep,
  Severity,
  StepFilter,
  StepType,
  Subscriber,
  Workflow,
} from './types';

export const HOUR_MS = 60 * 60 * 1000;

/** The primary provider of each channel in the Development environment. */
export const PROVIDER_OF: Record<Channel, string> = {
  in_app: 'novu',
  email: 'sendgrid',
  sms: 'twilio',
  push: 'fcm',
  chat: 'slack',
};

export const isChannel = (t: StepType): t is Channel =>
  t === 'in_app' || t === 'email' || t === 'sms' || t === 'push' || t === 'chat';

/** Ids of one kind of record: seconds of the time, a tag, a counter. */
class Ids {
  private n = 0;
  constructor(private readonly tag: string) {}
  next(ms: number): string {
    return objectId(ms, this.tag, ++this.n);
  }
}

export interface DetailSpec {
  status: ExecutionDetail['status'];
  detail: string;
  source?: ExecutionDetail['source'];
  raw?: string | null;
  isRetry?: boolean;
}

export interface JobSpec {
  type: StepType;
  status: JobStatus;
  /** Default: the channel's primary provider (PROVIDER_OF); action steps have none. */
  providerId?: string;
  details?: DetailSpec[];
  digest?: DigestMetadata;
  filters?: StepFilter[];
  variants?: boolean;
  overrides?: JsonObject;
  scheduleExtensionsCount?: number;
  digestedNotificationId?: string;
  stepName?: string;
}

export interface NotificationSpec {
  id: string;
  createdMs: number;
  workflow: Workflow;
  subscriber: Subscriber;
  transactionId: string;
  jobs: JobSpec[];
  payload: JsonObject;
  tags?: string[] | undefined;
  topics?: { _topicId: string; topicKey: string }[] | undefined;
  /** The run's context keys, sorted (contract §12): on the notification and on each job. None: the field is absent. */
  contextKeys?: string[] | undefined;
  controls?: JsonObject;
  to?: JsonObject | undefined;
  digestedNotificationId?: string;
  /** Default: the workflow's severity (a notification keeps the severity its workflow had when triggered). */
  severity?: Severity | undefined;
  /** Time between one job and the next, default 1.5 s. */
  jobSpacingMs?: number;
  /** Time between one execution detail and the next, default 200 ms. */
  detailSpacingMs?: number;
}

/** A regular digest with backoff that collected `events` events of one post. */
export function regularDigest(events: number): DigestMetadata {
  return {
    digestKey: 'postId',
    amount: 5,
    unit: 'minutes',
    type: 'regular',
    events: Array.from({ length: events }, (_, i) => ({ postId: 'post-7', postTitle: `Reply #${i + 1}`, author: `user-${i}` })),
    backoff: true,
    backoffAmount: 1,
    backoffUnit: 'minutes',
    updateMode: false,
  };
}

/** The execution details a job with this status and type typically has. */
export function defaultDetails(type: StepType, status: JobStatus): DetailSpec[] {
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
      // Skipped when queued (a digest, delay or throttle); a channel step a preference filters ends canceled (§8.6).
      return [queued, { status: 'Success', detail: 'Step was skipped based on steps conditions' }];
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

function stepOf(wf: Workflow, index: number, spec: JobSpec): NotificationStep {
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
}

/** Builds notifications; job and execution-detail ids count up across every record it builds. */
export class NotificationBuilder {
  private readonly jobIds = new Ids('a0b000');
  private readonly detailIds = new Ids('de7a11');
  /** Plain steps (no filters, variants or name of their own) are shared: 10,000 notifications need only a few. */
  private readonly plainSteps = new Map<string, NotificationStep>();
  /** The `template` part of a notification depends only on its workflow: one per workflow. */
  private readonly templates = new Map<string, Notification['template']>();

  private template(wf: Workflow): Notification['template'] {
    let template = this.templates.get(wf._id);
    if (!template) {
      template = {
        _id: wf._id,
        name: wf.name,
        origin: wf.origin,
        triggers: [{ type: 'event', identifier: wf.identifier, variables: wf.variables.map((name) => ({ name })) }],
      };
      this.templates.set(wf._id, template);
    }
    return template;
  }

  private step(wf: Workflow, index: number, spec: JobSpec): NotificationStep {
    if (spec.filters || spec.variants || spec.stepName) return stepOf(wf, index, spec);
    const key = `${wf._id}/${index}/${spec.type}`;
    let step = this.plainSteps.get(key);
    if (!step) {
      step = stepOf(wf, index, spec);
      this.plainSteps.set(key, step);
    }
    return step;
  }

  /**
   * The record described by `spec`. Timestamps are `shiftMs` later than the spec's times; ids are
   * made from the spec's own times, so shifting never changes an id.
   */
  build(spec: NotificationSpec, shiftMs = 0): Notification {
    const s = spec.subscriber;
    const jobSpacing = spec.jobSpacingMs ?? 1500;
    const detailSpacing = spec.detailSpacingMs ?? 200;
    const at = (ms: number): string => iso(ms + shiftMs);
    const jobs: NotificationJob[] = spec.jobs.map((j, index) => {
      const jobMs = spec.createdMs + index * jobSpacing;
      const providerId = j.providerId ?? (isChannel(j.type) ? PROVIDER_OF[j.type] : undefined);
      const details = (j.details ?? defaultDetails(j.type, j.status)).map((d, k) => {
        const detail: ExecutionDetail = {
          _id: this.detailIds.next(jobMs + k * detailSpacing),
          createdAt: at(jobMs + k * detailSpacing),
          status: d.status,
          detail: d.detail,
          isRetry: d.isRetry ?? false,
          isTest: false,
          raw: d.raw ?? null,
          source: d.source ?? 'Internal',
        };
        if (providerId) detail.providerId = providerId;
        return detail;
      });
      const job: NotificationJob = {
        _id: this.jobIds.next(jobMs),
        type: j.type,
        status: j.status,
        executionDetails: details,
        step: this.step(spec.workflow, index, j),
        payload: spec.payload,
        updatedAt: at(jobMs + details.length * detailSpacing),
      };
      // Action steps (trigger, digest, delay, ...) run without a provider; the service omits the field.
      if (providerId) job.providerId = providerId;
      if (j.digest) job.digest = j.digest;
      if (j.overrides) job.overrides = j.overrides;
      if (j.scheduleExtensionsCount !== undefined) job.scheduleExtensionsCount = j.scheduleExtensionsCount;
      if (j.digestedNotificationId) job._digestedNotificationId = j.digestedNotificationId;
      if (spec.contextKeys?.length) job.contextKeys = [...spec.contextKeys];
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
      createdAt: at(spec.createdMs),
      updatedAt: lastJob ? lastJob.updatedAt : at(spec.createdMs),
      channels: [...new Set(spec.jobs.map((j) => j.type).filter((t) => t !== 'trigger'))],
      subscriber,
      template: this.template(spec.workflow),
      jobs,
      payload: spec.payload,
      tags: spec.tags ?? spec.workflow.tags,
      to: spec.to ?? { subscriberId: s.subscriberId },
      severity: spec.severity ?? spec.workflow.severity,
      critical: spec.workflow.critical,
    };
    if (spec.controls) n.controls = spec.controls;
    if (spec.topics) n.topics = spec.topics;
    if (spec.contextKeys?.length) n.contextKeys = [...spec.contextKeys];
    if (spec.digestedNotificationId) n._digestedNotificationId = spec.digestedNotificationId;
    return n;
  }
}
