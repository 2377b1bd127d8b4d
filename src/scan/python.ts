/**
 * Trigger calls in Python (`novu-py`: `import novu_py`, `from novu_py import Novu`), within the
 * file. Pure: no `vscode`.
 */
import { CLIENT_CLASS, type CodeRef } from './codeRef';
import { chainAfter, chainBefore, closing, isIdent, isPunct, opening, refFrom, type Token } from './tokens';

const IDENT_START = /[A-Za-z_$]/;
const IDENT_PART = /[A-Za-z0-9_$]/;

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

/**
 * The module's string constants, as TypeScript's `const`: `NAME = "literal"`, `NAME: str = "…"`,
 * `NAME: Final = "…"` (`Final[str]`, `typing.Final`), each a statement of its own at the module's
 * level (not indented). A name the module gives any other value, or two strings, is left out:
 * which one a call would see is not known from the text.
 */
function pythonConstants(text: string, tokens: Token[]): Map<string, Token> {
  const found = new Map<string, Token>();
  const unknown = new Set<string>();
  const lineStart = (t: Token) => t.start === 0 || text[t.start - 1] === '\n' || text[t.start - 1] === '\r';
  const endsLine = (t: Token, next: Token | undefined) => !next || isPunct(next, ';') || /[\r\n]/.test(text.slice(t.end, next.start));
  for (let i = 0; i < tokens.length; i++) {
    const name = tokens[i]!;
    if (!isIdent(name) || !lineStart(name)) continue;
    let eq = i + 1;
    if (isPunct(tokens[eq], ':')) {
      // The annotation: a dotted name (`str`, `Final`, `typing.Final`), with its `[…]` if any.
      const type = chainAfter(tokens, eq + 1);
      if (!type) continue;
      eq = isPunct(tokens[type.next], '[') ? closing(tokens, type.next) + 1 : type.next;
    }
    if (!isPunct(tokens[eq], '=') || isPunct(tokens[eq + 1], '=')) continue;
    const value = tokens[eq + 1];
    // The string alone: `"a" + b`, `"a".upper()`, `"a" "b"` are not the literal's value.
    const constant = value?.type === 'string' && endsLine(value, tokens[eq + 2]);
    const held = found.get(name.value);
    if (!constant || (held && held.value !== value.value)) unknown.add(name.value);
    else if (!held) found.set(name.value, value);
  }
  for (const name of unknown) found.delete(name);
  return found;
}

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
  const consts = pythonConstants(text, tokens);
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
