/**
 * "Your app" (issue 33), the code of dist/app.js: the user's app against the active connection's
 * environment, checked while the Workflows view is visible (its first row, each workflow's drift),
 * Sync Workflows…, and the agent's #novuApp.
 */
import * as vscode from 'vscode';
import type { WorkflowsAppLink } from '../features';
import { BridgeClient, type BridgeFailure } from '../bridge/bridgeClient';
import { BridgeSettings } from '../bridgeSettings';
import type { ConnectionManager } from '../connections/connectionManager';
import type { Log } from '../log';
import type { Prompter } from '../ui/prompter';
import type { AgentApp } from './agentApp';
import { AppRowNode } from './appRow';
import { appRowText } from './appRowText';
import { AppState } from './appState';
import { driftSummary } from './drift';
import { syncWorkflows } from './syncWorkflows';

/** The preview's words (its bundle, loaded when first needed): the same failure of the same bridge reads the same in both. */
export type AppWords = () => {
  failureWords(failure: BridgeFailure, context: { url: string; connectionName: string }): { text: string };
  /** A bridge URL as shown: its host. */
  bridgeHost(url: string): string;
};

export interface AppFeatureDeps {
  context: vscode.ExtensionContext;
  manager: ConnectionManager;
  log: Log;
  prompter: () => Prompter;
  /** The app was checked again (the code's diagnostics say its drift). */
  appChanged(): void;
  words: AppWords;
}

export class AppFeature implements vscode.Disposable {
  private readonly client = new BridgeClient();
  private readonly bridge: BridgeSettings;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** A framework definition was seen in the workspace's code. */
  private sawDefinitions = false;
  /** The Workflows view is visible (the app is checked only then, and only when its row is wanted). */
  private workflowsVisible = false;
  /** Made when the Workflows view first asks. */
  private appStateValue: AppState | undefined;

  constructor(private readonly deps: AppFeatureDeps) {
    this.bridge = new BridgeSettings(deps.context, deps.prompter);
    // Disposed with the extension (made in the app's bundle, so dist/extension.js keeps no hook for it).
    deps.context.subscriptions.push(this);
  }

  /** The app's state, checked while the Workflows view is visible. */
  get appState(): AppState {
    if (!this.appStateValue) {
      this.appStateValue = new AppState({
        manager: this.deps.manager,
        log: this.deps.log,
        client: this.client,
        bridgeUrl: () => this.bridge.bridgeUrl(),
        failureText: (failure, url, connectionName) => this.deps.words().failureWords(failure, { url, connectionName }).text,
      });
      this.subscriptions.push(this.appStateValue, this.appStateValue.onDidChange(() => this.deps.appChanged()));
    }
    return this.appStateValue;
  }

  /** The workspace defines workflows in code (a Preview lens saw one): the Workflows view shows the app's row from now on. */
  definitionsSeen(): void {
    if (this.sawDefinitions) return;
    this.sawDefinitions = true;
    this.deps.appChanged();
    this.appStateValue?.refreshRow(this.workflowsVisible);
  }

  /** Refresh: the app is checked again when its state was made (the view asked for it). */
  recheck(): void {
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
    const wanted = () => this.sawDefinitions || this.bridge.isSet;
    return {
      row: () => (wanted() ? new AppRowNode(app, this.deps.manager.active?.name, (url) => this.deps.words().bridgeHost(url)) : undefined),
      driftOf: (id) => app.driftOf(id),
      onDidChange: app.onDidChange,
      setVisible: (visible) => {
        this.workflowsVisible = visible;
        app.setVisible(visible && wanted());
      },
    };
  }

  syncWorkflows(): Promise<void> {
    return syncWorkflows({ manager: this.deps.manager, prompter: this.deps.prompter, appState: this.appState });
  }

  /** The app's state for the agent's #novuApp: checked now (read-only; a sync is never the agent's). */
  async appForAgent(): Promise<AgentApp> {
    await this.appState.check();
    const status = this.appState.status;
    const name = this.deps.manager.active?.name;
    const text = appRowText(status, name, (url) => this.deps.words().bridgeHost(url), vscode.env.language);
    return {
      summary: `${text.label} · ${text.description}`,
      details: String(text.tooltip).split('\n').filter(Boolean),
      drift: status.kind === 'running' ? (status.drift ?? []).filter((e) => e.kind !== 'same').map((e) => ({ workflowId: e.workflowId, kind: e.kind, words: driftSummary(e, name ?? '') })) : [],
    };
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
