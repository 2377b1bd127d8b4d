/** What the extension keeps of a failures panel across a window reload, checked when it comes back. */
import * as z from 'zod/mini';

export const FAILURES_PANEL_TYPE = 'novuExplorer.failures';

export const failuresPanelStateSchema = z.object({ connectionId: z.string().check(z.minLength(1), z.maxLength(100)) });
