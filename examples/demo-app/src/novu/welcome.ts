// The demo app's framework workflows (@novu/framework 2.13), served by a real Express bridge:
//   node examples/demo-app/bridge/run.mjs --port 4000 --secret-key <the environment's secret key>
// Open this file and click Preview above a step: the running app renders it. Between them the
// workflows use every channel, a digest, required keys with enums and defaults, a step that throws
// for one payload value, a `skip` condition, a step only some payloads reach, and one email whose
// HTML the app builds itself and sends unsanitized.
//
// Payload schemas are JSON Schema or `zod/v3`: both are visible in the bridge's discover. (Plain
// zod 4 schemas, as in ../workflows.ts, come out empty there.) Their defaults make a first preview,
// with no payload and no subscriber, read as a real message ("Welcome to Acme, Ada!").
import { SeverityLevelEnum, workflow } from '@novu/framework';
import { z } from 'zod/v3';

// -------------------------------------------------------------------------------------------------
// account-welcome (JSON Schema): an HTML email with the payload and {{subscriber.firstName}}, an
// in-app message with an avatar and two buttons, an SMS, and an upgrade nudge that is skipped for
// enterprise accounts. The name given at sign-up (`ownerName`) stands in until the subscriber has
// a first name of their own.
// -------------------------------------------------------------------------------------------------
export const accountWelcome = workflow(
  'account-welcome',
  async ({ step, payload, subscriber }) => {
    const firstName = subscriber.firstName ?? payload.ownerName;
    await step.email(
      'welcome-email',
      async (controls) => ({
        // The subject is a Liquid control whose default reads the payload and the subscriber.
        subject: controls.subject,
        body: `<!DOCTYPE html><html><body style="font-family:sans-serif;color:#1f2328">
<h1>Hello ${firstName}</h1>
<p>Your <b>${payload.plan}</b> plan at ${payload.companyName} is ready; the trial lasts ${payload.trialDays} days.</p>
<p><a href="${payload.ctaUrl}" style="background:#6a4cff;color:#fff;padding:8px 16px;border-radius:6px;text-decoration:none">Get started</a></p>
</body></html>`,
      }),
      {
        controlSchema: {
          type: 'object',
          properties: {
            subject: { type: 'string', default: 'Welcome to {{payload.companyName}}, {{subscriber.firstName | default: payload.ownerName}}!' },
          },
          additionalProperties: false,
        } as const,
      },
    );
    await step.inApp('welcome-in-app', async () => ({
      subject: `Welcome, ${firstName}`,
      body: `Your ${payload.plan} workspace for ${payload.companyName} is ready.`,
      avatar: 'https://app.example.com/logo.png',
      primaryAction: { label: 'Open dashboard', redirect: { url: payload.ctaUrl } },
      secondaryAction: { label: 'Invite your team', redirect: { url: '/settings/team' } },
      data: { plan: payload.plan },
    }));
    await step.sms('welcome-sms', async () => ({
      body: `Hi ${firstName}, welcome to ${payload.companyName}! Reply STOP to opt out.`,
    }));
    await step.inApp(
      'upgrade-nudge',
      async () => ({ body: `You are on the ${payload.plan} plan. Upgrade to unlock single sign-on.` }),
      // Enterprise accounts already have it. (A preview renders the step anyway: skip is evaluated
      // only when the workflow really runs.)
      { skip: () => payload.plan === 'enterprise' },
    );
  },
  {
    name: 'Account welcome',
    description: 'Sent when a new account is created',
    tags: ['onboarding'],
    severity: SeverityLevelEnum.LOW,
    preferences: { all: { enabled: true }, channels: { sms: { enabled: false } } },
    payloadSchema: {
      type: 'object',
      properties: {
        plan: { type: 'string', enum: ['free', 'team', 'enterprise'], default: 'team' },
        companyName: { type: 'string', minLength: 1, default: 'Acme' },
        ownerName: { type: 'string', minLength: 1, default: 'Ada', description: 'The first name given at sign-up (the subscriber’s own first name wins)' },
        trialDays: { type: 'integer', minimum: 0, default: 14 },
        ctaUrl: { type: 'string', format: 'uri', default: 'https://app.example.com/start' },
      },
      required: ['plan', 'companyName'],
      additionalProperties: false,
    } as const,
  },
);

// -------------------------------------------------------------------------------------------------
// order-shipped (zod/v3): push, chat and SMS. The chat step throws for carrier "fedex" (the app has
// no tracking links for it), whatever else the payload holds: a preview fills the schema's optional
// keys with made-up values now and then (the framework's mock), so a given trackingUrl must not
// decide it. `expedited-sms` runs only for expedited orders, so the bridge's discover (which runs
// the workflow once with an empty payload) never lists it.
// -------------------------------------------------------------------------------------------------
function trackingLink(carrier: string, orderId: string, given: string | undefined): string {
  if (carrier === 'fedex') {
    throw new Error(`No tracking link for carrier "${carrier}" (order ${orderId})`);
  }
  return given ?? `https://track.example.com/${carrier}/${encodeURIComponent(orderId)}`;
}

