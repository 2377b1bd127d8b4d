/**
 * `POST /v1/events/trigger` (contract §7) and a subscriber's preferences written (`PATCH
 * /v2/subscribers/{id}/preferences`), apart from the client class like bulkTrigger.ts: only the
 * bundles that send or write carry them and their checks (dist/extension.js stays under its budget).
 */
import { rejectInvalid, subscriberPath, type NovuClient, type RequestOptions } from './client';
import { preferencesSchema, triggerResultSchema, type Preferences, type TriggerResult } from './schemas';
import { validatePreferencesPatch, validateTriggerBody, type PreferencesPatch, type TriggerBody } from './validation';

/**
 * Starts a run of a workflow (async: a body refused before sending rejects, as every call does). The answer's `status` says whether it did (`processed`) or why not; it
 * carries no notification id, so callers find the new run by the body's `transactionId`. Sends real
 * messages: callers confirm with the user first.
 */
export async function trigger(client: NovuClient, body: TriggerBody, options?: RequestOptions): Promise<TriggerResult> {
  rejectInvalid(validateTriggerBody(body));
  return client.call({ method: 'post', path: 'v1/events/trigger', body, schema: triggerResultSchema, options, ...(typeof body.transactionId === 'string' ? { transactionId: body.transactionId } : {}) });
}

/** A subscriber's preferences changed: global when `workflowId` is absent. */
export async function updatePreferences(client: NovuClient, subscriberId: string, patch: PreferencesPatch, options?: RequestOptions): Promise<Preferences> {
  rejectInvalid(validatePreferencesPatch(patch));
  return client.call({ method: 'patch', path: subscriberPath(subscriberId, '/preferences'), body: patch, schema: preferencesSchema, options });
}
