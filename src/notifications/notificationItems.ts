/** A notification as one quick-pick row, wherever notifications are offered to choose from. */
import type { Notification } from '../api';
import type { PickItem } from '../ui/prompter';
import { noIcons } from '../ui/text';
import { countStatuses } from '../format/jobStatus';
import { l10n } from '../l10n';

/** "2 completed": how many jobs are in a status; a status the service added is shown as it names it. */
function statusCount(status: string, count: number): string {
  switch (status) {
    case 'completed':
      return l10n.t('{0} completed', count);
    case 'failed':
      return l10n.t('{0} failed', count);
    case 'pending':
      return l10n.t('{0} pending', count);
    case 'queued':
      return l10n.t('{0} queued', count);
    case 'running':
      return l10n.t('{0} running', count);
    case 'delayed':
      return l10n.t('{0} delayed', count);
    case 'canceled':
      return l10n.t('{0} canceled', count);
    case 'skipped':
      return l10n.t('{0} skipped', count);
    case 'merged':
      return l10n.t('{0} merged', count);
    default:
      return `${count} ${status}`;
  }
}

/** "2 completed · 1 failed" */
function summarizeStatuses(statuses: readonly string[]): string {
  return countStatuses(statuses.map((status) => ({ status }))).map(({ status, count }) => statusCount(status, count)).join(' · ') || l10n.t('no jobs');
}

export function notificationPickItem<T>(n: Notification, value: T): PickItem<T> {
  return {
    label: `$(bell) ${noIcons(n.template?.name ?? n.transactionId ?? n._id)}`,
    description: summarizeStatuses(n.jobs?.map((j) => j.status) ?? []),
    detail: noIcons([n.createdAt ? new Date(n.createdAt).toLocaleString() : '', n.subscriber?.subscriberId, l10n.t('transaction {0}', n.transactionId ?? '—'), n._id].filter(Boolean).join(' · ')),
    value,
  };
}
