/**
 * The seven links of the delivery chain (connection, subscriber, workflow, runs, addresses,
 * preferences, integrations), each from the facts asked: its state, a summary, its evidence in the
 * service's own words and, when it is not fine, its fix. Device tokens and webhook URLs are
 * secrets: only counts and "set" leave here. Pure and vscode-free.
 */
import { CHANNEL_TYPES, type Integration, type Notification } from '../api';
import { formatFilter } from '../format/conditions';
import { subscriberDisplayName } from '../format/names';
import { causeContextOf, providerName, stepCause, type CauseKind, type StepCause } from '../format/stepCause';
import { l10n } from '../l10n';
import type { DescribedError } from '../ui/errors';
import { activeHere, channelName, createdByTrigger, entriesFor, isChannel, providerAnswer, sendsThrough, stepFor } from './deliveryFacts';
import type { Channel, DiagnosisInput, Evidence, Fact, Fix, Link, LinkId } from './diagnosisTypes';
import { scheduleNow } from './scheduleNow';
import { inboxCodeEvidence } from './inboxCode';

function unknown(id: LinkId, title: string, error: DescribedError): Link {
  const fix: Fix | undefined = error.kind === 'unauthorized' ? { kind: 'setApiKey' } : undefined;
  return { id, state: 'unknown', cause: 'notChecked', title, summary: l10n.t('Could not be checked: {0}', error.message), evidence: error.errorId ? [{ label: l10n.t('Error ID'), value: error.errorId }] : [], ...(fix ? { fix } : {}) };
}

function pending(id: LinkId, title: string): Link {
  return { id, state: 'pending', title, summary: l10n.t('Asking the service…'), evidence: [] };
}

/** The chain, in order: what each link sees now (the runs link, what the latest run said). */
export function chainLinks(input: DiagnosisInput, latest: Notification | undefined, channel: Channel | undefined, who: string, workflow: string): Link[] {
  return [
    connectionLink(input),
    subscriberLink(input, latest),
    workflowLink(input, channel),
    runsLink(input, latest, channel, who, workflow),
    addressesLink(input, channel),
    preferencesLink(input, channel, latest),
    integrationsLink(input, channel, who),
    ...(input.inbox && channel === 'in_app' ? [inboxLink(input, latest, who)] : []),
    ...topicsLinks(input, who, workflow),
  ];
}

/**
 * No run of the workflow (contract §11): a send of it to a topic the subscriber is subscribed to,
 * and why it left them out. A subscription filtered out leaves no run, only a request trace.
 */
function topicsLinks(input: DiagnosisInput, who: string, workflow: string): Link[] {
  const f = input.topics;
  const title = l10n.t('Topics');
  if (!f || f.state === 'skipped') return [];
  if (f.state === 'pending') return [pending('topics', title)];
  if (f.state === 'failed') return [unknown('topics', title, f.error)];
  if (f.state !== 'ok' || f.value.length === 0) return [];
  const evidence: Evidence[] = f.value.map((t) => ({
    label: t.topicKey,
    value: t.send ? (t.reached ? l10n.t('reached by the send of {0} (transaction {1})', t.send.createdAt, t.send.transactionId) : l10n.t('left out of the send of {0} (transaction {1})', t.send.createdAt, t.send.transactionId)) : l10n.t('no send of {0} to it in this window', workflow),
  }));
  const missed = f.value.find((t) => t.send && !t.reached);
  if (missed?.send) {
    return [{
      id: 'topics',
      state: 'broken',
      cause: 'topicFiltered',
      title,
      summary: l10n.t('{0} is subscribed to {1}, and the send of {2} to it ({3}, transaction {4}) left them out: {5} A subscriber filtered out of a topic send gets no run, no job and no execution detail (only a request trace the API does not list): that is why no run is found.', who, missed.topicKey, workflow, missed.send.createdAt, missed.send.transactionId, missed.why ?? ''),
      evidence,
      fix: { kind: 'openNotification', notificationId: missed.send.notificationId },
    }];
  }
  return [{ id: 'topics', state: 'ok', title, summary: l10n.t('Subscribed to {0}: no send of {1} to these topics left them out in this window.', f.value.map((t) => t.topicKey).join(', '), workflow), evidence }];
}

/**
 * Past "sent" for in-app (contract §13): the run's message as the Inbox holds it, its state, and
 * what a session must match to show it (the subscriber, the environment's application identifier,
 * exactly the run's context keys).
 */
