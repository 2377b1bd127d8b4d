/**
 * Composition root, to be read as a table of contents: it builds the shared parts (connections,
 * log, prompter, JSON documents), lets each feature register itself from its own folder, and
 * connects what one feature offers another. Nothing else happens here.
 */
import * as vscode from 'vscode';
import { Commands, type CommandId } from './commands';
import { ConnectionManager } from './connections/connectionManager';
import { SandboxHost } from './connections/sandboxHost';
import { registerConnections } from './connections/register';
import { bundle, lazy, type Handler, type Shared } from './features';
import { Log } from './log';
import { l10n } from './l10n';
import { prepareFormatters } from './format/numbers';
import type { Prompter } from './ui/prompter';
import { JsonDocuments } from './ui/jsonDocuments';
import { ErrorNode } from './ui/treeNodes';
import { Walkthrough } from './walkthrough';
import { registerSubscribers } from './subscribers/register';
import { registerIntegrations } from './integrations/register';
import { registerActivity } from './activity/register';
import { registerNotifications } from './notifications/register';
import { registerPreferences } from './preferences/register';
import { registerSendAgain } from './sendAgain/register';
import { registerDiagnosis } from './diagnosis/register';
import { registerFailures } from './failures/register';
import { registerWorkflows } from './workflows/register';
import { registerCode } from './code/register';
import { registerAgent } from './agent/register';
import { registerPreview } from './preview/register';
import { registerApp } from './app/register';
import { registerTestExplorer } from './testExplorer/register';
import { registerEnvironments } from './environments/register';
import { registerTopics } from './topics/register';
import { registerContexts } from './contexts/register';
import { registerInbox } from './inbox/register';
import type { NovuExplorerApi } from './extensionApi';

/** True in the production build (esbuild.mjs's define). */
declare const NOVU_EXPLORER_PRODUCTION_BUILD: boolean;

