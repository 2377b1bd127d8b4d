/** The Activity view's commands: the filter pick, its shortcuts from a row, and the row actions. */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import type { ConnectionManager } from '../connections/connectionManager';
import type { Connection } from '../connections/connection';
import { CHANNELS, channelLabel } from '../format/channels';
import type { JsonDocuments } from '../ui/jsonDocuments';
import type { PickItem, Prompter } from '../ui/prompter';
import { noIcons } from '../ui/text';
import {
  RELATIVE_RANGES,
  SEVERITIES,
  describeRange,
  failuresWindowFor,
  type RelativeRange,
} from './activityFilter';
import { askCustomRange } from '../ui/customRange';
import { SINGLE, filterToParts, partKey, partsToFilter, typedParts, type FilterPart } from './activityFilterParts';
import type { NotificationNode } from './activityNodes';
import { ACTIVITY_VIEW_ID, type ActivityProvider } from './activityProvider';
import { isFailed, subscriberLabel } from './activityRows';
import type { Words } from '../words';
import { copyAndSay } from '../ui/clipboard';

/** A chosen or typed value with what it filters by: `Subscriber ID “ada”`. */
const VALUE_LABELS: Words<FilterPart['kind'], [string]> = {
  subscriber: (value) => vscode.l10n.t('Subscriber ID “{0}”', value),
  email: (value) => vscode.l10n.t('Email “{0}”', value),
  channel: (value) => vscode.l10n.t('Channel “{0}”', value),
  workflow: (value) => vscode.l10n.t('Workflow “{0}”', value),
  severity: (value) => vscode.l10n.t('Severity “{0}”', value),
  transaction: (value) => vscode.l10n.t('Transaction ID “{0}”', value),
  topic: (value) => vscode.l10n.t('Topic key “{0}”', value),
  context: (value) => (value === '' ? vscode.l10n.t('No context (runs sent without one)') : vscode.l10n.t('Context exactly “{0}”', value)),
  range: (value) => vscode.l10n.t('Time “{0}”', value),
};

function valueLabel(kind: FilterPart['kind'], value: string): string {
  return VALUE_LABELS[kind](value);
}

/** A relative range as the pick lists it (the description's words, capitalised). */
const RANGE_LABELS: Words<RelativeRange> = {
  lastHour: () => vscode.l10n.t('Last hour'),
  last24Hours: () => vscode.l10n.t('Last 24 hours'),
  last7Days: () => vscode.l10n.t('Last 7 days'),
};

function rangeLabel(range: RelativeRange): string {
  return RANGE_LABELS[range]();
}

function severityTitle(severity: (typeof SEVERITIES)[number]): string {
  switch (severity) {
    case 'high':
      return vscode.l10n.t({ message: 'High', comment: 'the severity of a notification' });
    case 'medium':
      return vscode.l10n.t({ message: 'Medium', comment: 'the severity of a notification' });
    case 'low':
      return vscode.l10n.t({ message: 'Low', comment: 'the severity of a notification' });
    case 'none':
      return vscode.l10n.t({ message: 'None', comment: 'the severity of a notification' });
  }
}

const ICONS: Record<FilterPart['kind'], string> = {
  subscriber: 'person',
  email: 'mail',
  channel: 'broadcast',
  workflow: 'git-pull-request-draft',
  severity: 'flame',
  transaction: 'symbol-key',
  topic: 'tag',
  context: 'symbol-namespace',
  range: 'calendar',
};

function item(part: FilterPart, label: string, description?: string, alwaysShow = false): PickItem<FilterPart> {
  return { label: `$(${ICONS[part.kind]}) ${noIcons(label)}`, ...(description ? { description: noIcons(description) } : {}), value: part, alwaysShow };
}

/** A group's heading; its value's key is the group's `id`, the same in every language. */
const separator = (id: string, label: string): PickItem<FilterPart> => ({ label, kind: vscode.QuickPickItemKind.Separator, value: { kind: 'topic', value: `-${id}` } });