function inboxLink(input: DiagnosisInput, latest: Notification | undefined, who: string): Link {
  const title = l10n.t('Inbox');
  const f = input.inbox!;
  if (f.state === 'pending') return pending('inbox', title);
  if (f.state === 'failed') return unknown('inbox', title, f.error);
  if (f.state !== 'ok') return { id: 'inbox', state: 'unknown', cause: 'notChecked', title, summary: l10n.t('Not read.'), evidence: [] };
  const { item, contextKeys, transactionId } = f.value;
  const context = contextKeys.length > 0 ? contextKeys.join(', ') : l10n.t('no context');
  const session = contextKeys.length > 0
    ? l10n.t('An Inbox shows it only in a session of {0} whose context is exactly {1} (the same keys, no more, no fewer), opened with the application identifier of this environment.', input.subscriberId, context)
    : l10n.t('The run has no context: an Inbox shows it only in a session of {0} opened without a context, with the application identifier of this environment.', input.subscriberId);
  const evidence: Evidence[] = [{ label: l10n.t('Transaction ID'), value: transactionId }, { label: l10n.t('Run context'), value: context }];
  const fix: Fix | undefined = latest ? { kind: 'openNotification', notificationId: latest._id } : undefined;
  // The workspace's Inbox code: each set-up whose session would not show this run's message.
  const code = input.inboxCode?.state === 'ok' ? inboxCodeEvidence(input.inboxCode.value, { contextKeys, subscriberId: input.subscriberId }) : undefined;
  const codeSays = code && code.problems.length > 0 ? ` ${l10n.t('Your Inbox code would not show it: {0}', code.problems.join(' '))}` : '';
  evidence.push(...(code?.evidence ?? []));
  if (!item) {
    if (!f.value.complete) return { id: 'inbox', state: 'unknown', cause: 'notChecked', title, summary: l10n.t('Not among the newest {0} messages of {1}’s Inbox: older ones were not read.', f.value.searched, who), evidence };
    return { id: 'inbox', state: 'broken', cause: 'inboxMissing', title, summary: l10n.t('The in-app step completed, but {0}’s Inbox holds no message of this run: it was deleted (an Inbox never lists a deleted message).', who), evidence, ...(fix ? { fix } : {}) };
  }
  const states = [item.isRead ? l10n.t('read') : l10n.t('unread'), item.isSeen ? l10n.t('seen') : l10n.t('not seen'), ...(item.isArchived ? [l10n.t('archived')] : []), ...(item.isSnoozed ? [l10n.t('snoozed until {0}', item.snoozedUntil ?? '?')] : [])];
  evidence.splice(2, 0, { label: l10n.t('Message ID'), value: item.id }, { label: l10n.t('State'), value: states.join(', ') }, ...(item.tags?.length ? [{ label: l10n.t('Tags'), value: item.tags.join(', ') }] : []));
  if (item.isArchived) return { id: 'inbox', state: 'warning', cause: 'inboxArchived', title, summary: `${l10n.t('In {0}’s Inbox, but archived: it shows under Archived, not in the feed.', who)} ${session}${codeSays}`, evidence, ...(fix ? { fix } : {}) };
  if (item.isSnoozed) return { id: 'inbox', state: 'warning', cause: 'inboxSnoozed', title, summary: `${l10n.t('In {0}’s Inbox, but snoozed until {1}: it shows under Snoozed until then.', who, item.snoozedUntil ?? '?')} ${session}${codeSays}`, evidence, ...(fix ? { fix } : {}) };
  // In the Inbox, but the workspace's Inbox code would not show it: a warning, the code named.
  return { id: 'inbox', state: codeSays ? 'warning' : 'ok', title, summary: `${l10n.t('In {0}’s Inbox ({1}).', who, states.join(', '))} ${session}${codeSays}`, evidence, ...(fix ? { fix } : {}) };
}

