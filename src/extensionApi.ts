/**
 * What activate() returns outside production: the parts, for the integration tests and benchmarks.
 * An installed extension exports nothing, so that no other extension can reach the secrets or
 * put its own prompts in front of the user's API key.
 */
import type * as vscode from 'vscode';
import type { ActivityProvider } from './activity/activityProvider';
import type { AgentTools } from './agent/agentTools';
import type { CodeAwareness } from './code/codeAwareness';
import type { ConnectionManager } from './connections/connectionManager';
import type { SandboxHost } from './connections/sandboxHost';
import type { ConnectionStatusBar } from './connections/statusBar';
import type { DiagnoseArgument } from './diagnosis/diagnosisCommands';
import type { DiagnosisPanels } from './diagnosis/diagnosisPanels';
import type { FailuresPanel } from './failures/failuresPanel';
import type { FailureWindow } from './failures/windows';
import type { PanelRegistry } from './panels/panelRegistry';
import type { IntegrationsProvider } from './integrations/integrationsProvider';
import type { Log } from './log';
import type { NotificationTerminalLinks } from './notifications/notificationLinks';
import type { NotificationPanels } from './notifications/notificationPanels';
import type { PreferencesPanels } from './preferences/preferencesPanels';
import type { PreviewFeature } from './preview/previewFeature';
import type { AppFeature } from './app/appFeature';
import type { SendAgain } from './sendAgain/sendAgain';
import type { SubscribersProvider } from './subscribers/subscribersProvider';
import type { TestExplorer } from './testExplorer/testExplorer';
import type { Prompter } from './ui/prompter';
import type { NovuUriHandler } from './uriHandler';
import type { Walkthrough } from './walkthrough';
import type { WorkflowsProvider } from './workflows/workflowsProvider';
import type { EnvironmentsFeature } from './environments/environmentsFeature';
import type { TopicsFeature } from './topics/topicsFeature';
import type { ContextsFeature } from './contexts/contextsFeature';
import type { InboxPanels } from './inbox/inboxPanels';

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
  /** Failures by Cause: opens (or shows and reads again) the active connection's panel. */
  openFailures(window?: FailureWindow): Promise<FailuresPanel | undefined>;
  failuresPanels: PanelRegistry<FailuresPanel, FailureWindow>;
  /** Code awareness, once a document of its languages was open (undefined before). */
  readonly codeAwareness: CodeAwareness | undefined;
  /** Opens the diagnosis of a request on a connection (the active one by default). */
  diagnose(argument?: DiagnoseArgument, connectionId?: string): Promise<void>;
  sendAgain: SendAgain;
  /** The language model tools (loaded on first use); tests check their confirmation messages. */
  agentTools: AgentTools;
  /** Preview (its code loads on first use). */
  readonly preview: PreviewFeature;
  /** "Your app" against the environment (its code loads on first use). */
  readonly app: AppFeature;
  /** The notification tests of the Test Explorer, once a case file started them (undefined before). */
  readonly tests: TestExplorer | undefined;
  /** Compare Environments, once one of its commands ran (undefined before). */
  readonly environments: EnvironmentsFeature | undefined;
  /** The Topics feature (loaded by this getter). */
  readonly topics: TopicsFeature;
  /** The Contexts feature (loaded by this getter). */
  readonly contexts: ContextsFeature;
  readonly inboxPanels: InboxPanels;
  /** Replaces the prompter (integration tests answer questions with a scripted one). */
  setPrompter(prompter: Prompter | undefined): void;
}
