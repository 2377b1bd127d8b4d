/**
 * The Inbox's set-ups in the user's front end (issue 55, 13): a lens on each `<Inbox>`,
 * `<NovuProvider>` and `new Novu({…})` of `@novu/react`, `@novu/nextjs` and `@novu/js` saying
 * which saved connection's environment its application identifier names, and diagnostics for what
 * would keep its session from showing the messages (`inboxChecks.ts`). Lazy and cheap: only
 * documents that import one of those packages are scanned, and nothing is asked before one is
 * open: then `GET /v1/environments` once per connection (kept), the workspace's triggers once (kept
 * until a file is saved), and the active integrations of one connection only when a set-up lacks
 * its subscriber hash. Of the integrations only whether HMAC is on is kept, never a credential.
 */
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { environmentKinds, parseEnvironmentList } from '../compare/environments';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import type { Log } from '../log';
import { JS_LANGUAGES, scanInboxSetups, type InboxSetup } from '../scan';
import { type ContextTrigger, type InboxFacts, type KnownEnvironment, environmentOf, inboxFindings, inboxLensTitle } from './inboxChecks';
import { importsNovuInbox } from './novuSdk';
import { PerDocumentDelay } from './perDocumentDelay';

// l10n-ignore: the product's name, as VS Code shows a diagnostic's source
const DIAGNOSTIC_SOURCE = 'Novu Explorer';
const anyBody = z.unknown();
const SOURCE_GLOB = '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}';
const SOURCE_EXCLUDE = '**/{node_modules,dist,out,build,.git,.venv,venv}/**';

export interface InboxAwarenessDeps {
  manager: ConnectionManager;
  log: Log;
  /** The workspace's trigger calls that send a context written as a literal. */
  contextTriggers(token: vscode.CancellationToken): Promise<{ location: vscode.Location; keys: readonly string[] }[]>;
  /** The diagnostics setting is on. */
  enabled(): boolean;
}

/** One connection's organization as `GET /v1/environments` lists it. */
interface ConnectionEnvironments {
  environments: KnownEnvironment[];
  own?: KnownEnvironment;
}

