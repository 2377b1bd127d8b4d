// The fixed part of the sandbox's world: environments, workflows and integrations. These do not
// depend on the seed, so every sandbox shows the same configuration.
import { SANDBOX_FIXTURES as F } from './fixtures';
import { DAY_MS, SEED_BASE_MS, iso } from './random';
import type { Environment, Integration, StepFilter, Workflow } from './types';

/** `_topicId` of each topic that seeded notifications were sent to. */
export const TOPIC_IDS: Readonly<Record<string, string>> = {
  [F.failedTopicKey]: '6615c0ffee0000000070a001',
  'project-apollo': '6615c0ffee0000000070a002',
  'project-zephyr': '6615c0ffee0000000070a003',
};

export const ENVIRONMENTS: readonly Environment[] = [
  { _id: F.developmentEnvironmentId, name: 'Development' },
  { _id: F.productionEnvironmentId, name: 'Production' },
];

function workflow(
  n: number,
  w: Omit<Workflow, '_id' | 'slug' | 'updatedAt' | 'defaults' | 'forced'> &
    Partial<Pick<Workflow, 'defaults' | 'forced'>>,
): Workflow {
  const _id = `6615c0ffee00000000f1${n.toString(16).padStart(4, '0')}`;
  return {
    _id,
    slug: `${w.identifier}_wf_${_id.slice(-8)}`,
    updatedAt: iso(SEED_BASE_MS + n * 3 * DAY_MS),
    defaults: {},
    forced: {},
    ...w,
  };
}

export function createWorkflows(): Workflow[] {
  return [
    workflow(1, {
      identifier: F.workflowIdentifier,
      name: 'Welcome onboarding',
      critical: false,
      severity: 'none',
      origin: 'novu-cloud',
      tags: ['onboarding'],
      channels: ['in_app', 'email'],
      variables: ['firstName', 'ctaUrl'],
    }),
    workflow(2, {
      identifier: F.criticalWorkflowIdentifier,
      name: 'Password reset',
      critical: true,
      severity: 'high',
      origin: 'novu-cloud',
      tags: ['security'],
      channels: ['email', 'sms'],
      variables: ['resetUrl', 'expiresInMinutes'],
    }),
    workflow(3, {
      identifier: F.digestWorkflowIdentifier,
      name: 'Weekly digest',
      critical: false,
      severity: 'low',
      origin: 'novu-cloud',
      tags: ['digest'],
      channels: ['in_app', 'email'],
      variables: ['postTitle', 'postUrl'],
    }),
    workflow(4, {
      identifier: 'order-shipped',
      name: 'Order shipped',
      critical: false,
      severity: 'medium',
      origin: 'external',
      tags: ['orders', 'transactional'],
      channels: ['in_app', 'email', 'sms', 'push', 'chat'],
      defaults: { chat: false },
      variables: ['orderId', 'carrier', 'trackingUrl'],
      requiredPayload: ['orderId'],
    }),
    workflow(5, {
      identifier: 'comment-mention',
      name: 'Comment mention',
      critical: false,
      severity: 'none',
      origin: 'novu-cloud',
      tags: ['collaboration'],
      channels: ['in_app', 'chat'],
      variables: ['author', 'commentText'],
    }),
    workflow(6, {
      identifier: F.forcedChannelWorkflowIdentifier,
      name: 'Billing receipt',
      critical: false,
      severity: 'medium',
      origin: 'external',
      tags: ['billing'],
      channels: ['email'],
      forced: { email: true },
      variables: ['invoiceNumber', 'amount'],
    }),
    workflow(7, {
      identifier: 'marketing-newsletter',
      name: 'Marketing newsletter',
      critical: false,
      severity: 'none',
      origin: 'novu-cloud-v1',
      tags: ['marketing'],
      channels: ['email'],
      defaults: { email: false },
      variables: ['issue'],
      active: false,
    }),
    workflow(8, {
      identifier: 'system-maintenance',
      name: 'System maintenance',
      critical: false,
      severity: 'low',
      origin: 'novu-cloud',
      tags: ['ops'],
      channels: ['in_app', 'email', 'sms', 'push'],
      variables: ['window', 'services'],
    }),
    // Added for the Workflows view and the code lenses (issue 25). Quiet: the seeded activity and
    // preferences stay as they were before them.
    workflow(9, {
      identifier: 'invoice-paid',
      name: 'Invoice paid',
      critical: false,
      severity: 'medium',
      origin: 'external',
      tags: ['billing', 'code'],
      channels: ['in_app', 'email'],
      variables: [],
      payloadSchema: INVOICE_PAID_SCHEMA,
      quiet: true,
    }),
    workflow(10, {
      // Exactly 16 letters and digits: the service misreads it in `GET /v2/workflows/{id}` (§8.2).
      identifier: 'invoiceReminders',
      name: 'Invoice reminders',
      critical: false,
      severity: 'low',
      origin: 'novu-cloud',
      tags: ['billing'],
      channels: ['email'],
      variables: ['invoiceNumber', 'dueDate'],
      quiet: true,
    }),
    workflow(11, {
      identifier: 'trial-ending',
      name: 'Trial ending',
      critical: false,
      severity: 'none',
      origin: 'novu-cloud',
      tags: ['lifecycle'],
      channels: ['in_app', 'email'],
      variables: ['daysLeft'],
      controlIssues: { email: 'Subject is required' },
      quiet: true,
    }),
  ];
}

