/**
 * The diagnosis panel (issue 24): one per connection, subscriber, workflow and channel. It asks the
 * service everything at once (diagnosisRun), shows each link as its answer arrives, then the
 * verdict; each fix reuses what exists (the preferences PATCH, Edit Subscriber's PATCH, Send Again,
 * Switch Connection, Open Notification, Show Activity), asks first (twice for production), and
 * checks again afterwards. After Send Again it follows the new run until its step settles.
 */
import * as vscode from 'vscode';
import { NovuApiError, validateSubscriberPatch, type Notification, type NovuClient, updatePreferences } from '../api';
import { Commands } from '../commands';
import type { Connection } from '../connections/connection';
import { stepTypeInfo } from '../format/jobStatus';
import { formatTime } from '../format/time';
import { HostedPanel } from '../panels/hostedPanel';
import { PanelHost, type PanelServices } from '../panels/panelHost';
import type { PanelError } from '../panels/protocol';
import { describeError, formatErrorLine } from '../ui/errors';
import type { Prompter } from '../ui/prompter';
import type { InboxSetup } from '../scan';
import { diagnose } from './diagnosisModel';
import type { Channel, Diagnosis, DiagnosisInput, Fix, LinkId, LinkState } from './diagnosisTypes';
import { diagnosisDeps } from './diagnosisDeps';
import { RUNS_PAGE, runDiagnosis, runsOfWorkflow, type DiagnosisDeps, type DiagnosisRequest } from './diagnosisRun';
import type { DiagnosisPanelState, DiagnosisRequests, FixOffer, LinkView } from './protocol';
import { diagnosisWebviewMessageSchema } from './protocolSchemas';

/** What the panel does through the rest of the extension (wired by the composition root). */
export interface DiagnosisActions {
  prompter: () => Prompter;
  readPreferences: DiagnosisDeps['readPreferences'];
  openNotification(notificationId: string, connectionId: string): unknown;
  /** Opens Send Again's review of `notification`; `to`: another recipient than its own. */
  sendAgain(notification: Notification, connection: Connection, to?: string): Promise<unknown>;
  /** Shows the workspace's trigger calls of a workflow (code awareness). */
  showTrigger(workflowIdentifier: string): Promise<unknown>;
  /** The subscriber IDs the Subscribers view holds for this connection (candidates for a mistyped ID). */
  knownSubscriberIds(connection: Connection): readonly string[];
  showActivity(subscriberId: string, connection: Connection): unknown;
  showIntegrations(): unknown;
  /** Opens the same diagnosis on another connection (after switching to it). */
  diagnoseOn(connectionId: string, request: DiagnosisRequest): Promise<unknown>;
  preferencesChanged(connectionId: string, subscriberId: string): void;
  /** The Inbox set-ups of the workspace's code (code awareness), each with its place. */
  inboxSetups?(token: vscode.CancellationToken): Promise<{ uri: vscode.Uri; line: number; setup: InboxSetup }[]>;
}

const FOLLOW_EVERY_MS = 2_000;
const FOLLOW_FOR_MS = 120_000;

const STATE_LABELS: Record<LinkState, () => string> = {
  ok: () => vscode.l10n.t('fine'),
  broken: () => vscode.l10n.t('broken'),
  warning: () => vscode.l10n.t('warning'),
  unknown: () => vscode.l10n.t('not checked'),
  pending: () => vscode.l10n.t('asking'),
};

export class DiagnosisPanel extends HostedPanel<DiagnosisRequests, DiagnosisPanelState> {
  private facts: DiagnosisInput | undefined;
  private diagnosis: Diagnosis | undefined;
  private loadError: PanelError | undefined;
  private busy = false;
  private following: { label: string; after: string | undefined; until: number } | undefined;
  private followTimer: ReturnType<typeof setTimeout> | undefined;
  private fixError: string | undefined;
  protected readonly host: PanelHost<DiagnosisRequests, DiagnosisPanelState>;

