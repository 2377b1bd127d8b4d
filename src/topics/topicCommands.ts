/**
 * What a person does with topics (contract §11): search, create, rename, delete, add and remove
 * subscribers, and a send to a topic (Trigger… and the dry run, through the trigger's review).
 * Every write is reviewed in a modal question that names the connection and what changes, then
 * sent once with an idempotency key of its own (the client's retries reuse it).
 */
import * as vscode from 'vscode';
import { NovuApiError, SUBSCRIBER_ID_PATTERN, type NovuClient, type Subscriber } from '../api';
import { createTopic, deleteTopic, listTopicSubscriptions, MAX_SUBSCRIPTIONS_PER_REQUEST, addTopicSubscriptions, removeTopicSubscriptions, renameTopic, topicKeyProblem, type SubscriptionItemError, type SubscriptionsResult } from '../api/topics';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import { subscriberDisplayName } from '../format/names';
import { copyAndSay } from '../ui/clipboard';
import { formatErrorLine } from '../ui/errors';
import type { JsonDocuments } from '../ui/jsonDocuments';
import { describeFeatureError } from '../ui/missingRoute';
import type { PickItem, Prompter } from '../ui/prompter';
import { noIcons } from '../ui/text';
import { SubscriptionNode, TopicNode, plain, subscriberLabel } from './topicNodes';
import { TOPICS_VIEW_ID, type TopicFilter, type TopicsProvider } from './topicsProvider';

export interface TopicCommandDeps {
  manager: ConnectionManager;
  provider: TopicsProvider;
  prompter: () => Prompter;
  json: JsonDocuments;
  /** The subscribers the Subscribers view holds (offered first when adding). */
  loadedSubscribers(): readonly Subscriber[];
  /** Trigger…'s review of a workflow (picked there) to this topic; resolves with its editor. */
  triggerToTopic(topicKey: string): Promise<vscode.TextEditor | undefined>;
  /** Opens the dry run beside a review of a send to a topic. */
  showReach(editor: vscode.TextEditor): unknown;
}

/** Counting stops here: "more than 2,000" is said past it. */
const COUNT_CAP = 2_000;

export class TopicCommands {
  constructor(private readonly deps: TopicCommandDeps) {}

  private get prompter(): Prompter {
    return this.deps.prompter();
  }

  /** The active connection and its client, or a word that there is none. */
  private async active(): Promise<{ connection: Connection; client: NovuClient } | undefined> {
    const active = await this.deps.manager.activeClient();
    if (!active) void this.prompter.message('info', vscode.l10n.t('Add a connection (or open the Sandbox) to work with topics.'));
    return active;
  }

  async search(): Promise<void> {
    const current = this.deps.provider.filter;
    const filter = await this.prompter.search<TopicFilter>({
      title: vscode.l10n.t('Search Topics'),
      placeholder: vscode.l10n.t('Type part of a topic key or name'),
      value: current.key ?? current.name ?? '',
      suggest: (text) => {
        const typed = text.trim();
        if (!typed) return [{ label: vscode.l10n.t('All topics'), value: {} }];
        const items: PickItem<TopicFilter>[] = [
          { label: `$(key) ${vscode.l10n.t('Key contains “{0}”', noIcons(typed))}`, value: { key: typed } },
          { label: `$(symbol-text) ${vscode.l10n.t('Name contains “{0}”', noIcons(typed))}`, value: { name: typed } },
        ];
        if (SUBSCRIBER_ID_PATTERN.test(typed)) items.push({ label: `$(account) ${vscode.l10n.t('Topics of subscriber {0}', noIcons(typed))}`, value: { subscriberId: typed } });
        return items;
      },
    });
    if (filter) this.deps.provider.setFilter(filter);
  }

  clearFilter(): void {
    this.deps.provider.setFilter({});
  }

