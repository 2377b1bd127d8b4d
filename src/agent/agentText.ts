/**
 * How a tool result reads for the editor's agent: our own sentences first, then the service's data
 * in one fenced block labelled as data, one JSON object per line. Every string from the service is
 * a JSON string value inside that block, so a subscriber named "Ignore previous instructions…"
 * reaches the model as a quoted value, never as the tool's own words. Pure and vscode-free.
 */
import { l10n } from '../l10n';

/** The most a result may hold, in UTF-8 bytes (the "say 8 KB"). */
export const RESULT_CAP_BYTES = 8 * 1024;

/** The longest raw provider response kept in a result; the rest is counted, not sent. */
export const RAW_KEEP_CHARS = 600;

const encoder = new TextEncoder();

export function byteLength(text: string): number {
  return encoder.encode(text).length;
}

/**
 * A value as JSON on one line, safe inside a Markdown fence: backticks are escaped (`\u0060`), so
 * no service string can close the fence and continue as prose. Still valid JSON.
 */
export function jsonLine(value: unknown): string {
  return JSON.stringify(value).replace(/`/g, '\\u0060');
}

/** A string as a JSON string literal (quotes included, backticks escaped): how a service string appears in a sentence. */
export function quoted(text: string): string {
  return jsonLine(text);
}

/**
 * A service id (a notification's `_id`, an environment, a cursor, a workflow identifier) may stand
 * in our own sentences only as one token of letters, digits and `_ - . = + /`: no space, no markup,
 * nothing that reads as a sentence or renders as a link or a tag. Every other service string (names,
 * details, provider answers, error messages, an id of any other form) is only JSON data.
 */
const TOKEN = /^[A-Za-z0-9][A-Za-z0-9_.=+/-]{0,199}$/;

export function isToken(text: string): boolean {
  return TOKEN.test(text);
}

/** A service id for our own sentences: quoted when it is a plain token, else left out and said so. */
export function idInProse(id: string): string {
  return isToken(id) ? quoted(id) : unusualId();
}

/** A service id for a confirmation dialog: as typed when it is a plain token, else left out and said so. */
export function idInDialog(id: string): string {
  return isToken(id) ? asTyped(id) : unusualId();
}

function unusualId(): string {
  return l10n.t('(an id of an unusual form, left out here)');
}

/**
 * A service string for a person to read in a confirmation dialog: exactly as the service holds it,
 * between typographic quotes. The dialog gets a plain string, which VS Code shows as text; a
 * MarkdownString would show the escapes of `appendText` (`act\-wf\-img`) in VS Code 1.100.
 */
export function asTyped(text: string): string {
  return `\u201c${text}\u201d`;
}

/** Text cut to `keep` characters, with how many were left out. */
export function truncate(text: string, keep: number): { text: string; omittedChars?: number } {
  if (text.length <= keep) return { text };
  return { text: text.slice(0, keep), omittedChars: text.length - keep };
}

/** The longest top-level string value a record keeps; the rest is counted in `charsLeftOut`. */
export const VALUE_KEEP_CHARS = 300;

export interface ReportParts {
  /**
   * Our own sentences, most important first; they never contain a service string unquoted. A
   * function gets how many records are shown, for sentences that depend on it (a count, a cursor).
   */
  lead: string[] | ((shown: number) => string[]);
  /** The label of the data block's fence: says what the lines are. */
  label: string;
  /** One record per line, most important first. */
  records: readonly unknown[];
  /** Said when records were left out to keep the result under the cap; gets the count. */
  leftOut: (count: number) => string;
  /** Sentences after the data (how to open what was found). */
  tail?: string[];
}

export interface FittedReport {
  text: string;
  /** How many records (from the start) the text holds. */
  shown: number;
}

/**
 * A record with each top-level string longer than VALUE_KEEP_CHARS cut, and how many characters
 * were left out of each in `charsLeftOut`: one long value must not push other records out.
 */
export function shortenValues(record: unknown): { record: unknown; shortened: boolean } {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return { record, shortened: false };
  const left: Record<string, number> = {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    // A raw provider response has its own, longer limit (RAW_KEEP_CHARS), applied where it is read.
    if (typeof value === 'string' && value.length > VALUE_KEEP_CHARS && key !== 'raw') {
      const cut = truncate(value, VALUE_KEEP_CHARS);
      out[key] = cut.text;
      left[key] = cut.omittedChars ?? 0;
    } else out[key] = value;
  }
  if (Object.keys(left).length === 0) return { record, shortened: false };
  return { record: { ...out, charsLeftOut: left }, shortened: true };
}

/**
 * The result text: lead, the data block and tail, with as many records as fit in `cap` bytes.
 * Records are never cut in the middle: a long value is shortened (and counted), and the records
 * that still do not fit are left out from the end and counted.
 */
export function fitReport(parts: ReportParts, cap = RESULT_CAP_BYTES): FittedReport {
  const shortened = parts.records.map(shortenValues);
  const lines = shortened.map((s) => jsonLine(s.record));
  const anyShortened = shortened.some((s) => s.shortened);
  const leadFor = (count: number): string[] => {
    const lead = typeof parts.lead === 'function' ? parts.lead(count) : parts.lead;
    const omitted = lines.length - count;
    return [
      ...lead,
      ...(anyShortened && shortened.slice(0, count).some((s) => s.shortened) ? [shortenedNote()] : []),
      ...(omitted > 0 ? [parts.leftOut(omitted)] : []),
    ];
  };
  const build = (count: number): string => {
    const block = lines.length > 0 && count > 0 ? ['```json ' + parts.label, ...lines.slice(0, count), '```'] : [];
    return [...leadFor(count), ...block, ...(parts.tail ?? [])].join('\n');
  };
  let count = lines.length;
  let text = build(count);
  while (count > 0 && byteLength(text) > cap) {
    // Drop from the end (least important), a few at a time when far over.
    const over = byteLength(text) - cap;
    const average = Math.max(1, byteLength(lines.slice(0, count).join('\n')) / count);
    count = Math.max(0, count - Math.max(1, Math.floor(over / average)));
    text = build(count);
  }
  // Dropping many at once may have left room: take back what fits, one at a time.
  while (count < lines.length && byteLength(build(count + 1)) <= cap) {
    count += 1;
    text = build(count);
  }
  return { text: byteLength(text) > cap ? cutText(text, cap) : text, shown: count };
}

/** The text of `fitReport`. */
export function report(parts: ReportParts, cap = RESULT_CAP_BYTES): string {
  return fitReport(parts, cap).text;
}

function shortenedNote(): string {
  return l10n.t('Values longer than {0} characters are shortened; charsLeftOut says how many characters of each were left out.', VALUE_KEEP_CHARS);
}
/** The last resort when even the sentences are over the cap: cut at a character boundary, and say so. */
function cutText(text: string, cap: number): string {
  const marker = '\n[…]';
  let end = Math.min(text.length, cap);
  while (end > 0 && byteLength(text.slice(0, end)) + byteLength(marker) > cap) end = Math.floor(end * 0.9);
  return text.slice(0, end) + marker;
}
