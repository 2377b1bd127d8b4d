/** Every command id of the extension, in one place. */
export const Commands = {
  addConnection: 'novuExplorer.addConnection',
  switchConnection: 'novuExplorer.switchConnection',
  setApiKey: 'novuExplorer.setApiKey',
  removeConnection: 'novuExplorer.removeConnection',
  openSandbox: 'novuExplorer.openSandbox',
  showLog: 'novuExplorer.showLog',
  refresh: 'novuExplorer.refresh',
  refreshSubscribers: 'novuExplorer.refreshSubscribers',
  refreshIntegrations: 'novuExplorer.refreshIntegrations',
  loadMoreSubscribers: 'novuExplorer.loadMoreSubscribers',
} as const;

export type CommandId = (typeof Commands)[keyof typeof Commands];