function connectionLink(input: DiagnosisInput): Link {
  const c = input.connection;
  const evidence: Evidence[] = [
    { label: l10n.t('Name'), value: c.name },
    { label: l10n.t('Region'), value: c.region },
    { label: l10n.t('Environment'), value: c.environmentId ?? l10n.t('not known yet') },
  ];
  // A key the service refused on any question is refused for all of them (an older server's
  // "API endpoint not accessible" is not: describeError reads it as a refused route).
  const refused = [input.subscriber, input.workflow, input.runs, input.preferences, input.integrations].find((f): f is Extract<Fact<unknown>, { state: 'failed' }> => f.state === 'failed' && f.error.kind === 'unauthorized');
  if (refused) {
    if (refused.error.errorId) evidence.push({ label: l10n.t('Error ID'), value: refused.error.errorId });
    return { id: 'connection', state: 'broken', cause: 'keyRefused', title: l10n.t('Connection'), summary: l10n.t('{0} ({1}) refused the API key: {2} Nothing can be checked until the key is replaced.', c.name, c.region, refused.error.message), evidence, fix: { kind: 'setApiKey' } };
  }
  return { id: 'connection', state: 'ok', title: l10n.t('Connection'), summary: l10n.t('Asking {0} ({1})', c.name, c.region), evidence };
}

function subscriberLink(input: DiagnosisInput, latest: Notification | undefined): Link {
  const title = l10n.t('Subscriber');
  const f = input.subscriber;
  if (f.state === 'pending' || f.state === 'skipped') return pending('subscriber', title);
  if (f.state === 'failed') return unknown('subscriber', title, f.error);
  if (f.state === 'notFound') {
    const evidence: Evidence[] = [{ label: l10n.t('The service said'), value: f.message }];
    const e = input.elsewhere;
    if (e.state === 'pending') return { id: 'subscriber', state: 'broken', cause: 'subscriberNotFound', title, summary: l10n.t('Not in {0}; asking the other connections…', input.connection.name), evidence };
    const found = e.state === 'ok' ? e.value.filter((r) => r.found) : [];
    for (const r of e.state === 'ok' ? e.value : []) evidence.push({ label: r.connectionName, value: r.found ? l10n.t('found') : (r.problem ?? l10n.t('not found')) });
    if (found.length > 0) {
      const first = found[0]!;
      return {
        id: 'subscriber',
        state: 'broken',
        cause: 'subscriberElsewhere',
        title,
        summary: l10n.t('Not in {0} ({1}); found in {2} ({3}). The code may send to the other environment, or with its key.', input.connection.name, input.connection.region, first.connectionName, first.region),
        evidence,
        fix: { kind: 'switchConnection', connectionId: first.connectionId, connectionName: first.connectionName },
      };
    }
    const asked = e.state === 'ok' ? e.value.length : 0;
    return {
      id: 'subscriber',
      state: 'broken',
      cause: 'subscriberNotFound',
      title,
      summary: asked > 0 ? l10n.t('No subscriber "{0}" in {1}, nor in the {2} other connections. Check the ID your code sends.', input.subscriberId, input.connection.name, asked) : l10n.t('No subscriber "{0}" in {1}. Check the ID your code sends, and the environment.', input.subscriberId, input.connection.name),
      evidence,
    };
  }
  const s = f.value;
  const evidence: Evidence[] = [{ label: l10n.t('Subscriber ID'), value: s.subscriberId }];
  const name = subscriberDisplayName(s);
  if (name) evidence.push({ label: l10n.t('Name'), value: name });
  if (s.createdAt) evidence.push({ label: l10n.t('Created'), value: s.createdAt });
  if (createdByTrigger(s, input.runs.state === 'ok' ? input.runs.value : [])) {
    const similar = input.similar?.state === 'ok' ? input.similar.value : [];
    if (similar.length > 0) evidence.push({ label: l10n.t('Existing subscribers with a close ID'), value: similar.join(', ') });
    const identifier = latest?.template?.triggers?.[0]?.identifier ?? (input.workflow.state === 'ok' ? input.workflow.value.workflowId : undefined);
    const fix: Fix | undefined = identifier ? { kind: 'showTrigger', workflowIdentifier: identifier } : undefined;
    const summary = similar.length > 0
      ? l10n.t('Created by a trigger moments before its first run, with nothing but its ID; "{0}" exists: likely a typo in the ID the code sends.', similar[0]!)
      : input.similar?.state === 'pending'
        ? l10n.t('Created by a trigger moments before its first run, with nothing but its ID; looking for a subscriber with a close ID…')
        : l10n.t('Created by a trigger moments before its first run, with nothing but its ID: likely a typo or the wrong environment.');
    return { id: 'subscriber', state: 'warning', cause: similar.length > 0 ? 'mistypedId' : 'createdByTrigger', title, summary, evidence, ...(fix ? { fix } : {}) };
  }
  return { id: 'subscriber', state: 'ok', title, summary: l10n.t('Exists in {0}', input.connection.name), evidence };
}

