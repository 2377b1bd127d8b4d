// The sandbox's workflows: a fixed catalogue (it does not depend on the seed, so every sandbox shows
// the same configuration), then the ones the options add for the hostile-string and paging tests.
import { SANDBOX_FIXTURES as F } from './fixtures';
import { DAY_MS, SEED_BASE_MS, iso } from './random';
import type { Workflow } from './types';

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

function createWorkflows(): Workflow[] {
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
      translations: { locales: ['en_US', 'fr_FR', 'de_DE'] },
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
      translations: { locales: ['en_US', 'es_ES'] },
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
function markupWorkflow(): Workflow {
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

/** `count` quiet dashboard workflows after the catalogue, for paging. */
function generatedWorkflows(count: number): Workflow[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const _id = `6615c0ffee00000000f2${n.toString(16).padStart(4, '0')}`;
    return {
      _id,
      identifier: `generated-${n}`,
      slug: `generated-${n}_wf_${_id.slice(-8)}`,
      name: `Generated workflow ${n}`,
      critical: false,
      severity: 'none',
      origin: 'novu-cloud',
      tags: n % 2 === 0 ? ['generated', 'even'] : ['generated'],
      channels: ['in_app'],
      defaults: {},
      forced: {},
      variables: [],
      updatedAt: new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString(),
      quiet: true,
    };
  });
}

/** Every workflow of a sandbox: the catalogue, then the markup workflow and `extraWorkflows` generated ones when the options ask. */
export function seedWorkflows(options: { markupWorkflow?: boolean; extraWorkflows?: number }): Workflow[] {
  return [...createWorkflows(), ...(options.markupWorkflow ? [markupWorkflow()] : []), ...generatedWorkflows(options.extraWorkflows ?? 0)];
}
