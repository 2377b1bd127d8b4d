/**
 * What the Workflows view's rows say (issue 25, contract §8.1 and §8.2): a workflow's name, its
 * trigger identifier, its status, where it was made (code or dashboard) and its tags; the tooltip
 * adds the last trigger and the steps. Pure and vscode-free; every value stays plain text.
 */
import type { Workflow, WorkflowListItem, WorkflowStep } from '../api';
import { stepTypeInfo } from '../format/jobStatus';
import { l10n } from '../l10n';
import { formatTime } from '../format/time';
import { lastTriggeredLine, originText, statusMeaning, statusText } from '../format/workflowStatus';

/** The step types in order: the list's `stepTypeOverviews`, else its steps' types. */
export function stepTypes(w: Pick<WorkflowListItem, 'steps'> & { stepTypeOverviews?: unknown }): string[] {
  const overviews = Array.isArray(w.stepTypeOverviews) ? w.stepTypeOverviews.filter((t): t is string => typeof t === 'string') : [];
  if (overviews.length > 0) return overviews;
  return (w.steps ?? []).map((s) => s.type ?? '').filter((t) => t !== '');
}

export interface WorkflowRow {
  label: string;
  /** `welcome-onboarding · dashboard · onboarding, email` */
  description: string;
  status: string;
  accessibleLabel: string;
}

export function workflowRow(w: WorkflowListItem): WorkflowRow {
  const identifier = w.workflowId ?? '';
  const label = w.name?.trim() || identifier || w._id;
  const origin = originText(w.origin);
  const tags = (w.tags ?? []).filter((t) => t.trim() !== '');
  const status = w.status ?? 'ACTIVE';
  // An active workflow needs no words: its icon says it. The other statuses are said in the row.
  const parts = [identifier !== label ? identifier : '', status !== 'ACTIVE' ? statusText(status) : '', origin ?? '', tags.join(', ')].filter((p) => p !== '');
  return {
    label,
    description: parts.join(' · '),
    status,
    accessibleLabel: l10n.t({ message: '{0}, {1}, {2}', args: [label, identifier, statusText(status)], comment: 'for screen readers: workflow name, identifier, status' }),
  };
}

/** The row's hover (plain text), built only when it is shown. */
export function workflowTooltip(w: WorkflowListItem, nowMs: number, locale?: string): string {
  const row = workflowRow(w);
  const meaning = statusMeaning(w.status);
  const origin = originText(w.origin);
  const steps = stepTypes(w).map((t) => stepTypeInfo(t).label);
  const last = w.lastTriggeredAt ? formatTime(w.lastTriggeredAt, locale) : undefined;
  return [
    row.label,
    l10n.t('Identifier: {0}', w.workflowId ?? ''),
    l10n.t('Status: {0}', statusText(w.status)) + (meaning ? ` (${meaning})` : ''),
    ...(origin ? [w.origin === 'external' ? l10n.t('Origin: code (synced from @novu/framework)') : l10n.t('Origin: {0}', origin)] : []),
    ...((w.tags ?? []).length > 0 ? [l10n.t('Tags: {0}', (w.tags ?? []).join(', '))] : []),
    steps.length > 0 ? l10n.t('Steps: {0}', steps.join(' → ')) : l10n.t('Steps: none'),
    last?.local ? lastTriggeredLine(w.lastTriggeredAt ?? '', last.local, nowMs, locale) : l10n.t('Last triggered: never (or not since the service began keeping it)'),
    l10n.t('ID: {0}', w._id),
  ].join('\n');
}

export interface StepRow {
  label: string;
  description: string;
  /** The step's issues, in the service's words (missing integration, invalid controls). */
  issues: string[];
}

/** One step of §8.2: its name, its type, and what the service says is wrong with it. */
export function stepRow(step: WorkflowStep): StepRow {
  const info = stepTypeInfo(step.type ?? '');
  const label = step.name?.trim() || step.stepId || info.label;
  const issues = stepIssues(step.issues);
  const description = [info.label, ...(issues.length > 0 ? [issues.join('; ')] : [])].join(' · ');
  return { label, description, issues };
}

/** `issues.integration.<type>[].message` and `issues.controls.<field>[].message`, each once. */
export function stepIssues(issues: unknown): string[] {
  if (!issues || typeof issues !== 'object') return [];
  const found: string[] = [];
  for (const group of Object.values(issues as Record<string, unknown>)) {
    if (!group || typeof group !== 'object') continue;
    for (const list of Object.values(group as Record<string, unknown>)) {
      if (!Array.isArray(list)) continue;
      for (const issue of list) {
        const message = issue && typeof issue === 'object' ? (issue as Record<string, unknown>)['message'] : undefined;
        if (typeof message === 'string' && message.trim() !== '' && !found.includes(message.trim())) found.push(message.trim());
      }
    }
  }
  return found;
}

/** The workflow's steps as the view lists them after the one read of §8.2. */
export function stepRows(workflow: Pick<Workflow, 'steps'>): StepRow[] {
  return (workflow.steps ?? []).map(stepRow);
}
