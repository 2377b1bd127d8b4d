/**
 * What the Activity view remembers per connection across reloads: the filter, "Failures only" and
 * Live follow. Kept in globalState (nothing secret), validated on the way back in: a stored value
 * from another version that does not fit is dropped, never trusted.
 */
import type * as vscode from 'vscode';
import * as z from 'zod/mini';
import { normalizeActivityFilter, type ActivityFilter } from './activityFilter';

export interface ActivitySettings {
  filter: ActivityFilter;
  failuresOnly: boolean;
  follow: boolean;
}

const KEY = 'novuExplorer.activity';

const strings = z.optional(z.array(z.string()));
const settingsSchema = z.object({
  filter: z.catch(
    z.object({
      subscriberIds: strings,
      emails: strings,
      channels: strings,
      workflows: z.optional(z.array(z.object({ id: z.string(), name: z.optional(z.string()) }))),
      severity: strings,
      transactionId: z.optional(z.string()),
      topicKey: z.optional(z.string()),
      range: z.optional(
        z.union([
          z.object({ kind: z.enum(['lastHour', 'last24Hours', 'last7Days']) }),
          z.object({ kind: z.literal('custom'), after: z.optional(z.string()), before: z.optional(z.string()) }),
        ]),
      ),
    }),
    {},
  ),
  failuresOnly: z.catch(z.boolean(), false),
  follow: z.catch(z.boolean(), false),
});

const DEFAULTS: ActivitySettings = { filter: {}, failuresOnly: false, follow: false };

export class ActivityMemory {
  constructor(private readonly memento: vscode.Memento) {}

  get(connectionId: string): ActivitySettings {
    const all = this.memento.get<Record<string, unknown>>(KEY, {});
    const parsed = settingsSchema.safeParse(all?.[connectionId]);
    if (!parsed.success) return { ...DEFAULTS };
    return { filter: normalizeActivityFilter(parsed.data.filter as ActivityFilter), failuresOnly: parsed.data.failuresOnly, follow: parsed.data.follow };
  }

  async update(connectionId: string, settings: ActivitySettings): Promise<void> {
    const all = { ...this.memento.get<Record<string, unknown>>(KEY, {}) };
    all[connectionId] = { filter: normalizeActivityFilter(settings.filter), failuresOnly: settings.failuresOnly, follow: settings.follow };
    await this.memento.update(KEY, all);
  }

  /** Forgets a removed connection's settings. */
  async forget(connectionId: string): Promise<void> {
    const all = { ...this.memento.get<Record<string, unknown>>(KEY, {}) };
    if (!(connectionId in all)) return;
    delete all[connectionId];
    await this.memento.update(KEY, all);
  }
}
