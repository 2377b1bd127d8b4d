/**
 * Compare Environments… (issue 52): the user picks a source and a target among their connections
 * (default: the active one, to a connection whose environment is Production by §10.1's rules), the
 * pair is checked (the same environment refused, another organization or region warned about in a
 * modal), both sides are read at once, each with its own connection's key (GETs only, src/compare/
 * readSide.ts), and the comparison fills its view as it comes. Compare Again reads the lists and only
 * what changed. A difference opens in the diff editor on read-only documents of their own scheme.
 * Never publishes, syncs or triggers anything itself.
 */
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { Commands } from '../commands';
import { type Comparison, compareSides } from '../compare/comparison';
import { compareWorkflow, type WorkflowComparison } from '../compare/compareWorkflows';
import { type EnvironmentInfo, type SideIdentity, checkPair, environmentKinds, ownEnvironment, pairCheckText, parseEnvironmentList, parseMe, sideName } from '../compare/environments';
import type { Json } from '../compare/normalize';
import type { Fix } from '../compare/readiness';
import { type ReadEvent, SideReadError, readSide } from '../compare/readSide';
import { type RunsRefused, runsRefused } from '../compare/schemaDiff';
import type { SideSnapshot } from '../compare/snapshot';
import type { Connection } from '../connections/connection';
import type { Shared } from '../features';
import { describeError } from '../ui/errors';
import { noIcons } from '../ui/text';
import { COMPARISON_VIEW_ID, ComparisonTree, type DiffTarget, type TriggerSite } from './comparisonTree';
import { sideText } from './diffText';
import { PayloadWarnings, type TriggerCall } from './payloadWarnings';

export const COMPARE_SCHEME = 'novu-compare';

/** What the feature needs of others: the trigger calls in the workspace's code (the code scanner's), all at once or of one document. */
export interface EnvironmentsLinks {
  findAllTriggers(token: vscode.CancellationToken): Promise<TriggerCall[]>;
  triggersIn(document: vscode.TextDocument): Promise<TriggerCall[]>;
}

interface Identified {
  connection: Connection;
  identity?: SideIdentity;
  /** The kinds of the organization's environments, by `_id` (§10.1), as this connection's list says. */
  kinds?: Map<string, string>;
  problem?: string;
}

interface Pair {
  source: Connection;
  target: Connection;
}

const anyBody = z.unknown();

export class EnvironmentsFeature implements vscode.Disposable {
  readonly tree = new ComparisonTree();
  private readonly view: vscode.TreeView<unknown>;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changedDocuments = new vscode.EventEmitter<vscode.Uri>();
  private generation = 0;
  private pair: Pair | undefined;
  private snapshots: { source: SideSnapshot; target: SideSnapshot } | undefined;
  private running: AbortController | undefined;
  private readonly payloadWarnings: PayloadWarnings;

  constructor(
    private readonly shared: Shared,
    private readonly links: EnvironmentsLinks,
  ) {
    this.view = vscode.window.createTreeView(COMPARISON_VIEW_ID, { treeDataProvider: this.tree, showCollapseAll: true });
    this.tree.view = this.view as vscode.TreeView<never>;
    this.payloadWarnings = new PayloadWarnings((document) => this.links.triggersIn(document));
    this.disposables.push(
      this.payloadWarnings,
      this.tree,
      this.view,
      this.changedDocuments,
      vscode.workspace.registerTextDocumentContentProvider(COMPARE_SCHEME, { onDidChange: this.changedDocuments.event, provideTextDocumentContent: (uri) => this.documentText(uri) }),
    );
  }

  /** The comparison shown now, if any (tests and the agent's tool read it). */
  get comparison(): Comparison | undefined {
    const s = this.tree.current;
    return s.kind === 'compared' ? s.comparison : undefined;
  }

  /** Compare Environments…: pick the two sides, check the pair, read and compare. */
  async compare(): Promise<Comparison | undefined> {
    const pair = await this.pickPair();
    if (!pair) return undefined;
    return this.run(pair, undefined);
  }

  /** Show Differences Only (true) or everything compared: the title bar's toggle. */
  filter(differencesOnly: boolean): void {
    this.tree.differencesOnly = differencesOnly;
  }

  /** Compare Again: the same two connections; the lists are read again and only what changed. */
  async compareAgain(): Promise<Comparison | undefined> {
    if (!this.pair) return this.compare();
    return this.run(this.pair, this.snapshots);
  }

