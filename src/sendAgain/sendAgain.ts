/**
 * Send Again and Cancel Pending (issue 16, contract §7). Send Again opens the trigger built from a
 * notification in an untitled JSON editor (with the trigger body's schema), where Send and Cancel
 * sit above the body with the connection it goes to. Send checks the JSON first (problems at their
 * fields, nothing sent), asks a modal confirmation (twice for production), sends with one
 * idempotency key for the action, says the trigger's status truthfully, and follows the new run
 * until it appears, then opens it beside the original. Links and deep links never come here: only a
 * person pressing Send or Cancel Pending Steps does. Trigger Workflow… (issue 25) opens the same
 * review with a new body whose payload starts from the workflow's schema and is checked against it.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Commands } from '../commands';
import { NovuApiError, type Notification, type NovuClient, type TriggerBody, type Workflow, trigger } from '../api';
import { regionLabel, type Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import { describeError, formatErrorLine } from '../ui/errors';
import type { Prompter } from '../ui/prompter';
import { noIcons } from '../ui/text';
import type { PlacedProblem } from '../format/jsonText';
import { checkReviewPayload, checkReviewText, placeServiceErrors } from './reviewCheck';
import { payloadSkeleton } from '../format/payloadSchema';
import { PayloadSchemas } from './payloadSchemas';
import type { SentAgainLinks } from './sendAgainLinks';
import { contextKeysOf } from '../api/contexts';
import { topicKeysOf } from '../audience/topicSend';
import { REVIEW_SUFFIX, buildTriggerBody, describeTriggerResult, type TriggerOutcome } from '../format/triggerBody';

export { REVIEW_SUFFIX };
const REVIEW_CONTEXT = 'novuExplorer.triggerReviewActive';

/** How the new run is looked for: first after 1 s, backing off, given up after about 30 s. */
export interface FollowTimings {
  firstMs: number;
  factor: number;
  maxMs: number;
  giveUpMs: number;
}

interface Review {
  uri: vscode.Uri;
  connection: Connection;
  /** The notification sent again; none for a workflow's own trigger. */
  original?: Notification;
  /** A workflow's own trigger: its identifier and payload schema (checked before Send). */
  target?: { identifier: string; payloadSchema: unknown };
  workflow: string;
  subscriber: string;
  /** Where the new run's panel goes: the review's own column. */
  column: vscode.ViewColumn | undefined;
  sending: boolean;
}

/** What pressing Send came to (tests read it; the user reads the messages). */
export type SendResult =
  | { kind: 'invalid'; problems: PlacedProblem[] }
  | { kind: 'declined' }
  | { kind: 'failed'; message: string }
  | { kind: 'notStarted'; outcome: TriggerOutcome }
  | { kind: 'notFound'; transactionId: string }
  | { kind: 'sent'; transactionId: string; notificationId: string };

/** What the agent's Send Again came to: the tool puts it in words. */
export type AgentSendResult =
  | { kind: 'problem'; message: string }
  | { kind: 'declined' }
  | { kind: 'noKey' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'notStarted'; outcome: TriggerOutcome }
  | { kind: 'notFound'; outcome: TriggerOutcome; transactionId: string; stopped: boolean; lookupError?: unknown }
  | { kind: 'sent'; outcome: TriggerOutcome; transactionId: string; notification: Notification };

export interface SendAgainDeps {
  manager: ConnectionManager;
  prompter: () => Prompter;
  links: SentAgainLinks;
  /** Opens a notification's panel (with the notification when it is in hand) in `column`. */
  openPanel(notification: Notification, connection: Connection, column: vscode.ViewColumn | undefined): void;
  /** A trigger was started for this workflow and recipient (Trigger… suggests it next time). */
  onTriggered?(connectionId: string, workflow: string, to: TriggerBody['to']): void;
}

