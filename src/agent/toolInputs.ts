/**
 * What each of the agent's tools takes (their inputs as the model gives them), checked with zod
 * before any request: a field the tool cannot use is said back to the model with why. The JSON
 * schemas the model sees are package.json's `languageModelTools`; these check the same fields.
 */
import * as z from 'zod/mini';
import { CHANNEL_TYPES } from '../api/constants';

const text = z.string().check(z.minLength(1), z.maxLength(500));
const channel = z.enum(CHANNEL_TYPES);

export const findSchema = z.object({
  subscriberId: z.optional(text),
  email: z.optional(text),
  workflow: z.optional(text),
  channel: z.optional(channel),
  transactionId: z.optional(text),
  since: z.optional(text),
  until: z.optional(text),
  failuresOnly: z.optional(z.boolean()),
  limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(50))),
  /** Where a previous answer stopped: how many of the service's list for these filters come before. */
  // l10n-ignore: for the model (its input schema stays English, like modelDescription)
  cursor: z.optional(z.string().check(z.regex(/^\d{1,6}$/, 'a cursor a previous result gave (digits)'))),
});
export const oneNotificationSchema = z.object({ notificationId: z.optional(text), transactionId: z.optional(text) });
export const subscriberSchema = z.object({ subscriberId: text });
export const previewSchema = z.object({
  workflowId: text,
  stepId: z.optional(text),
  payload: z.optional(z.record(z.string(), z.unknown())),
  subscriberId: z.optional(text),
});
export const integrationsSchema = z.object({ channel: z.optional(z.enum([...CHANNEL_TYPES, 'agent'])) });
export const searchSchema = z.object({
  subscriberId: z.optional(text),
  email: z.optional(text),
  name: z.optional(text),
  phone: z.optional(text),
  limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))),
  cursor: z.optional(text),
});
export const workflowsSchema = z.object({ query: z.optional(text), status: z.optional(z.enum(['ACTIVE', 'INACTIVE', 'ERROR'])), limit: z.optional(z.number().check(z.int(), z.gte(1), z.lte(100))) });
export const diagnoseSchema = z.object({ subscriberId: text, workflow: z.optional(text), channel: z.optional(channel), since: z.optional(text) });
export const setPreferenceSchema = z.object({ subscriberId: text, channel, enabled: z.boolean(), workflow: z.optional(text) });

