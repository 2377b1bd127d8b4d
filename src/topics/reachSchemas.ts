/** The host's validation of the reach panel's requests (zod; never bundled into the webview). */
import * as z from 'zod/mini';
import type { Same } from '../panels/protocol';
import { panelActionSchema, readySchema, requestSchema } from '../panels/protocolSchemas';
import type { ReachRequestBody } from './reachProtocol';

export const reachRequestBodySchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('refresh') }),
  z.strictObject({ method: z.literal('setContextScoped'), value: z.boolean() }),
  z.strictObject({ method: z.literal('openRun'), runId: z.string().check(z.minLength(1), z.maxLength(100)) }),
  z.strictObject({ method: z.literal('action'), action: panelActionSchema }),
]);

export const reachWebviewMessageSchema = z.union([readySchema, requestSchema(reachRequestBodySchema)]);

/** The schema accepts exactly the bodies the protocol's types describe. */
export const schemaMatchesProtocol: Same<z.infer<typeof reachRequestBodySchema>, ReachRequestBody> = true;
