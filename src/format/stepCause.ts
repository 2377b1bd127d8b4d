/**
 * Why a step was skipped, canceled or failed, read from its execution details (contract §8.6).
 * Since 2025-08 a channel step skipped for a preference, a condition or a missing address ends
 * `canceled`, not `skipped`: "Canceled" alone hides the most common answer. The `detail` strings are
 * fixed English (DetailEnum), matched trimmed; older servers' strings are matched too. Pure and
 * vscode-free: the timeline, Activity's job rows and the agent's explain all use it.
 */
import type { ExecutionDetail, Job, Notification } from '../api';
import { l10n } from '../l10n';
import { stepTypeInfo } from './jobStatus';
import { subscriberDisplayName } from './names';

/** Every cause a step's execution details can name (the agent words each; its test covers them all). */
export const CAUSE_KINDS = [
  'preferenceGlobal',
  'preferenceWorkflow',
  'workflowDefault',
  'workflowDashboard',
  'condition',
  'legacyCondition',
  'schedule',
  'missingEmail',
  'missingPhone',
  'missingAddress',
  'missingWebhook',
  'noChannel',
  'noSenderNumber',
  'missingPushToken',
  'noUsableChannel',
  'noIntegration',
  'providerError',
  'providerEvent',
  'allChannelsFailed',
  'contentFailed',
  'bridgeFailed',
  'demoProviderLimit',
  'previousStepFailed',
  'throttled',
] as const;

export type CauseKind = (typeof CAUSE_KINDS)[number];

/** What a cause means for the delivery: not sent on purpose, or a failure to fix. */
export type CauseVerb = 'skipped' | 'failed' | 'canceled';

export interface StepCause {
  kind: CauseKind;
  verb: CauseVerb;
  /** The whole line: "Skipped: Ada turned email off for Welcome". */
  text: string;
  /** The service's own `detail`, as it came. */
  detail: string;
  /** The provider's own words, read from `raw`, for a provider's refusal. */
  providerMessage?: string;
}

/** What the sentences name; each may be unknown. */
export interface CauseContext {
  /** The subscriber as a person reads them: first name, else full name, else subscriberId. */
  subscriber?: string | undefined;
  workflow?: string | undefined;
  /** The subscriber's time zone, for the schedule. */
  timezone?: string | null | undefined;
}

/** What a notification tells of its subscriber and workflow, for the sentences. */
export function causeContextOf(n: Pick<Notification, 'subscriber' | 'template' | '_subscriberId'>): CauseContext {
  const subscriber = n.subscriber;
  const who = subscriber?.firstName?.trim() || (subscriber ? subscriberDisplayName(subscriber) : undefined) || subscriber?.subscriberId || undefined;
  const workflow = n.template?.name?.trim() || n.template?.triggers?.[0]?.identifier || undefined;
  // Not in the schema of a notification's subscriber: read only when it is a string.
  const timezone = (subscriber as { timezone?: unknown } | null | undefined)?.timezone;
  return { subscriber: who, workflow, timezone: typeof timezone === 'string' ? timezone : undefined };
}

interface Rule {
  kind: CauseKind;
  verb: CauseVerb;
  /** Exact `detail` strings (trimmed), new and old servers. */
  details: string[];
}

