/** Opening one notification. For now it opens the record as read-only JSON. */
import * as vscode from 'vscode';
import type { ConnectionManager } from '../connections/connectionManager';
import { describeError, formatErrorLine } from '../ui/errors';
import type { Prompter } from '../ui/prompter';
import type { JsonDocuments } from '../views/jsonDocuments';

export class NotificationCommands {
  constructor(
    private readonly manager: ConnectionManager,
    private readonly json: JsonDocuments,
    private readonly prompter: () => Prompter,
  ) {}

  async open(notificationId?: string): Promise<void> {
    const id =
      typeof notificationId === 'string'
        ? notificationId
        : await this.prompter().input({
            title: 'Open Notification',
            prompt: 'Notification ID',
            placeholder: '6620aa0000000000000a0001',
            validate: (v) => (v.trim() ? undefined : 'Paste the ID of a notification.'),
          });
    if (!id) return;
    const active = await this.manager.activeClient();
    if (!active) return;
    try {
      const notification = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Loading notification ${id}…` }, () =>
        active.client.getNotification(id.trim()),
      );
      await this.json.open('notification', notification._id, notification);
    } catch (error) {
      const action = await this.prompter().message('error', formatErrorLine('Could not open the notification', describeError(error)), 'Show Log');
      if (action) await vscode.commands.executeCommand('novuExplorer.showLog');
    }
  }
}
