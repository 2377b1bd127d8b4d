/**
 * The language model tools (issue 17): the editor's agent asks the same questions as the views and
 * panels, on the active connection, with the key the extension already holds (it never sees it).
 * Five read-only tools and two that change things; those two confirm first through VS Code's tool
 * confirmation, naming the connection's environment, the subscriber, the workflow and the effect,
 * and a setting turns them off. Each result names the connection, puts every service string in a
 * JSON data block, stays under 8 KB, and says a failure as a failure.
 */
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import type { Integration, Notification, NotificationListQuery, NovuClient, Preferences } from '../api';
import { regionLabel, type Connection } from '../connections/connection';
import type { ConnectionManager } from '../connections/connectionManager';
import type { Log } from '../log';
import type { Prompter } from '../ui/prompter';
import type { SendAgain } from '../sendAgain/sendAgain';
import type { AgentApp } from '../app/agentApp';
import type { AgentPreview, AgentPreviewRequest } from '../preview/agentPreview';
import { WORKFLOW_ID_PATTERN, activityQuery, type ActivityFilter } from '../activity/activityFilter';
import { checkRange, parseTimeInput } from '../format/timeRange';
import { isFailed } from '../activity/activityRows';
import { changeToPatch, sourceLabel } from '../preferences/preferencesModel';
import { readPreferences } from '../preferences/preferencesRead';
import { dataNote, dataTooLong, dialogWhereLine, failureReport, whereLine, type Where } from './agentReports';
import { appReport, previewReport } from './appReports';
import { testsReport, testsRequest, testsSchema } from './testsReport';
import type { AgentTests, AgentTestsRequest } from '../testing/agentTests';
import { diagnosisReport } from './diagnosisReport';
import { integrationsReport, preferencesReport, subscribersReport, workflowsReport } from './environmentReports';
import { notificationExplanation, notificationsReport } from './notificationReports';
import { asTyped, idInDialog, idInProse, quoted, report } from './agentText';
import { subscriberDisplayName } from '../format/names';
import { scanNotifications } from './agentPaging';
import { diagnose } from '../diagnosis/diagnosisModel';
import { diagnosisDeps } from '../diagnosis/diagnosisDeps';
import { runDiagnosis } from '../diagnosis/diagnosisRun';
import { AGENT_TOOLS, ALLOW_CHANGES_SETTING, CHANGING_TOOLS, type AgentToolName } from './toolNames';
import { failuresAnswer, failuresSchema } from './failuresTool';
import { invocationMessage } from './invocationMessages';
import { compareReport, compareSchema } from './compareReport';
import type { Comparison } from '../compare/comparison';
import { inboxAnswer, inboxSchema, topicsAnswer, topicsInputProblem, topicsSchema } from './audienceTools';
import { updatePreferences } from '../api';
import { diagnoseSchema, findSchema, integrationsSchema, oneNotificationSchema, previewSchema, searchSchema, setPreferenceSchema, subscriberSchema, workflowsSchema } from './toolInputs';

export interface AgentToolDeps {
  manager: ConnectionManager;
  log: Log;
  prompter: () => Prompter;
  /** Send Again, from the panels' bundle (made when first needed). */
  sendAgain: () => SendAgain;
  /** A preference was changed by the agent: an open preferences panel of that subscriber reads again. */
  preferencesChanged(connectionId: string, subscriberId: string): void;
  /** One step rendered by the user's running app (the preview's code, loaded when first needed). */
  preview(connection: Connection, request: AgentPreviewRequest, signal: AbortSignal): Promise<AgentPreview>;
  /** The user's app against the environment (read-only). */
  app(): Promise<AgentApp>;
  /** The workspace's notification test cases, run against the user's app (read-only: renders, sends and writes nothing). */
  tests(connection: Connection, request: AgentTestsRequest, signal: AbortSignal): Promise<AgentTests>;
  /**
   * The comparison the Environment Comparison view shows (issue 52); when the window has none (or
   * `refresh`), one made now: the last pair again, or the active connection → its organization's
   * Production connection (GETs only). Or why none could be made.
   */
  compare(refresh: boolean): Promise<Comparison | { problem: string }>;
}