// l10n-ignore: the service's DetailEnum strings (wire values, matched, never shown as ours)
const RULES: Rule[] = [
  { kind: 'preferenceGlobal', verb: 'skipped', details: ['Step filtered by subscriber global preferences'] },
  { kind: 'preferenceWorkflow', verb: 'skipped', details: ['Step filtered by subscriber workflow preferences'] },
  { kind: 'workflowDefault', verb: 'skipped', details: ['Step filtered by workflow preferences'] },
  { kind: 'workflowDashboard', verb: 'skipped', details: ['Step filtered by user preferences'] },
  { kind: 'condition', verb: 'skipped', details: ['Bridge execution skipped'] },
  { kind: 'legacyCondition', verb: 'skipped', details: ['Step was skipped based on steps conditions', 'Step was filtered based on steps filters'] },
  { kind: 'schedule', verb: 'skipped', details: ["The step was skipped as it fell outside the subscriber's schedule"] },
  { kind: 'missingEmail', verb: 'skipped', details: ['Subscriber missing email address'] },
  { kind: 'missingPhone', verb: 'skipped', details: ['Subscriber missing phone number', 'Subscriber is missing a phone number'] },
  { kind: 'missingAddress', verb: 'failed', details: ['Subscriber missing recipient details'] },
  { kind: 'missingWebhook', verb: 'skipped', details: ['Webhook URL for the chat channel is missing'] },
  { kind: 'noChannel', verb: 'skipped', details: ['Subscriber does not have a configured channel'] },
  { kind: 'missingPushToken', verb: 'skipped', details: ['Subscriber credentials is missing the tokens for sending a push notification message'] },
  { kind: 'noUsableChannel', verb: 'skipped', details: ['Some push channels skipped to send the message', 'Some chat channels skipped to send the message'] },
  { kind: 'noIntegration', verb: 'failed', details: ['Subscriber does not have an active integration'] },
  { kind: 'providerError', verb: 'failed', details: ['Unexpected provider error'] },
  { kind: 'allChannelsFailed', verb: 'failed', details: ['There was one or more errors when trying to execute the notification', 'All chat channels failed to send the message'] },
  { kind: 'contentFailed', verb: 'failed', details: ['Message content could not be generated'] },
  { kind: 'bridgeFailed', verb: 'failed', details: ['Bridge execution failed'] },
  { kind: 'demoProviderLimit', verb: 'failed', details: ["Novu's provider limit has been reached", 'Test provider can only be used to send emails to current logged in user'] },
  { kind: 'previousStepFailed', verb: 'canceled', details: ['Step was canceled because a previous step failed'] },
  { kind: 'throttled', verb: 'skipped', details: ['Throttle limit exceeded for the given window'] },
];

const BY_DETAIL = new Map<string, Rule>(RULES.flatMap((rule) => rule.details.map((d) => [d, rule] as const)));

/** Provider webhooks: `"<provider response> - (<event>)"`; these events are failures. */
const FAILED_EVENTS = ['bounced', 'dropped', 'rejected', 'blocked', 'spam'];
const WEBHOOK_EVENT = /^(.*) - \((\w+)\)$/s;

// l10n-ignore: product names of common providers (the provider id otherwise)
const PROVIDER_NAMES: Record<string, string> = {
  sendgrid: 'SendGrid', mailgun: 'Mailgun', postmark: 'Postmark', ses: 'Amazon SES', mailjet: 'Mailjet', mandrill: 'Mandrill',
  resend: 'Resend', brevo: 'Brevo', sendinblue: 'Brevo', sparkpost: 'SparkPost', nodemailer: 'SMTP', 'novu-email': 'Novu email',
  twilio: 'Twilio', plivo: 'Plivo', vonage: 'Vonage', nexmo: 'Vonage', sns: 'Amazon SNS', messagebird: 'MessageBird', telnyx: 'Telnyx', 'novu-sms': 'Novu SMS',
  fcm: 'Firebase Cloud Messaging', apns: 'Apple Push', expo: 'Expo', onesignal: 'OneSignal', pusher: 'Pusher Beams',
  slack: 'Slack', discord: 'Discord', msteams: 'Microsoft Teams', mattermost: 'Mattermost', 'whatsapp-business': 'WhatsApp Business', telegram: 'Telegram',
  novu: 'Novu', 'novu-inbox': 'Novu Inbox',
};

export function providerName(providerId: string | null | undefined): string | undefined {
  if (!providerId) return undefined;
  return PROVIDER_NAMES[providerId.toLowerCase()] ?? providerId;
}

