/**
 * What the code gives a setting, read from tokens: a string literal (or a constant of the file
 * holding one), an environment variable, or an expression not known here; and a context (`{
 * tenant: 'acme' }`) as the `type:id` keys the service matches on. The Inbox's set-ups and the
 * triggers read theirs with it.
 */
import type { InboxContextValue, InboxValue } from './codeRef';
import { type Entry, lastEntry, objectEntries } from './objectLiteral';
import { closing, isIdent, isPunct, type Token } from './tokens';

/** A JavaScript or TypeScript text, its tokens and its constants (`jsConstants`). */
export interface ValueSource {
  text: string;
  tokens: Token[];
  consts: Map<string, Token>;
}

/** Tokens `from`..`to` without what TypeScript adds and says nothing of the value: `x!`, `x as string`, `(x)`. */
function unwrap(tokens: Token[], from: number, to: number): [number, number] {
  for (;;) {
    if (to - from > 1 && isPunct(tokens[to - 1], '!')) to--;
    else if (to - from > 2 && (isIdent(tokens[to - 2], 'as') || isIdent(tokens[to - 2], 'satisfies')) && isIdent(tokens[to - 1])) to -= 2;
    else if (to - from > 2 && isPunct(tokens[from], '(') && closing(tokens, from) === to - 1) {
      from++;
      to--;
    } else return [from, to];
  }
}

/** `process.env.X`, `process.env['X']`, `import.meta.env.X` (Vite) over tokens `from`..`to`: the variable's name. */
function envName(tokens: Token[], from: number, to: number): string | undefined {
  let i = from;
  if (isIdent(tokens[i], 'process') && isPunct(tokens[i + 1], '.') && isIdent(tokens[i + 2], 'env')) i += 3;
  else if (isIdent(tokens[i], 'import') && isPunct(tokens[i + 1], '.') && isIdent(tokens[i + 2], 'meta') && isPunct(tokens[i + 3], '.') && isIdent(tokens[i + 4], 'env')) i += 5;
  else return undefined;
  if (to - i === 2 && isPunct(tokens[i], '.') && isIdent(tokens[i + 1])) return tokens[i + 1]!.value;
  if (to - i === 3 && isPunct(tokens[i], '[') && tokens[i + 1]?.type === 'string' && isPunct(tokens[i + 2], ']')) return tokens[i + 1]!.value;
  return undefined;
}

/** The value written over tokens `from`..`to` (exclusive, not empty). */
export function jsValue(src: ValueSource, from: number, to: number): InboxValue {
  const { text, tokens, consts } = src;
  const start = tokens[from]!.start;
  const end = tokens[to - 1]!.end;
  [from, to] = unwrap(tokens, from, to);
  const t = tokens[from]!;
  if (to - from === 1) {
    if (t.type === 'string') return { kind: 'literal', value: t.value, start: t.start, end: t.end };
    if (t.type === 'template' && t.end - t.start >= 2 && text[t.end - 1] === '`') {
      // Only a template without `${…}` (or an escape to undo) is its own text.
      const raw = text.slice(t.start + 1, t.end - 1);
      if (!raw.includes('${') && !raw.includes('\\')) return { kind: 'literal', value: raw, start: t.start + 1, end: t.end - 1 };
    }
    const constant = t.type === 'ident' ? consts.get(t.value) : undefined;
    if (constant) return { kind: 'literal', value: constant.value, start: t.start, end: t.end, constant: true };
  }
  const name = envName(tokens, from, to);
  if (name !== undefined) return { kind: 'env', name, start: t.start, end: tokens[to - 1]!.end };
  return { kind: 'expression', start, end };
}

/** An entry's id: its string, or its object's `id` string; undefined when not written as one. */
function contextId(tokens: Token[], entry: Entry, value: (from: number, to: number) => InboxValue, identKeys: boolean): string | undefined {
  let { from, to } = entry;
  if (isPunct(tokens[from], '{') && closing(tokens, from) === to - 1) {
    const id = lastEntry(objectEntries(tokens, from, identKeys).entries, 'id');
    if (!id) return undefined;
    ({ from, to } = id);
  }
  const v = value(from, to);
  return v.kind === 'literal' ? v.value : undefined;
}

/**
 * A context over tokens `from`..`to`: an object (or dict) literal's `type: 'id'` and `type: { id:
 * 'id', data }` entries as sorted `type:id` keys, or an expression. `value` reads a value in the
 * language's terms (its strings and constants); `identKeys` as `objectEntries`.
 */
export function contextValue(tokens: Token[], from: number, to: number, value: (from: number, to: number) => InboxValue, identKeys = true): InboxContextValue {
  const start = tokens[from]!.start;
  const end = tokens[to - 1]!.end;
  if (!isPunct(tokens[from], '{') || closing(tokens, from) !== to - 1) return { kind: 'expression', start, end };
  const { entries, closed } = objectEntries(tokens, from, identKeys);
  // The last of a type counts, as in the object the code makes.
  const ids = new Map<string, string | undefined>();
  for (const entry of entries) ids.set(entry.key, contextId(tokens, entry, value, identKeys));
  const keys = [...ids].flatMap(([type, id]) => (id === undefined ? [] : [`${type}:${id}`])).sort();
  return { kind: 'literal', keys, closed: closed && keys.length === ids.size, start, end };
}

/** A context written in JavaScript or TypeScript over tokens `from`..`to`. */
export function jsContext(src: ValueSource, from: number, to: number): InboxContextValue {
  const [inner, innerTo] = unwrap(src.tokens, from, to);
  const context = contextValue(src.tokens, inner, innerTo, (a, b) => jsValue(src, a, b));
  return context.kind === 'expression' ? { kind: 'expression', start: src.tokens[from]!.start, end: src.tokens[to - 1]!.end } : context;
}

/** The `context` of a trigger's options written at `open` (`{ workflowId, to, context: { tenant: 'acme' } }`); undefined when they have none, or are not a literal. */
export function optionsContext(src: ValueSource, open: number): InboxContextValue | undefined {
  if (!isPunct(src.tokens[open], '{')) return undefined;
  const entry = lastEntry(objectEntries(src.tokens, open).entries, 'context');
  return entry && jsContext(src, entry.from, entry.to);
}
