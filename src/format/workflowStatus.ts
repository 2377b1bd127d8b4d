/**
 * A workflow's status, origin and last trigger in words (contract §8.1): said by the Workflows
 * view's rows and by code awareness's hover, so written once here. Pure and vscode-free.
 */
import { l10n } from '../l10n';
import { wordFor, type Words } from '../words';
import { relativeTime } from './time';

export type WorkflowStatus = 'ACTIVE' | 'INACTIVE' | 'ERROR';
export const WORKFLOW_STATUSES: readonly WorkflowStatus[] = ['ACTIVE', 'INACTIVE', 'ERROR'];

/** A status in words; a status this version does not know is shown as the service sent it. */
export function statusText(status: string | null | undefined): string {
  switch (status ?? 'ACTIVE') {
    case 'ACTIVE':
      return l10n.t('active');
    case 'INACTIVE':
      return l10n.t('inactive');
    case 'ERROR':
      return l10n.t('active, with errors');
    default:
      return status ?? '';
  }
}

/** What a status means for a trigger. */
export function statusMeaning(status: string | null | undefined): string | undefined {
  switch (status ?? 'ACTIVE') {
    case 'INACTIVE':
      return l10n.t('Triggers are answered "trigger_not_active": nothing is sent.');
    case 'ERROR':
      return l10n.t('A step has invalid settings; the workflow still runs.');
    default:
      return undefined;
  }
}

/** Where the workflow was made: in code (synced from the framework), the dashboard, or the legacy editor. */
export function originText(origin: string | null | undefined): string | undefined {
  return wordFor(ORIGINS, origin) ?? (origin || undefined);
}

const ORIGINS: Words = {
  external: () => l10n.t('code'),
  'novu-cloud': () => l10n.t('dashboard'),
  'novu-cloud-v1': () => l10n.t('legacy editor'),
};

/** "Last triggered: 12 min ago (24 Nov 2026, 11:48)"; an older one by its date alone, said once. */
export function lastTriggeredLine(iso: string, local: string, nowMs: number, locale?: string): string {
  const relative = relativeTime(iso, nowMs, locale);
  return local.startsWith(relative) ? l10n.t('Last triggered: {0}', local) : l10n.t('Last triggered: {0} ({1})', relative, local);
}
