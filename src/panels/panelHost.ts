/**
 * What every webview panel does the same way, in one place: its icon, options and HTML, the typed
 * channel to its webview, loads that cancel the one before and turn a failure into the panel's
 * error state, the error views' next steps, and disposal. A panel supplies only its state, its
 * load and a handler per request method; a method without a handler does not compile.
 */
import * as vscode from 'vscode';
import type * as z from 'zod/mini';
import { isAbortError, type NovuClient } from '../api';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import type { Log } from '../log';
import { panelErrorFor, runPanelAction } from './panelErrors';
import type { CommonRequests, PanelError, RequestBody, RequestMap } from './protocol';
import { WebviewChannel } from './webviewChannel';
import { webviewHtml, webviewOptions } from './webviewHtml';

export interface PanelServices {
  extensionUri: vscode.Uri;
  manager: ConnectionManager;
  log: Log;
}

/** One handler per method of the panel's own requests (the host answers the common ones). */
export type RequestHandlers<M extends RequestMap> = {
  [K in Exclude<keyof M & string, keyof CommonRequests>]: (body: Extract<RequestBody<M>, { method: K }>) => M[K]['reply'] | Promise<M[K]['reply']>;
};

export interface PanelHostOptions<M extends RequestMap, State> {
  panel: vscode.WebviewPanel;
  connection: Connection;
  services: PanelServices;
  /** How the log names the panel: "notification panel 6620…". */
  name: string;
  /** The document's title, its script bundle and stylesheet under media/, and data-* attributes of <body>. */
  html: { title: string; script: string; stylesheet: string; data: Record<string, string>; imgSrc?: string[]; inlineStyles?: boolean };
  /** Every message the webview may send. */
  schema: z.ZodMiniType<{ type: 'ready' } | { type: 'request'; requestId: number; body: RequestBody<M> }>;
  /** What the webview shows now. */
  state(): State;
  /**
   * What takes the webview from the state it holds to `state` (a panel whose states are large);
   * undefined sends the whole state. Without it, every publish sends the whole state.
   */
  update?(held: State, state: State): object | undefined;
  handlers: RequestHandlers<M>;
  /** Loads the panel again (the error view's Retry, and after Set API Key). */
  reload(): Promise<void>;
  /** What "not found" means for this panel, in the user's words; and the title of other load failures. */
  notFound(): { title: string; message: string };
  loadFailedTitle: string;
}

export class PanelHost<M extends RequestMap, State extends { kind: string }> implements vscode.Disposable {
  private readonly channel: WebviewChannel<RequestBody<M>, State>;
  private readonly subscriptions: vscode.Disposable[] = [];
  private controller: AbortController | undefined;
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  private readonly published = new vscode.EventEmitter<State>();
  /** Fires with the state at every publish, whether or not the webview is ready (a panel's onDidChangeState: tests wait on it). */
  readonly onDidPublish = this.published.event;
  private isDisposed = false;
  /** States published so far, the one written into the document, and whether its script said ready. */
  private version = 0;
  private documentVersion = 0;
  private documentState: State | undefined;
  private ready = false;
  /** The state the webview holds (the document's, or the last sent since its script said ready), and its number. */
  private held: { seq: number; state: State } | undefined;

  constructor(private readonly options: PanelHostOptions<M, State>) {
    const { panel, services } = options;
    panel.iconPath = vscode.Uri.joinPath(services.extensionUri, 'media', 'novu.svg');
    panel.webview.options = webviewOptions(services.extensionUri);
    this.channel = new WebviewChannel(panel.webview, options.schema, { state: options.state, request: (body) => this.dispatch(body), ready: () => this.onReady() }, services.log, options.name);
    this.subscriptions.push(
      this.channel,
      panel.onDidDispose(() => this.dispose()),
      // A hidden panel's document is not written again with what it shows now: in code-server, a
      // hidden panel's document written while another panel loads left that one blank (Failures
      // by Cause opening a run's panel, every time). When it shows again, its script draws the
      // document's state and says ready, and gets the current state then (onReady).
    );
    // The document is written once the panel's constructor has run, with what it shows when that
    // is known already (a notification the opener had): the script draws it as soon as it runs,
    // instead of after asking the host for it, which took 15 to 40 ms in code-server (issue 30.10).
    queueMicrotask(() => this.writeDocument());
  }

