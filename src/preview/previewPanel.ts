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
 * first render, off the render's path. The header says who rendered what is shown, or, when nothing
 * was rendered, what was tried. The payload editor, the links and the subscriber have their own files.
 */
import * as vscode from 'vscode';
import type { Subscriber } from '../api';
import { Commands } from '../commands';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import { payloadSkeleton } from '../format/payloadSchema';
import { placeholderOf } from '../testing/casePayload';
import type { Log } from '../log';
import { PanelHost } from '../panels/panelHost';
import { describeError, formatErrorLine } from '../ui/errors';
import type { Prompter } from '../ui/prompter';
import { BridgeClient, type BridgeFailure, type DiscoveredWorkflow, type StackFrame } from '../bridge/bridgeClient';
import type { CanIEmail } from '../checks';
import { emailSrcdoc } from './emailFrame';
import { PayloadEditor } from './payloadEditor';
import { CHECKS_SECTION, checksSettingsNow } from '../checksSettings';
import { PreviewChecks, type OffThreadChecks } from './previewChecks';
import { openPreviewLink, openStackFrame } from './previewLinks';
import type { PreviewModel } from '../rendered/previewModel';
import { renderStep } from '../rendered/renderStep';
import { saveAsTestCase } from '../ui/saveTestCase';
import { pickPreviewSubscriber, subscriberFields, subscriberLabel, type PreviewSubscriber } from './previewSubscriber';
import { bridgeHost, failureOutcome, failureWords, frameLocation, rendererWords, type RenderOutcome } from '../rendered/previewWords';
import { baseView } from './previewView';
import type { PreviewFailureView, PreviewPanelState, PreviewRequests, PreviewView } from './protocol';
import { previewWebviewMessageSchema } from './protocolSchemas';
import { viewChanges } from './viewChanges';
import { readServiceWorkflow, renderOnService } from './serviceRender';
import { isSchemaVisible } from '../bridge/discoverSchema';
import { firstMessageStep } from './stepScanner';
import { whoseKey } from '../bridge/whoseKey';
import type { PreviewTarget } from './previewTarget';
import { RESTART_WAIT_MS, mayBeRestarting } from '../bridge/appRestart';