  /** The Topics view, showing the topics of one subscriber. */
  async showSubscriberTopics(subscriberId: string | undefined): Promise<void> {
    if (!subscriberId) return;
    this.deps.provider.setFilter({ subscriberId });
    await vscode.commands.executeCommand(`${TOPICS_VIEW_ID}.focus`);
  }

  async create(): Promise<void> {
    const active = await this.active();
    if (!active) return;
    const title = vscode.l10n.t('Create Topic ({0})', active.connection.name);
    let key: string | undefined = '';
    let name: string | undefined = '';
    let problem: string | undefined;
    for (;;) {
      key = await this.prompter.input({ title, prompt: vscode.l10n.t('The topic key your code sends to (letters, digits and _ : . -)'), value: key, placeholder: 'product-updates', validate: (v) => topicKeyProblem(v.trim()), ...(problem ? { problem } : {}), step: 1, totalSteps: 2 });
      if (key === undefined) return;
      key = key.trim();
      name = await this.prompter.input({ title, prompt: vscode.l10n.t('A name people read (Product updates)'), value: name || key, validate: (v) => (v.trim() === '' ? vscode.l10n.t('A name is required.') : undefined), step: 2, totalSteps: 2 });
      if (name === undefined) return;
      const topicName = name.trim();
      const topicKey = key;
      const confirmed = await this.prompter.confirm(
        vscode.l10n.t('Create the topic "{0}" ({1}) in "{2}"?', topicName, key, active.connection.name),
        vscode.l10n.t('Create Topic'),
        vscode.l10n.t('It starts with no subscribers: a send to it reaches no one until subscribers are added.'),
      );
      if (!confirmed) return;
      try {
        const topic = await withProgress(vscode.l10n.t('Creating topic {0}…', key), () => createTopic(active.client, { key: topicKey, name: topicName }, { idempotencyKey: newKey() }));
        const node = this.deps.provider.upsert(topic);
        await vscode.commands.executeCommand(`${TOPICS_VIEW_ID}.focus`);
        await Promise.resolve(this.deps.provider.view?.reveal(node, { select: true, focus: true })).catch(() => undefined);
        void this.prompter.message('info', vscode.l10n.t('Created topic "{0}" ({1}) in "{2}".', plain(topic.name ?? topic.key), plain(topic.key), active.connection.name));
        return;
      } catch (error) {
        // 409 (the key is taken): the key is asked again with the service's words under it; nothing typed is lost.
        if (error instanceof NovuApiError && error.status === 409) {
          problem = error.message;
          continue;
        }
        void this.prompter.message('error', formatErrorLine(vscode.l10n.t('Topic not created'), describeFeatureError(error, 'topics')));
        return;
      }
    }
  }

  async rename(node: TopicNode | undefined): Promise<void> {
    if (!node) return;
    const active = await this.active();
    if (!active) return;
    const current = node.topic.name ?? '';
    const name = await this.prompter.input({ title: vscode.l10n.t('Rename Topic {0} ({1})', plain(node.key), active.connection.name), prompt: vscode.l10n.t('The new name (the key stays {0})', plain(node.key)), value: current, validate: (v) => (v.trim() === '' ? vscode.l10n.t('A name is required.') : undefined) });
    if (name === undefined || name.trim() === current) return;
    const confirmed = await this.prompter.confirm(vscode.l10n.t('Rename the topic {0} from "{1}" to "{2}" in "{3}"?', plain(node.key), plain(current), name.trim(), active.connection.name), vscode.l10n.t('Rename'), vscode.l10n.t('Only its name changes: triggers name the key, which stays.'));
    if (!confirmed) return;
    try {
      const topic = await withProgress(vscode.l10n.t('Renaming topic {0}…', node.key), () => renameTopic(active.client, node.key, name.trim(), { idempotencyKey: newKey() }));
      this.deps.provider.upsert(topic);
    } catch (error) {
      void this.prompter.message('error', formatErrorLine(vscode.l10n.t('Not renamed'), describeFeatureError(error, 'topics')));
    }
  }

