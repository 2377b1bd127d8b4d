/** The webview's translations: the host puts its l10n bundle (none in English) in `data-l10n`. */
import { l10n, type L10nBundle } from '../../src/l10n';

/** Hands the bundle to `l10n.t`; a bundle that does not parse leaves the English text. */
export function configureL10n(json: string | undefined): void {
  if (!json) return;
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) l10n.config(parsed as L10nBundle);
  } catch {
    // English it is.
  }
}
