/**
 * JavaScript and TypeScript as tokens: comments dropped, a template literal and a regular
 * expression opaque (a string in either is never an identifier). JSX is read as JSX: a tag's
 * name, attributes and `{…}` are tokens (its `<` marked `jsx`), its text is dropped, so that an
 * apostrophe or a `//` in `<p>Don't</p>` is neither a string nor a comment. A tokenizer, not a
 * parser: it reads a minified megabyte in a few milliseconds.
 */
import type { Token } from './tokens';

/** Letters, `_` and `$` (and any non-ASCII letter, as JavaScript allows), by char code: the hot path. */
function isIdentStart(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36 || code > 127;
}
function isIdentPart(code: number): boolean {
  return isIdentStart(code) || (code >= 48 && code <= 57);
}
/** A JSX name may hold a `-` (`aria-label`, `my-element`). */
const isJsxNamePart = (code: number) => isIdentPart(code) || code === 45;
const isSpace = (code: number) => code === 32 || code === 10 || code === 9 || code === 13;

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

class Tokenizer {
  readonly tokens: Token[] = [];
  private prev: Token | undefined;
  /** Where a `<` was read as a JSX element and was not one (a type argument, a cast): not read again. */
  private readonly notElements = new Set<number>();
  /** Each closing tag's name (`</N.Inbox>`: `N.Inbox`, `</>`: empty) and where its last one is. */
  private closings: Map<string, number> | undefined;

  constructor(private readonly text: string) {}

  private push(t: Token): void {
    this.tokens.push(t);
    this.prev = t;
  }

  private punct(value: string, start: number, jsx?: true): void {
    this.push(jsx ? { type: 'punct', value, start, end: start + 1, jsx } : { type: 'punct', value, start, end: start + 1 });
  }

  /** Past whitespace and comments. */
  private skip(i: number): number {
    const text = this.text;
    const n = text.length;
    while (i < n) {
      const code = text.charCodeAt(i);
      if (isSpace(code)) i++;
      else if (code === 47 && text.charCodeAt(i + 1) === 47) {
        const end = text.indexOf('\n', i);
        i = end < 0 ? n : end;
      } else if (code === 47 && text.charCodeAt(i + 1) === 42) {
        const end = text.indexOf('*/', i + 2);
        i = end < 0 ? n : end + 2;
      } else break;
    }
    return i;
  }

  /** Where an expression may start (after an operator or a keyword): a `/` there is a regular expression, a `<` a JSX element. */
  private expressionMayStart(): boolean {
    const prev = this.prev;
    return !prev || (prev.type === 'punct' && !')]}'.includes(prev.value)) || (prev.type === 'ident' && REGEX_AFTER_WORDS.has(prev.value));
  }