  /** Counts a topic's subscriptions a page of 100 at a time (the service gives no total), up to COUNT_CAP. */
  private async countSubscriptions(client: NovuClient, key: string): Promise<{ count: number; more: boolean }> {
    let count = 0;
    let after: string | undefined;
    for (;;) {
      const page = await listTopicSubscriptions(client, key, { limit: 100, ...(after ? { after } : {}) });
      count += page.data.length;
      if (!page.next || page.data.length === 0) return { count, more: false };
      if (count >= COUNT_CAP) return { count, more: true };
      after = page.next;
    }
  }

  async delete(node: TopicNode | undefined): Promise<void> {
    if (!node) return;
    const active = await this.active();
    if (!active) return;
    let counted: { count: number; more: boolean };
    try {
      counted = await withProgress(vscode.l10n.t('Counting the subscriptions of {0}…', node.key), () => this.countSubscriptions(active.client, node.key));
    } catch (error) {
      void this.prompter.message('error', formatErrorLine(vscode.l10n.t('Could not count the subscriptions of {0}', plain(node.key)), describeFeatureError(error, 'topics')));
      return;
    }
    const going = counted.more ? vscode.l10n.t('more than {0} subscriptions', counted.count) : counted.count === 1 ? vscode.l10n.t('its 1 subscription') : counted.count === 0 ? vscode.l10n.t('no subscriptions') : vscode.l10n.t('its {0} subscriptions', counted.count);
    const confirmed = await this.prompter.confirm(
      vscode.l10n.t('Delete the topic "{0}" ({1}) and {2} from "{3}"?', plain(node.topic.name ?? node.key), plain(node.key), going, active.connection.name),
      vscode.l10n.t('Delete Topic'),
      vscode.l10n.t('The subscriptions go with it and cannot be brought back. A trigger to this key afterwards reaches no one, and the service does not say so.'),
    );
    if (!confirmed) return;
    try {
      await withProgress(vscode.l10n.t('Deleting topic {0}…', node.key), () => deleteTopic(active.client, node.key, { idempotencyKey: newKey() }));
      this.deps.provider.remove(node.key);
      vscode.window.setStatusBarMessage(`$(trash) ${vscode.l10n.t('Deleted topic {0}', plain(node.key))}`, 4000);
    } catch (error) {
      void this.prompter.message('error', formatErrorLine(vscode.l10n.t('Not deleted'), describeFeatureError(error, 'topics')));
    }
  }

