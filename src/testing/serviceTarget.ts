/**
 * Dashboard workflows' cases (issue 46, §3): a workflow the user's app does not define is rendered by
 * the service's step preview (contract §9.4), with the API key the client already holds. The workflow
 * is read once per run (its steps with their `_id`s, since a step id of 16 letters and digits is
 * misread, §8.2, and its payload schema). §9.4's quiet failure, an empty preview of a message step,
 * is said as a failure, never shown as an empty message. Pure: no vscode.
 */
import type { NovuClient } from '../api/client';
import { NovuApiError } from '../api/errors';
import { previewStepOnService } from '../api/stepPreview';
import { l10n } from '../l10n';
import { buildPreviewModel, type PreviewModel } from '../rendered/previewModel';

export interface ServiceWorkflow {
  /** `external`: a code workflow synced from an app; anything else is the dashboard's. */
  origin?: string;
  steps: { stepId: string; type: string; _id?: string }[];
  payloadSchema?: unknown;
}

export type ServiceStepRender = { kind: 'rendered'; model: PreviewModel } | { kind: 'failed'; message: string };

export interface ServiceRenderer {
  /** Where it renders, in words ("Novu at api.novu.co"). */
  readonly label: string;
  /** The workflow as the service holds it; undefined when it has none. A failure to ask throws. */
  workflow(workflowId: string, signal?: AbortSignal): Promise<ServiceWorkflow | undefined>;
  /** Ids of its workflows (the newest 100), for the nearest to one it does not have. A failure to ask throws. */
  workflowIds?(signal?: AbortSignal): Promise<string[]>;
  render(workflowId: string, step: ServiceWorkflow['steps'][number], input: { payload: Record<string, unknown>; subscriber: Record<string, unknown>; controls: Record<string, unknown> }, signal?: AbortSignal): Promise<ServiceStepRender>;
}

const MESSAGE_TYPES = new Set(['email', 'in_app', 'sms', 'push', 'chat']);

/** The service's step preview through `client`, said as `label`. */
export function serviceRenderer(client: NovuClient, label: string): ServiceRenderer {
  return {
    label,
    async workflow(workflowId, signal) {
      try {
        const workflow = await client.getWorkflow(workflowId, signal ? { signal } : {});
        return {
          ...(workflow.origin ? { origin: workflow.origin } : {}),
          steps: (workflow.steps ?? []).flatMap((s) => (s.stepId && s.type ? [{ stepId: s.stepId, type: s.type, ...(s._id ? { _id: s._id } : {}) }] : [])),
          ...(workflow.payloadSchema ? { payloadSchema: workflow.payloadSchema } : {}),
        };
      } catch (error) {
        if (error instanceof NovuApiError && error.status === 404) return undefined;
        throw error;
      }
    },
    async workflowIds(signal) {
      const list = await client.listWorkflows({ limit: 100 }, signal ? { signal } : {});
      return list.workflows.flatMap((w) => (w.workflowId ? [w.workflowId] : []));
    },
    async render(workflowId, step, input, signal) {
      try {
        const answer = await previewStepOnService(
          client,
          workflowId,
          step._id ?? step.stepId,
          { previewPayload: { payload: input.payload, subscriber: input.subscriber }, ...(Object.keys(input.controls).length > 0 ? { controlValues: input.controls } : {}) },
          signal ? { signal } : {},
        );
        const preview = answer.result.preview ?? {};
        if (answer.result.error?.message) return { kind: 'failed', message: l10n.t('Novu could not render it: {0}', answer.result.error.message) };
        if (Object.keys(preview).length === 0 && MESSAGE_TYPES.has(step.type)) return { kind: 'failed', message: l10n.t('Novu could not render it: its preview came back empty (the synced app did not answer).') };
        return { kind: 'rendered', model: buildPreviewModel(answer.result.type || step.type, preview) };
      } catch (error) {
        if (signal?.aborted) throw error;
        return { kind: 'failed', message: l10n.t('Novu could not render it: {0}', error instanceof Error ? error.message : String(error)) };
      }
    },
  };
}
