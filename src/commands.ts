/**
 * Every command id of the extension, in one place: call sites, menus built in code and the
 * registration table all name them from here (test/unit/commands.test.ts holds package.json to it).
 */
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
  searchSubscribers: 'novuExplorer.searchSubscribers',
  clearSubscriberFilter: 'novuExplorer.clearSubscriberFilter',
  sortSubscribers: 'novuExplorer.sortSubscribers',
  createSubscriber: 'novuExplorer.createSubscriber',
  copySubscriberId: 'novuExplorer.copySubscriberId',
  openSubscriberJson: 'novuExplorer.openSubscriberJson',
  showSubscriberNotifications: 'novuExplorer.showSubscriberNotifications',
  refreshItem: 'novuExplorer.refreshItem',
  retry: 'novuExplorer.retry',
  editPreferences: 'novuExplorer.editPreferences',
  copyIntegrationIdentifier: 'novuExplorer.copyIntegrationIdentifier',
  openIntegrationJson: 'novuExplorer.openIntegrationJson',
  openNotification: 'novuExplorer.openNotification',
  openNotificationFromEditor: 'novuExplorer.openNotificationFromEditor',
} as const;

export type CommandId = (typeof Commands)[keyof typeof Commands];
