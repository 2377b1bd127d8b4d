/** The walkthrough's id, and for each step its id and the context key that completes it (package.json names the same). */

export const WALKTHROUGH_ID = 'novuexplorer.novu-explorer#getStarted';

export const WALKTHROUGH_STEPS = {
  triedSandbox: { id: 'sandbox', context: 'novuExplorer.walkthrough.triedSandbox' },
  connected: { id: 'connect', context: 'novuExplorer.walkthrough.connected' },
  debuggedFailure: { id: 'debug', context: 'novuExplorer.walkthrough.debuggedFailure' },
  editedPreferences: { id: 'preferences', context: 'novuExplorer.walkthrough.editedPreferences' },
  sawCode: { id: 'code', context: 'novuExplorer.walkthrough.sawCode' },
  ranTests: { id: 'tests', context: 'novuExplorer.walkthrough.ranTests' },
} as const;

export type WalkthroughStep = keyof typeof WALKTHROUGH_STEPS;

/** The id VS Code gives a step of ours: `publisher.name#walkthrough#step`. */
export function qualifiedStepId(step: WalkthroughStep): string {
  return `${WALKTHROUGH_ID}#${WALKTHROUGH_STEPS[step].id}`;
}
