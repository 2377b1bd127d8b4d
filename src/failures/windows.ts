/** The failures' time windows: how long each is, and its words. Shared by the panel and the agent's tool; no vscode import. */
import { l10n } from '../l10n';
import type { FailureRange } from './protocol';

export const WINDOW_MS: Readonly<Record<FailureRange, number>> = { lastHour: 3_600_000, last24Hours: 86_400_000, last7Days: 7 * 86_400_000 };

export function windowLabel(range: FailureRange): string {
  switch (range) {
    case 'lastHour':
      return l10n.t('the last hour');
    case 'last24Hours':
      return l10n.t('the last 24 hours');
    case 'last7Days':
      return l10n.t('the last 7 days');
  }
}
