/** A notification as one quick-pick row, wherever notifications are offered to choose from. */
import type { Notification } from '../api';
import type { PickItem } from '../ui/prompter';
import { noIcons } from '../ui/text';
import { countStatuses, statusCountText } from '../format/jobStatus';
import { l10n } from '../l10n';

/** "2 completed · 1 failed" */
function summarizeStatuses(statuses: readonly string[]): string {
  return countStatuses(statuses.map((status) => ({ status }))).map(({ status, count }) => statusCountText(status, count)).join(' · ') || l10n.t('no jobs');
}

export function notificationPickItem<T>(n: Notification, value: T): PickItem<T> {
  return {
    label: `$(bell) ${noIcons(n.template?.name ?? n.transactionId ?? n._id)}`,
    description: summarizeStatuses(n.jobs?.map((j) => j.status) ?? []),
    detail: noIcons([n.createdAt ? new Date(n.createdAt).toLocaleString() : '', n.subscriber?.subscriberId, l10n.t('transaction {0}', n.transactionId ?? '—'), n._id].filter(Boolean).join(' · ')),
    value,
  };
}