  constructor(
    panel: vscode.WebviewPanel,
    readonly request: DiagnosisRequest,
    connection: Connection,
    private readonly services: PanelServices,
    private readonly actions: DiagnosisActions,
  ) {
    super(panel, connection);
    this.host = new PanelHost<DiagnosisRequests, DiagnosisPanelState>({
      panel,
      connection,
      services,
      // l10n-ignore: how the log names the panel (the log stays in English)
      name: `diagnosis panel of ${request.subscriberId}`,
      html: {
        title: vscode.l10n.t('Why didn’t {0} get it?', request.subscriberId),
        script: 'diagnosis',
        stylesheet: 'diagnosis.css',
        data: { 'subscriber-id': request.subscriberId, workflow: request.workflowRef ?? '', channel: request.channel ?? '' },
      },
      schema: diagnosisWebviewMessageSchema,
      state: () => this.state,
      handlers: {
        checkAgain: async () => {
          await this.load();
          return null;
        },
        fix: async ({ target }) => {
          await this.fix(target);
          return null;
        },
      },
      reload: () => this.load(),
      notFound: () => ({ title: vscode.l10n.t('Not found'), message: vscode.l10n.t('The service found nothing for "{0}" in "{1}".', request.subscriberId, connection.name) }),
      loadFailedTitle: vscode.l10n.t('Could not diagnose the delivery'),
    });
    this.host.onDidDispose(() => this.stopFollowing());
    void this.load();
  }

  get state(): DiagnosisPanelState {
    if (this.loadError) return { kind: 'error', subscriberId: this.request.subscriberId, error: this.loadError };
    if (!this.diagnosis || !this.facts) return { kind: 'loading', subscriberId: this.request.subscriberId };
    return { kind: 'loaded', busy: this.busy, view: this.view(this.diagnosis, this.facts) };
  }

  /** The diagnosis shown now (tests read it). */
  get current(): Diagnosis | undefined {
    return this.diagnosis;
  }

  private publish(): void {
    this.host.publish();
  }

  /** Asks everything again; each answer is shown as it arrives. */
  async load(): Promise<void> {
    this.loadError = undefined;
    this.busy = true;
    this.publish();
    await this.host.load(
      async (client, signal) => {
        const facts = await runDiagnosis(this.request, this.deps(client), (partial) => this.show(partial), signal);
        this.show(facts);
        if (facts.subscriber.state === 'ok' && facts.subscriber.value._environmentId) this.services.manager.observeEnvironment(this.connection, facts.subscriber.value._environmentId);
      },
      (error) => {
        this.loadError = error;
      },
    );
    this.busy = false;
    this.publish();
  }

  private deps(client: NovuClient): DiagnosisDeps {
    const inboxSetups = this.actions.inboxSetups?.bind(this.actions);
    return diagnosisDeps(this.services.manager, this.connection, client, this.actions.readPreferences, () => this.actions.knownSubscriberIds(this.connection), inboxSetups && (async (signal) => {
      const source = new vscode.CancellationTokenSource();
      const cancel = () => source.cancel();
      signal.addEventListener('abort', cancel);
      try {
        return (await inboxSetups(source.token)).map(({ uri, line, setup }) => ({ where: `${vscode.workspace.asRelativePath(uri)}:${line + 1}`, setup }));
      } finally {
        signal.removeEventListener('abort', cancel);
        source.dispose();
      }
    }));
  }

  private show(facts: DiagnosisInput): void {
    this.facts = facts;
    this.diagnosis = diagnose(facts);
    this.publish();
  }

