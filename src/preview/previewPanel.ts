/**
 * The preview panel of one workflow (issue 32): what a step will send, rendered by the user's own
 * running app at the bridge URL (§9.3), signed with the connection's key (§9.2), for a payload and a
 * subscriber the user picks; rendered again on every save of the workspace and on every change of
 * the payload or the subscriber.
 *
 * The rules of a render:
 * - one request per render; at most one in flight per panel: a newer render aborts the older, and
 *   an answer of an older render is dropped, never drawn;
 * - while the app restarts after a save (refused, 5xx, a non-bridge answer), the last render stays,
 *   marked stale, and the panel tries again with backoff for up to 20 s, then says the app is not
 *   answering;
 * - every failure is said in words where it happened, never as an empty message (previewWords).
 * The step list, the payload's schema and the controls come from a signed discover made after the
 * first render, off the render's path.
 */
import * as vscode from 'vscode';
import type { Subscriber } from '../api';
import { Commands } from '../commands';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import { stepTypeInfo } from '../format/jobStatus';
import { payloadSkeleton } from '../format/payloadSchema';
import { checkPayloadText } from '../format/payloadText';
import type { Log } from '../log';
import { PanelHost } from '../panels/panelHost';
import { describeError, formatErrorLine } from '../ui/errors';
import type { Prompter } from '../ui/prompter';
import { BridgeClient, type BridgeFailure, type DiscoveredWorkflow, type StackFrame } from '../bridge/bridgeClient';
import { emailSrcdoc } from './emailFrame';
import { buildPreviewModel, type PreviewModel } from './previewModel';
import { bridgeHost, failureWords, frameWords, hasSkip, skipNote } from './previewWords';
import type { PreviewFailureView, PreviewPanelState, PreviewRequests, PreviewStepView, PreviewView } from './protocol';
import { previewWebviewMessageSchema } from './protocolSchemas';
import { previewStepOnService } from './serviceApi';
import { isSchemaVisible } from '../bridge/discoverSchema';
import { MESSAGE_STEP_TYPES, firstMessageStep } from './stepScanner';
import { whoseKey } from '../bridge/whoseKey';

/** How long a restarting app is waited for, and the waits between tries. */
const RETRY_FOR_MS = 20_000;
const RETRY_DELAYS_MS = [300, 600, 1000, 2000, 3000, 4000, 5000];
/** Failures that mean "the app is not answering right now" (it may be restarting after a save). */
const PASSING = new Set<BridgeFailure['kind']>(['unreachable', 'serverError', 'notBridge']);

export interface PreviewTarget {
  workflowId: string;
  stepId?: string;
  /** The steps the code shows (from the lens), until discover says. */
  codeSteps?: { stepId: string; type: string }[];
  /** Rendered by the service (§9.4): a dashboard workflow, or a synced code workflow when the app is not running here. */
  via?: 'app' | 'service';
  /** The step's type, when the step is known only by it (a run's job). */
  stepType?: string;
  /** A past run's payload and subscriber (the notification panel's "Render with this run's payload"). */
  run?: { payload: Record<string, unknown>; subscriber: Record<string, unknown> };
}

export interface PreviewServices {
  extensionUri: vscode.Uri;
  manager: ConnectionManager;
  log: Log;
  prompter: () => Prompter;
  client: BridgeClient;
  /** The bridge URL to use now (setting, trust and the one-time question about a remote host), or undefined: said in the panel. */
  bridgeUrl(): Promise<{ url: string } | { problem: string }>;
  setBridgeUrl(): Promise<unknown>;
  loadedSubscribers(): readonly Subscriber[];
  /** Opens Trigger… for this workflow with this payload and recipient. */
  sendTest(workflowId: string, payload: Record<string, unknown>, subscriberId: string | undefined): Promise<unknown>;
}

/** A subscriber as `{{subscriber.*}}` reads it (§9.3). */
type PreviewSubscriber = Record<string, unknown> & { subscriberId?: string };

export class PreviewPanel implements vscode.Disposable {
  private readonly host: PanelHost<PreviewRequests, PreviewPanelState>;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly disposed = new vscode.EventEmitter<void>();
  readonly onDidDispose = this.disposed.event;
  private readonly rendered = new vscode.EventEmitter<PreviewView>();
  /** Fires after each render or failure is shown (tests wait on it). */
  readonly onDidRender = this.rendered.event;

