/**
 * "Sent again as …" and "sent again from …": which notification was sent again as which, kept per
 * connection in the extension's global storage (never in the payload), so that both panels link to
 * each other after a reload.
 */
import * as vscode from 'vscode';
import { StoredList } from '../ui/storedList';


export interface SentAgainLink {
  connectionId: string;
  /** The notification that was sent again. */
  from: string;
  /** The notification its trigger started. */
  to: string;
  transactionId: string;
  at: string;
}

export interface SentAgainRelations {
  /** The runs this notification was sent again as, newest first. */
  sentAgainAs: string[];
  /** The notification this one was sent again from. */
  sentAgainFrom?: string;
}

export class SentAgainLinks implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  /** The newest 200 links are kept; older ones are forgotten. A run is sent again from one notification. */
  private readonly links: StoredList<SentAgainLink>;

  constructor(storage: vscode.Memento) {
    this.links = new StoredList(storage, 'novuExplorer.sentAgainLinks', 200, isLink, (older, link) => older.connectionId === link.connectionId && older.to === link.to);
  }

  relations(connectionId: string, notificationId: string): SentAgainRelations {
    const mine = this.links.all.filter((l) => l.connectionId === connectionId);
    const from = mine.find((l) => l.to === notificationId)?.from;
    return { sentAgainAs: mine.filter((l) => l.from === notificationId).map((l) => l.to), ...(from ? { sentAgainFrom: from } : {}) };
  }

  async add(link: SentAgainLink): Promise<void> {
    await this.links.add(link);
    this.changed.fire();
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function isLink(value: unknown): value is SentAgainLink {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v['connectionId'] === 'string' && typeof v['from'] === 'string' && typeof v['to'] === 'string';
}
