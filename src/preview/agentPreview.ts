/** What the preview gives the agent's tool (types only: the agent's bundle never holds the preview's code). */
import type { PreviewModel } from './previewModel';

export interface AgentPreviewRequest {
  workflowId: string;
  /** The step; without it, the workflow's first message step. */
  stepId?: string;
  payload?: Record<string, unknown>;
  subscriberId?: string;
}

/** The app against the environment, for the agent's #novuApp (issue 33): its state, the key check and the drift. */
export interface AgentApp {
  /** Our words for the state ("running at localhost:4000 with Development's key ✓"). */
  summary: string;
  details: string[];
  drift: { workflowId: string; kind: string; words: string }[];
}

export type AgentPreview =
  | { kind: 'rendered'; renderer: string; workflowId: string; stepId: string; type: string; model: PreviewModel; skip: boolean }
  | { kind: 'failed'; text: string; more: string[]; atKeys: { key: string; message: string }[] };
