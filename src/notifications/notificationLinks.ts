/**
 * Notification and transaction ids that a log line names become links, in the terminal and in
 * plain-text, log and JSON documents. Finding them is pure text work; the service is asked only
 * when a link is activated (it opens the notification panel, through the list for a transaction
 * id). `novuExplorer.links.enabled` turns them off at once.
 */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import { findLoggedRefs, type NotificationRef } from './notificationRefs';

/** Documents where ids are found: logs, plain text and JSON, not ordinary code. */
export const LINK_DOCUMENTS: vscode.DocumentSelector = [{ language: 'plaintext' }, { language: 'log' }, { language: 'json' }, { language: 'jsonc' }];

/** Documents longer than this are not scanned (a huge log is opened to read, not to link). */
const MAX_DOCUMENT_LINES = 20_000;

function enabled(): boolean {
  return vscode.workspace.getConfiguration('novuExplorer').get<boolean>('links.enabled', true);
}

function tooltip(ref: NotificationRef): string {
  return ref.kind === 'notification' ? vscode.l10n.t('Open this notification in Novu Explorer') : vscode.l10n.t('Find this transaction’s notification in Novu Explorer');
}

interface RefLink extends vscode.TerminalLink {
  ref: NotificationRef;
}

export class NotificationTerminalLinks implements vscode.TerminalLinkProvider<RefLink> {
  provideTerminalLinks(context: vscode.TerminalLinkContext): RefLink[] {
    if (!enabled()) return [];
    return findLoggedRefs(context.line).map(({ ref, start, length }) => ({ startIndex: start, length, tooltip: tooltip(ref), ref }));
  }

  async handleTerminalLink(link: RefLink): Promise<void> {
    await vscode.commands.executeCommand(Commands.openNotificationLink, link.ref);
  }
}

export class NotificationDocumentLinks implements vscode.DocumentLinkProvider {
  provideDocumentLinks(document: vscode.TextDocument): vscode.DocumentLink[] {
    if (!enabled() || document.lineCount > MAX_DOCUMENT_LINES) return [];
    const links: vscode.DocumentLink[] = [];
    for (let line = 0; line < document.lineCount; line++) {
      const text = document.lineAt(line).text;
      for (const { ref, start, length } of findLoggedRefs(text)) {
        const target = vscode.Uri.parse(`command:${Commands.openNotificationLink}?${encodeURIComponent(JSON.stringify([ref]))}`);
        const link = new vscode.DocumentLink(new vscode.Range(line, start, line, start + length), target);
        link.tooltip = tooltip(ref);
        links.push(link);
      }
    }
    return links;
  }
}

/** Registers both providers; the terminal one is returned for the tests (a terminal's links have no query API). */
export function registerNotificationLinks(): { terminal: NotificationTerminalLinks; registration: vscode.Disposable } {
  const terminal = new NotificationTerminalLinks();
  return {
    terminal,
    registration: vscode.Disposable.from(
      vscode.window.registerTerminalLinkProvider(terminal),
      vscode.languages.registerDocumentLinkProvider(LINK_DOCUMENTS, new NotificationDocumentLinks()),
    ),
  };
}
