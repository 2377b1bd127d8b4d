/** Composition root: wires the parts together and registers them; nothing else happens here. */
import * as vscode from 'vscode';
import { Commands, type CommandId } from './commands';
import { ConnectionManager } from './connections/connectionManager';
import { SandboxHost } from './connections/sandboxHost';
import { ConnectionStatusBar } from './connections/statusBar';
import { SANDBOX_CONNECTION_ID } from './connections/connection';
import { Log } from './log';
import { VsCodePrompter, type Prompter } from './ui/prompter';
import type { NovuUriHandler } from './uriHandler';
import { NotificationEditorContext } from './notifications/editorContext';
import { rejectedKeyPrompt } from './connections/rejectedKeyPrompt';
import { NotificationPanels } from './notifications/notificationPanels';
import { PreferencesPanels } from './preferences/preferencesPanels';
import { JsonDocuments } from './ui/jsonDocuments';
import type { SubscriberNode } from './subscribers/subscriberNode';
import type { IntegrationNode } from './integrations/integrationsProvider';
import { ErrorNode } from './ui/treeNodes';
import { INTEGRATIONS_VIEW_ID, IntegrationsProvider } from './integrations/integrationsProvider';
import { SUBSCRIBERS_VIEW_ID, SubscribersProvider } from './subscribers/subscribersProvider';
import { ACTIVITY_VIEW_ID, ActivityProvider } from './activity/activityProvider';
import { ActivityMemory } from './activity/activityMemory';
import { isActivityFilterEmpty } from './activity/activityFilter';
import type { NotificationNode } from './activity/activityNodes';
import { registerNotificationLinks, type NotificationTerminalLinks } from './notifications/notificationLinks';
import { Walkthrough } from './walkthrough';
import { l10n } from './l10n';
import type { SendAgain } from './sendAgain/sendAgain';
import { SentAgainLinks } from './sendAgain/sendAgainLinks';
import type { RunActions } from './notifications/notificationPanel';
import { AGENT_TOOLS } from './agent/toolNames';
import { CODE_LANGUAGES } from './code/languages';
import { MANIFEST_EXCLUDE, MANIFEST_GLOB, importsNovuSdk, manifestNamesNovuSdk } from './code/novuSdk';
import type { CodeAwareness } from './code/codeAwareness';
import { DiagnosisPanels } from './diagnosis/diagnosisPanels';
import type { DiagnoseArgument, DiagnosisCommands } from './diagnosis/diagnosisCommands';
import type { DiagnosisRequest } from './diagnosis/diagnosisRun';
import type { AgentTools } from './agent/agentTools';
import { LazyTree } from './ui/lazyTree';
import { WORKFLOWS_VIEW_ID } from './workflows/viewId';
import type { WorkflowNode, WorkflowsProvider } from './workflows/workflowsProvider';
import type { WorkflowCommands, WorkflowTarget } from './workflows/workflowCommands';
import type { TreeNode } from './ui/treeNodes';

/**
 * What activate() returns outside production: the parts, for the integration tests and benchmarks.
 * An installed extension exports nothing, so that no other extension can reach the secrets or
 * put its own prompts in front of the user's API key.
 */
export interface NovuExplorerApi {
  /** How long activate() took (the benchmark reports it: activation now happens after every start-up). */
  activationMs: number;
  manager: ConnectionManager;
  log: Log;
  subscribers: SubscribersProvider;
  integrations: IntegrationsProvider;
  activity: ActivityProvider;
  /** The Workflows view's provider (its code loads on first use). */
  readonly workflows: WorkflowsProvider;
  links: { terminal: NotificationTerminalLinks };
  walkthrough: Walkthrough;
  statusBar: ConnectionStatusBar;
  sandbox: SandboxHost;
  uriHandler: NovuUriHandler;
  context: vscode.ExtensionContext;
  notificationPanels: NotificationPanels;
  preferencesPanels: PreferencesPanels;
  diagnosisPanels: DiagnosisPanels;
  /** Code awareness, once a document of its languages was open (undefined before). */
  readonly codeAwareness: CodeAwareness | undefined;
  /** Opens the diagnosis of a request on a connection (the active one by default). */
  diagnose(argument?: DiagnoseArgument, connectionId?: string): Promise<void>;
  sendAgain: SendAgain;
  /** The language model tools (loaded on first use); tests check their confirmation messages. */
  agentTools: AgentTools;
  /** Replaces the prompter (integration tests answer questions with a scripted one). */
  setPrompter(prompter: Prompter | undefined): void;
}