export class ActivityCommands {
  constructor(
    private readonly manager: ConnectionManager,
    private readonly activity: ActivityProvider,
    private readonly json: JsonDocuments,
    private readonly prompter: () => Prompter,
    private readonly openNotification: (id: string, connectionId: string) => Promise<unknown>,
    private readonly editPreferences: (subscriberId: string, connection: Connection, subscriber: { name?: string }) => unknown,
  ) {}

  /** Filter Activity…: one pick that combines every filter the service has, and a time range. */
  async filter(): Promise<void> {
    const connection = this.manager.active;
    if (!connection) return;
    let parts = filterToParts(this.activity.filter);
    for (;;) {
      const chosen = await this.prompter().pickMany<FilterPart>({
        title: vscode.l10n.t('Filter Activity ({0})', connection.name),
        placeholder: vscode.l10n.t('Type a subscriber ID, email, transaction ID, topic key, context (tenant:acme) or workflow ID, or tick what to show'),
        initial: parts,
        key: partKey,
        groupOf: (p) => (SINGLE.has(p.kind) ? p.kind : undefined),
        suggest: (text, current) => this.filterItems(text, current),
      });
      if (!chosen) return;
      parts = chosen;
      const customIndex = parts.findIndex((p) => p.kind === 'range' && p.value === 'custom' && !p.range);
      if (customIndex < 0) break;
      const range = await askCustomRange(this.prompter(), { title: vscode.l10n.t('Custom range'), nowMs: this.activity.now() });
      // Escape from the range goes back to the pick, with everything chosen kept.
      if (!range) {
        parts = parts.filter((_, i) => i !== customIndex);
        continue;
      }
      parts[customIndex] = { kind: 'range', value: 'custom', range };
      break;
    }
    await this.activity.setFilter(partsToFilter(parts));
    await this.reveal();
  }

  private filterItems(text: string, current: readonly FilterPart[]): PickItem<FilterPart>[] {
    const items: PickItem<FilterPart>[] = [];
    const currentKeys = new Set(current.map(partKey));
    const typed = typedParts(text).filter((p) => !currentKeys.has(partKey(p)));
    if (typed.length > 0) {
      items.push(separator('typed', vscode.l10n.t({ message: 'Typed', comment: 'a group heading: the values just typed' })));
      for (const p of typed) items.push(item(p, valueLabel(p.kind, p.value), undefined, true));
    }
    // Chosen values that are not among the fixed choices (typed earlier) stay listed, ticked.
    const typedBefore = current.filter((p) => ['subscriber', 'email', 'transaction', 'topic', 'context'].includes(p.kind) || (p.kind === 'workflow' && !this.activity.workflowsSeen.has(p.value)));
    if (typedBefore.length > 0) {
      items.push(separator('chosen', vscode.l10n.t({ message: 'Chosen', comment: 'a group heading: the values typed earlier and chosen' })));
      for (const p of typedBefore) items.push(item(p, valueLabel(p.kind, p.kind === 'workflow' ? (p.name ?? p.value) : p.value), undefined, true));
    }
    items.push(separator('time', vscode.l10n.t('Time')));
    for (const kind of Object.keys(RELATIVE_RANGES) as RelativeRange[]) items.push(item({ kind: 'range', value: kind }, rangeLabel(kind)));
    const custom = current.find((p) => p.kind === 'range' && p.value === 'custom');
    items.push(custom?.kind === 'range' && custom.range ? item(custom, vscode.l10n.t('Custom range'), describeRange(custom.range)) : item({ kind: 'range', value: 'custom' }, vscode.l10n.t('Custom range…'), vscode.l10n.t('pick a start and an end')));
    items.push(separator('channels', vscode.l10n.t('Channels')));
    for (const [channel, meta] of Object.entries(CHANNELS)) items.push({ label: `$(${meta.icon}) ${channelLabel(channel)}`, value: { kind: 'channel', value: channel } });
    if (this.activity.workflowsSeen.size > 0) {
      items.push(separator('workflows', vscode.l10n.t('Workflows seen')));
      for (const [id, name] of this.activity.workflowsSeen) items.push(item({ kind: 'workflow', value: id, name }, name, id));
    }
    if (!current.some((p) => p.kind === 'context' && p.value === '')) items.push(item({ kind: 'context', value: '' }, valueLabel('context', ''), vscode.l10n.t('type tenant:acme for one context')));
    items.push(separator('severity', vscode.l10n.t('Severity')));
    for (const severity of SEVERITIES) items.push(item({ kind: 'severity', value: severity }, severityTitle(severity)));
    return items;
  }