/** How many notifications a filter applied here (failures only, a workflow by name) looks through: 4 pages of 50. */
const SCAN_PAGES = 4;
const SCAN_PAGE_SIZE = 50;
/** A confirmed Send Again is kept this long for its invocation. */
const CONFIRMED_TTL_MS = 5 * 60_000;

type Result = vscode.LanguageModelToolResult;

/** A Send Again whose notification could not be read when it was prepared: nothing to confirm, nothing sent. */
interface Unreadable {
  connectionId: string;
  at: number;
  /** The read failed, or the service knows no such notification (said in words). */
  failure: { error: unknown } | { problem: string };
}

/** A Send Again the user confirmed: exactly this notification on exactly this connection. */
interface Confirmed {
  notification: Notification;
  connectionId: string;
  at: number;
}

export class AgentTools {
  /** Send Again: what prepareInvocation read and the user confirmed, by the call's input. */
  private readonly confirmed = new Map<string, Confirmed | Unreadable>();

  constructor(private readonly deps: AgentToolDeps) {}

  async prepare(name: AgentToolName, input: unknown, token: vscode.CancellationToken): Promise<vscode.PreparedToolInvocation> {
    const connection = this.deps.manager.active;
    if (!connection) return { invocationMessage: vscode.l10n.t('Novu Explorer: no connection') };
    if (CHANGING_TOOLS.includes(name) && !changesAllowed()) return { invocationMessage: vscode.l10n.t('Novu Explorer: changes by the agent are turned off') };
    switch (name) {
      case AGENT_TOOLS.sendNotificationAgain:
        return this.prepareSendAgain(connection, input, token);
      case AGENT_TOOLS.setChannelPreference: {
        const parsed = setPreferenceSchema.safeParse(input);
        if (!parsed.success) return { invocationMessage: vscode.l10n.t('Novu Explorer: checking the request') };
        const { subscriberId, channel: ch, enabled, workflow } = parsed.data;
        const where = this.where(connection);
        // The dialog is plain text: names read exactly as typed (asTyped), with no escapes.
        const effect = workflow
          ? enabled
            ? vscode.l10n.t('Turn on {0} for subscriber {1} in workflow {2}.', ch, asTyped(subscriberId), asTyped(workflow))
            : vscode.l10n.t('Turn off {0} for subscriber {1} in workflow {2}.', ch, asTyped(subscriberId), asTyped(workflow))
          : enabled
            ? vscode.l10n.t('Turn on {0} for subscriber {1} globally (every workflow).', ch, asTyped(subscriberId))
            : vscode.l10n.t('Turn off {0} for subscriber {1} globally (every workflow).', ch, asTyped(subscriberId));
        return {
          invocationMessage: vscode.l10n.t('Changing a preference of subscriber {0}', quoted(subscriberId)),
          confirmationMessages: {
            title: vscode.l10n.t('Change a subscriber’s preference?'),
            message: `${effect}\n\n${dialogWhereLine(where)}\n\n${vscode.l10n.t('The subscriber’s preferences change on the service at once; messages on that channel are delivered or not accordingly.')}`,
          },
        };
      }
      default:
        return { invocationMessage: invocationMessage(name) };
    }
  }

  async invoke(name: AgentToolName, input: unknown, token: vscode.CancellationToken): Promise<Result> {
    this.deps.log.info(`Agent tool ${name} called`);
    const connection = this.deps.manager.active;
    if (!connection) {
      return result(vscode.l10n.t('FAILED: Novu Explorer has no active connection. The user can add one with the command "Novu: Add Connection" (novuExplorer.addConnection) or try the built-in Sandbox with "Novu: Open Sandbox" (novuExplorer.openSandbox).'));
    }
    if (CHANGING_TOOLS.includes(name) && !changesAllowed()) {
      return result(vscode.l10n.t('NOT DONE: changes by the agent are turned off in the setting {0}. Nothing was changed. The user can do it in the Novu Explorer views, or turn the setting on.', ALLOW_CHANGES_SETTING));
    }
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    try {
      if (name === AGENT_TOOLS.sendNotificationAgain) return await this.sendAgain(connection, input);
      const client = await this.deps.manager.clientFor(connection);
      if (!client) return result(this.noKey(connection));
      return result(await this.run(name, connection, client, input, controller.signal));
    } finally {
      cancel.dispose();
    }
  }

