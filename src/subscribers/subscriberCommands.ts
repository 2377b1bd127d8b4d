/** Commands of the Subscribers view: search, sort, create, and the row actions. */
import { Commands } from '../commands';
import * as vscode from 'vscode';
import { validateSubscriberId } from '../api';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import { describeError, formatErrorLine } from '../ui/errors';
import type { PickItem, Prompter } from '../ui/prompter';
import { noIcons } from '../ui/text';
import { createSubscriberFlow } from './createSubscriber';
import type { JsonDocuments } from '../ui/jsonDocuments';
import { FILTER_FIELDS, describeFilter, filterToText, searchChoices, type SubscriberFilter } from './subscriberFilter';
import { SubscriberNode, subscriberDisplayName } from './subscriberNode';
import { SUBSCRIBERS_VIEW_ID, type SubscriberOrder, type SubscribersProvider } from './subscribersProvider';

const FIELD_ICONS: Record<string, string> = { name: 'person', email: 'mail', phone: 'device-mobile', subscriberId: 'key' };

export const ORDERS: { label: string; detail: string; order: SubscriberOrder }[] = [
  { label: 'Newest first', detail: 'by creation, newest at the top', order: { orderBy: '_id', orderDirection: 'DESC' } },
  { label: 'Oldest first', detail: 'by creation, oldest at the top', order: { orderBy: '_id', orderDirection: 'ASC' } },
  { label: 'Recently updated first', detail: 'by last update', order: { orderBy: 'updatedAt', orderDirection: 'DESC' } },
  { label: 'Least recently updated first', detail: 'by last update', order: { orderBy: 'updatedAt', orderDirection: 'ASC' } },
];

export class SubscriberCommands {
  constructor(
    private readonly manager: ConnectionManager,
    private readonly provider: SubscribersProvider,
    private readonly json: JsonDocuments,
    private readonly prompter: () => Prompter,
    private readonly openPreferences: (subscriberId: string, connection: Connection, name?: string) => unknown,
  ) {}

  async search(): Promise<void> {
    const current = this.provider.filter;
    const filter = await this.prompter().search<SubscriberFilter>({
      title: 'Search Subscribers',
      placeholder: 'Type a name, email, phone or ID; combine with name: email: phone: id:',
      value: filterToText(current),
      suggest: (text) => searchItems(text),
    });
    if (filter === undefined) return;
    this.provider.setFilter(filter);
  }

  clearFilter(): void {
    this.provider.setFilter({});
  }

  async sort(): Promise<void> {
    const current = this.provider.order;
    const order = await this.prompter().pick<SubscriberOrder>({
      title: 'Sort Subscribers',
      items: ORDERS.map((o) => ({
        label: `${o.order.orderBy === current.orderBy && o.order.orderDirection === current.orderDirection ? '$(check) ' : ''}${o.label}`,
        detail: o.detail,
        value: o.order,
      })),
    });
    if (order) this.provider.setOrder(order);
  }

  async create(): Promise<void> {
    const active = await this.manager.activeClient();
    if (!active) {
      const add = await this.prompter().message('info', 'Add a connection (or open the Sandbox) to create subscribers.', 'Add Connection', 'Open Sandbox');
      if (add) await vscode.commands.executeCommand(add === 'Add Connection' ? Commands.addConnection : Commands.openSandbox);
      return;
    }
    const subscriber = await createSubscriberFlow(this.prompter(), active.client);
    if (!subscriber) return;
    const rendered = this.provider.nextRender();
    const node = this.provider.insert(subscriber);
    await vscode.commands.executeCommand(`${SUBSCRIBERS_VIEW_ID}.focus`);
    await rendered;
    // The subscriber exists whatever the tree does: a reveal that comes too early is tried once
    // more after the tree's next render, and never turns a created subscriber into an error.
    const reveal = () => this.provider.view?.reveal(node, { select: true, focus: true });
    await Promise.resolve(reveal()).catch(async () => {
      await this.provider.nextRender();
      await Promise.resolve(reveal()).catch(() => undefined);
    });
    void this.prompter().message('info', `Created subscriber "${subscriberDisplayName(subscriber) ?? subscriber.subscriberId}" in "${active.connection.name}".`);
  }

