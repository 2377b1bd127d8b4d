/** Ways to open a notification: the palette (paste, recent, latest), the editor, and deep links. */
import { Commands } from '../commands';
import * as vscode from 'vscode';
import type { Notification } from '../api';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import type { NotificationPanel } from './notificationPanel';
import type { NotificationPanels } from './notificationPanels';
import { describeError, formatErrorLine } from '../ui/errors';
import type { PickItem, Prompter } from '../ui/prompter';
import { noIcons } from '../ui/text';
import { notificationPickItem } from './notificationItems';
import { NOTIFICATION_ID_PATTERN } from './protocol';
import { ID_WORD_PATTERN, parseNotificationRef, type NotificationRef } from './notificationRefs';

type Choice = { kind: 'notification'; id: string } | { kind: 'transaction'; id: string };

/** Notifications the extension holds already, by connection: one by id, and the newest (undefined when not held). */
export interface HeldNotifications {
  notification(notificationId: string, connectionId: string): Notification | undefined;
  latest(connectionId: string): readonly Notification[] | undefined;
}

export class NotificationCommands {
  constructor(
    private readonly manager: ConnectionManager,
    private readonly panels: NotificationPanels,
    private readonly prompter: () => Prompter,
    /** What the extension already holds on a connection (the Activity view's rows), to show without asking again. */
    private readonly held: HeldNotifications = { notification: () => undefined, latest: () => undefined },
  ) {}

  /**
   * Open Notification…: with an id argument it opens at once; otherwise a quick pick takes a pasted
   * notification or transaction id and offers recently opened and the latest notifications.
   */
  async open(notificationId?: string, connectionId?: string): Promise<NotificationPanel | undefined> {
    const connection = await this.connectionFor(connectionId);
    if (!connection) return undefined;
    if (typeof notificationId === 'string' && notificationId.trim()) {
      const ref = parseNotificationRef(notificationId);
      if (ref?.kind === 'notification') return this.openId(ref.id, connection);
      return this.openRef({ kind: 'transaction', id: notificationId.trim() }, connection);
    }
    const asked = await this.ask(connection, vscode.l10n.t('Open Notification ({0})', connection.name));
    if (!asked) return undefined;
    if (asked.listed) return this.panels.open(asked.listed._id, connection, { notification: asked.listed, fresh: asked.fresh });
    return this.openRef(asked.choice, connection);
  }

  /**
   * Send Notification Again…: the notification asked for as Open Notification asks (an id or a
   * transaction id as argument, else the same quick pick), read when it is not held already.
   */
  async choose(text?: string, connectionId?: string): Promise<{ notification: Notification; connection: Connection } | undefined> {
    const connection = await this.connectionFor(connectionId);
    if (!connection) return undefined;
    let ref: Choice;
    if (typeof text === 'string' && text.trim()) {
      const parsed = parseNotificationRef(text);
      ref = parsed?.kind === 'notification' ? parsed : { kind: 'transaction', id: text.trim() };
    } else {
      const asked = await this.ask(connection, vscode.l10n.t('Send Notification Again ({0})', connection.name));
      if (!asked) return undefined;
      if (asked.listed) return { notification: asked.listed, connection };
      ref = asked.choice;
    }
    const notification = ref.kind === 'notification' ? await this.read(ref.id, connection) : await this.findTransaction(ref.id, connection);
    return notification ? { notification, connection } : undefined;
  }

  /** The quick pick of Open Notification: a pasted id, or a recent or latest notification. */
  private async ask(connection: Connection, title: string): Promise<{ choice: Choice; listed?: Notification; fresh: boolean } | undefined> {
    // The latest notifications are the Activity view's when it holds them unfiltered (no request).
    const held = this.held.latest(connection.id);
    const latest = held ?? (await this.latest(connection));
    const recent = this.panels.recent.filter((r) => r.connectionId === connection.id);
    this.panels.prepare();
    const choice = await this.prompter().search<Choice>({
      title,
      placeholder: vscode.l10n.t('Paste a notification ID or a transaction ID, or pick a recent one'),
      suggest: (text) => {
        const items: PickItem<Choice>[] = [];
        const ref = text.trim() ? parseNotificationRef(text) : undefined;
        if (ref?.kind === 'notification') items.push({ label: `$(bell) ${vscode.l10n.t('Open notification')}`, description: ref.id, value: ref });
        if (text.trim() && ref?.kind !== 'notification') items.push({ label: `$(search) ${vscode.l10n.t('Find by transaction ID')}`, description: text.trim(), value: { kind: 'transaction', id: text.trim() } });
        const match = (s: string) => !text.trim() || s.toLowerCase().includes(text.trim().toLowerCase());
        const recentItems = recent.filter((r) => match(`${r.title} ${r.id}`));
        if (recentItems.length > 0) items.push({ label: vscode.l10n.t('Recently opened'), kind: vscode.QuickPickItemKind.Separator, value: { kind: 'notification', id: '' } });
        for (const r of recentItems) items.push({ label: `$(history) ${noIcons(r.title)}`, description: r.id, detail: vscode.l10n.t('opened {0}', new Date(r.openedAt).toLocaleString()), value: { kind: 'notification', id: r.id } });
        const latestItems = latest.filter((n) => match(`${n.template?.name ?? ''} ${n._id} ${n.transactionId ?? ''}`));
        if (latestItems.length > 0) items.push({ label: vscode.l10n.t('Latest in {0}', connection.name), kind: vscode.QuickPickItemKind.Separator, value: { kind: 'notification', id: '' } });
        for (const n of latestItems) items.push(notificationPickItem<Choice>(n, { kind: 'notification', id: n._id }));
        return items;
      },
    });
    if (!choice || !choice.id) return undefined;
    const listed = choice.kind === 'notification' ? latest.find((n) => n._id === choice.id) : undefined;
    return { choice, ...(listed ? { listed } : {}), fresh: !held };
  }

