/** A subscriber as people are named: first and last name, when the subscriber has either. */
import type { Subscriber } from '../api';

export function subscriberDisplayName(subscriber: Pick<Subscriber, 'firstName' | 'lastName'>): string | undefined {
  const name = [subscriber.firstName, subscriber.lastName].filter((part) => part && part.trim()).join(' ').trim();
  return name || undefined;
}
