/** Activity: the view of recent notifications, its filter, "Failures only", Live follow and the rows' actions. */
import * as vscode from 'vscode';
import type { Notification } from '../api';
import { Commands } from '../commands';
import type { Connection } from '../connections/connection';
import { lazy, type Handlers, type Shared } from '../features';
import type { ActivityCommands } from './activityCommands';
import { activityQuery, describeActivityFilter, isActivityFilterEmpty } from './activityFilter';
import { ActivityMemory } from './activityMemory';
import type { NotificationNode } from './activityNodes';
import { ACTIVITY_VIEW_ID, ActivityProvider } from './activityProvider';

export interface ActivityLinks {
  openNotification(id: string, connectionId: string): Promise<unknown>;
  openPreferences(subscriberId: string, connection: Connection, subscriber: { name?: string }): unknown;
  sendAgain(notification: Notification, connection: Connection): unknown;
  diagnose(notification: Notification): unknown;
}

export function registerActivity(shared: Shared, code: () => { ActivityCommands: typeof ActivityCommands }, links: ActivityLinks) {
  const { context, manager, json, prompter } = shared;
  const provider = new ActivityProvider(manager, new ActivityMemory(context.globalState));
  const view = vscode.window.createTreeView(ACTIVITY_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  provider.view = view;
  context.subscriptions.push(provider, view);
  const commands = lazy(() => new (code().ActivityCommands)(manager, provider, json, prompter, links.openNotification, links.openPreferences));
  // The view's rows are whole notifications: opening one of them asks nothing again.
  const held = (connectionId: string) => (manager.active?.id === connectionId && provider.status === 'loaded' ? provider.notifications : undefined);
  const handlers = {
    [Commands.refreshActivity]: () => shared.refresh(provider),
    [Commands.loadMoreActivity]: () => provider.loadMore(),
    [Commands.filterActivity]: () => commands().filter(),
    [Commands.clearActivityFilter]: () => commands().clearFilter(),
    [Commands.showFailuresOnly]: () => provider.setFailuresOnly(true),
    [Commands.showAllActivity]: () => provider.setFailuresOnly(false),
    [Commands.showActivityFailures]: () => commands().showFailures(),
    [Commands.followActivity]: () => provider.setFollow(true),
    [Commands.stopFollowingActivity]: () => provider.setFollow(false),
    [Commands.resumeActivityFollow]: () => provider.resumeFollow(),
    [Commands.openActivityNotification]: (node?: NotificationNode) => commands().open(node),
    [Commands.copyNotificationId]: (node?: NotificationNode) => commands().copyId(node),
    [Commands.copyTransactionId]: (node?: NotificationNode) => commands().copyTransactionId(node),
    [Commands.editActivityPreferences]: (node?: NotificationNode) => commands().editSubscriberPreferences(node),
    [Commands.showOnlyActivitySubscriber]: (node?: NotificationNode) => commands().showOnlySubscriber(node),
    [Commands.showOnlyActivityWorkflow]: (node?: NotificationNode) => commands().showOnlyWorkflow(node),
    [Commands.openNotificationJson]: (node?: NotificationNode) => commands().openJson(node),
    [Commands.sendActivityNotificationAgain]: (node?: NotificationNode) => (node?.notification && manager.active ? links.sendAgain(node.notification, manager.active) : undefined),
    [Commands.diagnoseActivityNotification]: (node?: NotificationNode) => (node?.notification ? links.diagnose(node.notification) : undefined),
  } satisfies Partial<Handlers>;
  return {
    provider,
    handlers,
    showForSubscriber: (subscriberId: string) => commands().showForSubscriber(subscriberId),
    showForWorkflow: (workflowId: string, name?: string) => commands().showForWorkflow(workflowId, name),
    showForContext: (contextKeys: string[]) => commands().showForContext(contextKeys),
    /** The view's filter without its time range, for a read of another window (Failures by Cause). */
    filterWithoutRange: () => {
      const { range: _range, ...filter } = provider.settings.filter;
      const { after: _after, before: _before, ...query } = activityQuery(filter, Date.now());
      const text = describeActivityFilter(filter, vscode.env.language);
      return { query, ...(text ? { text } : {}) };
    },
    /** What the view holds, for Open Notification: one notification by id, or the ten newest when unfiltered. */
    held: {
      notification: (id: string, connectionId: string) => held(connectionId)?.find((n) => n._id === id),
      latest: (connectionId: string) => {
        const rows = isActivityFilterEmpty(provider.filter) ? held(connectionId) : undefined;
        return rows && rows.length > 0 ? rows.slice(0, 10) : undefined;
      },
    },
  };
}
