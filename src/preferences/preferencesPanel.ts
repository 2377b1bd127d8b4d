/**
 * One webview panel per subscriber's preferences. Each change is one PATCH carrying only what
 * changed and its own idempotency key (reused by the client's retries). Changes are sent one
 * after another; until the service answers, the panel shows them applied and marked as saving,
 * then shows the service's answer. A change the service refuses is rolled back and explained.
 */
import * as vscode from 'vscode';
import { NovuApiError, validateSchedule, type Preferences, type Schedule, type WorkflowPreference } from '../api';
import type { Connection } from '../connections/connection';
import { channelLabel } from '../format/channels';
import { formatTime } from '../format/time';
import { PanelHost, type PanelServices } from '../panels/panelHost';
import type { PanelError } from '../panels/protocol';
import { describeError } from '../ui/errors';
import { buildPreferencesViewModel, changeToPatch, type PreferenceChange } from './preferencesModel';
import { changeScope, type ChangeError, type ChangeScope, type ChannelKey, type PreferencesPanelState, type PreferencesRequests } from './protocol';
import { preferencesWebviewMessageSchema } from './protocolSchemas';


/** A 404/405 for the route itself (an older server without GET), not for the subscriber. */
export function isMissingRoute(error: unknown): boolean {
  return error instanceof NovuApiError && (error.status === 405 || (error.status === 404 && /^Cannot (GET|PATCH)\b/.test(error.message)));
}

export class PreferencesPanel implements vscode.Disposable {
  private server: Preferences | undefined;
  private critical: WorkflowPreference[] = [];
  private readonly pending: PreferenceChange[] = [];
  private sending = false;
  /** The last refused change of each place (a card, the global channels, the schedule). */
  private readonly changeErrors = new Map<ChangeScope, ChangeError>();
  /** A failure of the whole panel while it shows data: the key was rejected, the service is unreachable. */
  private banner: PanelError | undefined;
  private readFallback = false;
  private loadError: PanelError | undefined;
  private readonly host: PanelHost<PreferencesRequests, PreferencesPanelState>;
  readonly onDidDispose: vscode.Event<void>;
  private readonly changed = new vscode.EventEmitter<PreferencesPanelState>();
  /** Fires whenever what the panel shows changes (tests wait on it). */
  readonly onDidChangeState = this.changed.event;
  private readonly saved = new vscode.EventEmitter<void>();
  /** Fires when the service accepted a change (a toggle or the schedule). */
  readonly onDidSave = this.saved.event;

  constructor(
    readonly panel: vscode.WebviewPanel,
    readonly subscriberId: string,
    readonly connection: Connection,
    private readonly services: PanelServices,
    private subscriberName?: string,
  ) {
    this.host = new PanelHost<PreferencesRequests, PreferencesPanelState>({
      panel,
      connection,
      services,
      name: `preferences panel of ${subscriberId}`,
      html: { title: `Preferences of ${subscriberId}`, script: 'preferences', stylesheet: 'preferences.css', data: { 'subscriber-id': subscriberId } },
      schema: preferencesWebviewMessageSchema,
      state: () => this.state,
      handlers: {
        refresh: async () => {
          if (this.pending.length > 0) throw new Error('Wait until the changes being saved are done.');
          await this.load();
          return null;
        },
        setChannel: ({ channel, enabled, workflowId }) => this.setChannel(channel, enabled, workflowId),
        saveSchedule: ({ schedule }) => this.saveSchedule(schedule),
      },
      reload: () => this.load(),
      notFound: () => ({ title: 'Subscriber not found', message: `There is no subscriber "${this.subscriberId}" in "${this.connection.name}".` }),
      loadFailedTitle: 'Could not load the preferences',
    });
    this.onDidDispose = this.host.onDidDispose;
    this.host.onDidDispose(() => {
      this.changed.dispose();
      this.saved.dispose();
    });
    void this.load();
  }

  /** What the webview shows now. */
  get state(): PreferencesPanelState {
    if (this.loadError) return { kind: 'error', subscriberId: this.subscriberId, error: this.loadError };
    if (!this.server) return { kind: 'loading', subscriberId: this.subscriberId };
    return {
      kind: 'loaded',
      subscriberId: this.subscriberId,
      ...(this.subscriberName ? { subscriberName: this.subscriberName } : {}),
      connectionName: this.connection.name,
      model: buildPreferencesViewModel(this.subscriberId, this.server, this.critical, this.pending, (iso) => formatTime(iso)),
      changeErrors: Object.fromEntries(this.changeErrors),
      ...(this.banner ? { banner: this.banner } : {}),
      readFallback: this.readFallback,
    };
  }

  /** The service's last answer (tests compare it with the sandbox). */
  get serverPreferences(): Preferences | undefined {
    return this.server;
  }

  /** True while changes are still on their way. */
  get busy(): boolean {
    return this.pending.length > 0;
  }

  reveal(): void {
    this.panel.reveal();
  }

