/**
 * Who a topic send reaches (contract §11), in a panel beside what it is about: the review of a send
 * to a topic (a dry run of its body as it is now, worked out again as it is edited: nothing is ever
 * sent from here), or a past send (its runs against the topic's subscriptions now). It reads with
 * GETs only: the subscriptions once (Refresh reads them again), the workflow, and what conditions
 * read; each edit of the body is worked out again without a request.
 */
import * as vscode from 'vscode';
import type { Notification, NovuClient } from '../api';
import type { Subscription } from '../api/topics';
import { pastTopicSend } from '../audience/pastTopicSend';
import { readAllSubscriptions, readLookups, readReachWorkflow } from '../audience/reachRead';
import { looksContextScoped, topicReach, type TopicReach } from '../audience/topicReach';
import { topicSendOf } from '../audience/topicSend';
import type { Connection } from '../connections/connection';
import { formatTime } from '../format/time';
import { HostedPanel } from '../panels/hostedPanel';
import { PanelHost, type PanelServices } from '../panels/panelHost';
import type { PanelError } from '../panels/protocol';
import { describeFeatureError, isMissingRoute } from '../ui/missingRoute';
import type { ReachPanelState, ReachRequests, ReachView } from './reachProtocol';
import { reachWebviewMessageSchema } from './reachSchemas';
import { dryRunView, pastSendView } from './reachView';

export const REACH_PANEL_TYPE = 'novuExplorer.reach';

export type ReachSource = { kind: 'review'; document: vscode.TextDocument } | { kind: 'past'; notification: Notification };

const EDIT_SETTLE_MS = 300;

export class ReachPanel extends HostedPanel<ReachRequests, ReachPanelState> {
  protected readonly host: PanelHost<ReachRequests, ReachPanelState>;
  private view: ReachView | undefined;
  private error: PanelError | undefined;
  private progress = '';
  private busy = false;
  /** Context scoping chosen by the person; undefined: inferred from the subscriptions. */
  private scoped: boolean | undefined;
  private readonly subscriptions = new Map<string, Subscription[]>();
  private readonly workflows = new Map<string, Awaited<ReturnType<typeof readReachWorkflow>>>();
  private readonly records = new Map<string, Record<string, unknown>>();
  private controller: AbortController | undefined;
  private readonly listeners: vscode.Disposable[] = [];
  private settle: ReturnType<typeof setTimeout> | undefined;

  constructor(
    panel: vscode.WebviewPanel,
    readonly source: ReachSource,
    connection: Connection,
    private readonly services: PanelServices,
    private readonly openRun: (runId: string, connectionId: string) => unknown,
  ) {
    super(panel, connection);
    this.host = new PanelHost<ReachRequests, ReachPanelState>({
      panel,
      connection,
      services,
      // l10n-ignore: how the log names the panel (the log stays in English)
      name: 'reach panel',
      html: { title: panel.title, script: 'reach', stylesheet: 'reach.css', data: {} },
      schema: reachWebviewMessageSchema,
      state: () => this.state,
      handlers: {
        refresh: async () => {
          this.subscriptions.clear();
          this.workflows.clear();
          this.records.clear();
          await this.load();
          return null;
        },
        setContextScoped: async ({ value }) => {
          this.scoped = value;
          await this.load();
          return null;
        },
        openRun: ({ runId }) => {
          void this.openRun(runId, connection.id);
          return null;
        },
      },
      reload: () => this.load(),
      notFound: () => ({ title: vscode.l10n.t('Not found'), message: vscode.l10n.t('The topic or the run is not in "{0}".', connection.name) }),
      loadFailedTitle: vscode.l10n.t('Could not work out who it reaches'),
    });
    if (source.kind === 'review') {
      // The body is worked out again as it is edited (a moment after the last keystroke).
      this.listeners.push(
        vscode.workspace.onDidChangeTextDocument((e) => {
          if (e.document !== source.document || e.contentChanges.length === 0) return;
          clearTimeout(this.settle);
          this.settle = setTimeout(() => void this.load(), EDIT_SETTLE_MS);
        }),
      );
    }
    this.host.onDidDispose(() => this.dispose());
    void this.load();
  }

  get state(): ReachPanelState {
    if (this.error) return { kind: 'error', title: this.panel.title, error: this.error };
    if (!this.view) return { kind: 'loading', title: this.panel.title, progress: this.progress };
    return { kind: 'loaded', view: this.view, busy: this.busy };
  }

  /** What the panel shows now (tests read it). */
  get current(): ReachView | undefined {
    return this.view;
  }

  private setProgress(text: string): void {
    this.progress = text;
    if (!this.view) this.host.publish();
  }

