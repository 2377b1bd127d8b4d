/** What the extension keeps of a notification panel across a window reload, checked when it comes back. */
import * as z from 'zod/mini';

export const NOTIFICATION_PANEL_TYPE = 'novuExplorer.notification';

export const panelStateSchema = z.object({ notificationId: z.string().check(z.minLength(1), z.maxLength(100)), connectionId: z.string().check(z.minLength(1), z.maxLength(100)) });