  /** Reads the preferences: the editable ones and, apart, the critical workflows (read-only). */
  async load(): Promise<void> {
    await this.host.load(
      async (client, signal) => {
        let preferences: Preferences;
        let critical: WorkflowPreference[] = [];
        try {
          const [editable, criticalOnly] = await Promise.all([
            client.getPreferences(this.subscriberId, { signal }),
            client.getPreferences(this.subscriberId, { criticality: 'critical', signal }).catch((error: unknown) => {
              if (isMissingRoute(error)) throw error;
              // The critical list only adds read-only cards; without it the panel still works.
              this.services.log.warn(`Could not read the critical workflows of ${this.subscriberId}: ${describeError(error).message}`);
              return undefined;
            }),
          ]);
          preferences = editable;
          critical = criticalOnly?.workflows ?? [];
          this.readFallback = false;
        } catch (error) {
          if (!isMissingRoute(error)) throw error;
          this.services.log.info(`GET /v2/subscribers/{id}/preferences is not on this server (${(error as NovuApiError).status}); reading through PATCH with an empty body.`);
          preferences = await client.updatePreferences(this.subscriberId, {}, { signal });
          this.readFallback = true;
        }
        if (signal.aborted) return;
        this.server = preferences;
        this.critical = critical;
        this.loadError = undefined;
        this.banner = undefined;
        this.panel.title = `Preferences: ${this.subscriberName ?? this.subscriberId}`;
      },
      (error) => (this.loadError = error),
    );
    this.publish();
  }

  private publish(): void {
    this.host.publish();
    this.changed.fire(this.state);
  }

  /** One toggle: shown at once, saved in order after the changes before it. */
  setChannel(channel: ChannelKey, enabled: boolean, workflowId?: string): null {
    if (!this.server) throw new Error('The preferences have not loaded.');
    if (workflowId && !this.server.workflows.some((w) => w.workflow.identifier === workflowId || w.workflow.slug === workflowId)) {
      const critical = this.critical.some((w) => w.workflow.identifier === workflowId);
      // Said at the card, like a refusal of the service: nothing was sent.
      this.changeErrors.set(changeScope({ kind: 'channel', workflowId }), {
        text: critical ? 'A critical workflow’s preferences cannot be changed.' : `There is no workflow "${workflowId}" in these preferences.`,
        details: [],
      });
      this.publish();
      return null;
    }
    this.enqueue({ id: globalThis.crypto.randomUUID(), kind: 'channel', channel, enabled, ...(workflowId ? { workflowId } : {}) });
    return null;
  }

  saveSchedule(schedule: Schedule): null {
    const errors = validateSchedule(schedule);
    if (Object.keys(errors).length > 0) {
      this.changeErrors.set('schedule', { text: 'The schedule was not saved: some times need fixing.', details: [], fieldErrors: errors });
      this.publish();
      throw new Error('The schedule has fields to fix.');
    }
    this.enqueue({ id: globalThis.crypto.randomUUID(), kind: 'schedule', schedule });
    return null;
  }

  private enqueue(change: PreferenceChange): void {
    this.pending.push(change);
    // A message stays next to its control until the next change there.
    this.changeErrors.delete(changeScope(change));
    this.publish();
    void this.pump();
  }

  /** Sends the queued changes one at a time, so the service applies them in the order made. */
  private async pump(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.pending.length > 0) {
        const change = this.pending[0]!;
        try {
          const client = await this.host.client();
          this.server = await client.updatePreferences(this.subscriberId, changeToPatch(change), { idempotencyKey: change.id });
          // The service answered: whatever the banner said about reaching it is no longer true.
          this.banner = undefined;
          this.saved.fire();
        } catch (error) {
          this.changeErrors.set(changeScope(change), this.changeError(change, error));
          // A rejected key or an unreachable service stops every change, not just this one: the
          // panel says so at the top too, with what to do next.
          if (['unauthorized', 'network', 'timeout'].includes(describeError(error).kind)) this.banner = this.host.errorOf(error);
          this.services.log.error(`Could not save a preference change of ${this.subscriberId}`, error);
        }
        this.pending.shift();
        this.publish();
      }
    } finally {
      this.sending = false;
    }
  }

  private changeError(change: PreferenceChange, error: unknown): ChangeError {
    const described = describeError(error);
    const what =
      change.kind === 'schedule'
        ? 'save the schedule'
        : `turn ${change.enabled ? 'on' : 'off'} ${channelLabel(change.channel)}${change.workflowId ? ` for “${this.workflowName(change.workflowId)}”` : ' globally'}`;
    const fieldErrors: Record<string, string[]> = {};
    if (error instanceof NovuApiError) {
      // The service names schedule fields from the body (`schedule.weeklySchedule…`); the editor from the schedule.
      for (const [field, messages] of Object.entries(error.fieldErrors)) fieldErrors[field.replace(/^schedule\./, '')] = messages;
    }
    return {
      // Without an answer the service may still have applied the change: say so, not "undone".
      text:
        described.kind === 'network' || described.kind === 'timeout'
          ? `Could not confirm that the service would ${what}: ${described.message} It may have been saved anyway; Refresh shows what the service holds.`
          : `Could not ${what}: ${described.message} The change was undone.`,
      details: described.details,
      ...(described.errorId ? { errorId: described.errorId } : {}),
      ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
    };
  }

  private workflowName(id: string): string {
    return this.server?.workflows.find((w) => w.workflow.identifier === id)?.workflow.name ?? id;
  }

  dispose(): void {
    this.host.dispose();
  }
}
