/**
 * What a scan finds in a user's code: a workflow's definition or a trigger call, with the place of
 * its identifier. Shared by code awareness (lenses, diagnostics) and the Preview lenses.
 */
export type CodeRefKind = 'definition' | 'trigger';

/** The call shape that was recognised, for the hover and the tests. */
export type CodePattern =
  | 'framework-workflow'
  | 'framework-trigger'
  | 'api-trigger'
  | 'api-trigger-bulk'
  | 'node-trigger'
  | 'node-bulk-trigger'
  | 'python-dto'
  | 'python-trigger';

export interface CodeRef {
  kind: CodeRefKind;
  pattern: CodePattern;
  identifier: string;
  /** Offsets of the identifier's text in the document (inside the quotes), or of the name used for it. */
  start: number;
  end: number;
  /** True when `start`..`end` is the string literal's content (a quick fix may replace it). */
  literal: boolean;
  /** A framework workflow's trigger: where that workflow is defined (this file, or the one it is imported from). */
  definedAt?: DefinitionSite;
  /** A framework workflow's definition: the offsets of its whole `workflow(…)` call. */
  span?: { start: number; end: number };
  /** A trigger whose `payload` is written as an object literal in the call (JavaScript and TypeScript): its keys. */
  payload?: ObjectLiteral;
}

/** A payload written as an object literal (`scan/objectLiteral.ts` reads it). */
export interface ObjectLiteral {
  /** Each key written, with its value when that is an object literal too (null otherwise). */
  keys: Map<string, ObjectLiteral | null>;
  /** False when a spread (`...rest`) or a computed key (`[k]: v`) may add keys not written here. */
  closed: boolean;
  /** Offsets of the literal, `{` to `}`. */
  start: number;
  end: number;
}

/** Where a framework workflow is defined: the identifier's literal (or constant) in the file at `path` (undefined: the file scanned). */
export interface DefinitionSite {
  path: string | undefined;
  start: number;
  end: number;
}

// l10n-ignore: the class name of a client in every Novu SDK (code, not words)
export const CLIENT_CLASS = 'Novu';