  private writeDocument(): void {
    if (this.isDisposed) return;
    const { panel, services, html, connection } = this.options;
    const state = this.options.state();
    this.documentVersion = this.version;
    // Kept only for a panel that sends updates: the state an update starts from when the script runs again.
    this.documentState = this.options.update ? state : undefined;
    this.ready = false;
    panel.webview.html = webviewHtml({
      webview: panel.webview,
      extensionUri: services.extensionUri,
      title: html.title,
      script: html.script,
      stylesheet: html.stylesheet,
      ...(html.imgSrc ? { imgSrc: html.imgSrc } : {}),
      ...(html.inlineStyles ? { inlineStyles: true } : {}),
      data: { ...html.data, 'connection-id': connection.id, ...(state.kind === 'loading' ? {} : { state: JSON.stringify(state), 'state-seq': String(this.version) }) },
    });
  }

  /** The webview's script runs: it has the document's state, and gets the current one if that changed since. */
  private onReady(): void {
    this.ready = true;
    this.held = this.documentState && this.documentState.kind !== 'loading' ? { seq: this.documentVersion, state: this.documentState } : undefined;
    if (this.version !== this.documentVersion) this.post(this.options.state());
  }

  /** Sends `state`: what changed since the state the webview holds, when the panel says so, else the whole. */
  private post(state: State): void {
    const held = this.held;
    const update = held && this.options.update?.(held.state, state);
    this.channel.post(held && update ? { type: 'update', seq: this.version, base: held.seq, update } : { type: 'state', seq: this.version, state });
    if (this.options.update) this.held = { seq: this.version, state };
  }

  get panel(): vscode.WebviewPanel {
    return this.options.panel;
  }

  /** Sends the current state to the webview (once its script is ready: until then it would be lost or sent twice). */
  publish(): void {
    this.version++;
    const state = this.options.state();
    if (this.ready) this.post(state);
    this.published.fire(state);
  }

  /** The connection's client; a connection without a key is a failure of the load, said as such. */
  async client(): Promise<NovuClient> {
    const client = await this.options.services.manager.clientFor(this.options.connection);
    if (!client) throw new Error(vscode.l10n.t('The connection "{0}" has no API key.', this.options.connection.name));
    return client;
  }

  /**
   * Runs one load: it cancels the load before it, gets the client and a signal, and a failure
   * (not a cancellation) is logged and handed to `onError` as the panel's error, in the user's words.
   */
  async load(work: (client: NovuClient, signal: AbortSignal) => Promise<void>, onError: (error: PanelError) => void): Promise<void> {
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    try {
      await work(await this.client(), controller.signal);
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error) || this.isDisposed) return;
      this.options.services.log.error(`Could not load the ${this.options.name}`, error);
      onError(this.errorOf(error));
    } finally {
      if (this.controller === controller) this.controller = undefined;
    }
  }

  /** An error as this panel shows it, with its next steps. */
  errorOf(error: unknown): PanelError {
    return panelErrorFor(error, this.options.notFound(), this.options.loadFailedTitle);
  }

  private dispatch(body: RequestBody<M>): Promise<unknown> {
    if (body.method === 'action') return runPanelAction((body as RequestBody<CommonRequests>).action, this.options.connection, () => this.options.reload());
    const handler = this.options.handlers[body.method as keyof RequestHandlers<M>] as (body: RequestBody<M>) => unknown;
    return Promise.resolve(handler(body));
  }

  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    this.controller?.abort();
    this.disposed.fire();
    for (const s of this.subscriptions) s.dispose();
    this.disposed.dispose();
    this.published.dispose();
  }
}
