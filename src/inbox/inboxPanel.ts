/**
 * One subscriber's Inbox as the Novu server holds it (contract §13), in a panel: the tabs of Novu's
 * Inbox component, in one context (or every one), with the bell's unread count. Each action on an
 * item changes the subscriber's REAL Inbox: it is asked first in a modal question naming the
 * connection, and sent with one idempotency key (reused by the client's retries). The service's
 * answer replaces the item; an item that no longer belongs to the tab leaves it.
 */
import * as vscode from 'vscode';
import { isAbortError, type NovuClient } from '../api';
import { listContexts, contextKey } from '../api/contexts';
import { actOnInboxItem, countUnread, listInbox, type InboxAction, type InboxContext, type InboxItem, type InboxTab } from '../api/inbox';
import type { Connection } from '../connections/connection';
import { formatTime } from '../format/time';
import { l10n } from '../l10n';
import { HostedPanel } from '../panels/hostedPanel';
import { PanelHost, type PanelServices } from '../panels/panelHost';
import type { PanelError } from '../panels/protocol';
import { hasBidiControls, showControls } from '../rendered/linkSafety';
import { describeFeatureError, isMissingRoute } from '../ui/missingRoute';
import type { Prompter } from '../ui/prompter';
import { inboxWebviewMessageSchema, type InboxItemError, type InboxLinkKind, type InboxPanelState, type InboxRequests, type InboxView, type SnoozeChoice } from './inboxProtocol';
import {
  actionsOf,
  applyAnswer,
  confirmation,
  contextChoices,
  contextFromRequest,
  contextLabel,
  contextText,
  doneWords,
  focusNote,
  itemName,
  itemUrl,
  itemView,
  pendingWords,
  snoozeUntil,
  tabLabel,
} from './inboxView';

/** What the panel is opened on: a run's message, in a context. */
export interface InboxFocus {
  transactionId?: string;
  context?: InboxContext;
}

export interface InboxActions {
  /** The prompter of the moment (integration tests replace it with a scripted one). */
  prompter: () => Prompter;
  /** Opens a run's panel (the notification of that transaction). */
  openNotification(idOrTransactionId: string, connectionId: string): unknown;
}

/** What the panel shows now, for tests. */
export interface InboxCurrent {
  tab: InboxTab;
  context: InboxContext;
  items: { id: string; transactionId?: string; isRead: boolean; isSeen: boolean; isArchived: boolean; isSnoozed: boolean; snoozedUntil?: string; primaryCompleted?: boolean; secondaryCompleted?: boolean }[];
  unread: number | undefined;
  hasMore: boolean;
  busy: boolean;
  /** The failure shown, the whole panel's or a banner's. */
  error?: string;
  /** The refusals shown at items, by item id. */
  itemErrors: Record<string, string>;
  focus?: { transactionId: string; found: boolean; note?: string };
  /** The id of the item of the run the panel was opened on, when it is shown. */
  focused?: string;
}

/** Pages read to find the run the panel was opened on (the newest 100 of the tab). */
const FOCUS_PAGES = 5;
/** Items read per probe when the run's message is not in the tab: which other tab or context holds it. */
const PROBE_LIMIT = 100;
const LISTED_CONTEXTS = 50;

interface FocusState {
  transactionId: string;
  seq: number;
  /** Where else the message was found, or why not (when it is not in the items shown). */
  note?: string;
  otherTab?: InboxTab;
}

export class InboxPanel extends HostedPanel<InboxRequests, InboxPanelState> {
  protected readonly host: PanelHost<InboxRequests, InboxPanelState>;
  private tab: InboxTab = 'all';
  private context: InboxContext = { kind: 'any' };
  /** The tab and context the items were read in (they differ from the above while another loads). */
  private shown: { tab: InboxTab; context: InboxContext } | undefined;
  private items: InboxItem[] | undefined;
  private hasMore = false;
  private unread: number | undefined;
  private unreadProblem: string | undefined;
  private listedKeys: string[] | undefined;
  private contextsNote: string | undefined;
  private loadError: PanelError | undefined;
  private banner: PanelError | undefined;
  private busy = false;
  private loadingMore = false;
  private readonly pending = new Map<string, string>();
  private readonly itemErrors = new Map<string, InboxItemError>();
  private focused: FocusState | undefined;
  private focusSeq = 0;
  private readAt = '';
  private controller: AbortController | undefined;
  private moreController: AbortController | undefined;
  private generation = 0;

