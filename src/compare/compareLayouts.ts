/**
 * Layouts of two sides compared as the server's layout normalizer compares them (contract §10.3,
 * §10.5: matched by `layoutId`, `isDefault` and ids ignored), and the integrations by channel
 * (§10.4: `channel` + `providerId` + `active` + `primary`, never by `_id`). Pure: no `vscode`.
 */
import type { Mark } from './compareWorkflows';
import { differingPaths, normalizeLayout } from './normalize';
import type { IntegrationInfo, SideSnapshot, UnreadItem } from './snapshot';

export interface LayoutComparison {
  layoutId: string;
  name: string;
  mark: Exclude<Mark, 'stepOrder'>;
  /** Paths that differ (`controls.values.email.body`). */
  fields: string[];
  unread?: { side: 'source' | 'target'; item: UnreadItem }[];
}

export function compareLayouts(source: SideSnapshot, target: SideSnapshot): LayoutComparison[] {
  const ids = [...new Set([...source.layoutList.map((l) => l.layoutId), ...target.layoutList.map((l) => l.layoutId)])];
  return ids.flatMap((layoutId): LayoutComparison[] => {
    const unread = [
      ...source.unread.filter((u) => u.kind === 'layout' && u.id === layoutId).map((item) => ({ side: 'source' as const, item })),
      ...target.unread.filter((u) => u.kind === 'layout' && u.id === layoutId).map((item) => ({ side: 'target' as const, item })),
    ];
    const a = source.layouts.get(layoutId);
    const b = target.layouts.get(layoutId);
    const name = (typeof (a ?? b)?.['name'] === 'string' ? (a ?? b)!['name'] : undefined) as string | undefined;
    const listedName = source.layoutList.find((l) => l.layoutId === layoutId)?.name ?? target.layoutList.find((l) => l.layoutId === layoutId)?.name ?? layoutId;
    if (unread.length > 0) return [{ layoutId, name: name ?? listedName, mark: 'notRead', fields: [], unread }];
    if (a && b) {
      const fields = differingPaths(normalizeLayout(a), normalizeLayout(b));
      return [{ layoutId, name: name ?? layoutId, mark: fields.length > 0 ? 'differs' : 'same', fields }];
    }
    if (a) return [{ layoutId, name: name ?? layoutId, mark: 'notInTarget', fields: [] }];
    if (b) return [{ layoutId, name: name ?? layoutId, mark: 'onlyInTarget', fields: [] }];
    return [];
  });
}

/** An integration as compared: what it is, whether it sends, and whether it is the channel's primary. */
export interface IntegrationKey {
  providerId: string;
  active: boolean;
  primary: boolean;
  /** Shown beside it; not compared. */
  name: string;
}

export interface ChannelComparison {
  channel: string;
  source: IntegrationKey[];
  target: IntegrationKey[];
  differs: boolean;
}

const CHANNEL_ORDER = ['email', 'sms', 'in_app', 'push', 'chat'];

function keysOf(integrations: readonly IntegrationInfo[], channel: string): IntegrationKey[] {
  return integrations
    .filter((i) => i.channel === channel)
    .map((i) => ({ providerId: i.providerId, active: i.active, primary: i.primary, name: i.name }))
    .sort((x, y) => signature(x).localeCompare(signature(y)));
}

function signature(k: IntegrationKey): string {
  return `${k.providerId}|${k.active ? 1 : 0}|${k.primary ? 1 : 0}`;
}

/** Each channel that either side has an integration for, the two sides' integrations, and whether they differ. */
export function compareIntegrations(source: readonly IntegrationInfo[], target: readonly IntegrationInfo[]): ChannelComparison[] {
  const channels = [...new Set([...source, ...target].map((i) => i.channel).filter((c): c is string => typeof c === 'string'))];
  channels.sort((x, y) => rank(x) - rank(y) || x.localeCompare(y));
  return channels.map((channel) => {
    const a = keysOf(source, channel);
    const b = keysOf(target, channel);
    const differs = a.map(signature).join(',') !== b.map(signature).join(',');
    return { channel, source: a, target: b, differs };
  });
}

function rank(channel: string): number {
  const index = CHANNEL_ORDER.indexOf(channel);
  return index === -1 ? CHANNEL_ORDER.length : index;
}