  /**
   * Adds subscribers picked from those loaded, or typed (several, separated by commas or spaces):
   * 100 a request, each request with its key; each item the service refused is named with its code.
   */
  async addSubscribers(node: TopicNode | undefined): Promise<SubscriptionsResult[] | undefined> {
    if (!node) return undefined;
    const active = await this.active();
    if (!active) return undefined;
    const held = new Set((node.subscriptions.kind === 'loaded' ? node.subscriptions.items : []).map((s) => s.subscriber?.subscriberId));
    const loaded = this.deps.loadedSubscribers();
    const chosen = await this.prompter.pickMany<string>({
      title: vscode.l10n.t('Add Subscribers to {0} ({1})', plain(node.topic.name ?? node.key), active.connection.name),
      placeholder: vscode.l10n.t('Pick subscribers, or type subscriber IDs separated by commas or spaces'),
      initial: [],
      key: (id) => id,
      suggest: (text) => {
        const typed = text.split(/[\s,;]+/).map((t) => t.trim()).filter(Boolean);
        const items: PickItem<string>[] = typed.map((id) => ({ label: `$(key) ${noIcons(id)}`, description: SUBSCRIBER_ID_PATTERN.test(id) ? vscode.l10n.t('Subscriber ID') : vscode.l10n.t('not a subscriber ID'), alwaysShow: true, value: id }));
        const lower = text.trim().toLowerCase();
        for (const s of loaded) {
          if (typed.includes(s.subscriberId)) continue;
          if (lower && typed.length <= 1 && !`${s.subscriberId} ${subscriberDisplayName(s) ?? ''} ${s.email ?? ''}`.toLowerCase().includes(lower)) continue;
          items.push({ label: noIcons(subscriberDisplayName(s) ?? s.subscriberId), description: noIcons(s.subscriberId), ...(held.has(s.subscriberId) ? { detail: vscode.l10n.t('subscribed already (a second subscription needs another context)') } : {}), value: s.subscriberId });
        }
        return items;
      },
    });
    if (!chosen || chosen.length === 0) return undefined;
    const invalid = chosen.filter((id) => !SUBSCRIBER_ID_PATTERN.test(id));
    if (invalid.length > 0) {
      void this.prompter.message('error', vscode.l10n.t('Nothing sent: {0} is not a subscriber ID (letters, digits and _ : . - only, or an email address).', invalid.map(plain).join(', ')));
      return undefined;
    }
    const batches = chunk(chosen, MAX_SUBSCRIPTIONS_PER_REQUEST);
    const shown = chosen.slice(0, 10).map(plain).join(', ') + (chosen.length > 10 ? vscode.l10n.t(' and {0} more', chosen.length - 10) : '');
    const confirmed = await this.prompter.confirm(
      chosen.length === 1
        ? vscode.l10n.t('Subscribe {0} to the topic "{1}" ({2}) in "{3}"?', shown, plain(node.topic.name ?? node.key), plain(node.key), active.connection.name)
        : vscode.l10n.t('Subscribe {0} subscribers to the topic "{1}" ({2}) in "{3}"?', chosen.length, plain(node.topic.name ?? node.key), plain(node.key), active.connection.name),
      vscode.l10n.t('Subscribe'),
      [chosen.length > 1 ? shown : '', batches.length > 1 ? vscode.l10n.t('Sent in {0} requests of at most {1}.', batches.length, MAX_SUBSCRIPTIONS_PER_REQUEST) : '', vscode.l10n.t('From now on, every send to this topic reaches them (unless a condition filters them).')].filter(Boolean).join('\n\n'),
    );
    if (!confirmed) return undefined;
    const results: SubscriptionsResult[] = [];
    try {
      await withProgress(vscode.l10n.t('Subscribing to {0}…', node.key), async () => {
        for (const batch of batches) results.push(await addTopicSubscriptions(active.client, node.key, { subscriberIds: batch }, { idempotencyKey: newKey() }));
      });
    } catch (error) {
      const sent = results.reduce((n, r) => n + r.meta.successful, 0);
      void this.prompter.message('error', formatErrorLine(sent > 0 ? vscode.l10n.t('{0} subscribed, then a request failed', sent) : vscode.l10n.t('Not subscribed'), describeFeatureError(error, 'topics')));
      this.deps.provider.forgetSubscriptions(node);
      return results;
    }
    this.deps.provider.forgetSubscriptions(node);
    const errors = results.flatMap((r) => r.errors);
    const added = results.reduce((n, r) => n + r.meta.successful, 0);
    if (errors.length === 0) vscode.window.setStatusBarMessage(`$(person-add) ${vscode.l10n.t('Subscribed {0} to {1}', added, plain(node.key))}`, 4000);
    else void this.prompter.message(added > 0 ? 'warning' : 'error', vscode.l10n.t('{0} of {1} subscribed to {2}. {3}', added, chosen.length, plain(node.key), itemErrors(errors)));
    return results;
  }

