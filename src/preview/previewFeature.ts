/**
 * Preview (issue 32), the code of dist/preview.js: the panels (one per workflow and connection,
 * reused), the Preview lenses on `workflow('id'` and each `step.<channel>('stepId'` of a
 * framework definition, the palette's "Preview Workflow Step…", the bridge URL and its rules, and
 * a render of every open panel when a file of the workspace is saved.
 *
 * The bridge URL is the setting `novuExplorer.preview.bridgeUrl` (`http://localhost:4000/api/novu`
 * unless set). In a workspace that is not trusted, a URL from the workspace's settings is not used
 * (the user's own is). A URL that is not on this machine is asked about once, before a signed
 * request goes there; the answer is remembered for that origin.
 */
import * as vscode from 'vscode';
import type { Job, Notification, Subscriber } from '../api';
import { Commands } from '../commands';
import type { WorkflowsAppLink } from '../features';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import type { Log } from '../log';
import { webviewOptions } from '../panels/webviewHtml';
import type { Prompter } from '../ui/prompter';
import { BridgeClient } from '../bridge/bridgeClient';
import { PREVIEW_PANEL_TYPE, PreviewPanel, subscriberFields, type PreviewTarget } from './previewPanel';
import type { AgentApp, AgentPreview, AgentPreviewRequest } from './agentPreview';
import { buildPreviewModel } from './previewModel';
import { bridgeHost, failureWords, hasSkip } from './previewWords';
import { AppRowNode } from './appRow';
import { AppState } from './appState';
import { appRowText } from './appRowText';
import { asksBeforeSigning } from '../bridge/addressRule';
import { syncUrlProblem } from '../bridge/syncUrl';
import { driftSummary, syncPlan } from './drift';
import { bridgeSync } from './serviceApi';
import { describeError, formatErrorLine } from '../ui/errors';
import { firstMessageStep, frameworkWorkflows } from './stepScanner';

export const BRIDGE_URL_SETTING = 'preview.bridgeUrl';
export const DEFAULT_BRIDGE_URL = 'http://localhost:4000/api/novu';
const APPROVED_KEY = 'novuExplorer.preview.approvedOrigins';
const LANGUAGES = ['typescript', 'javascript', 'typescriptreact', 'javascriptreact'];

export interface PreviewFeatureDeps {
  context: vscode.ExtensionContext;
  manager: ConnectionManager;
  log: Log;
  prompter: () => Prompter;
  loadedSubscribers(): readonly Subscriber[];
  /** The app was checked again (the code's diagnostics say its drift). */
  appChanged(): void;
  /** Trigger… for a recipient chosen, with the preview's payload (the workflow is read from the service). */
  triggerWith(workflowId: string, subscriberId: string, payload: Record<string, unknown>): Promise<unknown>;
}

/** Whether the URL is an http(s) URL without credentials; its problem in words otherwise. */
export function bridgeUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return vscode.l10n.t('Not a URL: write it as http://localhost:4000/api/novu');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return vscode.l10n.t('The bridge URL starts with http:// or https://');
  if (url.username || url.password) return vscode.l10n.t('The bridge URL has no user name or password: the connection’s key signs each request.');
  return undefined;
}

/** What a lens or a caller gives Preview: a workflow, a step and the steps the code shows. */
export function previewTarget(value: unknown): PreviewTarget | undefined {
  if (!value || typeof value !== 'object') return undefined;
  let v = value as Record<string, unknown>;
  // A Workflows view row: its trigger identifier; a dashboard workflow is rendered by the service (§9.4).
  if (v['workflow'] && typeof v['workflow'] === 'object') {
    const row = v['workflow'] as Record<string, unknown>;
    v = { workflowId: row['workflowId'], via: row['origin'] === 'external' ? 'app' : 'service' };
  }
  if (typeof v['workflowId'] !== 'string' || !v['workflowId']) return undefined;
  const steps = Array.isArray(v['codeSteps']) ? v['codeSteps'].filter((s): s is { stepId: string; type: string } => !!s && typeof s === 'object' && typeof s.stepId === 'string' && typeof s.type === 'string') : [];
  const run = v['run'] && typeof v['run'] === 'object' ? (v['run'] as { payload?: unknown; subscriber?: unknown }) : undefined;
  const object = (x: unknown): Record<string, unknown> => (x && typeof x === 'object' && !Array.isArray(x) ? (x as Record<string, unknown>) : {});
  return {
    workflowId: v['workflowId'],
    ...(typeof v['stepId'] === 'string' ? { stepId: v['stepId'] } : {}),
    codeSteps: steps,
    ...(v['via'] === 'service' || v['via'] === 'app' ? { via: v['via'] } : {}),
    ...(typeof v['stepType'] === 'string' ? { stepType: v['stepType'] } : {}),
    ...(run ? { run: { payload: object(run.payload), subscriber: object(run.subscriber) } } : {}),
  };
}

