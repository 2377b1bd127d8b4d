/**
 * The service's routes that only "Your app" uses (contract §9.5), kept in the app's bundle: the
 * environment's bridge (diff, validate, sync).
 */
import * as z from 'zod/mini';
import type { NovuClient, RequestOptions } from '../api';

/** `POST /v1/bridge/diff`: the workflows as last synced (the service computes nothing: compare them yourself). */
export const bridgeDiffSchema = z.looseObject({
  current: z.looseObject({ workflows: z.nullish(z.array(z.unknown())), bridgeUrl: z.nullish(z.string()) }),
});
export type BridgeDiff = z.infer<typeof bridgeDiffSchema>;

/** `POST /v1/bridge/validate`: whether the service can reach that URL. */
export const bridgeValidateSchema = z.looseObject({ isValid: z.boolean(), error: z.nullish(z.unknown()) });

/** `POST /v1/bridge/sync`: what the service did (loosely: servers answer with the workflows they touched). */
export const bridgeSyncSchema = z.unknown();

/** The environment's code workflows as last synced and its synced bridge URL (§9.5); 400 when never synced. */
export function bridgeDiff(client: NovuClient, bridgeUrl: string, options?: RequestOptions): Promise<BridgeDiff> {
  return client.call({ method: 'post', path: 'v1/bridge/diff', body: { bridgeUrl, workflows: [] }, schema: bridgeDiffSchema, options });
}

/** Whether the service can reach `bridgeUrl` (§9.5). */
export function bridgeValidate(client: NovuClient, bridgeUrl: string, options?: RequestOptions): Promise<{ isValid: boolean }> {
  return client.call({ method: 'post', path: 'v1/bridge/validate', body: { bridgeUrl }, schema: bridgeValidateSchema, options });
}

/**
 * Sync (§9.5): the service reads the app's discover at `bridgeUrl`, creates and updates every
 * workflow found and DELETES every code workflow of the environment it did not find (one
 * idempotency key: a retry is not a second sync).
 */
export function bridgeSync(client: NovuClient, bridgeUrl: string, options?: RequestOptions): Promise<unknown> {
  return client.call({ method: 'post', path: 'v1/bridge/sync', query: { source: 'cli' }, body: { bridgeUrl }, schema: bridgeSyncSchema, options });
}
