/**
 * The Integrations view: active integrations by channel (agents last), with their environment,
 * conditions and which credential fields are set. As a list (the default: each row says its
 * channel, and the rows come with the one answer) or as a tree of channel groups (VS Code asks for
 * an expanded group's rows in a second call before it draws any: the first load's slowest part,
 * issue 37.6). Credential values never leave this file's parsing: nodes keep only field names and
 * a set/not-set flag.
 */
import * as vscode from 'vscode';
import { maskCredentials, type Integration, type MaskedCredential, type NovuClient } from '../api';
import type { ConnectionManager } from '../connections/connectionManager';
import { CHANNELS, channelLabel, compareChannels, type ChannelType } from '../format/channels';
import { formatFilter } from '../format/conditions';
import { Commands } from '../commands';
import { fieldTooltip } from '../ui/text';
import { MessageNode, applyViewText, viewText, type TreeNode } from '../ui/treeNodes';
import { KeyedList, PagedTree, type Page } from '../views/pagedView';

export const INTEGRATIONS_VIEW_ID = 'novuExplorer.integrations';
/** The setting that chooses list or tree (`list` | `tree`), as SCM's View as Tree/List does. */
export const INTEGRATIONS_VIEW_MODE = 'integrations.viewMode';
export type IntegrationsViewMode = 'list' | 'tree';

export function integrationsViewMode(): IntegrationsViewMode {
  return vscode.workspace.getConfiguration('novuExplorer').get<string>(INTEGRATIONS_VIEW_MODE) === 'tree' ? 'tree' : 'list';
}

/** Channel groups: the delivery channels, then agents (integrations without a channel); any other as the service named it. */
function groupMeta(channel: string): { label: string; icon: string } {
  if (channel === 'agent') return { label: vscode.l10n.t('Agents'), icon: 'hubot' };
  const meta = CHANNELS[channel as ChannelType];
  return meta ? { label: channelLabel(channel), icon: meta.icon } : { label: channel, icon: 'plug' };
}

/** An integration as the view keeps it: everything but the credential values. */
export type SafeIntegration = Integration & { credentials?: undefined; credentialFields: MaskedCredential[] };

export function toSafeIntegration(integration: Integration): SafeIntegration {
  const { credentials, ...rest } = integration;
  return { ...rest, credentials: undefined, credentialFields: maskCredentials(credentials) };
}

export function channelGroupOf(integration: Pick<Integration, 'kind' | 'channel'>): string {
  if (integration.kind === 'agent' || !integration.channel) return 'agent';
  return integration.channel;
}

export function shortId(id: string | null | undefined): string {
  return id ? `…${id.slice(-6)}` : vscode.l10n.t('unknown');
}

export class ChannelGroupNode implements TreeNode {
  constructor(
    readonly channel: string,
    readonly integrations: IntegrationNode[],
  ) {}
  treeItem(): vscode.TreeItem {
    const meta = groupMeta(this.channel);
    const item = new vscode.TreeItem(meta.label, vscode.TreeItemCollapsibleState.Expanded);
    item.id = `channel:${this.channel}`;
    item.iconPath = new vscode.ThemeIcon(meta.icon);
    item.description = `${this.integrations.length}`;
    item.contextValue = 'channelGroup';
    return item;
  }
  children(): TreeNode[] {
    return this.integrations;
  }
}

export class IntegrationNode implements TreeNode {
  constructor(
    readonly integration: SafeIntegration,
    /** The environment of the active connection, when known. */
    private readonly activeEnvironmentId: string | undefined,
    /** Several environments are in the list: name each row's. */
    private readonly showEnvironment: boolean,
    /** A row of the list (no channel group above it): it shows its channel. */
    private readonly listed = false,
  ) {}

  get isOtherEnvironment(): boolean {
    return this.activeEnvironmentId !== undefined && this.integration._environmentId !== this.activeEnvironmentId;
  }

