// How an app triggers its notifications with @novu/api (accounts.js still uses the older @novu/node).
import { Novu } from '@novu/api';

const novu = new Novu({ secretKey: process.env.NOVU_SECRET_KEY ?? '' });

const ORDER_SHIPPED = 'order-shipped';

export async function welcome(subscriberId: string, firstName: string): Promise<void> {
  await novu.trigger({ workflowId: 'welcome-onboarding', to: subscriberId, payload: { firstName } });
}

export async function orderShipped(subscriberId: string, orderId: string): Promise<void> {
  await novu.trigger({ workflowId: ORDER_SHIPPED, to: subscriberId, payload: { orderId } });
}

// A typo: the Sandbox has "welcome-onboarding". The warning offers the fix.
export async function welcomeAgain(subscriberId: string): Promise<void> {
  await novu.trigger({ workflowId: 'welcom-onboarding', to: subscriberId, payload: {} });
}

// Not active in the Sandbox: a trigger is answered with trigger_not_active.
export async function newsletter(first: string, second: string): Promise<void> {
  await novu.triggerBulk({ events: [{ workflowId: 'marketing-newsletter', to: first }, { workflowId: 'marketing-newsletter', to: second }] });
}

// Exactly 16 letters and digits: the service misreads it when one workflow is read by it.
export async function remind(subscriberId: string, invoiceNumber: string): Promise<void> {
  await novu.trigger({ workflowId: 'invoiceReminders', to: subscriberId, payload: { invoiceNumber } });
}

// Active, but a step has invalid settings in the dashboard (status ERROR).
export async function trialEnding(subscriberId: string): Promise<void> {
  await novu.trigger({ workflowId: 'trial-ending', to: subscriberId, payload: { daysLeft: 3 } });
}

// Sent in Acme's context: only an Inbox opened with the context { tenant: 'acme' } shows it (src/inbox.tsx passes none).
export async function welcomeToAcme(subscriberId: string, firstName: string): Promise<void> {
  await novu.trigger({ workflowId: 'welcome-onboarding', to: subscriberId, payload: { firstName }, context: { tenant: 'acme' } });
}
