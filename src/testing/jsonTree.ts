/**
 * JSON with where each value is (issue 46, §1): a case file's problems are said at their line, so
 * the parse keeps each value's and each key's offsets. Strict JSON (RFC 8259), as `JSON.parse`
 * reads it, with one kindness: a syntax error says where, and nothing is thrown. A key named
 * `__proto__` stays a key. Linear time; depth bounded. Pure: no vscode.
 */
import { l10n } from '../l10n';

export type JsonNode =
  | { type: 'object'; offset: number; length: number; properties: JsonProperty[] }
  | { type: 'array'; offset: number; length: number; items: JsonNode[] }
  | { type: 'string'; offset: number; length: number; value: string }
  | { type: 'number'; offset: number; length: number; value: number }
  | { type: 'boolean'; offset: number; length: number; value: boolean }
  | { type: 'null'; offset: number; length: number };

export interface JsonProperty {
  key: string;
  keyOffset: number;
  keyLength: number;
  value: JsonNode;
}

export type JsonParse = { ok: true; root: JsonNode } | { ok: false; offset: number; length: number; message: string };

const MAX_DEPTH = 64;

class JsonSyntaxError extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** Parses `text`; a syntax error gives its offset and a message in words. */
export function parseJsonTree(text: string): JsonParse {
  let at = 0;
  const fail = (message: string, where = at): never => {
    throw new JsonSyntaxError(where, message);
  };
  const space = (): void => {
    while (at < text.length) {
      const c = text.charCodeAt(at);
      if (c === 32 || c === 9 || c === 10 || c === 13) at++;
      else break;
    }
  };
  const string = (): { value: string; offset: number; length: number } => {
    const start = at;
    at++;
    let out = '';
    let from = at;
    for (;;) {
      if (at >= text.length) fail(l10n.t('A string is not closed.'), start);
      const c = text.charCodeAt(at);
      if (c === 34) {
        out += text.slice(from, at);
        at++;
        return { value: out, offset: start, length: at - start };
      }
      if (c < 32) fail(l10n.t('A string holds a line break or a control character; write it as an escape (\\n).'));
      if (c === 92) {
        out += text.slice(from, at);
        const e = text[at + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e !== undefined && Object.prototype.hasOwnProperty.call(simple, e)) {
          out += simple[e];
          at += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) {
          out += String.fromCharCode(parseInt(text.slice(at + 2, at + 6), 16));
          at += 6;
        } else {
          fail(l10n.t('An escape in a string is not one JSON knows.'));
        }
        from = at;
        continue;
      }
      at++;
    }
  };
  const value = (depth: number): JsonNode => {
    if (depth > MAX_DEPTH) fail(l10n.t('The JSON is nested more than {0} levels deep.', MAX_DEPTH));
    space();
    const start = at;
    const c = text[at];
    if (c === '{') {
      at++;
      const properties: JsonProperty[] = [];
      space();
      if (text[at] === '}') {
        at++;
        return { type: 'object', offset: start, length: at - start, properties };
      }
      for (;;) {
        space();
        if (text[at] !== '"') fail(text[at] === '}' ? l10n.t('A comma before a closing brace: JSON allows none.') : l10n.t('A key in double quotes was expected here.'));
        const key = string();
        space();
        if (text[at] !== ':') fail(l10n.t('A colon was expected after the key.'));
        at++;
        const v = value(depth + 1);
        properties.push({ key: key.value, keyOffset: key.offset, keyLength: key.length, value: v });
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === '}') {
          at++;
          return { type: 'object', offset: start, length: at - start, properties };
        }
        fail(l10n.t('A comma or a closing brace was expected here.'));
      }
    }
    if (c === '[') {
      at++;
      const items: JsonNode[] = [];
      space();
      if (text[at] === ']') {
        at++;
        return { type: 'array', offset: start, length: at - start, items };
      }
      for (;;) {
        space();
        if (text[at] === ']') fail(l10n.t('A comma before a closing bracket: JSON allows none.'));
        items.push(value(depth + 1));
        space();
        if (text[at] === ',') {
          at++;
          continue;
        }
        if (text[at] === ']') {
          at++;
          return { type: 'array', offset: start, length: at - start, items };
        }
        fail(l10n.t('A comma or a closing bracket was expected here.'));
      }
    }
    if (c === '"') {
      const s = string();
      return { type: 'string', ...s };
    }
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(at, at + 400));
    if (literal) {
      at += literal[0].length;
      const word = literal[0];
      if (word === 'true' || word === 'false') return { type: 'boolean', offset: start, length: word.length, value: word === 'true' };
      if (word === 'null') return { type: 'null', offset: start, length: 4 };
      return { type: 'number', offset: start, length: word.length, value: Number(word) };
    }
    return fail(at >= text.length ? l10n.t('The file ends where a value was expected.') : l10n.t('A value was expected here (JSON has no comments, single quotes or unquoted words).'));
  };
  try {
    // A byte order mark is not JSON, but editors write it: skipped.
    if (text.charCodeAt(0) === 0xfeff) at = 1;
    const root = value(0);
    space();
    if (at < text.length) fail(l10n.t('Something follows the end of the JSON.'));
    return { ok: true, root };
  } catch (error) {
    if (error instanceof JsonSyntaxError) return { ok: false, offset: Math.min(error.offset, text.length), length: error.offset < text.length ? 1 : 0, message: error.message };
    throw error;
  }
}

/** The plain value of a node (objects built with defineProperty: `__proto__` stays a key). */
export function jsonValue(node: JsonNode): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const p of node.properties) Object.defineProperty(out, p.key, { value: jsonValue(p.value), enumerable: true, writable: true, configurable: true });
      return out;
    }
    case 'array':
      return node.items.map(jsonValue);
    case 'null':
      return null;
    default:
      return node.value;
  }
}

/**
 * The node at `path` (keys and indexes from the root), and the property whose value it is; the
 * deepest node found when the path goes further than the file.
 */
export function nodeAt(root: JsonNode, path: readonly (string | number)[]): { node: JsonNode; property?: JsonProperty; complete: boolean } {
  let node = root;
  let property: JsonProperty | undefined;
  for (const part of path) {
    if (node.type === 'object') {
      // The last of a repeated key is the one JSON.parse keeps.
      const found = [...node.properties].reverse().find((p) => p.key === String(part));
      if (!found) return { node, ...(property ? { property } : {}), complete: false };
      property = found;
      node = found.value;
    } else if (node.type === 'array' && typeof part === 'number' && node.items[part]) {
      property = undefined;
      node = node.items[part]!;
    } else {
      return { node, ...(property ? { property } : {}), complete: false };
    }
  }
  return { node, ...(property ? { property } : {}), complete: true };
}

/** Line and character (0-based) of an offset, with the text's line starts computed once. */
export function lineIndex(text: string): (offset: number) => { line: number; character: number } {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - starts[lo]! };
  };
}
