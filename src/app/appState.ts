/**
 * The user's app against the environment (issue 33): is it running at the bridge URL, with which
 * key, and what differs between its workflows and the environment's synced ones.
 *
 * One check is an unsigned `?action=health-check` (it proves only that the app runs, §9.1), one
 * discover signed with the active connection's key, and the environment's last sync (`POST
 * /v1/bridge/diff`). A 401 mismatch tries the other saved connections' keys, on the local app only;
 * a discover that passes unsigned means the app does not check signatures, and the key is then
 * never called confirmed. Checks run when the Workflows view becomes visible, after a save, on
 * Refresh, and every 10 s while the view is visible and the app is down; never while it is hidden,
 * never two at once.
 */
import * as vscode from 'vscode';
import { NovuApiError, type NovuClient } from '../api';
import type { ConnectionManager } from '../connections/connectionManager';
import type { Log } from '../log';
import type { BridgeClient, BridgeFailure, DiscoveredWorkflow } from '../bridge/bridgeClient';
import { whoseKey, type KeyCheck } from '../bridge/whoseKey';
import { compareWorkflows, driftSummary, type DriftEntry } from './drift';
import { classifyHost } from '../bridge/addressRule';
import { bridgeDiff, bridgeValidate } from './bridgeApi';

const DOWN_EVERY_MS = 10_000;

export type AppStatus =
  | { kind: 'unknown' }
  | { kind: 'down'; url: string; why: string; checkedAt: number }
  | {
      kind: 'running';
      url: string;
      frameworkVersion?: string;
      workflows: DiscoveredWorkflow[] | undefined;
      key: KeyCheck;
      /** Drift against the environment's last sync; undefined when it could not be read (said in `driftProblem`). */
      drift: DriftEntry[] | undefined;
      driftProblem?: string;
      /** Where the environment's code workflows are served (its last sync), when it was ever synced. */
      syncedUrl?: string;
      /** For a public synced URL: whether the service can reach it (§9.5 validate). */
      syncedReachable?: boolean;
      checkedAt: number;
    };

export interface AppStateDeps {
  manager: ConnectionManager;
  log: Log;
  client: BridgeClient;
  bridgeUrl(): Promise<{ url: string } | { problem: string }>;
  /** Why the app did not answer, in the preview's words (the same failure reads the same in both). */
  failureText(failure: BridgeFailure, url: string, connectionName: string): string;
}

export class AppState implements vscode.Disposable {
  private statusValue: AppStatus = { kind: 'unknown' };
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private running: Promise<void> | undefined;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private visible = false;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Checks made (tests and the bench count them). */
  checks = 0;

  constructor(private readonly deps: AppStateDeps) {
    this.subscriptions.push(
      this.changed,
      vscode.workspace.onDidSaveTextDocument((document) => document.uri.scheme === 'file' && this.visible && this.check()),
      deps.manager.onDidChangeActive(() => this.visible && this.check()),
    );
  }

  get status(): AppStatus {
    return this.statusValue;
  }

  /** The Workflows view was shown or hidden: checks run only while it is visible. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    if (visible) this.check();
    else this.clearTimer();
  }

  /** Refresh (the palette's or the Workflows view's): checks again now, while the view is visible. */
  recheck(): void {
    if (this.visible) void this.check();
  }

  /** The row is now wanted (the workspace defines workflows in code): drawn, and checked if the view is visible. */
  refreshRow(viewVisible: boolean): void {
    this.changed.fire();
    this.setVisible(viewVisible);
  }

  /** The drift of one workflow in words ('' when the same, undefined when not known). */
  driftOf(workflowId: string | null | undefined): string | undefined {
    const status = this.statusValue;
    const connection = this.deps.manager.active;
    if (!workflowId || status.kind !== 'running' || !status.drift || !connection) return undefined;
    const entry = status.drift.find((e) => e.workflowId === workflowId);
    return entry && entry.kind !== 'same' ? driftSummary(entry, connection.name) : undefined;
  }

  /** Checks now (one at a time: a check asked for meanwhile runs once after it). */
  check(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.clearTimer();
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        void this.check();
      } else if (this.visible && this.statusValue.kind === 'down') {
        this.timer = setTimeout(() => void this.check(), DOWN_EVERY_MS);
      }
    });
    return this.running;
  }

  private async run(): Promise<void> {
    this.checks++;
    const connection = this.deps.manager.active;
    const where = await this.deps.bridgeUrl();
    if (!connection || 'problem' in where) {
      this.set({ kind: 'down', url: 'problem' in where ? '' : where.url, why: 'problem' in where ? where.problem : vscode.l10n.t('No connection to check your app against.'), checkedAt: Date.now() });
      return;
    }
    const url = where.url;
    const client = this.deps.client;
    const health = await client.healthCheck(url);
    if (health.kind !== 'health') {
      this.set({ kind: 'down', url, why: this.deps.failureText(health, url, connection.name), checkedAt: Date.now() });
      return;
    }
    const secret = await this.deps.manager.signingSecret(connection);
    const discovered = secret ? await client.discover(url, secret) : undefined;
    let key: KeyCheck = { kind: 'noneOfYours' };
    let workflows: DiscoveredWorkflow[] | undefined;
    if (discovered?.kind === 'discovered') {
      workflows = discovered.workflows;
      // Passes signed: does it pass unsigned too? Then the app checks nothing and the key is not confirmed.
      const unsigned = await client.discover(url, '');
      key = unsigned.kind === 'discovered' ? { kind: 'unchecked' } : { kind: 'matches' };
    } else if (discovered?.kind === 'signatureMismatch') {
      key = await whoseKey(this.deps, url, connection);
    }
    const frameworkVersion = health.sdkVersion;
    const running: AppStatus = { kind: 'running', url, ...(frameworkVersion ? { frameworkVersion } : {}), workflows, key, drift: undefined, checkedAt: Date.now() };
    this.set(running);
    const clientForEnv = await this.deps.manager.clientFor(connection);
    if (!clientForEnv || !workflows) return;
    this.set({ ...running, ...(await this.readDrift(clientForEnv, url, workflows)) });
  }

  /** The environment's last sync, compared with the app's workflows by workflowId. */
  private async readDrift(client: NovuClient, url: string, workflows: DiscoveredWorkflow[]): Promise<Pick<Extract<AppStatus, { kind: 'running' }>, 'drift' | 'driftProblem' | 'syncedUrl' | 'syncedReachable'>> {
    try {
      const diff = await bridgeDiff(client, url);
      const synced = diff.current.bridgeUrl ?? undefined;
      // Whether the service reaches the synced app: asked only for a public URL (it refuses the others anyway).
      const reachable = synced && classifyHost(synced) === 'public' ? await bridgeValidate(client, synced).then((v) => v.isValid, () => undefined) : undefined;
      return { drift: compareWorkflows(workflows, diff.current.workflows ?? []), ...(synced ? { syncedUrl: synced } : {}), ...(reachable !== undefined ? { syncedReachable: reachable } : {}) };
    } catch (error) {
      // Never synced: every workflow of the app is only in code.
      if (error instanceof NovuApiError && error.status === 400 && /bridge url not found/i.test(error.message)) return { drift: compareWorkflows(workflows, []) };
      this.deps.log.warn(`Could not read the environment's last sync: ${String(error)}`);
      return { drift: undefined, driftProblem: vscode.l10n.t('The environment’s last sync could not be read.') };
    }
  }

  private set(status: AppStatus): void {
    this.statusValue = status;
    this.changed.fire();
  }

  private clearTimer(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  dispose(): void {
    this.clearTimer();
    for (const s of this.subscriptions) s.dispose();
  }
}
