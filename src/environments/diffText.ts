/**
 * The text of one side of a difference, as the diff editor shows it (issue 52, §2): the normalized
 * workflow or layout (src/compare/normalize.ts: only the fields Novu compares, keys in a stable
 * order, so the two sides line up), with a long body broken into lines so that the changed line
 * shows: an HTML body one tag a line, a Maily JSON body as its parsed JSON. A first comment line
 * names the side and its read time (JSON with comments). Read-only text: no key, no credential
 * reaches it (the snapshot never held them). Pure: no `vscode`.
 */
import { l10n } from '../l10n';
import { type Json, isObject, normalizeLayout, normalizeWorkflow, stableJson } from '../compare/normalize';

/** Strings longer than this that hold markup or newlines are shown as their lines. */
const LONG = 80;

/** An HTML or text body as its lines: at newlines, and between adjacent tags. */
export function bodyLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .flatMap((line) => line.replace(/>\s*</g, '>\n<').split('\n'))
    .filter((line, index, all) => line.trim() !== '' || all.length === 1);
}

function expand(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(expand);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expand(v)]));
  if (typeof value !== 'string' || value.length <= LONG) return value;
  const trimmed = value.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return expand(JSON.parse(trimmed));
    } catch {
      // not JSON after all: shown by its lines below
    }
  }
  return value.includes('<') || value.includes('\n') ? bodyLines(value) : value;
}

/** The document of one side: its comment line, then the normalized item (or a line saying it is absent). */
export function sideText(o: { kind: 'workflow' | 'layout'; id: string; item: Json | undefined; side: string; readAt: string }): string {
  const header = `// ${oneLine(l10n.t('{0}, read {1}: {2} {3}', o.side, o.readAt, o.kind === 'workflow' ? l10n.t('workflow') : l10n.t('layout'), JSON.stringify(o.id)))}`;
  if (!o.item) return `${header}\n// ${oneLine(l10n.t('not in {0}', o.side))}\n`;
  const normalized = o.kind === 'workflow' ? normalizeWorkflow(o.item) : normalizeLayout(o.item);
  return `${header}\n${stableJson(expand(normalized))}\n`;
}

/** A comment stays one line whatever a name holds. */
function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ');
}
