/**
 * Finds the service's workflows in a user's code (issue 25, code awareness): framework
 * definitions (`workflow('id', …)` from `@novu/framework`) and trigger calls of the SDKs, from
 * string literals only. Never inside a comment or a template literal; a constant is followed when
 * it is a string literal of the same file. Only what is tied to Novu (issue 30): a call's
 * receiver or callee is followed through the file's imports to `@novu/api`, `@novu/node` or
 * `@novu/framework`, and through the workspace's files when a lookup of them is given (a file's
 * module facts, `jsModule`, are what the index keeps). A small tokenizer, not a parser: it reads a
 * minified megabyte in a few milliseconds, and anything it does not recognise is simply not a
 * match. Pure: no `vscode`, no file read.
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
  /** A framework workflow's trigger: where that workflow is defined (this file, or the one it is imported from). */
  definedAt?: DefinitionSite;
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

// ---------------------------------------------------------------------------------------------
// What a file says about its names (issue 30): where each comes from, what it is given, what the
// file exports. A trigger call is Novu's only when its receiver is tied to Novu through these.

/** Where a name comes from (`import`, `require`): the module and the name it exports there (`*`: the whole module). */
export interface ImportedName {
  from: string;
  name: string;
}

/** The first value a name is given: `new C(…)`, `C('id', …)` (a call with a literal or a constant first), or another name. */
export type Init =
  | { kind: 'new'; callee: string[] }
  | { kind: 'call'; callee: string[]; identifier: string; start: number; end: number }
  | { kind: 'alias'; name: string };

/**
 * A JavaScript or TypeScript file's module facts: all the workspace index keeps of a file that
 * another one imports from. Names are the file's own; a class field or `this.x` is kept under `x`.
 */
export interface JsModule {
  imports: Map<string, ImportedName>;
  /** Exported name → local name: `export const x`, `export { a as b }`, `export default x`, `exports.x = …`, `module.exports = { x }`. */
  exports: Map<string, string>;
  /** Exported name → what it re-exports: `export { a as b } from 'm'`, `export * as ns from 'm'`. */
  reexports: Map<string, ImportedName>;
  /** `export * from 'm'`. */
  stars: string[];
  inits: Map<string, Init>;
  /** The type a name is declared with, when that type is imported: `novu: Novu`, `novu?: sdk.Novu` (a parameter or a field). */
  types: Map<string, string[]>;
}

/** The dotted name that ends at token `end` (`a.b.c`, `this.x`, `a?.b`); `rooted` is false after a call or an index (`f().x`). */
function chainBefore(tokens: Token[], end: number): { parts: string[]; first: number; rooted: boolean } | undefined {
  const last = tokens[end];
  if (!isIdent(last)) return undefined;
  const parts = [last!.value];
  let k = end;
  while (isPunct(tokens[k - 1], '.')) {
    let before = k - 2;
    if (isPunct(tokens[before], '?')) before--;
    if (!isIdent(tokens[before])) return { parts, first: k, rooted: false };
    parts.unshift(tokens[before]!.value);
    k = before;
  }
  return { parts, first: k, rooted: true };
}

/** The dotted name that starts at token `start` (`Novu`, `sdk.Novu`): its parts and the index after it. */
function chainAfter(tokens: Token[], start: number): { parts: string[]; next: number } | undefined {
  if (!isIdent(tokens[start])) return undefined;
  const parts = [tokens[start]!.value];
  let k = start + 1;
  while (isPunct(tokens[k], '.') && isIdent(tokens[k + 1])) {
    parts.push(tokens[k + 1]!.value);
    k += 2;
  }
  return { parts, next: k };
}

/** `require('m')` at `start`: the module, and the index after the call. */
function requireAt(tokens: Token[], start: number): { from: string; next: number } | undefined {
  if (!isIdent(tokens[start], 'require') || !isPunct(tokens[start + 1], '(') || tokens[start + 2]?.type !== 'string' || !isPunct(tokens[start + 3], ')')) return undefined;
  return { from: tokens[start + 2]!.value, next: start + 4 };
}

