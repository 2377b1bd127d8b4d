/**
 * Texts chosen by a key (a status, a code, a day) as a table rather than a switch: each text a thunk
 * that calls `l10n.t` when it is shown (never at load, before the bundle is configured), so the
 * table may be a module constant. Pure and vscode-free, for host and webviews alike.
 */

/** A text for each key; `Words<Union>` makes the table name every member. `A`: what each text is given (a value it quotes). */
export type Words<K extends string = string, A extends unknown[] = []> = Readonly<Record<K, (...args: A) => string>>;

/** The text a table gives a key that may come from the service; undefined for a key it does not have (an inherited name such as `constructor` included). */
export function wordFor<A extends unknown[]>(words: Words<string, A>, key: string | null | undefined, ...args: A): string | undefined {
  return key !== null && key !== undefined && Object.hasOwn(words, key) ? words[key]!(...args) : undefined;
}