  /**
   * #novuCompare: the comparison shown, or (none yet, or `refresh`) one made now without a question:
   * the last pair again, or the active connection to the saved connection whose environment is its
   * organization's Production (§10.1, by the environments' list). Two organizations are not
   * compared without the user's confirmation, so the agent is told to ask for it. Or why none could be made.
   */
  async compareForAgent(refresh: boolean): Promise<Comparison | { problem: string }> {
    const shown = this.comparison;
    if (shown && !refresh) return shown;
    let pair = this.pair;
    if (!pair) {
      const chosen = await this.defaultPair();
      if ('problem' in chosen) return chosen;
      pair = chosen;
    }
    const comparison = await this.run(pair, refresh ? this.snapshots : undefined, { reveal: false });
    if (comparison) return comparison;
    const s = this.tree.current;
    return { problem: s.kind === 'failed' ? s.message : vscode.l10n.t('The comparison of {0} with {1} was stopped.', pair.source.name, pair.target.name) };
  }

  /** The active connection → the saved connection for its organization's Production, as Compare Environments… offers by default. */
  private async defaultPair(): Promise<Pair | { problem: string }> {
    const { manager } = this.shared;
    const source = manager.active;
    if (!source) return { problem: vscode.l10n.t('No connection is active.') };
    const others = manager.allConnections.filter((c) => c.id !== source.id);
    const [sourceSide, ...targets] = await Promise.all([source, ...others].map((c) => this.identify(c)));
    if (!sourceSide?.identity) return { problem: sourceSide?.problem ?? vscode.l10n.t('{0}: could not tell which environment its key is for.', source.name) };
    const sourceId = sourceSide.identity.environment._id;
    const target = targets.find((t) => t.identity && t.identity.environment._id !== sourceId && (t.kinds ?? sourceSide.kinds)?.get(t.identity.environment._id) === 'production');
    if (!target?.identity) return { problem: vscode.l10n.t('No saved connection is for the Production environment of {0}’s organization (each environment needs a connection with its own API key).', source.name) };
    const check = checkPair(sourceSide.identity, target.identity);
    if (check.kind === 'sameEnvironment') return { problem: pairCheckText(check)! };
    if (check.kind === 'differentOrganizations') return { problem: `${pairCheckText(check)!} ${vscode.l10n.t('The user confirms such a comparison with Compare Environments….')}` };
    return { source, target: target.connection };
  }

  private async pickPair(): Promise<Pair | undefined> {
    const prompter = this.shared.prompter();
    const { manager } = this.shared;
    const all = manager.allConnections;
    const active = manager.active;
    const title = vscode.l10n.t('Compare Environments');
    const sourceId = await prompter.pick<string>({
      title,
      step: 1,
      totalSteps: 2,
      placeholder: vscode.l10n.t('Source: the environment whose state should reach the other (usually Development)'),
      items: [...all].sort((a, b) => Number(b.id === active?.id) - Number(a.id === active?.id)).map((c) => ({ label: noIcons(c.name), description: c.id === active?.id ? vscode.l10n.t('active connection') : c.baseUrl, picked: c.id === active?.id, value: c.id })),
    });
    const source = all.find((c) => c.id === sourceId);
    if (!source) return undefined;
    const others = all.filter((c) => c.id !== source.id);
    const identified = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Reading which environment each connection is for…') }, () => Promise.all([source, ...others].map((c) => this.identify(c))));
    const [sourceSide, ...targets] = identified as [Identified, ...Identified[]];
    if (!sourceSide.identity) {
      await prompter.message('error', sourceSide.problem ?? '');
      return undefined;
    }
    // §10.1: Production by the environments' list (type, then _parentId, then names), never a connection's name.
    const production = (t: Identified) => t.identity !== undefined && (t.kinds ?? sourceSide.kinds)?.get(t.identity.environment._id) === 'production' && t.identity.environment._id !== sourceSide.identity!.environment._id;
    const ordered = [...targets].sort((a, b) => Number(production(b)) - Number(production(a)));
    const targetId = await prompter.pick<string>({
      title,
      step: 2,
      totalSteps: 2,
      placeholder: vscode.l10n.t('Target: the environment that must send (usually Production)'),
      items: ordered.map((t) => ({
        label: noIcons(t.connection.name),
        description: t.identity ? noIcons(sideName(t.identity)) : vscode.l10n.t('could not tell which environment'),
        ...(t.problem ? { detail: noIcons(t.problem) } : production(t) ? { detail: vscode.l10n.t('This connection\'s key is for the organization\'s Production environment') } : {}),
        picked: t === ordered[0] && production(t),
        value: t.connection.id,
      })),
    });
    const target = targets.find((t) => t.connection.id === targetId);
    if (!target) return undefined;
    if (!target.identity) {
      await prompter.message('error', target.problem ?? '');
      return undefined;
    }
    const check = checkPair(sourceSide.identity, target.identity);
    const words = pairCheckText(check);
    if (check.kind === 'sameEnvironment') {
      await prompter.message('warning', words!);
      return undefined;
    }
    if (check.kind === 'differentOrganizations' && !(await prompter.confirm(words!, vscode.l10n.t('Compare'), vscode.l10n.t('{0} → {1}', sideName(sourceSide.identity), sideName(target.identity))))) return undefined;
    return { source, target: target.connection };
  }

