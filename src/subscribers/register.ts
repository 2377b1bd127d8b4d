/** Subscribers: the view, its search, sort and filter, Create Subscriber and the rows' actions. */
import * as vscode from 'vscode';
import type { Subscriber } from '../api';
import { Commands } from '../commands';
import type { Connection } from '../connections/connection';
import { lazy, type Handlers, type Shared } from '../features';
import type { SubscriberCommands } from './subscriberCommands';
import type { SubscriberNode } from './subscriberNode';
import { SUBSCRIBERS_VIEW_ID, SubscribersProvider } from './subscribersProvider';

export interface SubscribersLinks {
  openPreferences(subscriberId: string, connection: Connection, subscriber: { name?: string; timezone?: string | null }): unknown;
  showActivity(subscriberId: string): unknown;
  diagnose(subscriber: Subscriber | undefined): unknown;
}

export function registerSubscribers(shared: Shared, code: () => { SubscriberCommands: typeof SubscriberCommands }, links: SubscribersLinks) {
  const { context, manager, json, prompter } = shared;
  const provider = new SubscribersProvider(manager);
  const view = vscode.window.createTreeView(SUBSCRIBERS_VIEW_ID, { treeDataProvider: provider, showCollapseAll: true });
  provider.view = view;
  context.subscriptions.push(provider, view);
  const commands = lazy(() => new (code().SubscriberCommands)(manager, provider, json, prompter, (id, connection, subscriber) => links.openPreferences(id, connection, subscriber)));
  const node = (value: unknown): SubscriberNode | undefined => (value && typeof value === 'object' && 'subscriber' in value ? (value as SubscriberNode) : undefined);
  const handlers = {
    [Commands.refreshSubscribers]: () => shared.refresh(provider),
    [Commands.loadMoreSubscribers]: () => provider.loadMore(),
    [Commands.searchSubscribers]: () => commands().search(),
    [Commands.clearSubscriberFilter]: () => commands().clearFilter(),
    [Commands.sortSubscribers]: () => commands().sort(),
    [Commands.createSubscriber]: () => commands().create(),
    [Commands.copySubscriberId]: (n: SubscriberNode) => commands().copyId(n),
    [Commands.openSubscriberJson]: (n: SubscriberNode) => commands().openJson(n),
    [Commands.showSubscriberNotifications]: (n?: unknown) => {
      const subscriber = node(n)?.subscriber;
      return subscriber && links.showActivity(subscriber.subscriberId);
    },
    [Commands.editPreferences]: (n?: unknown) => commands().editPreferences(node(n)),
    [Commands.refreshItem]: (n: SubscriberNode) => commands().refreshOne(n),
    [Commands.diagnoseSubscriber]: (n?: unknown) => links.diagnose(node(n)?.subscriber),
  } satisfies Partial<Handlers>;
  return { provider, handlers };
}