export const orderShipped = workflow(
  'order-shipped',
  async ({ step, payload }) => {
    await step.push('shipped-push', async () => ({
      subject: `Order ${payload.orderId} shipped`,
      body: `${payload.items} item(s) on the way with ${payload.carrier.toUpperCase()}`,
    }));
    await step.chat('shipped-chat', async () => ({
      body: `:package: Order *${payload.orderId}* shipped: ${trackingLink(payload.carrier, payload.orderId, payload.trackingUrl)}`,
    }));
    if (payload.expedited) {
      await step.sms('expedited-sms', async () => ({ body: `Expedited: order ${payload.orderId} arrives tomorrow` }));
    }
    await step.sms('shipped-sms', async () => ({ body: `Order ${payload.orderId} shipped with ${payload.carrier}` }));
  },
  {
    name: 'Order shipped',
    tags: ['orders', 'transactional'],
    severity: SeverityLevelEnum.MEDIUM,
    payloadSchema: z.object({
      orderId: z.string().min(1).default('A-1001'),
      carrier: z.enum(['ups', 'dhl', 'fedex']).default('dhl'),
      items: z.number().int().min(1).default(1),
      expedited: z.boolean().default(false),
      trackingUrl: z.string().url().optional(),
    }),
  },
);

// -------------------------------------------------------------------------------------------------
// team-digest (JSON Schema): a digest collects the week's events, then one email lists them.
// -------------------------------------------------------------------------------------------------
export const teamDigest = workflow(
  'team-digest',
  async ({ step, payload }) => {
    const digest = await step.digest('collect', async () => ({
      amount: payload.frequency === 'daily' ? 1 : 7,
      unit: 'days' as const,
    }));
    await step.email('digest-email', async () => ({
      subject: `${payload.teamName}: ${digest.events.length} update(s) this ${payload.frequency === 'daily' ? 'day' : 'week'}`,
      body: `<h2>${payload.teamName}</h2><ul>${digest.events
        .map((event, i) => `<li>${String((event.payload as { title?: unknown } | undefined)?.title ?? `Update ${i + 1}`)}</li>`)
        .join('')}</ul>`,
    }));
  },
  {
    name: 'Team digest',
    tags: ['digest'],
    payloadSchema: {
      type: 'object',
      properties: {
        teamName: { type: 'string', minLength: 1, default: 'Core team' },
        frequency: { type: 'string', enum: ['daily', 'weekly'], default: 'weekly' },
        title: { type: 'string', description: 'The update this event adds to the digest' },
      },
      required: ['teamName'],
      additionalProperties: false,
    } as const,
  },
);

// -------------------------------------------------------------------------------------------------
// payment-receipt (JSON Schema): the receipt's HTML is built here, table and all, and sent as is
// (`disableOutputSanitization`), so that the framework's sanitizer does not rewrite its markup. The
// app escapes its own data but inserts `footerHtml` (HTML from the billing settings) unescaped:
// whatever that field holds reaches the email, scripts included.
// -------------------------------------------------------------------------------------------------
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface ReceiptLine {
  description: string;
  quantity: number;
  unitPrice: number;
}

function receiptHtml(receipt: { invoiceNumber: string; customerName: string | null | undefined; currency: string; lines: ReceiptLine[]; footerHtml: string }): string {
  const money = (n: number) => `${n.toFixed(2)} ${receipt.currency}`;
  const total = receipt.lines.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);
  const rows = receipt.lines
    .map((line) => `<tr><td>${escapeHtml(line.description)}</td><td align="right">${line.quantity}</td><td align="right">${money(line.quantity * line.unitPrice)}</td></tr>`)
    .join('\n');
  return `<!DOCTYPE html><html><head><style>
table { border-collapse: collapse; width: 100%; } td, th { border-bottom: 1px solid #d0d7de; padding: 6px; }
</style></head><body style="font-family:sans-serif;color:#1f2328">
<h1>Receipt ${escapeHtml(receipt.invoiceNumber)}</h1>
<p>Thank you${receipt.customerName ? `, ${escapeHtml(receipt.customerName)}` : ' for your order'}.</p>
<table><tr><th align="left">Item</th><th align="right">Qty</th><th align="right">Amount</th></tr>
${rows}
<tr><td colspan="2"><b>Total</b></td><td align="right"><b>${money(total)}</b></td></tr></table>
<footer>${receipt.footerHtml}</footer>
</body></html>`;
}

export const paymentReceipt = workflow(
  'payment-receipt',
  async ({ step, payload, subscriber }) => {
    await step.email(
      'receipt-email',
      async () => ({
        subject: `Receipt ${payload.invoiceNumber}`,
        body: receiptHtml({
          invoiceNumber: payload.invoiceNumber,
          customerName: subscriber.firstName,
          currency: payload.currency,
          lines: payload.lines,
          footerHtml: payload.footerHtml,
        }),
      }),
      { disableOutputSanitization: true },
    );
  },
  {
    name: 'Payment receipt',
    tags: ['billing'],
    severity: SeverityLevelEnum.MEDIUM,
    payloadSchema: {
      type: 'object',
      properties: {
        invoiceNumber: { type: 'string', minLength: 1, default: 'INV-1042' },
        currency: { type: 'string', enum: ['EUR', 'USD', 'GBP'], default: 'EUR' },
        lines: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              description: { type: 'string' },
              quantity: { type: 'integer', minimum: 1 },
              unitPrice: { type: 'number', minimum: 0 },
            },
            required: ['description', 'quantity', 'unitPrice'],
            additionalProperties: false,
          },
          default: [{ description: 'Team plan (monthly)', quantity: 1, unitPrice: 49 }],
        },
        footerHtml: {
          type: 'string',
          default: '<p style="color:#656d76">Questions? <a href="https://app.example.com/billing">Contact billing</a>.</p>',
        },
      },
      required: ['invoiceNumber', 'lines', 'footerHtml'],
      additionalProperties: false,
    } as const,
  },
);