  private async run(name: AgentToolName, connection: Connection, client: NovuClient, input: unknown, signal: AbortSignal): Promise<string> {
    const where = this.where(connection);
    switch (name) {
      case AGENT_TOOLS.findNotifications: {
        const parsed = findSchema.safeParse(input);
        if (!parsed.success) return badInput(parsed.error);
        return this.guard(where, vscode.l10n.t('find notifications'), () => this.find(connection, client, parsed.data, signal));
      }
      case AGENT_TOOLS.explainNotification: {
        const parsed = oneNotificationSchema.safeParse(input);
        if (!parsed.success) return badInput(parsed.error);
        return this.guard(where, vscode.l10n.t('explain the notification'), async () => {
          const found = await this.resolveNotification(client, parsed.data, signal);
          if (typeof found === 'string') return found;
          return notificationExplanation(this.where(connection, found._environmentId), found);
        });
      }
      case AGENT_TOOLS.subscriberPreferences: {
        const parsed = subscriberSchema.safeParse(input);
        if (!parsed.success) return badInput(parsed.error);
        return this.guard(where, vscode.l10n.t('read the preferences of subscriber {0}', quoted(parsed.data.subscriberId)), async () => {
          const read = await readPreferences(client, parsed.data.subscriberId, { signal, withSubscriber: true, log: this.deps.log });
          const environmentId = read.subscriber?._environmentId;
          return preferencesReport({
            where: this.where(connection, environmentId),
            subscriberId: parsed.data.subscriberId,
            subscriber: read.subscriber,
            timeZone: read.subscriber ? (read.subscriber.timezone ?? null) : undefined,
            preferences: read.preferences,
            critical: read.critical,
          });
        });
      }
      case AGENT_TOOLS.listWorkflows: {
        const parsed = workflowsSchema.safeParse(input);
        if (!parsed.success) return badInput(parsed.error);
        const { query, status, limit = 25 } = parsed.data;
        return this.guard(where, vscode.l10n.t('list the workflows'), async () => {
          // The list and the newest runs go out together: two requests, one round trip.
          const [list, recentPage] = await Promise.all([
            client.listWorkflows({ limit, ...(query ? { query } : {}), ...(status ? { status: [status] } : {}) }, { signal }),
            client.listNotifications({ page: 0, limit: 50 }, { signal }).catch(() => undefined),
          ]);
          const recent = new Map<string, { runs: number; failed: number; lastAt?: string | undefined }>();
          for (const n of recentPage?.data ?? []) {
            const id = n._templateId ?? n.template?._id;
            if (!id) continue;
            const entry = recent.get(id) ?? { runs: 0, failed: 0, lastAt: n.createdAt ?? undefined };
            entry.runs++;
            if ((n.jobs ?? []).some((j) => j.status === 'failed')) entry.failed++;
            recent.set(id, entry);
          }
          const filters = [...(query ? [vscode.l10n.t('name or identifier contains {0}', quoted(query))] : []), ...(status ? [vscode.l10n.t('status {0}', status)] : [])];
          return workflowsReport({ where: this.where(connection), filters, workflows: list.workflows, totalCount: list.totalCount ?? undefined, recent, scanned: recentPage ? recentPage.data.length : undefined });
        });
      }
      case AGENT_TOOLS.diagnoseDelivery: {
        const parsed = diagnoseSchema.safeParse(input);
        if (!parsed.success) return badInput(parsed.error);
        const { subscriberId, workflow, channel: ch, since } = parsed.data;
        let sinceMs: number | undefined;
        if (since) {
          const time = parseTimeInput(since, Date.now());
          if ('error' in time) return badValue('since', time.error);
          sinceMs = Date.parse(time.iso);
        }
        return this.guard(where, vscode.l10n.t('diagnose the delivery to subscriber {0}', quoted(subscriberId)), async () => {
          const readPrefs = async (c: NovuClient, id: string, s: AbortSignal) => readPreferences(c, id, { signal: s, withSubscriber: false, log: this.deps.log });
          const facts = await runDiagnosis({ subscriberId, workflowRef: workflow, channel: ch, sinceMs }, diagnosisDeps(this.deps.manager, connection, client, readPrefs), () => undefined, signal);
          const environmentId = facts.subscriber.state === 'ok' ? facts.subscriber.value._environmentId : undefined;
          if (environmentId) this.deps.manager.observeEnvironment(connection, environmentId);
          return diagnosisReport(this.where(connection, environmentId), diagnose(facts));
        });
      }
      case AGENT_TOOLS.previewStep: {
        const parsed = previewSchema.safeParse(input);
        if (!parsed.success) return badInput(parsed.error);
        const { workflowId, stepId, payload, subscriberId } = parsed.data;
        return this.guard(where, vscode.l10n.t('preview workflow {0}', quoted(workflowId)), async () =>
          previewReport(where, await this.deps.preview(connection, { workflowId, ...(stepId ? { stepId } : {}), ...(payload ? { payload } : {}), ...(subscriberId ? { subscriberId } : {}) }, signal)),
        );
      }
      case AGENT_TOOLS.tests: {
        const parsed = testsSchema.safeParse(input);
        if (!parsed.success) return badInput(parsed.error);
        return this.guard(where, vscode.l10n.t('run the notification tests'), async () => testsReport(where, await this.deps.tests(connection, testsRequest(parsed.data), signal)));
      }
      case AGENT_TOOLS.compare: {
        const parsed = compareSchema.safeParse(input ?? {});
        if (!parsed.success) return badInput(parsed.error);
        return compareReport(await this.deps.compare(parsed.data.refresh === true), parsed.data.part, parsed.data.from ?? 0);
      }
      case AGENT_TOOLS.appState:
        return this.guard(where, vscode.l10n.t('check your app'), async () => appReport(where, await this.deps.app()));
      case AGENT_TOOLS.failures: {
        const parsed = failuresSchema.safeParse(input);
        if (!parsed.success) return badInput(parsed.error);
        // since/until: a custom window, its times as the Activity tool takes them.
        const now = Date.now();
        const times: { after?: string; before?: string } = {};
        for (const [key, value] of [['after', parsed.data.since], ['before', parsed.data.until]] as const) {
          if (!value) continue;
          const time = parseTimeInput(value, now);
          if ('error' in time) return badValue(key === 'after' ? 'since' : 'until', time.error);
          times[key] = time.iso;
        }
        if (times.before && !times.after) return badValue('until', vscode.l10n.t('Give since too: a window needs its start.'));
        const rangeProblem = checkRange(times.after, times.before);
        if (rangeProblem) return badValue('until', rangeProblem);
        const window = times.after ? { kind: 'custom' as const, after: times.after, ...(times.before ? { before: times.before } : {}) } : { kind: parsed.data.window ?? 'last24Hours' };
        return this.guard(where, vscode.l10n.t('group the failures by cause'), () => failuresAnswer(where, client, { ...parsed.data, window }, signal, now));
      }
      case AGENT_TOOLS.inbox: {
        const parsed = inboxSchema.safeParse(input);
        if (!parsed.success) return badInput(parsed.error);
        return this.guard(where, vscode.l10n.t('read the Inbox of subscriber {0}', quoted(parsed.data.subscriberId)), () => inboxAnswer(where, client, parsed.data, signal));
      }
      case AGENT_TOOLS.topics: {
        const parsed = topicsSchema.safeParse(input ?? {});
        if (!parsed.success) return badInput(parsed.error);
        const problem = topicsInputProblem(parsed.data);
        if (problem) return badValue(problem.field, problem.message);
        const action = parsed.data.dryRun ? vscode.l10n.t('work out the dry run') : parsed.data.topicKey ? vscode.l10n.t('read the subscriptions of topic {0}', quoted(parsed.data.topicKey)) : vscode.l10n.t('list the topics');
        return this.guard(where, action, () => topicsAnswer(where, client, parsed.data, signal));
      }
      case AGENT_TOOLS.activeIntegrations: {
        const parsed = integrationsSchema.safeParse(input);
        if (!parsed.success) return badInput(parsed.error);
        return this.guard(where, vscode.l10n.t('list the active integrations'), async () => {
          const integrations: Integration[] = await client.listActiveIntegrations({ signal });
          return integrationsReport(this.where(connection), integrations, parsed.data.channel);
        });
      }
      case AGENT_TOOLS.searchSubscribers: {
        const parsed = searchSchema.safeParse(input);
        if (!parsed.success) return badInput(parsed.error);
        const { subscriberId, email, name: personName, phone, limit = 10, cursor } = parsed.data;
        return this.guard(where, vscode.l10n.t('search subscribers'), async () => {
          const page = await client.searchSubscribers({ ...(subscriberId ? { subscriberId } : {}), ...(email ? { email } : {}), ...(personName ? { name: personName } : {}), ...(phone ? { phone } : {}), limit, ...(cursor ? { after: cursor } : {}) }, { signal });
          const first = page.data[0];
          if (first?._environmentId) this.deps.manager.observeEnvironment(connection, first._environmentId);
          const filters = [
            ...(subscriberId ? [vscode.l10n.t('subscriberId {0}', quoted(subscriberId))] : []),
            ...(email ? [vscode.l10n.t('email contains {0}', quoted(email))] : []),
            ...(personName ? [vscode.l10n.t('name contains {0}', quoted(personName))] : []),
            ...(phone ? [vscode.l10n.t('phone contains {0}', quoted(phone))] : []),
          ];
          return subscribersReport({ where: this.where(connection), filters, subscribers: page.data, ...(page.next !== undefined ? { next: page.next } : {}), ...(page.totalCount !== undefined ? { totalCount: page.totalCount } : {}) });
        });
      }
      case AGENT_TOOLS.setChannelPreference: {
        const parsed = setPreferenceSchema.safeParse(input);
        if (!parsed.success) return badInput(parsed.error);
        return this.guard(where, vscode.l10n.t('change the preference'), () => this.setPreference(connection, client, parsed.data));
      }
      default:
        return vscode.l10n.t('FAILED: unknown tool {0}.', quoted(name));
    }
  }

