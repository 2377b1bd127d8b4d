/**
 * What "Send Again to These…" remembers across reviews and window reloads (issue 38.2): per
 * connection and group, the action's id (every transaction ID and request key of the action derive
 * from it, so the same runs sent again by the same action are dropped by the service, contract
 * §8.4) and the runs it has sent again (left out of its next review). Only ids: never a payload.
 * Kept in the extension's global state, at most MAX_ACTIONS actions, the oldest forgotten first.
 * Beside them, the follow of a re-send under way (its new runs' transaction IDs), until it ends.
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
  /** The follows under way, taken up again after a window reload. */
  readonly follows: FollowMemory;

  constructor(private readonly store: StateStore) {
    this.follows = new FollowMemory(store);
  }

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

/** A follow under way: what the panel needs to take it up again after a window reload (issue 45, E). */
export interface FollowRecord {
  connectionId: string;
  groupKey: string;
  /** The group's title and channel: the step each new run is judged on. */
  title: string;
  channel: string;
  transactionIds: string[];
  /** When the follow stops, settled or not. */
  untilMs: number;
}

const FOLLOWS_KEY = 'novuExplorer.failures.follows';
/** Follows kept: one per connection (a panel follows one re-send at a time). */
const MAX_FOLLOWS = 20;

/** The follows of re-sends under way, one per connection, kept until each ends (never a payload). */
export class FollowMemory {
  constructor(private readonly store: StateStore) {}

  private all(nowMs: number): FollowRecord[] {
    const value = this.store.get<unknown>(FOLLOWS_KEY);
    return Array.isArray(value) ? value.filter(isFollowRecord).filter((f) => f.untilMs > nowMs) : [];
  }

  /** The follow under way on this connection, if it has not run out of time. */
  following(connectionId: string, nowMs = Date.now()): FollowRecord | undefined {
    return this.all(nowMs).find((f) => f.connectionId === connectionId);
  }

  /** Notes a follow that starts (it replaces the connection's one before). */
  async start(record: FollowRecord, nowMs = Date.now()): Promise<void> {
    const others = this.all(nowMs).filter((f) => f.connectionId !== record.connectionId);
    await this.store.update(FOLLOWS_KEY, [record, ...others].slice(0, MAX_FOLLOWS));
  }

  /** Forgets the follow of this group: it settled, ran out of time, or was stopped. */
  async end(connectionId: string, groupKey: string, nowMs = Date.now()): Promise<void> {
    await this.store.update(
      FOLLOWS_KEY,
      this.all(nowMs).filter((f) => !(f.connectionId === connectionId && f.groupKey === groupKey)),
    );
  }
}

function isFollowRecord(value: unknown): value is FollowRecord {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    ['connectionId', 'groupKey', 'title', 'channel'].every((k) => typeof v[k] === 'string') &&
    Array.isArray(v['transactionIds']) &&
    v['transactionIds'].every((s) => typeof s === 'string') &&
    typeof v['untilMs'] === 'number'
  );
}

function isRemembered(value: unknown): value is Remembered {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v['connectionId'] === 'string' && typeof v['groupKey'] === 'string' && typeof v['actionId'] === 'string' && Array.isArray(v['sent']) && v['sent'].every((s) => typeof s === 'string') && typeof v['atMs'] === 'number';
}
