/**
 * tools/releaseVersion.mjs, release.yml's first step: a tag releases the extension and the CLI only
 * when it is v<version> and both package.json files carry that version (one version for both).
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const SCRIPT = join(ROOT, 'tools', 'releaseVersion.mjs');
type Problem = (tag: string, versions: Record<string, string | undefined>) => string | undefined;
const load = async (): Promise<{ releaseVersionProblem: Problem; RELEASED: string[] }> =>
  (await import(pathToFileURL(SCRIPT).href)) as { releaseVersionProblem: Problem; RELEASED: string[] };

describe('the release tag and the versions', () => {
  it('releases when the tag names the version both packages carry', async () => {
    const { releaseVersionProblem } = await load();
    assert.equal(releaseVersionProblem('v1.4.0', { 'package.json': '1.4.0', 'cli/package.json': '1.4.0' }), undefined);
    assert.equal(releaseVersionProblem('v2.0.0-rc.1', { 'package.json': '2.0.0-rc.1' }), undefined);
  });

  it('refuses a tag that is not a version, or a package at another version, naming it', async () => {
    const { releaseVersionProblem } = await load();
    assert.match(releaseVersionProblem('1.4.0', { a: '1.4.0' }) ?? '', /the tag "1\.4\.0" is not v<major>\.<minor>\.<patch>/);
    assert.match(releaseVersionProblem('v1.4', { a: '1.4.0' }) ?? '', /is not v<major>/);
    assert.equal(
      releaseVersionProblem('v1.4.0', { 'package.json': '1.4.0', 'packages/novu-explorer-test/package.json': '1.3.9' }),
      'the tag v1.4.0 releases 1.4.0, but packages/novu-explorer-test/package.json has 1.3.9: set one version in both and tag again.',
    );
    assert.match(releaseVersionProblem('v1.4.0', { 'package.json': undefined }) ?? '', /package\.json has no version/);
  });

  it('checks this repository’s two packages from the command line', async () => {
    const { RELEASED } = await load();
    assert.deepEqual(RELEASED, ['package.json', 'packages/novu-explorer-test/package.json']);
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const ok = spawnSync(process.execPath, [SCRIPT, `v${version}`], { encoding: 'utf8' });
    assert.equal(ok.status, 0, ok.stderr);
    assert.equal(ok.stdout, `${version}\n`);
    const wrong = spawnSync(process.execPath, [SCRIPT, 'v999.0.0'], { encoding: 'utf8' });
    assert.equal(wrong.status, 1);
    assert.equal(wrong.stdout, '');
    assert.match(wrong.stderr, /releases 999\.0\.0, but package\.json has .* and packages\/novu-explorer-test\/package\.json has/);
  });
});
