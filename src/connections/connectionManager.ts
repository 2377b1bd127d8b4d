/**
 * The user's connections, the active one, and a NovuClient for it. Connection records live in global
 * state; each API key lives in SecretStorage under `novuExplorer.apiKey.<id>` and nowhere else.
 */
import * as vscode from 'vscode';
import { NovuClient, isAbortError, type RequestLogEntry } from '../api';
import type { Log } from '../log';
import { describeError } from '../ui/errors';
import { SANDBOX_CONNECTION_ID, SANDBOX_PRODUCTION_CONNECTION_ID, isBuiltIn, looksLikeProduction, type Connection } from './connection';
import type { SandboxHost } from './sandboxHost';

const CONNECTIONS_KEY = 'novuExplorer.connections';
const ACTIVE_KEY = 'novuExplorer.activeConnectionId';
const SECRET_PREFIX = 'novuExplorer.apiKey.';

/** none: nothing to talk to; ready: talking (or about to); unauthorized: the key was rejected. */
export type ConnectionState = 'none' | 'ready' | 'unauthorized';

/** A built-in connection to the local sandbox; its name is a getter, translated when read (never at module load). */
function builtIn(id: string, name: () => string): Connection {
  return {
    id,
    get name() {
      return name();
    },
    region: 'sandbox',
    baseUrl: 'http://127.0.0.1',
  };
}

export const SANDBOX_CONNECTION = builtIn(SANDBOX_CONNECTION_ID, () => vscode.l10n.t('Sandbox'));

/**
 * The Sandbox's Production environment (issue 52): the same local service read with its production
 * key. It answers the reads a comparison makes (environments, workflows, layouts, integrations);
 * the other routes refuse its key with 403, as a key of another environment's data would be.
 */
export const SANDBOX_PRODUCTION_CONNECTION = builtIn(SANDBOX_PRODUCTION_CONNECTION_ID, () => vscode.l10n.t('Sandbox Production'));

export interface ActiveClient {
  connection: Connection;
  client: NovuClient;
}