/** An HTTP status's reason phrase alone: a client's top-level message when the body says more. */
const HTTP_REASON = /^(bad request|unauthorized|forbidden|not found|conflict|gone|payload too large|unprocessable entity|too many requests|internal server error|bad gateway|service unavailable|gateway timeout)\.?$/i;

/** A provider's `raw` answer as a detail carries it: its JSON (parsed when it is a string), or its text when that is not JSON; undefined when there is none. */
export function rawAnswer(raw: unknown): { json: unknown } | { text: string } | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') return { json: raw };
  try {
    return { json: JSON.parse(raw) as unknown };
  } catch {
    return { text: raw };
  }
}

/** The provider's own message in a `raw` answer: `message`, `errors[0].message`, `error.message`, or the text itself. */
export function providerMessage(raw: unknown): string | undefined {
  const answer = rawAnswer(raw);
  if (!answer) return undefined;
  if ('text' in answer) {
    const text = answer.text.trim();
    return text === '' ? undefined : text.length > 300 ? `${text.slice(0, 300)}…` : text;
  }
  const pick = (v: unknown, depth: number): string | undefined => {
    if (depth > 5 || v === null || v === undefined) return undefined;
    if (typeof v === 'string') return v.trim() || undefined;
    if (Array.isArray(v)) return pick(v[0], depth + 1);
    if (typeof v === 'object') {
      const o = v as Record<string, unknown>;
      const deeper = () => pick(o['errors'], depth + 1) ?? pick(o['error'], depth + 1) ?? pick(o['response'], depth + 1) ?? pick(o['body'], depth + 1) ?? pick(o['detail'], depth + 1);
      const message = pick(o['message'], depth + 1);
      // "Forbidden" says less than the body's own error (SendGrid: "The from address does not match…").
      return message && !HTTP_REASON.test(message) ? message : (deeper() ?? message);
    }
    return undefined;
  };
  const found = pick(answer.json, 0);
  return found && found.length > 300 ? `${found.slice(0, 300)}…` : found;
}

/**
 * The cause of a job's end, from its newest execution detail that names one; undefined when no
 * detail says why (then "Canceled" or the status alone is the truth). Only for jobs that did not go
 * out: completed, pending and moving jobs have no cause.
 */
export function stepCause(job: Pick<Job, 'status' | 'type' | 'providerId' | 'executionDetails'>, context: CauseContext = {}): StepCause | undefined {
  if (!['canceled', 'skipped', 'failed'].includes(job.status)) return undefined;
  const details = job.executionDetails ?? [];
  for (let i = details.length - 1; i >= 0; i--) {
    const found = causeOf(details[i]!, job, context);
    if (found) return found;
  }
  return undefined;
}

function causeOf(detail: ExecutionDetail, job: Pick<Job, 'status' | 'type' | 'providerId'>, context: CauseContext): StepCause | undefined {
  const said = typeof detail.detail === 'string' ? detail.detail.trim() : '';
  if (said === '') return undefined;
  // l10n-ignore: the service's execution source (wire value)
  const webhook = detail.source === 'Webhook' ? WEBHOOK_EVENT.exec(said) : null;
  if (webhook && FAILED_EVENTS.includes(webhook[2]!.toLowerCase())) {
    const provider = providerName(detail.providerId ?? job.providerId) ?? l10n.t('the provider');
    const response = webhook[1]!.trim();
    return { kind: 'providerEvent', verb: 'failed', detail: said, providerMessage: response, text: l10n.t('Failed at {0}: {1} ({2})', provider, response, webhook[2]!) };
  }
  const rule = BY_DETAIL.get(said);
  if (!rule) return undefined;
  // "Subscriber does not have a configured channel" as a failure: the SMS integration has no sender number.
  // l10n-ignore: the service's execution status (wire value)
  if (rule.kind === 'noChannel' && detail.status === 'Failed' && job.type === 'sms') {
    return { kind: 'noSenderNumber', verb: 'failed', detail: said, text: l10n.t('Failed: the SMS integration has no sender number') };
  }
  const base = { kind: rule.kind, verb: rule.verb, detail: said };
  if (rule.kind === 'providerError') {
    const message = providerMessage(detail.raw);
    const provider = providerName(detail.providerId ?? job.providerId);
    const text = provider
      ? message ? l10n.t('Failed at {0}: {1}', provider, message) : l10n.t('Failed at {0}: the provider refused the message', provider)
      : message ? l10n.t('Failed at the provider: {0}', message) : l10n.t('Failed at the provider: it refused the message');
    return { ...base, text, ...(message ? { providerMessage: message } : {}) };
  }
  return { ...base, text: sentence(rule.kind, job, context) };
}

