/**
 * Trigger calls in Python (`novu-py`: `import novu_py`, `from novu_py import Novu`), within the
 * file. Pure: no `vscode`.
 */
import { CLIENT_CLASS, type CodeRef, type InboxContextValue, type InboxValue } from './codeRef';
import { entryEnd } from './objectLiteral';
import { chainAfter, chainBefore, closing, isIdent, isPunct, opening, refFrom, type Token } from './tokens';
import { contextValue } from './values';

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
 * What a type annotation may be: the client, `None`, a context manager or iterator whose value is
 * the client (`Iterator[Novu]` of a `@contextmanager`), or anything else.
 */
type Kind = 'client' | 'none' | 'enters-client' | 'other';

/** The names whose one argument is what `with` gives (a `@contextmanager`'s `Iterator[T]`, `Generator[T, …]`). */
// l10n-ignore: Python's typing names (code, not words)
const ENTERS = new Set(['Iterator', 'Generator', 'AsyncIterator', 'AsyncGenerator', 'ContextManager', 'AbstractContextManager', 'AsyncContextManager', 'AbstractAsyncContextManager']);

// l10n-ignore: Python's typing names (code, not words)
const TYPING = { optional: 'Optional', union: 'Union', none: 'None' } as const;

/**
 * The kinds a type annotation at `start` allows, and the index after it: `Novu`, `"Novu"`,
 * `novu_py.Novu`, `Optional[Novu]`, `Union[Novu, None]`, `Novu | None`, `Iterator[Novu]`.
 */
function annotationAt(tokens: Token[], start: number, isClient: (parts: string[]) => boolean): { kinds: Set<Kind>; next: number } | undefined {
  const kinds = new Set<Kind>();
  let i = start;
  for (;;) {
    const t = tokens[i];
    if (t?.type === 'string') {
      // A forward reference: the string's text is the annotation.
      const inner = tokenizePython(t.value);
      const type = annotationAt(inner, 0, isClient);
      for (const kind of type && type.next === inner.length ? type.kinds : ['other' as const]) kinds.add(kind);
      i++;
    } else {
      const chain = chainAfter(tokens, i);
      if (!chain) return undefined;
      const name = chain.parts[chain.parts.length - 1]!;
      i = chain.next;
      if (isPunct(tokens[i], '[')) {
        const close = closing(tokens, i);
        const args: Set<Kind>[] = [];
        let j = i + 1;
        for (let arg = annotationAt(tokens, j, isClient); arg; arg = isPunct(tokens[j], ',') ? annotationAt(tokens, ++j, isClient) : undefined) {
          args.push(arg.kinds);
          j = arg.next;
        }
        const read = j === close;
        if (read && (name === TYPING.optional || name === TYPING.union)) {
          for (const kind of args.flatMap((a) => [...a])) kinds.add(kind);
          if (name === TYPING.optional) kinds.add('none');
        } else kinds.add(read && ENTERS.has(name) && args[0] && isClientType(args[0]) ? 'enters-client' : 'other');
        i = close + 1;
      } else if (chain.parts.length === 1 && name === TYPING.none) kinds.add('none');
      else kinds.add(isClient(chain.parts) ? 'client' : 'other');
    }
    if (!isPunct(tokens[i], '|')) return { kinds, next: i };
    i++;
  }
}

/** The annotation says the client (or `None`), nothing else. */
const isClientType = (kinds: Set<Kind>) => kinds.has('client') && [...kinds].every((k) => k === 'client' || k === 'none');

/** What calling a name gives: the client, or a client only as `with`'s value (`with f() as novu`). */
type Gives = 'client' | 'in-with';

/**
 * The file's functions (and methods) whose return annotation says they give a client:
 * `def _client() -> Novu:`, `-> "Novu"`, `-> Optional[Novu]`, `-> Novu | None`, and
 * `-> Iterator[Novu]` (a `@contextmanager`, a client only in `with`). A name also defined with
 * another annotation, or none, is left out. A `@property` (or `cached_property`) giving a client
 * is itself a client's name: it goes into `clients`.
 */
function clientFactories(tokens: Token[], isClient: (parts: string[]) => boolean, clients: Set<string>): Map<string, Gives> {
  const found = new Map<string, Gives>();
  const unknown = new Set<string>();
  const properties = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    if (!isIdent(tokens[i], 'def') || !isIdent(tokens[i + 1]) || !isPunct(tokens[i + 2], '(')) continue;
    const name = tokens[i + 1]!.value;
    const close = closing(tokens, i + 2);
    const type = isPunct(tokens[close + 1], '-') && isPunct(tokens[close + 2], '>') ? annotationAt(tokens, close + 3, isClient) : undefined;
    const kinds = type && isPunct(tokens[type.next], ':') ? type.kinds : undefined;
    const gives: Gives | undefined = kinds && isClientType(kinds) ? 'client' : kinds?.size === 1 && kinds.has('enters-client') ? 'in-with' : undefined;
    if (!gives || (found.has(name) && found.get(name) !== gives)) {
      unknown.add(name);
      continue;
    }
    found.set(name, gives);
    const decorator = chainBefore(tokens, isIdent(tokens[i - 1], 'async') ? i - 2 : i - 1);
    const property = decorator?.rooted && isPunct(tokens[decorator.first - 1], '@') && /^(?:cached_)?property$/.test(decorator.parts[decorator.parts.length - 1]!);
    if (property) properties.add(name);
  }
  for (const name of unknown) found.delete(name);
  for (const name of properties) if (found.get(name) === 'client') clients.add(name);
  return found;
}

