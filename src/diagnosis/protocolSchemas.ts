/** The host's validation of the diagnosis panel's requests (zod; never bundled into the webview). */
import * as z from 'zod/mini';
import type { Same } from '../panels/protocol';
import { panelActionSchema, readySchema, requestSchema } from '../panels/protocolSchemas';
import type { DiagnosisRequestBody } from './protocol';

const targetSchema = z.enum(['verdict', 'connection', 'subscriber', 'workflow', 'runs', 'addresses', 'preferences', 'integrations', 'inbox', 'topics']);

export const diagnosisRequestBodySchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('checkAgain') }),
  z.strictObject({ method: z.literal('fix'), target: targetSchema }),
  z.strictObject({ method: z.literal('action'), action: panelActionSchema }),
]);

export const diagnosisWebviewMessageSchema = z.union([readySchema, requestSchema(diagnosisRequestBodySchema)]);

/** The schema accepts exactly the bodies the protocol's types describe. */
export const schemaMatchesProtocol: Same<z.infer<typeof diagnosisRequestBodySchema>, DiagnosisRequestBody> = true;
