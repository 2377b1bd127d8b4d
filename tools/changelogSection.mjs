// Prints one version's section of CHANGELOG.md: the GitHub release's notes (release.yml). The
// section is the lines under `## <version>` (also `## [<version>]`, `## v<version>`, with anything
// after it such as a date) up to the next `## ` heading, trimmed. One CHANGELOG covers the extension
// and the command-line runner, which share one version.
// Usage: node tools/changelogSection.mjs <version | v<version> | Unreleased> [CHANGELOG.md]
// Exits 1, with nothing on stdout, when the file has no such section or it is empty.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `v1.2.3` → `1.2.3`; anything else as it is. */
const bare = (version) => version.trim().replace(/^v(?=\d)/, '');
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The section of `version` in a changelog's text, without its heading, trimmed; `undefined` when
 * there is no such heading or nothing under it. A `## ` inside a fenced code block is not a heading.
 * @param {string} text
 * @param {string} version
 * @returns {string | undefined}
 */
export function changelogSection(text, version) {
  const wanted = bare(version);
  if (!wanted) return undefined;
  // `## 1.2.3`, `## [1.2.3]`, `## v1.2.3`, then the end of the line or a non-version character
  // (so that 1.2.3 does not match 1.2.30 or 1.2.3-beta.1).
  const heading = new RegExp(`^##\\s+\\[?v?${escapeRegExp(wanted)}\\]?(?![\\w.-])`, 'i');
  const lines = text.split(/\r?\n/);
  let fence;
  let start = -1;
  let end = lines.length;
  for (let i = 0; i < lines.length; i++) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(lines[i])?.[1];
    if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    if (!/^##\s/.test(lines[i])) continue;
    if (start < 0) {
      if (heading.test(lines[i])) start = i + 1;
    } else {
      end = i;
      break;
    }
  }
  if (start < 0) return undefined;
  const section = lines.slice(start, end).join('\n').trim();
  return section === '' ? undefined : section;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [version, file = 'CHANGELOG.md'] = process.argv.slice(2);
  if (!version) {
    console.error('usage: node tools/changelogSection.mjs <version> [CHANGELOG.md]');
    process.exit(2);
  }
  const section = changelogSection(readFileSync(file, 'utf8'), version);
  if (section === undefined) {
    console.error(`${file} has no section for ${version} (a "## ${bare(version)}" heading with lines under it).`);
    process.exit(1);
  }
  process.stdout.write(`${section}\n`);
}