/** The value given at `start`, when it is one of the shapes that matter. */
function initAt(tokens: Token[], start: number, consts: Map<string, Token>): Init | undefined {
  let j = start;
  if (isIdent(tokens[j], 'await')) j++;
  if (isIdent(tokens[j], 'new')) {
    const callee = chainAfter(tokens, j + 1);
    return callee && isPunct(tokens[callee.next], '(') ? { kind: 'new', callee: callee.parts } : undefined;
  }
  const callee = chainAfter(tokens, j);
  if (!callee) return undefined;
  const after = tokens[callee.next];
  if (isPunct(after, '(')) {
    const ref = refFrom(tokens[callee.next + 1], consts, 'definition', 'framework-workflow');
    const next = tokens[callee.next + 2];
    return ref && (isPunct(next, ',') || isPunct(next, ')')) ? { kind: 'call', callee: callee.parts, identifier: ref.identifier, start: ref.start, end: ref.end } : undefined;
  }
  // `const client = novu;`: the whole value is the name (not `novu.x`, `novu + 1`, `novu[0]`).
  if (callee.parts.length === 1 && (!after || after.type !== 'punct' || ';,)}'.includes(after.value))) return { kind: 'alias', name: callee.parts[0]! };
  return undefined;
}

/** The names of `{ a, b as c, type d, default as e }` opened at `open`: [exported, local] pairs, and the closing brace. */
function namesList(tokens: Token[], open: number, separator: 'as' | ':'): { names: [string, string][]; close: number } {
  const names: [string, string][] = [];
  let j = open + 1;
  while (j < tokens.length && !isPunct(tokens[j], '}')) {
    if (isIdent(tokens[j], 'type') && (isIdent(tokens[j + 1]) || tokens[j + 1]?.type === 'string')) j++;
    const name = tokens[j];
    if (!name || (name.type !== 'ident' && name.type !== 'string')) {
      j++;
      continue;
    }
    const renamed = separator === 'as' ? isIdent(tokens[j + 1], 'as') : isPunct(tokens[j + 1], ':');
    if (renamed && isIdent(tokens[j + 2])) {
      names.push([name.value, tokens[j + 2]!.value]);
      j += 3;
    } else {
      names.push([name.value, name.value]);
      j++;
    }
    if (isPunct(tokens[j], ',')) j++;
    else if (!isPunct(tokens[j], '}')) break;
  }
  return { names, close: j };
}

/** `import …` at `i`: its names recorded; the index of its last token. */
function readImport(tokens: Token[], i: number, m: JsModule): number {
  let j = i + 1;
  if (isPunct(tokens[j], '(') || isPunct(tokens[j], '.')) return i;
  if (isIdent(tokens[j], 'type') && !isIdent(tokens[j + 1], 'from') && !isPunct(tokens[j + 1], ',') && !isPunct(tokens[j + 1], '=')) j++;
  const found: [string, string][] = [];
  if (isIdent(tokens[j])) {
    // `import sdk = require('@novu/api')` (TypeScript)
    if (isPunct(tokens[j + 1], '=')) {
      const req = requireAt(tokens, j + 2);
      if (req) m.imports.set(tokens[j]!.value, { from: req.from, name: '*' });
      return req ? req.next - 1 : i;
    }
    found.push(['default', tokens[j]!.value]);
    j++;
    if (isPunct(tokens[j], ',')) j++;
  }
  if (isPunct(tokens[j], '*') && isIdent(tokens[j + 1], 'as') && isIdent(tokens[j + 2])) {
    found.push(['*', tokens[j + 2]!.value]);
    j += 3;
  } else if (isPunct(tokens[j], '{')) {
    const list = namesList(tokens, j, 'as');
    found.push(...list.names);
    j = list.close + 1;
  }
  if (!isIdent(tokens[j], 'from') || tokens[j + 1]?.type !== 'string') return i;
  const from = tokens[j + 1]!.value;
  for (const [name, local] of found) m.imports.set(local, { from, name });
  return j + 1;
}

