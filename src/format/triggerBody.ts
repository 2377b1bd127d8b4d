/**
 * Send Again (issue 16, contract §7): the service has no resend, so a resend is a new trigger built
 * from the notification, the way the service's own dashboard builds it. Shared: Send Again and the
 * failures' bulk re-send (issue 38) build it by the same rule. Pure: no `vscode`, so the rules are
 * unit-tested in plain Node.
 */
import type { Notification, TriggerBody, TriggerResult } from '../api';
import { l10n } from '../l10n';

/** The review documents' names end so; the trigger body's JSON schema is tied to it in package.json (Send Again reviews them, Topics puts its lenses on them). */
export const REVIEW_SUFFIX = '.novu-trigger.json';

export type BuiltTrigger = { body: TriggerBody } | { problem: string };

/**
 * The trigger that sends `notification` again: its workflow's trigger identifier, its subscriber,
 * its payload and its first job's overrides, under a **new** transaction id (the service ignores a
 * transaction id it has seen, and the new id is how the new run is found). Nothing is added that the
 * original did not carry, and no `credentials` object is copied from the overrides.
 */
export function buildTriggerBody(notification: Notification, transactionId: string): BuiltTrigger {
  const problem = sendAgainProblem(notification);
  if (problem) return { problem };
  const name = triggerIdentifier(notification)!;
  const to = recipientOf(notification)!;
  if (transactionId === '' || transactionId === notification.transactionId) return { problem: l10n.t('A new transaction ID is needed.') };
  const body: TriggerBody = { name, to, payload: { ...(notification.payload ?? {}) } };
  const overrides = withoutCredentials(notification.jobs?.find((j) => j.overrides)?.overrides ?? undefined);
  if (overrides && Object.keys(overrides).length > 0) body.overrides = overrides;
  body.transactionId = transactionId;
  return { body };
}

/** Why the notification cannot be sent again (it does not say its workflow or its subscriber), or undefined. */
export function sendAgainProblem(notification: Notification): string | undefined {
  if (!triggerIdentifier(notification)) return l10n.t("This notification does not say its workflow's trigger identifier, so it cannot be sent again.");
  if (recipientOf(notification) === undefined) return l10n.t('This notification does not say its subscriber, so it cannot be sent again.');
  return undefined;
}

function triggerIdentifier(notification: Notification): string | undefined {
  return notification.template?.triggers?.find((t) => typeof t.identifier === 'string' && t.identifier !== '')?.identifier ?? undefined;
}

function recipientOf(notification: Notification): TriggerBody['to'] | undefined {
  const id = notification.subscriber?.subscriberId;
  if (typeof id === 'string' && id !== '') return id;
  const to = notification.to;
  if (to && typeof to['subscriberId'] === 'string' && to['subscriberId'] !== '') return to['subscriberId'];
  return undefined;
}

/** A deep copy without any `credentials` key: an integration's secrets never travel in a body. */
function withoutCredentials(value: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!value) return undefined;
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).filter(([k]) => k !== 'credentials').map(([k, inner]) => [k, strip(inner)]));
  };
  return strip(value) as Record<string, unknown>;
}

export interface TriggerOutcome {
  /** True only for `processed`: a run was started. */
  started: boolean;
  status: string;
  /** The outcome in words, with the service's own messages for `error`. */
  message: string;
}

/** Says a trigger's answer truthfully: a 201 is not a success unless its status is `processed`. */
export function describeTriggerResult(result: TriggerResult, workflow: string): TriggerOutcome {
  const status = result.status;
  const errors = result.error === undefined || result.error === null ? [] : Array.isArray(result.error) ? result.error : [result.error];
  const detail = errors.filter((e) => e.trim() !== '').join('; ');
  let message: string;
  switch (status) {
    case 'processed':
      message = l10n.t('Sent: the service started a new run of {0}.', workflow);
      break;
    case 'trigger_not_active':
      message = l10n.t('Not sent: the workflow {0} is not active. Activate it in the service, then send again.', workflow);
      break;
    case 'no_workflow_active_steps_defined':
      message = l10n.t('Not sent: the workflow {0} has no active steps.', workflow);
      break;
    case 'no_workflow_steps_defined':
      message = l10n.t('Not sent: the workflow {0} has no steps.', workflow);
      break;
    // Servers before 2024-12 say `subscriber_id_missing`; newer ones `invalid_recipients` (contract §8.4).
    case 'subscriber_id_missing':
      message = l10n.t('Not sent: the service found no subscriber ID in the body.');
      break;
    case 'invalid_recipients':
      message = l10n.t('Not sent: the service found no valid recipient in "to" (each needs a subscriberId, or a topic key).');
      break;
    case 'no_tenant_found':
      message = l10n.t('Not sent: the service found no such tenant.');
      break;
    case 'error':
      message = detail ? l10n.t('Not sent: the service answered with an error: {0}', detail) : l10n.t('Not sent: the service answered with an error and no message.');
      break;
    default:
      message = l10n.t('Not sent: the service answered with the status "{0}", which this version does not know.', status);
  }
  if (status !== 'error' && status !== 'processed' && detail) message = `${message} (${detail})`;
  return { started: status === 'processed', status, message };
}
