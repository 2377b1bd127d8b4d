/**
 * The Checks strip's words and where each finding leads (issue 46, §5), without the DOM: the
 * counts by level, where a finding applies in words, and what to reveal for it in the panel (an
 * element, inside a block to open first) or in the payload's editor (a key).
 */
import { l10n } from '../../src/l10n';
import type { FindingWhere } from '../../src/checks/checkLevels';
import { showControls } from '../../src/rendered/linkSafety';

/** "Checks: 1 error, 2 warnings", or that there is nothing to say. */
export function checksHeading(counts: { errors: number; warnings: number }): string {
  const parts: string[] = [];
  if (counts.errors > 0) parts.push(counts.errors === 1 ? l10n.t('1 error') : l10n.t('{0} errors', counts.errors));
  if (counts.warnings > 0) parts.push(counts.warnings === 1 ? l10n.t('1 warning') : l10n.t('{0} warnings', counts.warnings));
  return parts.length > 0 ? l10n.t('Checks: {0}', parts.join(', ')) : l10n.t('Checks: nothing found');
}

/** Where a finding applies, in a few words. */
export function whereWords(where: FindingWhere): string {
  switch (where.kind) {
    case 'step':
      return l10n.t('The step');
    case 'field':
      return where.field === 'subject' ? l10n.t('Subject') : where.field === 'body' ? l10n.t('Body') : where.field === 'title' ? l10n.t('Title') : l10n.t('Text');
    case 'link':
      return l10n.t('Link {0}', where.index + 1);
    case 'image':
      return l10n.t('Image {0}', where.index + 1);
    case 'button':
      return where.button === 'primary' ? l10n.t('Primary button') : where.button === 'secondary' ? l10n.t('Secondary button') : where.button === 'redirect' ? l10n.t('Redirect') : l10n.t('Avatar');
    case 'payload':
      return where.key ? l10n.t('Payload: {0}', showControls(where.key)) : l10n.t('Payload');
  }
}

/** What a finding reveals: an element of the panel (inside the block `open` opens first), or a key of the payload's editor. */
export type RevealTarget = { selector: string; open?: 'links' | 'images' } | { payloadKey: string };

export function revealTarget(where: FindingWhere): RevealTarget {
  switch (where.kind) {
    case 'step':
      return { selector: '[data-shown]' };
    case 'field':
      return { selector: `[data-field="${where.field}"]` };
    case 'link':
      return { selector: `[data-link-index="${where.index}"]`, open: 'links' };
    case 'image':
      return { selector: `[data-image-index="${where.index}"]`, open: 'images' };
    case 'button':
      return { selector: `[data-button="${where.button}"]` };
    case 'payload':
      return { payloadKey: where.key };
  }
}
