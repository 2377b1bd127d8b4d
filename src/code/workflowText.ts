/**
 * What code awareness says of a workflow the service holds, in the hover and the lens: its status,
 * steps and origin from the list, the whole workflow's channels, criticality and payload keys, and
 * the runs read for the lens. Every line is plain text (the hover escapes it).
 */
import * as vscode from 'vscode';
import type { Workflow, WorkflowListItem } from '../api';
import { stepTypeInfo } from '../format/jobStatus';
import { formatTime, relativeTime } from '../format/time';
import { lastTriggeredLine, originText, statusMeaning, statusText } from '../format/workflowStatus';
import type { RecentRuns } from './workflowCache';

/** The hover's first lines, from the list: `lastTriggered`, the list's last trigger time, said only when no runs were read (theirs is fresher). */
export function workflowLines(workflow: WorkflowListItem, where: string, lastTriggered: boolean): string[] {
  const channels = stepLabels(workflow);
  // In the Workflows view's words: the status said, not the service's constant.
  const meaning = statusMeaning(workflow.status);
  const origin = workflow.origin === 'external' ? vscode.l10n.t('code (synced from the framework)') : originText(workflow.origin);
  const last = lastTriggered && workflow.lastTriggeredAt ? formatTime(workflow.lastTriggeredAt, vscode.env.language).local : undefined;
  return [
    vscode.l10n.t('In {0}: {1}', where, statusText(workflow.status)) + (meaning ? ` (${meaning})` : ''),
    vscode.l10n.t('Identifier: {0}', workflow.workflowId ?? ''),
    ...(channels.length > 0 ? [vscode.l10n.t('Steps: {0}', channels.join(', '))] : []),
    ...(origin ? [vscode.l10n.t('Origin: {0}', origin)] : []),
    ...(last ? [lastTriggeredLine(workflow.lastTriggeredAt ?? '', last, Date.now(), vscode.env.language)] : []),
  ];
}

/** "3 of the last 50 runs failed", and for a single run, without "the last 1 runs". */
export function runsText(runs: RecentRuns): string {
  if (runs.total === 1) return runs.failed > 0 ? vscode.l10n.t('its one recent run failed') : vscode.l10n.t('no failure in its one recent run');
  return runs.failed === 0 ? vscode.l10n.t('none of the last {0} runs failed', runs.total) : vscode.l10n.t('{0} of the last {1} runs failed', runs.failed, runs.total);
}

/** The list item's steps by type, in order ("In-app, Digest, Email"). */
export function stepLabels(workflow: WorkflowListItem): string[] {
  return (workflow.steps ?? []).map((s) => stepTypeInfo(s.type ?? '').label);
}

/** The hover's lines from the whole workflow (§8.2) and the runs read for the lens. */
export function detailLines(detail: Workflow | undefined, runs: RecentRuns | undefined, stepsSaid: string): string[] {
  const lines: string[] = [];
  if (detail) {
    const byChannel = new Map<string, number>();
    for (const step of detail.steps ?? []) {
      const info = stepTypeInfo(step.type ?? '');
      if (info.channel) byChannel.set(info.label, (byChannel.get(info.label) ?? 0) + 1);
    }
    const channels = [...byChannel].map(([label, n]) => (n > 1 ? `${label} ×${n}` : label)).join(', ');
    // Said once: when the steps are just these channels, the line of steps says it already.
    if (byChannel.size > 0 && channels !== stepsSaid) lines.push(vscode.l10n.t('Channels: {0}', channels));
    const critical = detail.preferences?.user?.all?.readOnly ?? detail.preferences?.default?.all?.readOnly;
    if (critical) lines.push(vscode.l10n.t('Critical: subscriber preferences and schedules do not apply'));
    const required = requiredKeys(detail.payloadSchema);
    lines.push(required.length > 0 ? vscode.l10n.t('Payload requires: {0}', required.join(', ')) : detail.payloadSchema ? vscode.l10n.t('Payload: no required key') : vscode.l10n.t('Payload: no schema'));
  }
  if (runs) {
    lines.push(runs.total === 0 ? vscode.l10n.t('Last run: none recent') : vscode.l10n.t('Last run: {0} ({1})', relativeTime(runs.lastAt, Date.now(), vscode.env.language), runsText(runs)));
  }
  return lines;
}

/** The payload schema's top-level required keys (strings only; anything else in it is ignored). */
function requiredKeys(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const required = (schema as Record<string, unknown>)['required'];
  return Array.isArray(required) ? required.filter((k): k is string => typeof k === 'string') : [];
}