let sandboxHost: SandboxHost | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<NovuExplorerApi | undefined> {
  const activationStarted = performance.now();
  // Code without vscode (format/, api/) translates with the same bundle as vscode.l10n.t.
  l10n.config(vscode.l10n.bundle);
  const log = new Log();
  const sandbox = (sandboxHost = new SandboxHost(vscode.Uri.joinPath(context.extensionUri, 'dist').fsPath));
  const manager = new ConnectionManager(context, log, sandbox);
  const json = new JsonDocuments();
  // A test's prompter, when one is set; otherwise VS Code's, from the commands' bundle at the first prompt.
  let testPrompter: Prompter | undefined;
  context.subscriptions.push(log, manager, json);
  // The code loaded on first use (panels and Send Again, palette commands, code awareness, the agent's tools, preview, your app, failures, tests).
  const panelsCode = bundle<typeof import('./panelsBundle')>(context, 'panels');
  const commandsCode = bundle<typeof import('./commandsBundle')>(context, 'commands');
  const codeCode = bundle<typeof import('./codeBundle')>(context, 'code');
  const agentCode = bundle<typeof import('./agentBundle')>(context, 'agent');
  const previewCode = bundle<typeof import('./previewBundle')>(context, 'preview');
  const appCode = bundle<typeof import('./appBundle')>(context, 'app');
  const failuresCode = bundle<typeof import('./failuresBundle')>(context, 'failures');
  const testsCode = bundle<typeof import('./testsBundle')>(context, 'tests');
  const environmentsCode = bundle<typeof import('./environmentsBundle')>(context, 'environments');
  const audienceCode = bundle<typeof import('./audienceBundle')>(context, 'audience');
  const realPrompter = lazy((): Prompter => new (commandsCode().VsCodePrompter)());
  const shared: Shared = { context, manager, log, prompter: () => testPrompter ?? realPrompter(), json, refresh: (view) => refresh(view) };

  const connections = registerConnections(context, manager, shared.prompter, commandsCode);
  const preferences = registerPreferences(shared, panelsCode);
  const subscribers = registerSubscribers(shared, commandsCode, {
    openPreferences: preferences.open,
    showActivity: (subscriberId) => activity.showForSubscriber(subscriberId),
    diagnose: (subscriber) => diagnosis.diagnose(subscriber ? { kind: 'subscriber', subscriber } : undefined),
  });
  const integrations = registerIntegrations(shared, commandsCode);
  const activity = registerActivity(shared, commandsCode, {
    openNotification: (id, connectionId) => notifications.open(id, connectionId),
    openPreferences: preferences.open,
    sendAgain: (notification, connection) => sendAgain.sendAgain().review(notification, connection),
    diagnose: (notification) => diagnosis.diagnose({ kind: 'notification', notification }),
  });
  const sendAgain = registerSendAgain(shared, panelsCode, {
    // A new run opens beside its notification; the lens of its workflow and its row in the Workflows view say so.
    openPanel: (notification, connection, column) => {
      const workflowId = notification.template?._id ?? notification._templateId;
      if (workflowId) {
        code.current?.runsChanged(connection.id, workflowId);
        if (notification.createdAt) workflows.loaded?.runSeen(connection.id, workflowId, notification.createdAt);
      }
      notifications.panels.open(notification._id, connection, { notification, fresh: true }, column);
    },
    onTriggered: (connectionId, workflow, to) => workflows.remember(connectionId, workflow, to),
  });
  const notifications = registerNotifications(shared, panelsCode, commandsCode, {
    runs: {
      canSendAgain: sendAgain.canSendAgain,
      related: sendAgain.related,
      onDidChangeRelated: sendAgain.onDidChangeRelated,
      sendAgain: (notification, connection) => sendAgain.sendAgain().review(notification, connection),
      cancelPending: (notification, connection) => sendAgain.sendAgain().cancelPending(notification, connection),
      diagnose: (notification, connection) => diagnosis.diagnose({ kind: 'notification', notification }, connection.id),
      renderStep: (...args) => preview.feature().renderRun(...args),
      saveTestCase: (notification) => preview.feature().saveRunAsTestCase(notification),
      openInbox: (notification) => inbox.openRun(notification),
      topicReach: (notification) => topics.feature().showPast(notification),
    },
    held: activity.held,
    sendAgain: (notification, connection) => sendAgain.sendAgain().review(notification, connection),
  });
  const diagnosis = registerDiagnosis(shared, panelsCode, {
    readPreferences: preferences.read,
    openNotification: (id, connectionId) => notifications.open(id, connectionId),
    sendAgain: (notification, connection, to) => sendAgain.sendAgain().review(notification, connection, to),
    showTrigger: (workflowIdentifier) => code.start().showTriggers(workflowIdentifier),
    inboxSetups: (token) => code.start().inboxSetups(token),
    knownSubscriberIds: (connection) => (manager.active?.id === connection.id ? subscribers.provider.subscribers.map((s) => s.subscriberId) : []),
    loadedSubscribers: () => subscribers.provider.subscribers,
    showActivity: (subscriberId) => activity.showForSubscriber(subscriberId),
    showIntegrations: integrations.show,
    preferencesChanged: preferences.changed,
  });
  const walkthrough = new Walkthrough();
  const preview = registerPreview(shared, previewCode, { loadedSubscribers: () => subscribers.provider.subscribers, triggerWith: (...args) => workflows.triggerWith(...args), definitionsSeen: () => app.feature().definitionsSeen() });
  // The app says a bridge's failure and URL in the preview's words.
  const app = registerApp(shared, appCode, previewCode);
  const code = registerCode(shared, codeCode, { showActivity: activity.showForWorkflow, onWorkflowShown: () => walkthrough.complete('sawCode'), onStart: () => preview.feature().startLenses(), ...app.codeLinks });
  const workflows = registerWorkflows(shared, codeCode, {
    loadedSubscribers: () => subscribers.provider.subscribers,
    showActivity: activity.showForWorkflow,
    diagnose: (workflowRef) => diagnosis.diagnose({ kind: 'workflow', workflowRef }),
    findDefinitions: (identifier, token) => code.start().findDefinitions(identifier, token),
    reviewTrigger: (workflow, connection, subscriberId, payload) => sendAgain.sendAgain().reviewWorkflow(workflow, connection, subscriberId, payload),
    app: () => app.feature().workflowsLink(),
  });
  // A run and its diagnosis open beside the failures, which stay in view (a list over many runs, and one of them).
  const failures = registerFailures(shared, failuresCode, {
    activityFilter: () => activity.filterWithoutRange(),
    openNotification: (id, connectionId) => {
      const connection = manager.allConnections.find((c) => c.id === connectionId);
      if (connection) notifications.panels.open(id, connection, undefined, vscode.ViewColumn.Beside);
    },
    diagnose: (notification) => diagnosis.diagnose({ kind: 'notification', notification, beside: true }),
    saveTestCase: (notification) => preview.feature().saveRunAsTestCase(notification),
  });
  // Notification tests in the Test Explorer: only a look for case files until one is there.
  const tests = registerTestExplorer(shared, testsCode, () => walkthrough.complete('ranTests'));
  // Two environments side by side (issue 52); its findings name the trigger calls of the user's code.
  const environments = registerEnvironments(shared, environmentsCode, { findAllTriggers: (token) => code.start().findAllTriggers(token), triggersIn: (document) => code.start().triggersIn(document) });
  // Who a send reaches (topics, contexts) and what a subscriber's Inbox holds (issue 55).
  const openNotification = (id: string, connectionId: string) => notifications.open(id, connectionId);
  const topics = registerTopics(shared, audienceCode, {
    loadedSubscribers: () => subscribers.provider.subscribers,
    triggerToTopic: (topicKey) => workflows.triggerToTopic(topicKey),
    reviewConnection: (uri) => sendAgain.sendAgain().reviewConnection(uri),
    openNotification,
  });
  const contexts = registerContexts(shared, audienceCode, { showActivity: (contextKeys) => activity.showForContext(contextKeys) });
  const inbox = registerInbox(shared, audienceCode, { loadedSubscribers: () => subscribers.provider.subscribers, openNotification });
  const agent = registerAgent(shared, agentCode, { sendAgain: sendAgain.sendAgain, preferencesChanged: preferences.changed, preview: (...args) => preview.feature().renderForAgent(...args), app: () => app.feature().appForAgent(), tests: (...args) => preview.feature().runTestsForAgent(...args), compare: (refresh) => environments.feature().compareForAgent(refresh) });
  // Deep links (vscode://novuexplorer.novu-explorer/…); the handler's code loads with the first link.
  const uriHandler = lazy(() => new (commandsCode().NovuUriHandler)(manager, shared.prompter, notifications.open, (request, connectionId) => diagnosis.diagnose({ kind: 'request', request }, connectionId)));
  const reloadAll = () => [subscribers.provider, integrations.provider, activity.provider, workflows.loaded, topics.loaded?.provider, contexts.loaded?.provider].forEach((view) => view?.reload());
  // A refresh after a rejected key tries the key again (it may have been fixed on the service).
  const refresh = (view?: { reload(): void }) => {
    if (!view) code.current?.refresh();
    // The palette's Refresh and the Workflows view's check the user's app again (its row is there).
    if (!view || view === workflows.loaded) app.recheck();
    if (manager.state === 'unauthorized' || !view) {
      if (manager.active) manager.setState('ready');
      reloadAll();
    } else view.reload();
  };

  // Every command of package.json has its handler here: a missing one does not compile.
  const handlers: Record<CommandId, Handler> = {
    ...{ ...connections.handlers, ...subscribers.handlers, ...integrations.handlers, ...activity.handlers },
    ...{ ...notifications.handlers, ...sendAgain.handlers, ...diagnosis.handlers, ...failures.handlers, ...workflows.handlers, ...preview.handlers, ...app.handlers, ...tests.handlers, ...environments.handlers },
    ...{ ...topics.handlers, ...contexts.handlers, ...inbox.handlers },
    [Commands.showLog]: () => log.show(),
    [Commands.refresh]: () => refresh(),
    [Commands.retry]: (node?: ErrorNode) => (node instanceof ErrorNode ? node.retry() : reloadAll()),
    [Commands.openWalkthrough]: () => walkthrough.open(),
  };

  context.subscriptions.push(
    ...walkthrough.watch({
      manager,
      views: [subscribers.provider, activity.provider],
      notificationPanels: notifications.panels,
      preferencesPanels: preferences.panels,
      diagnosisPanels: diagnosis.panels,
    }),
    manager.onDidChangeActive(reloadAll),
    vscode.window.registerUriHandler({ handleUri: (uri) => uriHandler().handleUri(uri) }),
    ...Object.entries(handlers).map(([id, handler]) => vscode.commands.registerCommand(id, handler)),
  );
  void vscode.commands.executeCommand('setContext', 'novuExplorer.activated', true);

  if (process.env.NOVU_EXPLORER_DEMO || process.env.NOVU_EXPLORER_DEFAULT_TO_SANDBOX) await commandsCode().openDemo(context, manager);

  const activationMs = performance.now() - activationStarted;
  // The rows' number and date formatters, made now rather than between the first click and its requests (issue 37.6).
  setTimeout(() => prepareFormatters(vscode.env.language), 0);
  log.info(`Novu Explorer ${context.extension.packageJSON.version as string} activated in ${Math.round(activationMs)} ms (${vscode.env.uiKind === vscode.UIKind.Web ? 'web' : 'desktop'} UI).`);
  // An installed extension exports nothing: no other extension reaches the secrets or the prompts.
  // (A production build, which only ever runs installed, has no test API at all: esbuild.mjs.)
  if (NOVU_EXPLORER_PRODUCTION_BUILD || context.extensionMode === vscode.ExtensionMode.Production) return undefined;
  return {
    activationMs,
    manager,
    log,
    subscribers: subscribers.provider,
    integrations: integrations.provider,
    activity: activity.provider,
    get workflows() {
      return workflows.provider();
    },
    links: { terminal: notifications.terminalLinks },
    walkthrough,
    statusBar: connections.statusBar,
    sandbox,
    get uriHandler() {
      return uriHandler();
    },
    context,
    notificationPanels: notifications.panels,
    preferencesPanels: preferences.panels,
    diagnosisPanels: diagnosis.panels,
    diagnose: diagnosis.diagnose,
    openFailures: failures.open,
    failuresPanels: failures.panels,
    get codeAwareness() {
      return code.current;
    },
    get sendAgain() {
      return sendAgain.sendAgain();
    },
    get agentTools() {
      return agent.tools();
    },
    get preview() {
      return preview.feature();
    },
    get app() {
      return app.feature();
    },
    get tests() {
      return tests.current;
    },
    get environments() {
      return environments.current;
    },
    get topics() {
      return topics.feature();
    },
    get contexts() {
      return contexts.feature();
    },
    inboxPanels: inbox.panels,
    setPrompter: (p) => (testPrompter = p),
  };
}

export async function deactivate(): Promise<void> {
  await sandboxHost?.dispose();
}
