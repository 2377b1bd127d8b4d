// Which integration test files a change touches, for `npm run test:quick` (test/quick.mjs). Pure:
// unit-tested in test/unit/quickScope.test.ts.

/** A folder of src/ or webview/ (or a panel's stylesheet in media/) and the integration files of its feature. */
const FEATURES = {
  activity: ['activity'],
  agent: ['agentTools'],
  app: ['app'],
  bridge: ['preview', 'app', 'notificationTestsDebug', 'notificationTests'],
  checks: ['previewChecks'],
  code: ['codeAwareness'],
  scan: ['codeAwareness'],
  connections: ['connections'],
  diagnosis: ['diagnosis'],
  failures: ['failuresByCause', 'failuresResend', 'saveTestCaseFromFailures'],
  integrations: ['integrations'],
  notifications: ['notifications'],
  preferences: ['preferences'],
  preview: ['preview', 'previewChecks', 'previewRestore', 'saveTestCase'],
  rendered: ['preview', 'previewChecks', 'agentTools', 'saveTestCase'],
  testing: ['saveTestCase', 'notificationTests'],
  testExplorer: ['notificationTests', 'notificationTestsDebug'],
  sendAgain: ['sendAgain'],
  subscribers: ['subscribers'],
  views: ['subscribers', 'integrations', 'activity', 'failures'],
  workflows: ['workflows'],
  environments: ['environments'],
  compare: ['environments'],
  // Issue 55: topics, contexts and the Inbox (and the dry run's pure rules).
  topics: ['audience'],
  contexts: ['audience'],
  inbox: ['audience'],
  audience: ['audience'],
  walkthrough: ['walkthrough'],
};
/** media/<name>.css: the panel it styles. */
const STYLESHEETS = { diagnosis: 'diagnosis', failures: 'failures', notification: 'notifications', preferences: 'preferences', preview: 'preview', inbox: 'inbox', reach: 'topics' };

/**
 * The integration files (base names, without `.test.ts`) to run for `changed` (paths from the
 * repository's root), with 'smoke' standing for every feature's smoke test. Empty: no VS Code needed.
 */
export function integrationScope(changed) {
  const picked = new Set();
  for (const path of changed) {
    const parts = path.split('/');
    const [top, second] = parts;
    const name = parts.at(-1) ?? '';
    if (top === 'docs' || top === 'test' && second === 'unit' || /\.md$/.test(name) || top === 'CHANGELOG.md' || top === 'LICENSE') continue;
    if (top === 'test' && second === 'integration' && name.endsWith('.test.ts')) {
      picked.add(name.replace(/\.test\.ts$/, ''));
      continue;
    }
    if ((top === 'src' || top === 'webview') && FEATURES[second]) {
      for (const f of FEATURES[second]) picked.add(f);
      continue;
    }
    if (top === 'src' && /^walkthrough/.test(second ?? '')) {
      picked.add('walkthrough');
      continue;
    }
    if (top === 'media' && /\.css$/.test(name) && STYLESHEETS[name.replace(/\.css$/, '')]) {
      picked.add(STYLESHEETS[name.replace(/\.css$/, '')]);
      continue;
    }
    if (top === 'test' && (second === 'ui' || second === 'bench' || second === 'package' || second === 'l10n')) continue;
    // The GitHub workflows and the release's scripts run no extension code (unit tests check them).
    if (top === '.github' || top === 'tools') continue;
    // Anything else (the API client, the Sandbox, formats, the panels' frame, activation, the
    // manifest, the build, the test harness): every feature's smoke test.
    picked.add('smoke');
  }
  return [...picked].sort((a, b) => (a === 'smoke' ? -1 : b === 'smoke' ? 1 : a.localeCompare(b)));
}