/** `export …` at `i`: its names recorded; the index of the last token read (a declaration's name is left to the caller). */
function readExport(tokens: Token[], i: number, m: JsModule, consts: Map<string, Token>): number {
  let j = i + 1;
  const next = tokens[j];
  if (isIdent(next, 'default')) {
    const init = initAt(tokens, j + 1, consts);
    if (init?.kind === 'alias') m.exports.set('default', init.name);
    else if (init) {
      m.inits.set('default', init);
      m.exports.set('default', 'default');
    }
    return j;
  }
  if (isIdent(next) && ['const', 'let', 'var', 'function', 'class'].includes(next!.value)) {
    const name = tokens[j + 1];
    if (isIdent(name)) m.exports.set(name!.value, name!.value);
    return j;
  }
  if (isIdent(next, 'type') && (isPunct(tokens[j + 1], '{') || isPunct(tokens[j + 1], '*'))) j++;
  if (isPunct(tokens[j], '*')) {
    const as = isIdent(tokens[j + 1], 'as') && isIdent(tokens[j + 2]) ? tokens[j + 2]!.value : undefined;
    const f = as ? j + 3 : j + 1;
    if (!isIdent(tokens[f], 'from') || tokens[f + 1]?.type !== 'string') return j;
    const from = tokens[f + 1]!.value;
    if (as) m.reexports.set(as, { from, name: '*' });
    else m.stars.push(from);
    return f + 1;
  }
  if (isPunct(tokens[j], '{')) {
    const list = namesList(tokens, j, 'as');
    const f = list.close + 1;
    if (isIdent(tokens[f], 'from') && tokens[f + 1]?.type === 'string') {
      for (const [name, as] of list.names) m.reexports.set(as, { from: tokens[f + 1]!.value, name });
      return f + 1;
    }
    for (const [local, as] of list.names) m.exports.set(as, local);
    return list.close;
  }
  return i;
}

/** An assignment at the `=` of index `k`: `const x = …`, `this.x = …`, a class field, `exports.x = …`, `const { a } = require('m')`. */
function readAssignment(tokens: Token[], k: number, m: JsModule, consts: Map<string, Token>): void {
  const next = tokens[k + 1];
  if (isPunct(next, '=') || isPunct(next, '>')) return;
  const prev = tokens[k - 1];
  const req = requireAt(tokens, k + 1);
  if (isPunct(prev, '}')) {
    // `const { Novu, workflow: wf } = require('…')`
    if (!req) return;
    let open = k - 1;
    while (open > 0 && !isPunct(tokens[open], '{')) open--;
    for (const [name, local] of namesList(tokens, open, ':').names) m.imports.set(local, { from: req.from, name });
    return;
  }
  if (!isIdent(prev)) return;
  let end = k - 1;
  // `const novu: Novu = …` (the type is kept by the `:`).
  if (isPunct(tokens[k - 2], ':') && isIdent(tokens[k - 3])) end = k - 3;
  else if (isPunct(tokens[k - 2], ':') && (isPunct(tokens[k - 3], '?') || isPunct(tokens[k - 3], '!')) && isIdent(tokens[k - 4])) end = k - 4;
  const lhs = chainBefore(tokens, end);
  if (!lhs) return;
  const name = lhs.parts[lhs.parts.length - 1]!;
  const parts = lhs.parts;
  if (req) {
    const member = isPunct(tokens[req.next], '.') && isIdent(tokens[req.next + 1]) ? tokens[req.next + 1]!.value : '*';
    if (parts.length === 1) m.imports.set(name, { from: req.from, name: member });
    return;
  }
  // `module.exports = { a, b: c }`
  if (parts.length === 2 && parts[0] === 'module' && name === 'exports') {
    if (isPunct(next, '{')) for (const [exported, local] of namesList(tokens, k + 1, ':').names) m.exports.set(exported, local);
    return;
  }
  const exported = (parts.length === 2 && parts[0] === 'exports') || (parts.length === 3 && parts[0] === 'module' && parts[1] === 'exports');
  const key = exported ? `exports.${name}` : name;
  if (exported) m.exports.set(name, key);
  if (m.inits.has(key)) return;
  const init = initAt(tokens, k + 1, consts);
  if (init) m.inits.set(key, init);
}