function workflowLink(input: DiagnosisInput, channel: Channel | undefined): Link {
  const title = l10n.t('Workflow');
  const f = input.workflow;
  if (f.state === 'pending') return pending('workflow', title);
  if (f.state === 'skipped') return { id: 'workflow', state: 'unknown', cause: 'notChecked', title, summary: l10n.t('No workflow named: every workflow is looked at. Name one to check it.'), evidence: [] };
  if (f.state === 'failed') return unknown('workflow', title, f.error);
  if (f.state === 'notFound') {
    return { id: 'workflow', state: 'broken', cause: 'workflowNotFound', title, summary: l10n.t('No workflow "{0}" in {1}: a trigger naming it is refused and leaves no run.', input.workflowRef ?? '', input.connection.name), evidence: [{ label: l10n.t('The service said'), value: f.message }] };
  }
  const w = f.value;
  const evidence: Evidence[] = [
    { label: l10n.t('Name'), value: w.name ?? '' },
    { label: l10n.t('Identifier'), value: w.workflowId ?? '' },
    { label: l10n.t('Status'), value: w.status ?? (w.active === false ? 'INACTIVE' : 'ACTIVE') },
  ];
  const critical = w.preferences?.user?.all?.readOnly ?? w.preferences?.default?.all?.readOnly ?? false;
  if (critical) evidence.push({ label: l10n.t('Critical'), value: l10n.t('yes: subscriber preferences and schedules do not apply') });
  if (w.active === false || w.status === 'INACTIVE') {
    return { id: 'workflow', state: 'broken', cause: 'workflowInactive', title, summary: l10n.t('{0} is not active: triggers answer trigger_not_active and no run starts. Activate it in the service.', w.name ?? w.workflowId ?? ''), evidence };
  }
  const steps = w.steps ?? [];
  const channelSteps = channel ? steps.filter((s) => s.type === channel) : steps.filter((s) => isChannel(s.type));
  if (channel && channelSteps.length === 0) {
    return { id: 'workflow', state: 'broken', cause: 'noChannelStep', title, summary: l10n.t('{0} has no {1} step: it never sends {1}.', w.name ?? '', channelName(channel)), evidence: [...evidence, { label: l10n.t('Steps'), value: steps.map((s) => s.type).join(', ') }] };
  }
  const integrationIssue = channelSteps.map((s) => issueMessage(s.issues, channel ?? (s.type as Channel))).find((m) => m !== undefined);
  if (integrationIssue) evidence.push({ label: l10n.t('Integration issue'), value: integrationIssue });
  const condition = channelSteps.find((s) => s.controlValues && typeof s.controlValues === 'object' && (s.controlValues as { skip?: unknown }).skip !== undefined && (s.controlValues as { skip?: unknown }).skip !== null && JSON.stringify((s.controlValues as { skip?: unknown }).skip) !== '{}');
  if (condition) evidence.push({ label: l10n.t('Step condition'), value: JSON.stringify((condition.controlValues as { skip: unknown }).skip) });
  if (w.status === 'ERROR') return { id: 'workflow', state: 'warning', cause: 'workflowError', title, summary: l10n.t('{0} runs, but a step has invalid controls (status ERROR).', w.name ?? ''), evidence };
  if (integrationIssue) return { id: 'workflow', state: 'broken', cause: 'stepIntegrationIssue', title, summary: l10n.t('The service says the {0} step has no integration to send with: {1}', channelName(channel), integrationIssue), evidence, fix: { kind: 'showIntegrations' } };
  if (condition) return { id: 'workflow', state: 'warning', cause: 'hasCondition', title, summary: l10n.t('The {0} step has a condition: it runs only when the condition holds.', channelName(channel)), evidence };
  return { id: 'workflow', state: 'ok', title, summary: channel ? l10n.t('Active, with a step for {0}', channelName(channel)) : l10n.t('Active'), evidence };
}

/** `issues.integration.<channel>[0].message` of a step (contract §8.2). */
function issueMessage(issues: unknown, channel: Channel | undefined): string | undefined {
  if (!issues || typeof issues !== 'object' || !channel) return undefined;
  const list = (issues as { integration?: Record<string, unknown> }).integration?.[channel];
  if (!Array.isArray(list) || list.length === 0) return undefined;
  const first = list[0] as { message?: unknown; issueType?: unknown };
  return typeof first.message === 'string' ? first.message : typeof first.issueType === 'string' ? first.issueType : undefined;
}

