/**
 * The docs a newcomer reads (issue 31): README.md stays short and links every page of docs/, and
 * no link of README.md or docs/*.md is broken: every relative link and image names a file that
 * exists, and every #anchor a heading of its page (GitHub's slug rule).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..', '..');
const README = join(ROOT, 'README.md');
const DOCS = join(ROOT, 'docs');
const README_MAX_LINES = 150;
/** Targets that leave the repository; everything else is a path relative to the page. */
const EXTERNAL = /^(https?:|mailto:|vscode:)/i;

const docsPages = (): string[] =>
  readdirSync(DOCS)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => join(DOCS, name));
const pages = (): string[] => [README, ...docsPages()];
const shown = (file: string): string => relative(ROOT, file);

/**
 * The page's lines with fenced code blocks emptied, so that `](` or `#` inside code is neither a
 * link nor a heading, and line numbers stay right; with `blankInlineCode`, inline code too.
 */
function proseLines(file: string, blankInlineCode: boolean): string[] {
  let fence: string | undefined;
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence !== undefined) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
        return '';
      }
      if (marker) {
        fence = marker;
        return '';
      }
      return blankInlineCode ? line.replace(/(`+)(?:(?!\1)[^\n])+?\1/g, (code) => ' '.repeat(code.length)) : line;
    });
}

/** GitHub's heading anchor: lowercase, only letters, digits, spaces, hyphens and underscores kept, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map<string, Set<string>>();
/** The anchors of a page's headings; a repeated heading gets -1, -2, … as on GitHub. */
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (anchors) return anchors;
  anchors = new Set();
  const seen = new Map<string, number>();
  for (const line of proseLines(file, false)) {
    const heading = /^ {0,3}#{1,6}[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  anchorCache.set(file, anchors);
  return anchors;
}

interface Link {
  file: string;
  line: number;
  target: string;
}

/** Every markdown link and image target `](target)` of a page, outside code. */
function linksOf(file: string): Link[] {
  return proseLines(file, true).flatMap((text, index) =>
    [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({ file, line: index + 1, target: m[1]! })),
  );
}

/** The file a relative target names, and its anchor (undefined for an external target). */
function resolveLink(link: Link): { path: string; anchor: string | undefined } | undefined {
  if (EXTERNAL.test(link.target)) return undefined;
  const hash = link.target.indexOf('#');
  const path = hash < 0 ? link.target : link.target.slice(0, hash);
  const anchor = hash < 0 ? undefined : decodeURIComponent(link.target.slice(hash + 1));
  return { path: path === '' ? link.file : resolve(dirname(link.file), decodeURIComponent(path)), anchor };
}

const where = (link: Link): string => `${shown(link.file)}:${link.line}: link "${link.target}"`;

function fail(what: string, problems: string[]): void {
  assert.equal(problems.length, 0, `${what}:\n  ${problems.join('\n  ')}`);
}

describe('the docs', () => {
  it(`README.md has at most ${README_MAX_LINES} lines (the rest is in docs/)`, () => {
    const text = readFileSync(README, 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines, more than ${README_MAX_LINES}: move the detail to a page of docs/`);
  });

  it('every relative link and image names a file that exists', () => {
    const problems: string[] = [];
    for (const file of pages()) {
      for (const link of linksOf(file)) {
        const target = resolveLink(link);
        if (target && !existsSync(target.path)) problems.push(`${where(link)}: no file ${shown(target.path)}`);
      }
    }
    fail('broken links', problems);
  });

  it("every #anchor names a heading of its page (GitHub's slug rule)", () => {
    const problems: string[] = [];
    for (const file of pages()) {
      for (const link of linksOf(file)) {
        const target = resolveLink(link);
        if (!target || target.anchor === undefined || !target.path.endsWith('.md') || !existsSync(target.path)) continue;
        const anchors = anchorsOf(target.path);
        if (!anchors.has(target.anchor)) {
          problems.push(`${where(link)}: no heading "#${target.anchor}" in ${shown(target.path)} (its anchors: ${[...anchors].map((a) => `#${a}`).join(', ')})`);
        }
      }
    }
    fail('links to missing headings', problems);
  });

  it('README.md links every page of docs/', () => {
    const linked = new Set(linksOf(README).flatMap((link) => resolveLink(link)?.path ?? []));
    const unlinked = docsPages().filter((page) => !linked.has(page));
    fail('docs pages the README does not link', unlinked.map((page) => `${shown(page)} is not linked from README.md`));
  });

  it('every page of docs/ starts with its title and a link back to the README', () => {
    const problems: string[] = [];
    for (const page of docsPages()) {
      const [title, blank, back] = readFileSync(page, 'utf8').split('\n');
      if (!/^# \S/.test(title ?? '')) problems.push(`${shown(page)}:1: no "# Title" on the first line`);
      if (blank !== '' || back !== '← [README](../README.md)') problems.push(`${shown(page)}:3: no "← [README](../README.md)" back link after the title`);
    }
    fail('docs pages without their title and back link', problems);
  });

  it('slugs headings as GitHub does', () => {
    assert.equal(slug("The demo's Sandbox"), 'the-demos-sandbox');
    assert.equal(slug('Trigger Workflow…'), 'trigger-workflow');
    assert.equal(slug('`npm run sandbox`'), 'npm-run-sandbox');
    assert.equal(slug('Latency (issue 14)'), 'latency-issue-14');
    assert.equal(slug('From the user’s input: a_b  c'), 'from-the-users-input-a_b--c');
  });
});
