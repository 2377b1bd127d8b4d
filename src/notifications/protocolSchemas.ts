/** The host's validation of the notification panel's requests (zod; never bundled into the webview). */
import * as z from 'zod/mini';
import type { Same } from '../panels/protocol';
import { panelActionSchema, readySchema, requestSchema } from '../panels/protocolSchemas';
import { NOTIFICATION_ID_PATTERN, type NotificationRequestBody } from './protocol';

export const notificationRequestBodySchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('refresh') }),
  z.strictObject({ method: z.literal('jobDetails'), jobId: z.string().check(z.minLength(1), z.maxLength(100)) }),
  z.strictObject({ method: z.literal('openNotification'), notificationId: z.string().check(z.regex(NOTIFICATION_ID_PATTERN)) }),
  z.strictObject({ method: z.literal('copy'), text: z.string().check(z.minLength(1), z.maxLength(1_000_000)), what: z.string().check(z.maxLength(60)) }),
  z.strictObject({ method: z.literal('copyRaw'), jobId: z.string().check(z.minLength(1), z.maxLength(100)), detailId: z.string().check(z.minLength(1), z.maxLength(100)) }),
  z.strictObject({ method: z.literal('openJson') }),
  z.strictObject({ method: z.literal('sendAgain') }),
  z.strictObject({ method: z.literal('cancelPending') }),
  z.strictObject({ method: z.literal('diagnose') }),
  z.strictObject({ method: z.literal('openInbox') }),
  z.strictObject({ method: z.literal('topicReach') }),
  z.strictObject({ method: z.literal('renderStep'), jobId: z.string().check(z.minLength(1), z.maxLength(100)) }),
  z.strictObject({ method: z.literal('saveTestCase') }),
  z.strictObject({ method: z.literal('action'), action: panelActionSchema }),
]);

export const notificationWebviewMessageSchema = z.union([readySchema, requestSchema(notificationRequestBodySchema)]);


/** The schema accepts exactly the bodies the protocol's types describe. */
export const schemaMatchesProtocol: Same<z.infer<typeof notificationRequestBodySchema>, NotificationRequestBody> = true;
