/**
 * The language model tools' names, as package.json's `contributes.languageModelTools` declares them.
 * Kept apart from the tools themselves: the extension registers these names at activation and loads
 * the tools' code (dist/agent.js) only when the agent first calls one.
 */
export const AGENT_TOOLS = {
  findNotifications: 'novuExplorer_findNotifications',
  explainNotification: 'novuExplorer_explainNotification',
  subscriberPreferences: 'novuExplorer_subscriberPreferences',
  activeIntegrations: 'novuExplorer_activeIntegrations',
  searchSubscribers: 'novuExplorer_searchSubscribers',
  sendNotificationAgain: 'novuExplorer_sendNotificationAgain',
  setChannelPreference: 'novuExplorer_setChannelPreference',
  diagnoseDelivery: 'novuExplorer_diagnoseDelivery',
  listWorkflows: 'novuExplorer_listWorkflows',
  previewStep: 'novuExplorer_previewStep',
  appState: 'novuExplorer_appState',
  failures: 'novuExplorer_failures',
  tests: 'novuExplorer_runTests',
  compare: 'novuExplorer_compare',
  inbox: 'novuExplorer_inbox',
  topics: 'novuExplorer_topics',
} as const;

export type AgentToolName = (typeof AGENT_TOOLS)[keyof typeof AGENT_TOOLS];

/** The tools that change something: they confirm first, and a setting turns them off. */
export const CHANGING_TOOLS: readonly AgentToolName[] = [AGENT_TOOLS.sendNotificationAgain, AGENT_TOOLS.setChannelPreference];

/** The setting that lets the agent use the changing tools (the read-only ones stay on). */
export const ALLOW_CHANGES_SETTING = 'novuExplorer.agent.allowChanges';
