/**
 * What every panel's webview and host say to each other: types and constants only (no zod), so
 * that webview bundles import them freely. The host validates with `protocolSchemas.ts`.
 */

export type Reply<T = unknown> = { type: 'reply'; requestId: number } & ({ ok: true; result: T } | { ok: false; error: string });

export const PANEL_ACTIONS = ['retry', 'setApiKey', 'showLog', 'switchConnection'] as const;
export type PanelAction = (typeof PANEL_ACTIONS)[number];

/** An error as a panel shows it: what happened, in one line, and what the user can do next. */
export interface PanelError {
  title: string;
  message: string;
  errorId?: string;
  details: string[];
  actions: PanelAction[];
}

/**
 * What the host sends a panel's webview, each numbered: the whole state, or (a panel whose states
 * are large, with its `update` option) what changed since the state numbered `base`.
 */
export type StateMessage<State, Update = unknown> = { type: 'state'; seq: number; state: State } | { type: 'update'; seq: number; base: number; update: Update };

/** A panel's requests: for each method, the body's other fields and what the host replies. */
export type RequestMap = Record<string, { body: object; reply: unknown }>;

/** The body a webview sends: `{ method, ...fields }` for one method of the map. */
export type RequestBody<M extends RequestMap> = { [K in keyof M & string]: { method: K } & M[K]['body'] }[keyof M & string];

/** The reply to a body, by its method. */
export type ReplyTo<M extends RequestMap, B extends { method: string }> = M[B['method']]['reply'];

/** Requests every panel answers the same way (the panel host runs them). */
export type CommonRequests = {
  /** A next step of an error view or banner. */
  action: { body: { action: PanelAction }; reply: null };
};

/** True when each type is assignable to the other (a compile-time check that a schema matches its type). */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
