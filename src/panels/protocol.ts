/**
 * What every panel's webview and host say to each other, defined once and imported by both sides.
 * The host validates every message from a webview with these schemas and ignores anything else.
 */
import * as z from 'zod/mini';

/** A request from the webview: the host answers with a `reply` carrying the same id. */
export function requestSchema<T extends z.ZodMiniType>(body: T) {
  return z.strictObject({ type: z.literal('request'), requestId: z.int().check(z.nonnegative()), body });
}

export const readySchema = z.strictObject({ type: z.literal('ready') });

export type Reply<T = unknown> = { type: 'reply'; requestId: number } & ({ ok: true; result: T } | { ok: false; error: string });

/** An error as a panel shows it: what happened, in one line, and what the user can do next. */
export interface PanelError {
  title: string;
  message: string;
  errorId?: string;
  details: string[];
  actions: PanelAction[];
}

export type PanelAction = 'retry' | 'setApiKey' | 'showLog' | 'switchConnection';

export const panelActionSchema = z.enum(['retry', 'setApiKey', 'showLog', 'switchConnection']);
