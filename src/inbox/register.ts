/** The Inbox: a subscriber's in-app feed as the server holds it, in a panel (its code loads with the first one). */
import { Commands } from '../commands';
import type { Handlers, Shared } from '../features';
import type { InboxCommands, InboxLinks } from './inboxCommands';
import type { InboxActions, InboxPanel } from './inboxPanel';
import { InboxPanels } from './inboxPanels';

export function registerInbox(shared: Shared, code: () => { InboxPanel: typeof InboxPanel; InboxCommands: typeof InboxCommands }, links: InboxLinks & Omit<InboxActions, 'prompter'>) {
  const { context, manager, log, prompter } = shared;
  const panels = new InboxPanels({ extensionUri: context.extensionUri, manager, log }, { ...links, prompter }, () => code().InboxPanel);
  context.subscriptions.push(panels);
  let commands: InboxCommands | undefined;
  const run = (): InboxCommands => (commands ??= new (code().InboxCommands)(manager, prompter, panels, links));
  const handlers = {
    [Commands.openInbox]: () => run().pick(),
    [Commands.openSubscriberInbox]: (node?: unknown) => run().openFor(node),
    [Commands.openRunInInbox]: (node?: unknown) => run().openRun(node),
  } satisfies Partial<Handlers>;
  return { panels, handlers, openRun: (notification: unknown) => run().openRun(notification) };
}