function hoursSince(input: DiagnosisInput): string {
  const hours = Math.round((input.nowMs - input.sinceMs) / 3_600_000);
  if (hours === 24) return l10n.t('the last 24 h');
  return hours % 24 === 0 ? l10n.t('the last {0} days', hours / 24) : l10n.t('the last {0} h', hours);
}

function runsLink(input: DiagnosisInput, latest: Notification | undefined, channel: Channel | undefined, who: string, workflow: string): Link {
  const title = l10n.t('Runs');
  const f = input.runs;
  if (f.state === 'pending') return pending('runs', title);
  if (f.state === 'skipped') return { id: 'runs', state: 'unknown', cause: 'notChecked', title, summary: l10n.t('Not looked for: the subscriber is not in this connection.'), evidence: [] };
  if (f.state === 'failed') return unknown('runs', title, f.error);
  if (f.state === 'notFound') return { id: 'runs', state: 'unknown', cause: 'notChecked', title, summary: f.message, evidence: [] };
  if (!latest) {
    return {
      id: 'runs',
      state: 'broken',
      cause: 'noRuns',
      title,
      summary: l10n.t('No run of {0} for {1} in {2} in {3}. A trigger the service refused (unknown workflow, invalid payload) leaves no run: look at the response your code got.', workflow, input.subscriberId, input.connection.name, hoursSince(input)),
      evidence: [],
      fix: { kind: 'searchElsewhere' },
    };
  }
  const evidence: Evidence[] = [
    { label: l10n.t('Runs found'), value: String(f.value.length) },
    { label: l10n.t('Latest run'), value: `${latest._id} · ${latest.createdAt ?? ''}` },
  ];
  const step = stepFor(latest, channel);
  if (!step) return { id: 'runs', state: 'warning', cause: 'noStepInRun', title, summary: l10n.t('The latest run has no {0} step.', channelName(channel)), evidence, fix: { kind: 'openNotification', notificationId: latest._id } };
  evidence.push({ label: l10n.t('Step status'), value: step.status });
  const last = (step.executionDetails ?? []).at(-1);
  if (last?.detail) evidence.push({ label: l10n.t('Last detail'), value: last.detail });
  const cause = stepCause(step, causeContextOf(latest));
  if (cause) return { id: 'runs', state: 'broken', cause: cause.kind, title, summary: cause.text, evidence, fix: fixForCause(cause, latest, channel) };
  if (step.status === 'completed') {
    const answer = providerAnswer(step);
    if (answer) evidence.push({ label: l10n.t('Provider’s answer'), value: answer });
    const provider = providerName(step.providerId);
    return { id: 'runs', state: 'ok', title, summary: l10n.t('The {0} step of the latest run was sent to {1}{2}.', channelName(channel ?? (step.type as Channel)), who, provider ? l10n.t(' through {0}', provider) : ''), evidence };
  }
  if (step.status === 'failed') return { id: 'runs', state: 'broken', cause: 'failedNoCause', title, summary: l10n.t('Failed: {0}', last?.detail ?? step.status), evidence, fix: { kind: 'openNotification', notificationId: latest._id } };
  if (step.status === 'canceled') return { id: 'runs', state: 'warning', cause: 'canceledNoCause', title, summary: l10n.t('Canceled, and no detail says why.'), evidence, fix: { kind: 'openNotification', notificationId: latest._id } };
  return { id: 'runs', state: 'warning', cause: 'stillMoving', title, summary: l10n.t('The latest run is still moving: its {0} step is {1}.', channelName(channel), step.status), evidence, fix: { kind: 'openNotification', notificationId: latest._id } };
}

const PREFERENCE_CAUSES: CauseKind[] = ['preferenceGlobal', 'preferenceWorkflow'];

export function fixForCause(cause: StepCause, run: Notification, channel: Channel | undefined): Fix {
  const ch = channel ?? 'email';
  if (PREFERENCE_CAUSES.includes(cause.kind)) {
    const identifier = run.template?.triggers?.[0]?.identifier;
    return cause.kind === 'preferenceGlobal' || !identifier ? { kind: 'turnOn', channel: ch } : { kind: 'turnOn', channel: ch, workflowIdentifier: identifier };
  }
  if (cause.kind === 'missingEmail' || (cause.kind === 'missingAddress' && ch === 'email')) return { kind: 'editSubscriber', field: 'email' };
  if (cause.kind === 'missingPhone' || (cause.kind === 'missingAddress' && ch === 'sms')) return { kind: 'editSubscriber', field: 'phone' };
  if (cause.kind === 'noIntegration' || cause.kind === 'noSenderNumber') return { kind: 'showIntegrations' };
  return { kind: 'openNotification', notificationId: run._id };
}

