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
  /** A trigger that sends a `context` (JavaScript, TypeScript and Python): its keys when written as a literal in the call. */
  context?: InboxContextValue;
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

/** How an Inbox is set up (`scan/inbox.ts`): the component, or `@novu/js`'s class, and its package. */
export type InboxPattern = 'react-inbox' | 'react-provider' | 'nextjs-inbox' | 'nextjs-provider' | 'js-novu';

/**
 * What the code gives a setting: a string literal (`start`..`end` inside its quotes; with
 * `constant`, a constant of the file holding one, and `start`..`end` the name used), an environment
 * variable (`process.env.X`, `process.env['X']`, `import.meta.env.X`), or an expression not known here.
 */
export type InboxValue =
  | { kind: 'literal'; value: string; start: number; end: number; constant?: true }
  | { kind: 'env'; name: string; start: number; end: number }
  | { kind: 'expression'; start: number; end: number };

/**
 * A context written as an object literal (`{ tenant: 'acme' }`, `{ tenant: { id: 'acme', data } }`):
 * its keys as `type:id`, sorted; `closed` false when a spread, a computed key or an id not written
 * as a string leaves some out. Or any other expression, not known here.
 */
export type InboxContextValue =
  | { kind: 'literal'; keys: string[]; closed: boolean; start: number; end: number }
  | { kind: 'expression'; start: number; end: number };

/** An Inbox set up in the user's front-end code: what it is given, each field absent when not given. */
export interface InboxSetup {
  pattern: InboxPattern;
  /** `@novu/react`, `@novu/nextjs` or `@novu/js`. */
  package: string;
  /** Offsets of the component's tag name (`Inbox`, `N.Inbox`), or of `new Novu`. */
  start: number;
  end: number;
  applicationIdentifier?: InboxValue;
  /** From `subscriberId`, or `subscriber` (a string, or its object's `subscriberId`). */
  subscriberId?: InboxValue;
  subscriberHash?: InboxValue;
  context?: InboxContextValue;
  contextHash?: InboxValue;
  /** Props (or options) not all written here: a `{...spread}`, a computed key, options not written as a literal. A field absent may come from them, one written be overridden. */
  spread?: true;
}

// l10n-ignore: the class name of a client in every Novu SDK (code, not words)
export const CLIENT_CLASS = 'Novu';
