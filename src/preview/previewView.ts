/**
 * What every state of the preview panel shows besides the render: the steps as tabs, the step
 * shown, the notes said above the render, the payload and subscriber used, the controls. Pure: no
 * vscode (the header's line is previewWords' `rendererWords`).
 */
import { stepTypeInfo } from '../format/jobStatus';
import { l10n } from '../l10n';
import type { DiscoveredWorkflow } from '../bridge/bridgeClient';
import { hasSkip, skipNote } from '../rendered/previewWords';
import type { PreviewStepView, PreviewView } from './protocol';

export interface PreviewViewInput {
  workflowId: string;
  /** The workflow as the app's last discover showed it. */
  discovered?: DiscoveredWorkflow;
  /** Whether the discovered payload schema can be read (zod 4 empties it). */
  schemaVisible: boolean;
  /** The shown step's control schema, when it can be read. */
  controlsSchema?: unknown;
  steps: readonly { stepId: string; type: string }[];
  /** The step shown (one of `steps`), else the one asked for. */
  step?: { stepId: string; type: string };
  stepId?: string;
  fromRun: boolean;
  payloadEdited: boolean;
  payload: Record<string, unknown>;
  subscriber: string;
  remoteImages: boolean;
  payloadHeld?: string;
}

/** The parts of the view every state has (a render under way until the caller says otherwise). */
export function baseView(input: PreviewViewInput): Omit<PreviewView, 'renderer'> {
  const { discovered, step } = input;
  const notes: string[] = [];
  if (input.fromRun) notes.push(l10n.t("Rendered now from today's template with this run's payload: not the message as it was sent."));
  if (discovered && step && hasSkip(discovered.code ?? '', step.stepId)) notes.push(skipNote());
  if (discovered && !input.schemaVisible) notes.push(l10n.t("Your app's payload schema is not visible (zod 4 empties it in discover): keys you do not set are not filled in; Payload… starts from the environment's schema when the workflow is synced."));
  else if (!input.payloadEdited) notes.push(l10n.t('Keys the payload does not set take the defaults of the workflow’s schema (placeholders for required keys without one).'));
  return {
    workflowId: input.workflowId,
    ...(discovered?.name ? { workflowName: discovered.name } : {}),
    steps: input.steps.map(stepView),
    stepId: step?.stepId ?? input.stepId ?? '',
    stepType: step?.type ?? '',
    status: 'rendering',
    remoteImages: input.remoteImages,
    subscriber: input.subscriber,
    payload: JSON.stringify(input.payload, null, 2),
    controls: controlDefaults(input.controlsSchema),
    notes,
    ...(input.payloadHeld ? { payloadHeld: input.payloadHeld } : {}),
  };
}

function stepView(step: { stepId: string; type: string }): PreviewStepView {
  const info = stepTypeInfo(step.type);
  return { stepId: step.stepId, type: step.type, typeLabel: info.label, icon: info.icon };
}

/** The controls' defaults, as `key: value` lines (at most 30). */
function controlDefaults(schema: unknown): { key: string; value: string }[] {
  if (!schema || typeof schema !== 'object') return [];
  const properties = (schema as { properties?: Record<string, { default?: unknown }> }).properties ?? {};
  return Object.entries(properties)
    .slice(0, 30)
    .map(([key, p]) => ({ key, value: p && typeof p === 'object' && 'default' in p ? (typeof p.default === 'string' ? p.default : JSON.stringify(p.default)) : l10n.t('(no default)') }));
}