function addressesLink(input: DiagnosisInput, channel: Channel | undefined): Link {
  const title = l10n.t('Addresses');
  const f = input.subscriber;
  if (f.state === 'pending') return pending('addresses', title);
  if (f.state !== 'ok') return { id: 'addresses', state: 'unknown', cause: 'notChecked', title, summary: l10n.t('Not known: the subscriber was not read here.'), evidence: [] };
  const s = f.value;
  const channels = s.channels ?? [];
  const tokens = channels.reduce((n, c) => n + (Array.isArray((c.credentials as { deviceTokens?: unknown } | null | undefined)?.deviceTokens) ? ((c.credentials as { deviceTokens: unknown[] }).deviceTokens.length) : 0), 0);
  const webhooks = channels.filter((c) => typeof (c.credentials as { webhookUrl?: unknown } | null | undefined)?.webhookUrl === 'string').length;
  const evidence: Evidence[] = [
    { label: l10n.t('Email'), value: s.email ?? l10n.t('none') },
    { label: l10n.t('Phone'), value: s.phone ?? l10n.t('none') },
    // Secrets (contract §8.3): counts only, never a token or a URL.
    { label: l10n.t('Push device tokens'), value: tokens === 1 ? l10n.t('1 device token') : l10n.t('{0} device tokens', tokens) },
    { label: l10n.t('Chat webhooks'), value: webhooks === 0 ? l10n.t('none') : webhooks === 1 ? l10n.t('1 set') : l10n.t('{0} set', webhooks) },
  ];
  if (s.timezone) evidence.push({ label: l10n.t('Time zone'), value: s.timezone });
  if (channel === 'email' && !s.email) return { id: 'addresses', state: 'broken', cause: 'missingEmail', title, summary: l10n.t('No email address: email steps are skipped.'), evidence, fix: { kind: 'editSubscriber', field: 'email' } };
  if (channel === 'sms' && !s.phone) return { id: 'addresses', state: 'broken', cause: 'missingPhone', title, summary: l10n.t('No phone number: SMS steps are skipped.'), evidence, fix: { kind: 'editSubscriber', field: 'phone' } };
  if (channel === 'push' && tokens === 0) return { id: 'addresses', state: 'broken', cause: 'missingPushToken', title, summary: l10n.t('No push device token: push steps are skipped. The app registers tokens with the service.'), evidence };
  if (channel === 'chat' && webhooks === 0) return { id: 'addresses', state: 'warning', cause: 'missingWebhook', title, summary: l10n.t('No chat webhook set on the subscriber: chat steps need one (or a channel endpoint).'), evidence };
  return { id: 'addresses', state: 'ok', title, summary: channel ? l10n.t('{0} can be addressed', channelName(channel)) : l10n.t('Addresses as set'), evidence };
}

