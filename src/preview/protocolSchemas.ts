/** The host's validation of the preview panel's requests (zod; never bundled into the webview). */
import * as z from 'zod/mini';
import type { Same } from '../panels/protocol';
import { panelActionSchema, readySchema, requestSchema } from '../panels/protocolSchemas';
import type { PreviewRequestBody } from './protocol';

export const previewRequestBodySchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('selectStep'), stepId: z.string().check(z.minLength(1), z.maxLength(200)) }),
  z.strictObject({ method: z.literal('refresh') }),
  z.strictObject({ method: z.literal('remoteImages'), on: z.boolean() }),
  z.strictObject({ method: z.literal('editPayload') }),
  z.strictObject({ method: z.literal('pickSubscriber') }),
  z.strictObject({ method: z.literal('openLink'), url: z.string().check(z.minLength(1), z.maxLength(4000)) }),
  z.strictObject({ method: z.literal('openFrame') }),
  z.strictObject({ method: z.literal('revealPayloadKey'), key: z.string().check(z.maxLength(1000)) }),
  z.strictObject({ method: z.literal('setBridgeUrl') }),
  z.strictObject({ method: z.literal('sendTest') }),
  z.strictObject({ method: z.literal('saveTestCase') }),
  z.strictObject({ method: z.literal('failureAction'), action: z.enum(['setBridgeUrl', 'retry', 'editPayload', 'switchConnection', 'useService']) }),
  z.strictObject({ method: z.literal('action'), action: panelActionSchema }),
]);

export const previewWebviewMessageSchema = z.union([readySchema, requestSchema(previewRequestBodySchema)]);

/** The schema accepts exactly the bodies the protocol's types describe. */
export const schemaMatchesProtocol: Same<z.infer<typeof previewRequestBodySchema>, PreviewRequestBody> = true;