export class SendAgain implements vscode.Disposable, vscode.CodeLensProvider {
  private readonly reviews = new Map<string, Review>();
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('novu-send-again');
  /** The payload schemas of the workflows under review, for VS Code's JSON checks as they type. */
  private readonly schemas = new PayloadSchemas();
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly subscriptions: vscode.Disposable[];
  private counter = 0;
  /** Why the last look for a new run failed, when it did (said with "did not appear"). */
  private lastFollowFailure: unknown;
  /** Tests shorten the wait. */
  follow: FollowTimings = { firstMs: 1000, factor: 1.5, maxMs: 8000, giveUpMs: 30_000 };

  constructor(private readonly deps: SendAgainDeps) {
    this.subscriptions = [
      vscode.languages.registerCodeLensProvider({ scheme: 'untitled', pattern: `**/*${REVIEW_SUFFIX}` }, this),
      vscode.workspace.onDidCloseTextDocument((doc) => this.forget(doc.uri)),
      vscode.window.onDidChangeActiveTextEditor((editor) => this.updateContext(editor)),
      // An edit clears the problems shown for the text before it (they are checked again on Send).
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.reviews.has(e.document.uri.toString()) && e.contentChanges.length > 0) this.diagnostics.delete(e.document.uri);
      }),
    ];
  }

  /** The open review documents (tests look at them). */
  get openReviews(): { uri: vscode.Uri; connectionId: string; originalId: string | undefined; workflow: string | undefined }[] {
    return [...this.reviews.values()].map((r) => ({ uri: r.uri, connectionId: r.connection.id, originalId: r.original?._id, workflow: r.target?.identifier }));
  }

  /**
   * Opens the trigger that would send `notification` again, for review. Nothing is sent until Send
   * is pressed and confirmed.
   */
  async review(notification: Notification, connection: Connection, to?: string): Promise<vscode.TextEditor | undefined> {
    const built = buildTriggerBody(notification, newTransactionId());
    if ('problem' in built) {
      void this.deps.prompter().message('warning', built.problem);
      return undefined;
    }
    const workflow = notification.template?.name || built.body.name;
    // Another recipient (a diagnosis found that the run's subscriber ID was mistyped).
    return this.openReview(to ? { ...built.body, to } : built.body, { connection, original: notification, workflow });
  }

  /**
   * Trigger…: a new run of `workflow` for `subscriberId`, opened for review like Send Again. The
   * payload starts from the workflow's payload schema (its required keys first, the schema's
   * defaults or empty values of the right type; never `payloadExample`, which is random mock
   * data), and VS Code checks it against that schema as it is typed. `payload`: keys set already
   * (a preview's), kept over those starting values.
   */
  async reviewWorkflow(workflow: Workflow, connection: Connection, to: TriggerBody['to'], payload?: Record<string, unknown>): Promise<vscode.TextEditor | undefined> {
    const identifier = workflow.workflowId;
    if (!identifier) {
      void this.deps.prompter().message('warning', vscode.l10n.t('This workflow has no trigger identifier, so it cannot be triggered.'));
      return undefined;
    }
    const schema = workflow.payloadSchema ?? undefined;
    // A payload given (the preview's) is kept over the skeleton's starting values.
    const body: TriggerBody = { name: identifier, to, payload: { ...payloadSkeleton(schema), ...payload }, transactionId: newTransactionId() };
    this.schemas.set(identifier, schema);
    return this.openReview(body, {
      connection,
      workflow: workflow.name || identifier,
      target: { identifier, payloadSchema: schema },
    });
  }

  private async openReview(body: TriggerBody, review: Pick<Review, 'connection' | 'original' | 'target' | 'workflow'>): Promise<vscode.TextEditor> {
    const topics = topicKeysOf(body.to);
    const subscriber = typeof body.to === 'string' ? body.to : topics.length > 0 ? `topic-${topics.join('-')}` : JSON.stringify(body.to);
    const name = `${safeName(body.name)}-to-${safeName(subscriber)}-${Date.now().toString(36)}${++this.counter}${REVIEW_SUFFIX}`;
    // An untitled document with a name, so that the schema applies; it is never saved by us.
    const uri = vscode.Uri.file(join(tmpdir(), 'novu-explorer', name)).with({ scheme: 'untitled' });
    const document = await vscode.workspace.openTextDocument(uri);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(0, 0), `${JSON.stringify(body, null, 2)}\n`);
    await vscode.workspace.applyEdit(edit);
    if (document.languageId !== 'json') await vscode.languages.setTextDocumentLanguage(document, 'json');
    const opened: Review = { uri, ...review, subscriber, column: undefined, sending: false };
    this.reviews.set(uri.toString(), opened);
    // Beside what is open (a run's panel, a preview); in the empty editor area itself when nothing is, not beside an empty group.
    const column = vscode.window.tabGroups.activeTabGroup.tabs.length > 0 ? vscode.ViewColumn.Beside : vscode.ViewColumn.Active;
    const editor = await vscode.window.showTextDocument(document, { viewColumn: column, preview: false });
    opened.column = editor.viewColumn;
    this.lensesChanged.fire();
    this.updateContext(editor);
    return editor;
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const review = this.reviews.get(document.uri.toString());
    if (!review) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const where = this.whereLine(review);
    return [
      new vscode.CodeLens(top, { title: `$(send) ${vscode.l10n.t('Send to {0}', noIcons(review.connection.name))}`, command: Commands.sendReviewedTrigger, arguments: [document.uri], tooltip: vscode.l10n.t('Send this body as a new trigger (asks first)') }),
      new vscode.CodeLens(top, { title: `$(close) ${vscode.l10n.t('Cancel')}`, command: Commands.discardTriggerReview, arguments: [document.uri], tooltip: vscode.l10n.t('Close without sending') }),
      new vscode.CodeLens(top, { title: noIcons(where), command: '', tooltip: where }),
    ];
  }

  /** "Connection “Staging” · EU · environment 6615…": where Send goes, on the review's first line. */
  private whereLine(review: Review): string {
    const environment = this.environmentOf(review);
    return environment
      ? vscode.l10n.t('Connection "{0}" · {1} · environment {2}', review.connection.name, regionLabel(review.connection), environment)
      : vscode.l10n.t('Connection "{0}" · {1} · environment not known', review.connection.name, regionLabel(review.connection));
  }

  /** The environment Send goes to: the notification's own, else the one seen on the connection. */
  private environmentOf(review: Review): string | undefined {
    return review.original?._environmentId ?? this.deps.manager.environmentOf(review.connection);
  }

  /** Send, from the CodeLens, the editor title or the palette (the active review). */
  async send(target?: unknown): Promise<SendResult | undefined> {
    const review = this.reviewFor(target);
    if (!review) {
      void this.deps.prompter().message('info', vscode.l10n.t('Open a notification and choose Send Again first: Send works on its review document.'));
      return undefined;
    }
    if (review.sending) return undefined;
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === review.uri.toString());
    if (!document) return undefined;
    const check = checkReviewText(document.getText());
    if (!check.ok) {
      this.showProblems(document, check.problems);
      // Not awaited: the toast stays while the text is fixed, and Send works again at once.
      void this.deps.prompter().message('error', check.summary);
      return { kind: 'invalid', problems: check.problems };
    }
    const body = check.body;
    // A workflow's own trigger: the payload is checked against its schema before any request. A
    // code workflow's service checks it only when the run executes, so a bad payload would become
    // a failed run rather than a 400.
    if (review.target && body.name === review.target.identifier) {
      const refused = checkReviewPayload(document.getText(), body.payload, review.target.payloadSchema);
      if (refused) {
        this.showProblems(document, refused.problems);
        void this.deps.prompter().message('error', vscode.l10n.t('Not sent: {0} {1} (checked against the payload schema of {2})', refused.field, refused.messages.join('; '), review.target.identifier));
        return { kind: 'invalid', problems: refused.problems };
      }
    }
    if (typeof body.transactionId !== 'string' || body.transactionId === review.original?.transactionId) {
      const problems = placeServiceErrors(document.getText(), {
        transactionId: [body.transactionId === undefined ? vscode.l10n.t('Keep a transactionId: the new run is found by it.') : vscode.l10n.t('This is the original run\'s transaction ID, which the service ignores when it is used again. Use a new one.')],
      });
      this.showProblems(document, problems);
      void this.deps.prompter().message('error', problems[0]!.message);
      return { kind: 'invalid', problems };
    }
    this.diagnostics.delete(document.uri);
    const { connection } = review;
    const recipients = recipientsOf(body.to);
    const environment = this.environmentOf(review);
    const where = environment ? vscode.l10n.t('"{0}" ({1}, environment {2})', connection.name, regionLabel(connection), environment) : vscode.l10n.t('"{0}" ({1})', connection.name, regionLabel(connection));
    const confirmed = await this.deps.prompter().confirm(
      vscode.l10n.t('Send {0} to {1} through {2}?', body.name, recipients, where),
      vscode.l10n.t('Send'),
      vscode.l10n.t('This starts a new run of the workflow: real messages will be delivered to the subscriber on every channel its steps use. The body is sent as it is in the editor.'),
    );
    if (!confirmed) return { kind: 'declined' };
    if (!(await this.confirmProduction(connection, body.name, recipients, vscode.l10n.t('Real customers receive what production sends. This cannot be taken back.')))) return { kind: 'declined' };
    const client = await this.deps.manager.clientFor(connection);
    if (!client) return { kind: 'failed', message: vscode.l10n.t('The connection has no API key.') };
    review.sending = true;
    this.lensesChanged.fire();
    try {
      return await this.sendNow(review, document, client, body);
    } finally {
      review.sending = false;
      this.lensesChanged.fire();
    }
  }

  private async sendNow(review: Review, document: vscode.TextDocument, client: NovuClient, body: TriggerBody): Promise<SendResult> {
    const answer = await this.trigger(client, body);
    if ('error' in answer) {
      const { error } = answer;
      if (error instanceof NovuApiError && Object.keys(error.fieldErrors).length > 0) this.showProblems(document, placeServiceErrors(document.getText(), error.fieldErrors));
      const message = formatErrorLine(vscode.l10n.t('Not sent'), describeError(error));
      void this.deps
        .prompter()
        .message('error', message, vscode.l10n.t('Show Log'))
        .then((action) => action && vscode.commands.executeCommand(Commands.showLog));
      return { kind: 'failed', message };
    }
    const { outcome } = answer;
    if (!outcome.started) {
      // Not awaited: while the message shows, the review can be fixed and sent again.
      void this.deps.prompter().message('error', outcome.message);
      return { kind: 'notStarted', outcome };
    }
    const transactionId = body.transactionId!;
    // Sent: the review is done with, and what was sent is the new run's to show.
    await this.close(review);
    this.deps.onTriggered?.(review.connection.id, body.name, body.to);
    const topics = topicKeysOf(body.to);
    const found = await this.findRun(client, review.original?._id, transactionId, body.name);
    if (topics.length > 0 && found !== 'stopped') {
      // A topic send makes one run per subscriber reached, or none at all (§11): what it reached is shown, not one run.
      const who = vscode.l10n.t('Who Did It Reach?');
      const said = found
        ? vscode.l10n.t('{0} Sent to {1} (transaction {2}): one run per subscriber it reached.', outcome.message, topics.join(', '), transactionId)
        : vscode.l10n.t('{0} No run appeared for transaction {1} within {2} s: a topic send makes none when the topic has no subscriptions left after the fan-out (those named in "to", the excluded and the actor are skipped) or every condition filtered them out.', outcome.message, transactionId, Math.round(this.follow.giveUpMs / 1000));
      if (found) this.deps.openPanel(found, review.connection, review.column);
      void this.deps
        .prompter()
        .message(found ? 'info' : 'warning', said, who)
        .then((action) => action && vscode.commands.executeCommand(Commands.pastTopicReach, found ?? sendWithoutRuns(body, transactionId, topics)));
      return found ? { kind: 'sent', transactionId, notificationId: found._id } : { kind: 'notFound', transactionId };
    }
    if (found === undefined || found === 'stopped') {
      const findAgain = vscode.l10n.t('Find Again');
      void this.deps
        .prompter()
        .message(
          'warning',
          found === 'stopped'
            ? vscode.l10n.t('{0} You stopped waiting for the new run (transaction {1}): find it by its transaction ID.', outcome.message, transactionId)
            : this.lastFollowFailure !== undefined
              ? vscode.l10n.t('{0} The new run (transaction {1}) could not be looked up: {2}', outcome.message, transactionId, describeError(this.lastFollowFailure).message)
              : vscode.l10n.t('{0} The new run (transaction {1}) did not appear within {2} s. The service may still be queueing it: find it again by its transaction ID.', outcome.message, transactionId, Math.round(this.follow.giveUpMs / 1000)),
          findAgain,
        )
        .then((action) => action && vscode.commands.executeCommand(Commands.openNotification, transactionId, review.connection.id));
      return { kind: 'notFound', transactionId };
    }
    if (review.original) await this.deps.links.add({ connectionId: review.connection.id, from: review.original._id, to: found._id, transactionId, at: new Date().toISOString() });
    this.deps.openPanel(found, review.connection, review.column);
    vscode.window.setStatusBarMessage(`$(send) ${outcome.message}`, 5000);
    return { kind: 'sent', transactionId, notificationId: found._id };
  }

  /** The second, explicit question for a connection that looks like production; true when it is not one, or the person said yes. */
  private async confirmProduction(connection: Connection, workflow: string, recipients: string, detail: string): Promise<boolean> {
    if (!(await this.deps.manager.looksLikeProduction(connection))) return true;
    return this.deps.prompter().confirm(
      vscode.l10n.t('"{0}" is a production environment. Send {1} to {2} for real?', connection.name, workflow, recipients),
      vscode.l10n.t('Send to Production'),
      detail,
    );
  }

  /**
   * Sends the trigger once: one idempotency key for this action (the client's retries reuse it, the
   * next action has its own), and the service's status in words.
   */
  private async trigger(client: NovuClient, body: TriggerBody): Promise<{ outcome: TriggerOutcome } | { error: unknown }> {
    const idempotencyKey = globalThis.crypto.randomUUID();
    try {
      const result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Sending {0}…', body.name) }, () => trigger(client, body, { idempotencyKey }));
      return { outcome: describeTriggerResult(result, body.name) };
    } catch (error) {
      return { error };
    }
  }

  /**
   * Send Again for the editor's agent (its tool asked VS Code's confirmation first, naming the
   * connection, subscriber and workflow): the same body as a review would hold, a second question
   * for production, one idempotency key, the same status words, and the same follow, links and
   * panel for the new run. Nothing is shown as a message: the tool says what happened.
   */
  async sendForAgent(notification: Notification, connection: Connection): Promise<AgentSendResult> {
    const built = buildTriggerBody(notification, newTransactionId());
    if ('problem' in built) return { kind: 'problem', message: built.problem };
    const body = built.body;
    const recipients = recipientsOf(body.to);
    const detail = vscode.l10n.t('The agent asked to send this notification again. Real customers receive what production sends. This cannot be taken back.');
    if (!(await this.confirmProduction(connection, body.name, recipients, detail))) return { kind: 'declined' };
    const client = await this.deps.manager.clientFor(connection);
    if (!client) return { kind: 'noKey' };
    const answer = await this.trigger(client, body);
    if ('error' in answer) return { kind: 'failed', error: answer.error };
    if (!answer.outcome.started) return { kind: 'notStarted', outcome: answer.outcome };
    const transactionId = body.transactionId!;
    const found = await this.findRun(client, notification._id, transactionId, body.name);
    if (found === undefined || found === 'stopped') {
      return { kind: 'notFound', outcome: answer.outcome, transactionId, stopped: found === 'stopped', ...(this.lastFollowFailure !== undefined ? { lookupError: this.lastFollowFailure } : {}) };
    }
    await this.deps.links.add({ connectionId: connection.id, from: notification._id, to: found._id, transactionId, at: new Date().toISOString() });
    this.deps.openPanel(found, connection, vscode.ViewColumn.Active);
    return { kind: 'sent', outcome: answer.outcome, transactionId, notification: found };
  }

  /** Asks for the new run by its transaction id until it appears, backing off; undefined after the wait, 'stopped' when the person stopped it. */
  private async findRun(client: NovuClient, originalId: string | undefined, transactionId: string, workflow: string): Promise<Notification | 'stopped' | undefined> {
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Sent {0}: waiting for the new run (transaction {1})…', workflow, transactionId), cancellable: true },
      async (_progress, token) => {
        const deadline = Date.now() + this.follow.giveUpMs;
        let delay = this.follow.firstMs;
        this.lastFollowFailure = undefined;
        let lastFailure: unknown;
        for (;;) {
          await sleep(Math.min(delay, Math.max(0, deadline - Date.now())), token);
          if (token.isCancellationRequested) return 'stopped';
          try {
            const page = await client.listNotifications({ transactionId, limit: 10 });
            const run = page.data.find((n) => n.transactionId === transactionId && n._id !== originalId);
            if (run) return run;
            lastFailure = undefined;
          } catch (error) {
            // A failed look is one more try; the wait still ends at the deadline, and says why.
            lastFailure = error;
          }
          if (Date.now() >= deadline) {
            this.lastFollowFailure = lastFailure;
            return undefined;
          }
          delay = Math.min(this.follow.maxMs, Math.round(delay * this.follow.factor));
        }
      },
    );
  }

  /** Cancel, from the CodeLens or the editor title: closes the review without sending. */
  async discard(target?: unknown): Promise<void> {
    const review = this.reviewFor(target);
    if (review) await this.close(review);
  }

  /**
   * Cancel Pending Steps: after a confirmation, cancels what is still waiting in the notification's
   * transaction. Resolves with the service's answer (true: cancelled; false: nothing was left), or
   * undefined when nothing was asked of it.
   */
  async cancelPending(notification: Notification, connection: Connection): Promise<boolean | undefined> {
    const transactionId = notification.transactionId;
    if (!transactionId) {
      void this.deps.prompter().message('warning', vscode.l10n.t('This notification has no transaction ID, so its pending steps cannot be cancelled.'));
      return undefined;
    }
    const workflow = notification.template?.name ?? notification.template?.triggers?.[0]?.identifier ?? transactionId;
    const confirmed = await this.deps.prompter().confirm(
      vscode.l10n.t('Cancel the pending steps of {0} (transaction {1}) in "{2}"?', workflow, transactionId, connection.name),
      vscode.l10n.t('Cancel Pending Steps'),
      vscode.l10n.t('Delays and digests not yet sent stop, and the steps after them do not run. This cannot be undone.'),
    );
    if (!confirmed) return undefined;
    const client = await this.deps.manager.clientFor(connection);
    if (!client) return undefined;
    let cancelled: boolean;
    try {
      cancelled = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Cancelling the pending steps of transaction {0}…', transactionId) }, () =>
        client.cancelTrigger(transactionId),
      );
    } catch (error) {
      void this.deps
        .prompter()
        .message('error', formatErrorLine(vscode.l10n.t('Not cancelled'), describeError(error)), vscode.l10n.t('Show Log'))
        .then((action) => action && vscode.commands.executeCommand(Commands.showLog));
      return undefined;
    }
    void this.deps
      .prompter()
      .message(
        'info',
        cancelled
          ? vscode.l10n.t('Cancelled the pending steps of transaction {0}.', transactionId)
          : vscode.l10n.t('Nothing was left to cancel in transaction {0}: its steps had already run or been cancelled.', transactionId),
      );
    return cancelled;
  }

  /** The connection a review document sends to (a topic's lenses count its subscriptions there). */
  reviewConnection(uri: vscode.Uri): Connection | undefined {
    return this.reviews.get(uri.toString())?.connection;
  }

  private reviewFor(target: unknown): Review | undefined {
    const uri = target instanceof vscode.Uri ? target : vscode.window.activeTextEditor?.document.uri;
    return uri ? this.reviews.get(uri.toString()) : undefined;
  }

  private showProblems(document: vscode.TextDocument, problems: PlacedProblem[]): void {
    this.diagnostics.set(
      document.uri,
      problems.map((p) => {
        const range = new vscode.Range(document.positionAt(p.start), document.positionAt(Math.max(p.end, p.start)));
        const diagnostic = new vscode.Diagnostic(range, p.message, vscode.DiagnosticSeverity.Error);
        diagnostic.source = vscode.l10n.t('Novu Explorer');
        return diagnostic;
      }),
    );
  }

  /** Closes a review's editor without asking to save it (it is a draft of a request, not a file). */
  private async close(review: Review): Promise<void> {
    this.forget(review.uri);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === review.uri.toString());
    if (!document || document.isClosed) return;
    await vscode.window.showTextDocument(document, { viewColumn: review.column, preserveFocus: false, preview: false });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }

  private forget(uri: vscode.Uri): void {
    if (!this.reviews.delete(uri.toString())) return;
    this.diagnostics.delete(uri);
    this.lensesChanged.fire();
    this.updateContext(vscode.window.activeTextEditor);
  }

  private updateContext(editor: vscode.TextEditor | undefined): void {
    void vscode.commands.executeCommand('setContext', REVIEW_CONTEXT, editor !== undefined && this.reviews.has(editor.document.uri.toString()));
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.diagnostics.dispose();
    this.schemas.dispose();
    this.lensesChanged.dispose();
  }
}

