/**
 * Deep links: `vscode://novuexplorer.novu-explorer/<path>?...`. Only the paths in the allow-list are
 * handled, and their parameters are validated before anything happens.
 */
import { Commands } from './commands';
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { SANDBOX_CONNECTION_ID } from './connections/connection';
import type { ConnectionManager } from './connections/connectionManager';
import { NOTIFICATION_ID_PATTERN } from './notifications/protocol';
import type { Prompter } from './ui/prompter';

const connectionName = z.string().check(z.trim(), z.minLength(1), z.maxLength(60));

const routes = {
  '/open': z.strictObject({ connection: z.optional(connectionName) }),
  '/notification': z.strictObject({ id: z.string().check(z.regex(NOTIFICATION_ID_PATTERN)), connection: z.optional(connectionName) }),
  // Read only, like every link: it opens the diagnosis, whose fixes each ask first.
  '/diagnose': z.strictObject({
    subscriberId: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    workflow: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
    channel: z.optional(z.enum(['in_app', 'email', 'sms', 'chat', 'push'])),
    connection: z.optional(connectionName),
  }),
} as const;

export type DeepLinkRoute = keyof typeof routes;

export class NovuUriHandler implements vscode.UriHandler {
  constructor(
    private readonly manager: ConnectionManager,
    private readonly prompter: () => Prompter,
    private readonly openNotification: (notificationId: string, connectionId?: string) => Promise<unknown>,
    private readonly diagnose: (request: { subscriberId: string; workflowRef?: string; channel?: 'in_app' | 'email' | 'sms' | 'chat' | 'push' }, connectionId?: string) => Promise<unknown>,
  ) {}

  async handleUri(uri: vscode.Uri): Promise<void> {
    const route = uri.path as DeepLinkRoute;
    const schema = routes[route];
    if (!Object.hasOwn(routes, uri.path) || !schema) {
      void this.prompter().message('warning', vscode.l10n.t('Novu Explorer cannot open links to "{0}".', truncate(uri.path, 60)));
      return;
    }
    const params = schema.safeParse(Object.fromEntries(new URLSearchParams(uri.query)));
    if (!params.success) {
      void this.prompter().message('warning', vscode.l10n.t('This Novu Explorer link has parameters it does not accept.'));
      return;
    }
    const data: { connection?: string; id?: string; subscriberId?: string; workflow?: string; channel?: 'in_app' | 'email' | 'sms' | 'chat' | 'push' } = params.data;
    if (data.connection !== undefined && !(await this.selectConnection(data.connection))) return;
    if (data.subscriberId !== undefined) {
      await this.diagnose({ subscriberId: data.subscriberId, ...(data.workflow ? { workflowRef: data.workflow } : {}), ...(data.channel ? { channel: data.channel } : {}) }, this.manager.active?.id);
      return;
    }
    if (data.id !== undefined) {
      await this.openNotification(data.id, this.manager.active?.id);
      return;
    }
    await vscode.commands.executeCommand('novuExplorer.subscribers.focus');
  }

  private async selectConnection(name: string): Promise<boolean> {
    const wanted = name.toLowerCase();
    // The built-in Sandbox's name follows the display language; a link may name it in English, which is also its id.
    const connection = this.manager.allConnections.find((c) => c.name.toLowerCase() === wanted || (c.id === SANDBOX_CONNECTION_ID && wanted === SANDBOX_CONNECTION_ID));
    if (!connection) {
      const add = await this.prompter().message('warning', vscode.l10n.t('There is no connection named "{0}".', truncate(name, 60)), vscode.l10n.t('Add Connection'));
      if (add) await vscode.commands.executeCommand(Commands.addConnection);
      return false;
    }
    if (connection.id !== this.manager.active?.id) await this.manager.switchTo(connection.id);
    return true;
  }
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
