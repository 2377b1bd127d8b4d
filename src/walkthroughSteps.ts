/** The walkthrough's id and the context keys that complete its steps (package.json names the same). */

export const WALKTHROUGH_ID = 'novuexplorer.novu-explorer#getStarted';

export const WALKTHROUGH_STEPS = {
  triedSandbox: 'novuExplorer.walkthrough.triedSandbox',
  connected: 'novuExplorer.walkthrough.connected',
  debuggedFailure: 'novuExplorer.walkthrough.debuggedFailure',
  editedPreferences: 'novuExplorer.walkthrough.editedPreferences',
} as const;

export type WalkthroughStep = keyof typeof WALKTHROUGH_STEPS;