  private view(d: Diagnosis, facts: DiagnosisInput): Extract<DiagnosisPanelState, { kind: 'loaded' }>['view'] {
    const links: LinkView[] = d.links.map((link) => {
      const fix = link.fix ? this.offer(link.fix) : undefined;
      return { id: link.id, state: link.state, stateLabel: STATE_LABELS[link.state](), title: link.title, summary: link.summary, evidence: link.evidence, ...(fix ? { fix } : {}) };
    });
    const verdictFix = d.verdict.fix ? this.offer(d.verdict.fix) : undefined;
    const hours = Math.round((facts.nowMs - facts.sinceMs) / 3_600_000);
    return {
      subscriberId: facts.subscriberId,
      ...(facts.workflowRef ? { workflow: facts.workflowRef } : {}),
      ...(d.channel ? { channel: d.channel, channelLabel: stepTypeInfo(d.channel).label } : {}),
      connectionName: this.connection.name,
      range: hours === 24 ? vscode.l10n.t('the last 24 hours') : vscode.l10n.t('the last {0} hours', hours),
      verdict: { state: d.verdict.state, text: d.verdict.text, proven: d.verdict.proven, ...(verdictFix ? { fix: verdictFix } : {}) },
      links,
      checkedAt: formatTime(new Date(facts.nowMs).toISOString()).local ?? '',
      ...(this.following ? { following: this.following.label } : {}),
      ...(this.fixError ? { fixError: this.fixError } : {}),
    };
  }

  /** A fix's button: its words, and what it will do. */
  private offer(fix: Fix): FixOffer | undefined {
    switch (fix.kind) {
      case 'turnOn': {
        const channel = stepTypeInfo(fix.channel).label;
        return { label: vscode.l10n.t('Turn {0} On', channel), hint: fix.workflowIdentifier ? vscode.l10n.t('for {0}, asked first', fix.workflowIdentifier) : vscode.l10n.t('for every workflow, asked first') };
      }
      case 'editSubscriber':
        return { label: vscode.l10n.t('Edit Subscriber…'), hint: fix.field === 'email' ? vscode.l10n.t('set the email address') : vscode.l10n.t('set the phone number') };
      case 'switchConnection':
        return { label: vscode.l10n.t('Switch to {0}', fix.connectionName), hint: vscode.l10n.t('and diagnose there') };
      case 'sendAgain':
        return { label: vscode.l10n.t('Send Again…'), hint: vscode.l10n.t('review the trigger, then watch the new run here') };
      case 'sendAgainTo':
        return { label: vscode.l10n.t('Send Again to {0}…', fix.subscriberId), hint: vscode.l10n.t('review the trigger with this recipient, then watch the new run') };
      case 'showTrigger':
        return { label: vscode.l10n.t('Show the Trigger in Code'), hint: vscode.l10n.t('where your code triggers {0}', fix.workflowIdentifier) };
      case 'openNotification':
        return { label: vscode.l10n.t('Open Notification'), hint: vscode.l10n.t('every step and its execution details') };
      case 'showActivity':
        return { label: vscode.l10n.t('Show Activity'), hint: vscode.l10n.t('the subscriber’s notifications') };
      case 'setApiKey':
        return { label: vscode.l10n.t('Set API Key…'), hint: vscode.l10n.t('the key was rejected') };
      case 'showIntegrations':
        return { label: vscode.l10n.t('Show Integrations'), hint: vscode.l10n.t('what is active, by channel') };
      case 'searchElsewhere':
        return this.services.manager.connections.some((c) => c.id !== this.connection.id)
          ? { label: vscode.l10n.t('Look in Another Connection…'), hint: vscode.l10n.t('the same question there') }
          : { label: vscode.l10n.t('Show Activity'), hint: vscode.l10n.t('the subscriber’s notifications') };
      default:
        return undefined;
    }
  }

  private fixOf(target: 'verdict' | LinkId): Fix | undefined {
    if (!this.diagnosis) return undefined;
    return target === 'verdict' ? this.diagnosis.verdict.fix : this.diagnosis.links.find((l) => l.id === target)?.fix;
  }

