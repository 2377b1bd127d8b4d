/**
 * What a JavaScript or TypeScript file says about its names (issue 30): where each comes from,
 * what it is given, what the file exports. A trigger call is Novu's only when its receiver is tied
 * to Novu through these; the workspace index keeps them for the files others import from.
 */
import { chainAfter, chainBefore, isIdent, isPunct, refFrom, type Token } from './tokens';
import { tokenizeJs } from './jsTokenizer';

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

/** `const NAME = 'literal'` (or `let`/`var`): the file's constants, followed where a call names one. */
export function jsConstants(tokens: Token[]): Map<string, Token> {
  const found = new Map<string, Token>();
  for (let i = 0; i + 2 < tokens.length; i++) {
    const a = tokens[i]!;
    if (isIdent(a) && ['const', 'let', 'var'].includes(a.value) && isIdent(tokens[i + 1]) && isPunct(tokens[i + 2], '=') && tokens[i + 3]?.type === 'string' && !isPunct(tokens[i + 4], '+')) {
      found.set(tokens[i + 1]!.value, tokens[i + 3]!);
    }
  }
  return found;
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
export function jsFacts(tokens: Token[], consts: Map<string, Token>): JsModule {
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
  return jsFacts(tokens, jsConstants(tokens));
}
