/**
 * The service's routes that only Preview and the app's state use (contract §9.4, §9.5), kept in the
 * preview's bundle: the step preview, and the environment's bridge (diff, validate, sync).
 */
import * as z from 'zod/mini';
import type { NovuClient, RequestOptions } from '../api';

const jsonObject = z.record(z.string(), z.unknown());

/**
 * `POST /v2/workflows/{workflowId}/step/{stepId}/preview` (§9.4): the step as the service renders it.
 * `preview` has the shape of the bridge's outputs for its type; `{}` when the synced app did not answer.
 */
export const stepPreviewSchema = z.looseObject({
  result: z.looseObject({
    type: z.string(),
    preview: z.nullish(jsonObject),
    error: z.nullish(z.looseObject({ title: z.nullish(z.string()), message: z.nullish(z.string()), hint: z.nullish(z.string()) })),
  }),
  previewPayloadExample: z.nullish(z.unknown()),
  schema: z.nullish(z.unknown()),
});
export type StepPreview = z.infer<typeof stepPreviewSchema>;

export interface StepPreviewBody {
  controlValues?: Record<string, unknown>;
  previewPayload?: { subscriber?: Record<string, unknown>; payload?: Record<string, unknown> };
}

/** `POST /v1/bridge/diff`: the workflows as last synced (the service computes nothing: compare them yourself). */
export const bridgeDiffSchema = z.looseObject({
  current: z.looseObject({ workflows: z.nullish(z.array(z.unknown())), bridgeUrl: z.nullish(z.string()) }),
});
export type BridgeDiff = z.infer<typeof bridgeDiffSchema>;

/** `POST /v1/bridge/validate`: whether the service can reach that URL. */
export const bridgeValidateSchema = z.looseObject({ isValid: z.boolean(), error: z.nullish(z.unknown()) });

/** `POST /v1/bridge/sync`: what the service did (loosely: servers answer with the workflows they touched). */
export const bridgeSyncSchema = z.unknown();


/**
 * One step rendered by the service (§9.4): a dashboard step from its content, a code step by the
 * environment's synced app. `stepId`: the step's `_id` when known (a 16-character step id is misread, §8.2).
 */
export function previewStepOnService(client: NovuClient, workflowId: string, stepId: string, body: StepPreviewBody, options?: RequestOptions): Promise<StepPreview> {
  return client.call({ method: 'post', path: `v2/workflows/${encodeURIComponent(workflowId)}/step/${encodeURIComponent(stepId)}/preview`, body, schema: stepPreviewSchema, options });
}

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