/** A transaction id of the extension's own making (the service accepts any unused string). */
function newTransactionId(): string {
  return globalThis.crypto.randomUUID();
}

function safeName(text: string): string {
  return text.replace(/[^\w.@-]+/g, '_').slice(0, 40) || 'trigger';
}

/** The recipients as the confirmation names them. */
function recipientsOf(to: unknown): string {
  const one = (r: unknown): string => (typeof r === 'string' ? r : r && typeof r === 'object' ? String((r as Record<string, unknown>)['subscriberId'] ?? (r as Record<string, unknown>)['topicKey'] ?? '?') : '?');
  if (Array.isArray(to)) return to.length === 1 ? one(to[0]) : vscode.l10n.t('{0} recipients ({1})', to.length, to.slice(0, 3).map(one).join(', '));
  return one(to);
}

function sleep(ms: number, token: vscode.CancellationToken): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    const listener = token.onCancellationRequested(done);
    function done(): void {
      clearTimeout(timer);
      listener.dispose();
      resolve();
    }
  });
}

/** A topic send that made no run, as the reach panel reads a past send: its transaction, payload, context and topics (no run id). */
function sendWithoutRuns(body: TriggerBody, transactionId: string, topics: readonly string[]): Notification {
  const contextKeys = contextKeysOf(body['context']);
  return {
    _id: '',
    transactionId,
    createdAt: new Date().toISOString(),
    payload: body.payload ?? {},
    topics: topics.map((topicKey) => ({ topicKey })),
    template: { triggers: [{ identifier: body.name }] },
    ...(contextKeys.length > 0 ? { contextKeys } : {}),
  } as Notification;
}
