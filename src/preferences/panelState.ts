/** What the extension keeps of a preferences panel across a window reload, checked when it comes back. */
import * as z from 'zod/mini';

export const PREFERENCES_PANEL_TYPE = 'novuExplorer.preferences';

export const preferencesPanelStateSchema = z.object({ subscriberId: z.string().check(z.minLength(1), z.maxLength(300)), connectionId: z.string().check(z.minLength(1), z.maxLength(100)) });