  /** Runs one read; a failure becomes the sentence that says so (never an empty answer). The key is redacted from whatever comes back. */
  private async guard(where: Where, action: string, work: () => Promise<string>): Promise<string> {
    try {
      return this.deps.log.redact(await work());
    } catch (error) {
      this.deps.log.error(`Agent tool could not ${action}`, error);
      return this.deps.log.redact(failureReport(where, action, error));
    }
  }

  private async find(connection: Connection, client: NovuClient, input: z.infer<typeof findSchema>, signal: AbortSignal): Promise<string> {
    const now = Date.now();
    const filter: ActivityFilter = {};
    const filters: string[] = [];
    if (input.subscriberId) {
      filter.subscriberIds = [input.subscriberId];
      filters.push(vscode.l10n.t('subscriberId {0}', quoted(input.subscriberId)));
    }
    if (input.email) {
      filter.emails = [input.email];
      filters.push(vscode.l10n.t('email {0}', quoted(input.email)));
    }
    if (input.channel) {
      filter.channels = [input.channel];
      filters.push(vscode.l10n.t('channel {0}', input.channel));
    }
    if (input.transactionId) {
      filter.transactionId = input.transactionId;
      filters.push(vscode.l10n.t('transactionId {0}', quoted(input.transactionId)));
    }
    // The service filters workflows by internal id; an identifier or a name is matched here.
    const workflowHere = input.workflow && !WORKFLOW_ID_PATTERN.test(input.workflow) ? input.workflow.toLowerCase() : undefined;
    if (input.workflow) {
      if (!workflowHere) filter.workflows = [{ id: input.workflow }];
      filters.push(vscode.l10n.t('workflow {0}', quoted(input.workflow)));
    }
    const times: { after?: string; before?: string } = {};
    for (const [key, value] of [['after', input.since], ['before', input.until]] as const) {
      if (!value) continue;
      const parsed = parseTimeInput(value, now);
      if ('error' in parsed) return badValue(key === 'after' ? 'since' : 'until', parsed.error);
      times[key] = parsed.iso;
    }
    const rangeProblem = checkRange(times.after, times.before);
    if (rangeProblem) return badValue('until', rangeProblem);
    if (times.after || times.before) {
      filter.range = { kind: 'custom', ...times };
      if (times.after) filters.push(vscode.l10n.t('since {0}', times.after));
      if (times.before) filters.push(vscode.l10n.t('until {0}', times.before));
    }
    if (input.failuresOnly) filters.push(vscode.l10n.t('failures only'));
    const limit = input.limit ?? 10;
    const query: NotificationListQuery = activityQuery(filter, now);
    const appliedHere = [...(input.failuresOnly ? [vscode.l10n.t('failures only')] : []), ...(workflowHere ? [vscode.l10n.t('the workflow by identifier or name')] : [])];
    const matches = (n: Notification) =>
      (!input.failuresOnly || isFailed(n)) &&
      (!workflowHere || [n.template?.name, n.template?.triggers?.[0]?.identifier].some((v) => v?.toLowerCase() === workflowHere));
    const { kept, scanned, cursorAfter } = await scanNotifications((page, size) => client.listNotifications({ ...query, page, limit: size }, { signal }), {
      start: input.cursor ? Number(input.cursor) : 0,
      limit,
      filteredHere: appliedHere.length > 0,
      matches,
      pageSize: SCAN_PAGE_SIZE,
      scanPages: SCAN_PAGES,
    });
    const environmentId = kept[0]?._environmentId;
    if (environmentId) this.deps.manager.observeEnvironment(connection, environmentId);
    return notificationsReport({ where: this.where(connection, environmentId ?? undefined), filters, notifications: kept, scanned, cursorAfter, appliedHere });
  }

