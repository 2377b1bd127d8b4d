/** The Workflows view's id, on its own so that the composition root names it without loading the view's code. */
export const WORKFLOWS_VIEW_ID = 'novuExplorer.workflows';
