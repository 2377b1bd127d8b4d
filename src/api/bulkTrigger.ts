/**
 * `POST /v1/events/trigger/bulk` (contract §8.4), apart from the client class so that only the
 * failures' bundle carries it (dist/extension.js stays under its budget). 1 to 100 triggers, one
 * result per event in the order sent. Each event carries its own `transactionId`; `idempotencyKey`
 * is required: the caller's key for this request, which every retry (429 after its Retry-After,
 * 5xx, a lost answer) sends again, so a retry is answered with the first request's results, never
 * run twice.
 */
import { l10n } from '../l10n';
import { rejectInvalid, shapeMessage, throwShape, type NovuClient, type RequestOptions } from './client';
import { bulkTriggerResultSchema, type TriggerResult } from './schemas';
import { validateBulkTrigger, type TriggerBody } from './validation';

// l10n-ignore: a route of the service (wire value)
const BULK_TRIGGER_PATH = 'v1/events/trigger/bulk';

export async function bulkTrigger(client: NovuClient, events: readonly TriggerBody[], options: RequestOptions & { idempotencyKey: string }): Promise<TriggerResult[]> {
  rejectInvalid(validateBulkTrigger(events));
  const results = await client.call({ method: 'post', path: BULK_TRIGGER_PATH, body: { events }, schema: bulkTriggerResultSchema, options });
  if (results.length !== events.length) {
    const issue = { path: l10n.t('(body)'), message: l10n.t('{0} results for {1} events', results.length, events.length) };
    throwShape(shapeMessage(`POST /${BULK_TRIGGER_PATH}`, [issue]), `POST /${BULK_TRIGGER_PATH}`, [issue]);
  }
  return results;
}
