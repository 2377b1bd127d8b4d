/**
 * A link of the preview as a person reads it in the panel: its address with any direction control
 * made visible (`\u202E`), where it opens (its target, always said), and why it is not safe, in
 * words. Pure, for the panel's script and its tests.
 */
import { l10n } from '../../src/l10n';
import { showControls, unsafeReasonWords, type UnsafeReason } from '../../src/rendered/linkSafety';

export interface LinkLine {
  /** The address as shown: direction controls written as escapes. */
  shown: string;
  /** The address as the app gave it: what "Open" asks the host about. */
  url: string;
  /** "target _parent", when the link names one. */
  target?: string;
  /** Each reason it is not safe, in words (empty: nothing flagged). */
  warnings: string[];
}

export function linkLine(link: { url: string; target?: string; reasons: readonly UnsafeReason[] }): LinkLine {
  return {
    shown: showControls(link.url),
    url: link.url,
    ...(link.target ? { target: l10n.t('target {0}', showControls(link.target)) } : {}),
    warnings: link.reasons.map(unsafeReasonWords),
  };
}

/** "Not safe: runs a script or opens inline data; replaces the whole page (_top or _parent)". */
export function warningText(warnings: readonly string[]): string {
  return l10n.t('Not safe: {0}', warnings.join('; '));
}
