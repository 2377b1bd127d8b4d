/**
 * JavaScript and TypeScript as tokens: comments dropped, a template literal and a regular
 * expression opaque (a string in either is never an identifier). A tokenizer, not a parser: it
 * reads a minified megabyte in a few milliseconds.
 */
import type { Token } from './tokens';

/** Letters, `_` and `$` (and any non-ASCII letter, as JavaScript allows), by char code: the hot path. */
function isIdentStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36 || code > 127;
}
function isIdentPart(code: number): boolean {
  return isIdentStart(code) || (code >= 48 && code <= 57);
}

const REGEX_AFTER_WORDS = new Set(['return', 'typeof', 'case', 'in', 'of', 'new', 'delete', 'void', 'throw', 'yield', 'await']);

/** A quoted string from `i` (at its quote) to its closing quote: [value, index after it]. */
function quoted(text: string, i: number, quote: number): [string, number] {
  const n = text.length;
  let j = i + 1;
  let from = j;
  let value = '';
  while (j < n) {
    const code = text.charCodeAt(j);
    if (code === quote || code === 10) break;
    if (code === 92) {
      value += text.slice(from, j) + (text[j + 1] ?? '');
      j += 2;
      from = j;
      continue;
    }
    j++;
  }
  value += text.slice(from, Math.min(j, n));
  return [value, j + 1];
}

/** Tokens of JavaScript or TypeScript, comments dropped; a template literal is one opaque token. */
export function tokenizeJs(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  let prev: Token | undefined;
  const push = (t: Token) => {
    tokens.push(t);
    prev = t;
  };
  while (i < n) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 10 || code === 9 || code === 13) {
      i++;
      continue;
    }
    const c = text[i]!;
    if (code === 47 && text.charCodeAt(i + 1) === 47) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end;
      continue;
    }
    if (code === 47 && text.charCodeAt(i + 1) === 42) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    if (code === 34 || code === 39) {
      const [value, next] = quoted(text, i, code);
      push({ type: 'string', value, start: i + 1, end: Math.min(next - 1, n) });
      i = next;
      continue;
    }
    if (code === 96) {
      const start = i;
      i++;
      let depth = 0;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 92) {
          i += 2;
          continue;
        }
        if (depth === 0 && d === 96) break;
        if (d === 36 && text.charCodeAt(i + 1) === 123) {
          depth++;
          i += 2;
          continue;
        }
        if (depth > 0 && d === 125) depth--;
        i++;
      }
      i++;
      push({ type: 'template', value: '', start, end: i });
      continue;
    }
    if (code === 47) {
      // A regular expression literal where an expression may start (after an operator or a keyword).
      const regexAllowed = !prev || (prev.type === 'punct' && !')]}'.includes(prev.value)) || (prev.type === 'ident' && REGEX_AFTER_WORDS.has(prev.value));
      if (regexAllowed) {
        i++;
        let inClass = false;
        while (i < n) {
          const d = text.charCodeAt(i);
          if (d === 10) break;
          if (d === 92) {
            i += 2;
            continue;
          }
          if (d === 91) inClass = true;
          else if (d === 93) inClass = false;
          else if (d === 47 && !inClass) break;
          i++;
        }
        i++;
        while (i < n && isIdentPart(text.charCodeAt(i))) i++;
        continue;
      }
    }
    if (isIdentStart(code) || (code === 35 && isIdentStart(text.charCodeAt(i + 1)))) {
      // `#novu`: a class's private name is one identifier.
      const start = i;
      i++;
      while (i < n && isIdentPart(text.charCodeAt(i))) i++;
      push({ type: 'ident', value: text.slice(start, i), start, end: i });
      continue;
    }
    if (code >= 48 && code <= 57) {
      const start = i;
      while (i < n && (isIdentPart(text.charCodeAt(i)) || text.charCodeAt(i) === 46)) i++;
      push({ type: 'number', value: text.slice(start, i), start, end: i });
      continue;
    }
    push({ type: 'punct', value: c, start: i, end: i + 1 });
    i++;
  }
  return tokens;
}