function preferencesLink(input: DiagnosisInput, channel: Channel | undefined, latest: Notification | undefined): Link {
  const title = l10n.t('Preferences');
  const f = input.preferences;
  if (f.state === 'pending') return pending('preferences', title);
  if (f.state === 'skipped') return { id: 'preferences', state: 'unknown', cause: 'notChecked', title, summary: l10n.t('Not read: the subscriber is not in this connection.'), evidence: [] };
  if (f.state === 'failed') return unknown('preferences', title, f.error);
  if (f.state === 'notFound') return { id: 'preferences', state: 'unknown', cause: 'notChecked', title, summary: f.message, evidence: [] };
  const { preferences, critical } = f.value;
  const identifier = input.workflow.state === 'ok' ? input.workflow.value.workflowId : (latest?.template?.triggers?.[0]?.identifier ?? input.workflowRef);
  const isCritical = critical.some((w) => w.workflow.identifier === identifier) || (input.workflow.state === 'ok' && (input.workflow.value.preferences?.user?.all?.readOnly ?? input.workflow.value.preferences?.default?.all?.readOnly) === true);
  const own = preferences.workflows.find((w) => w.workflow.identifier === identifier);
  const evidence: Evidence[] = [];
  const global = channel ? preferences.global.channels[channel] : undefined;
  if (channel) evidence.push({ label: l10n.t('{0}, every workflow', channelName(channel)), value: global === false ? l10n.t('off') : l10n.t('on') });
  if (own && channel) {
    const locked = (own.overrides ?? []).some((o) => o.channel === channel && o.source === 'workflowOverride');
    evidence.push({ label: l10n.t('{0} for {1}', channelName(channel), own.workflow.name ?? own.workflow.identifier), value: `${own.channels[channel] === false ? l10n.t('off') : l10n.t('on')}${locked ? l10n.t(' (forced by the workflow)') : ''}` });
  }
  const schedule = scheduleNow(preferences.global.schedule, input.subscriber.state === 'ok' ? input.subscriber.value.timezone : undefined, input.nowMs);
  if (schedule.enabled) {
    const zone = schedule.timezoneSet ? schedule.timezone : l10n.t('UTC: the subscriber has no time zone');
    evidence.push({ label: l10n.t('Schedule now'), value: schedule.openNow ? l10n.t('open ({0})', zone) : schedule.next ? l10n.t('closed now; opens {0} {1} ({2})', dayName(schedule.next.day), schedule.next.time, zone) : l10n.t('closed every day ({0})', zone) });
  }
  if (isCritical) return { id: 'preferences', state: 'ok', title, summary: l10n.t('A critical workflow: preferences and the schedule do not apply.'), evidence };
  if (channel && global === false) {
    return { id: 'preferences', state: 'broken', cause: 'preferenceGlobal', title, summary: l10n.t('{0} is turned off for every workflow (the subscriber’s global preference).', channelName(channel)), evidence, fix: { kind: 'turnOn', channel } };
  }
  if (channel && own && own.channels[channel] === false) {
    return { id: 'preferences', state: 'broken', cause: 'preferenceWorkflow', title, summary: l10n.t('{0} is turned off for {1}.', channelName(channel), own.workflow.name ?? own.workflow.identifier), evidence, fix: { kind: 'turnOn', channel, workflowIdentifier: own.workflow.identifier } };
  }
  if (schedule.enabled && !schedule.openNow && channel !== 'in_app') {
    return { id: 'preferences', state: 'warning', cause: 'scheduleClosed', title, summary: l10n.t('The delivery schedule is closed now: steps wait for it or are skipped.'), evidence };
  }
  return { id: 'preferences', state: 'ok', title, summary: channel ? l10n.t('{0} is on', channelName(channel)) : l10n.t('Nothing turned off'), evidence };
}

