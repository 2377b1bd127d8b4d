/**
 * Preview (issue 32), the code of dist/preview.js: the panels (one per workflow and connection,
 * reused, and restored after a reload through the panel registry), the palette's "Preview Workflow
 * Step…", a notification's "Render with This Run's Payload", and a render of every open panel when
 * a file of the workspace is saved or the bridge URL changes. The lenses (previewLenses.ts), the
 * agent's render (agentRender.ts) and the bridge URL with its trust (../bridgeSettings.ts) have
 * their own files.
 */
import * as vscode from 'vscode';
import type { Job, Notification, Subscriber } from '../api';
import { Commands } from '../commands';
import { BridgeClient } from '../bridge/bridgeClient';
import { BRIDGE_URL_SETTING, BridgeSettings } from '../bridgeSettings';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import type { Log } from '../log';
import type { PanelRegistry } from '../panels/panelRegistry';
import type { Prompter } from '../ui/prompter';
import { saveAsTestCase } from '../ui/saveTestCase';
import type { AgentPreview, AgentPreviewRequest } from './agentPreview';
import { renderForAgent } from './agentRender';
import { runTestsForAgent } from './agentTests';
import type { AgentTests, AgentTestsRequest } from '../testing/agentTests';
import { PreviewLenses } from './previewLenses';
import { PreviewPanel } from './previewPanel';
import { subscriberFields } from './previewSubscriber';
import { previewTarget, type PreviewTarget } from './previewTarget';
import { bridgeHost, failureWords } from '../rendered/previewWords';
import { ChecksWorker } from './checksWorker';
import { bundle } from '../features';
import type { CanIEmail } from '../checks';

export interface PreviewFeatureDeps {
  context: vscode.ExtensionContext;
  manager: ConnectionManager;
  log: Log;
  prompter: () => Prompter;
  /** The preview panels, one per connection and workflow: opened and restored after a reload through the registry. */
  panels: PanelRegistry<PreviewPanel, PreviewTarget>;
  loadedSubscribers(): readonly Subscriber[];
  /** A lens saw a framework definition: the workspace defines workflows in code (the app's row is wanted). */
  definitionsSeen(): void;
  /** Trigger… for a recipient chosen, with the preview's payload (the workflow is read from the service). */
  triggerWith(workflowId: string, subscriberId: string, payload: Record<string, unknown>): Promise<unknown>;
}

export class PreviewFeature implements vscode.Disposable {
  private readonly client = new BridgeClient();
  private readonly bridge: BridgeSettings;
  private readonly lenses: PreviewLenses;
  private readonly subscriptions: vscode.Disposable[] = [];
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** The thread the panels' emails are checked in, started at the first (issue 51, E2). */
  private checksWorker: ChecksWorker | undefined;
  /** caniemail's data: the checks thread's bundle is its one copy in the extension, loaded on the host at its first use here. */
  private readonly canIEmail: CanIEmail;

  /** VS Code's user folder (`…/User/`: settings, keybindings, snippets), by this extension's global storage in it. */
  private readonly userDataPath: string;

  /** A file of VS Code's own (the user's settings, keybindings), never of the user's app. */
  private isVSCodeFile(uri: vscode.Uri): boolean {
    return uri.path.startsWith(this.userDataPath) || (!vscode.workspace.getWorkspaceFolder(uri) && /\/User\/[^/]+\.json$/.test(uri.path));
  }