  /** Reads what is missing and works the result out again; a newer load cancels an older one. */
  async load(): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const client = await this.services.manager.clientFor(this.connection);
    if (!client) return;
    this.busy = true;
    this.host.publish();
    try {
      const view = this.source.kind === 'review' ? await this.dryRun(client, this.source.document, controller.signal) : await this.past(client, this.source.notification, controller.signal);
      if (controller.signal.aborted) return;
      this.view = view;
      this.error = undefined;
    } catch (error) {
      if (controller.signal.aborted) return;
      this.services.log.error('Could not work out who a topic send reaches', error);
      if (isMissingRoute(error)) this.error = { title: vscode.l10n.t('Not available on this server'), message: describeFeatureError(error, 'topics').message, details: [], actions: ['switchConnection'] };
      else this.error = this.host.errorOf(error);
    } finally {
      if (this.controller === controller) {
        this.busy = false;
        this.controller = undefined;
        this.host.publish();
      }
    }
  }

  private async topicSubscriptions(client: NovuClient, topicKey: string, signal: AbortSignal): Promise<Subscription[]> {
    const held = this.subscriptions.get(topicKey);
    if (held) return held;
    const read = await readAllSubscriptions(client, topicKey, { signal, onPage: (n) => this.setProgress(vscode.l10n.t('Reading the subscriptions of {0}: {1} so far…', topicKey, n)) });
    this.subscriptions.set(topicKey, read);
    return read;
  }

  private async workflow(client: NovuClient, identifier: string, signal: AbortSignal) {
    const held = this.workflows.get(identifier);
    if (held) return held;
    const read = await readReachWorkflow(client, identifier, signal);
    this.workflows.set(identifier, read);
    return read;
  }

  private async dryRun(client: NovuClient, document: vscode.TextDocument, signal: AbortSignal): Promise<ReachView> {
    let body: unknown;
    const problems: string[] = [];
    try {
      body = JSON.parse(document.getText());
    } catch (error) {
      problems.push(vscode.l10n.t('The body is not valid JSON ({0}): fix it, and the dry run follows.', error instanceof Error ? error.message : String(error)));
    }
    const send = body === undefined ? undefined : topicSendOf(body);
    if (body !== undefined && !send) problems.push(vscode.l10n.t('The body sends to no topic: give to a recipient { "type": "Topic", "topicKey": "…" }.'));
    if (!send) {
      // The last result stays in view while the body is being fixed, with what is wrong said above it.
      if (this.view) return { ...this.view, problems };
      return { mode: 'dryRun', title: this.panel.title, scope: this.connection.name, note: '', counts: { reached: 0, filtered: 0, direct: 0, subscriptions: 0 }, assumptions: [], contextScoped: false, problems, rows: [], more: 0 };
    }
    const workflow = await this.workflow(client, send.workflow, signal);
    const all: { topicKey: string; subscriptions: Subscription[] }[] = [];
    for (const topicKey of send.topicKeys) all.push({ topicKey, subscriptions: await this.topicSubscriptions(client, topicKey, signal) });
    const flat = all.flatMap((t) => t.subscriptions);
    const inferred = this.scoped === undefined;
    const contextScoped = this.scoped ?? looksContextScoped(flat);
    const lookups = await readLookups(client, flat, { workflow, actor: send.actor, context: send.context }, { signal, records: this.records, onRecord: (n, of) => this.setProgress(vscode.l10n.t('Reading the subscribers the conditions read: {0} of {1}…', n, of)) });
    const started = performance.now();
    const results: { topicKey: string; reach: TopicReach }[] = all.map((t) => ({
      topicKey: t.topicKey,
      reach: topicReach(t.subscriptions, { workflow, payload: send.payload, actor: send.actor, context: send.context, exclude: send.exclude, direct: send.direct, contextScoped }, lookups),
    }));
    this.services.log.info(`Dry run of ${flat.length} subscriptions worked out in ${Math.round(performance.now() - started)} ms.`);
    return dryRunView({ workflow: send.workflow, workflowFound: workflow.found, connection: this.connection.name, readAt: formatTime(new Date().toISOString(), vscode.env.language).local ?? '', results, contextScoped, inferred, unread: lookups.unread, problems });
  }

  private async past(client: NovuClient, notification: Notification, signal: AbortSignal): Promise<ReachView> {
    const topicKey = notification.topics?.find((t) => t.topicKey)?.topicKey;
    if (!topicKey || !notification.transactionId) throw new Error(vscode.l10n.t('This run was not sent to a topic.'));
    const identifier = notification.template?.triggers?.[0]?.identifier ?? notification.template?._id ?? '';
    const [workflow, subscriptions, runs] = await Promise.all([
      this.workflow(client, identifier, signal),
      this.topicSubscriptions(client, topicKey, signal),
      readTransactionRuns(client, notification.transactionId, signal),
    ]);
    const inferred = this.scoped === undefined;
    const contextScoped = this.scoped ?? looksContextScoped(subscriptions);
    const lookups = await readLookups(client, subscriptions, { workflow, context: Object.fromEntries((notification.contextKeys ?? []).map((k) => [k.slice(0, k.indexOf(':')), k.slice(k.indexOf(':') + 1)])) }, { signal, records: this.records });
    const past = pastTopicSend(notification, runs, topicKey, subscriptions, workflow, lookups, contextScoped);
    const language = vscode.env.language;
    return pastSendView(past, { workflow: notification.template?.name ?? identifier, connection: this.connection.name, readAt: formatTime(new Date().toISOString(), language).local ?? '', sentAt: formatTime(notification.createdAt, language).local ?? '', contextKeys: notification.contextKeys ?? [], contextScoped, inferred });
  }

  dispose(): void {
    this.controller?.abort();
    clearTimeout(this.settle);
    for (const l of this.listeners) l.dispose();
    this.listeners.length = 0;
    this.host.dispose();
  }
}

/** Every run of a transaction: a page of 50 at a time (the list's most), newest first. */
async function readTransactionRuns(client: NovuClient, transactionId: string, signal: AbortSignal): Promise<Notification[]> {
  const runs: Notification[] = [];
  for (let page = 0; page < 200; page++) {
    const answer = await client.listNotifications({ transactionId, limit: 50, page }, { signal });
    runs.push(...answer.data);
    if (!answer.hasMore || answer.data.length === 0) break;
  }
  return runs;
}