  /** Applies the fix offered at the verdict or at a link (the panel's buttons; tests call it too). */
  async fix(target: 'verdict' | LinkId): Promise<void> {
    const fix = this.fixOf(target);
    if (!fix) throw new Error(vscode.l10n.t('Nothing to fix there any more: check again.'));
    this.fixError = undefined;
    const connection = this.connection;
    switch (fix.kind) {
      case 'turnOn':
        return this.turnOn(fix.channel, fix.workflowIdentifier);
      case 'editSubscriber':
        return this.editSubscriber(fix.field);
      case 'switchConnection':
        await this.actions.diagnoseOn(fix.connectionId, this.request);
        return;
      case 'sendAgain': {
        const run = this.diagnosis?.latestRun;
        if (!run) return;
        await this.actions.sendAgain(run, connection);
        this.follow(vscode.l10n.t('Waiting for the new run of the notification sent again…'), run.createdAt ?? undefined);
        return;
      }
      case 'sendAgainTo': {
        const run = this.diagnosis?.latestRun;
        if (!run) return;
        // The review opens with the other recipient; its Send follows the new run in its own panel.
        await this.actions.sendAgain(run, connection, fix.subscriberId);
        return;
      }
      case 'showTrigger':
        await this.actions.showTrigger(fix.workflowIdentifier);
        return;
      case 'openNotification':
        this.actions.openNotification(fix.notificationId, connection.id);
        return;
      case 'showActivity':
        this.actions.showActivity(this.request.subscriberId, connection);
        return;
      case 'setApiKey':
        await vscode.commands.executeCommand(Commands.setApiKey, connection.id);
        return;
      case 'showIntegrations':
        this.actions.showIntegrations();
        return;
      case 'searchElsewhere': {
        const others = this.services.manager.connections.filter((c) => c.id !== connection.id);
        if (others.length === 0) {
          this.actions.showActivity(this.request.subscriberId, connection);
          return;
        }
        const chosen = await this.actions.prompter().pick({
          title: vscode.l10n.t('Diagnose in another connection'),
          placeholder: vscode.l10n.t('The same subscriber, workflow and channel'),
          items: others.map((c) => ({ label: c.name, description: c.baseUrl, value: c.id })),
        });
        if (chosen) await this.actions.diagnoseOn(chosen, this.request);
        return;
      }
    }
  }

  /** Asks first (twice for production); one PATCH with one idempotency key; then checks again. */
  private async turnOn(channel: Channel, workflowIdentifier: string | undefined): Promise<void> {
    const prompter = this.actions.prompter();
    const label = stepTypeInfo(channel).label;
    const who = this.request.subscriberId;
    const question = workflowIdentifier
      ? vscode.l10n.t('Turn {0} on for subscriber {1} in workflow {2}?', label, who, workflowIdentifier)
      : vscode.l10n.t('Turn {0} on for subscriber {1} in every workflow?', label, who);
    if (!(await this.confirm(question, vscode.l10n.t('Turn On'), vscode.l10n.t('The subscriber’s preference changes on "{0}" at once.', this.connection.name)))) return;
    const client = await this.host.client();
    try {
      await updatePreferences(client, this.request.subscriberId, { channels: { [channel]: true }, ...(workflowIdentifier ? { workflowId: workflowIdentifier } : {}) }, { idempotencyKey: globalThis.crypto.randomUUID() });
      this.actions.preferencesChanged(this.connection.id, this.request.subscriberId);
    } catch (error) {
      this.failFix(vscode.l10n.t('The preference was not changed'), error);
      void prompter.message('error', this.fixError!);
      return;
    }
    await this.load();
  }