  constructor(
    panel: vscode.WebviewPanel,
    readonly subscriberId: string,
    connection: Connection,
    private readonly services: PanelServices,
    private readonly actions: InboxActions,
    focus?: InboxFocus,
  ) {
    super(panel, connection);
    this.host = new PanelHost<InboxRequests, InboxPanelState>({
      panel,
      connection,
      services,
      // l10n-ignore: how the log names the panel (the log stays in English)
      name: `inbox panel of ${subscriberId}`,
      html: { title: panel.title, script: 'inbox', stylesheet: 'inbox.css', data: { 'subscriber-id': subscriberId } },
      schema: inboxWebviewMessageSchema,
      state: () => this.state,
      handlers: {
        refresh: async () => {
          this.listedKeys = undefined;
          await this.load();
          return null;
        },
        setTab: async ({ tab }) => {
          this.tab = tab;
          await this.load();
          return null;
        },
        setContext: async ({ context }) => {
          const parsed = contextFromRequest(context);
          if ('problem' in parsed) throw new Error(parsed.problem);
          this.context = parsed;
          await this.load();
          return null;
        },
        loadMore: async () => {
          await this.loadMore();
          return null;
        },
        act: ({ itemId, action, snooze }) => this.act(itemId, action, snooze),
        openRun: ({ transactionId }) => {
          const known = this.focused?.transactionId === transactionId || (this.items ?? []).some((i) => i.transactionId === transactionId);
          if (!known) throw new Error(l10n.t('That run is not shown in this panel.'));
          void this.actions.openNotification(transactionId, connection.id);
          return null;
        },
        openLink: ({ itemId, which }) => this.openLink(itemId, which),
      },
      reload: () => this.load(),
      notFound: () => ({ title: l10n.t('Not found'), message: l10n.t('The subscriber "{0}" or the message is not in "{1}".', showControls(subscriberId), connection.name) }),
      loadFailedTitle: l10n.t('Could not read the Inbox'),
    });
    this.host.onDidDispose(() => this.dispose());
    if (focus) this.applyFocus(focus);
    void this.load();
  }

  get state(): InboxPanelState {
    if (this.loadError) return { kind: 'error', subscriberId: this.subscriberId, error: this.loadError };
    if (!this.items) return { kind: 'loading', subscriberId: this.subscriberId, connectionName: this.connection.name };
    return { kind: 'loaded', view: this.view(this.items) };
  }

  /** What the panel shows now (integration tests read it). */
  get current(): InboxCurrent {
    const items = this.items ?? [];
    const shownError = this.loadError ?? this.banner;
    return {
      tab: this.tab,
      context: this.context,
      items: items.map((i) => ({
        id: i.id,
        ...(i.transactionId ? { transactionId: i.transactionId } : {}),
        isRead: i.isRead === true,
        isSeen: i.isSeen === true,
        isArchived: i.isArchived === true,
        isSnoozed: i.isSnoozed === true,
        ...(i.snoozedUntil ? { snoozedUntil: i.snoozedUntil } : {}),
        ...(i.primaryAction ? { primaryCompleted: i.primaryAction.isCompleted === true } : {}),
        ...(i.secondaryAction ? { secondaryCompleted: i.secondaryAction.isCompleted === true } : {}),
      })),
      unread: this.unread,
      hasMore: this.hasMore,
      busy: this.busy || this.loadingMore || this.pending.size > 0,
      ...(shownError ? { error: shownError.errorId ? `${shownError.message} (${shownError.errorId})` : shownError.message } : {}),
      itemErrors: Object.fromEntries([...this.itemErrors].map(([id, e]) => [id, e.message])),
      ...(this.focused && items.some((i) => i.transactionId === this.focused?.transactionId) ? { focused: items.find((i) => i.transactionId === this.focused?.transactionId)?.id } : {}),
      ...(this.focused ? { focus: { transactionId: this.focused.transactionId, found: items.some((i) => i.transactionId === this.focused?.transactionId), ...(this.focused.note ? { note: this.focused.note } : {}) } } : {}),
    };
  }

