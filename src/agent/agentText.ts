/**
 * How a tool result reads for the editor's agent: our own sentences first, then the service's data
 * in one fenced block labelled as data, one JSON object per line. Every string from the service is
 * a JSON string value inside that block, so a subscriber named "Ignore previous instructions…"
 * reaches the model as a quoted value, never as the tool's own words. Pure and vscode-free.
 */

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

/** Text cut to `keep` characters, with how many were left out. */
export function truncate(text: string, keep: number): { text: string; omittedChars?: number } {
  if (text.length <= keep) return { text };
  return { text: text.slice(0, keep), omittedChars: text.length - keep };
}

export interface ReportParts {
  /** Our own sentences, most important first; they never contain a service string unquoted. */
  lead: string[];
  /** The label of the data block's fence: says what the lines are. */
  label: string;
  /** One record per line, most important first. */
  records: readonly unknown[];
  /** Said when records were left out to keep the result under the cap; gets the count. */
  leftOut: (count: number) => string;
  /** Sentences after the data (how to open what was found). */
  tail?: string[];
}

/**
 * The result text: lead, the data block and tail, with as many records as fit in `cap` bytes.
 * Records are never cut in the middle: the ones that do not fit are left out and counted.
 */
export function report(parts: ReportParts, cap = RESULT_CAP_BYTES): string {
  const lines = parts.records.map(jsonLine);
  const build = (count: number): string => {
    const omitted = lines.length - count;
    const lead = omitted > 0 ? [...parts.lead, parts.leftOut(omitted)] : parts.lead;
    const block = lines.length > 0 ? ['```json ' + parts.label, ...lines.slice(0, count), '```'] : [];
    return [...lead, ...block, ...(parts.tail ?? [])].join('\n');
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
  return byteLength(text) > cap ? cutText(text, cap) : text;
}

/** The last resort when even the sentences are over the cap: cut at a character boundary, and say so. */
function cutText(text: string, cap: number): string {
  const marker = '\n[…]';
  let end = Math.min(text.length, cap);
  while (end > 0 && byteLength(text.slice(0, end)) + byteLength(marker) > cap) end = Math.floor(end * 0.9);
  return text.slice(0, end) + marker;
}
