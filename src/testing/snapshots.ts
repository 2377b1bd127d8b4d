/**
 * Snapshots of what a case's steps send (issue 46, §6): each step's output, normalised, kept in a
 * file beside the case file (`<name>.novu-test.snap.json`) that the team commits. The first run
 * writes a case's snapshot and says so; a later change fails the case with the two texts, for a
 * diff; Update Snapshot (or the CLI's `--update-snapshots`) writes the new output.
 *
 * Normalised: line ends as `\n`, spaces at line ends dropped; for an email its subject, HTML and
 * the text a reader sees; for in-app its subject, body, buttons and redirect; SMS and chat their
 * text; push its title and body. A case's payload is fixed (casePayload.ts), so the output holds
 * no value made up at random; the key is never part of an output. The file is JSON with sorted
 * keys and two-space indents, so that a change reads as a small diff in review. Pure: no vscode.
 */
import { htmlToText } from '../rendered/htmlText';
import type { PreviewModel } from '../rendered/previewModel';
import { parseJsonTree, jsonValue } from './jsonTree';
import { l10n } from '../l10n';

export type StepSnapshot = Record<string, unknown>;
/** case name → step id → the step's normalised output. */
export type SnapshotData = Record<string, Record<string, StepSnapshot>>;

function lines(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/[ \t]+$/gm, '');
}

/** A step's output as the snapshot keeps it; undefined for a step that sends no message. */
export function snapshotOf(model: PreviewModel): StepSnapshot | undefined {
  switch (model.kind) {
    case 'email':
      return { subject: lines(model.subject), html: lines(model.html), text: lines(htmlToText(model.html)) };
    case 'inApp': {
      const button = (b: typeof model.primary) => (b ? { label: lines(b.label), url: b.url ?? '', ...(b.target ? { target: b.target } : {}) } : undefined);
      return {
        ...(model.subject !== undefined ? { subject: lines(model.subject) } : {}),
        body: lines(model.body),
        ...(model.primary ? { primaryButton: button(model.primary) } : {}),
        ...(model.secondary ? { secondaryButton: button(model.secondary) } : {}),
        ...(model.redirect?.url ? { redirect: model.redirect.url } : {}),
      };
    }
    case 'sms':
      return { text: lines(model.text) };
    case 'push':
      return { title: lines(model.title), body: lines(model.text) };
    case 'chat':
      return { text: lines(model.text) };
    case 'settings':
      return undefined;
  }
}

/** A snapshot as compared and shown in a diff: sorted keys, two-space indents. */
export function snapshotText(snapshot: StepSnapshot): string {
  return JSON.stringify(sortKeys(snapshot), null, 2);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) Object.defineProperty(out, key, { value: sortKeys((value as Record<string, unknown>)[key]), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

/** Reads a snapshot file; a file that is not one (bad JSON, another shape) is said, never thrown. */
export function readSnapshots(text: string | undefined): { data: SnapshotData; problem?: string } {
  if (text === undefined) return { data: {} };
  const parsed = parseJsonTree(text);
  if (!parsed.ok) return { data: {}, problem: l10n.t('The snapshot file is not JSON ({0}): it is written again on Update Snapshot.', parsed.message) };
  const value = jsonValue(parsed.root);
  const cases = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)['cases'] : undefined;
  if (cases === null || typeof cases !== 'object' || Array.isArray(cases)) return { data: {}, problem: l10n.t('The snapshot file has no "cases": it is written again on Update Snapshot.') };
  const data: SnapshotData = {};
  for (const [name, steps] of Object.entries(cases as Record<string, unknown>)) {
    if (steps === null || typeof steps !== 'object' || Array.isArray(steps)) continue;
    const kept: Record<string, StepSnapshot> = {};
    for (const [stepId, snapshot] of Object.entries(steps as Record<string, unknown>)) {
      if (snapshot !== null && typeof snapshot === 'object' && !Array.isArray(snapshot)) Object.defineProperty(kept, stepId, { value: snapshot, enumerable: true, writable: true, configurable: true });
    }
    Object.defineProperty(data, name, { value: kept, enumerable: true, writable: true, configurable: true });
  }
  return { data };
}

/** The snapshot file's text for `data` (cases sorted by name, so that a rewrite moves nothing). */
export function writeSnapshots(data: SnapshotData): string {
  // l10n-ignore: the committed file's own note, the same whatever the editor's language
  return `${JSON.stringify({ '//': 'Snapshots of Novu Explorer notification tests: what each step of each case sends. Review changes like code; update them with Update Snapshot or --update-snapshots.', cases: sortKeys(data) }, null, 2)}\n`;
}

export type SnapshotVerdict =
  | { kind: 'matched' }
  /** No snapshot yet: this run's output is written. */
  | { kind: 'written' }
  /** Updated on request. */
  | { kind: 'updated' }
  | { kind: 'changed'; expected: string; actual: string };

/** The step's output against the kept snapshot; `update`: accept the new output. */
export function compareSnapshot(kept: StepSnapshot | undefined, now: StepSnapshot, update: boolean): SnapshotVerdict {
  if (!kept) return { kind: 'written' };
  const expected = snapshotText(kept);
  const actual = snapshotText(now);
  if (expected === actual) return { kind: 'matched' };
  return update ? { kind: 'updated' } : { kind: 'changed', expected, actual };
}

/** Longer tags are written one attribute a line, so that a changed `href` is a line of its own. */
const LONG_TAG = 100;

/**
 * An HTML text broken into lines for a diff (issue 51, §18): a line per tag and per text between
 * tags, a long tag one attribute a line, a style sheet one rule a line; lines trimmed, blank ones
 * dropped. For reading a change only: the snapshot itself keeps the HTML as the app sent it.
 */
export function htmlLines(html: string): string[] {
  const out: string[] = [];
  for (const piece of html.replace(/\r\n?/g, '\n').split(/(<[^<>]*>)/)) {
    if (piece.startsWith('<') && piece.endsWith('>') && piece.length > LONG_TAG && !piece.startsWith('<!--')) {
      const [head, ...attributes] = piece.slice(1, piece.endsWith('/>') ? -2 : -1).match(/[^\s"'=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?|\S+/g) ?? [piece];
      out.push(`<${head}`, ...attributes.map((a) => `  ${a}`), piece.endsWith('/>') ? '/>' : '>');
      continue;
    }
    for (const line of piece.replace(/\}/g, '}\n').split('\n')) if (line.trim() !== '') out.push(line.trim());
  }
  return out;
}

/**
 * A snapshot text (snapshotText) as lines to diff: each key, and its value on the lines under it,
 * the HTML line-broken (htmlLines), other texts by their own lines, objects as compact JSON. A text
 * that is not a snapshot is given back as it is.
 */
export function snapshotDiffText(text: string): string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return text;
  const out: string[] = [];
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (typeof field !== 'string') out.push(`${key}: ${JSON.stringify(field)}`);
    else if (key === 'html') out.push(`${key}:`, ...htmlLines(field).map((l) => `  ${l}`));
    else if (field.includes('\n')) out.push(`${key}:`, ...field.split('\n').map((l) => `  ${l}`));
    else out.push(`${key}: ${field}`);
  }
  return out.join('\n');
}
