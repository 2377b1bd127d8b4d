/**
 * The Topics feature as loaded from its bundle: the view's provider, the commands, the reach panels,
 * and the lenses on a review of a send to a topic (how many subscriptions it has, that the actor and
 * those named in `to` are left out of its fan-out, and the dry run).
 */
import * as vscode from 'vscode';
import type { Notification, Subscriber } from '../api';
import { topicKeysOf } from '../audience/topicSend';
import { readAllSubscriptions } from '../audience/reachRead';
import { Commands } from '../commands';
import type { Connection } from '../connections/connection';
import type { Shared } from '../features';
import { REVIEW_SUFFIX } from '../format/triggerBody';
import type { PanelServices } from '../panels/panelHost';
import { webviewOptions } from '../panels/webviewHtml';
import { noIcons } from '../ui/text';
import { ReachPanel, REACH_PANEL_TYPE } from './reachPanel';
import { TopicCommands, type TopicCommandDeps } from './topicCommands';
import { SubscriptionNode, TopicNode, plain } from './topicNodes';
import { TopicsProvider } from './topicsProvider';

export interface TopicsLinks {
  loadedSubscribers(): readonly Subscriber[];
  /** Trigger… of a workflow (picked there) to a topic: its review's editor. */
  triggerToTopic(topicKey: string): Promise<vscode.TextEditor | undefined>;
  /** The connection a trigger review sends to. */
  reviewConnection(uri: vscode.Uri): Connection | undefined;
  openNotification(id: string, connectionId: string): unknown;
}

/** The names of the Topics commands, each handled by `run`. */
export type TopicCommandName =
  | 'refreshTopics' | 'loadMoreTopics' | 'searchTopics' | 'clearTopicFilter' | 'createTopic' | 'renameTopic' | 'deleteTopic' | 'addTopicSubscribers'
  | 'removeTopicSubscription' | 'loadMoreTopicSubscriptions' | 'triggerTopic' | 'topicReach' | 'pastTopicReach' | 'copyTopicKey' | 'openTopicJson' | 'showSubscriberTopics';