  private stepId: string | undefined;
  private steps: { stepId: string; type: string; _id?: string }[];
  /** Who renders: the user's running app, or the service (§9.4). */
  private via: 'app' | 'service';
  private serviceRead: { origin?: string; name?: string } | undefined;
  private fromRun: boolean;
  /** The step's type, when the opener knew only that (a run's job). */
  private stepType: string | undefined;
  private discovered: DiscoveredWorkflow | undefined;
  private payload: Record<string, unknown> = {};
  private payloadEdited = false;
  private subscriber: PreviewSubscriber = {};
  private remoteImages = false;
  private url: string | undefined;
  private last: { model: PreviewModel; at: string } | undefined;
  private view: PreviewView;
  private generation = 0;
  private controller: AbortController | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private failingSince: number | undefined;
  private retries = 0;
  private frame: StackFrame | undefined;
  /** The saved connection whose key the app runs with, when it is another's. */
  private keyOwner: { id: string; name: string } | undefined;
  /** The app's @novu/framework version and the bridge URL it was read at (its health-check says it, once per URL). */
  private framework: { url: string; version: string | undefined } | undefined;
  private payloadDocument: vscode.TextDocument | undefined;
  private readonly payloadProblems = vscode.languages.createDiagnosticCollection('novu-preview-payload');
  private payloadTimer: ReturnType<typeof setTimeout> | undefined;
  /** The environment's payload schema, read when the editor opened and the app's was not visible (zod 4). */
  private serviceSchema: unknown;
  /** Why the payload in the editor is not rendered (it breaks the JSON or the schema): the render shown is of the last one that did not. */
  private payloadHeld: string | undefined;
  private isDisposed = false;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly connection: Connection,
    readonly workflowId: string,
    private readonly services: PreviewServices,
    target: PreviewTarget,
  ) {
    this.steps = target.codeSteps ?? [];
    this.via = target.via ?? 'app';
    this.stepType = target.stepType;
    this.fromRun = target.run !== undefined;
    if (target.run) {
      this.payload = target.run.payload;
      this.payloadEdited = true;
      this.subscriber = target.run.subscriber;
    }
    this.stepId = target.stepId ?? firstMessageStep(this.steps)?.stepId;
    this.view = this.baseView();
    this.host = new PanelHost<PreviewRequests, PreviewPanelState>({
      panel,
      connection,
      services,
      // l10n-ignore: the log's name for the panel
      name: `preview panel ${workflowId}`,
      html: { title: panel.title, script: 'preview', stylesheet: 'preview.css', data: { workflowId }, imgSrc: ['https:', 'http:'], inlineStyles: true },
      schema: previewWebviewMessageSchema,
      state: () => ({ kind: 'loaded', view: this.view }),
      reload: () => this.render('refresh'),
      notFound: () => ({ title: vscode.l10n.t('Workflow not found'), message: workflowId }),
      loadFailedTitle: vscode.l10n.t('Could not render the preview'),
      handlers: {
        selectStep: ({ stepId }) => {
          this.stepId = stepId;
          void this.render('step');
          return null;
        },
        refresh: () => {
          void this.render('refresh');
          return null;
        },
        remoteImages: ({ on }) => {
          this.remoteImages = on;
          this.publish({ ...this.view, remoteImages: on, ...(this.view.model?.kind === 'email' && this.last ? { srcdoc: this.srcdocOf(this.last.model) } : {}) });
          return null;
        },
        editPayload: async () => {
          await this.editPayload();
          return null;
        },
        pickSubscriber: async () => {
          await this.pickSubscriber();
          return null;
        },
        openLink: async ({ url }) => {
          await this.openLink(url);
          return null;
        },
        openFrame: async () => {
          await this.openFrame();
          return null;
        },
        setBridgeUrl: async () => {
          await this.services.setBridgeUrl();
          return null;
        },
        sendTest: async () => {
          await this.services.sendTest(this.workflowId, this.payload, this.subscriber.subscriberId);
          return null;
        },
        failureAction: async ({ action }) => {
          if (action === 'setBridgeUrl') await this.services.setBridgeUrl();
          else if (action === 'editPayload') await this.editPayload();
          else if (action === 'switchConnection' && this.keyOwner) {
            // The app's key is another saved connection's: make it the active one and preview there.
            await this.services.manager.switchTo(this.keyOwner.id);
            await vscode.commands.executeCommand(Commands.previewStep, { workflowId: this.workflowId, ...(this.stepId ? { stepId: this.stepId } : {}) }, this.keyOwner.id);
          } else if (action === 'switchConnection') await vscode.commands.executeCommand(Commands.switchConnection);
          else if (action === 'useService') {
            this.via = 'service';
            void this.render('refresh');
          }
          else void this.render('refresh');
          return null;
        },
      },
    });
    this.subscriptions.push(
      this.host,
      this.payloadProblems,
      this.host.onDidDispose(() => this.dispose()),
      vscode.workspace.onDidChangeTextDocument(({ document }) => {
        if (document === this.payloadDocument) this.payloadChanged();
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document === this.payloadDocument) {
          this.payloadProblems.delete(document.uri);
          this.payloadDocument = undefined;
          clearTimeout(this.payloadTimer);
          // The editor's text is gone with it: the panel no longer says it is held back.
          if (this.payloadHeld) {
            this.payloadHeld = undefined;
            const { payloadHeld: _gone, ...shown } = this.view;
            this.publish(shown);
          }
        }
      }),
    );
  }

  /** The state shown now (tests read it). */
  get current(): PreviewView {
    return this.view;
  }

  /** Opened again from elsewhere: who renders, a run's payload and the step, as the new opener says. */
  retarget(target: PreviewTarget): void {
    this.panel.reveal(undefined, false);
    if (!target.via && !target.run) return this.reveal(target.stepId);
    if (target.via) this.via = target.via;
    if (target.run) {
      this.fromRun = true;
      this.payload = target.run.payload;
      this.payloadEdited = true;
      this.subscriber = target.run.subscriber;
    }
    if (target.stepId) this.stepId = target.stepId;
    if (target.stepType) {
      this.stepType = target.stepType;
      this.stepId = this.steps.find((s) => s.type === target.stepType)?.stepId ?? this.stepId;
    }
    this.last = undefined;
    void this.render('refresh');
  }

  reveal(stepId?: string): void {
    this.panel.reveal(undefined, false);
    if (stepId && stepId !== this.stepId) {
      this.stepId = stepId;
      void this.render('step');
    }
  }

  /**
   * Renders the shown step again. `save`: a file of the workspace was saved (the app may be
   * restarting: a failure to reach it keeps the last render, stale, and tries again).
   */
  async render(reason: 'open' | 'save' | 'refresh' | 'step' | 'payload' | 'subscriber' | 'retry'): Promise<void> {
    if (this.isDisposed) return;
    if (reason !== 'retry') {
      this.failingSince = undefined;
      this.retries = 0;
    }
    clearTimeout(this.retryTimer);
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    const generation = ++this.generation;
    const step = this.currentStep();
    this.publish({ ...this.baseView(), status: 'rendering', ...(this.last && reason !== 'step' ? { model: this.last.model, srcdoc: this.srcdocOf(this.last.model), renderedAt: this.last.at } : {}) });
    if (this.via === 'service') return this.renderByService(generation, controller.signal);
    const where = await this.services.bridgeUrl();
    if (generation !== this.generation) return;
    if ('problem' in where) {
      this.showFailure({ text: where.problem, more: [], atKeys: [], actions: ['setBridgeUrl'] });
      return;
    }
    this.url = where.url;
    const secret = await this.services.manager.signingSecret(this.connection);
    if (generation !== this.generation) return;
    if (!secret) {
      this.showFailure({ text: vscode.l10n.t('The connection "{0}" has no API key to sign the preview with.', this.connection.name), more: [], atKeys: [], actions: ['switchConnection'] });
      return;
    }
    if (!step) {
      // Nothing known of the workflow yet: discover says which steps it has.
      await this.discover(where.url, secret, controller.signal, generation);
      if (generation !== this.generation || this.isDisposed) return;
      if (!this.currentStep()) {
        if (!this.view.failure) this.showFailure({ text: vscode.l10n.t('`{0}` has no steps in your app at {1}.', this.workflowId, bridgeHost(where.url)), more: [], atKeys: [], actions: ['retry'] });
        return;
      }
      return this.render(reason);
    }
    let result;
    try {
      result = await this.services.client.previewStep(
        where.url,
        secret,
        { workflowId: this.workflowId, stepId: step.stepId, stepType: step.type, payload: this.payload, subscriber: this.subscriber, controls: {} },
        controller.signal,
      );
    } catch (error) {
      // An abort: a newer render replaced this one.
      if (controller.signal.aborted || generation !== this.generation) return;
      throw error;
    } finally {
      if (this.controller === controller) this.controller = undefined;
    }
    if (generation !== this.generation || this.isDisposed) return;
    if (result.kind === 'rendered') {
      this.failingSince = undefined;
      // The app's refusals of the payload are gone; the editor's own problems (a payload held back) stay.
      if (!this.payloadHeld) this.payloadProblems.clear();
      const model = buildPreviewModel(step.type, result.outputs);
      this.last = { model, at: new Date().toLocaleTimeString(vscode.env.language) };
      this.frame = undefined;
      this.publish({ ...this.baseView(), status: 'rendered', model, srcdoc: this.srcdocOf(model), renderedAt: this.last.at });
      // The step list, schema and controls: after the render, off its path (once, and after each save).
      if (!this.discovered || reason === 'save' || reason === 'refresh') void this.discover(where.url, secret, undefined, generation);
      return;
    }
    this.failed(result, where.url, step.stepId, reason);
  }

  private failed(failure: BridgeFailure, url: string, stepId: string, reason: string): void {
    const words = failureWords(failure, { url, connectionName: this.connection.name, workflowId: this.workflowId, stepId });
    if (failure.kind === 'signatureMismatch') void this.nameKeyOwner(url);
    this.frame = words.frame;
    if (failure.kind === 'payloadInvalid') this.markPayload(words.atKeys);
    // The app may be restarting (a save): the last render stays, stale, while the panel tries again.
    if (PASSING.has(failure.kind) && (this.last || reason === 'save' || reason === 'retry')) {
      this.failingSince ??= Date.now();
      const waited = Date.now() - this.failingSince;
      if (waited < RETRY_FOR_MS) {
        const delay = RETRY_DELAYS_MS[Math.min(this.retries, RETRY_DELAYS_MS.length - 1)]!;
        this.retries++;
        this.retryTimer = setTimeout(() => void this.render('retry'), delay);
        this.publish({
          ...this.baseView(),
          status: 'rendering',
          stale: vscode.l10n.t('{0} Trying again…', words.text),
          ...(this.last ? { model: this.last.model, srcdoc: this.srcdocOf(this.last.model), renderedAt: this.last.at } : {}),
        });
        return;
      }
      this.showFailure({ text: vscode.l10n.t('Your app at {0} is not answering (tried for {1} s): {2}', bridgeHost(url), Math.round(RETRY_FOR_MS / 1000), words.text), more: words.more, atKeys: [], actions: ['retry', 'setBridgeUrl', 'useService'] });
      return;
    }
    const actions: PreviewFailureView['actions'] =
      failure.kind === 'unreachable' || failure.kind === 'notBridge' || failure.kind === 'badUrl'
        ? ['setBridgeUrl', 'retry', 'useService']
        : failure.kind === 'workflowNotFound'
          ? ['useService', 'retry']
        : failure.kind === 'signatureMismatch' || failure.kind === 'signatureOther'
          ? ['switchConnection', 'retry']
          : failure.kind === 'payloadInvalid'
            ? ['editPayload']
            : ['retry'];
    this.showFailure({ text: words.text, more: words.more, atKeys: words.atKeys, ...(words.frame ? { frame: frameWords(words.frame) } : {}), actions });
  }

  /** Another environment's key: which saved connection's, when one of them is (a signed discover each, to an app on this machine only). */
  private async nameKeyOwner(url: string): Promise<void> {
    const generation = this.generation;
    const owner = await whoseKey({ manager: this.services.manager, client: this.services.client }, url, this.connection);
    if (generation !== this.generation || this.isDisposed || owner.kind !== 'otherConnection' || !this.view.failure) return;
    this.keyOwner = { id: owner.connectionId, name: owner.connectionName };
    this.showFailure({
      ...this.view.failure,
      more: [vscode.l10n.t("Your app runs with {0}'s key: preview it on {0}.", owner.connectionName)],
    });
  }

  private showFailure(failure: PreviewFailureView): void {
    this.publish({ ...this.baseView(), status: 'failed', failure });
  }

  /** Reads the app's discover (signed): the workflow's steps, payload schema, controls and code. */
  private async discover(url: string, secret: string, signal: AbortSignal | undefined, generation: number): Promise<void> {
    // The health-check (unsigned, free) says the framework's version for the header (its sdkVersion;
    // frameworkVersion is the bridge protocol's date): asked once per URL, not after every save.
    const [answer, health] = await Promise.all([
      this.services.client.discover(url, secret, signal).catch(() => undefined),
      this.framework?.url === url ? undefined : this.services.client.healthCheck(url, signal).catch(() => undefined),
    ]);
    if (health?.kind === 'health') this.framework = { url, version: health.sdkVersion };
    if (!answer || this.isDisposed) return;
    if (answer.kind !== 'discovered') {
      // Said only when there is nothing else to show (a render failure says its own).
      if (generation === this.generation && !this.last && !this.currentStep()) this.failed(answer, url, this.stepId ?? '?', 'open');
      return;
    }
    const workflow = answer.workflows.find((w) => w.workflowId === this.workflowId);
    if (!workflow) {
      if (generation === this.generation) this.failed({ kind: 'workflowNotFound', workflowId: this.workflowId, message: '' }, url, this.stepId ?? '?', 'open');
      return;
    }
    this.discovered = workflow;
    // The code's steps that discover never saw (a step behind a condition) stay in the list.
    const fromApp = workflow.steps.map((s) => ({ stepId: s.stepId, type: s.type }));
    const onlyInCode = this.steps.filter((s) => !fromApp.some((a) => a.stepId === s.stepId));
    this.steps = [...fromApp, ...onlyInCode];
    this.stepId ??= firstMessageStep(this.steps)?.stepId;
    if (generation === this.generation) this.publish({ ...this.view, ...this.baseView(), status: this.view.status });
    // The schema may have changed with the code: a payload held back by the old one is checked again.
    if (this.payloadHeld) this.payloadChanged();
  }

  private currentStep(): { stepId: string; type: string; _id?: string } | undefined {
    return this.stepId === undefined ? undefined : this.steps.find((s) => s.stepId === this.stepId);
  }

  /** The parts of the view every state has: the steps, who renders, the payload and subscriber used, the notes. */
  private baseView(): PreviewView {
    const step = this.currentStep();
    const schema = this.discovered?.payload?.schema;
    const schemaVisible = isSchemaVisible(schema);
    const notes: string[] = [];
    if (this.fromRun) notes.push(vscode.l10n.t("Rendered now from today's template with this run's payload: not the message as it was sent."));
    if (this.discovered && step && hasSkip(this.discovered.code ?? '', step.stepId)) notes.push(skipNote());
    if (this.discovered && !schemaVisible) notes.push(vscode.l10n.t("Your app's payload schema is not visible (zod 4 empties it in discover): keys you do not set are not filled in; Payload… starts from the environment's schema when the workflow is synced."));
    else if (!this.payloadEdited) notes.push(vscode.l10n.t('Keys the payload does not set take the defaults of the workflow’s schema (placeholders for required keys without one).'));
    const controlsSchema = this.discovered?.steps.find((s) => s.stepId === step?.stepId)?.controls?.schema;
    return {
      workflowId: this.workflowId,
      ...(this.discovered?.name ? { workflowName: this.discovered.name } : {}),
      steps: this.steps.map(stepView),
      stepId: step?.stepId ?? this.stepId ?? '',
      stepType: step?.type ?? '',
      renderer: this.via === 'service'
        ? this.serviceRenderer()
        : !this.url
        ? vscode.l10n.t('Rendered by your app at its bridge URL')
        : this.framework?.url === this.url && this.framework.version
          ? vscode.l10n.t("Rendered by your app at {0} (framework {1}), signed with {2}'s key", bridgeHost(this.url), this.framework.version, this.connection.name)
          : vscode.l10n.t("Rendered by your app at {0}, signed with {1}'s key", bridgeHost(this.url), this.connection.name),
      status: 'rendering',
      remoteImages: this.remoteImages,
      subscriber: this.subscriberLabel(),
      payload: JSON.stringify(this.payload, null, 2),
      controls: controlDefaults(controlsSchema),
      notes,
      ...(this.payloadHeld ? { payloadHeld: this.payloadHeld } : {}),
    };
  }

  private publish(view: PreviewView): void {
    this.view = view;
    this.host.publish();
    if (view.status !== 'rendering' || view.stale) this.rendered.fire(view);
  }

  private srcdocOf(model: PreviewModel): string | undefined {
    return model.kind === 'email' ? emailSrcdoc(model.html, { remoteImages: this.remoteImages }) : undefined;
  }

  private subscriberLabel(): string {
    const s = this.subscriber;
    if (!s.subscriberId) return vscode.l10n.t('No subscriber');
    const name = [s['firstName'], s['lastName']].filter((v) => typeof v === 'string' && v).join(' ');
    return name ? `${name} (${s.subscriberId})` : s.subscriberId;
  }

  private serviceRenderer(): string {
    if (this.serviceRead?.origin === 'external') return vscode.l10n.t('Rendered by Novu · {0}, from the synced app', this.connection.name);
    return vscode.l10n.t("Rendered by Novu · {0}, from the workflow's content", this.connection.name);
  }

  /** A render through the service (§9.4): one request; the workflow is read first when its steps are not known. */
  private async renderByService(generation: number, signal: AbortSignal): Promise<void> {
    try {
      const client = await this.services.manager.clientFor(this.connection);
      if (!client) {
        this.showFailure({ text: vscode.l10n.t('The connection "{0}" has no API key.', this.connection.name), more: [], atKeys: [], actions: ['switchConnection'] });
        return;
      }
      if (!this.serviceRead || !this.steps.some((s) => s._id)) {
        const workflow = await client.getWorkflow(this.workflowId, { signal });
        this.serviceRead = { ...(workflow.origin ? { origin: workflow.origin } : {}), ...(workflow.name ? { name: workflow.name } : {}) };
        this.steps = (workflow.steps ?? []).flatMap((s) => (s.stepId && s.type ? [{ stepId: s.stepId, type: s.type, ...(s._id ? { _id: s._id } : {}) }] : []));
        this.stepId = this.steps.some((s) => s.stepId === this.stepId)
          ? this.stepId
          : (this.steps.find((s) => s.type === this.stepType)?.stepId ?? firstMessageStep(this.steps)?.stepId);
      }
      const step = this.currentStep();
      if (generation !== this.generation || this.isDisposed) return;
      if (!step) {
        this.showFailure({ text: vscode.l10n.t('`{0}` has no steps on {1}.', this.workflowId, this.connection.name), more: [], atKeys: [], actions: ['retry'] });
        return;
      }
      // The step's `_id` when known: a 16-character step id is misread by the service (§8.2).
      const answer = await previewStepOnService(client, this.workflowId, step._id ?? step.stepId, { previewPayload: { payload: this.payload, subscriber: this.subscriber } }, { signal });
      if (generation !== this.generation || this.isDisposed) return;
      const preview = answer.result.preview ?? {};
      if (answer.result.error?.message) {
        this.showFailure({ text: vscode.l10n.t('Novu could not render it: {0}', answer.result.error.message), more: answer.result.error.hint ? [answer.result.error.hint] : [], atKeys: [], actions: ['retry'] });
        return;
      }
      if (Object.keys(preview).length === 0 && MESSAGE_STEP_TYPES.has(step.type)) {
        const words = failureWords({ kind: 'serviceEmpty' }, { connectionName: this.connection.name });
        this.showFailure({ text: words.text, more: words.more, atKeys: [], actions: ['retry'] });
        return;
      }
      const model = buildPreviewModel(answer.result.type || step.type, preview);
      this.last = { model, at: new Date().toLocaleTimeString(vscode.env.language) };
      this.publish({ ...this.baseView(), status: 'rendered', model, srcdoc: this.srcdocOf(model), renderedAt: this.last.at });
    } catch (error) {
      if (signal.aborted || generation !== this.generation) return;
      const described = describeError(error);
      this.showFailure({ text: formatErrorLine(vscode.l10n.t('Novu could not render it'), described), more: [], atKeys: [], actions: ['retry'] });
    }
  }

  /** Opens the payload in a JSON editor beside the panel; each edit that parses renders again. */
  async editPayload(): Promise<void> {
    if (this.payloadDocument && !this.payloadDocument.isClosed) {
      await vscode.window.showTextDocument(this.payloadDocument, { viewColumn: vscode.ViewColumn.Beside });
      return;
    }
    // The app's schema, or (zod 4 empties it in discover) the environment's, when the workflow is synced.
    let schema = this.discovered?.payload?.schema;
    if (!isSchemaVisible(schema)) {
      const client = await this.services.manager.clientFor(this.connection);
      schema = client ? await client.getWorkflow(this.workflowId).then((w) => w.payloadSchema ?? undefined, () => undefined) : undefined;
    }
    this.serviceSchema = isSchemaVisible(schema) && schema !== this.discovered?.payload?.schema ? schema : undefined;
    const start = this.payloadEdited ? this.payload : { ...(isSchemaVisible(schema) ? payloadSkeleton(schema) : {}), ...this.payload };
    this.payloadDocument = await vscode.workspace.openTextDocument({ language: 'json', content: `${JSON.stringify(start, null, 2)}\n` });
    await vscode.window.showTextDocument(this.payloadDocument, { viewColumn: vscode.ViewColumn.Beside, preview: false });
    this.payloadChanged();
  }

  /** Sets the payload (the JSON editor's text, the agent, tests) and renders again. */
  setPayload(payload: Record<string, unknown>): Promise<void> {
    this.payload = payload;
    this.payloadHeld = undefined;
    this.payloadEdited = true;
    return this.render('payload');
  }

  /** The schema the payload editor is checked with: the app's as its last discover showed it (a save may change it), else the environment's. */
  private payloadSchemaNow(): unknown {
    const fromApp = this.discovered?.payload?.schema;
    return isSchemaVisible(fromApp) ? fromApp : this.serviceSchema;
  }

  /**
   * The payload editor's text, checked as typed (its JSON, then the workflow's schema): a payload
   * that passes renders; one that does not is marked at its keys, and nothing is asked of the app
   * (the panel keeps the last render and says why it is not of the editor's payload).
   */
  private payloadChanged(): void {
    clearTimeout(this.payloadTimer);
    this.payloadTimer = setTimeout(() => {
      const document = this.payloadDocument;
      if (!document || document.isClosed) return;
      const checked = checkPayloadText(document.getText(), this.payloadSchemaNow());
      if (!checked.ok) {
        this.payloadProblems.set(
          document.uri,
          checked.problems.map((p) => new vscode.Diagnostic(new vscode.Range(document.positionAt(p.start), document.positionAt(Math.max(p.end, p.start + 1))), p.message, vscode.DiagnosticSeverity.Error)),
        );
        this.payloadHeld = checked.summary;
        this.publish({ ...this.view, payloadHeld: checked.summary });
        return;
      }
      this.payloadProblems.delete(document.uri);
      void this.setPayload(checked.payload);
    }, 400);
  }

  /** The app's refusals of the payload, each at its key in the payload editor (the whole payload at its first line). */
  private markPayload(atKeys: { key: string; message: string }[]): void {
    const document = this.payloadDocument;
    if (!document || document.isClosed) return;
    const text = document.getText();
    this.payloadProblems.set(
      document.uri,
      atKeys.map(({ key, message }) => {
        const last = key.split(/[.[\]]/).filter(Boolean).pop();
        const at = last ? text.indexOf(`"${last}"`) : -1;
        const range = at >= 0 ? new vscode.Range(document.positionAt(at), document.positionAt(at + last!.length + 2)) : new vscode.Range(0, 0, 0, 1);
        return new vscode.Diagnostic(range, key ? `${key}: ${message}` : message, vscode.DiagnosticSeverity.Error);
      }),
    );
  }

  /** The recipient: a loaded subscriber, an ID typed, or none. */
  async pickSubscriber(): Promise<void> {
    const none = { label: vscode.l10n.t('No subscriber'), description: vscode.l10n.t('{{subscriber.*}} stays empty'), value: undefined as Subscriber | undefined };
    const items = [none, ...this.services.loadedSubscribers().map((s) => ({ label: s.subscriberId, description: [s.firstName, s.lastName].filter(Boolean).join(' '), value: s as Subscriber | undefined }))];
    const picked = await this.services.prompter().pick({ title: vscode.l10n.t('Preview for which subscriber?'), placeholder: vscode.l10n.t('Fills {{subscriber.firstName}} and the like'), items });
    if (picked === undefined && !items.some((i) => i.value === picked)) return;
    this.setSubscriber(picked);
  }

  /** Sets who the preview is for (its fields fill `{{subscriber.*}}`) and renders again. */
  setSubscriber(subscriber: Subscriber | undefined): void {
    this.subscriber = subscriber ? subscriberFields(subscriber) : {};
    void this.render('subscriber');
  }

  /** A link of the preview: opened only after asking, with the address shown in full. */
  private async openLink(url: string): Promise<void> {
    let parsed: vscode.Uri | undefined;
    try {
      parsed = /^https?:\/\//i.test(url) ? vscode.Uri.parse(url, true) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!parsed) {
      await this.services.prompter().message('warning', vscode.l10n.t('Not opened: {0} is not an http(s) address.', url.slice(0, 300)));
      return;
    }
    const open = vscode.l10n.t('Open in Browser');
    const answer = await this.services.prompter().message('info', vscode.l10n.t('Open this link of the preview? {0}', url.slice(0, 500)), open);
    if (answer === open) await vscode.env.openExternal(parsed);
  }

  /** The first frame of the user's code where the step threw. */
  private async openFrame(): Promise<void> {
    const frame = this.frame;
    if (!frame) return;
    const uri = frame.file.startsWith('file:') ? vscode.Uri.parse(frame.file) : vscode.Uri.file(frame.file);
    const position = new vscode.Position(Math.max(0, frame.line - 1), Math.max(0, frame.column - 1));
    await vscode.window.showTextDocument(uri, { selection: new vscode.Range(position, position), viewColumn: vscode.ViewColumn.One });
  }

  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    clearTimeout(this.retryTimer);
    clearTimeout(this.payloadTimer);
    this.controller?.abort();
    this.disposed.fire();
    for (const s of this.subscriptions) s.dispose();
    this.disposed.dispose();
    this.rendered.dispose();
    this.panel.dispose();
  }
}


function stepView(step: { stepId: string; type: string }): PreviewStepView {
  const info = stepTypeInfo(step.type);
  return { stepId: step.stepId, type: step.type, typeLabel: info.label, icon: info.icon };
}


/** The controls' defaults, as `key: value` lines. */
function controlDefaults(schema: unknown): { key: string; value: string }[] {
  if (!isSchemaVisible(schema)) return [];
  const properties = (schema as { properties?: Record<string, { default?: unknown }> }).properties ?? {};
  return Object.entries(properties)
    .slice(0, 30)
    .map(([key, p]) => ({ key, value: p && typeof p === 'object' && 'default' in p ? (typeof p.default === 'string' ? p.default : JSON.stringify(p.default)) : vscode.l10n.t('(no default)') }));
}

/** The fields `{{subscriber.*}}` reads. */
export function subscriberFields(s: Subscriber): PreviewSubscriber {
  const fields: PreviewSubscriber = { subscriberId: s.subscriberId };
  for (const key of ['firstName', 'lastName', 'email', 'phone', 'avatar', 'locale', 'timezone', 'data'] as const) {
    const value = (s as Record<string, unknown>)[key];
    if (value !== undefined && value !== null) fields[key] = value;
  }
  return fields;
}