/**
 * Trigger calls in Python source (`novu-py`): `X.trigger(workflow_id=…)` where `X` is a client
 * (`X = Novu(…)`, `with Novu(…) as X`, `self.X = Novu(…)`, `X: Novu`, `X: Optional[Novu]`, or the
 * same from a function of the file annotated to return one: `X = _client()`, `with _client() as X`) and
 * `TriggerEventRequestDto(workflow_id=…)`, each only when its class comes from `novu_py`, with
 * the `context=` it sends.
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
  const isClient = (parts: string[]) => isClass(parts, CLIENT_CLASS);
  const clients = new Set<string>();
  const factories = clientFactories(tokens, isClient, clients);
  /** What a call gives: a client (`Novu(…)`, a factory's call), one only inside `with` (`@contextmanager`), or nothing known. */
  const callGives = (callee: { parts: string[]; rooted: boolean }): Gives | undefined => {
    if (!callee.rooted) return undefined;
    if (isClient(callee.parts)) return 'client';
    // A factory of this file: `f()`, or a method of it on `self`/`cls`.
    const [first, name] = callee.parts;
    if (callee.parts.length === 1) return factories.get(first!);
    return callee.parts.length === 2 && (first === 'self' || first === 'cls') ? factories.get(name!) : undefined;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (isPunct(t, '(')) {
      const callee = chainBefore(tokens, i - 1);
      const gives = callee && callGives(callee);
      if (!gives) continue;
      // `novu = Novu(…)`, `self.novu = _client()`, `novu = await _client()`
      const before = isIdent(tokens[callee.first - 1], 'await') ? callee.first - 2 : callee.first - 1;
      if (gives === 'client' && isPunct(tokens[before], '=') && isIdent(tokens[before - 1])) clients.add(tokens[before - 1]!.value);
      // `with Novu(…) as novu:`, `async with _client() as novu:`
      const close = closing(tokens, i);
      if (isIdent(tokens[close + 1], 'as') && isIdent(tokens[close + 2])) clients.add(tokens[close + 2]!.value);
    } else if (isPunct(t, ':') && isIdent(tokens[i - 1])) {
      // `novu: Novu`, `novu: Optional[Novu] = None` (a parameter or an annotated name)
      const type = annotationAt(tokens, i + 1, isClient);
      if (type && isClientType(type.kinds)) clients.add(tokens[i - 1]!.value);
    }
  }
  const consts = pythonConstants(text, tokens);
  /** A value over tokens `from`..`to`: a string (or a module constant holding one), else an expression. */
  const value = (from: number, to: number): InboxValue => {
    const t = tokens[from]!;
    const constant = to - from === 1 && t.type === 'ident' ? consts.get(t.value) : undefined;
    if (to - from === 1 && t.type === 'string') return { kind: 'literal', value: t.value, start: t.start, end: t.end };
    if (constant) return { kind: 'literal', value: constant.value, start: t.start, end: t.end, constant: true };
    return { kind: 'expression', start: t.start, end: tokens[to - 1]!.end };
  };
  const refs: CodeRef[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type !== 'ident' || !isPunct(tokens[i + 1], '(')) continue;
    let dto = false;
    let call = false;
    if (t.value === 'trigger' && isPunct(tokens[i - 1], '.')) {
      if (isPunct(tokens[i - 2], ')')) {
        // `Novu(…).trigger(…)`, `_client().trigger(…)`
        const callee = chainBefore(tokens, opening(tokens, i - 2) - 1);
        call = !!callee && callGives(callee) === 'client';
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
    let ref: CodeRef | undefined;
    let context: InboxContextValue | undefined;
    let depth = 0;
    for (let j = i + 1; j < close; j++) {
      const tj = tokens[j]!;
      if (tj.type === 'punct' && '([{'.includes(tj.value)) depth++;
      else if (tj.type === 'punct' && ')]}'.includes(tj.value)) depth--;
      if (depth !== 1 || !isPunct(tokens[j + 1], '=') || (!isPunct(tokens[j - 1], '(') && !isPunct(tokens[j - 1], ','))) continue;
      if (isIdent(tj, 'workflow_id')) ref ??= refFrom(tokens[j + 2], consts, 'trigger', dto ? 'python-dto' : 'python-trigger');
      // `context={"tenant": "acme"}`, `{"tenant": {"id": "acme", "data": {…}}}`: a dict's names are strings.
      else if (isIdent(tj, 'context') && j + 2 < close) context = contextValue(tokens, j + 2, entryEnd(tokens, j + 2, close), value, false);
    }
    if (ref) refs.push(context ? { ...ref, context } : ref);
  }
  return refs;
}
