/**
 * The tokens every language's scanner reads, and the small walks over them that each shares:
 * brackets, dotted names and a call's identifier (a literal, or a constant of the same file).
 */
import type { CodePattern, CodeRef, CodeRefKind } from './codeRef';

export interface Token {
  type: 'ident' | 'string' | 'punct' | 'template' | 'number';
  value: string;
  start: number;
  end: number;
  /** A JSX tag's `<` (`<Inbox`, `</Inbox`, `<>`): the tokenizer read an element there, not a comparison. */
  jsx?: true;
}

export const isPunct = (t: Token | undefined, value: string) => t?.type === 'punct' && t.value === value;
export const isIdent = (t: Token | undefined, value?: string) => t?.type === 'ident' && (value === undefined || t.value === value);

/** Index of the token that closes the bracket opened at `open`, or the end. */
export function closing(tokens: Token[], open: number): number {
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

/** The index of the `(` that the `)` at `close` closes. */
export function opening(tokens: Token[], close: number): number {
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

/** The identifier a call names at `token`: a non-empty string literal, or a name of `consts` (the file's constants). */
export function refFrom(token: Token | undefined, consts: Map<string, Token>, kind: CodeRefKind, pattern: CodePattern): CodeRef | undefined {
  if (!token) return undefined;
  if (token.type === 'string') return token.value.trim() ? { kind, pattern, identifier: token.value, start: token.start, end: token.end, literal: true } : undefined;
  if (token.type === 'ident') {
    const c = consts.get(token.value);
    if (c && c.value.trim()) return { kind, pattern, identifier: c.value, start: token.start, end: token.end, literal: false };
  }
  return undefined;
}

/** The dotted name that ends at token `end` (`a.b.c`, `this.x`, `a?.b`); `rooted` is false after a call or an index (`f().x`). */
export function chainBefore(tokens: Token[], end: number): { parts: string[]; first: number; rooted: boolean } | undefined {
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
export function chainAfter(tokens: Token[], start: number): { parts: string[]; next: number } | undefined {
  if (!isIdent(tokens[start])) return undefined;
  const parts = [tokens[start]!.value];
  let k = start + 1;
  while (isPunct(tokens[k], '.') && isIdent(tokens[k + 1])) {
    parts.push(tokens[k + 1]!.value);
    k += 2;
  }
  return { parts, next: k };
}
