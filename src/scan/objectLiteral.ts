/**
 * A trigger's payload when the call writes it as an object literal (`payload: { orderId, carrier:
 * 'ups', address: { city } }`): its keys, each nested literal, and whether the literal is closed (no
 * spread, no computed key), so that a key it does not name is known to be absent. Read from
 * tokens, as the rest of the scanner; anything else (a variable, a call) is not a literal.
 */
import type { ObjectLiteral } from './codeRef';
import { type Token, closing, isPunct } from './tokens';

export type { ObjectLiteral } from './codeRef';

const OPENERS = '([{';
const CLOSERS = ')]}';

/** The index of the `,` or closing token that ends the entry starting at `from` (inside the object, or the call's arguments, closed at `close`). */
export function entryEnd(tokens: Token[], from: number, close: number): number {
  let depth = 0;
  for (let i = from; i < close; i++) {
    const t = tokens[i]!;
    if (t.type !== 'punct') continue;
    if (OPENERS.includes(t.value)) depth++;
    else if (CLOSERS.includes(t.value)) depth--;
    else if (t.value === ',' && depth === 0) return i;
  }
  return close;
}

const isKey = (t: Token | undefined): boolean => t?.type === 'ident' || t?.type === 'string' || t?.type === 'number';

/** The object literal whose `{` is at `open`, its entries read one level at a time. */
export function objectLiteral(tokens: Token[], open: number): ObjectLiteral {
  const close = closing(tokens, open);
  const literal: ObjectLiteral = { keys: new Map(), closed: true, start: tokens[open]!.start, end: tokens[close]!.end };
  for (let i = open + 1; i < close; ) {
    const end = entryEnd(tokens, i, close);
    const t = tokens[i];
    if (isPunct(t, '.') || isPunct(t, '[')) {
      literal.closed = false;
    } else if (isKey(t) && isPunct(tokens[i + 1], ':')) {
      literal.keys.set(t!.value, isPunct(tokens[i + 2], '{') ? objectLiteral(tokens, i + 2) : null);
    } else if (t?.type === 'ident' && (i + 1 === end || isPunct(tokens[i + 1], '('))) {
      // `{ orderId }` or a method `{ total() { … } }`.
      literal.keys.set(t.value, null);
    } else if (t?.type === 'ident' && isKey(tokens[i + 1]) && isPunct(tokens[i + 2], '(')) {
      // `get total() { … }`, `async total() { … }`.
      literal.keys.set(tokens[i + 1]!.value, null);
    } else if (i < end) {
      literal.closed = false;
    }
    i = end + 1;
  }
  return literal;
}

/** In the object literal at `open`, the index of the token that starts `key`'s value (undefined: no such key). */
export function propertyValue(tokens: Token[], open: number, key: string): number | undefined {
  if (!isPunct(tokens[open], '{')) return undefined;
  const close = closing(tokens, open);
  for (let i = open + 1; i < close; ) {
    const end = entryEnd(tokens, i, close);
    if (isKey(tokens[i]) && tokens[i]!.value === key && isPunct(tokens[i + 1], ':')) return i + 2;
    i = end + 1;
  }
  return undefined;
}

/** The literal `payload` of the options object at `open` (`{ to, payload: { … } }`); undefined when it is not written as one. */
export function payloadLiteral(tokens: Token[], open: number): ObjectLiteral | undefined {
  const value = propertyValue(tokens, open, 'payload');
  return value !== undefined && isPunct(tokens[value], '{') ? objectLiteral(tokens, value) : undefined;
}

/** An entry of an object (or a Python dict) literal: its key, and its value's tokens `from`..`to` (exclusive; a shorthand's is its own name). */
export interface Entry {
  key: string;
  from: number;
  to: number;
}

/**
 * The `key: value` entries of the object literal at `open`, in order, and whether they are all it
 * has (`closed`: no spread, no computed key, nothing else). `identKeys`: a bare name is a key (and
 * `{ name }` a shorthand), as in JavaScript; in a Python dict it is a variable, not known.
 */
export function objectEntries(tokens: Token[], open: number, identKeys = true): { entries: Entry[]; closed: boolean } {
  const close = closing(tokens, open);
  const entries: Entry[] = [];
  let closed = true;
  for (let i = open + 1; i < close; ) {
    const end = entryEnd(tokens, i, close);
    const t = tokens[i];
    const key = t?.type === 'string' || (identKeys && (t?.type === 'ident' || t?.type === 'number'));
    if (key && isPunct(tokens[i + 1], ':') && i + 2 < end) entries.push({ key: t!.value, from: i + 2, to: end });
    else if (identKeys && t?.type === 'ident' && i + 1 === end) entries.push({ key: t.value, from: i, to: end });
    else if (i < end) closed = false;
    i = end + 1;
  }
  return { entries, closed };
}

/** The value of the last `key` among `entries` (the one that counts), if any. */
export function lastEntry(entries: Entry[], key: string): Entry | undefined {
  for (let i = entries.length - 1; i >= 0; i--) if (entries[i]!.key === key) return entries[i];
  return undefined;
}
