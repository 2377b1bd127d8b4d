/** The preview panel's view type: the registry restores its panels after a reload by it (and by what the webview persists, its workflowId and connectionId). */
export const PREVIEW_PANEL_TYPE = 'novuExplorer.preview';