  /**
   * A link in the terminal or a document was activated. Its argument is checked like any input:
   * a command link can be written by anyone who writes a document.
   */
  async openLink(ref: unknown): Promise<NotificationPanel | undefined> {
    const candidate = ref as Partial<NotificationRef> | undefined;
    if (!candidate || typeof candidate.id !== 'string' || (candidate.kind !== 'notification' && candidate.kind !== 'transaction')) return undefined;
    const valid = candidate.kind === 'notification' ? NOTIFICATION_ID_PATTERN.test(candidate.id) : /^[\w:.-]{1,128}$/.test(candidate.id);
    if (!valid) return undefined;
    const connection = await this.connectionFor();
    return connection ? this.openRef({ kind: candidate.kind, id: candidate.kind === 'notification' ? candidate.id.toLowerCase() : candidate.id }, connection) : undefined;
  }

  /** The editor's selection, or the word under the cursor, as a notification or transaction id. */
  async openFromEditor(): Promise<NotificationPanel | undefined> {
    const text = editorReference(vscode.window.activeTextEditor);
    const ref = text ? parseNotificationRef(text) : undefined;
    if (!ref) {
      await this.prompter().message('info', vscode.l10n.t('Select a notification ID or a transaction ID (or put the cursor on one) first.'));
      return undefined;
    }
    const connection = await this.connectionFor();
    return connection ? this.openRef(ref, connection) : undefined;
  }

  /** Opens a notification by id: at once from what is held already, else the panel reads it. */
  private openId(id: string, connection: Connection): NotificationPanel {
    const held = this.held.notification(id, connection.id);
    return this.panels.open(id, connection, held ? { notification: held, fresh: false } : undefined);
  }

  private async openRef(ref: Choice, connection: Connection): Promise<NotificationPanel | undefined> {
    if (ref.kind === 'notification') return this.openId(ref.id, connection);
    const found = await this.findTransaction(ref.id, connection);
    // The list answers with whole notifications: the panel shows the one found without reading it again.
    return found ? this.panels.open(found._id, connection, { notification: found, fresh: true }) : undefined;
  }

  /** The notification of a transaction (a pick when it has several), with every failure said. */
  private async findTransaction(transactionId: string, connection: Connection): Promise<Notification | undefined> {
    const client = await this.manager.clientFor(connection);
    if (!client) return undefined;
    let found: Notification[];
    try {
      const page = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Finding transaction {0}…', transactionId) }, () =>
        client.listNotifications({ transactionId, limit: 10 }),
      );
      found = page.data;
    } catch (error) {
      await this.failed(vscode.l10n.t('Could not look up the transaction'), error);
      return undefined;
    }
    if (found.length === 0) {
      await this.prompter().message('warning', vscode.l10n.t('No notification has transaction ID "{0}" in "{1}".', transactionId, connection.name));
      return undefined;
    }
    if (found.length === 1) return found[0];
    const id = await this.prompter().pick<string>({
      // Two or more here: none and one were handled above.
      title: vscode.l10n.t('Transaction {0}: {1} notifications', transactionId, found.length),
      items: found.map((n) => notificationPickItem(n, n._id)),
    });
    return found.find((n) => n._id === id);
  }

  /** One notification by id: held already, else read (a failure is said). */
  private async read(id: string, connection: Connection): Promise<Notification | undefined> {
    const held = this.held.notification(id, connection.id);
    if (held) return held;
    const client = await this.manager.clientFor(connection);
    if (!client) return undefined;
    try {
      return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Reading notification {0}…', id) }, () => client.getNotification(id));
    } catch (error) {
      await this.failed(vscode.l10n.t('Could not read the notification'), error);
      return undefined;
    }
  }

  private async failed(action: string, error: unknown): Promise<void> {
    const choice = await this.prompter().message('error', formatErrorLine(action, describeError(error)), vscode.l10n.t('Show Log'));
    if (choice) await vscode.commands.executeCommand(Commands.showLog);
  }

  private async latest(connection: Connection): Promise<Notification[]> {
    const client = await this.manager.clientFor(connection);
    if (!client) return [];
    try {
      return (await client.listNotifications({ limit: 10 })).data;
    } catch {
      // The list only adds suggestions: a failure leaves pasting an id possible.
      return [];
    }
  }

  private async connectionFor(connectionId?: string): Promise<Connection | undefined> {
    const connection = connectionId ? this.manager.allConnections.find((c) => c.id === connectionId) : this.manager.active;
    if (connection) return connection;
    const add = vscode.l10n.t('Add Connection');
    const sandbox = vscode.l10n.t('Open Sandbox');
    const action = await this.prompter().message('info', vscode.l10n.t('Add a connection (or open the Sandbox) to open notifications.'), add, sandbox);
    if (action) await vscode.commands.executeCommand(action === add ? Commands.addConnection : Commands.openSandbox);
    return undefined;
  }
}

/** The selection if there is a short one, else the id-like word under the cursor. */
export function editorReference(editor: vscode.TextEditor | undefined): string | undefined {
  if (!editor) return undefined;
  const { selection, document } = editor;
  if (!selection.isEmpty) {
    const text = document.getText(selection).trim();
    return text.length > 0 && text.length <= 200 && !text.includes('\n') ? text : undefined;
  }
  const range = document.getWordRangeAtPosition(selection.active, ID_WORD_PATTERN);
  return range ? document.getText(range) : undefined;
}
