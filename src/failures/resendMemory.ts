/**
 * What "Send Again to These…" remembers across reviews and window reloads (issue 38.2): per
 * connection and group, the action's id (every transaction ID and request key of the action derive
 * from it, so the same runs sent again by the same action are dropped by the service, contract
 * §8.4) and the runs it has sent again (left out of its next review). Only ids: never a payload.
 * Kept in the extension's global state, at most MAX_ACTIONS actions, the oldest forgotten first.
 */
import { newActionId } from './resendPlan';

/** The part of VS Code's Memento this needs. */
export interface StateStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void>;
}

interface Remembered {
  connectionId: string;
  groupKey: string;
  actionId: string;
  sent: string[];
  atMs: number;
}

const KEY = 'novuExplorer.failures.resendActions';
export const MAX_ACTIONS = 50;
/** Run ids kept per action: far more than one window's failures of one cause. */
const MAX_SENT = 20_000;

export class ResendMemory {
  constructor(private readonly store: StateStore) {}

  private all(): Remembered[] {
    const value = this.store.get<unknown>(KEY);
    return Array.isArray(value) ? value.filter(isRemembered) : [];
  }

  /** The action of this group on this connection: the one remembered, or a new one. */
  action(connectionId: string, groupKey: string): { actionId: string; sent: ReadonlySet<string> } {
    const found = this.all().find((a) => a.connectionId === connectionId && a.groupKey === groupKey);
    return found ? { actionId: found.actionId, sent: new Set(found.sent) } : { actionId: newActionId(), sent: new Set() };
  }

  /** Notes runs the action has sent again (the service started their new runs, or dropped them as sent already). */
  async remember(connectionId: string, groupKey: string, actionId: string, sent: readonly string[]): Promise<void> {
    const all = this.all();
    const found = all.find((a) => a.connectionId === connectionId && a.groupKey === groupKey && a.actionId === actionId);
    const entry: Remembered = found ?? { connectionId, groupKey, actionId, sent: [], atMs: Date.now() };
    entry.sent = [...new Set([...entry.sent, ...sent])].slice(-MAX_SENT);
    entry.atMs = Date.now();
    const others = all.filter((a) => a !== found && !(a.connectionId === connectionId && a.groupKey === groupKey));
    const kept = [entry, ...others].sort((a, b) => b.atMs - a.atMs).slice(0, MAX_ACTIONS);
    await this.store.update(KEY, kept);
  }
}

function isRemembered(value: unknown): value is Remembered {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v['connectionId'] === 'string' && typeof v['groupKey'] === 'string' && typeof v['actionId'] === 'string' && Array.isArray(v['sent']) && v['sent'].every((s) => typeof s === 'string') && typeof v['atMs'] === 'number';
}