  /** One notification by id, or the newest of a transaction; a string says why there is none. */
  private async resolveNotification(client: NovuClient, input: z.infer<typeof oneNotificationSchema>, signal: AbortSignal): Promise<Notification | string> {
    if (input.notificationId) return client.getNotification(input.notificationId, { signal });
    if (!input.transactionId) return badValue('notificationId', vscode.l10n.t('Give a notificationId or a transactionId.'));
    const page = await client.listNotifications({ transactionId: input.transactionId, limit: 10 }, { signal });
    const match = page.data.find((n) => n.transactionId === input.transactionId);
    if (!match) return vscode.l10n.t('No notification has transaction ID {0} on this connection (the service answered with none). Check the ID and the connection; the activity list only goes back as far as the plan keeps it.', quoted(input.transactionId));
    return match;
  }

  private async prepareSendAgain(connection: Connection, input: unknown, token: vscode.CancellationToken): Promise<vscode.PreparedToolInvocation> {
    const key = JSON.stringify(input ?? {});
    const parsed = oneNotificationSchema.safeParse(input);
    if (!parsed.success) return { invocationMessage: vscode.l10n.t('Novu Explorer: checking the request') };
    const client = await this.deps.manager.clientFor(connection);
    if (!client) return { invocationMessage: vscode.l10n.t('Novu Explorer: the connection has no API key') };
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    let notification: Notification | string;
    try {
      notification = await this.resolveNotification(client, parsed.data, controller.signal);
    } catch (error) {
      // Nothing to confirm: the invocation says why, and sends nothing.
      this.confirmed.set(key, { failure: { error }, connectionId: connection.id, at: Date.now() });
      return { invocationMessage: vscode.l10n.t('Novu Explorer: the notification could not be read') };
    } finally {
      cancel.dispose();
    }
    if (typeof notification === 'string') {
      this.confirmed.set(key, { failure: { problem: notification }, connectionId: connection.id, at: Date.now() });
      return { invocationMessage: vscode.l10n.t('Novu Explorer: no such notification') };
    }
    this.confirmed.set(key, { notification, connectionId: connection.id, at: Date.now() });
    const where = this.where(connection, notification._environmentId);
    const workflow = notification.template?.name || notification.template?.triggers?.[0]?.identifier;
    const subscriber = notification.subscriber?.subscriberId ?? notification._subscriberId;
    const personName = notification.subscriber ? subscriberDisplayName(notification.subscriber) : undefined;
    const production = await this.deps.manager.looksLikeProduction(connection);
    // Our sentence says what happens; the service's names follow it, one a line, exactly as the
    // service holds them (a plain string: VS Code shows it as text), never inside the sentence.
    const value = (label: string, text: string | null | undefined) => vscode.l10n.t({ message: '{0}: {1}', args: [label, text ? asTyped(text) : vscode.l10n.t('not known')], comment: 'a label and a value from the service, in a confirmation dialog' });
    return {
      invocationMessage: vscode.l10n.t('Sending notification {0} again', idInProse(notification._id)),
      confirmationMessages: {
        title: production ? vscode.l10n.t('Send this notification again, in PRODUCTION?') : vscode.l10n.t('Send this notification again?'),
        message: [
          vscode.l10n.t('The workflow of this notification runs again for its subscriber, with its payload and a new transaction ID.'),
          [
            value(vscode.l10n.t('Workflow'), workflow),
            value(vscode.l10n.t('Subscriber ID'), subscriber),
            ...(personName ? [value(vscode.l10n.t('Subscriber name'), personName)] : []),
            vscode.l10n.t({ message: '{0}: {1}', args: [vscode.l10n.t('Notification'), idInDialog(notification._id)], comment: 'a label and a value from the service, in a confirmation dialog' }),
          ].join('\n'),
          dialogWhereLine(where),
          vscode.l10n.t('This starts a new run of the workflow: real messages will be delivered to the subscriber on every channel its steps use.'),
        ].join('\n\n'),
      },
    };
  }

