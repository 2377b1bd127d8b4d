/** What the preview gives the agent's tool (types only: the agent's bundle never holds the preview's code). */
import type { PreviewModel } from '../rendered/previewModel';

export interface AgentPreviewRequest {
  workflowId: string;
  /** The step; without it, the workflow's first message step. */
  stepId?: string;
  payload?: Record<string, unknown>;
  subscriberId?: string;
}

export type AgentPreview =
  | { kind: 'rendered'; renderer: string; workflowId: string; stepId: string; type: string; model: PreviewModel; skip: boolean }
  | { kind: 'failed'; text: string; more: string[]; atKeys: { key: string; message: string }[] };