let sandboxHost: SandboxHost | undefined;

type PanelClasses = typeof import('./panelsBundle');
let panelClasses: PanelClasses | undefined;

/** The panels' bundle, loaded once, when the first panel opens (or is restored). */
function loadPanels(context: vscode.ExtensionContext): PanelClasses {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  panelClasses ??= require(vscode.Uri.joinPath(context.extensionUri, 'dist', 'panels.js').fsPath) as PanelClasses;
  return panelClasses;
}

/** Code awareness's bundle, loaded once, when a document of its languages is first open. */
function loadCode(context: vscode.ExtensionContext): typeof import('./codeBundle') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(vscode.Uri.joinPath(context.extensionUri, 'dist', 'code.js').fsPath) as typeof import('./codeBundle');
}

/** The commands' bundle (palette and view actions, deep links), loaded once, when the first of them runs. */
function loadCommands(context: vscode.ExtensionContext): typeof import('./commandsBundle') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(vscode.Uri.joinPath(context.extensionUri, 'dist', 'commands.js').fsPath) as typeof import('./commandsBundle');
}

/** A value made the first time it is asked for. */
function lazy<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** The agent's tools' bundle, loaded once, when the agent first calls a tool. */
function loadAgent(context: vscode.ExtensionContext): typeof import('./agentBundle') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(vscode.Uri.joinPath(context.extensionUri, 'dist', 'agent.js').fsPath) as typeof import('./agentBundle');
}

/** Whether a manifest of the workspace (package.json, pyproject.toml, requirements) names one of the SDKs. */
async function novuInManifests(): Promise<boolean> {
  if (!vscode.workspace.workspaceFolders?.length) return false;
  const files = await vscode.workspace.findFiles(MANIFEST_GLOB, MANIFEST_EXCLUDE, 200);
  const named = await Promise.all(
    files.map((uri) => vscode.workspace.fs.readFile(uri).then((bytes) => manifestNamesNovuSdk(uri.path, new TextDecoder().decode(bytes)), () => false)),
  );
  return named.includes(true);
}

/** A command's handler; VS Code passes what the menu or caller gives, so each checks its arguments. */
type Handler = (...args: never[]) => unknown;

