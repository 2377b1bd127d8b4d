/** The host's validation of what webviews send (zod): every message is checked before it is acted on. */
import * as z from 'zod/mini';
import { PANEL_ACTIONS } from './protocol';

/** A request from the webview: the host answers with a `reply` carrying the same id. */
export function requestSchema<T extends z.ZodMiniType>(body: T) {
  return z.strictObject({ type: z.literal('request'), requestId: z.int().check(z.nonnegative()), body });
}

export const readySchema = z.strictObject({ type: z.literal('ready') });

export const panelActionSchema = z.enum(PANEL_ACTIONS);
