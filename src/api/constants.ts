/** The contract's enumerations, free of zod so that webviews can use them. */

export const CHANNEL_TYPES = ['in_app', 'email', 'sms', 'chat', 'push'] as const;
export const STEP_TYPES = [
  'in_app', 'email', 'sms', 'chat', 'push', 'digest', 'trigger', 'delay', 'throttle', 'custom', 'http_request',
] as const;
export const JOB_STATUSES = [
  'pending', 'queued', 'running', 'completed', 'failed', 'delayed', 'canceled', 'merged', 'skipped',
] as const;
/** Job statuses during which a notification is still changing. */
export const IN_PROGRESS_JOB_STATUSES: readonly string[] = ['pending', 'queued', 'running', 'delayed'];
// l10n-ignore: the service's enum values (wire values)
export const EXECUTION_STATUSES = ['Success', 'Warning', 'Failed', 'Pending', 'Queued', 'ReadConfirmation'] as const;
// l10n-ignore: the service's enum values (wire values)
export const EXECUTION_SOURCES = ['Credentials', 'Internal', 'Payload', 'Webhook'] as const;
export const DIGEST_UNITS = ['seconds', 'minutes', 'hours', 'days', 'weeks', 'months'] as const;
export const DIGEST_TYPES = ['regular', 'backoff', 'timed'] as const;
export const SEVERITIES = ['high', 'medium', 'low', 'none'] as const;
export const RESOURCE_ORIGINS = ['novu-cloud', 'novu-cloud-v1', 'external'] as const;
export const OVERRIDE_SOURCES = ['subscriber', 'template', 'workflowOverride'] as const;
export const WEEK_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The trigger's answer statuses (contract §7): only `processed` means a run was started. */
export const TRIGGER_STATUSES = ['processed', 'error', 'trigger_not_active', 'no_workflow_active_steps_defined', 'no_workflow_steps_defined', 'subscriber_id_missing', 'invalid_recipients', 'no_tenant_found'] as const;

/**
 * Provider ids of the push and chat integrations (contract §8.3): a subscriber's `channels[]` entry
 * names one, and only an active integration of that provider in the environment sends through it.
 */
// l10n-ignore: the service's provider ids (wire values)
export const PUSH_PROVIDER_IDS: readonly string[] = ['fcm', 'apns', 'expo', 'one-signal', 'onesignal', 'pushpad', 'pusher-beams', 'push-webhook'];
// l10n-ignore: the service's provider ids (wire values)
export const CHAT_PROVIDER_IDS: readonly string[] = ['slack', 'discord', 'msteams', 'mattermost', 'ryver', 'zulip', 'grafana-on-call', 'getstream', 'rocket-chat', 'whatsapp-business', 'chat-webhook'];

/** A workflow's `status` (contract §8.1): INACTIVE does not run; ERROR runs with invalid step controls. */
export const WORKFLOW_STATUSES = ['ACTIVE', 'INACTIVE', 'ERROR'] as const;
