/**
 * Finds the service's workflows in a user's code (issue 25, code awareness): framework
 * definitions (`workflow('id', …)` from `@novu/framework`) and trigger calls of the SDKs, from
 * string literals only. Never inside a comment or a template literal; a constant is followed when
 * it is a string literal of the same file. A small tokenizer, not a parser: it reads a minified
 * megabyte in a few milliseconds, and anything it does not recognise is simply not a match.
 * Pure: no `vscode`.
 */

export type CodeRefKind = 'definition' | 'trigger';

/** The call shape that was recognised, for the hover and the tests. */
export type CodePattern =
  | 'framework-workflow'
  | 'framework-trigger'
  | 'api-trigger'
  | 'api-trigger-bulk'
  | 'node-trigger'
  | 'node-bulk-trigger'
  | 'python-dto'
  | 'python-trigger';

export interface CodeRef {
  kind: CodeRefKind;
  pattern: CodePattern;
  identifier: string;
  /** Offsets of the identifier's text in the document (inside the quotes), or of the name used for it. */
  start: number;
  end: number;
  /** True when `start`..`end` is the string literal's content (a quick fix may replace it). */
  literal: boolean;
}

interface Token {
  type: 'ident' | 'string' | 'punct' | 'template' | 'number';
  value: string;
  start: number;
  end: number;
}

const IDENT_START = /[A-Za-z_$]/;
const IDENT_PART = /[A-Za-z0-9_$]/;

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
function tokenizeJs(text: string): Token[] {
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
    if (isIdentStart(code)) {
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

/** Tokens of Python, comments dropped; f-strings and triple-quoted strings are opaque. */
function tokenizePython(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text[i]!;
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '#') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end;
      continue;
    }
    // String prefixes: r, b, u, f (and pairs); an f-string is not a literal identifier.
    let prefix = '';
    if (/[rRbBuUfF]/.test(c) && (text[i + 1] === '"' || text[i + 1] === "'" || (/[rRbBfF]/.test(text[i + 1] ?? '') && (text[i + 2] === '"' || text[i + 2] === "'")))) {
      prefix = text[i + 1] === '"' || text[i + 1] === "'" ? c : text.slice(i, i + 2);
    }
    const q = text[i + prefix.length];
    if (q === '"' || q === "'") {
      const qStart = i + prefix.length;
      const triple = text.slice(qStart, qStart + 3) === q.repeat(3);
      const opaque = triple || /[fF]/.test(prefix);
      if (triple) {
        const end = text.indexOf(q.repeat(3), qStart + 3);
        i = end < 0 ? n : end + 3;
        tokens.push({ type: 'template', value: '', start: qStart, end: i });
        continue;
      }
      i = qStart + 1;
      let value = '';
      while (i < n && text[i] !== q && text[i] !== '\n') {
        if (text[i] === '\\') {
          value += text[i + 1] ?? '';
          i += 2;
          continue;
        }
        value += text[i];
        i++;
      }
      i++;
      tokens.push(opaque ? { type: 'template', value: '', start: qStart, end: i } : { type: 'string', value, start: qStart + 1, end: i - 1 });
      continue;
    }
    if (IDENT_START.test(c)) {
      const start = i;
      while (i < n && IDENT_PART.test(text[i]!)) i++;
      tokens.push({ type: 'ident', value: text.slice(start, i), start, end: i });
      continue;
    }
    tokens.push({ type: 'punct', value: c, start: i, end: i + 1 });
    i++;
  }
  return tokens;
}

const isPunct = (t: Token | undefined, value: string) => t?.type === 'punct' && t.value === value;
const isIdent = (t: Token | undefined, value?: string) => t?.type === 'ident' && (value === undefined || t.value === value);

/** `const NAME = 'literal'` (or `let`/`var`, or Python's `NAME = "literal"` at the start of a statement). */
function constants(tokens: Token[], python: boolean): Map<string, Token> {
  const found = new Map<string, Token>();
  for (let i = 0; i + 2 < tokens.length; i++) {
    const a = tokens[i]!;
    if (!python && isIdent(a) && ['const', 'let', 'var'].includes(a.value) && isIdent(tokens[i + 1]) && isPunct(tokens[i + 2], '=') && tokens[i + 3]?.type === 'string' && !isPunct(tokens[i + 4], '+')) {
      found.set(tokens[i + 1]!.value, tokens[i + 3]!);
    }
    if (python && isIdent(a) && isPunct(tokens[i + 1], '=') && !isPunct(tokens[i + 2], '=') && tokens[i + 2]?.type === 'string' && !isPunct(tokens[i - 1], '.') && !isPunct(tokens[i - 1], ',') && !isPunct(tokens[i - 1], '(')) {
      found.set(a.value, tokens[i + 2]!);
    }
  }
  return found;
}