export async function activate(context: vscode.ExtensionContext): Promise<NovuExplorerApi | undefined> {
  const activationStarted = performance.now();
  // Code without vscode (format/, api/) translates with the same bundle as vscode.l10n.t.
  l10n.config(vscode.l10n.bundle);
  const log = new Log();
  const sandbox = new SandboxHost(vscode.Uri.joinPath(context.extensionUri, 'dist').fsPath);
  sandboxHost = sandbox;
  const manager = new ConnectionManager(context, log, sandbox);
  const realPrompter = new VsCodePrompter();
  let prompter: Prompter = realPrompter;
  const currentPrompter = () => prompter;

  const subscribers = new SubscribersProvider(manager);
  const integrations = new IntegrationsProvider(manager);
  const subscribersView = vscode.window.createTreeView(SUBSCRIBERS_VIEW_ID, { treeDataProvider: subscribers, showCollapseAll: true });
  const integrationsView = vscode.window.createTreeView(INTEGRATIONS_VIEW_ID, { treeDataProvider: integrations, showCollapseAll: true });
  subscribers.view = subscribersView;
  integrations.view = integrationsView;
  const activity = new ActivityProvider(manager, new ActivityMemory(context.globalState));
  const activityView = vscode.window.createTreeView(ACTIVITY_VIEW_ID, { treeDataProvider: activity, showCollapseAll: true });
  activity.view = activityView;
  // The Workflows view: its code (in the code bundle) loads when the view first asks for rows.
  let workflowsInstance: WorkflowsProvider | undefined;
  const workflows = (): WorkflowsProvider => {
    if (!workflowsInstance) {
      workflowsInstance = new (loadCode(context).WorkflowsProvider)(manager);
      workflowsInstance.view = workflowsView;
    }
    return workflowsInstance;
  };
  const workflowsTree = new LazyTree<TreeNode>(workflows);
  const workflowsView = vscode.window.createTreeView(WORKFLOWS_VIEW_ID, { treeDataProvider: workflowsTree, showCollapseAll: true });

  const connectionCommands = lazy(() => new (loadCommands(context).ConnectionCommands)(manager, currentPrompter));
  const json = new JsonDocuments();
  const preferencesPanels = new PreferencesPanels(context, manager, log, () => loadPanels(context).PreferencesPanel);
  const subscriberCommands = lazy(() => new (loadCommands(context).SubscriberCommands)(manager, subscribers, json, currentPrompter, (id, connection, subscriber) => preferencesPanels.open(id, connection, subscriber)));
  const integrationCommands = lazy(() => new (loadCommands(context).IntegrationCommands)(json));
  // Send Again and Cancel Pending, as the notification panel's buttons reach them.
  const sentAgainLinks = new SentAgainLinks(context.globalState);
  const runs: RunActions = {
    canSendAgain: (notification) => loadPanels(context).sendAgainProblem(notification) === undefined,
    related: (connectionId, notificationId) => sentAgainLinks.relations(connectionId, notificationId),
    onDidChangeRelated: sentAgainLinks.onDidChange,
    sendAgain: (notification, connection) => sendAgain().review(notification, connection),
    cancelPending: (notification, connection) => sendAgain().cancelPending(notification, connection),
    diagnose: (notification, connection) => diagnose({ kind: 'notification', notification }, connection.id),
  };
  const notificationPanels = new NotificationPanels(context, manager, json, log, () => loadPanels(context).NotificationPanel, runs);
  // Made (from the panels' bundle) the first time it is needed. The new run opens where its review
  // was, beside the notification it was sent again from.
  let sendAgainInstance: SendAgain | undefined;
  const sendAgain = (): SendAgain =>
    (sendAgainInstance ??= new (loadPanels(context).SendAgain)({
      manager,
      prompter: currentPrompter,
      links: sentAgainLinks,
      openPanel: (notification, connection, column) => {
        // A new run: the lens of its workflow and its row in the Workflows view say so.
        const workflowId = notification.template?._id ?? notification._templateId;
        if (workflowId) {
          codeAwareness?.runsChanged(connection.id, workflowId);
          if (notification.createdAt) workflowsInstance?.runSeen(connection.id, workflowId, notification.createdAt);
        }
        notificationPanels.open(notification._id, connection, { notification, fresh: true }, column);
      },
      onTriggered: (connectionId, workflow, to) => workflowCommands().remember(connectionId, workflow, to),
    }));
  // The Activity view's rows are whole notifications: opening one of them asks nothing again.
  const heldByActivity = (connectionId: string) => (manager.active?.id === connectionId && activity.status === 'loaded' ? activity.notifications : undefined);
  const notificationCommands = lazy(
    () =>
      new (loadCommands(context).NotificationCommands)(manager, notificationPanels, currentPrompter, {
        notification: (id, connectionId) => heldByActivity(connectionId)?.find((n) => n._id === id),
        latest: (connectionId) => {
          const rows = isActivityFilterEmpty(activity.filter) ? heldByActivity(connectionId) : undefined;
          return rows && rows.length > 0 ? rows.slice(0, 10) : undefined;
        },
      }),
  );
  const links = registerNotificationLinks();
  // An open preferences panel of a subscriber reads again after a change made elsewhere (the agent, a diagnosis).
  const preferencesChanged = (connectionId: string, subscriberId: string) => {
    for (const panel of preferencesPanels.all) if (panel.connection.id === connectionId && panel.subscriberId === subscriberId) void panel.load();
  };
  // The editor's agent asks through the same connection and key; the tools' code loads on first use.
  let agentToolsInstance: AgentTools | undefined;
  const agentTools = (): AgentTools =>
    (agentToolsInstance ??= new (loadAgent(context).AgentTools)({
      manager,
      log,
      prompter: currentPrompter,
      sendAgain,
      preferencesChanged,
    }));
  const toolRegistrations = Object.values(AGENT_TOOLS).map((name) =>
    vscode.lm.registerTool<unknown>(name, {
      prepareInvocation: (options, token) => agentTools().prepare(name, options.input, token),
      invoke: (options, token) => agentTools().invoke(name, options.input, token),
    }),
  );
  const activityCommands = lazy(
    () =>
      new (loadCommands(context).ActivityCommands)(
        manager,
        activity,
        json,
        currentPrompter,
        (id, connectionId) => notificationCommands().open(id, connectionId),
        (id, connection, subscriber) => preferencesPanels.open(id, connection, subscriber),
      ),
  );
  // The delivery diagnosis: its panel and its palette questions load with the panels' bundle.
  const diagnosisPanels: DiagnosisPanels = new DiagnosisPanels(
    context,
    manager,
    log,
    {
      prompter: currentPrompter,
      readPreferences: (client, subscriberId, signal) => loadPanels(context).readPreferences(client, subscriberId, { signal, withSubscriber: false, log }),
      openNotification: (id, connectionId) => notificationCommands().open(id, connectionId),
      sendAgain: (notification, connection, to) => sendAgain().review(notification, connection, to),
      showTrigger: (workflowIdentifier) => startCode().showTriggers(workflowIdentifier),
      knownSubscriberIds: (connection) => (manager.active?.id === connection.id ? subscribers.subscribers.map((s) => s.subscriberId) : []),
      showActivity: (subscriberId) => activityCommands().showForSubscriber(subscriberId),
      showIntegrations: () => vscode.commands.executeCommand(`${INTEGRATIONS_VIEW_ID}.focus`),
      diagnoseOn: async (connectionId, request) => {
        await manager.switchTo(connectionId);
        await diagnose({ kind: 'request', request }, connectionId);
      },
      preferencesChanged,
    },
    () => loadPanels(context).DiagnosisPanel,
  );
  let diagnosisCommandsInstance: DiagnosisCommands | undefined;
  const diagnose = (argument?: DiagnoseArgument, connectionId?: string): Promise<void> =>
    (diagnosisCommandsInstance ??= new (loadPanels(context).DiagnosisCommands)(manager, currentPrompter, () => subscribers.subscribers, (request: DiagnosisRequest, connection) =>
      diagnosisPanels.open(request, connection),
    )).diagnose(argument, connectionId);
  // The walkthrough's steps complete when the thing is done: a view loaded from the Sandbox or from
  // an own connection, a failed delivery opened, a preference saved, a workflow's lens shown in code.
  const walkthrough = new Walkthrough();
  // Code awareness starts where the code is (issue 30.11): for the first document that imports one
  // of the SDKs, or in a workspace whose manifests name one (read once, after start-up, off the
  // user's path). Its bundle is never loaded for any other workspace.
  let codeAwareness: CodeAwareness | undefined;
  const startCode = () => {
    codeStart.dispose();
    codeTyped.dispose();
    return (codeAwareness ??= new (loadCode(context).CodeAwareness)({
      manager,
      log,
      showActivity: (workflowId, name) => activityCommands().showForWorkflow(workflowId, name),
      onWorkflowShown: () => walkthrough.complete('sawCode'),
    }));
  };
  const usesNovu = (document: vscode.TextDocument) => CODE_LANGUAGES.includes(document.languageId) && importsNovuSdk(document.languageId, document.getText());
  const codeStart = vscode.workspace.onDidOpenTextDocument((document) => {
    if (!codeAwareness && usesNovu(document)) startCode();
  });
  // An import typed (key by key) or pasted into a document: only the lines an edit touched are read.
  const codeTyped = vscode.workspace.onDidChangeTextDocument(({ document, contentChanges }) => {
    if (codeAwareness || !CODE_LANGUAGES.includes(document.languageId)) return;
    const touched = contentChanges.flatMap((c) => {
      const first = Math.min(c.range.start.line, document.lineCount - 1);
      const last = Math.min(first + c.text.split('\n').length - 1, document.lineCount - 1);
      return Array.from({ length: last - first + 1 }, (_, i) => document.lineAt(first + i).text);
    });
    if (importsNovuSdk(document.languageId, touched.join('\n'))) startCode();
  });
  if (vscode.workspace.textDocuments.some(usesNovu)) startCode();
  else void novuInManifests().then((found) => found && !codeAwareness && startCode(), (error: unknown) => log.warn(`Could not read the workspace's manifests: ${String(error)}`));
  let workflowCommandsInstance: WorkflowCommands | undefined;
  const workflowCommands = (): WorkflowCommands =>
    (workflowCommandsInstance ??= new (loadCode(context).WorkflowCommands)({
      manager,
      provider: workflows(),
      prompter: currentPrompter,
      json,
      memento: context.globalState,
      loadedSubscribers: () => subscribers.subscribers,
      showActivity: (workflowId, name) => activityCommands().showForWorkflow(workflowId, name),
      diagnose: (workflowRef) => diagnose({ kind: 'workflow', workflowRef }),
      findDefinitions: (identifier, token) => startCode().findDefinitions(identifier, token),
      reviewTrigger: (workflow, connection, subscriberId) => sendAgain().reviewWorkflow(workflow, connection, subscriberId),
    }));
  const workflowTarget = (target: unknown): WorkflowTarget =>
    typeof target === 'string' ? target : target && typeof target === 'object' && 'workflow' in target ? (target as WorkflowNode) : undefined;
  const uriHandler = lazy(
    () =>
      new (loadCommands(context).NovuUriHandler)(
        manager,
        currentPrompter,
        (id, connectionId) => notificationCommands().open(id, connectionId),
        (request, connectionId) => diagnose({ kind: 'request', request }, connectionId),
      ),
  );
  const reloadAll = () => {
    subscribers.reload();
    integrations.reload();
    activity.reload();
    workflowsInstance?.reload();
  };
  // A refresh after a rejected key tries the key again (it may have been fixed on the service);
  // the key belongs to the connection, so both views try again.
  const refresh = (view?: SubscribersProvider | IntegrationsProvider | ActivityProvider | WorkflowsProvider) => {
    if (!view) codeAwareness?.refresh();
    if (manager.state === 'unauthorized' || !view) {
      if (manager.active) manager.setState('ready');
      reloadAll();
    } else view.reload();
  };

  const statusBar = new ConnectionStatusBar(manager);
  const viewLoaded = (status: () => string) => () => {
    if (status() !== 'loaded' || !manager.active) return;
    walkthrough.complete(manager.active.id === SANDBOX_CONNECTION_ID ? 'triedSandbox' : 'connected');
  };

  // Every command of package.json has its handler here: a missing one does not compile.
  const handlers: Record<CommandId, Handler> = {
    [Commands.addConnection]: () => connectionCommands().addConnection(),
    [Commands.switchConnection]: () => connectionCommands().switchConnection(),
    [Commands.setApiKey]: (connectionId?: string) => connectionCommands().setApiKey(typeof connectionId === 'string' ? connectionId : undefined),
    [Commands.removeConnection]: (connectionId?: string) => connectionCommands().removeConnection(typeof connectionId === 'string' ? connectionId : undefined),
    [Commands.openSandbox]: () => connectionCommands().openSandbox(),
    [Commands.showLog]: () => log.show(),
    [Commands.refresh]: () => refresh(),
    [Commands.refreshSubscribers]: () => refresh(subscribers),
    [Commands.refreshIntegrations]: () => refresh(integrations),
    [Commands.loadMoreSubscribers]: () => subscribers.loadMore(),
    [Commands.searchSubscribers]: () => subscriberCommands().search(),
    [Commands.clearSubscriberFilter]: () => subscriberCommands().clearFilter(),
    [Commands.sortSubscribers]: () => subscriberCommands().sort(),
    [Commands.createSubscriber]: () => subscriberCommands().create(),
    [Commands.copySubscriberId]: (node: SubscriberNode) => subscriberCommands().copyId(node),
    [Commands.openSubscriberJson]: (node: SubscriberNode) => subscriberCommands().openJson(node),
    [Commands.showSubscriberNotifications]: (node?: SubscriberNode) => node?.subscriber && activityCommands().showForSubscriber(node.subscriber.subscriberId),
    [Commands.editPreferences]: (node?: SubscriberNode) => subscriberCommands().editPreferences(node && typeof node === 'object' ? node : undefined),
    [Commands.refreshItem]: (node: SubscriberNode) => subscriberCommands().refreshOne(node),
    [Commands.retry]: (node?: ErrorNode) => (node instanceof ErrorNode ? node.retry() : reloadAll()),
    [Commands.copyIntegrationIdentifier]: (node: IntegrationNode) => integrationCommands().copyIdentifier(node),
    [Commands.openIntegrationJson]: (node: IntegrationNode) => integrationCommands().openJson(node),
    [Commands.openNotification]: (id?: string, connectionId?: string) => notificationCommands().open(typeof id === 'string' ? id : undefined, typeof connectionId === 'string' ? connectionId : undefined),
    [Commands.openNotificationFromEditor]: () => notificationCommands().openFromEditor(),
    [Commands.openNotificationLink]: (ref: unknown) => notificationCommands().openLink(ref),
    [Commands.refreshActivity]: () => refresh(activity),
    [Commands.loadMoreActivity]: () => activity.loadMore(),
    [Commands.filterActivity]: () => activityCommands().filter(),
    [Commands.clearActivityFilter]: () => activityCommands().clearFilter(),
    [Commands.showFailuresOnly]: () => activity.setFailuresOnly(true),
    [Commands.showAllActivity]: () => activity.setFailuresOnly(false),
    [Commands.followActivity]: () => activity.setFollow(true),
    [Commands.stopFollowingActivity]: () => activity.setFollow(false),
    [Commands.resumeActivityFollow]: () => activity.resumeFollow(),
    [Commands.openActivityNotification]: (node?: NotificationNode) => activityCommands().open(node),
    [Commands.copyNotificationId]: (node?: NotificationNode) => activityCommands().copyId(node),
    [Commands.copyTransactionId]: (node?: NotificationNode) => activityCommands().copyTransactionId(node),
    [Commands.editActivityPreferences]: (node?: NotificationNode) => activityCommands().editSubscriberPreferences(node),
    [Commands.showOnlyActivitySubscriber]: (node?: NotificationNode) => activityCommands().showOnlySubscriber(node),
    [Commands.showOnlyActivityWorkflow]: (node?: NotificationNode) => activityCommands().showOnlyWorkflow(node),
    [Commands.openNotificationJson]: (node?: NotificationNode) => activityCommands().openJson(node),
    [Commands.openWalkthrough]: () => walkthrough.open(),
    [Commands.sendNotificationAgain]: async (id?: string, connectionId?: string) => {
      const chosen = await notificationCommands().choose(typeof id === 'string' ? id : undefined, typeof connectionId === 'string' ? connectionId : undefined);
      return chosen ? sendAgain().review(chosen.notification, chosen.connection) : undefined;
    },
    [Commands.sendActivityNotificationAgain]: (node?: NotificationNode) => (node?.notification && manager.active ? sendAgain().review(node.notification, manager.active) : undefined),
    [Commands.sendReviewedTrigger]: (uri?: vscode.Uri) => sendAgain().send(uri),
    [Commands.discardTriggerReview]: (uri?: vscode.Uri) => sendAgain().discard(uri),
    [Commands.diagnoseDelivery]: (argument?: DiagnoseArgument, connectionId?: string) =>
      diagnose(argument && typeof argument === 'object' && 'kind' in argument ? argument : undefined, typeof connectionId === 'string' ? connectionId : undefined),
    [Commands.diagnoseSubscriber]: (node?: SubscriberNode) => diagnose(node?.subscriber ? { kind: 'subscriber', subscriber: node.subscriber } : undefined),
    [Commands.showWorkflowActivity]: (workflowId?: unknown, name?: string) =>
      typeof workflowId === 'string' ? activityCommands().showForWorkflow(workflowId, typeof name === 'string' ? name : undefined) : workflowCommands().showActivity(workflowTarget(workflowId)),
    [Commands.refreshWorkflows]: () => refresh(workflows()),
    [Commands.loadMoreWorkflows]: () => workflows().loadMore(),
    [Commands.searchWorkflows]: () => workflowCommands().search(),
    [Commands.filterWorkflowStatus]: () => workflowCommands().filterStatus(),
    [Commands.clearWorkflowFilter]: () => workflowCommands().clearFilter(),
    [Commands.reloadWorkflowSteps]: (node?: unknown) => {
      const target = workflowTarget(node);
      return target && typeof target === 'object' ? workflows().loadSteps(target, true) : undefined;
    },
    [Commands.copyWorkflowIdentifier]: (target?: unknown) => workflowCommands().copyIdentifier(workflowTarget(target)),
    [Commands.openWorkflowJson]: (target?: unknown) => workflowCommands().openJson(workflowTarget(target)),
    [Commands.openWorkflowInCode]: (target?: unknown) => workflowCommands().openInCode(workflowTarget(target)),
    [Commands.diagnoseWorkflow]: (target?: unknown) => workflowCommands().diagnose(workflowTarget(target)),
    [Commands.triggerWorkflow]: (target?: unknown) => workflowCommands().trigger(workflowTarget(target)),
    [Commands.diagnoseActivityNotification]: (node?: NotificationNode) => diagnose(node?.notification ? { kind: 'notification', notification: node.notification } : undefined),
  };

  context.subscriptions.push(
    log,
    manager,
    json,
    notificationPanels,
    preferencesPanels,
    diagnosisPanels,
    { dispose: () => codeAwareness?.dispose() },
    codeStart,
    codeTyped,
    sentAgainLinks,
    { dispose: () => sendAgainInstance?.dispose() },
    new NotificationEditorContext(),
    subscribers,
    integrations,
    subscribersView,
    integrationsView,
    activity,
    activityView,
    workflowsTree,
    workflowsView,
    { dispose: () => workflowsInstance?.dispose() },
    links.registration,
    subscribers.onDidLoad(viewLoaded(() => subscribers.status)),
    activity.onDidLoad(viewLoaded(() => activity.status)),
    notificationPanels.onDidOpen((panel) =>
      panel.onDidLoad((state) => {
        if (state.kind === 'loaded' && state.model.jobs.some((job) => job.status === 'failed')) walkthrough.complete('debuggedFailure');
      }),
    ),
    preferencesPanels.onDidOpen((panel) => panel.onDidSave(() => walkthrough.complete('editedPreferences'))),
    // A diagnosis that reached its verdict also debugs a delivery.
    diagnosisPanels.onDidOpen((panel) =>
      panel.onDidChangeState((state) => {
        if (state.kind === 'loaded' && !state.busy && state.view.verdict.state !== 'pending') walkthrough.complete('debuggedFailure');
      }),
    ),
    statusBar,
    manager.onDidChangeActive(reloadAll),
    rejectedKeyPrompt(manager, currentPrompter),
    // The handler's code loads with the first link.
    vscode.window.registerUriHandler({ handleUri: (uri) => uriHandler().handleUri(uri) }),
    ...toolRegistrations,
    ...Object.entries(handlers).map(([id, handler]) => vscode.commands.registerCommand(id, handler)),
  );

  void vscode.commands.executeCommand('setContext', 'novuExplorer.activated', true);

  // `npm run demo` asks for the sandbox when the profile has no connection of its own yet.
  if (!manager.active && process.env.NOVU_EXPLORER_DEFAULT_TO_SANDBOX === '1') await manager.switchTo(SANDBOX_CONNECTION_ID);
  // ... and opens on its first screen: the Novu view beside the demo app's trigger file, so that its
  // lenses, its warning and a failing workflow show before anything is clicked.
  const demoFile = process.env.NOVU_EXPLORER_DEMO_OPEN;
  const demoFolder = vscode.workspace.workspaceFolders?.[0];
  if (demoFile && demoFolder && context.extensionMode !== vscode.ExtensionMode.Production) {
    void vscode.commands.executeCommand('workbench.view.extension.novuExplorer').then(() =>
      vscode.window.showTextDocument(vscode.Uri.joinPath(demoFolder.uri, demoFile), { preview: false }),
    );
  }

  const activationMs = performance.now() - activationStarted;
  log.info(`Novu Explorer ${context.extension.packageJSON.version as string} activated in ${Math.round(activationMs)} ms (${vscode.env.uiKind === vscode.UIKind.Web ? 'web' : 'desktop'} UI).`);
  if (context.extensionMode === vscode.ExtensionMode.Production) return undefined;
  return {
    activationMs,
    manager,
    log,
    subscribers,
    integrations,
    activity,
    get workflows() {
      return workflows();
    },
    links: { terminal: links.terminal },
    walkthrough,
    statusBar,
    sandbox,
    get uriHandler() {
      return uriHandler();
    },
    context,
    notificationPanels,
    preferencesPanels,
    diagnosisPanels,
    diagnose,
    get codeAwareness() {
      return codeAwareness;
    },
    get sendAgain() {
      return sendAgain();
    },
    get agentTools() {
      return agentTools();
    },
    setPrompter: (p) => (prompter = p ?? realPrompter),
  };
}

export async function deactivate(): Promise<void> {
  await sandboxHost?.dispose();
}
