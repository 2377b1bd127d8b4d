// Finds text a person would read that does not go through l10n: string and template literals in
// the host's and the webviews' sources that read as words ("Load more", "Retry", "No subscribers
// match {0}"), outside `l10n.t(…)` and `vscode.l10n.t(…)`. Identifiers, CSS classes, ids, header
// names and log lines (the log is for bug reports, in English like VS Code's own) are not words.
// Usage: node test/l10n/literals.mjs [path prefix…]   (prints what bypasses l10n, exit 1 when anything does)
import ts from 'typescript';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { l10nSources } from './extract.mjs';

const WORD = /^["'“‘(«]*\p{L}[\p{L}']*[”’"'»)]*[.,:;!?…]*$/u;
const NAME = /^\p{Lu}\p{Ll}+[.…:!?]*$/u;

/** True for text that reads as words: two plain words, or one capitalised word ("Retry"). */
export function readsAsWords(text) {
  const trimmed = text.trim();
  if (NAME.test(trimmed)) return true;
  return trimmed.split(/\s+/).filter((token) => WORD.test(token)).length >= 2;
}

/**
 * True when the node or a node around it follows a `l10n-ignore: <why>` comment: wire values,
 * protocol phrases and product names that are the same in every language.
 */
function ignored(node, text) {
  for (let at = node; at && !ts.isSourceFile(at); at = at.parent) {
    const comments = ts.getLeadingCommentRanges(text, at.getFullStart()) ?? [];
    if (comments.some((c) => /l10n-ignore: \S/.test(text.slice(c.pos, c.end)))) return true;
  }
  return false;
}

const L10N_CALL = /(^|\.)l10n\.t$/;
const LOG_CALL = /(^|\.)(log|logger|console)\.\w+$/;

/** @returns {{ file: string, line: number, text: string }[]} */
export function literalsBypassingL10n(root = '.') {
  const found = [];
  for (const file of l10nSources(root)) {
    const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node) => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isTypeNode(node)) return;
      if (ts.isCallExpression(node)) {
        const callee = node.expression.getText(source);
        if (L10N_CALL.test(callee) || LOG_CALL.test(callee)) {
          // Only the message is exempt: what fills its placeholders must be localised too.
          const args = L10N_CALL.test(callee) ? node.arguments.slice(1) : [];
          ts.forEachChild(node.expression, visit);
          args.forEach(visit);
          return;
        }
      }
      let text;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
      else if (ts.isTemplateExpression(node)) text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
      const isKey = node.parent !== undefined && ((ts.isPropertyAssignment(node.parent) && node.parent.name === node) || ts.isElementAccessExpression(node.parent));
      if (text !== undefined && !isKey && readsAsWords(text) && !ignored(node, source.text)) {
        found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const prefixes = process.argv.slice(2);
  const found = literalsBypassingL10n().filter(({ file }) => prefixes.length === 0 || prefixes.some((p) => file.startsWith(p)));
  for (const { file, line, text } of found) console.log(`${file}:${line}: ${JSON.stringify(text).slice(0, 100)}`);
  console.log(`${found.length} literal(s) bypass l10n`);
  process.exit(found.length ? 1 : 0);
}
