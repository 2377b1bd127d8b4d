/**
 * The filter as the Activity filter pick shows it: one part per choice (a subscriber, a channel, a
 * time range…), to and from the stored filter, and what typed text may mean. Pure.
 */
import { WORKFLOW_ID_PATTERN, type ActivityFilter, type RelativeRange, type TimeRange } from './activityFilter';

/** One part of the filter as the quick pick offers it. */
export type FilterPart =
  | { kind: 'subscriber' | 'email' | 'channel' | 'severity' | 'transaction' | 'topic'; value: string }
  /** The exact set of context keys, joined by commas; '' for runs without a context. */
  | { kind: 'context'; value: string }
  | { kind: 'workflow'; value: string; name?: string }
  | { kind: 'range'; value: RelativeRange | 'custom'; range?: TimeRange };

export const partKey = (p: FilterPart): string => `${p.kind}:${p.value}`;

/** Parts that take one value: choosing another replaces it. */
export const SINGLE: ReadonlySet<FilterPart['kind']> = new Set(['range', 'transaction', 'topic', 'context']);

export function filterToParts(filter: ActivityFilter): FilterPart[] {
  const parts: FilterPart[] = [];
  for (const value of filter.subscriberIds ?? []) parts.push({ kind: 'subscriber', value });
  for (const value of filter.emails ?? []) parts.push({ kind: 'email', value });
  for (const value of filter.channels ?? []) parts.push({ kind: 'channel', value });
  for (const w of filter.workflows ?? []) parts.push({ kind: 'workflow', value: w.id, ...(w.name ? { name: w.name } : {}) });
  for (const value of filter.severity ?? []) parts.push({ kind: 'severity', value });
  if (filter.transactionId) parts.push({ kind: 'transaction', value: filter.transactionId });
  if (filter.topicKey) parts.push({ kind: 'topic', value: filter.topicKey });
  if (filter.contextKeys) parts.push({ kind: 'context', value: filter.contextKeys.join(',') });
  if (filter.range) parts.push({ kind: 'range', value: filter.range.kind === 'custom' ? 'custom' : filter.range.kind, range: filter.range });
  return parts;
}

export function partsToFilter(parts: readonly FilterPart[]): ActivityFilter {
  const filter: ActivityFilter = {};
  const push = (key: 'subscriberIds' | 'emails' | 'channels' | 'severity', value: string) => (filter[key] = [...(filter[key] ?? []), value]);
  for (const p of parts) {
    switch (p.kind) {
      case 'subscriber': push('subscriberIds', p.value); break;
      case 'email': push('emails', p.value); break;
      case 'channel': push('channels', p.value); break;
      case 'severity': push('severity', p.value); break;
      case 'workflow': filter.workflows = [...(filter.workflows ?? []), { id: p.value, ...(p.name ? { name: p.name } : {}) }]; break;
      case 'transaction': filter.transactionId = p.value; break;
      case 'topic': filter.topicKey = p.value; break;
      case 'context': filter.contextKeys = p.value === '' ? [] : p.value.split(',').map((k) => k.trim()).filter((k) => k !== ''); break;
      case 'range': if (p.range) filter.range = p.range; else if (p.value !== 'custom') filter.range = { kind: p.value }; break;
    }
  }
  return filter;
}

/** What typing `text` offers, likeliest first. */
export function typedParts(text: string): FilterPart[] {
  const value = text.trim();
  if (!value) return [];
  const parts: FilterPart[] = [];
  if (value.includes('@')) parts.push({ kind: 'email', value });
  if (WORKFLOW_ID_PATTERN.test(value)) parts.push({ kind: 'workflow', value: value.toLowerCase() });
  // `tenant:acme` or `tenant:acme, app:web`: a context's keys (each type:id, letters, digits, _ and -).
  const keys = value.split(',').map((k) => k.trim());
  const looksLikeContext = keys.every((k) => /^[A-Za-z0-9_-]+:[A-Za-z0-9_-]+$/.test(k));
  if (looksLikeContext) parts.push({ kind: 'context', value: [...new Set(keys)].sort().join(',') });
  parts.push({ kind: 'subscriber', value }, { kind: 'transaction', value }, { kind: 'topic', value });
  return parts;
}