/** The waits between tries of a restarting app (appRestart.ts). */
const RETRY_DELAYS_MS = [300, 600, 1000, 2000, 3000, 4000, 5000];

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
  /** caniemail's data for the Checks strip's email clients' support (src/checks/clientSupport.ts); without it that check does not run. */
  canIEmail?: CanIEmail;
  /** Where an email's checks run: off the host's thread (checksWorker.ts). */
  checkOffThread: OffThreadChecks;
}

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
  /** What was tried when the panel shows a failure (its header says it, never "Rendered by"). */
  private failedHow: RenderOutcome = 'answered';
  /** The saved connection whose key the app runs with, when it is another's. */
  private keyOwner: { id: string; name: string } | undefined;
  /** The app's @novu/framework version and the bridge URL it was read at (its health-check says it, once per URL). */
  private framework: { url: string; version: string | undefined } | undefined;
  private readonly payloadEditor: PayloadEditor;
  /** The Checks strip's findings of what is shown. */
  private readonly checks: PreviewChecks;
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
    // An email's findings come after its render (a newer render's make them go unused): the strip shows them when they do.
    this.checks = new PreviewChecks(services.checkOffThread, () => this.publish(this.view), { ...(services.canIEmail ? { canIEmail: services.canIEmail } : {}), failed: (error) => services.log.warn(`preview checks: ${error.message}`) });
    this.checks.settings = checksSettingsNow();
    this.view = this.withRenderer(this.baseView());
    this.payloadEditor = new PayloadEditor({
      panelColumn: () => this.panel.viewColumn,
      schema: () => this.payloadSchemaNow(),
      accepted: (payload) => {
        // The same payload as shown (the editor just opened, a space typed): nothing new to render.
        if (!this.payloadHeld && JSON.stringify(payload) === JSON.stringify(this.payload)) return;
        void this.setPayload(payload);
      },
      held: (why) => {
        if (why === undefined && !this.payloadHeld) return;
        this.payloadHeld = why;
        if (why !== undefined) return this.publish({ ...this.view, payloadHeld: why });
        const { payloadHeld: _gone, ...shown } = this.view;
        this.publish(shown);
      },
    });
    this.host = new PanelHost<PreviewRequests, PreviewPanelState>({
      panel,
      connection,
      services,
      // l10n-ignore: the log's name for the panel
      name: `preview panel ${workflowId}`,
      html: { title: panel.title, script: 'preview', stylesheet: 'preview.css', data: { workflowId }, imgSrc: ['https:', 'http:'], inlineStyles: true },
      schema: previewWebviewMessageSchema,
      state: () => ({ kind: 'loaded', view: this.view }),
      update: (held, state) => (held.kind === 'loaded' && state.kind === 'loaded' ? viewChanges(held.view, state.view) : undefined),
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
          await openPreviewLink(url, this.services.prompter());
          return null;
        },
        revealPayloadKey: async ({ key }) => {
          await this.revealPayloadKey(key);
          return null;
        },
        openFrame: async () => {
          if (this.frame) await openStackFrame(this.frame);
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
        saveTestCase: async () => {
          await this.saveAsTestCase();
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
      this.payloadEditor,
      this.host.onDidDispose(() => this.dispose()),
      // A level or a client changed: the strip of what is shown says it at once.
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!event.affectsConfiguration(CHECKS_SECTION)) return;
        this.checks.settings = checksSettingsNow();
        this.publish(this.view);
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
      this.showFailure({ text: where.problem, more: [], atKeys: [], actions: ['setBridgeUrl'] }, 'notAsked');
      return;
    }
    this.url = where.url;
    const secret = await this.services.manager.signingSecret(this.connection);
    if (generation !== this.generation) return;
    if (!secret) {
      this.showFailure({ text: vscode.l10n.t('The connection "{0}" has no API key to sign the preview with.', this.connection.name), more: [], atKeys: [], actions: ['switchConnection'] }, 'notAsked');
      return;
    }
    if (!step) {
      // Nothing known of the workflow yet: discover says which steps it has.
      await this.discover(where.url, secret, controller.signal, generation);
      if (generation !== this.generation || this.isDisposed) return;
      if (!this.currentStep()) {
        if (!this.view.failure) this.showFailure({ text: vscode.l10n.t('`{0}` has no steps in your app at {1}.', this.workflowId, bridgeHost(where.url)), more: [], atKeys: [], actions: ['retry'] }, 'answered');
        return;
      }
      return this.render(reason);
    }
    let result;
    try {
      result = await renderStep(
        this.services.client,
        where.url,
        secret,
        { workflowId: this.workflowId, stepId: step.stepId, stepType: step.type, payload: this.payloadToSend(), subscriber: this.subscriber, controls: {} },
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
      if (!this.payloadHeld) this.payloadEditor.clearRefusals();
      const model = result.model;
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
    const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.fsPath);
    const words = failureWords(failure, { url, connectionName: this.connection.name, workflowId: this.workflowId, stepId, folders });
    if (failure.kind === 'signatureMismatch') void this.nameKeyOwner(url);
    this.frame = words.frame;
    if (failure.kind === 'payloadInvalid') this.payloadEditor.markRefusals(words.atKeys);
    // The app may be restarting (a save): the last render stays, stale, while the panel tries again.
    if (mayBeRestarting(failure) && (this.last || reason === 'save' || reason === 'retry')) {
      this.failingSince ??= Date.now();
      const waited = Date.now() - this.failingSince;
      if (waited < RESTART_WAIT_MS) {
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
      this.showFailure({ text: vscode.l10n.t('Your app at {0} is not answering (tried for {1} s): {2}', bridgeHost(url), Math.round(RESTART_WAIT_MS / 1000), words.text), more: words.more, atKeys: [], actions: ['retry', 'setBridgeUrl', 'useService'] }, failureOutcome(failure.kind));
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
    this.showFailure({ text: words.text, more: words.more, atKeys: words.atKeys, ...(words.frame ? { frame: frameLocation(words.frame, folders) } : {}), actions }, failureOutcome(failure.kind));
  }

  /** Another environment's key: which saved connection's, when one of them is (a signed discover each, to an app on this machine only). */
  private async nameKeyOwner(url: string): Promise<void> {
    const generation = this.generation;
    const owner = await whoseKey({ manager: this.services.manager, client: this.services.client }, url, this.connection);
    if (generation !== this.generation || this.isDisposed || owner.kind !== 'otherConnection' || !this.view.failure) return;
    this.keyOwner = { id: owner.connectionId, name: owner.connectionName };
    this.showFailure(
      { ...this.view.failure, more: [vscode.l10n.t("Your app runs with {0}'s key: preview it on {0}.", owner.connectionName)] },
      this.failedHow,
    );
  }

  /** A failure in place of the render; `how`: what was tried, for the header. */
  private showFailure(failure: PreviewFailureView, how: RenderOutcome): void {
    this.failedHow = how;
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
    if (this.payloadHeld) this.payloadEditor.changed();
  }

  private currentStep(): { stepId: string; type: string; _id?: string } | undefined {
    return this.stepId === undefined ? undefined : this.steps.find((s) => s.stepId === this.stepId);
  }

  /** The parts of the view every state has: the steps, the payload and subscriber used, the notes. */
  private baseView(): Omit<PreviewView, 'renderer'> {
    const step = this.currentStep();
    const controlsSchema = this.discovered?.steps.find((s) => s.stepId === step?.stepId)?.controls?.schema;
    return baseView({
      workflowId: this.workflowId,
      ...(this.discovered ? { discovered: this.discovered } : {}),
      schemaVisible: isSchemaVisible(this.discovered?.payload?.schema),
      ...(isSchemaVisible(controlsSchema) ? { controlsSchema } : {}),
      steps: this.steps,
      ...(step ? { step } : {}),
      ...(this.stepId ? { stepId: this.stepId } : {}),
      fromRun: this.fromRun,
      payloadEdited: this.payloadEdited,
      payload: this.payload,
      subscriber: subscriberLabel(this.subscriber),
      remoteImages: this.remoteImages,
      ...(this.payloadHeld ? { payloadHeld: this.payloadHeld } : {}),
    });
  }

  /**
   * The header's line for `view`: who rendered what it shows, or what was tried when it shows a
   * failure; while a render is under way with nothing shown yet, who is being asked.
   */
  private withRenderer(view: Omit<PreviewView, 'renderer'>): PreviewView {
    const outcome: RenderOutcome = view.status === 'failed' ? this.failedHow : view.model ? 'rendered' : 'asking';
    const who = {
      via: this.via,
      connectionName: this.connection.name,
      ...(this.url ? { url: this.url } : {}),
      ...(this.url && this.framework?.url === this.url && this.framework.version ? { framework: this.framework.version } : {}),
      synced: this.serviceRead?.origin === 'external',
    };
    return { ...view, renderer: rendererWords(who, outcome) };
  }

  private publish(shown: Omit<PreviewView, 'renderer'>): void {
    const { checks: _before, checking: _under, ...withoutChecks } = this.withRenderer(shown);
    const view: PreviewView = { ...withoutChecks, ...this.checks.of(withoutChecks, this.payloadToSend(), this.payloadSchemaNow()) };
    this.view = view;
    this.host.publish();
    if (view.status !== 'rendering' || view.stale) this.rendered.fire(view);
  }

  private srcdocOf(model: PreviewModel): string | undefined {
    return model.kind === 'email' ? emailSrcdoc(model.html, { remoteImages: this.remoteImages }) : undefined;
  }

  /** A render through the service (§9.4): one request; the workflow is read first when its steps' `_id`s are not known. */
  private async renderByService(generation: number, signal: AbortSignal): Promise<void> {
    const client = await this.services.manager.clientFor(this.connection);
    if (generation !== this.generation || this.isDisposed) return;
    if (!client) {
      this.showFailure({ text: vscode.l10n.t('The connection "{0}" has no API key.', this.connection.name), more: [], atKeys: [], actions: ['switchConnection'] }, 'notAsked');
      return;
    }
    if (!this.serviceRead || !this.steps.some((s) => s._id)) {
      const workflow = await readServiceWorkflow(client, this.workflowId, signal).catch((error: unknown) => error as Error);
      if (generation !== this.generation || this.isDisposed) return;
      if (workflow instanceof Error) {
        this.showFailure({ text: formatErrorLine(vscode.l10n.t('Novu could not render it'), describeError(workflow)), more: [], atKeys: [], actions: ['retry'] }, 'answered');
        return;
      }
      const { steps, ...read } = workflow;
      this.serviceRead = read;
      this.steps = steps;
      this.stepId = steps.some((s) => s.stepId === this.stepId) ? this.stepId : (steps.find((s) => s.type === this.stepType)?.stepId ?? firstMessageStep(steps)?.stepId);
    }
    const step = this.currentStep();
    if (!step) {
      this.showFailure({ text: vscode.l10n.t('`{0}` has no steps on {1}.', this.workflowId, this.connection.name), more: [], atKeys: [], actions: ['retry'] }, 'answered');
      return;
    }
    const answer = await renderOnService(client, this.workflowId, step, { payload: this.payloadToSend(), subscriber: this.subscriber }, this.connection.name, signal);
    if (!answer || generation !== this.generation || this.isDisposed) return;
    if (answer.kind === 'failed') return this.showFailure(answer.failure, answer.how);
    this.last = { model: answer.model, at: new Date().toLocaleTimeString(vscode.env.language) };
    this.publish({ ...this.baseView(), status: 'rendered', model: answer.model, srcdoc: this.srcdocOf(answer.model), renderedAt: this.last.at });
  }

  /** Opens the payload in a JSON editor beside the panel (never over it); each edit that passes renders again. */
  async editPayload(): Promise<void> {
    if (await this.payloadEditor.showOpen()) return;
    // The app's schema, or (zod 4 empties it in discover) the environment's, when the workflow is synced.
    let schema = this.discovered?.payload?.schema;
    if (!isSchemaVisible(schema)) {
      const client = await this.services.manager.clientFor(this.connection);
      schema = client ? await client.getWorkflow(this.workflowId).then((w) => w.payloadSchema ?? undefined, () => undefined) : undefined;
    }
    this.serviceSchema = isSchemaVisible(schema) && schema !== this.discovered?.payload?.schema ? schema : undefined;
    await this.payloadEditor.open(this.payloadEdited ? this.payload : { ...(isSchemaVisible(schema) ? payloadSkeleton(schema, placeholderOf) : {}), ...this.payload });
  }

  /** A finding of the Checks strip at a key of the payload: the payload's editor beside the panel, that key selected. */
  async revealPayloadKey(key: string): Promise<void> {
    await this.editPayload();
    this.payloadEditor.reveal(key);
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

  /** A render's payload and its checks': unedited, its required keys filled by the runner's rule once the schema is known (issue 51, §20), not the app's random mock. */
  private payloadToSend(): Record<string, unknown> {
    return this.payloadEdited || !isSchemaVisible(this.payloadSchemaNow()) ? this.payload : { ...payloadSkeleton(this.payloadSchemaNow(), placeholderOf), ...this.payload };
  }

  /** Save as Test Case…: the payload and subscriber on screen (the panel sets no controls) as a case of the workflow. */
  saveAsTestCase(): Promise<vscode.Uri | undefined> {
    return saveAsTestCase(this.services.prompter(), { workflowId: this.workflowId, payload: this.payload, ...(this.subscriber.subscriberId || Object.keys(this.subscriber).length > 0 ? { subscriber: this.subscriber } : {}) });
  }

  /** The recipient: a loaded subscriber, or none. */
  async pickSubscriber(): Promise<void> {
    const picked = await pickPreviewSubscriber(this.services.prompter(), this.services.loadedSubscribers());
    if (picked !== 'cancelled') this.setSubscriber(picked);
  }

  /** Sets who the preview is for (its fields fill `{{subscriber.*}}`) and renders again. */
  setSubscriber(subscriber: Subscriber | undefined): void {
    this.subscriber = subscriber ? subscriberFields(subscriber) : {};
    void this.render('subscriber');
  }

  dispose(): void {
    if (this.isDisposed) return;
    this.isDisposed = true;
    clearTimeout(this.retryTimer);
    this.controller?.abort();
    this.checks.dispose();
    this.disposed.fire();
    for (const s of this.subscriptions) s.dispose();
    this.disposed.dispose();
    this.rendered.dispose();
    this.panel.dispose();
  }
}
