/**
 * A whole comparison of two sides (contract §10): the pair check, the workflows and layouts with
 * their marks, the integrations by channel, the readiness findings, what could not be read, and
 * the marks in words from the source's side towards the target's ("Not in Production"). The tree,
 * the diff editor, the agent's tool and the CLI all read this one value. Pure: no `vscode`.
 */
import { l10n } from '../l10n';
import { type ChannelComparison, type LayoutComparison, compareIntegrations, compareLayouts } from './compareLayouts';
import { type TranslationRow, type TranslationsComparison, compareTranslations } from './compareTranslations';
import { type Mark, type WorkflowComparison, compareWorkflows } from './compareWorkflows';
import { type PairCheck, checkPair } from './environments';
import { type Finding, readinessFindings } from './readiness';
import type { SideSnapshot, UnreadItem } from './snapshot';

export interface SideSummary {
  name: string;
  environmentName: string;
  readAt: string;
}

export interface Comparison {
  source: SideSummary;
  target: SideSummary;
  pair: PairCheck;
  workflows: WorkflowComparison[];
  layouts: LayoutComparison[];
  integrations: ChannelComparison[];
  /** Translations where enabled and readable (§10.7); otherwise why they were not compared. */
  translations: TranslationsComparison;
  findings: Finding[];
  /** Everything either side could not read: a partial read is never "no differences". */
  unread: { side: 'source' | 'target'; item: UnreadItem }[];
  counts: Record<Mark, number>;
}

const MARKS: readonly Mark[] = ['notInTarget', 'onlyInTarget', 'differs', 'stepOrder', 'same', 'notRead'];

function summary(side: SideSnapshot): SideSummary {
  return { name: side.name, environmentName: side.environment.name, readAt: side.readAt };
}

/**
 * Compares two read sides. A refused pair (the same environment twice) compares nothing: its
 * lists stay empty and `pair` says why.
 */
export function compareSides(source: SideSnapshot, target: SideSnapshot): Comparison {
  const pair = checkPair(source, target);
  const unread = [...source.unread.map((item) => ({ side: 'source' as const, item })), ...target.unread.map((item) => ({ side: 'target' as const, item }))];
  const counts = Object.fromEntries(MARKS.map((m) => [m, 0])) as Record<Mark, number>;
  if (pair.kind === 'sameEnvironment') return { source: summary(source), target: summary(target), pair, workflows: [], layouts: [], integrations: [], translations: { kind: 'notEnabled' }, findings: [], unread, counts };
  const workflows = compareWorkflows(source, target);
  const layouts = compareLayouts(source, target);
  for (const item of [...workflows, ...layouts]) counts[item.mark]++;
  const integrations = source.integrationsRead && target.integrationsRead ? compareIntegrations(source.integrations, target.integrations) : [];
  const findings = readinessFindings(source, target, layouts);
  return { source: summary(source), target: summary(target), pair, workflows, layouts, integrations, translations: compareTranslations(source, target), findings, unread, counts };
}

/** True when nothing differs and everything was read: the only case that may say "no differences found in the fields Novu compares". */
export function noDifferences(comparison: Comparison): boolean {
  return comparison.unread.length === 0 && comparison.counts.same === comparison.workflows.length + comparison.layouts.length && comparison.integrations.every((c) => !c.differs);
}

/** A mark in words, said from the source towards the target named (its environment's name, never renamed). */
export function markLabel(mark: Mark, targetEnvironment: string): string {
  switch (mark) {
    case 'notInTarget':
      return l10n.t('Not in {0}', targetEnvironment);
    case 'onlyInTarget':
      return l10n.t('Only in {0}', targetEnvironment);
    case 'differs':
      return l10n.t('Differs');
    case 'stepOrder':
      return l10n.t('Step order differs');
    case 'same':
      return l10n.t('Same');
    case 'notRead':
      return l10n.t('Could not read');
  }
}

/** Why translations were not compared, in words (§10.7); undefined when they were. `side` names the side that refused. */
export function translationsNotComparedText(t: TranslationsComparison, side: (which: 'source' | 'target') => string): string | undefined {
  if (t.kind === 'notEnabled') return l10n.t('not compared: no workflow has translations enabled on either side');
  if (t.kind === 'unavailable') return l10n.t('not compared: not available for this plan or server ({0} answered {1}: {2})', side(t.side), t.status, t.message);
  return undefined;
}

/** A workflow's translations on both sides, in words: "Development: en_US, fr_FR → Production: en_US (lacks fr_FR; outdated de_DE)". */
export function translationRowText(row: TranslationRow, sides: { source: string; target: string }): string {
  const locales = (side: 'source' | 'target') => {
    const l = row[side];
    if (row.unread.includes(side)) return l10n.t('could not read');
    return l === null ? l10n.t('not enabled') : l.length === 0 ? l10n.t('no locale') : l.join(', ');
  };
  const notes = [...(row.lacking.length > 0 ? [l10n.t('lacks {0}', row.lacking.join(', '))] : []), ...(row.outdated.length > 0 ? [l10n.t('outdated {0}', row.outdated.join(', '))] : [])];
  return `${sides.source}: ${locales('source')} → ${sides.target}: ${locales('target')}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
}

/** What could not be read, in words: "could not read (errorId …)", the status, or the retries given up. */
export function unreadText(item: UnreadItem): string {
  if (item.errorId) return l10n.t('could not read (errorId {0})', item.errorId);
  return l10n.t('could not read ({0})', item.message);
}
