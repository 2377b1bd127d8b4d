/**
 * A step rendered through the service (contract §9.4): for dashboard workflows, a run's payload,
 * and code workflows whose app is not running here. The workflow is read first when its steps'
 * `_id`s are not known: a step id of 16 letters and digits is misread by the service (§8.2).
 */
import * as vscode from 'vscode';
import type { NovuClient } from '../api';
import { describeError, formatErrorLine } from '../ui/errors';
import { buildPreviewModel, type PreviewModel } from '../rendered/previewModel';
import { failureWords, type RenderOutcome } from '../rendered/previewWords';
import type { PreviewFailureView } from './protocol';
import { previewStepOnService } from '../api/stepPreview';
import { MESSAGE_STEP_TYPES } from './stepScanner';

export interface ServiceStep {
  stepId: string;
  type: string;
  _id?: string;
}

export interface ServiceWorkflow {
  origin?: string;
  name?: string;
  steps: ServiceStep[];
}

/** The workflow as the service holds it: where it comes from, its name, its steps with their `_id`s. */
export async function readServiceWorkflow(client: NovuClient, workflowId: string, signal: AbortSignal): Promise<ServiceWorkflow> {
  const workflow = await client.getWorkflow(workflowId, { signal });
  return {
    ...(workflow.origin ? { origin: workflow.origin } : {}),
    ...(workflow.name ? { name: workflow.name } : {}),
    steps: (workflow.steps ?? []).flatMap((s) => (s.stepId && s.type ? [{ stepId: s.stepId, type: s.type, ...(s._id ? { _id: s._id } : {}) }] : [])),
  };
}

export type ServiceRender = { kind: 'rendered'; model: PreviewModel } | { kind: 'failed'; failure: PreviewFailureView; how: RenderOutcome };

/** One step rendered by the service; undefined when `signal` aborted it (a newer render replaced it). */
export async function renderOnService(
  client: NovuClient,
  workflowId: string,
  step: ServiceStep,
  input: { payload: Record<string, unknown>; subscriber: Record<string, unknown> },
  connectionName: string,
  signal: AbortSignal,
): Promise<ServiceRender | undefined> {
  const failed = (text: string, more: string[] = []): ServiceRender => ({ kind: 'failed', failure: { text, more, atKeys: [], actions: ['retry'] }, how: 'answered' });
  try {
    const answer = await previewStepOnService(client, workflowId, step._id ?? step.stepId, { previewPayload: input }, { signal });
    const preview = answer.result.preview ?? {};
    if (answer.result.error?.message) return failed(vscode.l10n.t('Novu could not render it: {0}', answer.result.error.message), answer.result.error.hint ? [answer.result.error.hint] : []);
    // §9.4: failure is quiet, an empty preview: the synced app did not answer.
    if (Object.keys(preview).length === 0 && MESSAGE_STEP_TYPES.has(step.type)) {
      const words = failureWords({ kind: 'serviceEmpty' }, { connectionName });
      return failed(words.text, words.more);
    }
    return { kind: 'rendered', model: buildPreviewModel(answer.result.type || step.type, preview) };
  } catch (error) {
    if (signal.aborted) return undefined;
    return failed(formatErrorLine(vscode.l10n.t('Novu could not render it'), describeError(error)));
  }
}