/** The facts of a file from its tokens. */
function jsFacts(tokens: Token[], consts: Map<string, Token>): JsModule {
  const m: JsModule = { imports: new Map(), exports: new Map(), reexports: new Map(), stars: [], inits: new Map(), types: new Map() };
  // The imports first: a type annotation is kept only when its type is imported.
  for (let i = 0; i < tokens.length; i++) {
    if (isIdent(tokens[i], 'import') && !isPunct(tokens[i - 1], '.')) i = readImport(tokens, i, m);
  }
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === 'ident') {
      if (t.value === 'export' && !isPunct(tokens[i - 1], '.')) i = readExport(tokens, i, m, consts);
      continue;
    }
    if (t.type !== 'punct') continue;
    if (t.value === '=') readAssignment(tokens, i, m, consts);
    else if (t.value === ':') {
      let n = i - 1;
      if (isPunct(tokens[n], '?') || isPunct(tokens[n], '!')) n--;
      const type = chainAfter(tokens, i + 1);
      if (isIdent(tokens[n]) && type && m.imports.has(type.parts[0]!) && !m.types.has(tokens[n]!.value)) m.types.set(tokens[n]!.value, type.parts);
    }
  }
  return m;
}

/** A JavaScript or TypeScript file's module facts (for the index of the files others import from). */
export function jsModule(text: string): JsModule {
  const tokens = tokenizeJs(text);
  return jsFacts(tokens, constants(tokens, false));
}

// ---------------------------------------------------------------------------------------------
// Modules: a relative import names a file of the workspace, read by the caller (the index).

/** The files a module knows of, by path (`/`-separated, as in a URI). */
export interface ModuleLookup {
  /** The file that the relative `specifier` names from the file at `fromPath`, or undefined (none, or not read yet). */
  find(fromPath: string, specifier: string): { path: string; module: JsModule } | undefined;
}

const isRelative = (specifier: string) => specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../');

