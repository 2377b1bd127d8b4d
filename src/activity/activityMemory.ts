/**
 * What the Activity view remembers per connection across reloads: the filter, "Failures only" and
 * Live follow. Kept in globalState (nothing secret), checked on the way back in: a stored value
 * from another version that does not fit is dropped, part by part, never trusted.
 */
import type * as vscode from 'vscode';
import { normalizeActivityFilter, RELATIVE_RANGES, type ActivityFilter, type TimeRange, type WorkflowRef } from './activityFilter';

export interface ActivitySettings {
  filter: ActivityFilter;
  failuresOnly: boolean;
  follow: boolean;
}

const KEY = 'novuExplorer.activity';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] | undefined => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : undefined);
const string = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function workflows(value: unknown): WorkflowRef[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isRecord).flatMap((w) => (typeof w.id === 'string' ? [{ id: w.id, ...(typeof w.name === 'string' ? { name: w.name } : {}) }] : []));
}

function range(value: unknown): TimeRange | undefined {
  if (!isRecord(value)) return undefined;
  if (value.kind === 'custom') {
    const after = string(value.after);
    const before = string(value.before);
    const valid = (iso: string | undefined) => iso === undefined || !Number.isNaN(Date.parse(iso));
    return valid(after) && valid(before) ? { kind: 'custom', ...(after ? { after } : {}), ...(before ? { before } : {}) } : undefined;
  }
  return typeof value.kind === 'string' && value.kind in RELATIVE_RANGES ? { kind: value.kind as keyof typeof RELATIVE_RANGES } : undefined;
}

/** A stored filter, keeping only the parts that have the right shape. */
export function readStoredFilter(value: unknown): ActivityFilter {
  if (!isRecord(value)) return {};
  // A part of the wrong shape reads as missing; normalising drops what is missing or empty.
  return normalizeActivityFilter({
    subscriberIds: strings(value.subscriberIds),
    emails: strings(value.emails),
    channels: strings(value.channels),
    severity: strings(value.severity),
    workflows: workflows(value.workflows),
    transactionId: string(value.transactionId),
    topicKey: string(value.topicKey),
    ...(Array.isArray(value.contextKeys) ? { contextKeys: strings(value.contextKeys) ?? [] } : {}),
    range: range(value.range),
  });
}

export class ActivityMemory {
  constructor(private readonly memento: vscode.Memento) {}

  get(connectionId: string): ActivitySettings {
    const all = this.memento.get<unknown>(KEY);
    const stored = isRecord(all) ? all[connectionId] : undefined;
    if (!isRecord(stored)) return { filter: {}, failuresOnly: false, follow: false };
    return { filter: readStoredFilter(stored.filter), failuresOnly: stored.failuresOnly === true, follow: stored.follow === true };
  }

  async update(connectionId: string, settings: ActivitySettings): Promise<void> {
    const stored = this.memento.get<unknown>(KEY);
    const all = isRecord(stored) ? { ...stored } : {};
    all[connectionId] = { filter: normalizeActivityFilter(settings.filter), failuresOnly: settings.failuresOnly, follow: settings.follow };
    await this.memento.update(KEY, all);
  }
}