  private async sendAgain(connection: Connection, input: unknown): Promise<Result> {
    const key = JSON.stringify(input ?? {});
    const confirmed = this.confirmed.get(key);
    this.confirmed.delete(key);
    const where = this.where(connection);
    if (!confirmed || Date.now() - confirmed.at > CONFIRMED_TTL_MS || confirmed.connectionId !== connection.id) {
      return result(vscode.l10n.t('NOT SENT: this request was not confirmed by the user for the active connection (the connection may have changed). Nothing was sent; ask again.'));
    }
    if ('failure' in confirmed) {
      const { failure } = confirmed;
      const why = 'problem' in failure ? failure.problem : failureReport(where, vscode.l10n.t('read the notification to send again'), failure.error);
      return result(this.deps.log.redact(`${vscode.l10n.t('NOT SENT: the notification could not be read, so there was nothing to confirm.')}\n${why}`));
    }
    const original = confirmed.notification;
    const sent = await this.deps.sendAgain().sendForAgent(original, connection);
    const here = this.where(connection, original._environmentId);
    const lines: string[] = [];
    switch (sent.kind) {
      case 'problem':
        lines.push(vscode.l10n.t('NOT SENT: {0}', sent.message));
        break;
      case 'declined':
        lines.push(vscode.l10n.t('NOT SENT: the user declined the second question for a production environment.'));
        break;
      case 'noKey':
        lines.push(this.noKey(connection));
        break;
      case 'failed':
        lines.push(failureReport(here, vscode.l10n.t('send the notification again'), sent.error), vscode.l10n.t('Nothing was sent.'));
        break;
      case 'notStarted':
        // The status and the answer are the service's (its error messages, the workflow's name): data.
        lines.push(
          report({
            lead: [vscode.l10n.t('NOT STARTED: the service did not start a run. Its status and its answer are in the data.'), whereLine(here), dataNote()],
            label: 'trigger',
            records: [{ status: sent.outcome.status, answer: sent.outcome.message }],
            leftOut: dataTooLong,
          }),
        );
        break;
      case 'notFound':
        lines.push(
          // Started means the status "processed"; the transaction ID is the one this extension made.
          vscode.l10n.t('SENT (status "processed"), with new transaction ID {0}, but the new run was not found in the activity list.', quoted(sent.transactionId)),
          whereLine(here),
          sent.stopped
            ? vscode.l10n.t('The user stopped waiting for it: call the explain tool with that transactionId to find it.')
            : sent.lookupError !== undefined
              ? failureReport(here, vscode.l10n.t('look up the new run'), sent.lookupError)
              : vscode.l10n.t('The service may still be queueing it: call the explain tool with that transactionId in a little while.'),
        );
        break;
      case 'sent': {
        lines.push(
          vscode.l10n.t('SENT AGAIN: the service started a new run (status "processed").'),
          vscode.l10n.t('New notification {0}, transaction {1}; it was sent again from notification {2}. It is open in a panel beside, which refreshes until its steps settle.', idInProse(sent.notification._id), quoted(sent.transactionId), idInProse(original._id)),
          vscode.l10n.t('Its steps were still starting when this answer was written: call the explain tool with the new notification ID in a few seconds to see how it went.'),
          notificationExplanation(here, sent.notification),
        );
        break;
      }
    }
    return result(this.deps.log.redact(lines.join('\n')));
  }