/** `a/./b/../c` → `a/c`. */
function normalizePath(path: string): string {
  const out: string[] = [];
  for (const part of path.split('/')) {
    if (part === '.') continue;
    if (part === '..' && out.length > 0 && out[out.length - 1] !== '' && out[out.length - 1] !== '..') out.pop();
    else out.push(part);
  }
  return out.join('/');
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

/**
 * The paths a relative import may name, in the order TypeScript and Node try them: the file with
 * each source extension, then its folder's `index`; `./x.js` names `./x.ts` first (TypeScript's
 * ESM style). Nothing in `node_modules`, and nothing for a package name.
 */
export function moduleCandidates(fromPath: string, specifier: string): string[] {
  if (!isRelative(specifier)) return [];
  const base = normalizePath(`${fromPath.slice(0, fromPath.lastIndexOf('/'))}/${specifier}`);
  if (base.includes('/node_modules/') || base.endsWith('/node_modules')) return [];
  if (/\.(?:[mc]?ts|tsx)$/.test(base)) return [base];
  const js = /\.([mc]?)js(x?)$/.exec(base);
  if (js) {
    const stem = base.slice(0, -js[0].length);
    return [`${stem}.${js[1]}ts${js[2]}`, ...(js[1] || js[2] ? [] : [`${stem}.tsx`]), base];
  }
  return [...SOURCE_EXTENSIONS.map((ext) => base + ext), ...SOURCE_EXTENSIONS.map((ext) => `${base}/index${ext}`)];
}

/**
 * Module facts by path, as the index holds them: a path not held yet is said in `wanted` (the
 * caller reads it and asks again); a path known to hold no file is held as `null`.
 */
export class ModuleMap {
  private readonly files = new Map<string, JsModule | null>();

  set(path: string, module: JsModule | null): void {
    this.files.set(path, module);
  }

  /** Forgets a path (its file changed, was created or deleted): true when it was held. */
  delete(path: string): boolean {
    return this.files.delete(path);
  }

  /** A path's facts; null when it holds no file; undefined when not read. */
  get(path: string): JsModule | null | undefined {
    return this.files.get(path);
  }

  get size(): number {
    return this.files.size;
  }

  /** A lookup that says in `wanted` each import it could not answer for want of a file not read yet. */
  lookup(wanted: { from: string; specifier: string }[] = []): ModuleLookup {
    return {
      find: (fromPath, specifier) => {
        for (const path of moduleCandidates(fromPath, specifier)) {
          const held = this.files.get(path);
          if (held === undefined) {
            wanted.push({ from: fromPath, specifier });
            return undefined;
          }
          if (held) return { path, module: held };
        }
        return undefined;
      },
    };
  }
}

/** Where a framework workflow is defined: the identifier's literal (or constant) in the file at `path` (undefined: the file scanned). */
export interface DefinitionSite {
  path: string | undefined;
  start: number;
  end: number;
}

/** What a name is, as far as Novu goes. */
type Binding =
  | { kind: 'novu-class' }
  | { kind: 'client' }
  | { kind: 'workflow-fn' }
  | { kind: 'workflow'; identifier: string; site: DefinitionSite }
  | { kind: 'namespace'; sdk: string }
  | { kind: 'namespace'; file: ModuleFile };

interface ModuleFile {
  path: string | undefined;
  module: JsModule;
}

// l10n-ignore: the class name of a client in every Novu SDK (code, not words)
const CLIENT_CLASS = 'Novu';
/** The SDKs: `Novu` of `@novu/api` and `@novu/node` (a client's class), `workflow` of `@novu/framework`. */
const CLIENT_PACKAGES = new Set(['@novu/api', '@novu/node']);
const FRAMEWORK_PACKAGE = '@novu/framework';
const isSdk = (from: string) => CLIENT_PACKAGES.has(from) || from === FRAMEWORK_PACKAGE;

function sdkExport(from: string, name: string): Binding | undefined {
  if (name === '*') return { kind: 'namespace', sdk: from };
  if (CLIENT_PACKAGES.has(from) && name === CLIENT_CLASS) return { kind: 'novu-class' };
  if (from === FRAMEWORK_PACKAGE && name === 'workflow') return { kind: 'workflow-fn' };
  return undefined;
}

/** Follows names through a file and the files it imports from; each answer kept for the scan. */
class Names {
  private readonly memo = new Map<string, Binding | null>();

  constructor(private readonly modules: ModuleLookup | undefined) {}

  private remember(key: string, compute: () => Binding | undefined): Binding | undefined {
    if (this.memo.has(key)) return this.memo.get(key) ?? undefined;
    // Held as unknown while computed: an import cycle ends here.
    this.memo.set(key, null);
    const found = compute();
    this.memo.set(key, found ?? null);
    return found;
  }

  /** A name of the file: imported, given a value, or declared with a type. */
  local(file: ModuleFile, name: string): Binding | undefined {
    return this.remember(`${file.path ?? ''}\u0000${name}`, () => {
      const imported = file.module.imports.get(name);
      return imported ? this.imported(file, imported) : this.own(file, name);
    });
  }

  /** A name given a value or declared with a type in the file (a variable, `this.x`, a field), not imported. */
  own(file: ModuleFile, name: string): Binding | undefined {
    return this.remember(`${file.path ?? ''}\u0002${name}`, () => {
      const init = file.module.inits.get(name);
      if (init?.kind === 'alias') return init.name === name ? undefined : this.local(file, init.name);
      if (init) {
        const callee = this.chain(file, init.callee);
        if (init.kind === 'new' && callee?.kind === 'novu-class') return { kind: 'client' };
        if (init.kind === 'call' && callee?.kind === 'workflow-fn') return { kind: 'workflow', identifier: init.identifier, site: { path: file.path, start: init.start, end: init.end } };
        return undefined;
      }
      const type = file.module.types.get(name);
      return type && this.chain(file, type)?.kind === 'novu-class' ? { kind: 'client' } : undefined;
    });
  }

  /** `a.b.c`: `a` in the file, then each member of a module. */
  chain(file: ModuleFile, parts: string[]): Binding | undefined {
    let binding = this.local(file, parts[0]!);
    for (const part of parts.slice(1)) {
      if (binding?.kind !== 'namespace') return undefined;
      binding = 'sdk' in binding ? sdkExport(binding.sdk, part) : this.exported(binding.file, part);
    }
    return binding;
  }

  private imported(file: ModuleFile, { from, name }: ImportedName): Binding | undefined {
    if (isSdk(from)) return sdkExport(from, name);
    if (!file.path || !this.modules || !isRelative(from)) return undefined;
    const target = this.modules.find(file.path, from);
    if (!target) return undefined;
    return name === '*' ? { kind: 'namespace', file: target } : this.exported(target, name);
  }

  private exported(file: ModuleFile, name: string): Binding | undefined {
    return this.remember(`${file.path ?? ''}\u0001${name}`, () => {
      const local = file.module.exports.get(name);
      if (local !== undefined) return this.local(file, local);
      const reexport = file.module.reexports.get(name);
      if (reexport) return this.imported(file, reexport);
      if (name === 'default') return undefined;
      for (const from of file.module.stars) {
        const found = this.imported(file, { from, name });
        if (found) return found;
      }
      return undefined;
    });
  }
}

/** The index of the `(` that the `)` at `close` closes. */
function opening(tokens: Token[], close: number): number {
  let depth = 0;
  for (let i = close; i >= 0; i--) {
    const t = tokens[i]!;
    if (t.type !== 'punct') continue;
    if (t.value === ')' || t.value === ']' || t.value === '}') depth++;
    else if (t.value === '(' || t.value === '[' || t.value === '{') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return 0;
}

export interface ScanContext {
  /** The file's path (`/`-separated, as in a URI), for its relative imports; none for a document never saved. */
  path?: string | undefined;
  /** The workspace's files, for what is imported from them. */
  modules?: ModuleLookup | undefined;
}

/**
 * Workflow definitions and trigger calls in JavaScript or TypeScript source. A `workflow('id', …)`
 * is a definition only when that `workflow` is `@novu/framework`'s (imported, renamed, through a
 * namespace, or re-exported by a local module); `X.trigger(…)` is a trigger only when `X` is a
 * Novu client (`new Novu(…)` of `@novu/api` or `@novu/node`, a name or property given one, a
 * parameter or field typed `Novu`, or one imported from a local module) or a framework workflow
 * (of this file or imported from another). Anything not tied to Novu is not a match.
 */
export function scanJavaScript(text: string, context: ScanContext = {}): CodeRef[] {
  const tokens = tokenizeJs(text);
  const consts = constants(tokens, false);
  const file: ModuleFile = { path: context.path, module: jsFacts(tokens, consts) };
  const names = new Names(context.modules);
  const known = (name: string) => file.module.imports.has(name) || file.module.inits.has(name) || file.module.types.has(name);
  const refs: CodeRef[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'ident' || !isPunct(tokens[i + 1], '(')) continue;
    const open = i + 1;
    const member = isPunct(tokens[i - 1], '.');
    if (member && (t.value === 'trigger' || t.value === 'triggerBulk' || t.value === 'bulkTrigger')) {
      let end = i - 2;
      if (isPunct(tokens[end], '?')) end--;
      let receiver: Binding | undefined;
      if (isPunct(tokens[end], ')')) {
        // `new Novu(…).trigger(…)`
        const callee = chainBefore(tokens, opening(tokens, end) - 1);
        if (callee?.rooted && isIdent(tokens[callee.first - 1], 'new') && names.chain(file, callee.parts)?.kind === 'novu-class') receiver = { kind: 'client' };
      } else {
        const chain = chainBefore(tokens, end);
        const last = chain?.parts[chain.parts.length - 1];
        if (chain && last) {
          if (chain.rooted && chain.parts.length === 1) receiver = names.local(file, last);
          else if (chain.rooted && chain.parts[0] !== 'this') receiver = names.chain(file, chain.parts);
          // `this.novu`, `deps.novu`, `f().novu`: a property given a client or typed as one in this file.
          receiver ??= names.own(file, last);
        }
      }
      if (receiver?.kind === 'workflow') {
        if (t.value === 'trigger') {
          const at = tokens[end]!;
          refs.push({ kind: 'trigger', pattern: 'framework-trigger', identifier: receiver.identifier, start: at.start, end: at.end, literal: false, definedAt: receiver.site });
        }
        continue;
      }
      if (receiver?.kind !== 'client') continue;
      const close = closing(tokens, open);
      const first = tokens[open + 1];
      if (t.value === 'trigger') {
        if (isPunct(first, '{')) {
          refs.push(...keyValues(tokens, open, close, 2, 'workflowId', consts, 'trigger', 'api-trigger').slice(0, 1));
        } else {
          // `@novu/node`'s trigger(name, { to, payload }) always has its options.
          const ref = refFrom(first, consts, 'trigger', 'node-trigger');
          if (ref && isPunct(tokens[open + 2], ',') && (isPunct(tokens[open + 3], '{') || isIdent(tokens[open + 3]))) refs.push(ref);
        }
      } else if (t.value === 'triggerBulk') {
        refs.push(...keyValues(tokens, open, close, 4, 'workflowId', consts, 'trigger', 'api-trigger-bulk'));
      } else {
        refs.push(...keyValues(tokens, open, close, 3, 'name', consts, 'trigger', 'node-bulk-trigger'));
      }
      continue;
    }
    // A call: a framework definition when the callee is `@novu/framework`'s `workflow`. Its shape
    // first, so that no other file is read for a call that cannot be one (`format(date)`).
    const ref = refFrom(tokens[open + 1], consts, 'definition', 'framework-workflow');
    if (!ref || (!isPunct(tokens[open + 2], ',') && !isPunct(tokens[open + 2], ')'))) continue;
    // Through a namespace, the framework's own name only (`fw.workflow(…)`, not `log.info('…')`).
    const callee = chainBefore(tokens, i);
    if (!callee?.rooted || !known(callee.parts[0]!) || (callee.parts.length > 1 && t.value !== 'workflow')) continue;
    if (names.chain(file, callee.parts)?.kind === 'workflow-fn') refs.push(ref);
  }
  return refs.sort((a, b) => a.start - b.start);
}

// ---------------------------------------------------------------------------------------------
// Python: `novu-py` (`import novu_py`, `from novu_py import Novu`), within the file.

const PYTHON_SDK = /^novu_py(?:\.|$)/;

/** A dotted module name at `start` (`novu_py.models`): its text and the index after it. */
function dottedAt(tokens: Token[], start: number): { name: string; next: number } | undefined {
  const chain = chainAfter(tokens, start);
  return chain ? { name: chain.parts.join('.'), next: chain.next } : undefined;
}

/**
 * Trigger calls in Python source (`novu-py`): `X.trigger(workflow_id=…)` where `X` is a client
 * (`X = Novu(…)`, `with Novu(…) as X`, `self.X = Novu(…)`, `X: Novu`) and
 * `TriggerEventRequestDto(workflow_id=…)`, each only when its class comes from `novu_py`.
 */
export function scanPython(text: string): CodeRef[] {
  const tokens = tokenizePython(text);
  // Names bound to `novu_py` (or a module of it), and names imported from it.
  const sdkModules = new Set<string>();
  const fromSdk = new Map<string, string>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (isIdent(t, 'import') && !isIdent(tokens[i - 2], 'from') && !isPunct(tokens[i - 2], '.')) {
      // `import novu_py`, `import novu_py.models as models`, `import os, novu_py`
      let j = i + 1;
      for (let module = dottedAt(tokens, j); module; module = isPunct(tokens[j], ',') ? dottedAt(tokens, ++j) : undefined) {
        j = module.next;
        let local = module.name.split('.')[0]!;
        if (isIdent(tokens[j], 'as') && isIdent(tokens[j + 1])) {
          local = tokens[j + 1]!.value;
          j += 2;
        }
        if (PYTHON_SDK.test(module.name)) sdkModules.add(local);
      }
    } else if (isIdent(t, 'from')) {
      // `from novu_py import Novu, TriggerEventRequestDto as Dto`, `from novu_py import (…)`, `from novu_py import models`
      const module = dottedAt(tokens, i + 1);
      if (!module || !PYTHON_SDK.test(module.name) || !isIdent(tokens[module.next], 'import')) continue;
      let j = module.next + 1;
      const paren = isPunct(tokens[j], '(');
      if (paren) j++;
      if (isPunct(tokens[j], '*')) {
        fromSdk.set(CLIENT_CLASS, CLIENT_CLASS);
        fromSdk.set('TriggerEventRequestDto', 'TriggerEventRequestDto');
        continue;
      }
      while (isIdent(tokens[j])) {
        const name = tokens[j]!.value;
        let local = name;
        j++;
        if (isIdent(tokens[j], 'as') && isIdent(tokens[j + 1])) {
          local = tokens[j + 1]!.value;
          j += 2;
        }
        fromSdk.set(local, name);
        sdkModules.add(local);
        if (!isPunct(tokens[j], ',')) break;
        j++;
      }
    }
  }
  if (sdkModules.size === 0 && fromSdk.size === 0) return [];
  // `sdkModules` also holds the names imported from it, for `models.TriggerEventRequestDto`; a class is its last part.
  const isClass = (parts: string[], name: string) => (parts.length === 1 ? fromSdk.get(parts[0]!) === name : sdkModules.has(parts[0]!) && parts[parts.length - 1] === name);
  const clients = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (isPunct(t, '(')) {
      const callee = chainBefore(tokens, i - 1);
      if (!callee?.rooted || !isClass(callee.parts, CLIENT_CLASS)) continue;
      // `novu = Novu(…)`, `self.novu = Novu(…)`
      if (isPunct(tokens[callee.first - 1], '=') && isIdent(tokens[callee.first - 2])) clients.add(tokens[callee.first - 2]!.value);
      // `with Novu(…) as novu:`
      const close = closing(tokens, i);
      if (isIdent(tokens[close + 1], 'as') && isIdent(tokens[close + 2])) clients.add(tokens[close + 2]!.value);
    } else if (isPunct(t, ':') && isIdent(tokens[i - 1])) {
      // `novu: Novu` (a parameter or an annotated name)
      const type = chainAfter(tokens, i + 1);
      if (type && isClass(type.parts, CLIENT_CLASS)) clients.add(tokens[i - 1]!.value);
    }
  }
  const consts = constants(tokens, true);
  const refs: CodeRef[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'ident' || !isPunct(tokens[i + 1], '(')) continue;
    let dto = false;
    let call = false;
    if (t.value === 'trigger' && isPunct(tokens[i - 1], '.')) {
      if (isPunct(tokens[i - 2], ')')) {
        // `Novu(…).trigger(…)`
        const callee = chainBefore(tokens, opening(tokens, i - 2) - 1);
        call = !!callee?.rooted && isClass(callee.parts, CLIENT_CLASS);
      } else {
        const receiver = chainBefore(tokens, i - 2);
        call = !!receiver && clients.has(receiver.parts[receiver.parts.length - 1]!);
      }
    } else if (t.value === 'TriggerEventRequestDto' || fromSdk.get(t.value) === 'TriggerEventRequestDto') {
      const callee = chainBefore(tokens, i);
      dto = !!callee?.rooted && isClass(callee.parts, 'TriggerEventRequestDto');
    }
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
export function scannerFor(languageId: string): ((text: string, context?: ScanContext) => CodeRef[]) | undefined {
  if (JS_LANGUAGES.includes(languageId)) return scanJavaScript;
  if (languageId === 'python') return scanPython;
  return undefined;
}

export const JS_LANGUAGES = ['typescript', 'javascript', 'typescriptreact', 'javascriptreact'];
