/** The app against the environment, for the agent's #novuApp (issue 33): its state, the key check and the drift (a type only: the agent's bundle never holds the app's code). */
export interface AgentApp {
  /** Our words for the state ("running at localhost:4000 with Development's key ✓"). */
  summary: string;
  details: string[];
  drift: { workflowId: string; kind: string; words: string }[];
}
