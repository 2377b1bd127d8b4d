/**
 * What the preview panel sends after a whole state: the view's fields that changed, and those it
 * no longer has (issue 51, E2). From one publish to the next a view keeps its model, frame document
 * and payload as the same values while they do not change, so the strip's findings that come after
 * a 1 MB email reach the webview as themselves, not with the email again (2 to 3 MB for the host to
 * serialise). Fields are compared as values are by `===`: a new array or object counts as changed.
 * Pure, no `vscode` (the webview bundles it).
 */
import type { PreviewView } from './protocol';

export interface ViewChanges {
  set: Partial<PreviewView>;
  unset: (keyof PreviewView)[];
}

/** What takes the webview from `held` to `next`. */
export function viewChanges(held: PreviewView, next: PreviewView): ViewChanges {
  const set: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof PreviewView)[]) if (held[key] !== next[key]) set[key] = next[key];
  return { set: set as Partial<PreviewView>, unset: (Object.keys(held) as (keyof PreviewView)[]).filter((key) => !(key in next)) };
}

/** `held` with `changes` made. */
export function applyViewChanges(held: PreviewView, changes: ViewChanges): PreviewView {
  const next: Record<string, unknown> = { ...held, ...changes.set };
  for (const key of changes.unset) delete next[key];
  return next as unknown as PreviewView;
}
