// The workflows the demo's bridge serves (bridge/run.mjs). ../workflows.ts is not among them: its
// plain zod 4 schemas would show as empty in the bridge's discover.
import { accountWelcome, orderShipped, paymentReceipt, teamDigest } from './welcome';

export const workflows = [accountWelcome, orderShipped, teamDigest, paymentReceipt];
