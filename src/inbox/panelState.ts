/** What the extension keeps of an Inbox panel across a window reload, checked when it comes back. */
import * as z from 'zod/mini';

export const INBOX_PANEL_TYPE = 'novuExplorer.inbox';

export const inboxPanelStateSchema = z.object({
  subscriberId: z.string().check(z.minLength(1), z.maxLength(300)),
  connectionId: z.string().check(z.minLength(1), z.maxLength(100)),
});
