/**
 * Issue 13: every user-facing string goes through l10n, so that a translation is a drop-in file.
 * - package.json: every text a person reads is a `%key%` of package.nls.json, and every key is used.
 * - host and webviews: no literal that reads as words bypasses `vscode.l10n.t` / `l10n.t`.
 * - l10n/bundle.l10n.json is what @vscode/l10n-dev extracts from the sources today.
 * - our `l10n.t` (for code without vscode) reads and formats as `vscode.l10n.t` does.
 */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatMessage, l10n } from '../../src/l10n';

const ROOT = resolve(__dirname, '..', '..', '..');

/** Manifest fields that people read (the top-level `name` is the package's id, not a text). */
const TEXT_FIELDS = new Set([
  'displayName', 'description', 'category', 'markdownDescription', 'title', 'shortTitle', 'contextualTitle', 'contents',
  'label', 'altText', 'enumDescriptions', 'markdownEnumDescriptions', 'deprecationMessage', 'markdownDeprecationMessage',
  'userDescription',
]);

/**
 * Fields a language model reads, not a person: a tool's `modelDescription` and its input schema stay
 * in English (as VS Code's own tools do), whatever the display language.
 */
const MODEL_FIELDS = new Set(['modelDescription', 'inputSchema']);

/** Every text of the manifest, with where it is: `contributes.commands[3].title`. */
function manifestTexts(value: unknown, path: string, field: string | undefined, out: { path: string; text: string }[]) {
  if (typeof value === 'string') {
    if (field !== undefined) out.push({ path, text: value });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => manifestTexts(item, `${path}[${i}]`, field === 'enumDescriptions' || field === 'markdownEnumDescriptions' ? field : undefined, out));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      if (MODEL_FIELDS.has(key) && /languageModelTools\[\d+\]$/.test(path)) continue;
      const isText = TEXT_FIELDS.has(key) || (key === 'name' && /\.views\.\w+\[\d+\]$/.test(path));
      manifestTexts(child, path ? `${path}.${key}` : key, isText ? key : undefined, out);
    }
  }
  return out;
}

/** Runs one of the l10n scripts from the project's root. */
function runScript(...args: string[]) {
  return spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
}

describe('l10n: package.json', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  const nls = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
  const texts = manifestTexts({ displayName: manifest.displayName, description: manifest.description, contributes: manifest.contributes, capabilities: manifest.capabilities }, '', undefined, []);

  it('names every text a person reads by a %key% of package.nls.json', () => {
    assert.ok(texts.length > 80, `found ${texts.length} texts`);
    const literal = texts.filter(({ text }) => !/^%[^%]+%$/.test(text));
    assert.deepEqual(literal, [], 'texts written into package.json instead of package.nls.json');
    const missing = texts.filter(({ text }) => !(text.slice(1, -1) in nls));
    assert.deepEqual(missing, [], 'keys missing from package.nls.json');
  });

  it('uses every key of package.nls.json, each with a text', () => {
    const used = new Set(texts.map(({ text }) => text.slice(1, -1)));
    assert.deepEqual(Object.keys(nls).filter((key) => !used.has(key)), [], 'keys no manifest field uses');
    assert.deepEqual(Object.entries(nls).filter(([, text]) => !text.trim()), [], 'empty texts');
  });

  it('finds a text written in place (the check is live)', () => {
    const found = manifestTexts({ contributes: { commands: [{ command: 'x.y', title: 'Do It', category: 'Tools' }], views: { c: [{ id: 'v', name: 'View' }] } } }, '', undefined, []);
    assert.deepEqual(found.map((f) => f.path), ['contributes.commands[0].title', 'contributes.commands[0].category', 'contributes.views.c[0].name']);
  });
});