  async copyId(node: SubscriberNode | undefined): Promise<void> {
    const id = node?.subscriber.subscriberId;
    if (!id) return;
    await vscode.env.clipboard.writeText(id);
    vscode.window.setStatusBarMessage(`$(copy) Copied subscriber ID ${id}`, 3000);
  }

  async openJson(node: SubscriberNode | undefined): Promise<void> {
    if (node) await this.json.open('subscriber', node.subscriber.subscriberId, node.subscriber);
  }

  async refreshOne(node: SubscriberNode | undefined): Promise<void> {
    if (!node) return this.provider.reload();
    try {
      await this.provider.refreshOne(node);
    } catch (error) {
      const who = subscriberDisplayName(node.subscriber) ?? node.subscriber.subscriberId;
      void this.prompter().message('error', formatErrorLine(`Could not refresh ${who}`, describeError(error)), 'Show Log').then((a) => a && vscode.commands.executeCommand(Commands.showLog));
    }
  }

  /** Edit Preferences: from a row, or from the palette with a subscriber picked or typed. */
  async editPreferences(node: SubscriberNode | undefined): Promise<void> {
    const connection = this.manager.active;
    if (!connection) {
      const add = await this.prompter().message('info', 'Add a connection (or open the Sandbox) to edit preferences.', 'Add Connection', 'Open Sandbox');
      if (add) await vscode.commands.executeCommand(add === 'Add Connection' ? Commands.addConnection : Commands.openSandbox);
      return;
    }
    let subscriber = node?.subscriber;
    if (!subscriber) {
      const loaded = this.provider.subscribers;
      subscriber = await this.prompter().search({
        title: `Edit Preferences (${connection.name})`,
        placeholder: 'Type a subscriber ID, or pick one of the subscribers loaded in the view',
        suggest: (text) => {
          const typed = text.trim();
          const lower = typed.toLowerCase();
          const matches = loaded
            .filter((s) => !lower || `${s.subscriberId} ${subscriberDisplayName(s) ?? ''} ${s.email ?? ''}`.toLowerCase().includes(lower))
            .slice(0, 50)
            .map((s) => ({ label: `$(account) ${noIcons(subscriberDisplayName(s) ?? s.subscriberId)}`, description: noIcons(s.subscriberId), ...(s.email ? { detail: noIcons(s.email) } : {}), value: s }));
          const exact = loaded.some((s) => s.subscriberId === typed);
          return typed && !exact && validateSubscriberId(typed) === undefined
            ? [{ label: '$(key) Subscriber ID', description: noIcons(typed), value: { subscriberId: typed } }, ...matches]
            : matches;
        },
      });
    }
    if (!subscriber) return;
    this.openPreferences(subscriber.subscriberId, connection, subscriberDisplayName(subscriber));
  }
}

const FIELD_TITLES: Record<string, string> = { name: 'Name contains', email: 'Email contains', phone: 'Phone contains', subscriberId: 'Subscriber ID is exactly' };

/**
 * The choices for what is typed. Labels name the filter and descriptions hold the text, so the
 * quick pick's own matching (on labels) does not reorder the likeliest-first list.
 */
function searchItems(text: string): PickItem<SubscriberFilter>[] {
  const choices = searchChoices(text);
  if (choices.length === 0) {
    return [{ label: '$(clear-all) Show all subscribers', description: 'no filter', value: {} }];
  }
  return choices.map((filter) => {
    const fields = FILTER_FIELDS.filter((f) => filter[f]);
    const single = fields.length === 1 ? fields[0]! : undefined;
    return {
      label: single ? `$(${FIELD_ICONS[single]}) ${FIELD_TITLES[single]}` : '$(filter) All of these',
      description: noIcons(describeFilter(filter)),
      value: filter,
    };
  });
}