/** A quiet workflow whose name, tag and step issue are hostile strings (sandbox option `markupWorkflow`). */
export function markupWorkflow(): Workflow {
  return workflow(12, {
    identifier: F.markupWorkflowIdentifier,
    name: F.markupWorkflowName,
    critical: false,
    severity: 'none',
    origin: 'external',
    tags: [F.markupWorkflowTag],
    channels: ['in_app', 'email'],
    variables: [],
    controlIssues: { email: F.markupStepIssue },
    quiet: true,
  });
}

/** What `payloadSchema: z.object({...})` of a framework workflow syncs as: nested objects, an array, an enum, defaults. */
const INVOICE_PAID_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    invoiceNumber: { type: 'string', minLength: 1 },
    amount: { type: 'number', minimum: 0 },
    currency: { type: 'string', enum: ['EUR', 'USD', 'GBP'], default: 'EUR' },
    paidAt: { type: 'string', format: 'date-time' },
    customer: {
      type: 'object',
      properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } },
      required: ['name'],
      additionalProperties: false,
    },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: { description: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } },
        required: ['description', 'quantity'],
      },
    },
    sendReceipt: { type: 'boolean', default: true },
  },
  required: ['invoiceNumber', 'amount', 'customer'],
  additionalProperties: false,
};

const emailConditions: StepFilter[] = [
  {
    isNegated: false,
    type: 'BOOLEAN',
    value: 'AND',
    children: [
      { field: 'tier', value: 'enterprise', operator: 'EQUAL', on: 'payload' },
      { field: 'data.seats', value: '50', operator: 'LARGER', on: 'subscriber' },
    ],
  },
];

function integration(
  n: number,
  i: Omit<Integration, '_id' | '_organizationId' | 'active' | 'deleted' | 'createdAt' | 'updatedAt' | '__v' | 'credentials' | 'configurations' | 'conditions' | 'kind' | 'priority'> &
    Partial<Pick<Integration, 'credentials' | 'configurations' | 'conditions' | 'kind' | 'priority'>>,
): Integration {
  return {
    _id: `6615c0ffee00000000e1${n.toString(16).padStart(4, '0')}`,
    _organizationId: F.organizationId,
    kind: 'delivery',
    // Current servers never send credential values to API-key callers.
    credentials: {},
    configurations: {},
    conditions: [],
    priority: 0,
    active: true,
    deleted: false,
    createdAt: iso(SEED_BASE_MS + n * DAY_MS),
    updatedAt: iso(SEED_BASE_MS + (n + 20) * DAY_MS),
    __v: 0,
    ...i,
  };
}

export function createIntegrations(): Integration[] {
  const dev = F.developmentEnvironmentId;
  const prod = F.productionEnvironmentId;
  return [
    integration(1, { _environmentId: dev, name: 'Novu Inbox', identifier: 'novu-inbox-dev', providerId: 'novu', channel: 'in_app', primary: true }),
    integration(2, { _environmentId: dev, name: 'SendGrid', identifier: 'sendgrid-dev', providerId: 'sendgrid', channel: 'email', primary: true, priority: 2, configurations: { inboundWebhookEnabled: false } }),
    integration(3, { _environmentId: dev, name: 'Mailgun (enterprise)', identifier: 'mailgun-enterprise', providerId: 'mailgun', channel: 'email', primary: false, priority: 1, conditions: emailConditions }),
    integration(4, { _environmentId: dev, name: 'Twilio', identifier: 'twilio-dev', providerId: 'twilio', channel: 'sms', primary: true }),
    integration(5, { _environmentId: dev, name: 'Firebase Cloud Messaging', identifier: 'fcm-dev', providerId: 'fcm', channel: 'push', primary: true }),
    integration(6, { _environmentId: dev, name: 'Slack', identifier: 'slack-dev', providerId: 'slack', channel: 'chat', primary: true }),
    integration(7, { _environmentId: dev, name: 'Support agent', identifier: 'anthropic-agent', providerId: 'anthropic', kind: 'agent', primary: false }),
    // An integration as an old server returned it: real credential values, null deletion fields.
    integration(8, {
      _environmentId: dev,
      name: 'Postmark (legacy)',
      identifier: 'postmark-legacy',
      providerId: 'postmark',
      channel: 'email',
      primary: false,
      deletedAt: null,
      deletedBy: null,
      credentials: {
        apiKey: 'pm_live_8f2c1d9e4b7a6053f1e2d3c4b5a69788',
        secretKey: 'sk_sandbox_3b9f7e1a2c4d6e8f0a1b2c3d4e5f6a7b',
        password: 'Sandbox-Pa55word!',
        user: 'postmark-sender',
        from: 'no-reply@sandbox.example',
        senderName: 'Sandbox Notifications',
        secure: true,
      },
    }),
    integration(9, { _environmentId: dev, name: 'Discord', identifier: 'discord-dev', providerId: 'discord', channel: 'chat', primary: false }),
    integration(16, { _environmentId: prod, name: 'Amazon SES', identifier: 'ses-prod', providerId: 'ses', channel: 'email', primary: true }),
    integration(17, { _environmentId: prod, name: 'Novu Inbox', identifier: 'novu-inbox-prod', providerId: 'novu', channel: 'in_app', primary: true }),
    integration(18, { _environmentId: prod, name: 'Twilio', identifier: 'twilio-prod', providerId: 'twilio', channel: 'sms', primary: true }),
    integration(19, { _environmentId: prod, name: 'Expo Push', identifier: 'expo-prod', providerId: 'expo', channel: 'push', primary: true }),
    integration(20, { _environmentId: prod, name: 'Microsoft Teams', identifier: 'msteams-prod', providerId: 'msteams', channel: 'chat', primary: true }),
  ];
}