  async removeSubscription(node: SubscriptionNode | undefined): Promise<SubscriptionsResult | undefined> {
    if (!node) return undefined;
    const active = await this.active();
    if (!active) return undefined;
    const s = node.subscription;
    const who = subscriberLabel(s);
    const context = (s.contextKeys?.length ?? 0) > 0 ? vscode.l10n.t(' in {0}', s.contextKeys!.join(', ')) : '';
    const confirmed = await this.prompter.confirm(
      vscode.l10n.t('Remove {0} from the topic {1}{2} in "{3}"?', who.id && who.label !== who.id ? `${who.label} (${plain(who.id)})` : who.label, plain(node.topic.key), context, active.connection.name),
      vscode.l10n.t('Remove'),
      vscode.l10n.t('Only this subscription goes: the subscriber stays, and so do their other subscriptions.'),
    );
    if (!confirmed) return undefined;
    const item = s.identifier ? { identifier: s.identifier } : who.id ? { subscriberId: who.id } : undefined;
    if (!item) return undefined;
    try {
      const result = await withProgress(vscode.l10n.t('Removing from {0}…', node.topic.key), () => removeTopicSubscriptions(active.client, node.topic.key, [item], { idempotencyKey: newKey() }));
      if (result.errors.length > 0) void this.prompter.message('error', vscode.l10n.t('Not removed: {0}', itemErrors(result.errors)));
      this.deps.provider.forgetSubscriptions(node.topic);
      return result;
    } catch (error) {
      void this.prompter.message('error', formatErrorLine(vscode.l10n.t('Not removed'), describeFeatureError(error, 'topics')));
      return undefined;
    }
  }

  async loadMoreSubscriptions(node: TopicNode | undefined): Promise<void> {
    if (!node) return;
    if (node.subscriptions.kind === 'failed') node.subscriptions = { kind: 'idle' };
    await this.deps.provider.loadSubscriptions(node, node.subscriptions.kind === 'loaded');
  }

  async trigger(node: TopicNode | undefined): Promise<vscode.TextEditor | undefined> {
    const key = node?.key ?? (await this.pickTopic());
    return key ? this.deps.triggerToTopic(key) : undefined;
  }

  /** The dry run: a review of a send to the topic (nothing is sent from it unless Send is pressed), with who it would reach beside it. */
  async reach(node: TopicNode | undefined): Promise<void> {
    const editor = await this.trigger(node);
    if (editor) await this.deps.showReach(editor);
  }

  private async pickTopic(): Promise<string | undefined> {
    const topics = this.deps.provider.topics;
    if (topics.length === 0) {
      return this.prompter.input({ title: vscode.l10n.t('Send to a Topic'), prompt: vscode.l10n.t('The topic key'), validate: (v) => topicKeyProblem(v.trim()) });
    }
    return this.prompter.pick<string>({ title: vscode.l10n.t('Send to a Topic'), items: topics.map((t) => ({ label: noIcons(plain(t.name ?? t.key)), description: noIcons(plain(t.key)), value: t.key })) });
  }

  async copyKey(node: TopicNode | undefined): Promise<void> {
    if (node) await copyAndSay(node.key, vscode.l10n.t('Copied topic key {0}', plain(node.key)));
  }

  async openJson(node: TopicNode | undefined): Promise<void> {
    if (!node) return;
    const subscriptions = node.subscriptions.kind === 'loaded' ? node.subscriptions.items : undefined;
    await this.deps.json.open('topic', node.key, subscriptions ? { ...node.topic, subscriptions } : node.topic);
  }
}

/** "sbx-x: SUBSCRIBER_NOT_FOUND (Subscriber with ID 'sbx-x' could not be found.)", for each item the service refused. */
export function itemErrors(errors: readonly SubscriptionItemError[]): string {
  const shown = errors.slice(0, 5).map((e) => {
    const who = plain(e.subscriberId ?? e.identifier ?? '?');
    return e.message ? `${who}: ${e.code ?? 'ERROR'} (${plain(e.message)})` : `${who}: ${e.code ?? 'ERROR'}`;
  });
  return shown.join('; ') + (errors.length > 5 ? vscode.l10n.t('; and {0} more', errors.length - 5) : '');
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const newKey = (): string => globalThis.crypto.randomUUID();

function withProgress<T>(title: string, task: () => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: { viewId: TOPICS_VIEW_ID }, title }, task));
}

