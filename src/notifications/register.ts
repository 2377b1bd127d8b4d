/** Notifications: their panels, Open Notification… (from the palette, an editor, a terminal or a log link) and Send Again from an id. */
import type { Notification } from '../api';
import { Commands } from '../commands';
import type { Connection } from '../connections/connection';
import { lazy, text, type Handlers, type Shared } from '../features';
import { NotificationEditorContext } from './editorContext';
import type { HeldNotifications, NotificationCommands } from './notificationCommands';
import { registerNotificationLinks } from './notificationLinks';
import type { NotificationPanel, RunActions } from './notificationPanel';
import { NotificationPanels } from './notificationPanels';

export interface NotificationsLinks {
  /** Send Again, Cancel Pending and the diagnosis, as the panel's buttons reach them. */
  runs: RunActions;
  /** What another view already holds, so that opening it asks nothing again. */
  held: HeldNotifications;
  sendAgain(notification: Notification, connection: Connection): unknown;
}

export function registerNotifications(
  shared: Shared,
  panelsCode: () => { NotificationPanel: typeof NotificationPanel },
  code: () => { NotificationCommands: typeof NotificationCommands },
  links: NotificationsLinks,
) {
  const { context, manager, json, log, prompter } = shared;
  const panels = new NotificationPanels(context, manager, json, log, () => panelsCode().NotificationPanel, links.runs);
  const commands = lazy(() => new (code().NotificationCommands)(manager, panels, prompter, links.held));
  const refLinks = registerNotificationLinks();
  context.subscriptions.push(panels, new NotificationEditorContext(), refLinks.registration);
  const open = (id: string | undefined, connectionId?: string) => commands().open(id, connectionId);
  const handlers = {
    [Commands.openNotification]: (id?: unknown, connectionId?: unknown) => open(text(id), text(connectionId)),
    [Commands.openNotificationFromEditor]: () => commands().openFromEditor(),
    [Commands.openNotificationLink]: (ref: unknown) => commands().openLink(ref),
    [Commands.sendNotificationAgain]: async (id?: unknown, connectionId?: unknown) => {
      const chosen = await commands().choose(text(id), text(connectionId));
      return chosen ? links.sendAgain(chosen.notification, chosen.connection) : undefined;
    },
  } satisfies Partial<Handlers>;
  return { panels, terminalLinks: refLinks.terminal, open, handlers };
}
