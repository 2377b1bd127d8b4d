// What an in-app step of each workflow says in the Inbox (contract §13): its subject and body made
// from the run's payload and the subscriber, as the workflow's in-app step would render them, with
// a redirect where the workflow has somewhere to send the reader.
import type { JsonObject, JsonValue, Subscriber, Workflow } from './types';

export interface InAppContent {
  subject: string;
  body: string;
  redirect?: { url: string; target?: string };
  data?: JsonObject;
}

const text = (value: JsonValue | undefined, fallback: string): string =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : Array.isArray(value) ? value.join(', ') : fallback;

/** The in-app message of a run of `workflow` for `subscriber` with `payload`. */
export function inAppContent(workflow: Pick<Workflow, 'identifier' | 'name'>, payload: JsonObject, subscriber: Pick<Subscriber, 'firstName' | 'subscriberId'> | undefined): InAppContent {
  const name = subscriber?.firstName || 'there';
  switch (workflow.identifier) {
    case 'welcome-onboarding':
      return {
        subject: `Welcome aboard, ${text(payload['firstName'], name)}!`,
        body: 'Your workspace is ready. Take the two-minute tour to set up your first project.',
        redirect: { url: text(payload['ctaUrl'], 'https://app.sandbox.example/start'), target: '_self' },
      };
    case 'weekly-digest':
      return {
        subject: 'Your week on Sandbox',
        body: `New activity on your posts, starting with “${text(payload['postTitle'], 'a post you follow')}”.`,
        redirect: { url: text(payload['postUrl'], 'https://app.sandbox.example/posts'), target: '_self' },
      };
    case 'comment-mention':
      return {
        subject: `${text(payload['author'], 'Someone')} mentioned you`,
        body: `“${text(payload['commentText'], 'Could you take a look at this?')}”`,
      };
    case 'order-shipped':
      return {
        subject: `Order ${text(payload['orderId'], '')} has shipped`.replace('  ', ' '),
        body: `Your order is on its way with ${text(payload['carrier'], 'the carrier')}.`,
        ...(typeof payload['trackingUrl'] === 'string' ? { redirect: { url: payload['trackingUrl'], target: '_blank' } } : {}),
      };
    case 'system-maintenance':
      return {
        subject: `Planned maintenance: ${text(payload['window'], 'this weekend')}`,
        body: `We will upgrade ${text(payload['services'], 'some services')} during ${text(payload['window'], 'the window')}. Expect short interruptions.`,
      };
    case 'invoice-paid':
      return { subject: `Invoice ${text(payload['invoiceNumber'], '')} paid`.replace('  ', ' '), body: 'Thank you: your payment was received.' };
    case 'trial-ending':
      return { subject: 'Your trial is ending', body: `Your trial ends in ${text(payload['daysLeft'], 'a few')} days. Choose a plan to keep your data.` };
    default:
      return { subject: workflow.name, body: `You have a new notification from ${workflow.name}.` };
  }
}