export class InboxAwareness implements vscode.Disposable {
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('novuExplorer.inbox');
  private readonly changedLenses = new vscode.EventEmitter<void>();
  private readonly setupsByDoc = new Map<string, { document: vscode.TextDocument; version: number; setups: InboxSetup[] }>();
  /** By connection id: its environments, read once (undefined: it could not be read). */
  private readonly environments = new Map<string, Promise<ConnectionEnvironments | undefined>>();
  /** By connection id: the environments (`_id`) whose Novu in-app integration has HMAC on. */
  private readonly hmac = new Map<string, Promise<Set<string> | undefined>>();
  private triggers: Promise<ContextTrigger[]> | undefined;
  private triggersHeld: ContextTrigger[] | undefined;
  private readonly delay = new PerDocumentDelay();
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly deps: InboxAwarenessDeps) {
    const selector = JS_LANGUAGES.map((language) => ({ language }));
    this.subscriptions.push(
      this.diagnostics,
      this.changedLenses,
      vscode.languages.registerCodeLensProvider(selector, { onDidChangeCodeLenses: this.changedLenses.event, provideCodeLenses: (document) => this.lenses(document) }),
      vscode.workspace.onDidOpenTextDocument((document) => void this.check(document, true)),
      vscode.workspace.onDidChangeTextDocument(({ document }) => this.later(document)),
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.diagnostics.delete(document.uri);
        this.setupsByDoc.delete(document.uri.toString());
      }),
      // A trigger may send another context now: read them again when next needed.
      vscode.workspace.onDidSaveTextDocument((document) => {
        if (JS_LANGUAGES.includes(document.languageId) || document.languageId === 'python') this.forgetTriggers();
      }),
      // Trust granted and another active connection: CodeAwareness's refresh() calls this one's.
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('novuExplorer.code.diagnostics')) this.recheckAll();
      }),
    );
    this.recheckAll();
  }

  /** Forgets what was read (Refresh, another active connection) and checks the open documents again. */
  refresh(): void {
    this.environments.clear();
    this.hmac.clear();
    this.forgetTriggers();
    this.changedLenses.fire();
    this.recheckAll();
  }

  /** The workspace's trigger calls were read again (a module changed): the next check reads them anew. */
  forgetTriggers(): void {
    this.triggers = undefined;
  }

  private recheckAll(): void {
    for (const document of vscode.workspace.textDocuments) void this.check(document, true);
  }

  private later(document: vscode.TextDocument): void {
    if (!JS_LANGUAGES.includes(document.languageId)) return;
    this.delay.schedule(document.uri.toString(), () => void this.check(document, false));
  }

  /** The document's set-ups, kept while it does not change; none for a document that imports none of the packages. */
  setupsOf(document: vscode.TextDocument): InboxSetup[] {
    if (!JS_LANGUAGES.includes(document.languageId)) return [];
    const key = document.uri.toString();
    const held = this.setupsByDoc.get(key);
    // The same document, not only the same URI and version (an untitled file reopened: see codeAwareness.ts).
    if (held && held.document === document && held.version === document.version) return held.setups;
    const text = document.getText();
    const setups = importsNovuInbox(document.languageId, text) ? scanInboxSetups(text) : [];
    this.setupsByDoc.set(key, { document, version: document.version, setups });
    return setups;
  }

  /** The connections whose environments are read: the active one, then the user's saved ones. */
  private connections(): Connection[] {
    const active = this.deps.manager.active;
    const saved = this.deps.manager.connections.filter((c) => c.id !== active?.id);
    return active ? [active, ...saved] : saved;
  }

  /** A connection's environments, read once (`mayAsk`: a request may be sent; else only what is held). */
  private environmentsOf(connection: Connection, mayAsk: boolean): Promise<ConnectionEnvironments | undefined> | undefined {
    const held = this.environments.get(connection.id);
    if (held || !mayAsk) return held;
    const reading = (async (): Promise<ConnectionEnvironments | undefined> => {
      const client = await this.deps.manager.clientFor(connection);
      if (!client) return undefined;
      const list = parseEnvironmentList(await client.call({ method: 'get', path: 'v1/environments', schema: anyBody }));
      const kinds = environmentKinds(list);
      // The key's own entry: the only one holding a key, else the one its data was seen in.
      const holding = list.filter((e) => e.holdsCallersKey);
      const ownId = holding.length === 1 ? holding[0]!._id : this.deps.manager.environmentOf(connection);
      const environments: KnownEnvironment[] = list
        .filter((e) => typeof e.identifier === 'string' && e.identifier !== '')
        .map((e) => ({ connectionId: connection.id, connectionName: connection.name, id: e._id, name: e.name, identifier: e.identifier!, kind: kinds.get(e._id) ?? 'other', own: e._id === ownId }));
      const own = environments.find((e) => e.own);
      return { environments, ...(own ? { own } : {}) };
    })().catch((error: unknown) => {
      this.deps.log.warn(`Code awareness could not read the environments of "${connection.name}": ${String(error)}`);
      return undefined;
    });
    this.environments.set(connection.id, reading);
    return reading;
  }

  /** The environments (`_id`) of a connection's organization whose Novu in-app integration has HMAC on. Only that is kept. */
  private hmacOf(connection: Connection, own: string | undefined, mayAsk: boolean): Promise<Set<string> | undefined> | undefined {
    const held = this.hmac.get(connection.id);
    if (held || !mayAsk) return held;
    const reading = (async () => {
      const client = await this.deps.manager.clientFor(connection);
      if (!client) return undefined;
      const on = new Set<string>();
      for (const i of await client.listActiveIntegrations()) {
        if (i.channel !== 'in_app' || i.providerId !== 'novu' || i.active === false) continue;
        // A list scoped to the key's environment (newer servers) names none.
        const environmentId = i._environmentId ?? own;
        if (environmentId && i.credentials?.['hmac'] === true) on.add(environmentId);
      }
      return on;
    })().catch(() => undefined);
    this.hmac.set(connection.id, reading);
    return reading;
  }

  /** The workspace's triggers that send a literal context (read once; while typing, only what is held). */
  private async contextTriggers(mayAsk: boolean): Promise<ContextTrigger[] | undefined> {
    if (!this.triggers) {
      if (!mayAsk) return this.triggersHeld;
      const source = new vscode.CancellationTokenSource();
      this.triggers = this.deps
        .contextTriggers(source.token)
        .then((found) => found.map((t) => ({ where: `${vscode.workspace.asRelativePath(t.location.uri)}:${t.location.range.start.line + 1}`, keys: t.keys })))
        .catch(() => [])
        .finally(() => source.dispose());
      void this.triggers.then((held) => (this.triggersHeld = held));
    }
    return this.triggers;
  }

  /** What the checks are told for these set-ups. */
  private async facts(setups: InboxSetup[], mayAsk: boolean): Promise<InboxFacts> {
    const literal = setups.some((s) => s.applicationIdentifier?.kind === 'literal');
    if (!literal || !vscode.workspace.isTrusted) return { environments: undefined, complete: false };
    const connections = this.connections();
    const read = await Promise.all(connections.map((c) => this.environmentsOf(c, mayAsk)));
    const environments = read.flatMap((r) => r?.environments ?? []);
    const active = this.deps.manager.active;
    const activeOwn = active ? read[0]?.own : undefined;
    const facts: InboxFacts = {
      environments: read.some((r) => r) ? environments : undefined,
      complete: read.every((r) => r !== undefined),
      ...(active && activeOwn ? { active: { connectionName: active.name, environmentName: activeOwn.name, kind: activeOwn.kind } } : {}),
    };
    if (setups.some((s) => !s.context && !s.spread)) facts.contextTriggers = await this.contextTriggers(mayAsk);
    // HMAC is read only for the connection of an environment a set-up without a hash names.
    const hashless = setups.flatMap((s) => (!s.subscriberHash && !s.spread && s.applicationIdentifier?.kind === 'literal' ? [environmentOf(s.applicationIdentifier.value, environments)] : []));
    const hmac = new Map<string, boolean>();
    for (const environment of hashless) {
      if (!environment || hmac.has(environment.id)) continue;
      const connection = connections.find((c) => c.id === environment.connectionId)!;
      const own = read[connections.indexOf(connection)]?.own?.id;
      const on = await this.hmacOf(connection, own, mayAsk);
      if (on) hmac.set(environment.id, on.has(environment.id));
    }
    facts.hmac = (id) => hmac.get(id);
    return facts;
  }

  private async lenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const setups = this.setupsOf(document);
    if (setups.length === 0) return [];
    const facts = await this.facts(setups, true);
    return setups.map((setup) => {
      const range = new vscode.Range(document.positionAt(setup.start), document.positionAt(setup.end));
      const title = inboxLensTitle(setup, facts);
      return new vscode.CodeLens(range, { title, command: '', tooltip: vscode.l10n.t('Where this Inbox’s application identifier belongs, among your saved connections') });
    });
  }

  /** The document's diagnostics. `mayAsk`: requests may be sent (a document opened); while typing, only what is held. */
  private async check(document: vscode.TextDocument, mayAsk: boolean): Promise<void> {
    const setups = this.setupsOf(document);
    if (setups.length === 0 || !this.deps.enabled() || !vscode.workspace.isTrusted || !this.deps.manager.active) {
      this.diagnostics.delete(document.uri);
      return;
    }
    const facts = await this.facts(setups, mayAsk);
    if (document.isClosed) return;
    const found: vscode.Diagnostic[] = [];
    for (const setup of setups) {
      for (const finding of inboxFindings(setup, facts)) {
        const place = finding.at === 'applicationIdentifier' && setup.applicationIdentifier ? setup.applicationIdentifier : setup;
        const d = new vscode.Diagnostic(new vscode.Range(document.positionAt(place.start), document.positionAt(place.end)), finding.message, finding.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information);
        d.source = DIAGNOSTIC_SOURCE;
        d.code = finding.code;
        found.push(d);
      }
    }
    this.diagnostics.set(document.uri, found);
  }

  /**
   * Every Inbox set-up in the open documents and the workspace's source files (the diagnosis names
   * them): its place and what it is given. Files are read from disk, never sent anywhere.
   */
  async inboxSetups(token: vscode.CancellationToken): Promise<{ uri: vscode.Uri; line: number; setup: InboxSetup }[]> {
    const found: { uri: vscode.Uri; line: number; setup: InboxSetup }[] = [];
    const seen = new Set<string>();
    for (const open of vscode.workspace.textDocuments) {
      if (!JS_LANGUAGES.includes(open.languageId)) continue;
      seen.add(open.uri.toString());
      for (const setup of this.setupsOf(open)) found.push({ uri: open.uri, line: open.positionAt(setup.start).line, setup });
    }
    if (!vscode.workspace.isTrusted || !vscode.workspace.workspaceFolders?.length) return found;
    for (const uri of await vscode.workspace.findFiles(SOURCE_GLOB, SOURCE_EXCLUDE, 2000, token)) {
      if (token.isCancellationRequested) break;
      if (seen.has(uri.toString())) continue;
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      if (!importsNovuInbox('typescriptreact', text)) continue;
      for (const setup of scanInboxSetups(text)) {
        let line = 0;
        for (let i = text.indexOf('\n'); i >= 0 && i < setup.start; i = text.indexOf('\n', i + 1)) line++;
        found.push({ uri, line, setup });
      }
    }
    return found;
  }

  dispose(): void {
    this.delay.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
