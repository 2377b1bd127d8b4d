/**
 * A new test case from what the user has on screen (issue 46, §2): the Preview's payload, subscriber
 * and controls, or a past run's payload and subscriber. The case goes at the end of the workflow's
 * case file, and nothing else of the file changes: the text is inserted before the list's closing
 * bracket, indented as the file is, so the user's formatting, order and other cases stay as they
 * wrote them. A file that is not readable JSON is never touched. Pure: no vscode.
 */
import { l10n } from '../l10n';
import { SUBSCRIBER_FIELDS, readCaseFile } from './caseFile';
import { nodeAt, parseJsonTree } from './jsonTree';

/** Whose data the case keeps: the subscriber's id only, their fields without e-mail and phone, or all. */
export type SubscriberCopy = 'id' | 'fields' | 'all';

const PERSONAL = new Set(['email', 'phone']);

/** The case's subscriber, as the user chose to copy it (none when there is no subscriber). */
export function caseSubscriber(subscriber: Record<string, unknown> | undefined, copy: SubscriberCopy): Record<string, unknown> | undefined {
  if (!subscriber || Object.keys(subscriber).length === 0) return undefined;
  const id = typeof subscriber['subscriberId'] === 'string' ? subscriber['subscriberId'] : undefined;
  if (copy === 'id') return id ? { subscriberId: id } : undefined;
  const out: Record<string, unknown> = {};
  for (const key of SUBSCRIBER_FIELDS) {
    if (key === 'subscriberId') continue;
    const value = subscriber[key];
    if (value === undefined || value === null || value === '') continue;
    if (copy === 'fields' && PERSONAL.has(key)) continue;
    out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export interface NewCase {
  name: string;
  payload: Record<string, unknown>;
  subscriber?: Record<string, unknown>;
  controls?: Record<string, Record<string, unknown>>;
  /** The run's context, `{ tenant: "acme" }` (a run keeps its keys, not their data). */
  context?: Record<string, string>;
  description?: string;
  /** `true`: the case keeps each step's output in a snapshot (`novu-explorer-test init`'s first cases). */
  snapshot?: boolean;
}

/** A problem with the name before anything is written (said at the field), or undefined. */
export function caseNameProblem(name: string, existingText: string | undefined): string | undefined {
  if (name.trim() === '') return l10n.t('A case needs a name.');
  if (name.length > 200) return l10n.t('A case’s name is at most 200 characters.');
  if (existingText !== undefined) {
    const file = readCaseFile(existingText);
    if (file.cases.some((c) => c.name === name)) return l10n.t('This file already has a case named "{0}".', name);
  }
  return undefined;
}

function caseObject(c: NewCase): Record<string, unknown> {
  return {
    name: c.name,
    ...(c.description ? { description: c.description } : {}),
    payload: c.payload,
    ...(c.subscriber ? { subscriber: c.subscriber } : {}),
    ...(c.controls && Object.keys(c.controls).length > 0 ? { controls: c.controls } : {}),
    ...(c.context && Object.keys(c.context).length > 0 ? { context: c.context } : {}),
    ...(c.snapshot !== undefined ? { snapshot: c.snapshot } : {}),
  };
}

/**
 * The file's text with `c` added as its last case, or a new file's text for `workflowId` when
 * `existing` is undefined. `{ problem }` when the file cannot take it (not JSON, another workflow,
 * no `cases` list): the user's file is then left as it is.
 */
export function addCase(existing: string | undefined, workflowId: string, c: NewCase): { text: string } | { problem: string } {
  if (existing === undefined || existing.trim() === '') {
    return { text: `${JSON.stringify({ workflow: workflowId, cases: [caseObject(c)] }, null, 2)}\n` };
  }
  const parsed = parseJsonTree(existing);
  if (!parsed.ok) return { problem: l10n.t('The case file is not JSON ({0}): fix it first, nothing was written.', parsed.message) };
  const file = readCaseFile(existing);
  if (file.workflowId !== workflowId) return { problem: l10n.t('The case file is for "{0}", not "{1}": nothing was written.', file.workflowId ?? '?', workflowId) };
  const list = nodeAt(parsed.root, ['cases']);
  if (!list.complete || list.node.type !== 'array') return { problem: l10n.t('The case file has no "cases" list: nothing was written.') };
  const node = list.node;
  const close = node.offset + node.length - 1;
  // The indent of the list's items: the first item's line, else the "cases" key's plus two spaces.
  const lineStart = (offset: number) => existing.lastIndexOf('\n', offset - 1) + 1;
  const indentOf = (offset: number) => /^[ \t]*/.exec(existing.slice(lineStart(offset), offset))![0];
  const keyIndent = indentOf(list.property!.keyOffset);
  const itemIndent = node.items.length > 0 ? indentOf(node.items[0]!.offset) : `${keyIndent}  `;
  const unit = itemIndent.length > keyIndent.length ? itemIndent.slice(keyIndent.length) : '  ';
  const body = JSON.stringify(caseObject(c), null, unit)
    .split('\n')
    .map((line, i) => (i === 0 ? line : itemIndent + line))
    .join('\n');
  if (node.items.length === 0) {
    return { text: `${existing.slice(0, node.offset)}[\n${itemIndent}${body}\n${keyIndent}]${existing.slice(close + 1)}` };
  }
  const last = node.items[node.items.length - 1]!;
  const end = last.offset + last.length;
  return { text: `${existing.slice(0, end)},\n${itemIndent}${body}${existing.slice(end)}` };
}
