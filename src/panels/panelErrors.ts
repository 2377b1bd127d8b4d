/** What panels share about errors and their next steps. */
import { Commands } from '../commands';
import * as vscode from 'vscode';
import type { Connection } from '../connections/connection';
import type { PanelAction, PanelError } from './protocol';
import { describeError } from '../ui/errors';

/** A load error as a panel shows it; `notFound` says what was not found in the user's words. */
export function panelErrorFor(error: unknown, notFound: { title: string; message: string }, loadTitle: string): PanelError {
  const described = describeError(error);
  const base = { details: described.details, ...(described.errorId ? { errorId: described.errorId } : {}) };
  switch (described.kind) {
    case 'notFound':
      return { ...base, ...notFound, actions: ['switchConnection', 'retry'] };
    case 'unauthorized':
      return { ...base, title: vscode.l10n.t('The API key was rejected'), message: described.message, actions: ['setApiKey', 'showLog'] };
    case 'forbidden':
      return { ...base, title: vscode.l10n.t('The service refused access'), message: described.message, actions: ['retry', 'setApiKey', 'showLog'] };
    case 'rateLimited':
      return { ...base, title: vscode.l10n.t('Too many requests'), message: described.message, actions: ['retry', 'showLog'] };
    case 'network':
    case 'timeout':
      return { ...base, title: vscode.l10n.t('Could not reach the service'), message: described.message, actions: ['retry', 'showLog'] };
    default:
      return { ...base, title: loadTitle, message: described.message, actions: ['retry', 'showLog'] };
  }
}

/** Runs the button of an error view; `reload` loads the panel again. */
export async function runPanelAction(action: PanelAction, connection: Connection, reload: () => Promise<void>): Promise<null> {
  switch (action) {
    case 'retry':
      await reload();
      break;
    case 'setApiKey':
      await vscode.commands.executeCommand(Commands.setApiKey, connection.id);
      await reload();
      break;
    case 'showLog':
      await vscode.commands.executeCommand(Commands.showLog);
      break;
    case 'switchConnection':
      await vscode.commands.executeCommand(Commands.switchConnection);
      break;
  }
  return null;
}
