// The organization's two environments and the integrations of each: fixed, like the workflows, so
// every sandbox shows the same configuration.
import { SANDBOX_FIXTURES as F } from './fixtures';
import { DAY_MS, SEED_BASE_MS, iso } from './random';
import type { Environment, Integration, StepFilter } from './types';

export const ENVIRONMENTS: readonly Environment[] = [
  { _id: F.developmentEnvironmentId, name: 'Development' },
  { _id: F.productionEnvironmentId, name: 'Production' },
];

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
    // Novu's own test provider only: Production's email goes out, within its limits (R13).
    integration(16, { _environmentId: prod, name: 'Novu Email', identifier: 'novu-email-prod', providerId: 'novu-email', channel: 'email', primary: true }),
    // HMAC on, as the service sets it for new non-development environments (contract §13): an Inbox session needs the subscriber's hash.
    integration(17, { _environmentId: prod, name: 'Novu Inbox', identifier: 'novu-inbox-prod', providerId: 'novu', channel: 'in_app', primary: true, credentials: { hmac: true } }),
    // Not primary: Production's SMS steps have no active primary SMS integration (issue 52's planned difference, R4).
    integration(18, { _environmentId: prod, name: 'Twilio', identifier: 'twilio-prod', providerId: 'twilio', channel: 'sms', primary: false }),
    integration(19, { _environmentId: prod, name: 'Expo Push', identifier: 'expo-prod', providerId: 'expo', channel: 'push', primary: true }),
    integration(20, { _environmentId: prod, name: 'Microsoft Teams', identifier: 'msteams-prod', providerId: 'msteams', channel: 'chat', primary: true }),
  ];
}
