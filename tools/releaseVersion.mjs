// Checks a release tag against the versions it releases, before release.yml publishes anything:
// the extension (package.json) and the command-line runner (packages/novu-explorer-test) share one
// version, and the tag `v<version>` names it. Prints the version on success.
// Usage: node tools/releaseVersion.mjs <tag>      (in release.yml: "$GITHUB_REF_NAME")
// Exits 1 with the reason when the tag or the two versions disagree.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** The packages released together, by the file that holds each one's version. */
export const RELEASED = ['package.json', 'packages/novu-explorer-test/package.json'];

/**
 * Why `tag` cannot release these versions, or `undefined` when it can: the tag is `v` and a semantic
 * version, and every package carries exactly that version.
 * @param {string} tag
 * @param {Record<string, string | undefined>} versions each released package.json's path → its version
 * @returns {string | undefined}
 */
export function releaseVersionProblem(tag, versions) {
  const m = /^v(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/.exec(tag);
  if (!m) return `the tag "${tag}" is not v<major>.<minor>.<patch> (for example v0.2.0).`;
  const wrong = Object.entries(versions).filter(([, version]) => version !== m[1]);
  if (wrong.length === 0) return undefined;
  return `the tag ${tag} releases ${m[1]}, but ${wrong.map(([file, version]) => `${file} has ${version ?? 'no version'}`).join(' and ')}: set one version in both and tag again.`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const tag = process.argv[2] ?? '';
  const versions = Object.fromEntries(RELEASED.map((file) => [file, JSON.parse(readFileSync(join(ROOT, file), 'utf8')).version]));
  const problem = releaseVersionProblem(tag, versions);
  if (problem) {
    console.error(`release: ${problem}`);
    process.exit(1);
  }
  process.stdout.write(`${tag.slice(1)}\n`);
}
