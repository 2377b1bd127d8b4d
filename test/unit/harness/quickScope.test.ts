/**
 * `npm run test:quick` picks the integration tests of the features a change touches
 * (test/quickScope.mjs): a feature's folder, its webview and its stylesheet lead to its files; what
 * every feature rests on leads to each feature's smoke test; docs and unit tests lead to none.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
type Scope = (changed: string[]) => string[];
const load = async (): Promise<Scope> => ((await import(pathToFileURL(join(ROOT, 'test', 'quickScope.mjs')).href)) as { integrationScope: Scope }).integrationScope;

describe('test:quick’s choice of integration tests', () => {
  it('runs a feature’s files for its source, its webview and its stylesheet', async () => {
    const scope = await load();
    assert.deepEqual(scope(['src/failures/grouping.ts']), ['failuresByCause', 'failuresResend', 'saveTestCaseFromFailures']);
    assert.deepEqual(scope(['webview/preferences/schedule.ts', 'media/notification.css']), ['notifications', 'preferences']);
    assert.deepEqual(scope(['src/scan/python.ts', 'test/integration/sendAgain.test.ts']), ['codeAwareness', 'sendAgain']);
    assert.deepEqual(scope(['src/walkthroughSteps.ts']), ['walkthrough']);
  });

  it('runs every feature’s smoke test for what they all rest on', async () => {
    const scope = await load();
    assert.deepEqual(scope(['src/api/client.ts']), ['smoke']);
    assert.deepEqual(scope(['src/sandbox/incident.ts', 'src/activity/activityList.ts']), ['smoke', 'activity']);
    assert.deepEqual(scope(['package.json']), ['smoke']);
    assert.deepEqual(scope(['test/integration/helpers.ts']), ['smoke']);
  });

  it('runs no VS Code for docs, unit tests and UI tests alone', async () => {
    const scope = await load();
    assert.deepEqual(scope([]), []);
    assert.deepEqual(scope(['docs/failures.md', 'README.md', 'test/unit/failures/grouping.test.ts', 'test/ui/failures.test.mjs']), []);
    assert.deepEqual(scope(['.github/workflows/ci.yml', 'tools/changelogSection.mjs']), []);
  });

  it('names only files the integration suite has', async () => {
    const scope = await load();
    const { readdirSync } = await import('node:fs');
    const files = new Set(readdirSync(join(ROOT, 'test', 'integration')).filter((n) => n.endsWith('.test.ts')).map((n) => n.replace(/\.test\.ts$/, '')));
    const every = ['activity', 'agent', 'app', 'bridge', 'checks', 'rendered', 'code', 'scan', 'connections', 'diagnosis', 'failures', 'integrations', 'notifications', 'preferences', 'preview', 'sendAgain', 'subscribers', 'views', 'workflows'];
    for (const folder of every) for (const name of scope([`src/${folder}/x.ts`])) assert.ok(files.has(name), `${folder} → ${name}`);
  });
});
