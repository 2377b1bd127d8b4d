// A workflow defined in code with @novu/framework (synced to the service with `npx novu sync`).
import { workflow } from '@novu/framework';
import { z } from 'zod';

export const onboardingDigest = workflow(
  'onboarding-digest',
  async ({ step, payload }) => {
    await step.email('digest-email', async () => ({ subject: `Your first week, ${payload.firstName}`, body: 'Here is what happened.' }));
  },
  { payloadSchema: z.object({ firstName: z.string() }) },
);

// Synced to the Sandbox: its payload schema is what Trigger… fills in and checks.
export const invoicePaid = workflow(
  'invoice-paid',
  async ({ step, payload }) => {
    await step.inApp('paid', async () => ({ body: `Invoice ${payload.invoiceNumber} is paid.` }));
    await step.email('receipt', async () => ({ subject: `Receipt for ${payload.invoiceNumber}`, body: `${payload.amount} ${payload.currency}` }));
  },
  {
    payloadSchema: z.object({
      invoiceNumber: z.string().min(1),
      amount: z.number().min(0),
      currency: z.enum(['EUR', 'USD', 'GBP']).default('EUR'),
      customer: z.object({ name: z.string(), email: z.string().email().optional() }).strict(),
      lines: z.array(z.object({ description: z.string(), quantity: z.number().int().min(1) })).optional(),
      sendReceipt: z.boolean().default(true),
    }).strict(),
  },
);