  treeItem(): vscode.TreeItem {
    const i = this.integration;
    const conditions = i.conditions ?? [];
    const item = new vscode.TreeItem(i.name || i.providerId, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `integration:${i._id ?? i.identifier ?? i.providerId}:${i._environmentId ?? ''}`;
    // The environment leads (it is what users mix up), then primary, then the identifier.
    const env = !this.showEnvironment ? '' : this.isOtherEnvironment ? vscode.l10n.t('other environment {0}', shortId(i._environmentId)) : this.activeEnvironmentId ? '' : vscode.l10n.t('environment {0}', shortId(i._environmentId));
    const group = groupMeta(channelGroupOf(i));
    item.description = [this.listed ? group.label : '', env, i.primary ? vscode.l10n.t('★ primary') : '', i.identifier ?? i.providerId].filter(Boolean).join(' · ');
    // In the list the icon is the channel's (rows of one channel sit together); in a group, primary or not.
    const icon = this.listed ? group.icon : i.primary ? 'star-full' : 'plug';
    item.iconPath = new vscode.ThemeIcon(icon, this.isOtherEnvironment ? new vscode.ThemeColor('disabledForeground') : undefined);
    item.contextValue = ['integration', i.primary ? 'primary' : '', conditions.length > 0 ? 'hasConditions' : '', i.identifier ? 'hasIdentifier' : '', this.isOtherEnvironment ? 'otherEnvironment' : ''].filter(Boolean).join(';');
    const environment = i._environmentId ?? vscode.l10n.t('unknown');
    item.tooltip = fieldTooltip([
      [vscode.l10n.t('Name'), i.name],
      [vscode.l10n.t('Provider'), i.providerId],
      [vscode.l10n.t('Identifier'), i.identifier],
      // The kind and channel as the service names them.
      [vscode.l10n.t('Channel'), i.kind === 'agent' ? 'agent' : i.channel],
      [vscode.l10n.t({ message: 'Primary', comment: 'field label: whether this is the channel’s primary integration' }), i.primary ? vscode.l10n.t('yes') : vscode.l10n.t('no')],
      [
        vscode.l10n.t('Environment'),
        this.isOtherEnvironment ? vscode.l10n.t('{0} (not the active connection’s)', environment) : this.activeEnvironmentId ? vscode.l10n.t('{0} (the active connection’s)', environment) : environment,
      ],
      [vscode.l10n.t('Conditions'), conditions.length > 0 ? `${conditions.length}` : vscode.l10n.t('none')],
    ]);
    return item;
  }

  children(): TreeNode[] {
    const i = this.integration;
    const nodes: TreeNode[] = [];
    const conditions = i.conditions ?? [];
    if (conditions.length === 0) nodes.push(new DetailNode(vscode.l10n.t('No conditions'), 'filter', vscode.l10n.t('Always used for its channel')));
    for (const condition of conditions) nodes.push(new DetailNode(formatFilter(condition), 'filter', vscode.l10n.t('condition')));
    if (i.credentialFields.length === 0) nodes.push(new DetailNode(vscode.l10n.t('No credential fields sent'), 'lock', vscode.l10n.t('the service keeps them to itself')));
    for (const field of i.credentialFields) {
      nodes.push(new DetailNode(field.field, field.set ? 'lock' : 'unlock', field.set ? vscode.l10n.t('•••••• set') : vscode.l10n.t('not set')));
    }
    return nodes;
  }
}

export class DetailNode implements TreeNode {
  constructor(
    private readonly label: string,
    private readonly icon: string,
    private readonly description?: string,
  ) {}
  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon(this.icon);
    item.description = this.description;
    item.tooltip = this.description ? `${this.label} — ${this.description}` : this.label;
    item.contextValue = 'detail';
    return item;
  }
}

/** One page: the service answers the whole list at once. */
export class IntegrationsProvider extends PagedTree<SafeIntegration, never> {
  readonly onDidLoad = this.paged.onDidLoad;

  constructor(manager: ConnectionManager) {
    super(
      manager,
      { viewId: INTEGRATIONS_VIEW_ID, commands: { refresh: Commands.refreshIntegrations, loadMore: Commands.refreshIntegrations } },
      new KeyedList<SafeIntegration>((i) => `${i._id ?? i.identifier ?? i.providerId}:${i._environmentId ?? ''}`),
    );
    // A rejected key empties the view (its welcome shows) and drops the count of an earlier load.
    this.subscriptions.push(manager.onDidChangeState((state) => (state === 'ready' ? this.rerender() : this.reload())));
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (!e.affectsConfiguration(`novuExplorer.${INTEGRATIONS_VIEW_MODE}`)) return;
        this.mode = integrationsViewMode();
        this.rerender();
      }),
    );
  }

  /** List or tree, from the setting; read once here and again when it changes. */
  private mode = integrationsViewMode();

  /** Credential values are dropped as the answer comes in: nothing past here holds one. */
  protected async fetch(client: NovuClient, _after: never | undefined, signal: AbortSignal): Promise<Page<SafeIntegration, never>> {
    return { items: (await client.listActiveIntegrations({ signal })).map(toSafeIntegration), next: null };
  }

  /** What the view holds now (credential values already dropped). */
  get items(): SafeIntegration[] {
    return [...this.rows.items];
  }

  /** Draws again without asking the service (the active environment became known). */
  rerender(): void {
    if (this.paged.status === 'loaded') this.changed.fire(undefined);
  }

  protected rootNodes(): TreeNode[] {
    return this.paged.rows(this.mode === 'tree' ? this.groups() : this.list(), () => new MessageNode(vscode.l10n.t('No active integrations'), { tooltip: vscode.l10n.t('The service answered with an empty list of active integrations.') }));
  }

  /** The rows by channel (agents last); in each, this environment first, primary first, then by name. */
  private byChannel(listed: boolean): Map<string, IntegrationNode[]> {
    const list = this.rows.items;
    const connection = this.manager.active;
    const activeEnv = connection ? this.manager.environmentOf(connection) : undefined;
    const showEnvironment = new Set(list.map((i) => i._environmentId)).size > 1;
    const byChannel = new Map<string, IntegrationNode[]>();
    for (const integration of list) {
      const group = channelGroupOf(integration);
      const nodes = byChannel.get(group) ?? [];
      nodes.push(new IntegrationNode(integration, activeEnv, showEnvironment, listed));
      byChannel.set(group, nodes);
    }
    const channels = [...byChannel.keys()].sort((a, b) => compareChannels(a, b, ['agent']));
    return new Map(
      channels.map((channel) => {
        const nodes = byChannel.get(channel)!;
        nodes.sort((a, b) => Number(a.isOtherEnvironment) - Number(b.isOtherEnvironment) || Number(b.integration.primary ?? false) - Number(a.integration.primary ?? false) || (a.integration.name ?? '').localeCompare(b.integration.name ?? ''));
        return [channel, nodes];
      }),
    );
  }

  private list(): TreeNode[] {
    return [...this.byChannel(true).values()].flat();
  }

  private groups(): TreeNode[] {
    return [...this.byChannel(false)].map(([channel, nodes]) => new ChannelGroupNode(channel, nodes));
  }

  protected updateViewText(): void {
    const count = this.paged.status === 'loaded' ? this.rows.items.length : undefined;
    applyViewText(this.paged.view, viewText({ connection: this.manager.active?.name, status: this.status, ...(count !== undefined ? { count: String(count) } : {}) }));
  }
}