describe('l10n: host and webviews', () => {
  it('let no literal that reads as words bypass l10n', () => {
    const result = runScript('test/l10n/literals.mjs');
    assert.equal(result.status, 0, result.stdout + result.stderr);
  });

  describe('the finder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nx-l10n-'));
    after(() => rmSync(dir, { recursive: true, force: true }));

    it('flags a message shown as written, and passes l10n calls, log lines, ids and marked wire values', async () => {
      mkdirSync(join(dir, 'src', 'feature'), { recursive: true });
      mkdirSync(join(dir, 'webview'), { recursive: true });
      writeFileSync(
        join(dir, 'src', 'feature', 'x.ts'),
        [
          "import * as vscode from 'vscode';",
          "void vscode.window.showInformationMessage('Saved the file');",
          "void vscode.window.showInformationMessage(vscode.l10n.t('Saved {0}', 'x'));",
          "const retry = 'Retry';",
          "log.info('Loaded the page');",
          "const cls = 'nx-card nx-card--error';",
          "const id = 'novuExplorer.refresh';",
          '// l10n-ignore: a wire value',
          "const STATUS = { 400: 'Bad Request' };",
          "const tip = `Open ${name} in a new tab`;",
        ].join('\n'),
      );
      writeFileSync(join(dir, 'webview', 'y.ts'), "import { l10n } from '../src/l10n';\nel.textContent = l10n.t('No changes');\nel.title = 'Copy to other days';\n");
      const { literalsBypassingL10n } = (await import(pathToFileURL(join(ROOT, 'test', 'l10n', 'literals.mjs')).href)) as {
        literalsBypassingL10n(root: string): { file: string; line: number; text: string }[];
      };
      assert.deepEqual(
        literalsBypassingL10n(dir).map(({ file, line }) => `${file}:${line}`),
        [join('src', 'feature', 'x.ts') + ':2', join('src', 'feature', 'x.ts') + ':4', join('src', 'feature', 'x.ts') + ':10', join('webview', 'y.ts') + ':3'],
      );
    });
  });
});

describe('l10n: the bundle', () => {
  it('is what @vscode/l10n-dev extracts from the sources today', () => {
    const result = runScript('esbuild.mjs', '--l10n', '--check');
    assert.equal(result.status, 0, result.stdout + result.stderr);
    const bundle = JSON.parse(readFileSync(join(ROOT, 'l10n', 'bundle.l10n.json'), 'utf8')) as Record<string, string>;
    assert.ok(Object.keys(bundle).length > 300, `${Object.keys(bundle).length} strings`);
  });
});

describe('l10n.t without vscode', () => {
  after(() => l10n.config(undefined));

  it('formats {0} and {name} as vscode.l10n.t does, leaving a placeholder with no argument', () => {
    assert.equal(formatMessage('{0} of {1}', [3, 'ten']), '3 of ten');
    assert.equal(formatMessage('Hello {name}{0}', { name: 'Ada' }), 'Hello Ada{0}');
    assert.equal(l10n.t('In English: {0} {1}', 'as', true), 'In English: as true');
    assert.equal(l10n.t({ message: 'Open', comment: 'verb' }), 'Open');
  });

  it('reads the configured bundle, from every copy of the module (it lives on globalThis)', async () => {
    l10n.config({ 'Load more': 'Mehr laden', '{0} failed': '{0} fehlgeschlagen', 'Open/verb': { message: 'Öffnen' } });
    assert.equal(l10n.t('Load more'), 'Mehr laden');
    assert.equal(l10n.t('{0} failed', 2), '2 fehlgeschlagen');
    assert.equal(l10n.t({ message: 'Open', comment: ['verb'] }), 'Öffnen');
    assert.equal(l10n.t('Not translated yet'), 'Not translated yet');
    const copy = `${join(tmpdir(), `nx-l10n-copy-${process.pid}`)}.js`;
    const built = spawnSync(join(ROOT, 'node_modules', 'esbuild', 'bin', 'esbuild'), [join(ROOT, 'src', 'l10n.ts'), '--format=cjs', `--outfile=${copy}`], { encoding: 'utf8' });
    assert.equal(built.status, 0, built.stderr);
    const other = (await import(pathToFileURL(copy).href)) as { default: { l10n: typeof l10n } };
    assert.equal(other.default.l10n.t('Load more'), 'Mehr laden');
    rmSync(copy, { force: true });
    l10n.config(undefined);
    assert.equal(l10n.t('Load more'), 'Load more');
  });
});