  constructor(private readonly deps: PreviewFeatureDeps) {
    const caniemail = bundle<typeof import('./checksWorkerMain')>(deps.context, 'checksWorker');
    this.canIEmail = (html, options) => caniemail().doIUseEmail(html, options);
    this.userDataPath = `${vscode.Uri.joinPath(deps.context.globalStorageUri, '..', '..').path}/`;
    this.bridge = new BridgeSettings(deps.context, deps.prompter);
    this.lenses = new PreviewLenses(() => deps.definitionsSeen());
    this.subscriptions.push(
      this.lenses,
      // A save of a file may change what the app renders (its code, a template it reads). Not VS Code's
      // own files: the user's settings.json is saved when the color theme changes, and a render then
      // dimmed the panel for nothing (seen on a CI run, the in-app step read for contrast).
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (document.uri.scheme !== 'file' || this.all.length === 0 || this.isVSCodeFile(document.uri)) return;
        clearTimeout(this.saveTimer);
        this.saveTimer = setTimeout(() => this.all.forEach((panel) => void panel.render('save')), 150);
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`novuExplorer.${BRIDGE_URL_SETTING}`)) this.all.forEach((panel) => void panel.render('refresh'));
      }),
    );
  }

  get all(): PreviewPanel[] {
    return this.deps.panels.all;
  }

  /** The panels' registry (tests restore a panel through it as VS Code does after a reload). */
  get registry(): PanelRegistry<PreviewPanel, PreviewTarget> {
    return this.deps.panels;
  }

  /** The Preview lenses, from when code awareness starts. */
  startLenses(): void {
    this.lenses.start();
  }

  /** The notification panel's "Render with This Run's Payload": through the service, with the run's payload and subscriber. */
  renderRun(notification: Notification, job: Job, connection: Connection): Promise<PreviewPanel | undefined> {
    const workflowId = notification.template?.triggers?.[0]?.identifier ?? notification.template?._id ?? notification._templateId;
    if (!workflowId) return Promise.resolve(undefined);
    const subscriber = notification.subscriber?.subscriberId ? subscriberFields(notification.subscriber as Subscriber) : {};
    const payload = notification.payload && typeof notification.payload === 'object' ? (notification.payload as Record<string, unknown>) : {};
    return this.open({ workflowId, via: 'service', ...(job.type ? { stepType: job.type } : {}), run: { payload, subscriber } }, connection.id);
  }

  /** Save as Test Case… of a past run: its payload and subscriber (e-mail and phone only when the user says so). */
  saveRunAsTestCase(notification: Notification): Promise<vscode.Uri | undefined> {
    const workflowId = notification.template?.triggers?.[0]?.identifier ?? notification.template?._id ?? notification._templateId;
    if (!workflowId) {
      void vscode.window.showWarningMessage(vscode.l10n.t('This run does not say its workflow: it cannot become a test case.'));
      return Promise.resolve(undefined);
    }
    const subscriber = notification.subscriber?.subscriberId ? subscriberFields(notification.subscriber as Subscriber) : undefined;
    const payload = notification.payload && typeof notification.payload === 'object' && !Array.isArray(notification.payload) ? (notification.payload as Record<string, unknown>) : {};
    const when = notification.createdAt ? new Date(notification.createdAt) : undefined;
    // The run's context by its keys (`tenant:acme` → `{ tenant: "acme" }`): the steps see the same ids.
    const context = Object.fromEntries((notification.contextKeys ?? []).map((key) => [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)]));
    return saveAsTestCase(this.deps.prompter(), {
      workflowId,
      payload,
      ...(Object.keys(context).length > 0 ? { context } : {}),
      ...(subscriber ? { subscriber } : {}),
      name: vscode.l10n.t('run {0}', notification.transactionId ?? notification._id),
      description: when && !Number.isNaN(when.getTime()) ? vscode.l10n.t('From the run {0} of {1}.', notification._id, when.toISOString()) : vscode.l10n.t('From the run {0}.', notification._id),
    });
  }

  /** Opens (or reveals) the preview of a workflow, at a step; without one, asks (the palette). `target`: what a lens, a row or a caller gave. */
  async open(given?: unknown, connectionId?: string): Promise<PreviewPanel | undefined> {
    const target = previewTarget(given);
    const connection = connectionId ? this.deps.manager.connections.find((c) => c.id === connectionId) : this.deps.manager.active;
    if (!connection) {
      const addConnection = vscode.l10n.t('Add Connection');
      const answer = await this.deps.prompter().message('info', vscode.l10n.t('A preview is signed with a connection’s key: add a connection (or open the Sandbox) first.'), addConnection, vscode.l10n.t('Open Sandbox'));
      if (answer) await vscode.commands.executeCommand(answer === addConnection ? Commands.addConnection : Commands.openSandbox);
      return undefined;
    }
    const chosen = target ?? (await this.pick(connection));
    if (!chosen) return undefined;
    const existing = this.all.find((panel) => panel.workflowId === chosen.workflowId && panel.connection.id === connection.id);
    if (existing) {
      existing.retarget(chosen);
      return existing;
    }
    return this.deps.panels.open(chosen.workflowId, connection, vscode.l10n.t('Preview: {0}', chosen.workflowId), chosen, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true });
  }

  /** A preview panel in `webviewPanel`, opened or restored (then its target is its workflow alone), rendering at once. */
  createPanel(webviewPanel: vscode.WebviewPanel, workflowId: string, connection: Connection, target: PreviewTarget = { workflowId, codeSteps: [] }): PreviewPanel {
    const panel = new PreviewPanel(webviewPanel, connection, workflowId, {
      extensionUri: this.deps.context.extensionUri,
      manager: this.deps.manager,
      log: this.deps.log,
      prompter: this.deps.prompter,
      client: this.client,
      bridgeUrl: () => this.bridgeUrl(),
      setBridgeUrl: () => this.setBridgeUrl(),
      loadedSubscribers: this.deps.loadedSubscribers,
      // caniemail's data, as the maintained package keeps it (Checks: the email clients' support).
      canIEmail: this.canIEmail,
      checkOffThread: (step, settings, signal) => {
        this.checksWorker ??= new ChecksWorker(vscode.Uri.joinPath(this.deps.context.extensionUri, 'dist', 'checksWorker.js').fsPath, vscode.l10n.bundle);
        return this.checksWorker.check(step, settings, signal);
      },
      // Send a Test…: to the preview's subscriber with its payload, or Trigger… asks to whom.
      sendTest: async (workflowId, payload, subscriberId) =>
        subscriberId ? this.deps.triggerWith(workflowId, subscriberId, payload) : vscode.commands.executeCommand(Commands.triggerWorkflow, workflowId),
    }, target);
    void panel.render('open');
    return panel;
  }

  /** Preview Workflow Step…: a workflow of the running app, then a step. */
  private async pick(connection: Connection): Promise<PreviewTarget | undefined> {
    const where = await this.bridgeUrl();
    if ('problem' in where) {
      await this.deps.prompter().message('warning', where.problem);
      return undefined;
    }
    const secret = await this.deps.manager.signingSecret(connection);
    if (!secret) return undefined;
    const answer = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Asking your app at {0} for its workflows…', bridgeHost(where.url)) }, () =>
      this.client.discover(where.url, secret),
    );
    if (answer.kind !== 'discovered') {
      const set = vscode.l10n.t('Set Bridge URL');
      const choice = await this.deps.prompter().message('warning', failureWords(answer, { url: where.url, connectionName: connection.name }).text, set);
      if (choice === set) await this.setBridgeUrl();
      return undefined;
    }
    const workflow = await this.deps.prompter().pick({
      title: vscode.l10n.t('Preview Workflow Step: which workflow? (your app at {0})', bridgeHost(where.url)),
      items: answer.workflows.map((w) => ({ label: w.workflowId, description: w.name ?? '', detail: w.steps.map((s) => `${s.stepId} (${s.type})`).join(' · '), value: w })),
      step: 1,
      totalSteps: 2,
    });
    if (!workflow) return undefined;
    const step = await this.deps.prompter().pick({
      title: vscode.l10n.t('Preview Workflow Step: which step of {0}?', workflow.workflowId),
      items: workflow.steps.map((s) => ({ label: s.stepId, description: s.type, value: s })),
      step: 2,
      totalSteps: 2,
    });
    if (!step) return undefined;
    return { workflowId: workflow.workflowId, stepId: step.stepId, codeSteps: workflow.steps.map((s) => ({ stepId: s.stepId, type: s.type })) };
  }

  /** The bridge URL to sign requests to now, or why there is none (asks before a signed request leaves this machine). */
  bridgeUrl(): Promise<{ url: string } | { problem: string }> {
    return this.bridge.bridgeUrl();
  }

  /** Set Bridge URL…: where the running app serves its bridge. */
  setBridgeUrl(): Promise<void> {
    return this.bridge.setBridgeUrl();
  }

  /** The workspace's test cases run for the agent's tool (#novuTests): read-only. */
  runTestsForAgent(connection: Connection, request: AgentTestsRequest, signal: AbortSignal): Promise<AgentTests> {
    return runTestsForAgent({ manager: this.deps.manager, client: this.client, bridgeUrl: () => this.bridgeUrl(), canIEmail: this.canIEmail }, connection, request, signal);
  }

  /** One step rendered for the agent's tool (#novuPreview). */
  renderForAgent(connection: Connection, request: AgentPreviewRequest, signal: AbortSignal): Promise<AgentPreview> {
    return renderForAgent({ manager: this.deps.manager, client: this.client, bridgeUrl: () => this.bridgeUrl(), loadedSubscribers: this.deps.loadedSubscribers }, connection, request, signal);
  }

  dispose(): void {
    clearTimeout(this.saveTimer);
    this.checksWorker?.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
