// Seeded contexts (contract §12): two tenants and an app, fixed (they do not depend on the seed), and
// with the sandbox option `markupTopics` a tenant whose data is hostile text, 64 KB of it.
import { type StoredContext, CONTEXT_ID_TAG } from './contexts';
import { MAX_CONTEXT_DATA_BYTES, jsonBytes } from './contextKeys';
import { SANDBOX_FIXTURES as F } from './fixtures';
import { DAY_MS, SEED_BASE_MS, iso, objectId } from './random';
import type { JsonObject } from './types';

function context(n: number, key: string, data: JsonObject): StoredContext {
  const createdMs = SEED_BASE_MS + (200 + n * 10) * DAY_MS;
  const [type = '', id = ''] = key.split(':');
  return { _id: objectId(createdMs, CONTEXT_ID_TAG, n), type, id, key, data, createdAt: iso(createdMs), updatedAt: iso(createdMs + DAY_MS) };
}

/** Hostile text in every field a client might render, padded so that the data is exactly the 64 KB limit as JSON. */
export function markupContextData(): JsonObject {
  const data: JsonObject = {
    name: '<script>alert("ctx")</script> **Markup Co** $(warning) [pay](command:workbench.action.quit) \u202Edcba',
    note: '<img src=x onerror=alert(1)> [link](https://evil.example) `code` שלום',
    padding: '',
  };
  data['padding'] = 'x'.repeat(MAX_CONTEXT_DATA_BYTES - jsonBytes(data));
  return data;
}

export function seedContexts(options: { markupTopics?: boolean }): StoredContext[] {
  const out = [
    context(1, F.acmeContextKey, { name: 'Acme Corp', plan: 'enterprise', region: 'eu' }),
    context(2, F.globexContextKey, { name: 'Globex', plan: 'free', region: 'us' }),
    context(3, F.dashboardContextKey, { name: 'Dashboard', url: 'https://dashboard.sandbox.example' }),
  ];
  if (options.markupTopics) out.push(context(4, F.markupContextKey, markupContextData()));
  return out;
}