  /** The one field, checked at the field; asked first; one PATCH; a service refusal goes back to the field. */
  private async editSubscriber(field: 'email' | 'phone'): Promise<void> {
    const prompter = this.actions.prompter();
    const current = this.facts?.subscriber.state === 'ok' ? (this.facts.subscriber.value[field] ?? '') : '';
    let problem: string | undefined;
    let value = current;
    for (;;) {
      const typed = await prompter.input({
        title: field === 'email' ? vscode.l10n.t('Edit Subscriber {0}: email', this.request.subscriberId) : vscode.l10n.t('Edit Subscriber {0}: phone', this.request.subscriberId),
        prompt: field === 'email' ? vscode.l10n.t('The email address the email steps send to') : vscode.l10n.t('The phone number SMS steps send to, with its country code'),
        value,
        placeholder: field === 'email' ? 'ada@example.com' : '+15551234567',
        ...(problem ? { problem } : {}),
        validate: (text) => validateSubscriberPatch({ [field]: text.trim() })[field]?.join(' '),
      });
      if (typed === undefined) return;
      value = typed;
      const patch = { [field]: typed.trim() };
      if (!(await this.confirm(vscode.l10n.t('Set the {0} of subscriber {1} to "{2}"?', field, this.request.subscriberId, typed.trim()), vscode.l10n.t('Save'), vscode.l10n.t('Only this field changes, on "{0}".', this.connection.name)))) return;
      const client = await this.host.client();
      try {
        await client.updateSubscriber(this.request.subscriberId, patch, { idempotencyKey: globalThis.crypto.randomUUID() });
        break;
      } catch (error) {
        if (error instanceof NovuApiError && (error.status === 422 || error.status === 400)) {
          // Back to the field with the service's words, and what was typed kept.
          problem = describeError(error).message;
          continue;
        }
        this.failFix(vscode.l10n.t('The subscriber was not changed'), error);
        void prompter.message('error', this.fixError!);
        return;
      }
    }
    await this.load();
  }

  private async confirm(question: string, action: string, detail: string): Promise<boolean> {
    const prompter = this.actions.prompter();
    if (!(await prompter.confirm(question, action, detail))) return false;
    if (!(await this.services.manager.looksLikeProduction(this.connection))) return true;
    return prompter.confirm(vscode.l10n.t('"{0}" looks like PRODUCTION. Change it there?', this.connection.name), action, detail);
  }

  private failFix(action: string, error: unknown): void {
    this.fixError = formatErrorLine(action, describeError(error));
    this.publish();
  }

  /** Checks the runs again every 2 s until a newer run's step settles (or two minutes pass). */
  private follow(label: string, after: string | undefined): void {
    this.stopFollowing();
    this.following = { label, after, until: Date.now() + FOLLOW_FOR_MS };
    this.publish();
    const tick = async () => {
      const f = this.following;
      if (!f) return;
      await this.refreshRuns();
      const latest = this.diagnosis?.latestRun;
      const newer = latest && (!f.after || (latest.createdAt ?? '') > f.after);
      const settled = newer && !(latest.jobs ?? []).some((j) => ['pending', 'queued', 'running', 'delayed'].includes(j.status));
      if (settled || Date.now() > f.until) {
        this.following = undefined;
        this.publish();
        return;
      }
      this.followTimer = setTimeout(() => void tick(), FOLLOW_EVERY_MS);
    };
    this.followTimer = setTimeout(() => void tick(), FOLLOW_EVERY_MS);
  }

  /** Only the runs again (one request): what following a new run needs. */
  private async refreshRuns(): Promise<void> {
    const facts = this.facts;
    if (!facts) return;
    await this.host.load(
      async (client, signal) => {
        const workflow = facts.workflow.state === 'ok' ? facts.workflow.value : undefined;
        const page = await client.listNotifications({ subscriberIds: [facts.subscriberId], after: new Date(facts.sinceMs).toISOString(), page: 0, limit: RUNS_PAGE, ...(workflow ? { templates: [workflow._id] } : {}) }, { signal });
        this.show({ ...facts, nowMs: Date.now(), runs: { state: 'ok', value: runsOfWorkflow(page.data, facts.workflowRef, workflow) } });
      },
      (error) => {
        this.fixError = vscode.l10n.t('Could not read the new run: {0}', error.message);
        this.publish();
      },
    );
  }

  private stopFollowing(): void {
    if (this.followTimer) clearTimeout(this.followTimer);
    this.followTimer = undefined;
    this.following = undefined;
  }

  dispose(): void {
    this.host.dispose();
  }
}
