/**
 * Ready for the Marketplace and Open VSX (issue 56, §5), checked without packaging: the manifest has
 * a PNG icon of at least 128 px (read from the PNG's header), Marketplace categories, keywords,
 * repository, bugs, homepage and license; its publisher and name are Open VSX namespace and name
 * material; `npm run package` hides no warning behind a flag; the README and CHANGELOG show only
 * images vsce takes. And one version, one CHANGELOG: the CLI carries the extension's version, the
 * same links, and points at the CHANGELOG, which has a section for that version (or Unreleased).
 * (The .vsix itself is built and installed by test/package/vsix.test.mjs.)
 */
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..', '..', '..');
const HOME = 'https://github.com/novuexplorer/novu-explorer';

type Manifest = {
  name: string;
  publisher?: string;
  version: string;
  license?: string;
  icon?: string;
  categories?: string[];
  keywords?: string[];
  repository?: { type?: string; url?: string; directory?: string };
  bugs?: { url?: string };
  homepage?: string;
  scripts?: Record<string, string>;
};
const manifest = (path: string): Manifest => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Manifest;
const extension = manifest('package.json');
const cli = manifest('packages/novu-explorer-test/package.json');

/** A PNG's width and height from its IHDR chunk; undefined when the bytes are not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } | undefined {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature) || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The Marketplace's categories (its manifest reference lists them; vsce passes them on unchecked). */
const CATEGORIES = new Set(['Azure', 'Data Science', 'Debuggers', 'Education', 'Extension Packs', 'Formatters', 'Keymaps', 'Language Packs', 'Linters', 'Machine Learning', 'Notebooks', 'Programming Languages', 'SCM Providers', 'Snippets', 'Testing', 'Themes', 'Visualization', 'AI', 'Chat', 'Other']);

/** The images a Markdown page shows: `![…](src)` and `<img src="…">`. */
const images = (markdown: string): string[] => [
  ...[...markdown.matchAll(/!\[[^\]]*\]\(\s*<?([^)\s>]+)/g)].map((m) => m[1]!),
  ...[...markdown.matchAll(/<img\b[^>]*\bsrc=["']([^"']+)["']/gi)].map((m) => m[1]!),
];

/**
 * Why vsce would refuse an image of a page at the repository's root, or undefined: a relative one
 * becomes a link into the repository (so it must exist there); any other must be https; no SVG.
 */
function imageProblem(src: string): string | undefined {
  if (/\.svg(\?|#|$)/i.test(src) || /^data:image\/svg/i.test(src)) return `${src}: vsce refuses SVG images`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(src)) return /^https:/i.test(src) ? undefined : `${src}: vsce takes https images only`;
  return existsSync(join(ROOT, src.replace(/[?#].*$/, ''))) ? undefined : `${src}: no such file in the repository`;
}

describe('the Marketplace manifest', () => {
  it('has a PNG icon of at least 128 px', () => {
    assert.match(extension.icon ?? '', /\.png$/);
    const size = pngSize(readFileSync(join(ROOT, extension.icon!)));
    assert.ok(size, `${extension.icon} is a PNG`);
    assert.ok(size.width >= 128 && size.height >= 128, `${extension.icon} is ${size.width}×${size.height}`);
    assert.equal(pngSize(Buffer.from('GIF89a, not a PNG at all, long enough')), undefined);
  });

  it('has categories, keywords, repository, bugs, homepage and license', () => {
    assert.ok((extension.categories ?? []).length > 0);
    assert.deepEqual(extension.categories!.filter((c) => !CATEGORIES.has(c)), [], 'Marketplace categories only');
    assert.ok((extension.keywords ?? []).length > 0 && extension.keywords!.length <= 30, 'the Marketplace takes at most 30 keywords');
    assert.deepEqual(extension.repository, { type: 'git', url: `${HOME}.git` });
    assert.deepEqual(extension.bugs, { url: `${HOME}/issues` });
    assert.equal(extension.homepage, `${HOME}#readme`);
    assert.equal(extension.license, 'MIT');
    assert.match(readFileSync(join(ROOT, 'LICENSE'), 'utf8'), /^MIT License/);
  });

  it('has a publisher and a name that Open VSX takes as namespace and name', () => {
    for (const id of [extension.publisher ?? '', extension.name]) assert.match(id, /^[a-z0-9][a-z0-9-]*$/, `"${id}": lowercase letters, digits and hyphens`);
    assert.equal(`${extension.publisher}.${extension.name}`, 'novuexplorer.novu-explorer', 'the id deep links and settings use');
  });

  it('is packaged by `npm run package` without a flag that hides a warning', () => {
    const script = extension.scripts?.package ?? '';
    assert.match(script, /\bvsce package\b/);
    assert.doesNotMatch(script, /--allow-|--no-rewrite-relative-links|--baseContentUrl|--baseImagesUrl/);
  });

  it('shows only images vsce takes in the README and the CHANGELOG', () => {
    for (const page of ['README.md', 'CHANGELOG.md']) {
      const text = readFileSync(join(ROOT, page), 'utf8');
      assert.doesNotMatch(text, /<svg\b/i, `${page}: no <svg> tags`);
      assert.deepEqual(images(text).map(imageProblem).filter(Boolean), [], page);
    }
    assert.ok(images(readFileSync(join(ROOT, 'README.md'), 'utf8')).length >= 4, 'the README’s screenshots are found');
    assert.deepEqual(
      ['![a](media/novu.svg)', '<img src="http://example.com/a.png">', '![b](media/none.png)', '![c](https://example.com/c.png)'].map((md) => images(md).map(imageProblem)[0]),
      ['media/novu.svg: vsce refuses SVG images', 'http://example.com/a.png: vsce takes https images only', 'media/none.png: no such file in the repository', undefined],
    );
  });
});

describe('one version and one CHANGELOG for the extension and the CLI', () => {
  it('gives the CLI the extension’s version', () => {
    assert.equal(cli.version, extension.version);
  });

  it('gives the CLI the same repository, bugs and homepage', () => {
    assert.deepEqual(cli.repository, { type: 'git', url: `git+${HOME}.git`, directory: 'packages/novu-explorer-test' });
    assert.deepEqual(cli.bugs, extension.bugs);
    assert.equal(cli.homepage, `${HOME}/tree/main/packages/novu-explorer-test#readme`);
    assert.equal(cli.license, extension.license);
  });

  it('keeps one CHANGELOG, which says so, has the version’s section or Unreleased, and the CLI’s README links to it', () => {
    const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
    const intro = changelog.split(/^## /m)[0]!;
    assert.match(intro, /extension/);
    assert.match(intro, /novu-explorer-test/);
    const headings = [...changelog.matchAll(/^## \[?v?([^\]\s]+)/gm)].map((m) => m[1]);
    assert.ok(headings.includes(extension.version) || headings.includes('Unreleased'), headings.join(', '));
    assert.ok(!existsSync(join(ROOT, 'packages', 'novu-explorer-test', 'CHANGELOG.md')), 'no second CHANGELOG');
    assert.ok(readFileSync(join(ROOT, 'packages', 'novu-explorer-test', 'README.md'), 'utf8').includes(`](${HOME}/blob/main/CHANGELOG.md)`));
  });
});
