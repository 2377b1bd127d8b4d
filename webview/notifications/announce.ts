/**
 * What a screen reader hears when a live refresh finds the jobs moved on: "Updated: email-step is
 * now Failed." Pure: the jobs before and after in, words out (nothing when nothing changed).
 */
import type { JobSummary } from '../../src/notifications/protocol';

const MAX_NAMED = 3;

export function jobAnnouncement(before: readonly JobSummary[] | undefined, after: readonly JobSummary[]): string | undefined {
  if (!before) return undefined;
  const was = new Map(before.map((job) => [job.id, job]));
  const changed = after.filter((job) => was.has(job.id) && was.get(job.id)!.status !== job.status);
  const added = after.filter((job) => !was.has(job.id)).length;
  if (changed.length === 0 && added === 0) return undefined;
  const named = changed.slice(0, MAX_NAMED).map((job) => `${job.name} is now ${job.statusLabel}`);
  if (changed.length > MAX_NAMED) named.push(`${changed.length - MAX_NAMED} more changed`);
  if (added > 0) named.push(`${added} new ${added === 1 ? 'job' : 'jobs'}`);
  return `Updated: ${named.join(', ')}.`;
}