function sentence(kind: CauseKind, job: Pick<Job, 'type'>, context: CauseContext): string {
  const channel = stepTypeInfo(job.type).label.toLowerCase();
  const who = context.subscriber;
  const workflow = context.workflow;
  switch (kind) {
    case 'preferenceGlobal':
      return who ? l10n.t('Skipped: {0} turned {1} off for every workflow', who, channel) : l10n.t('Skipped: the subscriber turned {0} off for every workflow', channel);
    case 'preferenceWorkflow':
      if (who && workflow) return l10n.t('Skipped: {0} turned {1} off for {2}', who, channel, workflow);
      return workflow ? l10n.t('Skipped: the subscriber turned {0} off for {1}', channel, workflow) : l10n.t('Skipped: the subscriber turned {0} off for this workflow', channel);
    case 'workflowDefault':
      return workflow ? l10n.t('Skipped: {0} has {1} off by default', workflow, channel) : l10n.t('Skipped: the workflow has {0} off by default', channel);
    case 'workflowDashboard':
      return workflow ? l10n.t('Skipped: {0} has {1} turned off in the dashboard', workflow, channel) : l10n.t('Skipped: the workflow has {0} turned off in the dashboard', channel);
    case 'condition':
      return l10n.t("Skipped: the step's condition was false");
    case 'legacyCondition':
      return l10n.t("Skipped: the step's conditions did not match");
    case 'schedule':
      if (who) return context.timezone ? l10n.t("Skipped: outside {0}'s delivery schedule ({1})", who, context.timezone) : l10n.t("Skipped: outside {0}'s delivery schedule", who);
      return context.timezone ? l10n.t("Skipped: outside the subscriber's delivery schedule ({0})", context.timezone) : l10n.t("Skipped: outside the subscriber's delivery schedule");
    case 'missingEmail':
      return l10n.t('Skipped: no email address');
    case 'missingPhone':
      return l10n.t('Skipped: no phone number');
    case 'missingAddress':
      return l10n.t('Failed: no {0} address for the subscriber', channel);
    case 'missingWebhook':
      return l10n.t('Skipped: no webhook URL for chat');
    case 'noChannel':
      return l10n.t('Skipped: no {0} channel set up for the subscriber', channel);
    case 'missingPushToken':
      return l10n.t('Skipped: no device token for push');
    case 'noUsableChannel':
      return l10n.t('Skipped: no {0} channel could be used', channel);
    case 'noIntegration':
      return l10n.t('Failed: no active {0} integration', channel);
    case 'allChannelsFailed':
      return l10n.t('Failed: every {0} channel failed', channel);
    case 'contentFailed':
      return l10n.t('Failed: the message content could not be rendered');
    case 'bridgeFailed':
      return l10n.t('Failed: the step could not be rendered (a code workflow: its bridge endpoint failed or was unreachable)');
    case 'demoProviderLimit':
      return l10n.t("Failed: a limit of Novu's built-in demo provider");
    case 'previousStepFailed':
      return l10n.t('Canceled: an earlier step failed');
    case 'throttled':
      return l10n.t('Skipped: throttled (the limit for the window was reached)');
    default:
      return l10n.t('Skipped');
  }
}