  private async setPreference(connection: Connection, client: NovuClient, input: z.infer<typeof setPreferenceSchema>): Promise<string> {
    const change = { id: globalThis.crypto.randomUUID(), kind: 'channel' as const, channel: input.channel, enabled: input.enabled, ...(input.workflow ? { workflowId: input.workflow } : {}) };
    // One key for this change: the client's retries reuse it, as the panel's toggles do.
    const answer: Preferences = await updatePreferences(client, input.subscriberId, changeToPatch(change), { idempotencyKey: change.id });
    this.deps.preferencesChanged(connection.id, input.subscriberId);
    const where = this.where(connection);
    const onOff = (value: boolean | undefined) => (value === undefined ? vscode.l10n.t('not set') : value ? vscode.l10n.t('on') : vscode.l10n.t('off'));
    const globalValue = (answer.global.channels as Record<string, boolean | undefined>)[input.channel];
    const lines = [vscode.l10n.t('DONE: the service saved the change.'), whereLine(where)];
    if (!input.workflow) {
      lines.push(vscode.l10n.t('{0} is now {1} globally for subscriber {2}.', input.channel, onOff(globalValue), quoted(input.subscriberId)));
    } else {
      const workflow = answer.workflows.find((w) => w.workflow.identifier === input.workflow || w.workflow.slug === input.workflow || w.workflow.name === input.workflow);
      if (!workflow) {
        lines.push(vscode.l10n.t('The answer does not list workflow {0} among the subscriber’s workflows, so its value cannot be confirmed here.', quoted(input.workflow)));
      } else {
        const value = (workflow.channels as Record<string, boolean | undefined>)[input.channel];
        const source = workflow.overrides?.find((o) => o.channel === input.channel)?.source;
        // The workflow as asked (the agent's words); how the service names it, and where the value comes from, are data.
        lines.push(vscode.l10n.t('{0} is now {1} in workflow {2} for subscriber {3}; the workflow as the service names it, and where the value comes from, are in the data.', input.channel, onOff(value), quoted(input.workflow), quoted(input.subscriberId)));
        if (source === 'workflowOverride') lines.push(vscode.l10n.t('The workflow forces this channel itself, so the subscriber’s choice does not change what is delivered.'));
        else if (value === true && globalValue === false) lines.push(vscode.l10n.t('But {0} is off globally for this subscriber, and the global preference wins: nothing is delivered on it until it is turned on globally.', input.channel));
        lines.push(dataNote());
        return report({
          lead: lines,
          label: 'preference',
          records: [{ workflow: workflow.workflow.name, identifier: workflow.workflow.identifier, channel: input.channel, value: onOff(value), ...(source ? { from: sourceLabel(source) } : {}) }],
          leftOut: dataTooLong,
        });
      }
    }
    return lines.join('\n');
  }