  /**
   * The first row's Failures by Cause: the panel on the filter's range when it has a start, else on
   * the shortest window that holds the failures loaded.
   */
  async showFailures(): Promise<void> {
    const failed = this.activity.notifications.filter(isFailed);
    await vscode.commands.executeCommand(Commands.showFailures, failuresWindowFor(this.activity.settings.filter.range, failed, this.activity.now()));
  }

  async clearFilter(): Promise<void> {
    await this.activity.setFilter({});
  }

  /** A subscriber's Show Notifications: the Activity view, filtered to that subscriber, in sight. */
  async showForSubscriber(subscriberId: string): Promise<void> {
    // The view is shown while its filtered rows are asked for, not after.
    await Promise.all([this.activity.setFilter({ subscriberIds: [subscriberId] }), this.reveal()]);
  }

  /** The Activity view filtered to one workflow (by its `_id`), shown while its rows are asked for. */
  async showForWorkflow(workflowId: string, name?: string): Promise<void> {
    await Promise.all([this.activity.setFilter({ workflows: [{ id: workflowId, ...(name ? { name } : {}) }] }), this.reveal()]);
  }

  /** The Activity view filtered to the runs in exactly one context ([]: runs without one). */
  async showForContext(contextKeys: string[]): Promise<void> {
    await Promise.all([this.activity.setFilter({ contextKeys }), this.reveal()]);
  }

  async showOnlySubscriber(node: NotificationNode | undefined): Promise<void> {
    const id = node?.notification.subscriber?.subscriberId;
    if (!id) return;
    await this.activity.setFilter({ ...this.activity.filter, subscriberIds: [id] });
  }

  async showOnlyWorkflow(node: NotificationNode | undefined): Promise<void> {
    const n = node?.notification;
    const id = n?.template?._id ?? n?._templateId;
    if (!n || !id) return;
    await this.activity.setFilter({ ...this.activity.filter, workflows: [{ id, ...(n.template?.name ? { name: n.template.name } : {}) }] });
  }

  async open(node: NotificationNode | undefined): Promise<void> {
    const connection = this.manager.active;
    if (node && connection) await this.openNotification(node.notification._id, connection.id);
  }

  async copyId(node: NotificationNode | undefined): Promise<void> {
    if (!node) return;
    await copyAndSay(node.notification._id, vscode.l10n.t('Copied notification ID {0}', node.notification._id));
  }

  async copyTransactionId(node: NotificationNode | undefined): Promise<void> {
    const id = node?.notification.transactionId;
    if (!id) return;
    await copyAndSay(id, vscode.l10n.t('Copied transaction ID {0}', noIcons(id)));
  }

  async editSubscriberPreferences(node: NotificationNode | undefined): Promise<void> {
    const connection = this.manager.active;
    const n = node?.notification;
    const id = n?.subscriber?.subscriberId;
    if (!connection || !n || !id) return;
    const name = subscriberLabel(n);
    await this.editPreferences(id, connection, name !== id ? { name } : {});
  }

  async openJson(node: NotificationNode | undefined): Promise<void> {
    if (node) await this.json.open('notification', node.notification._id, node.notification);
  }

  private async reveal(): Promise<void> {
    await vscode.commands.executeCommand(`${ACTIVITY_VIEW_ID}.focus`);
  }
}