  /** Which environment a connection's key is for (`/v1/environments/me` and the list; §10.1), and its organization's kinds. */
  private async identify(connection: Connection): Promise<Identified> {
    try {
      const client = await this.shared.manager.clientFor(connection);
      if (!client) return { connection, problem: vscode.l10n.t('{0}: no API key is stored for this connection.', connection.name) };
      const get = (path: string) => client.call({ method: 'get', path, schema: anyBody });
      const [me, listBody] = await Promise.all([get('v1/environments/me').then(parseMe, () => 'list' as const), get('v1/environments')]);
      const list = parseEnvironmentList(listBody);
      const environment: EnvironmentInfo | undefined = ownEnvironment(me, list);
      if (!environment) return { connection, problem: vscode.l10n.t('{0}: the service did not say which environment its key is for.', connection.name) };
      return { connection, identity: { baseUrl: client.baseUrl, environment }, kinds: environmentKinds(list) };
    } catch (error) {
      return { connection, problem: `${connection.name}: ${describeError(error).message}` };
    }
  }

  /** `reveal`: focus the view as the comparison starts (a command does; the agent's call leaves the user where they are). */
  private async run(pair: Pair, previous: { source: SideSnapshot; target: SideSnapshot } | undefined, { reveal = true } = {}): Promise<Comparison | undefined> {
    this.running?.abort();
    const stop = (this.running = new AbortController());
    const { manager, log } = this.shared;
    const title = vscode.l10n.t('{0} → {1}', pair.source.name, pair.target.name);
    await vscode.commands.executeCommand('setContext', 'novuExplorer.compared', true);
    // The last comparison's warnings in the code are not this one's.
    this.payloadWarnings.clear();
    const partial = new Map<string, WorkflowComparison>();
    const read = { source: 0, target: 0 };
    const seen: { source: Map<string, Json>; target: Map<string, Json> } = { source: new Map(), target: new Map() };
    let pending: ReturnType<typeof setTimeout> | undefined;
    const showReading = () => this.tree.show({ kind: 'reading', title, partial: [...partial.values()], read: { ...read } });
    const onItem = (side: 'source' | 'target') => (event: ReadEvent) => {
      if (event.kind === 'unread') return;
      if (event.kind === 'environment') return;
      read[side]++;
      if (event.kind !== 'workflow') return;
      seen[side].set(event.workflowId, event.workflow);
      const a = seen.source.get(event.workflowId);
      const b = seen.target.get(event.workflowId);
      if (a && b) partial.set(event.workflowId, compareWorkflow(event.workflowId, a, b));
      // First results show as they come, a few times a second at most.
      pending ??= setTimeout(() => {
        pending = undefined;
        if (!stop.signal.aborted) showReading();
      }, 150);
    };
    showReading();
    if (reveal) void vscode.commands.executeCommand(`${COMPARISON_VIEW_ID}.focus`, { preserveFocus: true });
    const readOne = async (side: 'source' | 'target') => {
      const connection = pair[side];
      // The comparison's own client paces its reads (four in flight, 429s): it is given the key the connection's client has.
      const client = await manager.clientFor(connection);
      const apiKey = client && (await manager.signingSecret(connection));
      if (!client || !apiKey) throw new SideReadError(vscode.l10n.t('{0}: no API key is stored for this connection.', connection.name), connection.name, undefined, undefined);
      return readSide({
        baseUrl: client.baseUrl,
        apiKey,
        connectionName: connection.name,
        signal: stop.signal,
        onItem: onItem(side),
        onRequest: (entry) => log.request(connection.name, entry),
        ...(previous ? { previous: previous[side] } : {}),
      });
    };
    try {
      const [source, target] = await vscode.window.withProgress({ location: { viewId: COMPARISON_VIEW_ID }, title: vscode.l10n.t('Reading {0}', title) }, () => Promise.all([readOne('source'), readOne('target')]));
      clearTimeout(pending);
      const comparison = compareSides(source, target);
      if (comparison.pair.kind === 'sameEnvironment') {
        this.tree.show({ kind: 'failed', title, message: pairCheckText(comparison.pair)! });
        return undefined;
      }
      this.pair = pair;
      this.snapshots = { source, target };
      const generation = ++this.generation;
      this.tree.show({ kind: 'compared', comparison, generation, triggers: [] });
      void this.findTriggerSites(comparison, generation, target);
      void this.checkRecentRuns(comparison, generation, pair.source, source, target);
      return comparison;
    } catch (error) {
      clearTimeout(pending);
      if (stop.signal.aborted && !(error instanceof SideReadError)) return undefined;
      // A side that failed names its connection; nothing is compared (never a partial "no differences").
      const message = error instanceof SideReadError ? error.message : describeError(error).message;
      this.tree.show({ kind: 'failed', title, message: vscode.l10n.t('Nothing was compared. {0}', message) });
      if (reveal) void this.shared.prompter().message('error', vscode.l10n.t('Nothing was compared. {0}', message));
      return undefined;
    }
  }

