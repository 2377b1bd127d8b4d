/**
 * Code awareness's own bundle (dist/code.js): the scanners, the workflow cache and the editor
 * providers, and the Workflows view with its commands. The extension loads it when a TypeScript, JavaScript or Python document is first open
 * after activation (which itself happens only in a workspace with the service's SDKs, or once a
 * Novu view or command is used), not for every TypeScript file of every workspace.
 */
export { CodeAwareness } from './code/codeAwareness';
export { WorkflowsProvider } from './workflows/workflowsProvider';
export { WorkflowCommands } from './workflows/workflowCommands';
