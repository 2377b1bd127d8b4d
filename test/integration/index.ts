/** extensionTestsPath of the integration run: mocha over every *.test.js beside this file. */
import { runMochaTests } from '../vscode/mochaRunner';

/**
 * What also runs on the newest VS Code (1.139), where NOVU_INTEGRATION_SCOPE=newest (npm test sets
 * it there; the floor, 1.100, runs everything). Whole: the files whose subject is VS Code's own API
 * or workbench, where versions differ (activation and SecretStorage, the walkthrough, a webview
 * panel restored by its serializer, the language model tools, the tree's items and their tooltips).
 * Elsewhere one smoke test a feature, tagged SMOKE in its title: it goes through the feature's
 * command, view or panel end to end against the Sandbox. Why that is enough: docs/development.md.
 */
export const NEWEST_WHOLE_FILES = ['connections', 'walkthrough', 'previewRestore', 'agentTools', 'integrations'];
export const SMOKE = '[smoke]';

/**
 * NOVU_INTEGRATION_SCOPE: unset or `all`, every test; `newest`, the part above; `files:a,b`, the
 * files a and b whole, and `smoke` among them for every feature's smoke test (npm run test:quick).
 */
function scope(value: string | undefined): Parameters<typeof runMochaTests>[1] {
  if (value === 'newest') return { only: { wholeFiles: NEWEST_WHOLE_FILES, tag: SMOKE } };
  if (value?.startsWith('files:')) {
    const names = value.slice('files:'.length).split(',').filter(Boolean);
    return { only: { wholeFiles: names.filter((n) => n !== 'smoke'), tag: names.includes('smoke') ? SMOKE : undefined } };
  }
  return {};
}

export async function run(): Promise<void> {
  await runMochaTests(__dirname, scope(process.env.NOVU_INTEGRATION_SCOPE));
}