export class PreviewFeature implements vscode.Disposable {
  private readonly panels = new Map<string, PreviewPanel>();
  private readonly client = new BridgeClient();
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private lensesOn = false;
  /** A framework definition was seen in the workspace's code. */
  private sawDefinitions = false;
  /** The Workflows view is visible (the app is checked only then, and only when its row is wanted). */
  private workflowsVisible = false;
  /** The bridge URL when none is set: the default, or the demo's app (`npm run demo` says where; never an installed extension). */
  private readonly defaultBridgeUrl: string;
  /** The user's app against the environment (issue 33), made when the Workflows view first asks. */
  private appStateValue: AppState | undefined;

  constructor(private readonly deps: PreviewFeatureDeps) {
    this.defaultBridgeUrl = (deps.context.extensionMode !== vscode.ExtensionMode.Production && process.env.NOVU_EXPLORER_DEMO_BRIDGE_URL) || DEFAULT_BRIDGE_URL;
    this.subscriptions.push(
      this.lensesChanged,
      // A save anywhere in the workspace may change what the app renders (its code, a template it reads).
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (document.uri.scheme !== 'file' || this.panels.size === 0) return;
        clearTimeout(this.saveTimer);
        this.saveTimer = setTimeout(() => this.panels.forEach((panel) => void panel.render('save')), 150);
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`novuExplorer.${BRIDGE_URL_SETTING}`)) this.panels.forEach((panel) => void panel.render('refresh'));
      }),
    );
  }

  get all(): PreviewPanel[] {
    return [...this.panels.values()];
  }

  /** The Preview lenses on framework definitions (TypeScript and JavaScript), from when code awareness starts. */
  startLenses(): void {
    if (this.lensesOn) return;
    this.lensesOn = true;
    this.subscriptions.push(
      vscode.languages.registerCodeLensProvider(
        LANGUAGES.map((language) => ({ language })),
        { onDidChangeCodeLenses: this.lensesChanged.event, provideCodeLenses: (document) => this.lenses(document) },
      ),
    );
  }

  private lenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const text = document.getText();
    if (!text.includes('@novu/framework') && !/\bworkflow\s*\(/.test(text)) return [];
    const lenses: vscode.CodeLens[] = [];
    const defined = frameworkWorkflows(text, { path: document.uri.path });
    // The workspace defines workflows in code: the Workflows view shows the app's row from now on.
    if (defined.length > 0 && !this.sawDefinitions) {
      this.sawDefinitions = true;
      this.deps.appChanged();
      this.appStateValue?.refreshRow(this.workflowsVisible);
    }
    for (const workflow of defined) {
      const codeSteps = workflow.steps.map((s) => ({ stepId: s.stepId, type: s.type }));
      const first = firstMessageStep(workflow.steps);
      const lens = (offset: number, stepId: string, tooltip: string) => {
        const at = document.positionAt(offset);
        const target: PreviewTarget = { workflowId: workflow.workflowId, stepId, codeSteps };
        return new vscode.CodeLens(new vscode.Range(at, at), { title: vscode.l10n.t('$(open-preview) Preview'), tooltip, command: Commands.previewStep, arguments: [target] });
      };
      if (first) lenses.push(lens(workflow.start, first.stepId, vscode.l10n.t('Preview {0} as your running app renders it, from its first message step ({1})', workflow.workflowId, first.stepId)));
      for (const step of workflow.steps) lenses.push(lens(step.start, step.stepId, vscode.l10n.t('Preview {0} of {1} as your running app renders it', step.stepId, workflow.workflowId)));
    }
    return lenses;
  }

  /** The notification panel's "Render with This Run's Payload": through the service, with the run's payload and subscriber. */
  renderRun(notification: Notification, job: Job, connection: Connection): Promise<PreviewPanel | undefined> {
    const workflowId = notification.template?.triggers?.[0]?.identifier ?? notification.template?._id ?? notification._templateId;
    if (!workflowId) return Promise.resolve(undefined);
    const subscriber = notification.subscriber?.subscriberId ? subscriberFields(notification.subscriber as Subscriber) : {};
    const payload = notification.payload && typeof notification.payload === 'object' ? (notification.payload as Record<string, unknown>) : {};
    return this.open({ workflowId, via: 'service', ...(job.type ? { stepType: job.type } : {}), run: { payload, subscriber } }, connection.id);
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
    const key = `${connection.id}:${chosen.workflowId}`;
    const existing = this.panels.get(key);
    if (existing) {
      existing.retarget(chosen);
      return existing;
    }
    const webviewPanel = vscode.window.createWebviewPanel(PREVIEW_PANEL_TYPE, vscode.l10n.t('Preview: {0}', chosen.workflowId), { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {
      ...webviewOptions(this.deps.context.extensionUri),
      retainContextWhenHidden: false,
    });
    const panel = new PreviewPanel(webviewPanel, connection, chosen.workflowId, {
      extensionUri: this.deps.context.extensionUri,
      manager: this.deps.manager,
      log: this.deps.log,
      prompter: this.deps.prompter,
      client: this.client,
      bridgeUrl: () => this.bridgeUrl(),
      setBridgeUrl: () => this.setBridgeUrl(),
      loadedSubscribers: this.deps.loadedSubscribers,
      // Send a Test…: to the preview's subscriber with its payload, or Trigger… asks to whom.
      sendTest: async (workflowId, payload, subscriberId) =>
        subscriberId ? this.deps.triggerWith(workflowId, subscriberId, payload) : vscode.commands.executeCommand(Commands.triggerWorkflow, workflowId),
    }, chosen);
    this.panels.set(key, panel);
    panel.onDidDispose(() => this.panels.delete(key));
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

  /** The bridge URL to sign requests to now, or why there is none. */
  async bridgeUrl(): Promise<{ url: string } | { problem: string }> {
    const inspected = vscode.workspace.getConfiguration('novuExplorer').inspect<string>(BRIDGE_URL_SETTING);
    // An untrusted workspace's own settings could send the key's signatures anywhere: only the user's count.
    const fromWorkspace = vscode.workspace.isTrusted ? (inspected?.workspaceFolderValue ?? inspected?.workspaceValue) : undefined;
    const text = (fromWorkspace ?? inspected?.globalValue ?? this.defaultBridgeUrl).trim();
    const problem = bridgeUrlProblem(text);
    if (problem) return { problem: vscode.l10n.t('The bridge URL setting is not usable: {0}', problem) };
    const url = new URL(text);
    const approved = this.deps.context.globalState.get<string[]>(APPROVED_KEY, []);
    if (asksBeforeSigning(text, approved)) {
      const send = vscode.l10n.t('Send Signed Requests');
      const answer = await this.deps.prompter().message(
        'warning',
        vscode.l10n.t('The bridge URL {0} is not on this machine. Send preview requests signed with your connection’s key there?', url.origin),
        send,
      );
      if (answer !== send) return { problem: vscode.l10n.t('Not sent: {0} is not on this machine and was not allowed.', url.origin) };
      await this.deps.context.globalState.update(APPROVED_KEY, [...approved, url.origin]);
    }
    return { url: text };
  }

  /**
   * One step rendered for the agent's tool (#novuPreview): the app's discover (the step's type, the
   * first message step when none is named), then the preview, on the active connection's key.
   */
  async renderForAgent(connection: Connection, request: AgentPreviewRequest, signal: AbortSignal): Promise<AgentPreview> {
    const where = await this.bridgeUrl();
    if ('problem' in where) return { kind: 'failed', text: where.problem, more: [], atKeys: [] };
    const secret = await this.deps.manager.signingSecret(connection);
    if (!secret) return { kind: 'failed', text: vscode.l10n.t('The connection "{0}" has no API key to sign the preview with.', connection.name), more: [], atKeys: [] };
    const context = { url: where.url, connectionName: connection.name, workflowId: request.workflowId, ...(request.stepId ? { stepId: request.stepId } : {}) };
    const discovered = await this.client.discover(where.url, secret, signal);
    if (discovered.kind !== 'discovered') return { kind: 'failed', ...failureWords(discovered, context) };
    const workflow = discovered.workflows.find((w) => w.workflowId === request.workflowId);
    if (!workflow) return { kind: 'failed', ...failureWords({ kind: 'workflowNotFound', workflowId: request.workflowId, message: '' }, context) };
    const step = request.stepId ? workflow.steps.find((s) => s.stepId === request.stepId) : (firstMessageStep(workflow.steps));
    if (!step) return { kind: 'failed', ...failureWords({ kind: 'emptyOutputs' }, context) };
    const subscriber = request.subscriberId ? (this.deps.loadedSubscribers().find((s) => s.subscriberId === request.subscriberId) ?? { subscriberId: request.subscriberId }) : undefined;
    const answer = await this.client.previewStep(
      where.url,
      secret,
      { workflowId: workflow.workflowId, stepId: step.stepId, stepType: step.type, payload: request.payload ?? {}, subscriber: subscriber ? { ...subscriber } : {}, controls: {} },
      signal,
    );
    if (answer.kind !== 'rendered') return { kind: 'failed', ...failureWords(answer, { ...context, stepId: step.stepId }) };
    return {
      kind: 'rendered',
      renderer: vscode.l10n.t("Rendered by the user's app at {0}, signed with {1}'s key", bridgeHost(where.url), connection.name),
      workflowId: workflow.workflowId,
      stepId: step.stepId,
      type: step.type,
      model: buildPreviewModel(step.type, answer.outputs),
      skip: hasSkip(workflow.code ?? '', step.stepId),
    };
  }

  /** The app's state, checked while the Workflows view is visible. */
  get appState(): AppState {
    if (!this.appStateValue) {
      this.appStateValue = new AppState({ manager: this.deps.manager, log: this.deps.log, client: this.client, bridgeUrl: () => this.bridgeUrl() });
      this.subscriptions.push(this.appStateValue, this.appStateValue.onDidChange(() => this.deps.appChanged()));
    }
    return this.appStateValue;
  }

  /** Refresh: the app is checked again when its state was made (the view asked for it). */
  recheckApp(): void {
    this.appStateValue?.recheck();
  }

  /** A workflow's drift, when the app was checked (never starts a check). */
  driftOf(workflowId: string): string | undefined {
    return this.appStateValue?.driftOf(workflowId);
  }

  /** What the Workflows view shows of the app: its row first, each workflow's drift, checks while visible. */
  workflowsLink(): WorkflowsAppLink {
    const app = this.appState;
    // Shown when the workspace defines workflows in code or a bridge URL is set (not for an SDK client alone).
    const wanted = () => this.sawDefinitions || !!vscode.workspace.getConfiguration('novuExplorer').inspect(BRIDGE_URL_SETTING)?.globalValue || !!process.env.NOVU_EXPLORER_DEMO_BRIDGE_URL;
    return {
      row: () => (wanted() ? this.appRow() : undefined),
      driftOf: (id) => app.driftOf(id),
      onDidChange: app.onDidChange,
      setVisible: (visible) => {
        this.workflowsVisible = visible;
        app.setVisible(visible && wanted());
      },
    };
  }

  /** The Workflows view's first row: the app against the active connection's environment. */
  appRow(): AppRowNode {
    return new AppRowNode(this.appState, this.deps.manager.active?.name);
  }

  /**
   * Sync Workflows to <connection>…: the URL (checked at the field), a review of what will be
   * created, updated and deleted, each named, from the app's discover and the environment's last
   * sync; then one `POST /v1/bridge/sync`, and the views refresh. Never automatic.
   */
  async syncWorkflows(): Promise<void> {
    const connection = this.deps.manager.active;
    const client = connection ? await this.deps.manager.clientFor(connection) : undefined;
    if (!connection || !client) {
      await this.deps.prompter().message('info', vscode.l10n.t('Add a connection (or open the Sandbox) to sync your workflows to.'));
      return;
    }
    await this.appState.check();
    const status = this.appState.status;
    if (status.kind !== 'running' || !status.workflows || !status.drift) {
      const why = status.kind === 'down' ? status.why : status.kind === 'running' && status.driftProblem ? status.driftProblem : vscode.l10n.t('Your app did not list its workflows.');
      await this.deps.prompter().message('warning', vscode.l10n.t('Nothing was synced: the review needs your running app and the environment’s last sync. {0}', why));
      return;
    }
    const selfHosted = connection.region === 'custom' || connection.region === 'sandbox';
    const url = await this.deps.prompter().input({
      title: vscode.l10n.t('Sync Workflows to {0}: where does the service reach your app?', connection.name),
      prompt: vscode.l10n.t('A public URL of your bridge (the service calls it); for a local app, the tunnel URL `npx novu dev` prints'),
      value: status.syncedUrl ?? '',
      placeholder: 'https://example.ngrok.app/api/novu',
      // A cloud service refuses addresses of this machine or a private network; a self-hosted one may allow them.
      validate: (text) => (selfHosted ? bridgeUrlProblem(text) : (bridgeUrlProblem(text) ?? syncUrlProblem(text))),
    });
    if (url === undefined) return;
    const plan = syncPlan(status.drift);
    const production = await this.deps.manager.looksLikeProduction(connection);
    const names = (ids: string[]) => ids.join(', ');
    const detail = [
      plan.delete.length > 0 ? vscode.l10n.t('Deletes {0}: {1}. Your app no longer defines them; triggers of them will fail.', plan.delete.length, names(plan.delete)) : vscode.l10n.t('Deletes nothing.'),
      plan.create.length > 0 ? vscode.l10n.t('Creates {0}: {1}.', plan.create.length, names(plan.create)) : '',
      plan.update.length > 0 ? vscode.l10n.t('Updates {0}: {1}.', plan.update.length, names(plan.update)) : '',
      vscode.l10n.t('The service reads your app’s workflows at {0}.', url.trim()),
    ]
      .filter(Boolean)
      .join('\n');
    const title = production ? vscode.l10n.t('Sync workflows to {0}, a PRODUCTION environment?', connection.name) : vscode.l10n.t('Sync workflows to {0}?', connection.name);
    const action =
      plan.delete.length > 0
        ? production
          ? vscode.l10n.t('Sync to Production and Delete {0}', plan.delete.length)
          : vscode.l10n.t('Sync and Delete {0}', plan.delete.length)
        : production
          ? vscode.l10n.t('Sync to Production')
          : vscode.l10n.t('Sync');
    if (!(await this.deps.prompter().confirm(title, action, detail))) return;
    try {
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Syncing workflows to {0}…', connection.name) }, () => bridgeSync(client, url.trim()));
    } catch (error) {
      await this.deps.prompter().message('error', formatErrorLine(vscode.l10n.t('The sync to {0} was refused', connection.name), describeError(error)));
      return;
    }
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Synced to {0}: {1} created, {2} updated, {3} deleted.', connection.name, plan.create.length, plan.update.length, plan.delete.length),
    );
    // The Workflows view, the lenses and the diagnostics read again; so does the app's state.
    await vscode.commands.executeCommand(Commands.refresh);
    void this.appState.check();
  }

  /** The app's state for the agent's #novuApp: checked now (read-only; a sync is never the agent's). */
  async appForAgent(): Promise<AgentApp> {
    await this.appState.check();
    const status = this.appState.status;
    const name = this.deps.manager.active?.name;
    const text = appRowText(status, name, vscode.env.language);
    return {
      summary: `${text.label} · ${text.description}`,
      details: String(text.tooltip).split('\n').filter(Boolean),
      drift: status.kind === 'running' ? (status.drift ?? []).filter((e) => e.kind !== 'same').map((e) => ({ workflowId: e.workflowId, kind: e.kind, words: driftSummary(e, name ?? '') })) : [],
    };
  }

  /** Set Bridge URL…: where the running app serves its bridge; checked at the field, saved in the user's settings. */
  async setBridgeUrl(): Promise<void> {
    const current = vscode.workspace.getConfiguration('novuExplorer').inspect<string>(BRIDGE_URL_SETTING)?.globalValue ?? this.defaultBridgeUrl;
    const value = await this.deps.prompter().input({
      title: vscode.l10n.t('Set Bridge URL'),
      prompt: vscode.l10n.t('Where your running @novu/framework app serves its bridge (the route of serve())'),
      value: current,
      placeholder: DEFAULT_BRIDGE_URL,
      validate: (text) => bridgeUrlProblem(text),
    });
    if (value === undefined) return;
    await vscode.workspace.getConfiguration('novuExplorer').update(BRIDGE_URL_SETTING, value.trim(), vscode.ConfigurationTarget.Global);
  }

  dispose(): void {
    clearTimeout(this.saveTimer);
    for (const panel of this.panels.values()) panel.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