  /**
   * Once the comparison shows, the workspace's trigger calls, read in one pass: those of each
   * workflow the target lacks (R1) or has inactive (R2) are linked from their findings, and a call
   * whose literal payload lacks a key the target requires gets a warning at its line.
   */
  private async findTriggerSites(comparison: Comparison, generation: number, target: SideSnapshot): Promise<void> {
    const ids = new Set(comparison.findings.filter((f) => (f.id === 'R1' || f.id === 'R2') && f.workflowId).map((f) => f.workflowId!));
    const token = new vscode.CancellationTokenSource();
    try {
      const calls = await this.links.findAllTriggers(token.token);
      const s = this.tree.current;
      if (s.kind !== 'compared' || s.generation !== generation) return;
      this.payloadWarnings.show(comparison, target, calls);
      const sites: TriggerSite[] = calls
        .filter((call) => ids.has(call.identifier))
        .map(({ identifier, location }) => ({ workflowId: identifier, uri: location.uri, line: location.range.start.line, label: `${vscode.workspace.asRelativePath(location.uri)}:${location.range.start.line + 1}` }));
      if (sites.length > 0) this.tree.show({ ...s, triggers: sites });
    } catch (error) {
      this.shared.log.warn(`Could not look for trigger calls: ${String(error)}`);
    } finally {
      token.dispose();
    }
  }

  /**
   * R7 with the runs: for each workflow whose target schema is stricter, the source's last 50 runs of
   * it (the Activity's list, a GET) checked against the target's schema (compare/schemaDiff's runsRefused).
   */
  private async checkRecentRuns(comparison: Comparison, generation: number, sourceConnection: Connection, source: SideSnapshot, target: SideSnapshot): Promise<void> {
    const ids = [...new Set(comparison.findings.filter((f) => f.id === 'R7' && f.workflowId).map((f) => f.workflowId!))];
    if (ids.length === 0) return;
    try {
      const client = await this.shared.manager.clientFor(sourceConnection);
      if (!client) return;
      const runs = new Map<string, RunsRefused>();
      for (const workflowId of ids) {
        const internalId = source.workflowList.find((w) => w.workflowId === workflowId)?._id;
        const schema = target.workflows.get(workflowId)?.['payloadSchema'];
        if (!internalId || !schema) continue;
        const page = await client.listNotifications({ templates: [internalId], limit: 50 });
        runs.set(workflowId, runsRefused(schema, page.data.flatMap((n) => (n.payload ? [n.payload] : []))));
      }
      const s = this.tree.current;
      if (s.kind === 'compared' && s.generation === generation) this.tree.show({ ...s, runs });
    } catch (error) {
      this.shared.log.warn(`Could not read the recent runs for the comparison: ${describeError(error).message}`);
    }
  }

