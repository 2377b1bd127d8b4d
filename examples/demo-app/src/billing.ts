// The common layout: the framework workflows are defined in workflows.ts, and the services that
// send them import them from there.
import { invoicePaid, onboardingDigest } from './workflows';

export async function receipt(subscriberId: string): Promise<void> {
  await invoicePaid.trigger({ to: subscriberId, payload: { invoiceNumber: 'INV-1', amount: 42, customer: { name: 'Ada' } } });
}

export async function sendDigest(subscriberId: string): Promise<void> {
  await onboardingDigest.trigger({ to: subscriberId, payload: { firstName: 'Ada' } });
}
