/** What the extension keeps of a diagnosis panel across a window reload, checked when it comes back. */
import * as z from 'zod/mini';

export const DIAGNOSIS_PANEL_TYPE = 'novuExplorer.diagnosis';

export const diagnosisPanelStateSchema = z.object({
  subscriberId: z.string().check(z.minLength(1), z.maxLength(300)),
  connectionId: z.string().check(z.minLength(1), z.maxLength(100)),
  workflow: z.optional(z.string().check(z.maxLength(300))),
  channel: z.optional(z.string().check(z.maxLength(20))),
});