/** Index of the token that closes the bracket opened at `open`, or the end. */
function closing(tokens: Token[], open: number): number {
  let depth = 0;
  for (let i = open; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'punct') continue;
    if (t.value === '(' || t.value === '[' || t.value === '{') depth++;
    else if (t.value === ')' || t.value === ']' || t.value === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return tokens.length - 1;
}

function refFrom(token: Token | undefined, consts: Map<string, Token>, kind: CodeRefKind, pattern: CodePattern): CodeRef | undefined {
  if (!token) return undefined;
  if (token.type === 'string') return token.value.trim() ? { kind, pattern, identifier: token.value, start: token.start, end: token.end, literal: true } : undefined;
  if (token.type === 'ident') {
    const c = consts.get(token.value);
    if (c && c.value.trim()) return { kind, pattern, identifier: c.value, start: token.start, end: token.end, literal: false };
  }
  return undefined;
}

/**
 * The values of `key: <literal>` in the call opened at `open`, at bracket depth `depth` from it
 * (`(` is 1: the argument object's own keys are at 2, `[{ … }]` in it at 4), not in nested objects.
 */
function keyValues(tokens: Token[], open: number, to: number, depth: number, key: string, consts: Map<string, Token>, kind: CodeRefKind, pattern: CodePattern): CodeRef[] {
  const refs: CodeRef[] = [];
  let level = 0;
  for (let i = open; i < to; i++) {
    const t = tokens[i]!;
    if (t.type === 'punct' && '([{'.includes(t.value)) level++;
    else if (t.type === 'punct' && ')]}'.includes(t.value)) level--;
    const prev = tokens[i - 1];
    if (level === depth && (isIdent(t, key) || (t.type === 'string' && t.value === key)) && isPunct(tokens[i + 1], ':') && (isPunct(prev, '{') || isPunct(prev, ','))) {
      const ref = refFrom(tokens[i + 2], consts, kind, pattern);
      if (ref) refs.push(ref);
    }
  }
  return refs;
}

/** Workflow definitions and trigger calls in JavaScript or TypeScript source. */
export function scanJavaScript(text: string): CodeRef[] {
  const tokens = tokenizeJs(text);
  const consts = constants(tokens, false);
  const refs: CodeRef[] = [];
  // `const welcome = workflow('welcome', …)`: the framework's `welcome.trigger(…)` resolves to it,
  // wherever in the file the trigger is (first pass).
  const workflowVars = new Map<string, string>();
  for (let i = 2; i + 2 < tokens.length; i++) {
    if (isIdent(tokens[i], 'workflow') && isPunct(tokens[i + 1], '(') && isPunct(tokens[i - 1], '=') && isIdent(tokens[i - 2])) {
      const ref = refFrom(tokens[i + 2], consts, 'definition', 'framework-workflow');
      if (ref) workflowVars.set(tokens[i - 2]!.value, ref.identifier);
    }
  }
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'ident') continue;
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (t.value === 'workflow' && isPunct(next, '(') && !isPunct(prev, '.')) {
      const ref = refFrom(tokens[i + 2], consts, 'definition', 'framework-workflow');
      if (ref && (isPunct(tokens[i + 3], ',') || isPunct(tokens[i + 3], ')'))) refs.push(ref);
      continue;
    }
    if (!isPunct(prev, '.') || !isPunct(next, '(')) continue;
    const open = i + 1;
    const close = closing(tokens, open);
    const first = tokens[open + 1];
    if (t.value === 'trigger') {
      const receiver = tokens[i - 2];
      if (isIdent(receiver) && workflowVars.has(receiver!.value) && !isPunct(tokens[i - 3], '.')) {
        refs.push({ kind: 'trigger', pattern: 'framework-trigger', identifier: workflowVars.get(receiver!.value)!, start: receiver!.start, end: receiver!.end, literal: false });
      } else if (isPunct(first, '{')) {
        refs.push(...keyValues(tokens, open, close, 2, 'workflowId', consts, 'trigger', 'api-trigger').slice(0, 1));
      } else {
        // `@novu/node`'s trigger(name, { to, payload }) always has its options: a one-argument
        // `element.trigger('click')` (jQuery and the like) is not one.
        const ref = refFrom(first, consts, 'trigger', 'node-trigger');
        if (ref && isPunct(tokens[open + 2], ',') && (isPunct(tokens[open + 3], '{') || isIdent(tokens[open + 3]))) refs.push(ref);
      }
    } else if (t.value === 'triggerBulk') {
      refs.push(...keyValues(tokens, open, close, 4, 'workflowId', consts, 'trigger', 'api-trigger-bulk'));
    } else if (t.value === 'bulkTrigger') {
      refs.push(...keyValues(tokens, open, close, 3, 'name', consts, 'trigger', 'node-bulk-trigger'));
    }
  }
  return refs.sort((a, b) => a.start - b.start);
}

/** Trigger calls in Python source (`novu-py`). */
export function scanPython(text: string): CodeRef[] {
  const tokens = tokenizePython(text);
  const consts = constants(tokens, true);
  const refs: CodeRef[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'ident' || !isPunct(tokens[i + 1], '(')) continue;
    const dto = t.value === 'TriggerEventRequestDto';
    const call = t.value === 'trigger' && isPunct(tokens[i - 1], '.');
    if (!dto && !call) continue;
    const close = closing(tokens, i + 1);
    // Only the call's own keyword arguments (depth 1), not those of a call nested in it.
    let depth = 0;
    for (let j = i + 1; j < close; j++) {
      const tj = tokens[j]!;
      if (tj.type === 'punct' && '([{'.includes(tj.value)) depth++;
      else if (tj.type === 'punct' && ')]}'.includes(tj.value)) depth--;
      if (depth === 1 && isIdent(tj, 'workflow_id') && isPunct(tokens[j + 1], '=') && (isPunct(tokens[j - 1], '(') || isPunct(tokens[j - 1], ','))) {
        const ref = refFrom(tokens[j + 2], consts, 'trigger', dto ? 'python-dto' : 'python-trigger');
        if (ref) refs.push(ref);
        break;
      }
    }
  }
  return refs;
}

/** The scanner for a document's language, or undefined for a language not read. */
export function scannerFor(languageId: string): ((text: string) => CodeRef[]) | undefined {
  if (['typescript', 'javascript', 'typescriptreact', 'javascriptreact'].includes(languageId)) return scanJavaScript;
  if (languageId === 'python') return scanPython;
  return undefined;
}
