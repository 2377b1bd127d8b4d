/**
 * tools/changelogSection.mjs: the CHANGELOG's section for a version, which release.yml makes the
 * GitHub release's notes. The section runs from its `## <version>` heading to the next `## `; a
 * near version (1.2.30, 1.2.3-beta.1) is another section; none, or an empty one, is said.
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const SCRIPT = join(ROOT, 'tools', 'changelogSection.mjs');
type Section = (text: string, version: string) => string | undefined;
const load = async (): Promise<Section> => ((await import(pathToFileURL(SCRIPT).href)) as { changelogSection: Section }).changelogSection;

const CHANGELOG = [
  '# Changelog',
  '',
  '## Unreleased',
  '',
  '- next thing',
  '',
  '## [1.2.30] - 2026-12-01',
  '',
  '- thirty',
  '',
  '## 1.2.3-beta.1',
  '',
  '- beta',
  '',
  '## v1.2.3 (2026-11-01)',
  '',
  '- three, with an example:',
  '',
  '```md',
  '## not a heading',
  '```',
  '- and more',
  '',
  '### Fixed',
  '- a sub-heading stays inside',
  '',
  '## 1.2.2',
  '',
  '## 1.0.0',
  'first',
].join('\n');

describe('the CHANGELOG’s section for a version', () => {
  it('runs from its heading to the next, with its sub-headings and code blocks', async () => {
    const section = await load();
    assert.equal(section(CHANGELOG, '1.2.3'), ['- three, with an example:', '', '```md', '## not a heading', '```', '- and more', '', '### Fixed', '- a sub-heading stays inside'].join('\n'));
    assert.equal(section(CHANGELOG, 'v1.2.3'), section(CHANGELOG, '1.2.3'), 'a tag names the same section');
    assert.equal(section(CHANGELOG, '1.2.30'), '- thirty');
    assert.equal(section(CHANGELOG, '1.2.3-beta.1'), '- beta');
    assert.equal(section(CHANGELOG, 'unreleased'), '- next thing');
    assert.equal(section(CHANGELOG, '1.0.0'), 'first', 'the last section runs to the end');
  });

  it('has none for a version without a heading, or with nothing under it', async () => {
    const section = await load();
    assert.equal(section(CHANGELOG, '1.2'), undefined);
    assert.equal(section(CHANGELOG, '9.9.9'), undefined);
    assert.equal(section(CHANGELOG, '1.2.2'), undefined);
    assert.equal(section(CHANGELOG, ''), undefined);
  });

  it('prints it from the command line, and exits 1 with a reason when there is none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'changelog-'));
    try {
      const file = join(dir, 'CHANGELOG.md');
      writeFileSync(file, CHANGELOG);
      assert.equal(execFileSync(process.execPath, [SCRIPT, 'v1.2.30', file], { encoding: 'utf8' }), '- thirty\n');
      const missing = spawnSync(process.execPath, [SCRIPT, 'v9.9.9', file], { encoding: 'utf8' });
      assert.equal(missing.status, 1);
      assert.equal(missing.stdout, '');
      assert.match(missing.stderr, /has no section for v9\.9\.9/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds this repository’s current version, or Unreleased, in CHANGELOG.md', async () => {
    const section = await load();
    const text = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    assert.ok(section(text, version) ?? section(text, 'Unreleased'), `CHANGELOG.md has a section for ${version} or Unreleased`);
  });
});