export class ConnectionManager implements vscode.Disposable {
  private readonly clients = new Map<string, NovuClient>();
  /** A key being read for a client: the views ask together, and one read serves them all. */
  private readonly reading = new Map<string, Promise<NovuClient | undefined>>();
  /** Keys this window is storing now: the change event of its own write is not news. */
  private readonly storing = new Set<string>();
  private readonly environments = new Map<string, string>();
  private currentState: ConnectionState = 'none';
  private readonly activeChanged = new vscode.EventEmitter<Connection | undefined>();
  private readonly stateChanged = new vscode.EventEmitter<ConnectionState>();
  private readonly disposables: vscode.Disposable[] = [];
  /** Fires after the active connection changed (or its key did): views reload. */
  readonly onDidChangeActive = this.activeChanged.event;
  readonly onDidChangeState = this.stateChanged.event;

  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly log: Log,
    private readonly sandbox: SandboxHost,
  ) {
    this.disposables.push(
      this.activeChanged,
      this.stateChanged,
      // A key changed in another window of the same profile: forget the client built with the old one.
      // Not for the key Add Connection is storing: its client was made from that very key, and the
      // views already asked with it (reloading them sent every first request again, issue 30.10).
      context.secrets.onDidChange((e) => {
        if (!e.key.startsWith(SECRET_PREFIX)) return;
        const id = e.key.slice(SECRET_PREFIX.length);
        if (this.storing.has(id)) return;
        this.reading.delete(id);
        this.clients.delete(id);
        if (id === this.active?.id) void this.announceActive();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('novuExplorer.requestTimeoutSeconds') || e.affectsConfiguration('novuExplorer.retries')) this.clients.clear();
      }),
    );
    this.currentState = this.active ? 'ready' : 'none';
    void vscode.commands.executeCommand('setContext', 'novuExplorer.connectionState', this.currentState);
    // The active connection's key is read now, while VS Code sets up the views, so that their first
    // requests do not wait for it (a trip to the workbench; issue 30.10). Nothing is sent.
    const active = this.active;
    // Then, with the window idle, VS Code's fetch readies itself for the service (nothing is sent).
    if (active && !isBuiltIn(active)) void this.clientFor(active).then((client) => client && setTimeout(() => void client.readyTransport(), 0));
  }

  /** The user's own connections, in the order they were added. */
  get connections(): Connection[] {
    return this.context.globalState.get<Connection[]>(CONNECTIONS_KEY, []);
  }

  /** The user's connections plus the built-in Sandbox and its Production environment. */
  get allConnections(): Connection[] {
    return [...this.connections, SANDBOX_CONNECTION, SANDBOX_PRODUCTION_CONNECTION];
  }

  get active(): Connection | undefined {
    const id = this.context.globalState.get<string>(ACTIVE_KEY);
    return this.allConnections.find((c) => c.id === id);
  }

  get state(): ConnectionState {
    return this.currentState;
  }

  /** The environment id seen in the active connection's data, once any was loaded. */
  environmentOf(connection: Connection): string | undefined {
    return this.environments.get(connection.id);
  }

  observeEnvironment(connection: Connection, environmentId: string | null | undefined): void {
    if (!environmentId || this.environments.get(connection.id) === environmentId) return;
    this.environments.set(connection.id, environmentId);
    this.stateChanged.fire(this.currentState);
  }

  setState(state: ConnectionState): void {
    if (state === this.currentState) return;
    this.currentState = state;
    void vscode.commands.executeCommand('setContext', 'novuExplorer.connectionState', state);
    this.stateChanged.fire(state);
  }

  /** A client for the active connection, starting the sandbox when that is the one. */
  async activeClient(): Promise<ActiveClient | undefined> {
    const connection = this.active;
    if (!connection) return undefined;
    const client = await this.clientFor(connection);
    return client ? { connection, client } : undefined;
  }

  async clientFor(connection: Connection): Promise<NovuClient | undefined> {
    const cached = this.clients.get(connection.id);
    if (cached) return cached;
    const pending = this.reading.get(connection.id);
    if (pending) return pending;
    const reading = this.readClient(connection);
    this.reading.set(connection.id, reading);
    try {
      return await reading;
    } finally {
      if (this.reading.get(connection.id) === reading) this.reading.delete(connection.id);
    }
  }

  /** Reads the connection's key (or starts the sandbox) and keeps the client made with it. */
  private async readClient(connection: Connection): Promise<NovuClient | undefined> {
    const baseUrl = isBuiltIn(connection) ? (await this.sandbox.ensure()).url : connection.baseUrl;
    const apiKey = await this.signingSecret(connection);
    if (!apiKey) {
      // Only the active connection's missing key is the views' business (another one may be
      // asked by a diagnosis looking for a subscriber elsewhere).
      if (this.active?.id === connection.id) this.setState('unauthorized');
      return undefined;
    }
    return this.keepClient(connection, baseUrl, apiKey);
  }

  /**
   * The connection's key as the secret that signs requests to the user's own app (§9.2), and for the
   * comparison's reader, which paces its own client (issue 52): for the HMAC and that client's header
   * only, never a URL, a log line or a webview.
   */
  async signingSecret(connection: Connection): Promise<string | undefined> {
    if (!isBuiltIn(connection)) return this.context.secrets.get(SECRET_PREFIX + connection.id);
    const sandbox = await this.sandbox.ensure();
    return connection.id === SANDBOX_CONNECTION_ID ? sandbox.apiKey : sandbox.productionApiKey;
  }

  /** Whether the connection's name or key says production (the key is read here and never leaves). */
  async looksLikeProduction(connection: Connection): Promise<boolean> {
    if (isBuiltIn(connection)) return connection.id === SANDBOX_PRODUCTION_CONNECTION_ID;
    return looksLikeProduction(connection.name, await this.context.secrets.get(SECRET_PREFIX + connection.id));
  }

  /** Makes and keeps the client of a saved connection. */
  private keepClient(connection: Connection, baseUrl: string, apiKey: string): NovuClient {
    const client = this.createClient(connection.name, baseUrl, apiKey, {}, (entry) => {
      // Whatever asked (a view, a panel, a lens, a diagnosis), a 401 means the key no longer works:
      // every view then says so at once, instead of each finding out on its own. Not the 401 "API
      // endpoint not accessible" of servers before 2025-06, which close the workflows to API keys
      // while the key works everywhere else (contract §8.1); any other 401 is the key, on any route.
      if (entry.status === 401 && !entry.closedToKeys && this.active?.id === connection.id) this.setState('unauthorized');
    });
    this.clients.set(connection.id, client);
    return client;
  }

  /** A client for a URL and key not saved yet (checking a key before it is stored). */
  createClient(name: string, baseUrl: string, apiKey: string, overrides: { retries?: number; timeoutMs?: number } = {}, onStatus?: (entry: RequestLogEntry & { status: number }) => void): NovuClient {
    this.log.addSecret(apiKey);
    const config = vscode.workspace.getConfiguration('novuExplorer');
    return new NovuClient({
      baseUrl,
      apiKey,
      timeoutMs: overrides.timeoutMs ?? config.get<number>('requestTimeoutSeconds', 30) * 1000,
      retries: overrides.retries ?? config.get<number>('retries', 2),
      onRequest: (entry) => {
        this.log.request(name, entry);
        if (entry.status !== undefined) onStatus?.({ ...entry, status: entry.status });
      },
    });
  }

  /** Makes a cheap request with the key; returns a message when it does not work. */
  async checkKey(name: string, baseUrl: string, apiKey: string): Promise<{ problem?: string; environmentId?: string }> {
    try {
      const page = await this.createClient(name, baseUrl, apiKey, { retries: 0, timeoutMs: 15_000 }).searchSubscribers({ limit: 1 });
      return { environmentId: page.data[0]?._environmentId ?? undefined };
    } catch (error) {
      if (isAbortError(error)) return { problem: vscode.l10n.t('Canceled.') };
      const described = describeError(error);
      if (described.kind !== 'unauthorized') return { problem: described.message };
      return { problem: vscode.l10n.t('{0} Check that you copied the whole key of the right environment.', described.message) };
    }
  }

  async add(connection: Omit<Connection, 'id'>, apiKey: string, environmentId?: string): Promise<Connection> {
    const saved: Connection = { ...connection, id: globalThis.crypto.randomUUID() };
    // The views' first requests leave at once, with a client made from the key in hand (issue 14),
    // while the three writes go out together: each takes a trip to the workbench, 10 to 20 ms that
    // were on the user's path (issue 30.10). global state holds the new values as soon as update()
    // is called, so the connection is the active one from here on; Add Connection ends when the
    // key is stored.
    this.storing.add(saved.id);
    const stored = Promise.all([
      this.context.secrets.store(SECRET_PREFIX + saved.id, apiKey),
      this.context.globalState.update(CONNECTIONS_KEY, [...this.connections, saved]),
      this.context.globalState.update(ACTIVE_KEY, saved.id),
    ]).finally(() => this.storing.delete(saved.id));
    if (environmentId) this.environments.set(saved.id, environmentId);
    this.keepClient(saved, saved.baseUrl, apiKey);
    this.log.info(`Added connection "${saved.name}" (${saved.baseUrl}).`);
    this.log.info(`Active connection: "${saved.name}".`);
    await this.announceActive();
    await stored;
    return saved;
  }

  async setApiKey(connection: Connection, apiKey: string): Promise<void> {
    await this.context.secrets.store(SECRET_PREFIX + connection.id, apiKey);
    this.clients.delete(connection.id);
    this.log.info(`Replaced the API key of "${connection.name}".`);
    if (connection.id === this.active?.id) await this.announceActive();
  }

  async remove(connection: Connection): Promise<void> {
    if (isBuiltIn(connection)) return;
    await this.context.secrets.delete(SECRET_PREFIX + connection.id);
    const remaining = this.connections.filter((c) => c.id !== connection.id);
    await this.context.globalState.update(CONNECTIONS_KEY, remaining);
    this.clients.delete(connection.id);
    this.environments.delete(connection.id);
    this.log.info(`Removed connection "${connection.name}".`);
    if (this.context.globalState.get<string>(ACTIVE_KEY) === connection.id) {
      await this.switchTo(remaining[0]?.id);
    }
  }

  async switchTo(id: string | undefined): Promise<void> {
    await this.context.globalState.update(ACTIVE_KEY, id);
    if (id) this.log.info(`Active connection: "${this.active?.name}".`);
    await this.announceActive();
  }

  private async announceActive(): Promise<void> {
    this.setState(this.active ? 'ready' : 'none');
    this.activeChanged.fire(this.active);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
