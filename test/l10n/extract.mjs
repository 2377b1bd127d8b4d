// The strings of the l10n bundle, found with @vscode/l10n-dev in the host's and the webviews'
// sources. Host code calls `vscode.l10n.t`; code without vscode (format/, api/, webview/) calls the
// `l10n.t` of src/l10n.ts, which the extractor is shown as the `@vscode/l10n` it mirrors.
// Used by `node esbuild.mjs --l10n` (npm run l10n) and by the l10n tests.
import { getL10nJson } from '@vscode/l10n-dev';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The folders whose strings people see; the sandbox plays the service and is not ours to translate. */
export const L10N_ROOTS = ['src', 'webview'];
export const NOT_LOCALIZED = [join('src', 'sandbox')];

export function l10nSources(root = '.') {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const path = join(dir, name);
      if (NOT_LOCALIZED.includes(path)) continue;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) found.push(path);
    }
  };
  for (const dir of L10N_ROOTS) walk(dir);
  return found;
}

/** Our l10n module's import, shown to the extractor as the package whose calls it recognises. */
const OWN_L10N_IMPORT = /(import\s*\{\s*l10n\s*\}\s*from\s*)(['"])(?:\.\.?\/)+(?:src\/)?l10n\2/g;

export async function l10nBundle(root = '.') {
  const files = l10nSources(root).map((path) => ({
    extension: '.ts',
    contents: readFileSync(join(root, path), 'utf8').replace(OWN_L10N_IMPORT, '$1$2@vscode/l10n$2'),
  }));
  const bundle = await getL10nJson(files);
  return Object.fromEntries(Object.entries(bundle).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
