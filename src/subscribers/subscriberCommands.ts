/** Commands of the Subscribers view: search, sort, create, and the row actions. */
import { Commands } from '../commands';
import * as vscode from 'vscode';
import { validateSubscriberId } from '../api';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import { describeError, formatErrorLine } from '../ui/errors';
import type { PickItem, Prompter } from '../ui/prompter';
import { subscriberItem } from '../ui/subscriberPick';
import { noIcons } from '../ui/text';
import { createSubscriberFlow } from './createSubscriber';
import type { JsonDocuments } from '../ui/jsonDocuments';
import { FILTER_FIELDS, describeFilter, filterToText, searchChoices, type FilterField, type SubscriberFilter } from './subscriberFilter';
import { SubscriberNode, subscriberDisplayName } from './subscriberNode';
import { SUBSCRIBERS_VIEW_ID, type SubscriberOrder, type SubscribersProvider } from './subscribersProvider';
import type { Words } from '../words';
import { copyAndSay } from '../ui/clipboard';

const FIELD_ICONS: Record<string, string> = { name: 'person', email: 'mail', phone: 'device-mobile', subscriberId: 'key' };

/** An order whose words are looked up when read: the l10n bundle is configured after this module loads. */
function orderChoice(words: () => { label: string; detail: string }, value: SubscriberOrder): { readonly label: string; readonly detail: string; order: SubscriberOrder } {
  return {
    get label() {
      return words().label;
    },
    get detail() {
      return words().detail;
    },
    order: value,
  };
}

export const ORDERS: { readonly label: string; readonly detail: string; order: SubscriberOrder }[] = [
  orderChoice(() => ({ label: vscode.l10n.t('Newest first'), detail: vscode.l10n.t('by creation, newest at the top') }), { orderBy: '_id', orderDirection: 'DESC' }),
  orderChoice(() => ({ label: vscode.l10n.t('Oldest first'), detail: vscode.l10n.t('by creation, oldest at the top') }), { orderBy: '_id', orderDirection: 'ASC' }),
  orderChoice(() => ({ label: vscode.l10n.t('Recently updated first'), detail: vscode.l10n.t('by last update') }), { orderBy: 'updatedAt', orderDirection: 'DESC' }),
  orderChoice(() => ({ label: vscode.l10n.t('Least recently updated first'), detail: vscode.l10n.t('by last update') }), { orderBy: 'updatedAt', orderDirection: 'ASC' }),
];

export class SubscriberCommands {
  constructor(
    private readonly manager: ConnectionManager,
    private readonly provider: SubscribersProvider,
    private readonly json: JsonDocuments,
    private readonly prompter: () => Prompter,
    private readonly openPreferences: (subscriberId: string, connection: Connection, subscriber: { name?: string; timezone?: string | null }) => unknown,
  ) {}

  async search(): Promise<void> {
    const current = this.provider.filter;
    const filter = await this.prompter().search<SubscriberFilter>({
      title: vscode.l10n.t('Search Subscribers'),
      placeholder: vscode.l10n.t({ message: 'Type a name, email, phone or ID; combine with name: email: phone: id:', comment: 'name:, email:, phone: and id: are typed as they are, untranslated' }),
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
      title: vscode.l10n.t('Sort Subscribers'),
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
      const addConnection = vscode.l10n.t('Add Connection');
      const add = await this.prompter().message('info', vscode.l10n.t('Add a connection (or open the Sandbox) to create subscribers.'), addConnection, vscode.l10n.t('Open Sandbox'));
      if (add) await vscode.commands.executeCommand(add === addConnection ? Commands.addConnection : Commands.openSandbox);
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
    void this.prompter().message('info', vscode.l10n.t('Created subscriber "{0}" in "{1}".', subscriberDisplayName(subscriber) ?? subscriber.subscriberId, active.connection.name));
  }

  async copyId(node: SubscriberNode | undefined): Promise<void> {
    const id = node?.subscriber.subscriberId;
    if (!id) return;
    await copyAndSay(id, vscode.l10n.t('Copied subscriber ID {0}', id));
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
      void this.prompter().message('error', formatErrorLine(vscode.l10n.t('Could not refresh {0}', who), describeError(error)), vscode.l10n.t('Show Log')).then((a) => a && vscode.commands.executeCommand(Commands.showLog));
    }
  }

  /** Edit Preferences: from a row, or from the palette with a subscriber picked or typed. */
  async editPreferences(node: SubscriberNode | undefined): Promise<void> {
    const connection = this.manager.active;
    if (!connection) {
      const addConnection = vscode.l10n.t('Add Connection');
      const add = await this.prompter().message('info', vscode.l10n.t('Add a connection (or open the Sandbox) to edit preferences.'), addConnection, vscode.l10n.t('Open Sandbox'));
      if (add) await vscode.commands.executeCommand(add === addConnection ? Commands.addConnection : Commands.openSandbox);
      return;
    }
    let subscriber = node?.subscriber;
    if (!subscriber) {
      const loaded = this.provider.subscribers;
      subscriber = await this.prompter().search({
        title: vscode.l10n.t('Edit Preferences ({0})', connection.name),
        placeholder: vscode.l10n.t('Type a subscriber ID, or pick one of the subscribers loaded in the view'),
        suggest: (text) => {
          const typed = text.trim();
          const lower = typed.toLowerCase();
          const matches = loaded
            .filter((s) => !lower || `${s.subscriberId} ${subscriberDisplayName(s) ?? ''} ${s.email ?? ''}`.toLowerCase().includes(lower))
            .slice(0, 50)
            .map((s) => subscriberItem(s, s, true));
          const exact = loaded.some((s) => s.subscriberId === typed);
          return typed && !exact && validateSubscriberId(typed) === undefined
            ? [{ label: `$(key) ${vscode.l10n.t('Subscriber ID')}`, description: noIcons(typed), value: { subscriberId: typed } }, ...matches]
            : matches;
        },
      });
    }
    if (!subscriber) return;
    const name = subscriberDisplayName(subscriber);
    // The record is the service's: a time zone it does not carry is one the subscriber does not have.
    this.openPreferences(subscriber.subscriberId, connection, { ...(name ? { name } : {}), timezone: subscriber.timezone || null });
  }
}

/** What a filter on one field does, as the search pick names it. */
const FIELD_TITLES: Words<FilterField> = {
  name: () => vscode.l10n.t('Name contains'),
  email: () => vscode.l10n.t('Email contains'),
  phone: () => vscode.l10n.t('Phone contains'),
  subscriberId: () => vscode.l10n.t('Subscriber ID is exactly'),
};

function fieldTitle(field: FilterField): string {
  return FIELD_TITLES[field]();
}

/**
 * The choices for what is typed. Labels name the filter and descriptions hold the text, so the
 * quick pick's own matching (on labels) does not reorder the likeliest-first list.
 */
function searchItems(text: string): PickItem<SubscriberFilter>[] {
  const choices = searchChoices(text);
  if (choices.length === 0) {
    return [{ label: `$(clear-all) ${vscode.l10n.t('Show all subscribers')}`, description: vscode.l10n.t('no filter'), value: {} }];
  }
  return choices.map((filter) => {
    const fields = FILTER_FIELDS.filter((f) => filter[f]);
    const single = fields.length === 1 ? fields[0]! : undefined;
    return {
      label: single ? `$(${FIELD_ICONS[single]}) ${fieldTitle(single)}` : `$(filter) ${vscode.l10n.t('All of these')}`,
      description: noIcons(describeFilter(filter)),
      value: filter,
    };
  });
}
