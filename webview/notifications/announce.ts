/**
 * What a screen reader hears when a live refresh finds the jobs moved on: "Updated: email-step is
 * now Failed." Pure: the jobs before and after in, words out (nothing when nothing changed).
 */
import { l10n } from '../../src/l10n';
import type { JobSummary } from '../../src/notifications/protocol';

const MAX_NAMED = 3;

export function jobAnnouncement(before: readonly JobSummary[] | undefined, after: readonly JobSummary[]): string | undefined {
  if (!before) return undefined;
  const was = new Map(before.map((job) => [job.id, job]));
  const changed = after.filter((job) => was.has(job.id) && was.get(job.id)!.status !== job.status);
  const added = after.filter((job) => !was.has(job.id)).length;
  if (changed.length === 0 && added === 0) return undefined;
  const named = changed.slice(0, MAX_NAMED).map((job) => l10n.t('{0} is now {1}', job.name, job.statusLabel));
  if (changed.length > MAX_NAMED) named.push(l10n.t('{0} more changed', changed.length - MAX_NAMED));
  if (added > 0) named.push(added === 1 ? l10n.t('1 new job') : l10n.t('{0} new jobs', added));
  return l10n.t('Updated: {0}.', named.join(', '));
}
