/**
 * Code awareness (issue 25): the workflows and trigger calls in the user's own code tied to what
 * the active connection holds. A CodeLens above each, a click on it showing the workflow's
 * Activity (resolved only when shown: one list request
 * per connection, one runs request per visible workflow, both cached), a diagnostic for an
 * identifier the environment does not have (with "Did you mean …?" and a quick fix that replaces
 * the literal, and the other saved connection that has it) or a workflow that is not active, a
 * Trigger… lens beside an active workflow's, a hover (the workflow read once) and Go to Definition.
 * Typing never sends a request: the diagnostics read the list only when it is held. In a workspace
 * that is not trusted nothing is sent: the lens says why. Only calls tied to Novu are read (issue
 * 30); what a document imports from the workspace's own files (a framework workflow defined in
 * another file, a client made in another) is read from those files (ModuleIndex), never sent.
 */
import * as vscode from 'vscode';
import { Commands } from '../commands';
import { regionLabel, type Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import { relativeTime } from '../format/time';
import type { Log } from '../log';
import { describeError } from '../ui/errors';
import { markdownText } from '../ui/text';
import { didYouMean } from '../format/didYouMean';
import { ModuleIndex } from './moduleIndex';
import { JS_LANGUAGES, type CodeRef } from '../scan';
import type { ObjectLiteral } from '../scan/objectLiteral';
import { runsNovuSync } from './syncCommand';
import { WorkflowCache, type WorkflowIndex } from './workflowCache';
import { detailLines, runsText, stepLabels, workflowLines } from './workflowText';
import { CODE_LANGUAGES } from './languages';
import { PerDocumentDelay } from './perDocumentDelay';
import { InboxAwareness } from './inboxAwareness';
import type { InboxSetup } from '../scan';

// l10n-ignore: the product's name, as VS Code shows a diagnostic's source
const DIAGNOSTIC_SOURCE = 'Novu Explorer';
export const DIAGNOSTICS_SETTING = 'novuExplorer.code.diagnostics';

export interface CodeAwarenessDeps {
  manager: ConnectionManager;
  log: Log;
  /** Shows the Activity view filtered by the workflow's `_id`. */
  showActivity(workflowId: string, name: string): unknown;
  /** What differs for a framework workflow between the app and the environment's last sync (issue 33), when the app was checked. */
  driftOf?(workflowId: string): string | undefined;
  /** The app was checked again: the drift may have changed. */
  onDidChangeDrift?: vscode.Event<void>;
  /** A lens showed a workflow the service holds, with its runs (the walkthrough's step). */
  onWorkflowShown?(): void;
}

function where(connection: Connection): string {
  return `${connection.name} (${regionLabel(connection)})`;
}

class RefLens extends vscode.CodeLens {
  constructor(
    range: vscode.Range,
    readonly ref: CodeRef,
    /** The status lens (its click shows the Activity, or syncs what is not synced), Trigger… beside it, or Preview beside a trigger of a workflow not synced. */
    readonly action: 'status' | 'trigger' | 'preview' = 'status',
  ) {
    super(range);
  }
}

/** A framework workflow in the code (its definition, or a trigger of it): when the service lacks it, what is missing is the sync. */
const isFramework = (ref: CodeRef) => ref.kind === 'definition' || ref.pattern === 'framework-trigger';

/** Preview of a framework workflow, rendered by the user's app (the service does not hold it yet): what the Preview lenses give. */
function previewCommand(identifier: string, title: string): vscode.Command {
  return { title, command: Commands.previewStep, arguments: [{ workflowId: identifier, via: 'app' }], tooltip: vscode.l10n.t('Preview {0} as your running app renders it', identifier) };
}

/** Said of a framework workflow the environment lacks (the diagnostic, the hover): the product syncs it, after a review. */
function notSyncedText(ref: CodeRef, connection: Connection): string {
  return ref.kind === 'definition'
    ? vscode.l10n.t('Workflow "{0}" is not synced to {1}. Sync Workflows… sends your app\'s workflows, after a review.', ref.identifier, where(connection))
    : vscode.l10n.t('Workflow "{0}" is not synced to {1}: this trigger is refused until it is. Sync Workflows… sends your app\'s workflows, after a review.', ref.identifier, where(connection));
}

export class CodeAwareness implements vscode.Disposable {
  readonly cache = new WorkflowCache();
  /** What the documents import from the workspace's files (a framework workflow, a Novu client). */
  private readonly modules = new ModuleIndex();
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('novuExplorer');
  private readonly changedLenses = new vscode.EventEmitter<void>();
  private readonly refsByDoc = new Map<string, { document: vscode.TextDocument; version: number; generation: number; refs: Promise<CodeRef[]> }>();
  /** Suggestions of the diagnostics shown, by document and start offset. */
  private readonly suggestions = new Map<string, Map<number, string[]>>();
  private readonly delay = new PerDocumentDelay();
  private readonly subscriptions: vscode.Disposable[] = [];
  private failureSaid: string | undefined;
  /** Lenses were given without the workflow list (not read yet, or it failed): give them again once it is held. */
  private lensesLackList = false;
  /** The Inbox's set-ups in the front end (issue 55): their lenses and diagnostics. */
  private readonly inbox: InboxAwareness;

  constructor(private readonly deps: CodeAwarenessDeps) {
    const selector = CODE_LANGUAGES.map((language) => ({ language }));
    this.inbox = new InboxAwareness({
      manager: deps.manager,
      log: deps.log,
      enabled: () => vscode.workspace.getConfiguration('novuExplorer').get<boolean>('code.diagnostics', true),
      contextTriggers: async (token) =>
        (await this.scanRefs('trigger', (r) => r.context?.kind === 'literal' && r.context.keys.length > 0, token)).map(({ ref, location }) => ({ location, keys: ref.context?.kind === 'literal' ? ref.context.keys : [] })),
    });
    this.subscriptions.push(
      this.inbox,
      this.diagnostics,
      this.changedLenses,
      this.modules,
      // A file the documents import from was saved, created or deleted: what they trigger is read again.
      this.modules.onDidChange(() => {
        this.inbox.forgetTriggers();
        this.changedLenses.fire();
        this.recheckAll();
      }),
      vscode.languages.registerCodeLensProvider(selector, {
        onDidChangeCodeLenses: this.changedLenses.event,
        provideCodeLenses: (document) => this.lenses(document),
        resolveCodeLens: (lens) => this.resolve(lens as RefLens),
      }),
      vscode.languages.registerCodeActionsProvider(selector, { provideCodeActions: (document, _range, context) => this.quickFixes(document, context) }, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
      vscode.languages.registerHoverProvider(selector, { provideHover: (document, position) => this.hover(document, position) }),
      vscode.languages.registerDefinitionProvider(selector, { provideDefinition: (document, position, token) => this.definition(document, position, token) }),
      vscode.workspace.onDidOpenTextDocument((document) => void this.check(document, true)),
      vscode.workspace.onDidChangeTextDocument((event) => this.later(event.document)),
      vscode.workspace.onDidCloseTextDocument((document) => {
        this.diagnostics.delete(document.uri);
        this.refsByDoc.delete(document.uri.toString());
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.refresh()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(DIAGNOSTICS_SETTING)) this.recheckAll();
      }),
      deps.manager.onDidChangeActive(() => this.refresh()),
      ...(deps.onDidChangeDrift ? [deps.onDidChangeDrift(() => this.recheckAll())] : []),
      // "not synced": once the user has synced from a terminal (`npx novu sync`), the list held is
      // read again, so that the lens and the warning do not go on saying it for minutes.
      vscode.window.onDidEndTerminalShellExecution((event) => {
        if (runsNovuSync(event.execution.commandLine.value) && !(typeof event.exitCode === 'number' && event.exitCode !== 0)) this.refresh();
      }),
    );
    this.recheckAll();
  }

  /** Forgets what was read and checks every open document again (Refresh, another connection). */
  refresh(): void {
    this.inbox.refresh();
    this.cache.clear();
    this.failureSaid = undefined;
    this.lensesLackList = false;
    this.changedLenses.fire();
    this.recheckAll();
  }

  /**
   * A new run of this workflow was seen (Send Again, Trigger…): its lens reads the runs again, so
   * that it does not go on saying "no recent run" for the rest of the minute they are kept.
   */
  runsChanged(connectionId: string, workflowId: string): void {
    if (!this.cache.forgetRuns(connectionId, workflowId)) return;
    this.changedLenses.fire();
  }

  private recheckAll(): void {
    for (const document of vscode.workspace.textDocuments) void this.check(document, true);
  }

  /** The document's workflows and trigger calls, kept while neither it nor a file it imports from changes. */
  private refs(document: vscode.TextDocument): Promise<CodeRef[]> {
    if (!CODE_LANGUAGES.includes(document.languageId)) return Promise.resolve([]);
    const key = document.uri.toString();
    const held = this.refsByDoc.get(key);
    const generation = this.modules.generation;
    // The same document, not only the same URI and version: an untitled file closed and another
    // opened gets the URI and version 1 again, sometimes before the close is told.
    if (held && held.document === document && held.version === document.version && held.generation === generation) return held.refs;
    const refs = this.modules.scan(document.uri, document.languageId, document.getText());
    this.refsByDoc.set(key, { document, version: document.version, generation, refs });
    return refs;
  }

  /**
   * One lens per workflow and line (a bulk call naming one workflow twice gets one), and Trigger…
   * beside it when the list says the workflow exists here and is active. The list is the one the
   * diagnostics and the lens titles read (one request, shared while in flight), awaited here so
   * that a line's lenses appear once, whole: lenses given first and again when the list came in
   * moved under the pointer of whoever was about to click them.
   */
  private async lenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const lenses: vscode.CodeLens[] = [];
    const seen = new Set<string>();
    const refs = await this.refs(document);
    if (refs.length === 0) return lenses;
    const index = await this.listForLenses();
    if (!index) this.lensesLackList = true;
    for (const ref of refs) {
      const range = new vscode.Range(document.positionAt(ref.start), document.positionAt(ref.end));
      const key = `${range.start.line}:${ref.identifier}`;
      if (seen.has(key)) continue;
      seen.add(key);
      lenses.push(new RefLens(range, ref));
      const workflow = index?.byIdentifier.get(ref.identifier);
      if (workflow && workflow.status !== 'INACTIVE') lenses.push(new RefLens(range, ref, 'trigger'));
      // A definition has the Preview feature's own lens; a trigger of a workflow not synced gets one here.
      if (index && !workflow && ref.pattern === 'framework-trigger') lenses.push(new RefLens(range, ref, 'preview'));
    }
    return lenses;
  }

  /** The active connection's workflow list for the lenses, or nothing (no connection, no key, not trusted, a failed read: the lens titles say which). */
  private async listForLenses(): Promise<WorkflowIndex | undefined> {
    const connection = this.deps.manager.active;
    if (!connection || !vscode.workspace.isTrusted) return undefined;
    const held = await this.cache.peek(connection.id);
    if (held) return held;
    const client = await this.deps.manager.clientFor(connection).catch(() => undefined);
    return client ? this.cache.list(connection.id, client).catch(() => undefined) : undefined;
  }

  private async resolve(lens: RefLens): Promise<vscode.CodeLens> {
    const { ref } = lens;
    if (lens.action === 'trigger') {
      lens.command = { title: `$(play) ${vscode.l10n.t('Trigger…')}`, command: Commands.triggerWorkflow, arguments: [ref.identifier], tooltip: vscode.l10n.t('Trigger {0} with a payload checked against its schema (asks first)', ref.identifier) };
      return lens;
    }
    if (lens.action === 'preview') {
      lens.command = previewCommand(ref.identifier, vscode.l10n.t('$(open-preview) Preview'));
      return lens;
    }
    const connection = this.deps.manager.active;
    const command = (title: string, id = '', args: unknown[] = [], tooltip?: string): vscode.Command => ({ title, command: id, arguments: args, ...(tooltip ? { tooltip } : {}) });
    if (!vscode.workspace.isTrusted) {
      lens.command = command(vscode.l10n.t('Novu · trust this workspace to check its workflows against your connection'), 'workbench.trust.manage');
      return lens;
    }
    if (!connection) {
      lens.command = command(vscode.l10n.t('Novu · add a connection to check "{0}"', ref.identifier), Commands.addConnection);
      return lens;
    }
    const client = await this.deps.manager.clientFor(connection);
    if (!client) {
      lens.command = command(vscode.l10n.t('Novu · {0} has no API key', connection.name), Commands.setApiKey);
      return lens;
    }
    try {
      const index = await this.cache.list(connection.id, client);
      const workflow = index.byIdentifier.get(ref.identifier);
      if (!workflow && isFramework(ref)) {
        // What is missing is the sync: the click is the product's own, reviewed, Sync Workflows….
        lens.command = command(vscode.l10n.t('Novu · {0}: not synced · $(sync) Sync Workflows…', connection.name), Commands.syncWorkflows, [], vscode.l10n.t('Sync your app\'s workflows to {0}: a review shows what changes first', connection.name));
        return lens;
      }
      if (!workflow) {
        lens.command = command(vscode.l10n.t('Novu · {0}: no workflow "{1}"', connection.name, ref.identifier));
        return lens;
      }
      const status = workflow.status === 'INACTIVE' ? vscode.l10n.t('not active') : workflow.status === 'ERROR' ? vscode.l10n.t('active, with step errors') : vscode.l10n.t('active');
      const parts = [vscode.l10n.t('Novu · {0}: {1}', connection.name, status)];
      try {
        const runs = await this.cache.recentRuns(connection.id, client, workflow._id);
        if (runs.total === 0) parts.push(vscode.l10n.t('no recent run'));
        else {
          parts.push(runsText(runs));
          if (runs.lastAt) parts.push(vscode.l10n.t('last run {0}', relativeTime(runs.lastAt, Date.now(), vscode.env.language)));
        }
      } catch (error) {
        parts.push(vscode.l10n.t('runs not read: {0}', describeError(error).message));
      }
      this.deps.onWorkflowShown?.();
      // The lens is the way to the runs: a click shows the Activity view filtered to this workflow.
      lens.command = command(parts.join(' · '), Commands.showWorkflowActivity, [workflow._id, workflow.name ?? ref.identifier], vscode.l10n.t('Show Activity of {0}', workflow.name ?? ref.identifier));
      return lens;
    } catch (error) {
      // A refused key is the rejected-key state here too (issue 30.4): said as such, with its fix.
      if (describeError(error).kind === 'unauthorized') {
        lens.command = command(vscode.l10n.t('Novu · {0}: the API key was rejected', connection.name), Commands.setApiKey, [], vscode.l10n.t('Set the API key of {0}', connection.name));
        return lens;
      }
      this.sayFailure(connection, error);
      lens.command = command(vscode.l10n.t('Novu · {0}: the workflows could not be read', connection.name), Commands.showLog);
      return lens;
    }
  }

  /** A failed read is said once (a status bar message and the log), never as a squiggle. */
  private sayFailure(connection: Connection, error: unknown): void {
    const described = describeError(error);
    // A refused key: the views, the status bar and the lenses already say so, with Set API Key.
    if (described.kind === 'unauthorized') return;
    const message = described.message;
    if (this.failureSaid === message) return;
    this.failureSaid = message;
    this.deps.log.warn(`Code awareness could not read the workflows of "${connection.name}": ${message}`);
    vscode.window.setStatusBarMessage(`$(warning) ${vscode.l10n.t('Novu: the workflows of {0} could not be read: {1}', connection.name, message)}`, 15_000);
  }

  private later(document: vscode.TextDocument): void {
    this.delay.schedule(document.uri.toString(), () => void this.check(document, false));
  }

  /**
   * The document's diagnostics. `mayAsk`: the workflow list may be read (a document opened);
   * while typing, only a list already held is used.
   */
  private async check(document: vscode.TextDocument, mayAsk: boolean): Promise<void> {
    if (!CODE_LANGUAGES.includes(document.languageId)) return;
    const enabled = vscode.workspace.getConfiguration('novuExplorer').get<boolean>('code.diagnostics', true);
    const connection = this.deps.manager.active;
    const refs = await this.refs(document);
    if (!enabled || !connection || !vscode.workspace.isTrusted || refs.length === 0) {
      this.diagnostics.delete(document.uri);
      return;
    }
    let index = await this.cache.peek(connection.id);
    if (!index && mayAsk) {
      const client = await this.deps.manager.clientFor(connection);
      if (!client) return;
      try {
        index = await this.cache.list(connection.id, client);
      } catch (error) {
        this.sayFailure(connection, error);
        return;
      }
      // Now that the list is held, lenses given without it can offer Trigger… where the workflow is active.
      if (this.lensesLackList) {
        this.lensesLackList = false;
        this.changedLenses.fire();
      }
    }
    if (!index || document.isClosed) return;
    const known = index.workflows.map((w) => w.workflowId).filter((id): id is string => !!id);
    const missing = refs.some((r) => !isFramework(r) && !index.byIdentifier.has(r.identifier));
    const elsewhere = missing ? await this.otherConnections(connection, mayAsk) : [];
    if (document.isClosed) return;
    const found: vscode.Diagnostic[] = [];
    const suggestions = new Map<number, string[]>();
    for (const ref of refs) {
      const range = new vscode.Range(document.positionAt(ref.start), document.positionAt(ref.end));
      const workflow = index.byIdentifier.get(ref.identifier);
      if (!workflow) {
        if (isFramework(ref)) {
          // The workflow is in the code: what is missing is the sync, not a spelling (a trigger of it is refused meanwhile).
          const d = new vscode.Diagnostic(range, notSyncedText(ref, connection), ref.kind === 'definition' ? vscode.DiagnosticSeverity.Information : vscode.DiagnosticSeverity.Warning);
          d.source = DIAGNOSTIC_SOURCE;
          d.code = 'unsynced-workflow';
          found.push(d);
          continue;
        }
        const close = didYouMean(ref.identifier, known);
        let message = close.length > 0
          ? vscode.l10n.t('No workflow "{0}" in {1}. Did you mean "{2}"?', ref.identifier, where(connection), close[0]!)
          : vscode.l10n.t('No workflow "{0}" in {1}: a trigger naming it is refused.', ref.identifier, where(connection));
        // Another saved connection that has it: the code may be meant for that environment.
        const holders = elsewhere.filter((e) => e.index.byIdentifier.has(ref.identifier)).map((e) => where(e.connection));
        if (holders.length > 0) message = `${message} ${vscode.l10n.t('It exists in {0}.', holders.join(', '))}`;
        const d = new vscode.Diagnostic(range, message, vscode.DiagnosticSeverity.Warning);
        d.source = DIAGNOSTIC_SOURCE;
        d.code = 'unknown-workflow';
        found.push(d);
        if (ref.literal && close.length > 0) suggestions.set(ref.start, close);
        continue;
      }
      if (ref.kind === 'trigger' && workflow.status === 'INACTIVE') {
        const d = new vscode.Diagnostic(range, vscode.l10n.t('Workflow "{0}" is not active in {1}: triggers answer trigger_not_active.', ref.identifier, where(connection)), vscode.DiagnosticSeverity.Warning);
        d.source = DIAGNOSTIC_SOURCE;
        d.code = 'inactive-workflow';
        found.push(d);
      }
      // A framework definition the environment holds, changed since the last sync (issue 33): said where it is defined.
      const drift = ref.kind === 'definition' ? this.deps.driftOf?.(ref.identifier) : undefined;
      if (drift) {
        const d = new vscode.Diagnostic(range, vscode.l10n.t('Workflow "{0}" in {1}: {2}.', ref.identifier, where(connection), drift), vscode.DiagnosticSeverity.Information);
        d.source = DIAGNOSTIC_SOURCE;
        d.code = 'changed-workflow';
        found.push(d);
      }
    }
    this.suggestions.set(document.uri.toString(), suggestions);
    this.diagnostics.set(document.uri, found);
  }

  /**
   * The workflow lists of the user's other saved connections (not the built-in Sandbox, which is
   * not started for this): read when a document is opened (one request each, kept like the
   * active one's), only the ones held while typing. A connection that cannot be read is left out.
   */
  private async otherConnections(active: Connection, mayAsk: boolean): Promise<{ connection: Connection; index: WorkflowIndex }[]> {
    const others = this.deps.manager.connections.filter((c) => c.id !== active.id);
    const found = await Promise.all(
      others.map(async (connection) => {
        let index = await this.cache.peek(connection.id);
        if (!index && mayAsk) {
          const client = await this.deps.manager.clientFor(connection).catch(() => undefined);
          index = client ? await this.cache.list(connection.id, client).catch(() => undefined) : undefined;
        }
        return index ? { connection, index } : undefined;
      }),
    );
    return found.filter((f): f is { connection: Connection; index: WorkflowIndex } => f !== undefined);
  }

  private async quickFixes(document: vscode.TextDocument, context: vscode.CodeActionContext): Promise<vscode.CodeAction[]> {
    const actions: vscode.CodeAction[] = [];
    const suggestions = this.suggestions.get(document.uri.toString());
    for (const diagnostic of context.diagnostics) {
      if (diagnostic.source === DIAGNOSTIC_SOURCE && (diagnostic.code === 'unsynced-workflow' || diagnostic.code === 'changed-workflow')) {
        const connection = this.deps.manager.active;
        const action = new vscode.CodeAction(vscode.l10n.t('Sync Workflows to {0}…', connection?.name ?? ''), vscode.CodeActionKind.QuickFix);
        action.command = { command: Commands.syncWorkflows, title: action.title };
        action.diagnostics = [diagnostic];
        action.isPreferred = true;
        actions.push(action);
        // Not synced yet: the app renders it all the same.
        const start = document.offsetAt(diagnostic.range.start);
        const ref = diagnostic.code === 'unsynced-workflow' ? (await this.refs(document)).find((r) => r.start === start) : undefined;
        if (ref) {
          const preview = new vscode.CodeAction(vscode.l10n.t('Preview {0}', ref.identifier), vscode.CodeActionKind.QuickFix);
          preview.command = previewCommand(ref.identifier, preview.title);
          preview.diagnostics = [diagnostic];
          actions.push(preview);
        }
        continue;
      }
      if (diagnostic.source !== DIAGNOSTIC_SOURCE || diagnostic.code !== 'unknown-workflow') continue;
      const close = suggestions?.get(document.offsetAt(diagnostic.range.start));
      for (const [i, identifier] of (close ?? []).entries()) {
        const action = new vscode.CodeAction(vscode.l10n.t('Change to "{0}"', identifier), vscode.CodeActionKind.QuickFix);
        action.edit = new vscode.WorkspaceEdit();
        action.edit.replace(document.uri, diagnostic.range, identifier);
        action.diagnostics = [diagnostic];
        action.isPreferred = i === 0;
        actions.push(action);
      }
    }
    return actions;
  }

  /**
   * The hover: the workflow as the service holds it. Its name and every line go in as text that
   * renders exactly as typed (`markdownText`): no link, tag, entity or escape is made of what the
   * service or the user wrote, and the Markdown is not trusted (no `command:` link is live).
   */
  private async hover(document: vscode.TextDocument, position: vscode.Position): Promise<vscode.Hover | undefined> {
    const offset = document.offsetAt(position);
    const ref = (await this.refs(document)).find((r) => offset >= r.start && offset <= r.end);
    const connection = this.deps.manager.active;
    if (!ref || !connection || !vscode.workspace.isTrusted) return undefined;
    const index = await this.cache.peek(connection.id);
    const workflow = index?.byIdentifier.get(ref.identifier);
    const md = new vscode.MarkdownString(undefined, false);
    md.isTrusted = false;
    md.supportHtml = false;
    if (!workflow) {
      const said = !index
        ? vscode.l10n.t('The workflows of {0} are not read yet.', where(connection))
        : isFramework(ref)
          ? notSyncedText(ref, connection)
          : vscode.l10n.t('No workflow "{0}" in {1}.', ref.identifier, where(connection));
      md.appendMarkdown(markdownText(said));
      return new vscode.Hover(md);
    }
    // A hover is asked for: the whole workflow is read once (critical, payload schema), and the
    // runs only if a lens already read them.
    const client = await this.deps.manager.clientFor(connection);
    const detail = client ? await this.cache.detail(connection.id, client, workflow._id).catch(() => undefined) : undefined;
    const runs = await this.cache.peekRuns(connection.id, workflow._id);
    // Bold around the name: its own spaces at either end would undo the bold, and show nothing.
    md.appendMarkdown(`**${markdownText((workflow.name || ref.identifier).trim())}**\n\n`);
    md.appendMarkdown([...workflowLines(workflow, where(connection), runs === undefined), ...detailLines(detail, runs, stepLabels(workflow).join(', '))].map(markdownText).join('\n\n'));
    return new vscode.Hover(md, new vscode.Range(document.positionAt(ref.start), document.positionAt(ref.end)));
  }

  /**
   * Go to Definition on a trigger's identifier: the `workflow('id', …)` definitions of the open
   * documents and of the workspace's source files (node_modules and build output left out). Read
   * from disk only when asked; nothing is sent anywhere.
   */
  private async definition(document: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken): Promise<vscode.Location[] | undefined> {
    const offset = document.offsetAt(position);
    const ref = (await this.refs(document)).find((r) => r.kind === 'trigger' && offset >= r.start && offset <= r.end);
    if (!ref) return undefined;
    // A framework workflow's trigger: the very definition it was followed to (this file or the one it is imported from).
    const site = ref.definedAt;
    if (site) {
      const here = site.path === undefined || site.path === document.uri.path;
      const target = here ? document : await vscode.workspace.openTextDocument(document.uri.with({ path: site.path })).then(undefined, () => undefined);
      // Offsets read from the file on disk hold for it as saved.
      if (target && (here || !target.isDirty)) return [new vscode.Location(target.uri, new vscode.Range(target.positionAt(site.start), target.positionAt(site.end)))];
    }
    return this.findDefinitions(ref.identifier, token);
  }

  /** The `workflow('<identifier>', …)` definitions in the open documents and the workspace's source files. */
  async findDefinitions(identifier: string, token: vscode.CancellationToken): Promise<vscode.Location[]> {
    return this.findRefs(identifier, 'definition', token);
  }

  /** The trigger calls of `identifier` in the workspace's code (a comparison's findings name them). */
  async findTriggers(identifier: string, token: vscode.CancellationToken): Promise<vscode.Location[]> {
    return this.findRefs(identifier, 'trigger', token);
  }

  /**
   * Every trigger call in the open documents and the workspace's source files, of any workflow, in
   * one pass: each with its place and, where the call writes it as an object literal, its payload's
   * keys (a comparison checks them against the target's schema).
   */
  async findAllTriggers(token: vscode.CancellationToken): Promise<{ identifier: string; location: vscode.Location; payload?: ObjectLiteral }[]> {
    return (await this.scanRefs('trigger', () => true, token)).map(({ ref, location }) => ({ identifier: ref.identifier, location, ...(ref.payload ? { payload: ref.payload } : {}) }));
  }

  /** Every Inbox set-up in the open documents and the workspace's source files, each with its place (the diagnosis names them). */
  inboxSetups(token: vscode.CancellationToken): Promise<{ uri: vscode.Uri; line: number; setup: InboxSetup }[]> {
    return this.inbox.inboxSetups(token);
  }

  /** The trigger calls of one document, as `findAllTriggers` gives them (an edited file checked again). */
  async triggersIn(document: vscode.TextDocument): Promise<{ identifier: string; location: vscode.Location; payload?: ObjectLiteral }[]> {
    if (!JS_LANGUAGES.includes(document.languageId) && document.languageId !== 'python') return [];
    return (await this.modules.scan(document.uri, document.languageId, document.getText()))
      .filter((r) => r.kind === 'trigger')
      .map((r) => ({ identifier: r.identifier, location: new vscode.Location(document.uri, new vscode.Range(document.positionAt(r.start), document.positionAt(r.end))), ...(r.payload ? { payload: r.payload } : {}) }));
  }

  /** The definitions or trigger calls of `identifier` in the open documents and the workspace's source files. */
  private async findRefs(identifier: string, kind: CodeRef['kind'], token: vscode.CancellationToken): Promise<vscode.Location[]> {
    return (await this.scanRefs(kind, (r) => r.identifier === identifier, token)).map((f) => f.location);
  }

  private async scanRefs(kind: CodeRef['kind'], wanted: (ref: CodeRef) => boolean, token: vscode.CancellationToken): Promise<{ ref: CodeRef; location: vscode.Location }[]> {
    const found: { ref: CodeRef; location: vscode.Location }[] = [];
    const seen = new Set<string>();
    // A framework workflow's trigger names the workflow's object, not its identifier: read every
    // file that could hold the call, through the module index (which follows its imports).
    const hint = kind === 'definition' ? 'workflow' : 'trigger';
    const collect = async (uri: vscode.Uri, languageId: string, text: string, at: (offset: number) => vscode.Position) => {
      if (seen.has(uri.toString()) || !text.includes(hint)) return;
      seen.add(uri.toString());
      for (const r of await this.modules.scan(uri, languageId, text)) {
        if (r.kind === kind && wanted(r)) found.push({ ref: r, location: new vscode.Location(uri, new vscode.Range(at(r.start), at(r.end))) });
      }
    };
    for (const open of vscode.workspace.textDocuments) {
      if (JS_LANGUAGES.includes(open.languageId) || (kind === 'trigger' && open.languageId === 'python')) await collect(open.uri, open.languageId, open.getText(), (o) => open.positionAt(o));
    }
    if (vscode.workspace.isTrusted && vscode.workspace.workspaceFolders?.length) {
      const files = await vscode.workspace.findFiles(kind === 'definition' ? '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}' : '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs,py}', '**/{node_modules,dist,out,build,.git,.venv,venv}/**', 2000, token);
      for (const uri of files) {
        if (token.isCancellationRequested) break;
        if (seen.has(uri.toString())) continue;
        const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
        const lines = text.split('\n');
        const starts: number[] = [];
        let at = 0;
        for (const line of lines) {
          starts.push(at);
          at += line.length + 1;
        }
        await collect(uri, uri.path.endsWith('.py') ? 'python' : 'typescript', text, (o) => {
          let line = starts.length - 1;
          while (line > 0 && starts[line]! > o) line--;
          return new vscode.Position(line, o - starts[line]!);
        });
      }
    }
    return found;
  }

  /**
   * The trigger calls of a workflow in the workspace's code (the diagnosis's "Show the Trigger in
   * Code"): one opens at its line, several are offered in a pick, none is said.
   */
  async showTriggers(identifier: string): Promise<void> {
    const source = new vscode.CancellationTokenSource();
    try {
      const found = await this.findRefs(identifier, 'trigger', source.token);
      if (found.length === 0) {
        void vscode.window.showInformationMessage(vscode.l10n.t('No trigger of "{0}" was found in this workspace’s code.', identifier));
        return;
      }
      const chosen = found.length === 1
        ? found[0]
        : (await vscode.window.showQuickPick(
            found.map((location) => ({ label: vscode.workspace.asRelativePath(location.uri), description: vscode.l10n.t('line {0}', location.range.start.line + 1), location })),
            { title: vscode.l10n.t('Triggers of {0}', identifier) },
          ))?.location;
      if (chosen) await vscode.window.showTextDocument(chosen.uri, { selection: chosen.range });
    } finally {
      source.dispose();
    }
  }

  dispose(): void {
    this.delay.dispose();
    for (const s of this.subscriptions) s.dispose();
  }
}
