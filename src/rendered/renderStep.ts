/**
 * One step rendered by the user's app (issue 46, §9): the signed bridge preview (contract §9.3),
 * read into the view model every surface shows and checks. The Preview, the agent's #novuPreview,
 * the Test Explorer and the command-line runner all render through this one function. Pure: no
 * vscode; every outcome is a value (the caller's abort excepted, as the bridge client's).
 */
import type { BridgeClient, BridgeFailure, PreviewStepRequest } from '../bridge/bridgeClient';
import { buildPreviewModel, type PreviewModel } from './previewModel';

/** `skipped`: asked by `execute` (a case with absent keys), the step's `skip` condition held: a send would not send it. */
export type StepRender = { kind: 'rendered'; model: PreviewModel; outputs: Record<string, unknown>; skipped?: true } | BridgeFailure;

/** Renders `request`'s step at the bridge `url`, signed with `secret`; `request.stepType` names the model. */
export async function renderStep(client: Pick<BridgeClient, 'previewStep'>, url: string, secret: string, request: PreviewStepRequest & { stepType: string }, signal?: AbortSignal): Promise<StepRender> {
  const answer = await client.previewStep(url, secret, request, signal);
  if (answer.kind !== 'rendered') return answer;
  return { kind: 'rendered', model: buildPreviewModel(request.stepType, answer.outputs), outputs: answer.outputs, ...(request.action === 'execute' && answer.options['skip'] === true ? { skipped: true as const } : {}) };
}
