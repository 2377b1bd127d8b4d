/** How an Inbox panel is opened: from the palette (a subscriber picked), a subscriber's row, or a run (on its message, in its context). */
import * as vscode from 'vscode';
import type { Notification, Subscriber } from '../api';
import type { ConnectionManager } from '../connections/connectionManager';
import type { Prompter } from '../ui/prompter';
import { pickSubscriber } from '../ui/subscriberPick';
import type { InboxPanels } from './inboxPanels';

export interface InboxLinks {
  /** The subscribers the Subscribers view holds (offered first). */
  loadedSubscribers(): readonly Subscriber[];
}

/** A subscriber id from what a menu passes: a subscriber's row, a subscription's, or an id. */
function subscriberIdOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!value || typeof value !== 'object') return undefined;
  const v = value as { subscriber?: { subscriberId?: unknown }; subscription?: { subscriber?: { subscriberId?: unknown } } };
  const id = v.subscriber?.subscriberId ?? v.subscription?.subscriber?.subscriberId;
  return typeof id === 'string' ? id : undefined;
}

function notificationOf(value: unknown): Notification | undefined {
  const n = value && typeof value === 'object' && 'notification' in value ? (value as { notification: unknown }).notification : value;
  return n && typeof n === 'object' && typeof (n as { _id?: unknown })._id === 'string' ? (n as Notification) : undefined;
}

export class InboxCommands {
  constructor(
    private readonly manager: ConnectionManager,
    private readonly prompter: () => Prompter,
    private readonly panels: InboxPanels,
    private readonly links: InboxLinks,
  ) {}

  /** Open Subscriber's Inbox… from the palette. */
  async pick(): Promise<unknown> {
    const connection = this.manager.active;
    if (!connection) {
      void this.prompter().message('info', vscode.l10n.t('Add a connection (or open the Sandbox) to read a subscriber\'s Inbox.'));
      return undefined;
    }
    const subscriberId = await pickSubscriber(this.prompter(), {
      title: vscode.l10n.t('Whose Inbox? ({0})', connection.name),
      placeholder: vscode.l10n.t('Type a subscriber ID, an email address or a name, or pick a subscriber'),
      loaded: this.links.loadedSubscribers(),
      client: () => this.manager.clientFor(connection),
      connectionName: connection.name,
    });
    return subscriberId ? this.panels.open(subscriberId, connection) : undefined;
  }

  openFor(node: unknown): unknown {
    const subscriberId = subscriberIdOf(node);
    const connection = this.manager.active;
    return subscriberId && connection ? this.panels.open(subscriberId, connection) : this.pick();
  }

  /** "In <subscriber>'s Inbox": the run's message, in the run's context (its exact keys). */
  openRun(value: unknown): unknown {
    const notification = notificationOf(value);
    const connection = this.manager.active;
    const subscriberId = notification?.subscriber?.subscriberId;
    if (!notification || !connection || !subscriberId) return undefined;
    return this.panels.open(subscriberId, connection, {
      ...(notification.transactionId ? { transactionId: notification.transactionId } : {}),
      context: notification.contextKeys && notification.contextKeys.length > 0 ? { kind: 'keys', keys: [...notification.contextKeys] } : { kind: 'none' },
    });
  }
}