export class TopicsFeature implements vscode.Disposable, vscode.CodeLensProvider {
  readonly provider: TopicsProvider;
  readonly commands: TopicCommands;
  private readonly panels = new Map<string, ReachPanel>();
  private readonly counts = new Map<string, Promise<{ count: number; more: boolean } | undefined>>();
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly shared: Shared,
    private readonly links: TopicsLinks,
    view: vscode.TreeView<unknown>,
  ) {
    this.provider = new TopicsProvider(shared.manager);
    this.provider.view = view as vscode.TreeView<never>;
    const deps: TopicCommandDeps = { manager: shared.manager, provider: this.provider, prompter: shared.prompter, json: shared.json, loadedSubscribers: links.loadedSubscribers, triggerToTopic: links.triggerToTopic, showReach: (editor) => this.showReach(editor.document) };
    this.commands = new TopicCommands(deps);
    this.subscriptions = [
      this.provider,
      vscode.languages.registerCodeLensProvider({ scheme: 'untitled', pattern: `**/*${REVIEW_SUFFIX}` }, this),
      vscode.workspace.onDidChangeTextDocument((e) => e.document.uri.path.endsWith(REVIEW_SUFFIX) && this.lensesChanged.fire()),
      this.lensesChanged,
    ];
  }

  /** Each command of the feature, by name; a menu's argument is checked before it is used. */
  run(name: TopicCommandName, args: unknown[]): unknown {
    const [first] = args;
    const topic = first instanceof TopicNode ? first : undefined;
    const subscription = first instanceof SubscriptionNode ? first : undefined;
    const c = this.commands;
    switch (name) {
      case 'refreshTopics': return this.shared.refresh(this.provider);
      case 'loadMoreTopics': return this.provider.loadMore();
      case 'searchTopics': return c.search();
      case 'clearTopicFilter': return c.clearFilter();
      case 'createTopic': return c.create();
      case 'renameTopic': return c.rename(topic);
      case 'deleteTopic': return c.delete(topic);
      case 'addTopicSubscribers': return c.addSubscribers(topic);
      case 'removeTopicSubscription': return c.removeSubscription(subscription);
      case 'loadMoreTopicSubscriptions': return c.loadMoreSubscriptions(topic);
      case 'triggerTopic': return c.trigger(topic);
      case 'topicReach':
        // From a review's lens: its document; from a row or the palette: a new review.
        return first instanceof vscode.Uri ? this.showReachOf(first) : c.reach(topic);
      case 'pastTopicReach': return this.showPast(first);
      case 'copyTopicKey': return c.copyKey(topic);
      case 'openTopicJson': return c.openJson(topic);
      case 'showSubscriberTopics': return c.showSubscriberTopics(subscriberIdOf(first));
    }
  }

  private services(): PanelServices {
    return { extensionUri: this.shared.context.extensionUri, manager: this.shared.manager, log: this.shared.log };
  }

  private openPanel(key: string, title: string, connection: Connection, make: (panel: vscode.WebviewPanel) => ReachPanel): ReachPanel {
    const existing = this.panels.get(key);
    if (existing) {
      existing.reveal();
      void existing.load();
      return existing;
    }
    const webviewPanel = vscode.window.createWebviewPanel(REACH_PANEL_TYPE, title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { ...webviewOptions(this.shared.context.extensionUri), retainContextWhenHidden: false });
    const panel = make(webviewPanel);
    this.panels.set(key, panel);
    panel.onDidDispose(() => this.panels.delete(key));
    return panel;
  }

  /** The dry run of a review's body, beside it. */
  showReach(document: vscode.TextDocument): ReachPanel | undefined {
    const connection = this.links.reviewConnection(document.uri) ?? this.shared.manager.active;
    if (!connection) return undefined;
    return this.openPanel(`review:${document.uri.toString()}`, vscode.l10n.t('Who would it reach? (dry run)'), connection, (p) => new ReachPanel(p, { kind: 'review', document }, connection, this.services(), this.links.openNotification));
  }

  private async showReachOf(uri: vscode.Uri): Promise<ReachPanel | undefined> {
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    return document ? this.showReach(document) : undefined;
  }

  /** Who a past topic send reached (a run whose notification names topics). */
  showPast(value: unknown): ReachPanel | undefined {
    const notification = notificationOf(value);
    const connection = this.shared.manager.active;
    if (!notification || !connection) return undefined;
    if (!notification.topics?.some((t) => t.topicKey)) {
      void this.shared.prompter().message('info', vscode.l10n.t('This run was not sent to a topic.'));
      return undefined;
    }
    return this.openPanel(`past:${connection.id}:${notification.transactionId ?? notification._id}`, vscode.l10n.t('Who did this topic send reach?'), connection, (p) => new ReachPanel(p, { kind: 'past', notification }, connection, this.services(), this.links.openNotification));
  }

  /** The open reach panels (tests read them). */
  get reachPanels(): ReachPanel[] {
    return [...this.panels.values()];
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    let body: unknown;
    try {
      body = JSON.parse(document.getText());
    } catch {
      return [];
    }
    const topics = topicKeysOf(body && typeof body === 'object' ? (body as { to?: unknown }).to : undefined);
    if (topics.length === 0) return [];
    const connection = this.links.reviewConnection(document.uri) ?? this.shared.manager.active;
    const top = new vscode.Range(0, 0, 0, 0);
    const lenses: (vscode.CodeLens & { topicKey?: string; connection: Connection | undefined })[] = topics.map((key) => Object.assign(new vscode.CodeLens(top), { topicKey: key, connection }));
    lenses.push(Object.assign(new vscode.CodeLens(top, { title: `$(organization) ${vscode.l10n.t('Who would this reach? (dry run)')}`, command: Commands.topicReach, arguments: [document.uri], tooltip: vscode.l10n.t('Works out, without sending, which subscriptions this body reaches and why the others are filtered') }), { topicKey: undefined, connection }));
    return lenses;
  }

  /** A topic's lens: its subscriptions counted (once per review's connection and topic, a page of 100 at a time). */
  async resolveCodeLens(lens: vscode.CodeLens & { topicKey?: string; connection?: Connection }): Promise<vscode.CodeLens> {
    if (lens.command || !lens.topicKey || !lens.connection) return lens;
    const key = `${lens.connection.id}:${lens.topicKey}`;
    let counted = this.counts.get(key);
    if (!counted) {
      const connection = lens.connection;
      const topicKey = lens.topicKey;
      counted = (async () => {
        const client = await this.shared.manager.clientFor(connection);
        if (!client) return undefined;
        let more = false;
        const controller = new AbortController();
        const read = await readAllSubscriptions(client, topicKey, { signal: controller.signal, onPage: (n) => n >= 2_000 && ((more = true), controller.abort()) }).catch((error: unknown) => (more ? [] : Promise.reject(error)));
        return { count: more ? 2_000 : read.length, more };
      })().catch(() => undefined);
      this.counts.set(key, counted);
      setTimeout(() => this.counts.delete(key), 60_000);
    }
    const result = await counted;
    const name = noIcons(plain(lens.topicKey));
    const count = !result ? vscode.l10n.t('subscriptions not counted') : result.more ? vscode.l10n.t('more than {0} subscriptions', result.count) : result.count === 1 ? vscode.l10n.t('1 subscription') : vscode.l10n.t('{0} subscriptions', result.count);
    lens.command = {
      title: `$(organization) ${vscode.l10n.t('Topic {0}: {1} · the actor and subscribers named in to are left out of its fan-out', name, count)}`,
      command: '',
      tooltip: vscode.l10n.t('A send to a topic reaches each of its subscribers once, but never the trigger\'s actor, anyone in exclude, or a subscriber named directly in to (who gets their own run). Conditions and context may filter more: see the dry run.'),
    };
    return lens;
  }

  dispose(): void {
    for (const p of this.panels.values()) p.panel.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}

function subscriberIdOf(value: unknown): string | undefined {
  if (value instanceof SubscriptionNode) return value.subscriberId;
  if (typeof value === 'string') return value;
  const subscriber = value && typeof value === 'object' ? (value as { subscriber?: { subscriberId?: unknown } }).subscriber : undefined;
  return typeof subscriber?.subscriberId === 'string' ? subscriber.subscriberId : undefined;
}

function notificationOf(value: unknown): Notification | undefined {
  const n = value && typeof value === 'object' && 'notification' in value ? (value as { notification: unknown }).notification : value;
  return n && typeof n === 'object' && typeof (n as { _id?: unknown })._id === 'string' ? (n as Notification) : undefined;
}
