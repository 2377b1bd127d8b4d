/** The host's validation of the failures panel's requests (zod; never bundled into the webview). */
import * as z from 'zod/mini';
import type { Same } from '../panels/protocol';
import { panelActionSchema, readySchema, requestSchema } from '../panels/protocolSchemas';
import { FAILURE_RANGES, type FailuresRequestBody } from './protocol';

const id = z.string().check(z.minLength(1), z.maxLength(200));
const groupKey = z.string().check(z.minLength(1), z.maxLength(2000));

export const failuresRequestBodySchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('stop') }),
  z.strictObject({ method: z.literal('readAgain'), range: z.optional(z.enum([...FAILURE_RANGES, 'custom'])) }),
  z.strictObject({ method: z.literal('openRun'), notificationId: id }),
  z.strictObject({ method: z.literal('saveTestCase'), notificationId: id }),
  z.strictObject({ method: z.literal('diagnoseOne'), key: groupKey }),
  z.strictObject({ method: z.literal('reviewResend'), key: groupKey }),
  z.strictObject({ method: z.literal('chooseResend'), choice: z.enum(['newestPerPair', 'everyRun']) }),
  z.strictObject({ method: z.literal('sendResend') }),
  z.strictObject({ method: z.literal('closeResend') }),
  z.strictObject({ method: z.literal('action'), action: panelActionSchema }),
]);

export const failuresWebviewMessageSchema = z.union([readySchema, requestSchema(failuresRequestBodySchema)]);

/** The schema accepts exactly the bodies the protocol's types describe. */
export const schemaMatchesProtocol: Same<z.infer<typeof failuresRequestBodySchema>, FailuresRequestBody> = true;