  private view(items: InboxItem[]): InboxView {
    const nowMs = Date.now();
    const locale = vscode.env.language;
    const focus = this.focused;
    const found = focus !== undefined && items.some((i) => i.transactionId === focus.transactionId);
    return {
      subscriberId: this.subscriberId,
      connectionName: this.connection.name,
      tab: this.tab,
      context: this.context,
      contextLabel: showControls(contextLabel(this.context)),
      contextText: contextText(this.context),
      contextChoices: contextChoices(this.listedKeys ?? [], this.context),
      ...(this.contextsNote ? { contextsNote: this.contextsNote } : {}),
      ...(this.unread !== undefined ? { unread: this.unread } : {}),
      ...(this.unreadProblem ? { unreadProblem: this.unreadProblem } : {}),
      items: items.map((item) =>
        itemView(item, {
          nowMs,
          locale,
          ...(focus ? { focusedTransactionId: focus.transactionId } : {}),
          ...(this.pending.has(item.id) ? { pending: this.pending.get(item.id) } : {}),
          ...(this.itemErrors.has(item.id) ? { error: this.itemErrors.get(item.id) } : {}),
        }),
      ),
      hasMore: this.hasMore,
      busy: this.busy,
      loadingMore: this.loadingMore,
      ...(focus ? { focus: { transactionId: focus.transactionId, found, seq: focus.seq, ...(!found && focus.note ? { note: focus.note } : {}), ...(!found && focus.otherTab ? { otherTab: focus.otherTab } : {}) } } : {}),
      ...(this.banner ? { banner: this.banner } : {}),
      readAt: this.readAt,
    };
  }

  private applyFocus(focus: InboxFocus): void {
    if (focus.transactionId) this.focused = { transactionId: focus.transactionId, seq: ++this.focusSeq };
    if (focus.context) this.context = focus.context;
    // A run's message is looked for where the Inbox shows it first.
    this.tab = 'all';
  }

  /** Shows the run's message (in its context, when given), reading the Inbox again. */
  async focus(focus: InboxFocus): Promise<void> {
    this.applyFocus(focus);
    await this.load();
  }

  /** Reads the tab in the context (and the count, and the contexts the picker offers); a newer load cancels an older one. */
  async load(): Promise<void> {
    this.controller?.abort();
    this.moreController?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const generation = ++this.generation;
    const { signal } = controller;
    const tab = this.tab;
    const context = this.context;
    this.busy = true;
    this.loadingMore = false;
    this.host.publish();
    try {
      const client = await this.host.client();
      const side = Promise.all([this.listedKeys === undefined ? this.readContexts(client, signal) : Promise.resolve(), this.readCount(client, context, signal)]);
      const first = await this.readFirst(client, tab, context, signal);
      const focus = await this.locateFocus(client, tab, context, first, signal);
      await side;
      if (signal.aborted) return;
      this.items = first.items;
      this.hasMore = first.hasMore;
      this.shown = { tab, context };
      if (this.focused && focus) this.focused = { ...this.focused, ...focus };
      this.loadError = undefined;
      this.banner = undefined;
      this.itemErrors.clear();
      this.readAt = formatTime(new Date().toISOString(), vscode.env.language).local ?? '';
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return;
      this.services.log.error(`Could not read the Inbox of ${this.subscriberId}`, error);
      const panelError = this.errorOf(error);
      if (this.items && this.shown && !isMissingRoute(error)) {
        // What was shown stays, with the tab and context it was read in; the failure is said above it.
        this.banner = { ...panelError, title: l10n.t('Could not read the {0} tab in {1}', tabLabel(tab), showControls(contextLabel(context))) };
        this.tab = this.shown.tab;
        this.context = this.shown.context;
      } else this.loadError = panelError;
    } finally {
      if (this.generation === generation) {
        this.busy = false;
        this.controller = undefined;
        this.host.publish();
      }
    }
  }

  private errorOf(error: unknown): PanelError {
    if (isMissingRoute(error)) return { title: l10n.t('Not available on this server'), message: describeFeatureError(error, 'inbox').message, details: [], actions: ['switchConnection'] };
    return this.host.errorOf(error);
  }

