/** The host's validation of the preferences panel's requests (zod; never bundled into the webview). */
import * as z from 'zod/mini';
import { CHANNEL_TYPES, WEEK_DAYS } from '../api/constants';
import type { Same } from '../panels/protocol';
import { panelActionSchema, readySchema, requestSchema } from '../panels/protocolSchemas';
import type { PreferencesRequestBody } from './protocol';

const channelSchema = z.enum(CHANNEL_TYPES);
const timeRangeSchema = z.strictObject({ start: z.string().check(z.maxLength(20)), end: z.string().check(z.maxLength(20)) });
const dayScheduleSchema = z.strictObject({ isEnabled: z.boolean(), hours: z.optional(z.array(timeRangeSchema).check(z.maxLength(24))) });
export const scheduleInputSchema = z.strictObject({
  isEnabled: z.boolean(),
  weeklySchedule: z.optional(z.partialRecord(z.enum(WEEK_DAYS), dayScheduleSchema)),
});

export const preferencesRequestBodySchema = z.discriminatedUnion('method', [
  z.strictObject({ method: z.literal('refresh') }),
  z.strictObject({ method: z.literal('setChannel'), workflowId: z.optional(z.string().check(z.minLength(1), z.maxLength(200))), channel: channelSchema, enabled: z.boolean() }),
  z.strictObject({ method: z.literal('saveSchedule'), schedule: scheduleInputSchema }),
  z.strictObject({ method: z.literal('action'), action: panelActionSchema }),
]);

export const preferencesWebviewMessageSchema = z.union([readySchema, requestSchema(preferencesRequestBodySchema)]);

/** The schema accepts exactly the bodies the protocol's types describe. */
export const schemaMatchesProtocol: Same<z.infer<typeof preferencesRequestBodySchema>, PreferencesRequestBody> = true;
