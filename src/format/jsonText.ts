/**
 * Reads the JSON the user edits (Trigger…'s review document, the preview's payload) and remembers
 * where every value sits in the text, so that a problem (the editor's own check, or the service's 400 naming `payload.orderId`)
 * is shown at the field it is about. Strict JSON (what the service accepts); comments and trailing
 * commas are syntax errors, reported at their offset. Pure, no `vscode`.
 */
import { l10n } from '../l10n';

export type JsonPath = readonly (string | number)[];

/** A problem at its place in the text (offsets), for a diagnostic. */
export interface PlacedProblem {
  start: number;
  end: number;
  message: string;
}

/** Where a value is in the text: its key (for a property) and the value itself, as offsets. */
export interface JsonSpan {
  keyStart?: number;
  keyEnd?: number;
  start: number;
  end: number;
}

export type ParsedJson = { ok: true; value: unknown; spans: Map<string, JsonSpan> } | { ok: false; offset: number; message: string };

/** The key under which a path's span is kept ("payload.items.0.id"). */
export function pathKey(path: JsonPath): string {
  return path.map(String).join('.');
}

class Problem extends Error {
  constructor(
    readonly offset: number,
    message: string,
  ) {
    super(message);
  }
}

/** Parses `text` as one JSON value, keeping the span of every value by its path. */
export function parseJsonText(text: string): ParsedJson {
  const spans = new Map<string, JsonSpan>();
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const unexpected = (): never => {
    if (i >= text.length) throw new Problem(i, l10n.t('The JSON ends too soon.'));
    throw new Problem(i, l10n.t('Unexpected character "{0}".', text[i]!));
  };
  const string = (): string => {
    const start = i;
    i++;
    let out = '';
    for (;;) {
      if (i >= text.length) throw new Problem(start, l10n.t('A string is not closed.'));
      const c = text[i]!;
      if (c === '"') {
        i++;
        return out;
      }
      if (c === '\\') {
        const e = text[i + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e !== undefined && simple[e] !== undefined) {
          out += simple[e];
          i += 2;
          continue;
        }
        if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
          continue;
        }
        throw new Problem(i, l10n.t('A string has an invalid escape.'));
      }
      if (c < ' ') throw new Problem(i, l10n.t('A string holds a control character; write it as an escape such as \\n.'));
      out += c;
      i++;
    }
  };
  /** An object's or array's members after its opening, each read by `member`, comma-separated, up to `close`. */
  const members = (close: '}' | ']', commaOrClose: string, member: () => void): void => {
    ws();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      ws();
      member();
      ws();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === close) {
        i++;
        return;
      }
      throw new Problem(i, commaOrClose);
    }
  };
  const value = (path: (string | number)[], key?: { start: number; end: number }): unknown => {
    ws();
    const start = i;
    let result: unknown;
    const c = text[i];
    if (c === '{') {
      i++;
      const obj: Record<string, unknown> = {};
      members('}', l10n.t('A comma or a closing brace is expected here.'), () => {
        if (text[i] !== '"') {
          if (text[i] === '}') throw new Problem(i, l10n.t('A comma is followed by no property.'));
          throw new Problem(i, l10n.t('A property name in double quotes is expected here.'));
        }
        const keyStart = i;
        const name = string();
        const keyEnd = i;
        ws();
        if (text[i] !== ':') throw new Problem(i, l10n.t('A colon is expected after the property name.'));
        i++;
        Object.defineProperty(obj, name, { value: value([...path, name], { start: keyStart, end: keyEnd }), enumerable: true, writable: true, configurable: true });
      });
      result = obj;
    } else if (c === '[') {
      i++;
      const arr: unknown[] = [];
      members(']', l10n.t('A comma or a closing bracket is expected here.'), () => {
        if (text[i] === ']') throw new Problem(i, l10n.t('A comma is followed by no value.'));
        arr.push(value([...path, arr.length]));
      });
      result = arr;
    } else if (c === '"') {
      result = string();
    } else {
      const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
      if (!literal) unexpected();
      const word = literal![0];
      i += word.length;
      result = word === 'true' ? true : word === 'false' ? false : word === 'null' ? null : Number(word);
    }
    spans.set(pathKey(path), { ...(key ? { keyStart: key.start, keyEnd: key.end } : {}), start, end: i });
    return result;
  };
  try {
    ws();
    if (i >= text.length) throw new Problem(0, l10n.t('The document is empty.'));
    const result = value([]);
    ws();
    if (i < text.length) throw new Problem(i, l10n.t('There is more after the JSON value.'));
    return { ok: true, value: result, spans };
  } catch (error) {
    if (error instanceof Problem) return { ok: false, offset: error.offset, message: error.message };
    throw error;
  }
}

/**
 * Where to show a problem about `path`: its key when it is a property, else the value; a path not in
 * the text (a missing field) is shown at its nearest parent that is, and the root as a last resort.
 */
export function spanFor(spans: Map<string, JsonSpan>, path: JsonPath): { start: number; end: number; exact: boolean } {
  for (let n = path.length; n >= 0; n--) {
    const span = spans.get(pathKey(path.slice(0, n)));
    if (!span) continue;
    const exact = n === path.length;
    // A missing field is reported at its parent's key (or the parent's first character).
    if (span.keyStart !== undefined && span.keyEnd !== undefined) return { start: span.keyStart, end: span.keyEnd, exact };
    return exact ? { start: span.start, end: span.end, exact } : { start: span.start, end: span.start + 1, exact };
  }
  return { start: 0, end: 0, exact: false };
}

/** "to.3" or "payload.orderId" (a field key as the service or our checks name it) as a path. */
export function fieldPath(field: string): (string | number)[] {
  if (field === '' || field === 'body' || field === 'general') return [];
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The line and column (both from 1) of an offset in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** Where a text that is not JSON breaks: its line and column, and the problem at that character. */
export function syntaxProblem(text: string, failed: { offset: number; message: string }): { line: number; column: number; problem: PlacedProblem } {
  return { ...lineAndColumn(text, failed.offset), problem: { start: failed.offset, end: Math.min(text.length, failed.offset + 1), message: failed.message } };
}
