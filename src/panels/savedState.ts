/** What a panel keeps across a window reload, read back: vscode-free, so the unit tests check it. */

/** A saved state's schema as zod's safeParse gives it (read by shape: this module imports no zod). */
export interface StateSchema<S> {
  safeParse(state: unknown): { success: true; data: S } | { success: false };
}

/** A panel kind's parseState: the saved state checked by its schema, the record's id read from it; undefined when it does not fit. */
export function stateParser<S extends { connectionId: string }>(schema: StateSchema<S>, id: (state: S) => string): (state: unknown) => { id: string; connectionId: string } | undefined {
  return (state) => {
    const parsed = schema.safeParse(state);
    return parsed.success ? { id: id(parsed.data), connectionId: parsed.data.connectionId } : undefined;
  };
}