function dayName(day: string): string {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

function integrationsLink(input: DiagnosisInput, channel: Channel | undefined, who: string): Link {
  const title = l10n.t('Integrations');
  const f = input.integrations;
  if (f.state === 'pending') return pending('integrations', title);
  if (f.state === 'failed') return unknown('integrations', title, f.error);
  if (f.state !== 'ok') return { id: 'integrations', state: 'unknown', cause: 'notChecked', title, summary: l10n.t('Not read.'), evidence: [] };
  const env = input.connection.environmentId;
  const here = activeHere(f.value, env);
  const channels = channel ? [channel] : CHANNEL_TYPES.filter((c) => c !== 'in_app');
  const evidence: Evidence[] = [];
  const missing: Channel[] = [];
  let noPrimary: Channel | undefined;
  for (const c of channels) {
    const list = here.filter((i) => i.channel === c);
    for (const i of list) {
      const conditions = (i.conditions ?? []).map((cond) => formatFilter(cond)).filter((t) => t !== '');
      evidence.push({ label: `${channelName(c)}: ${i.name ?? i.providerId ?? ''}`, value: [i.primary ? l10n.t('primary') : '', conditions.length > 0 ? l10n.t('conditions: {0}', conditions.join('; ')) : ''].filter(Boolean).join(' · ') || l10n.t('active') });
    }
    if (list.length === 0) missing.push(c);
    else if ((c === 'email' || c === 'sms') && !list.some((i) => i.primary) && list.length > 1) noPrimary ??= c;
  }
  if (missing.length > 0 && channel) return { id: 'integrations', state: 'broken', cause: 'noIntegration', title, summary: l10n.t('No active {0} integration in this environment: {0} steps fail.', channelName(channel)), evidence, fix: { kind: 'showIntegrations' } };
  if (noPrimary) return { id: 'integrations', state: 'broken', cause: 'noPrimary', title, summary: l10n.t('No primary {0} integration: the service sends {0} only through a primary one.', channelName(noPrimary)), evidence, fix: { kind: 'showIntegrations' } };
  // Push and chat go through the subscriber's own provider (contract §8.3): an active Slack does
  // not send to someone whose only chat is Microsoft Teams.
  if (channel === 'push' || channel === 'chat') {
    const own = ownProviders(input, channel, here, who, evidence);
    if (own) return own;
  }
  if (missing.length > 0) return { id: 'integrations', state: 'warning', cause: 'channelsUncovered', title, summary: l10n.t('No active integration for: {0}.', missing.map(channelName).join(', ')), evidence, fix: { kind: 'showIntegrations' } };
  return { id: 'integrations', state: 'ok', title, summary: channel ? l10n.t('An active {0} integration', channelName(channel)) : l10n.t('Every channel has an active integration'), evidence };
}

/**
 * The integrations link for a push or chat step, from the subscriber's own providers: fine when an
 * active integration here sends for one of them; broken, naming the provider and where it is
 * active, when none does; "?" when the subscriber could not be read. Undefined: the subscriber has
 * no entry for the channel (the addresses link says so) and the channel's integrations decide.
 */
function ownProviders(input: DiagnosisInput, channel: 'push' | 'chat', here: readonly Integration[], who: string, evidence: Evidence[]): Link | undefined {
  const title = l10n.t('Integrations');
  const subscriber = input.subscriber;
  if (subscriber.state === 'pending') return pending('integrations', title);
  if (subscriber.state !== 'ok') {
    return { id: 'integrations', state: 'unknown', cause: 'notChecked', title, summary: l10n.t('{0} goes through the subscriber’s own provider, and the subscriber was not read here: which one could not be checked.', channelName(channel)), evidence };
  }
  const entries = entriesFor(subscriber.value, channel);
  if (entries.length === 0) return undefined;
  const names = [...new Set(entries.map((e) => providerName(e.providerId) ?? e.providerId))];
  evidence.unshift({ label: l10n.t('{0} of {1}', channelName(channel), who), value: names.join(', ') });
  if (entries.some((e) => sendsThrough(e, here.filter((i) => i.channel === channel)))) {
    return { id: 'integrations', state: 'ok', title, summary: l10n.t('{0} of {1} goes through {2}, active here', channelName(channel), who, names.join(', ')), evidence };
  }
  const activeOthers = here.filter((i) => i.channel === channel).map((i) => i.name ?? providerName(i.providerId) ?? '');
  const where = activeElsewhere(input, entries.map((e) => e.providerId));
  if (where.names.length > 0) evidence.push({ label: l10n.t('{0} active in', names.join(', ')), value: where.names.join(', ') });
  const summary = [
    activeOthers.length > 0
      ? l10n.t('{0} of {1} goes through {2} only, and {3} has no active {2} integration (its active {0} integrations: {4}): {0} steps to {1} fail.', channelName(channel), who, names.join(', '), input.connection.name, activeOthers.join(', '))
      : l10n.t('{0} of {1} goes through {2} only, and {3} has no active {2} integration: {0} steps to {1} fail.', channelName(channel), who, names.join(', '), input.connection.name),
    where.asking ? l10n.t('Asking the other connections where it is active…') : where.names.length > 0 ? l10n.t('It is active in {0}.', where.names.join(', ')) : '',
  ].filter(Boolean).join(' ');
  return { id: 'integrations', state: 'broken', cause: 'providerNotActive', title, summary, evidence, fix: { kind: 'showIntegrations' } };
}

/** Where these providers are active: other environments in the organization's list (named by a saved connection when one was seen there), and the other connections asked. */
function activeElsewhere(input: DiagnosisInput, providerIds: readonly string[]): { names: string[]; asking: boolean } {
  const env = input.connection.environmentId;
  const names = new Set<string>();
  if (input.integrations.state === 'ok') {
    for (const i of input.integrations.value) {
      if (i.active === false || !i._environmentId || i._environmentId === env || !providerIds.includes(i.providerId ?? '')) continue;
      const saved = input.others?.find((o) => o.environmentId === i._environmentId);
      names.add(saved ? saved.connectionName : l10n.t('another environment of the organization ({0})', i._environmentId));
    }
  }
  const asked = input.integrationsElsewhere;
  if (asked?.state === 'ok') for (const other of asked.value) if (other.providerIds.some((p) => providerIds.includes(p))) names.add(other.connectionName);
  return { names: [...names], asking: asked?.state === 'pending' };
}
