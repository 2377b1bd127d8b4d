/**
 * `l10n.t` for code that cannot import vscode: format/, api/ and the pure models (shared with the webviews), and the
 * webview bundles themselves. It reads the same bundle as `vscode.l10n.t` and formats the same way,
 * so a translation is one drop-in `l10n/bundle.l10n.<language>.json` for host and webviews alike.
 *
 * - On the host, `activate()` hands it `vscode.l10n.bundle`. It is kept on `globalThis`, so every
 *   bundle of ours (extension, panels) reads the one copy.
 * - In a webview, the panel's HTML carries the bundle and the webview's boot hands it over.
 * - In English (no bundle) the message is its own translation.
 *
 * `@vscode/l10n-dev` finds these calls by their `l10n.t(…)` shape (see `node esbuild.mjs --l10n`).
 * Call it when the text is needed, never in a module-level constant: that would run before the
 * bundle is configured.
 */

export type L10nBundle = Readonly<Record<string, string | { message: string }>>;
type Arg = string | number | boolean;

interface Options {
  message: string;
  args?: readonly Arg[] | Readonly<Record<string, Arg>>;
  /** A note for translators; part of the key, as in `vscode.l10n.t`. */
  comment: string | readonly string[];
}

const KEY = Symbol.for('novuExplorer.l10n.bundle');
type Holder = { [KEY]?: L10nBundle };

function bundle(): L10nBundle | undefined {
  return (globalThis as Holder)[KEY];
}

/** `{0}` and `{name}` replaced by the arguments; a placeholder with no argument stays as written. */
export function formatMessage(template: string, args: readonly Arg[] | Readonly<Record<string, Arg>>): string {
  return template.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const value = Array.isArray(args) ? (/^\d+$/.test(name) ? (args as readonly Arg[])[Number(name)] : undefined) : (args as Readonly<Record<string, Arg>>)[name];
    return value === undefined ? whole : String(value);
  });
}

function translate(key: string, message: string): string {
  const entry = bundle()?.[key];
  if (typeof entry === 'string') return entry;
  if (entry && typeof entry.message === 'string') return entry.message;
  return message;
}

function t(message: string, ...args: Arg[]): string;
function t(message: string, args: Readonly<Record<string, Arg>>): string;
function t(options: Options): string;
function t(first: string | Options, ...rest: (Arg | Readonly<Record<string, Arg>>)[]): string {
  if (typeof first === 'object') {
    const comment = typeof first.comment === 'string' ? first.comment : first.comment.join('');
    return formatMessage(translate(`${first.message}/${comment}`, first.message), first.args ?? []);
  }
  const [only] = rest;
  const args = rest.length === 1 && typeof only === 'object' ? only : (rest as Arg[]);
  return formatMessage(translate(first, first), args);
}

export const l10n = {
  t,
  /** Sets the bundle every copy of this module reads; undefined (English) clears it. */
  config(contents: L10nBundle | undefined): void {
    (globalThis as Holder)[KEY] = contents;
  },
};