  /**
   * Code from `i` to the end; `nested`: inside a JSX `{…}`, up to the `}` that closes it (its
   * index, or the text's length when none does).
   */
  code(i: number, nested: boolean): number {
    const text = this.text;
    const n = text.length;
    let depth = 0;
    while (i < n) {
      i = this.skip(i);
      if (i >= n) break;
      const code = text.charCodeAt(i);
      if (code === 34 || code === 39) {
        const [value, next] = quoted(text, i, code);
        this.push({ type: 'string', value, start: i + 1, end: Math.min(next - 1, n) });
        i = next;
        continue;
      }
      if (code === 96) {
        const start = i;
        i++;
        let inner = 0;
        while (i < n) {
          const d = text.charCodeAt(i);
          if (d === 92) {
            i += 2;
            continue;
          }
          if (inner === 0 && d === 96) break;
          if (d === 36 && text.charCodeAt(i + 1) === 123) {
            inner++;
            i += 2;
            continue;
          }
          if (inner > 0 && d === 125) inner--;
          i++;
        }
        i++;
        this.push({ type: 'template', value: '', start, end: Math.min(i, n) });
        continue;
      }
      if (code === 47 && this.expressionMayStart()) {
        // A regular expression literal.
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
      if (code === 60 && (isIdentStart(text.charCodeAt(i + 1)) || text.charCodeAt(i + 1) === 62) && this.expressionMayStart()) {
        // `<div`, `<>` where an expression may start: JSX, unless it ends up not one (`<T>(x: T) => x`, `<any>x`).
        const end = this.element(i);
        if (end !== undefined) {
          i = end;
          continue;
        }
      }
      if (isIdentStart(code) || (code === 35 && isIdentStart(text.charCodeAt(i + 1)))) {
        // `#novu`: a class's private name is one identifier.
        const start = i;
        i++;
        while (i < n && isIdentPart(text.charCodeAt(i))) i++;
        this.push({ type: 'ident', value: text.slice(start, i), start, end: i });
        continue;
      }
      if (code >= 48 && code <= 57) {
        const start = i;
        while (i < n && (isIdentPart(text.charCodeAt(i)) || text.charCodeAt(i) === 46)) i++;
        this.push({ type: 'number', value: text.slice(start, i), start, end: i });
        continue;
      }
      if (nested && code === 123) depth++;
      else if (nested && code === 125 && depth-- === 0) return i;
      this.punct(text[i]!, i);
      i++;
    }
    return n;
  }

  /** The JSX element whose `<` is at `i`: its tokens pushed, and the index after it; undefined (nothing pushed) when it is not one. */
  private element(i: number): number | undefined {
    if (this.notElements.has(i)) return undefined;
    const mark = this.tokens.length;
    const prev = this.prev;
    const end = this.readElement(i);
    if (end === undefined) {
      this.tokens.length = mark;
      this.prev = prev;
      this.notElements.add(i);
    }
    return end;
  }

  private readElement(i: number): number | undefined {
    const text = this.text;
    const n = text.length;
    this.punct('<', i, true);
    let j = this.skip(i + 1);
    let name = '';
    if (text.charCodeAt(j) !== 62) {
      const tag = this.tagName(j);
      if (!tag) return undefined;
      name = tag.name;
      j = tag.next;
      // `<Select<Option> …>`: a type argument says nothing of the element.
      if (text.charCodeAt(j) === 60) {
        const after = this.typeArguments(j);
        if (after === undefined) return undefined;
        j = after;
      }
      for (;;) {
        j = this.skip(j);
        const c = text.charCodeAt(j);
        if (c === 47) {
          if (text.charCodeAt(j + 1) !== 62) return undefined;
          this.punct('/', j);
          this.punct('>', j + 1);
          return j + 2;
        }
        if (c === 62) break;
        if (c === 123) {
          // `{...props}`
          const after = this.container(j);
          if (after === undefined) return undefined;
          j = after;
          continue;
        }
        if (!isIdentStart(c)) return undefined;
        const start = j;
        while (j < n && (isJsxNamePart(text.charCodeAt(j)) || text.charCodeAt(j) === 58)) j++;
        this.push({ type: 'ident', value: text.slice(start, j), start, end: j });
        j = this.skip(j);
        if (text.charCodeAt(j) !== 61) continue;
        this.punct('=', j);
        j = this.skip(j + 1);
        const q = text.charCodeAt(j);
        let after: number | undefined;
        if (q === 34 || q === 39) {
          // A JSX string has no escapes, and may run over lines.
          const close = text.indexOf(text[j]!, j + 1);
          if (close < 0) return undefined;
          this.push({ type: 'string', value: text.slice(j + 1, close), start: j + 1, end: close });
          after = close + 1;
        } else if (q === 123) after = this.container(j);
        else if (q === 60) after = this.element(j);
        if (after === undefined) return undefined;
        j = after;
      }
    }
    this.punct('>', j);
    j++;
    // An element whose closing tag is nowhere after it is not one: a type argument, a cast.
    if (!this.closes(name, j)) return undefined;
    for (;;) {
      // Text, up to a child `{…}` or `<`.
      while (j < n && text.charCodeAt(j) !== 60 && text.charCodeAt(j) !== 123) j++;
      if (j >= n) return undefined;
      if (text.charCodeAt(j) === 123) {
        const after = this.container(j);
        if (after === undefined) return undefined;
        j = after;
        continue;
      }
      let k = j + 1;
      while (k < n && isSpace(text.charCodeAt(k))) k++;
      if (text.charCodeAt(k) !== 47) {
        const after = this.element(j);
        if (after === undefined) return undefined;
        j = after;
        continue;
      }
      this.punct('<', j, true);
      this.punct('/', k);
      k = this.skip(k + 1);
      let closingName = '';
      if (text.charCodeAt(k) !== 62) {
        const tag = this.tagName(k);
        if (!tag) return undefined;
        closingName = tag.name;
        k = this.skip(tag.next);
      }
      if (closingName !== name || text.charCodeAt(k) !== 62) return undefined;
      this.punct('>', k);
      return k + 1;
    }
  }

  /** A tag's name at `i` (`Inbox`, `N.Inbox`, `my-element`, `svg:rect`): its tokens pushed; its text and the index after it. */
  private tagName(i: number): { name: string; next: number } | undefined {
    const text = this.text;
    let name = '';
    for (;;) {
      if (!isIdentStart(text.charCodeAt(i))) return undefined;
      const start = i;
      while (i < text.length && isJsxNamePart(text.charCodeAt(i))) i++;
      this.push({ type: 'ident', value: text.slice(start, i), start, end: i });
      name += text.slice(start, i);
      const c = text.charCodeAt(i);
      if (c !== 46 && c !== 58) return { name, next: i };
      this.punct(text[i]!, i);
      name += text[i];
      i++;
    }
  }

  /** Past `<…>` at `i` (balanced, `=>` inside not counted); nothing pushed. */
  private typeArguments(i: number): number | undefined {
    const text = this.text;
    let depth = 0;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 60) depth++;
      else if (c === 62 && text.charCodeAt(i - 1) !== 61 && --depth === 0) return i + 1;
    }
    return undefined;
  }

  /** A JSX `{…}` at `i` (an attribute's value, a spread, a child): its tokens with the braces, and the index after it. */
  private container(i: number): number | undefined {
    this.punct('{', i);
    const close = this.code(i + 1, true);
    if (close >= this.text.length) return undefined;
    this.punct('}', close);
    return close + 1;
  }

  /** Whether a closing tag of `name` comes at or after `from` (found once for the whole text). */
  private closes(name: string, from: number): boolean {
    if (!this.closings) {
      this.closings = new Map();
      for (const m of this.text.matchAll(/<\/\s*([^\s<>/{}]*)\s*>/g)) this.closings.set(m[1]!, m.index);
    }
    return (this.closings.get(name) ?? -1) >= from;
  }
}

/** Tokens of JavaScript or TypeScript (JSX too), comments dropped; a template literal is one opaque token. */
export function tokenizeJs(text: string): Token[] {
  const tokenizer = new Tokenizer(text);
  tokenizer.code(0, false);
  return tokenizer.tokens;
}
