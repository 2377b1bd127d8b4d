/**
 * "Why Didn't They Get It?" (novuExplorer.diagnoseDelivery), wherever the question arises: a
 * subscriber row, an Activity row, the notification panel, a deep link, and the palette (a
 * subscriber by search or typed id or email, then an optional workflow of this environment and an
 * optional channel). Opens the diagnosis panel.
 */
import * as vscode from 'vscode';
import { CHANNEL_TYPES, type Notification, type Subscriber, type WorkflowListItem } from '../api';
import { Commands } from '../commands';
import type { Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import { channelLabel } from '../format/channels';
import { describeError } from '../ui/errors';
import type { Prompter } from '../ui/prompter';
import { noIcons } from '../ui/text';
import { pickSubscriber } from '../ui/subscriberPick';
import type { Channel } from './diagnosisTypes';
import type { DiagnosisRequest } from './diagnosisRun';

/** What a diagnosis can start from: a subscriber, a notification, or the request itself. */
export type DiagnoseArgument =
  | { kind: 'subscriber'; subscriber: Pick<Subscriber, 'subscriberId'> }
  /** `beside`: the panel opens beside the active one (Failures by Cause keeps its groups in view). */
  | { kind: 'notification'; notification: Notification; beside?: boolean }
  | { kind: 'request'; request: DiagnosisRequest }
  /** A workflow (a Workflows row): the subscriber is asked. */
  | { kind: 'workflow'; workflowRef: string };

const isChannel = (t: string | null | undefined): t is Channel => !!t && (CHANNEL_TYPES as readonly string[]).includes(t);

/** Subscriber, workflow and channel from a notification: its first channel step that did not go out. */
export function requestFromNotification(n: Notification): DiagnosisRequest | undefined {
  const subscriberId = n.subscriber?.subscriberId ?? undefined;
  if (!subscriberId) return undefined;
  const steps = (n.jobs ?? []).filter((j) => isChannel(j.type));
  const step = steps.find((j) => j.status !== 'completed') ?? steps[0];
  const workflowRef = n.template?.triggers?.[0]?.identifier ?? n.template?._id ?? n._templateId ?? undefined;
  return { subscriberId, ...(workflowRef ? { workflowRef } : {}), ...(step && isChannel(step.type) ? { channel: step.type } : {}) };
}

export class DiagnosisCommands {
  constructor(
    private readonly manager: ConnectionManager,
    private readonly prompter: () => Prompter,
    /** The subscribers the view holds (suggested first in the palette). */
    private readonly loadedSubscribers: () => readonly Subscriber[],
    private readonly open: (request: DiagnosisRequest, connection: Connection, beside?: boolean) => unknown,
  ) {}

  async diagnose(argument?: DiagnoseArgument, connectionId?: string): Promise<void> {
    const connection = connectionId ? this.manager.allConnections.find((c) => c.id === connectionId) : this.manager.active;
    if (!connection) {
      const addConnection = vscode.l10n.t('Add Connection');
      const add = await this.prompter().message('info', vscode.l10n.t('Add a connection (or open the Sandbox) to diagnose a delivery.'), addConnection, vscode.l10n.t('Open Sandbox'));
      if (add) await vscode.commands.executeCommand(add === addConnection ? Commands.addConnection : Commands.openSandbox);
      return;
    }
    if (argument?.kind === 'request') {
      this.open(argument.request, connection);
      return;
    }
    if (argument?.kind === 'notification') {
      const request = requestFromNotification(argument.notification);
      if (request) {
        this.open(request, connection, argument.beside);
        return;
      }
    }
    if (argument?.kind === 'subscriber') {
      this.open({ subscriberId: argument.subscriber.subscriberId }, connection);
      return;
    }
    const request = await this.ask(connection, argument?.kind === 'workflow' ? argument.workflowRef : undefined);
    if (request) this.open(request, connection);
  }

  /** The palette: subscriber, then an optional workflow, then an optional channel. */
  private async ask(connection: Connection, workflowRef?: string): Promise<DiagnosisRequest | undefined> {
    const prompter = this.prompter();
    const subscriberId = await pickSubscriber(prompter, {
      title: workflowRef ? vscode.l10n.t('Why didn’t they get {0}? ({1})', workflowRef, connection.name) : vscode.l10n.t('Why didn’t they get it? ({0})', connection.name),
      placeholder: vscode.l10n.t('Type a subscriber ID, an email address or a name, or pick a subscriber loaded in the view'),
      loaded: this.loadedSubscribers(),
      client: () => this.manager.clientFor(connection),
      connectionName: connection.name,
    });
    if (!subscriberId) return undefined;
    if (workflowRef) return { subscriberId, workflowRef };

    const workflows = await this.workflows(connection);
    const anyWorkflow = '\u0000any';
    const workflow = await prompter.pick<string>({
      title: vscode.l10n.t('Which workflow? ({0})', subscriberId),
      placeholder: workflows.ok ? vscode.l10n.t('Optional: the workflow that should have sent it') : vscode.l10n.t('The workflows could not be listed: {0}', workflows.problem ?? ''),
      items: [
        { label: `$(list-flat) ${vscode.l10n.t('Any workflow')}`, description: vscode.l10n.t('the subscriber’s latest runs'), value: anyWorkflow },
        ...workflows.items.map((w) => ({ label: noIcons(w.name ?? w.workflowId ?? w._id), description: noIcons(w.workflowId ?? ''), ...(w.status && w.status !== 'ACTIVE' ? { detail: w.status } : {}), value: w.workflowId ?? w._id })),
      ],
    });
    if (workflow === undefined) return undefined;
    const anyChannel = 'any';
    const channel = await prompter.pick<string>({
      title: vscode.l10n.t('Which channel? ({0})', subscriberId),
      placeholder: vscode.l10n.t('Optional: the channel it should have come on'),
      items: [{ label: vscode.l10n.t('Any channel'), description: vscode.l10n.t('the latest run’s, else the workflow’s first'), value: anyChannel }, ...CHANNEL_TYPES.map((c) => ({ label: channelLabel(c), value: c as string }))],
    });
    if (channel === undefined) return undefined;
    return { subscriberId, ...(workflow !== anyWorkflow ? { workflowRef: workflow } : {}), ...(isChannel(channel) ? { channel } : {}) };
  }

  /** The environment's workflows (contract §8.1), newest first; a failure is said in the pick. */
  private async workflows(connection: Connection): Promise<{ ok: boolean; items: WorkflowListItem[]; problem?: string }> {
    const client = await this.manager.clientFor(connection);
    if (!client) return { ok: false, items: [], problem: vscode.l10n.t('no API key') };
    try {
      const list = await client.listWorkflows({ limit: 100 });
      return { ok: true, items: list.workflows };
    } catch (error) {
      return { ok: false, items: [], problem: describeError(error).message };
    }
  }
}
