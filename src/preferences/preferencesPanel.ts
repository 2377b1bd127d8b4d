/**
 * One webview panel per subscriber's preferences. Each change is one PATCH carrying only what
 * changed and its own idempotency key (reused by the client's retries). Changes are sent one
 * after another; until the service answers, the panel shows them applied and marked as saving,
 * then shows the service's answer. A change the service refuses is rolled back and explained.
 */
import * as vscode from 'vscode';
import { NovuApiError, validateSchedule, type Preferences, type Schedule, type WorkflowPreference, updatePreferences } from '../api';
import type { Connection } from '../connections/connection';
import { channelLabel } from '../format/channels';
import { subscriberDisplayName } from '../format/names';
import { formatTime } from '../format/time';
import { PanelHost, type PanelServices } from '../panels/panelHost';
import type { PanelError } from '../panels/protocol';
import { describeError } from '../ui/errors';
import { buildPreferencesViewModel, changeToPatch, type PreferenceChange } from './preferencesModel';
import { readPreferences } from './preferencesRead';
import { changeScope, type ChangeError, type ChangeScope, type ChannelKey, type PreferencesPanelState, type PreferencesRequests, type SubscriberSummary } from './protocol';
import { preferencesWebviewMessageSchema } from './protocolSchemas';


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
  private subscriberName: string | undefined;
  /** The subscriber's time zone; null when it has none, undefined while not known. */
  private timezone: string | null | undefined;
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
    subscriber: SubscriberSummary = {},
  ) {
    this.subscriberName = subscriber.name;
    this.timezone = subscriber.timezone;
    this.host = new PanelHost<PreferencesRequests, PreferencesPanelState>({
      panel,
      connection,
      services,
      // l10n-ignore: how the log names the panel (the log stays in English)
      name: `preferences panel of ${subscriberId}`,
      html: { title: vscode.l10n.t('Preferences of {0}', subscriberId), script: 'preferences', stylesheet: 'preferences.css', data: { 'subscriber-id': subscriberId } },
      schema: preferencesWebviewMessageSchema,
      state: () => this.state,
      handlers: {
        refresh: async () => {
          if (this.pending.length > 0) throw new Error(vscode.l10n.t('Wait until the changes being saved are done.'));
          await this.load();
          return null;
        },
        setChannel: ({ channel, enabled, workflowId }) => this.setChannel(channel, enabled, workflowId),
        saveSchedule: ({ schedule }) => this.saveSchedule(schedule),
      },
      reload: () => this.load(),
      notFound: () => ({ title: vscode.l10n.t('Subscriber not found'), message: vscode.l10n.t('There is no subscriber "{0}" in "{1}".', this.subscriberId, this.connection.name) }),
      loadFailedTitle: vscode.l10n.t('Could not load the preferences'),
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
      timeZone: this.timezone ? { kind: 'set', zone: this.timezone } : this.timezone === null ? { kind: 'none' } : { kind: 'unknown' },
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
        // The schedule's hours are in the subscriber's time zone: read the subscriber alongside when
        // the opener did not know it (a deep link, an Activity row, a restored panel).
        const read = await readPreferences(client, this.subscriberId, { signal, withSubscriber: this.timezone === undefined, log: this.services.log });
        const { preferences, critical } = read;
        this.readFallback = read.readFallback;
        const found = read.subscriber;
        if (signal.aborted) return;
        if (found) {
          this.timezone = found.timezone ?? null;
          this.subscriberName ??= subscriberDisplayName(found);
        }
        this.server = preferences;
        this.critical = critical;
        this.loadError = undefined;
        this.banner = undefined;
        this.panel.title = vscode.l10n.t('Preferences: {0}', this.subscriberName ?? this.subscriberId);
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
    if (!this.server) throw new Error(vscode.l10n.t('The preferences have not loaded.'));
    if (workflowId && !this.server.workflows.some((w) => w.workflow.identifier === workflowId || w.workflow.slug === workflowId)) {
      const critical = this.critical.some((w) => w.workflow.identifier === workflowId);
      // Said at the card, like a refusal of the service: nothing was sent.
      this.changeErrors.set(changeScope({ kind: 'channel', workflowId }), {
        text: critical ? vscode.l10n.t('A critical workflow’s preferences cannot be changed.') : vscode.l10n.t('There is no workflow "{0}" in these preferences.', workflowId),
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
      this.changeErrors.set('schedule', { text: vscode.l10n.t('The schedule was not saved: some times need fixing.'), details: [], fieldErrors: errors });
      this.publish();
      throw new Error(vscode.l10n.t('The schedule has fields to fix.'));
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
          this.server = await updatePreferences(client, this.subscriberId, changeToPatch(change), { idempotencyKey: change.id });
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
    const fieldErrors: Record<string, string[]> = {};
    if (error instanceof NovuApiError) {
      // The service names schedule fields from the body (`schedule.weeklySchedule…`); the editor from the schedule.
      for (const [field, messages] of Object.entries(error.fieldErrors)) fieldErrors[field.replace(/^schedule\./, '')] = messages;
    }
    return {
      text: this.changeErrorText(change, described.kind === 'network' || described.kind === 'timeout', described.message),
      details: described.details,
      ...(described.errorId ? { errorId: described.errorId } : {}),
      ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
    };
  }

  /**
   * Without an answer (`unanswered`) the service may still have applied the change: say so, not
   * "undone". Whole sentences for each change, so that a translation can order them its own way.
   */
  private changeErrorText(change: PreferenceChange, unanswered: boolean, message: string): string {
    if (change.kind === 'schedule') {
      return unanswered
        ? vscode.l10n.t('Could not confirm that the service would save the schedule: {0} It may have been saved anyway; Refresh shows what the service holds.', message)
        : vscode.l10n.t('Could not save the schedule: {0} The change was undone.', message);
    }
    const channel = channelLabel(change.channel);
    if (change.workflowId) {
      const workflow = this.workflowName(change.workflowId);
      if (change.enabled) {
        return unanswered
          ? vscode.l10n.t('Could not confirm that the service would turn on {0} for “{1}”: {2} It may have been saved anyway; Refresh shows what the service holds.', channel, workflow, message)
          : vscode.l10n.t('Could not turn on {0} for “{1}”: {2} The change was undone.', channel, workflow, message);
      }
      return unanswered
        ? vscode.l10n.t('Could not confirm that the service would turn off {0} for “{1}”: {2} It may have been saved anyway; Refresh shows what the service holds.', channel, workflow, message)
        : vscode.l10n.t('Could not turn off {0} for “{1}”: {2} The change was undone.', channel, workflow, message);
    }
    if (change.enabled) {
      return unanswered
        ? vscode.l10n.t('Could not confirm that the service would turn on {0} globally: {1} It may have been saved anyway; Refresh shows what the service holds.', channel, message)
        : vscode.l10n.t('Could not turn on {0} globally: {1} The change was undone.', channel, message);
    }
    return unanswered
      ? vscode.l10n.t('Could not confirm that the service would turn off {0} globally: {1} It may have been saved anyway; Refresh shows what the service holds.', channel, message)
      : vscode.l10n.t('Could not turn off {0} globally: {1} The change was undone.', channel, message);
  }

  private workflowName(id: string): string {
    return this.server?.workflows.find((w) => w.workflow.identifier === id)?.workflow.name ?? id;
  }

  dispose(): void {
    this.host.dispose();
  }
}
