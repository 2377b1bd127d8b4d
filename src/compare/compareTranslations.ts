/**
 * Translations side by side (contract §10.7): for each workflow with translations enabled on either
 * side, its locales on each side, the locales the target lacks and those it marks outdated. Not a
 * resource of Novu's own diff (an enterprise module): shown where enabled and readable; otherwise
 * the comparison says "not compared" and why. Pure: no `vscode`.
 */
import type { SideSnapshot } from './snapshot';

export interface TranslationRow {
  workflowId: string;
  name: string;
  /** The side's locales; null where translations are not enabled for the workflow, or (listed in `unread`) its group could not be read. */
  source: string[] | null;
  target: string[] | null;
  /** The sides whose group could not be read (they are among the comparison's `unread`): nothing is said of their locales. */
  unread: ('source' | 'target')[];
  /** In the source's locales, not the target's. */
  lacking: string[];
  /** The target's `outdatedLocales`. */
  outdated: string[];
  differs: boolean;
}

export type TranslationsComparison =
  /** No workflow has translations enabled on either side: nothing to compare. */
  | { kind: 'notEnabled' }
  /** A side's translation routes answered 402, 403 or 404: the module is not in its plan or server. */
  | { kind: 'unavailable'; side: 'source' | 'target'; status: number; message: string }
  | { kind: 'compared'; workflows: TranslationRow[] };

const enabled = (side: SideSnapshot, workflowId: string): boolean => side.workflows.get(workflowId)?.['isTranslationEnabled'] === true;

export function compareTranslations(source: SideSnapshot, target: SideSnapshot): TranslationsComparison {
  for (const [name, side] of [['source', source], ['target', target]] as const) {
    const read = side.translationsRead;
    if (read?.kind === 'unavailable') return { kind: 'unavailable', side: name, status: read.status, message: read.message };
  }
  const ids = [...new Set([...source.workflows.keys(), ...target.workflows.keys()])].filter((id) => enabled(source, id) || enabled(target, id)).sort();
  if (ids.length === 0) return { kind: 'notEnabled' };
  const workflows = ids.map((workflowId): TranslationRow => {
    const a = enabled(source, workflowId) ? (source.translations?.get(workflowId) ?? null) : null;
    const b = enabled(target, workflowId) ? (target.translations?.get(workflowId) ?? null) : null;
    const lacking = a && b ? a.locales.filter((l) => !b.locales.includes(l)) : [];
    const outdated = b?.outdatedLocales ?? [];
    const sameLocales = (a?.locales ?? []).length === (b?.locales ?? []).length && lacking.length === 0;
    const name = String(source.workflows.get(workflowId)?.['name'] ?? target.workflows.get(workflowId)?.['name'] ?? workflowId);
    const unread = (['source', 'target'] as const).filter((side) => {
      const snapshot = side === 'source' ? source : target;
      return enabled(snapshot, workflowId) && !snapshot.translations?.has(workflowId);
    });
    const differs = enabled(source, workflowId) !== enabled(target, workflowId) || (unread.length === 0 && (!sameLocales || outdated.length > 0));
    return { workflowId, name, source: a?.locales ?? null, target: b?.locales ?? null, unread, lacking, outdated, differs };
  });
  return { kind: 'compared', workflows };
}