  /** The first page of the tab; more pages (up to FOCUS_PAGES) while the run looked for is not among them. */
  private async readFirst(client: NovuClient, tab: InboxTab, context: InboxContext, signal: AbortSignal): Promise<{ items: InboxItem[]; hasMore: boolean }> {
    const items: InboxItem[] = [];
    let hasMore = false;
    const wanted = this.focused?.transactionId;
    for (let page = 0; page < (wanted ? FOCUS_PAGES : 1); page++) {
      const after = items.at(-1)?.id;
      const answer = await listInbox(client, this.subscriberId, { tab, context, ...(after ? { after } : {}) }, { signal });
      items.push(...answer.data.filter((i) => !items.some((held) => held.id === i.id)));
      hasMore = answer.hasMore === true && answer.data.length > 0;
      if (!hasMore || (wanted && items.some((i) => i.transactionId === wanted))) break;
    }
    return { items, hasMore };
  }

  /** Where the run's message is when it is not in the items read: another tab, another context, or nowhere. */
  private async locateFocus(client: NovuClient, tab: InboxTab, context: InboxContext, first: { items: InboxItem[]; hasMore: boolean }, signal: AbortSignal): Promise<Pick<FocusState, 'note' | 'otherTab'> | undefined> {
    const wanted = this.focused?.transactionId;
    if (!wanted) return undefined;
    if (first.items.some((i) => i.transactionId === wanted)) return { note: undefined, otherTab: undefined };
    if (first.hasMore) return { note: focusNote({ kind: 'notAmongNewest', count: first.items.length }), otherTab: undefined };
    const holds = async (t: InboxTab, c: InboxContext) => (await listInbox(client, this.subscriberId, { tab: t, context: c, limit: PROBE_LIMIT }, { signal })).data.some((i) => i.transactionId === wanted);
    try {
      for (const other of (['all', 'archived', 'snoozed'] as const).filter((t) => t !== tab)) {
        if (await holds(other, context)) return { note: focusNote({ kind: 'otherTab', tab: other }), otherTab: other };
      }
      if (context.kind !== 'any') {
        for (const other of ['all', 'archived', 'snoozed'] as const) {
          if (await holds(other, { kind: 'any' })) return { note: focusNote({ kind: 'otherContext', context }), otherTab: undefined };
        }
      }
    } catch (error) {
      if (signal.aborted || isAbortError(error)) throw error;
      this.services.log.warn(`Could not look for the run's message in the other tabs of ${this.subscriberId}: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { note: focusNote({ kind: 'nowhere', context }), otherTab: undefined };
  }

  /** The bell's count in the context; a failure is said beside it, not as the panel's. */
  private async readCount(client: NovuClient, context: InboxContext, signal: AbortSignal): Promise<void> {
    try {
      const count = await countUnread(client, this.subscriberId, context, { signal });
      if (signal.aborted) return;
      this.unread = count;
      this.unreadProblem = undefined;
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return;
      this.unread = undefined;
      this.unreadProblem = describeFeatureError(error, 'inbox').message;
    }
  }

  /** The contexts the picker offers (the newest 50); a server without contexts leaves typing keys. */
  private async readContexts(client: NovuClient, signal: AbortSignal): Promise<void> {
    try {
      const page = await listContexts(client, { limit: LISTED_CONTEXTS }, { signal });
      if (signal.aborted) return;
      this.listedKeys = page.data.map(contextKey);
      this.contextsNote = undefined;
    } catch (error) {
      if (signal.aborted || isAbortError(error)) return;
      this.listedKeys = [];
      this.contextsNote = l10n.t('The contexts could not be listed ({0}); type their keys instead.', describeFeatureError(error, 'contexts').message);
    }
  }

  private async loadMore(): Promise<void> {
    const items = this.items;
    const shown = this.shown;
    if (!items || !shown || !this.hasMore || this.loadingMore || this.busy) return;
    const after = items.at(-1)?.id;
    const generation = this.generation;
    const controller = new AbortController();
    this.moreController = controller;
    this.loadingMore = true;
    this.host.publish();
    try {
      const client = await this.host.client();
      const page = await listInbox(client, this.subscriberId, { tab: shown.tab, context: shown.context, ...(after ? { after } : {}) }, { signal: controller.signal });
      if (generation !== this.generation || !this.items) return;
      const held = new Set(this.items.map((i) => i.id));
      this.items = [...this.items, ...page.data.filter((i) => !held.has(i.id))];
      this.hasMore = page.hasMore === true && page.data.length > 0;
      this.banner = undefined;
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error) || generation !== this.generation) return;
      this.services.log.error(`Could not read more of the Inbox of ${this.subscriberId}`, error);
      this.banner = { ...this.errorOf(error), title: l10n.t('Could not load more') };
    } finally {
      if (this.moreController === controller) this.moreController = undefined;
      if (generation === this.generation) {
        this.loadingMore = false;
        this.host.publish();
      }
    }
  }

  /** One action on one item (the webview's buttons; tests call it): asked first, sent once (one idempotency key), the item replaced by the answer. */
  async act(itemId: string, action: InboxAction, snooze?: SnoozeChoice): Promise<InboxRequests['act']['reply']> {
    const item = this.items?.find((i) => i.id === itemId);
    if (!item || !this.shown) throw new Error(l10n.t('That message is no longer shown: Refresh and try again.'));
    if (this.pending.has(itemId)) throw new Error(l10n.t('Wait until the change to this message is done.'));
    if (!actionsOf(item).some((a) => a.action === action)) throw new Error(l10n.t('This message does not offer that action now: Refresh and try again.'));
    let until: string | undefined;
    if (action === 'snooze') {
      const computed = snoozeUntil(snooze ?? { kind: 'hour' }, Date.now());
      if ('problem' in computed) throw new Error(computed.problem);
      until = computed.iso;
    }
    const question = confirmation(action, item, { subscriberId: this.subscriberId, connectionName: this.connection.name }, until ? formatTime(until, vscode.env.language).local : undefined);
    if (!(await this.actions.prompter().confirm(question.text, question.button, question.detail))) return { outcome: 'declined' };
    const shown = this.shown;
    const generation = this.generation;
    const name = itemName(item);
    // One key for this one action: the client's retries reuse it, so the service applies it once.
    const idempotencyKey = globalThis.crypto.randomUUID();
    this.pending.set(itemId, pendingWords(action));
    this.itemErrors.delete(itemId);
    this.host.publish();
    try {
      const client = await this.host.client();
      const answer = await actOnInboxItem(client, this.subscriberId, itemId, action, { context: shown.context, ...(until ? { snoozeUntil: until } : {}) }, { idempotencyKey });
      let stillInTab = action !== 'delete';
      if (this.items && generation === this.generation) {
        this.items = applyAnswer(this.items, itemId, answer, shown.tab);
        stillInTab = this.items.some((i) => i.id === itemId);
      }
      this.pending.delete(itemId);
      this.banner = undefined;
      await this.readCount(client, shown.context, new AbortController().signal);
      return { outcome: 'done', message: doneWords(action, name, stillInTab) };
    } catch (error) {
      this.pending.delete(itemId);
      this.services.log.error(`Could not ${action} an Inbox item of ${this.subscriberId}`, error);
      const described = describeFeatureError(error, 'inbox');
      const unanswered = described.kind === 'network' || described.kind === 'timeout';
      const message = unanswered
        ? l10n.t('Not confirmed: {0} The service may have applied it anyway; Refresh shows what it holds.', described.message)
        : l10n.t('Not done: {0}', described.message);
      this.itemErrors.set(itemId, { message, details: described.details, ...(described.errorId ? { errorId: described.errorId } : {}) });
      return { outcome: 'failed', message };
    } finally {
      this.host.publish();
    }
  }

  /** An address of an item: opened in the browser only after asking, shown in full, http(s) only. */
  private async openLink(itemId: string, which: InboxLinkKind): Promise<null> {
    const item = this.items?.find((i) => i.id === itemId);
    const url = item && itemUrl(item, which);
    if (!url) throw new Error(l10n.t('That message has no such address.'));
    const prompter = this.actions.prompter();
    const shownUrl = showControls(url.slice(0, 2000));
    let parsed: vscode.Uri | undefined;
    try {
      parsed = /^https?:\/\//i.test(url) ? vscode.Uri.parse(url, true) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!parsed) {
      await prompter.message('warning', l10n.t('Not opened: {0} is not an http(s) address.', shownUrl));
      return null;
    }
    const detail = hasBidiControls(url)
      ? l10n.t('This address hides its real order with direction controls (shown as \\u…): it is not what it seems to read.')
      : l10n.t('The address comes from the message, as the service holds it.');
    if (await prompter.confirm(l10n.t('Open this address in the browser? {0}', shownUrl), l10n.t('Open in Browser'), detail)) await vscode.env.openExternal(parsed);
    return null;
  }

  dispose(): void {
    this.controller?.abort();
    this.moreController?.abort();
    this.host.dispose();
  }
}

