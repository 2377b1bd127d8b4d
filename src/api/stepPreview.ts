/** The service's step preview (contract §9.4): the Preview's and the notification tests' route, kept out of the client's own list (only their bundles hold it). */
import * as z from 'zod/mini';
import type { NovuClient, RequestOptions } from './client';

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


/**
 * One step rendered by the service (§9.4): a dashboard step from its content, a code step by the
 * environment's synced app. `stepId`: the step's `_id` when known (a 16-character step id is misread, §8.2).
 */
export function previewStepOnService(client: NovuClient, workflowId: string, stepId: string, body: StepPreviewBody, options?: RequestOptions): Promise<StepPreview> {
  return client.call({ method: 'post', path: `v2/workflows/${encodeURIComponent(workflowId)}/step/${encodeURIComponent(stepId)}/preview`, body, schema: stepPreviewSchema, options });
}
