/** What the chat shows while each of the agent's tools runs (its invocation message). */
import * as vscode from 'vscode';
import { wordFor, type Words } from '../words';
import { AGENT_TOOLS, type AgentToolName } from './toolNames';

/** What the chat shows while a tool reads; a tool not named here says "Asking Novu". */
const INVOCATION_MESSAGES: Words = {
  [AGENT_TOOLS.findNotifications]: () => vscode.l10n.t('Finding notifications'),
  [AGENT_TOOLS.explainNotification]: () => vscode.l10n.t('Reading the notification’s steps'),
  [AGENT_TOOLS.subscriberPreferences]: () => vscode.l10n.t('Reading the subscriber’s preferences'),
  [AGENT_TOOLS.activeIntegrations]: () => vscode.l10n.t('Reading the active integrations'),
  [AGENT_TOOLS.searchSubscribers]: () => vscode.l10n.t('Searching subscribers'),
  [AGENT_TOOLS.diagnoseDelivery]: () => vscode.l10n.t('Following the delivery chain'),
  [AGENT_TOOLS.listWorkflows]: () => vscode.l10n.t('Listing the workflows'),
  [AGENT_TOOLS.previewStep]: () => vscode.l10n.t('Rendering the step with your app'),
  [AGENT_TOOLS.appState]: () => vscode.l10n.t('Checking your app against the environment'),
  [AGENT_TOOLS.failures]: () => vscode.l10n.t('Grouping the failures by cause'),
  [AGENT_TOOLS.tests]: () => vscode.l10n.t('Running the notification tests with your app'),
  [AGENT_TOOLS.compare]: () => vscode.l10n.t('Comparing the environments (read-only)'),
  [AGENT_TOOLS.inbox]: () => vscode.l10n.t('Reading the subscriber’s Inbox (read-only)'),
  [AGENT_TOOLS.topics]: () => vscode.l10n.t('Reading the topics (read-only: a dry run sends nothing)'),
};

export function invocationMessage(name: AgentToolName): string {
  return wordFor(INVOCATION_MESSAGES, name) ?? vscode.l10n.t('Asking Novu');
}