  /** Opens one workflow or layout of the comparison in the diff editor: source on the left, target on the right. */
  async openDiff(argument: unknown): Promise<void> {
    const target = diffTargetOf(argument);
    if (!target || !this.snapshots || target.generation !== this.generation) {
      void vscode.window.showInformationMessage(vscode.l10n.t('This comparison was replaced: open the difference from the Environment Comparison view.'));
      return;
    }
    const { source, target: other } = this.snapshots;
    const uri = (side: 'source' | 'target') => vscode.Uri.from({ scheme: COMPARE_SCHEME, path: `/${target.generation}/${side}/${target.kind}/${encodeURIComponent(target.id)}.jsonc` });
    const title = vscode.l10n.t('{0}: {1} ({2}) ↔ {3} ({4})', target.name, source.name, time(source.readAt), other.name, time(other.readAt));
    await vscode.commands.executeCommand('vscode.diff', uri('source'), uri('target'), title, { preview: true });
  }

  private documentText(uri: vscode.Uri): string {
    const [, generation, side, kind, file] = uri.path.split('/');
    if (!this.snapshots || Number(generation) !== this.generation || (side !== 'source' && side !== 'target') || (kind !== 'workflow' && kind !== 'layout') || !file) {
      return `// ${vscode.l10n.t('This comparison was replaced: open the difference again from the Environment Comparison view.')}\n`;
    }
    const snapshot = this.snapshots[side];
    const id = decodeURIComponent(file.replace(/\.jsonc$/, ''));
    const item = kind === 'workflow' ? snapshot.workflows.get(id) : snapshot.layouts.get(id);
    return sideText({ kind, id, item, side: snapshot.name, readAt: snapshot.readAt });
  }

  /** A finding's link: a trigger line of the user's code, or its fix (the dashboard's page, or Sync Workflows… to the target). */
  async openFinding(argument: unknown): Promise<void> {
    if (typeof argument !== 'object' || argument === null) return;
    const a = argument as { uri?: unknown; line?: unknown; fix?: Fix };
    if (typeof a.uri === 'string' && typeof a.line === 'number') {
      const position = new vscode.Position(a.line, 0);
      await vscode.window.showTextDocument(vscode.Uri.parse(a.uri), { selection: new vscode.Range(position, position) });
      return;
    }
    const fix = a.fix;
    const pair = this.pair;
    if (!fix || !pair) return;
    const prompter = this.shared.prompter();
    if (fix.kind === 'sync') {
      const go = await prompter.confirm(vscode.l10n.t('Sync Workflows… to {0}?', pair.target.name), vscode.l10n.t('Switch and Review the Sync'), vscode.l10n.t('{0} becomes the active connection, and the sync shows what it would create, update and delete before anything is sent.', pair.target.name));
      if (!go) return;
      await this.shared.manager.switchTo(pair.target.id);
      await vscode.commands.executeCommand(Commands.syncWorkflows);
      return;
    }
    const dashboard = dashboardUrl(pair.target);
    if (!dashboard) {
      await prompter.message('info', vscode.l10n.t('{0} has no Novu dashboard to open: make the change where this service is managed.', pair.target.name));
      return;
    }
    const page = fix.kind === 'publish' ? 'workflows' : fix.page === 'translations' ? 'workflows' : fix.page;
    await vscode.env.openExternal(vscode.Uri.parse(`${dashboard}/${page}`));
  }

  dispose(): void {
    this.running?.abort();
    for (const d of this.disposables) d.dispose();
  }
}

function time(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString(vscode.env.language);
}

/** The dashboard of a Novu Cloud region; none for a self-hosted service or the sandbox. */
function dashboardUrl(connection: Connection): string | undefined {
  if (connection.region === 'us') return 'https://dashboard.novu.co';
  if (connection.region === 'eu') return 'https://eu.dashboard.novu.co';
  return undefined;
}

function diffTargetOf(value: unknown): DiffTarget | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Partial<DiffTarget>;
  return typeof v.generation === 'number' && (v.kind === 'workflow' || v.kind === 'layout') && typeof v.id === 'string' && typeof v.name === 'string' ? (v as DiffTarget) : undefined;
}