  /** The connection as results name it: the environment seen in the data, else the one seen before. */
  private where(connection: Connection, environmentId?: string | null): Where {
    const environment = environmentId ?? this.deps.manager.environmentOf(connection);
    return { name: connection.name, region: regionLabel(connection), ...(environment ? { environmentId: environment } : {}) };
  }

  private noKey(connection: Connection): string {
    return vscode.l10n.t('FAILED: connection {0} has no API key. The user can set it with the command "Novu: Set API Key" (novuExplorer.setApiKey).', quoted(connection.name));
  }
}

function changesAllowed(): boolean {
  return vscode.workspace.getConfiguration().get<boolean>(ALLOW_CHANGES_SETTING, true);
}

function result(value: string): Result {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(value)]);
}

/** Input the model gave that the tool cannot use: each field with why, before any request. */
function badInput(error: z.core.$ZodError): string {
  const fields = error.issues.map((issue) => `${issue.path.join('.') || vscode.l10n.t('input')}: ${issue.message}`);
  return vscode.l10n.t('NOT DONE: the input is not valid, so nothing was asked of the service. {0}', fields.join('; '));
}

function badValue(field: string, message: string): string {
  return vscode.l10n.t('NOT DONE: {0} is not valid, so nothing was asked of the service: {1}', field, message);
}
