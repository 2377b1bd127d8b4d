/**
 * "Why didn't they get it?" as a senior engineer of the service would answer it (issue 24): the
 * delivery chain checked link by link (connection, subscriber, workflow, runs, addresses,
 * preferences, integrations), each with its evidence in the service's own words and, when it is
 * not fine, its fix; then one verdict that names the cause and what proves it. A cause proven by
 * the latest run's execution details outranks one inferred from settings. Pure and vscode-free:
 * the panel and the agent's tool render the same result. Device tokens and webhook URLs are
 * secrets: only counts and "set" leave this module.
 */
import { CHANNEL_TYPES, type Integration, type Notification, type Preferences, type Subscriber, type Workflow, type WorkflowPreference } from '../api';
import { formatFilter } from '../format/conditions';
import { stepTypeInfo } from '../format/jobStatus';
import { subscriberDisplayName } from '../format/names';
import { causeContextOf, stepCause, type CauseKind, type StepCause } from '../format/stepCause';
import { l10n } from '../l10n';
import type { DescribedError } from '../ui/errors';
import { scheduleNow } from './scheduleNow';

export type Channel = (typeof CHANNEL_TYPES)[number];

/** What one question to the service gave: still out, an answer, not there, a failure, or not asked. */
export type Fact<T> =
  | { state: 'pending' }
  | { state: 'ok'; value: T }
  | { state: 'notFound'; message: string }
  | { state: 'failed'; error: DescribedError }
  | { state: 'skipped' };

export interface ElsewhereResult {
  connectionId: string;
  connectionName: string;
  region: string;
  found: boolean;
  /** Why it could not be asked there (no key, a failure). */
  problem?: string;
}

export interface DiagnosisInput {
  connection: { id: string; name: string; region: string; environmentId?: string | undefined };
  subscriberId: string;
  /** As the user named it (identifier, name or _id); absent: any workflow. */
  workflowRef?: string | undefined;
  channel?: Channel | undefined;
  sinceMs: number;
  nowMs: number;
  subscriber: Fact<Subscriber>;
  /** Only asked when the subscriber is not found here. */
  elsewhere: Fact<ElsewhereResult[]>;
  workflow: Fact<Workflow>;
  runs: Fact<readonly Notification[]>;
  preferences: Fact<{ preferences: Preferences; critical: readonly WorkflowPreference[] }>;
  integrations: Fact<readonly Integration[]>;
}

export type LinkId = 'connection' | 'subscriber' | 'workflow' | 'runs' | 'addresses' | 'preferences' | 'integrations';
/** ✓ fine, ✗ broken, ! a warning, ? could not be checked (with the reason), … still asking. */
export type LinkState = 'ok' | 'broken' | 'warning' | 'unknown' | 'pending';

export interface Evidence {
  label: string;
  /** The service's own value, exactly as it came (the renderer escapes it). */
  value: string;
}

export type Fix =
  | { kind: 'switchConnection'; connectionId: string; connectionName: string }
  | { kind: 'turnOn'; channel: Channel; workflowIdentifier?: string }
  | { kind: 'editSubscriber'; field: 'email' | 'phone' }
  | { kind: 'sendAgain'; notificationId: string }
  | { kind: 'openNotification'; notificationId: string }
  | { kind: 'showActivity' }
  | { kind: 'setApiKey' }
  | { kind: 'showIntegrations' }
  | { kind: 'searchElsewhere' };

export interface Link {
  id: LinkId;
  state: LinkState;
  title: string;
  summary: string;
  evidence: Evidence[];
  fix?: Fix;
}

export interface Verdict {
  state: LinkState;
  /** One sentence: the cause and what proves it. */
  text: string;
  fix?: Fix;
  /** True when the latest run's execution details prove it. */
  proven: boolean;
}

export interface Diagnosis {
  verdict: Verdict;
  links: Link[];
  /** The channel looked at: the one asked for, else the latest run's or the workflow's first. */
  channel: Channel | undefined;
  latestRun: Notification | undefined;
}

const CHANNELS: readonly string[] = CHANNEL_TYPES;
const isChannel = (t: string | null | undefined): t is Channel => !!t && CHANNELS.includes(t);

const channelName = (c: Channel | undefined): string => (c ? stepTypeInfo(c).label : l10n.t('any channel'));

function unknown(id: LinkId, title: string, error: DescribedError): Link {
  const fix: Fix | undefined = error.kind === 'unauthorized' ? { kind: 'setApiKey' } : undefined;
  return { id, state: 'unknown', title, summary: l10n.t('Could not be checked: {0}', error.message), evidence: error.errorId ? [{ label: l10n.t('Error ID'), value: error.errorId }] : [], ...(fix ? { fix } : {}) };
}

function pending(id: LinkId, title: string): Link {
  return { id, state: 'pending', title, summary: l10n.t('Asking the service…'), evidence: [] };
}

/** The workflow's name as a person reads it, from what is known. */
function workflowLabel(input: DiagnosisInput, latest: Notification | undefined): string {
  if (input.workflow.state === 'ok') return input.workflow.value.name || input.workflow.value.workflowId || input.workflowRef || '';
  return latest?.template?.name || input.workflowRef || l10n.t('any workflow');
}

function personLabel(input: DiagnosisInput): string {
  if (input.subscriber.state === 'ok') return input.subscriber.value.firstName?.trim() || subscriberDisplayName(input.subscriber.value) || input.subscriberId;
  return input.subscriberId;
}

/** The run's step for the channel: the one that did not go out first, else the first of that channel. */
function stepFor(run: Notification, channel: Channel | undefined) {
  const steps = (run.jobs ?? []).filter((j) => isChannel(j.type) && (!channel || j.type === channel));
  return steps.find((j) => j.status !== 'completed') ?? steps[0];
}

function resolveChannel(input: DiagnosisInput, latest: Notification | undefined): Channel | undefined {
  if (input.channel) return input.channel;
  const step = latest ? stepFor(latest, undefined) : undefined;
  if (step && isChannel(step.type)) return step.type;
  if (input.workflow.state === 'ok') return (input.workflow.value.steps ?? []).map((s) => s.type).find(isChannel);
  return undefined;
}

export function diagnose(input: DiagnosisInput): Diagnosis {
  const runs = input.runs.state === 'ok' ? input.runs.value : [];
  const latest = runs[0];
  const channel = resolveChannel(input, latest);
  const who = personLabel(input);
  const workflow = workflowLabel(input, latest);
  const links = [
    connectionLink(input),
    subscriberLink(input, latest),
    workflowLink(input, channel),
    runsLink(input, latest, channel, who, workflow),
    addressesLink(input, channel),
    preferencesLink(input, channel, latest),
    integrationsLink(input, channel),
  ];
  return { verdict: verdictOf(input, links, latest, channel, who), links, channel, latestRun: latest };
}

function connectionLink(input: DiagnosisInput): Link {
  const c = input.connection;
  return {
    id: 'connection',
    state: 'ok',
    title: l10n.t('Connection'),
    summary: l10n.t('Asking {0} ({1})', c.name, c.region),
    evidence: [
      { label: l10n.t('Name'), value: c.name },
      { label: l10n.t('Region'), value: c.region },
      { label: l10n.t('Environment'), value: c.environmentId ?? l10n.t('not known yet') },
    ],
  };
}

function subscriberLink(input: DiagnosisInput, latest: Notification | undefined): Link {
  const title = l10n.t('Subscriber');
  const f = input.subscriber;
  if (f.state === 'pending' || f.state === 'skipped') return pending('subscriber', title);
  if (f.state === 'failed') return unknown('subscriber', title, f.error);
  if (f.state === 'notFound') {
    const evidence: Evidence[] = [{ label: l10n.t('The service said'), value: f.message }];
    const e = input.elsewhere;
    if (e.state === 'pending') return { id: 'subscriber', state: 'broken', title, summary: l10n.t('Not in {0}; asking the other connections…', input.connection.name), evidence };
    const found = e.state === 'ok' ? e.value.filter((r) => r.found) : [];
    for (const r of e.state === 'ok' ? e.value : []) evidence.push({ label: r.connectionName, value: r.found ? l10n.t('found') : (r.problem ?? l10n.t('not found')) });
    if (found.length > 0) {
      const first = found[0]!;
      return {
        id: 'subscriber',
        state: 'broken',
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
  // A trigger to an unknown id creates the subscriber with nothing but the id (contract §8.3).
  const bare = !s.email && !s.phone && !s.firstName && !s.lastName && (s.channels ?? []).length === 0;
  const created = s.createdAt ? Date.parse(s.createdAt) : Number.NaN;
  const runAt = latest?.createdAt ? Date.parse(latest.createdAt) : Number.NaN;
  if (bare && Number.isFinite(created) && Number.isFinite(runAt) && runAt - created >= 0 && runAt - created < 10 * 60_000) {
    return { id: 'subscriber', state: 'warning', title, summary: l10n.t('Created by a trigger moments before its first run, with nothing but its ID: likely a typo or the wrong environment.'), evidence };
  }
  return { id: 'subscriber', state: 'ok', title, summary: l10n.t('Exists in {0}', input.connection.name), evidence };
}

function workflowLink(input: DiagnosisInput, channel: Channel | undefined): Link {
  const title = l10n.t('Workflow');
  const f = input.workflow;
  if (f.state === 'pending') return pending('workflow', title);
  if (f.state === 'skipped') return { id: 'workflow', state: 'unknown', title, summary: l10n.t('No workflow named: every workflow is looked at. Name one to check it.'), evidence: [] };
  if (f.state === 'failed') return unknown('workflow', title, f.error);
  if (f.state === 'notFound') {
    return { id: 'workflow', state: 'broken', title, summary: l10n.t('No workflow "{0}" in {1}: a trigger naming it is refused and leaves no run.', input.workflowRef ?? '', input.connection.name), evidence: [{ label: l10n.t('The service said'), value: f.message }] };
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
    return { id: 'workflow', state: 'broken', title, summary: l10n.t('{0} is not active: triggers answer trigger_not_active and no run starts. Activate it in the service.', w.name ?? w.workflowId ?? ''), evidence };
  }
  const steps = w.steps ?? [];
  const channelSteps = channel ? steps.filter((s) => s.type === channel) : steps.filter((s) => isChannel(s.type));
  if (channel && channelSteps.length === 0) {
    return { id: 'workflow', state: 'broken', title, summary: l10n.t('{0} has no {1} step: it never sends {1}.', w.name ?? '', channelName(channel)), evidence: [...evidence, { label: l10n.t('Steps'), value: steps.map((s) => s.type).join(', ') }] };
  }
  const integrationIssue = channelSteps.map((s) => issueMessage(s.issues, channel ?? (s.type as Channel))).find((m) => m !== undefined);
  if (integrationIssue) evidence.push({ label: l10n.t('Integration issue'), value: integrationIssue });
  const condition = channelSteps.find((s) => s.controlValues && typeof s.controlValues === 'object' && (s.controlValues as { skip?: unknown }).skip !== undefined && (s.controlValues as { skip?: unknown }).skip !== null && JSON.stringify((s.controlValues as { skip?: unknown }).skip) !== '{}');
  if (condition) evidence.push({ label: l10n.t('Step condition'), value: JSON.stringify((condition.controlValues as { skip: unknown }).skip) });
  if (w.status === 'ERROR') return { id: 'workflow', state: 'warning', title, summary: l10n.t('{0} runs, but a step has invalid controls (status ERROR).', w.name ?? ''), evidence };
  if (integrationIssue) return { id: 'workflow', state: 'broken', title, summary: l10n.t('The service says the {0} step has no integration to send with: {1}', channelName(channel), integrationIssue), evidence, fix: { kind: 'showIntegrations' } };
  if (condition) return { id: 'workflow', state: 'warning', title, summary: l10n.t('The {0} step has a condition: it runs only when the condition holds.', channelName(channel)), evidence };
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
  if (f.state === 'skipped') return { id: 'runs', state: 'unknown', title, summary: l10n.t('Not looked for: the subscriber is not in this connection.'), evidence: [] };
  if (f.state === 'failed') return unknown('runs', title, f.error);
  if (f.state === 'notFound') return { id: 'runs', state: 'unknown', title, summary: f.message, evidence: [] };
  if (!latest) {
    return {
      id: 'runs',
      state: 'broken',
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
  if (!step) return { id: 'runs', state: 'warning', title, summary: l10n.t('The latest run has no {0} step.', channelName(channel)), evidence, fix: { kind: 'openNotification', notificationId: latest._id } };
  evidence.push({ label: l10n.t('Step status'), value: step.status });
  const last = (step.executionDetails ?? []).at(-1);
  if (last?.detail) evidence.push({ label: l10n.t('Last detail'), value: last.detail });
  const cause = stepCause(step, causeContextOf(latest));
  if (cause) return { id: 'runs', state: 'broken', title, summary: cause.text, evidence, fix: fixForCause(cause, latest, channel) };
  if (step.status === 'completed') {
    return { id: 'runs', state: 'ok', title, summary: l10n.t('The {0} step of the latest run was sent to {1}{2}.', channelName(channel ?? (step.type as Channel)), who, step.providerId ? l10n.t(' through {0}', step.providerId) : ''), evidence };
  }
  if (step.status === 'failed') return { id: 'runs', state: 'broken', title, summary: l10n.t('Failed: {0}', last?.detail ?? step.status), evidence, fix: { kind: 'openNotification', notificationId: latest._id } };
  if (step.status === 'canceled') return { id: 'runs', state: 'warning', title, summary: l10n.t('Canceled, and no detail says why.'), evidence, fix: { kind: 'openNotification', notificationId: latest._id } };
  return { id: 'runs', state: 'warning', title, summary: l10n.t('The latest run is still moving: its {0} step is {1}.', channelName(channel), step.status), evidence, fix: { kind: 'openNotification', notificationId: latest._id } };
}

const PREFERENCE_CAUSES: CauseKind[] = ['preferenceGlobal', 'preferenceWorkflow'];

/** Causes a setting makes, and the link that shows that setting as it is now. */
const FIXED_BY: Partial<Record<CauseKind, LinkId>> = {
  preferenceGlobal: 'preferences',
  preferenceWorkflow: 'preferences',
  missingEmail: 'addresses',
  missingPhone: 'addresses',
  missingAddress: 'addresses',
  noIntegration: 'integrations',
};

function fixForCause(cause: StepCause, run: Notification, channel: Channel | undefined): Fix {
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
  if (f.state !== 'ok') return { id: 'addresses', state: 'unknown', title, summary: l10n.t('Not known: the subscriber was not read here.'), evidence: [] };
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
  if (channel === 'email' && !s.email) return { id: 'addresses', state: 'broken', title, summary: l10n.t('No email address: email steps are skipped.'), evidence, fix: { kind: 'editSubscriber', field: 'email' } };
  if (channel === 'sms' && !s.phone) return { id: 'addresses', state: 'broken', title, summary: l10n.t('No phone number: SMS steps are skipped.'), evidence, fix: { kind: 'editSubscriber', field: 'phone' } };
  if (channel === 'push' && tokens === 0) return { id: 'addresses', state: 'broken', title, summary: l10n.t('No push device token: push steps are skipped. The app registers tokens with the service.'), evidence };
  if (channel === 'chat' && webhooks === 0) return { id: 'addresses', state: 'warning', title, summary: l10n.t('No chat webhook set on the subscriber: chat steps need one (or a channel endpoint).'), evidence };
  return { id: 'addresses', state: 'ok', title, summary: channel ? l10n.t('{0} can be addressed', channelName(channel)) : l10n.t('Addresses as set'), evidence };
}

function preferencesLink(input: DiagnosisInput, channel: Channel | undefined, latest: Notification | undefined): Link {
  const title = l10n.t('Preferences');
  const f = input.preferences;
  if (f.state === 'pending') return pending('preferences', title);
  if (f.state === 'skipped') return { id: 'preferences', state: 'unknown', title, summary: l10n.t('Not read: the subscriber is not in this connection.'), evidence: [] };
  if (f.state === 'failed') return unknown('preferences', title, f.error);
  if (f.state === 'notFound') return { id: 'preferences', state: 'unknown', title, summary: f.message, evidence: [] };
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
    return { id: 'preferences', state: 'broken', title, summary: l10n.t('{0} is turned off for every workflow (the subscriber’s global preference).', channelName(channel)), evidence, fix: { kind: 'turnOn', channel } };
  }
  if (channel && own && own.channels[channel] === false) {
    return { id: 'preferences', state: 'broken', title, summary: l10n.t('{0} is turned off for {1}.', channelName(channel), own.workflow.name ?? own.workflow.identifier), evidence, fix: { kind: 'turnOn', channel, workflowIdentifier: own.workflow.identifier } };
  }
  if (schedule.enabled && !schedule.openNow && channel !== 'in_app') {
    return { id: 'preferences', state: 'warning', title, summary: l10n.t('The delivery schedule is closed now: steps wait for it or are skipped.'), evidence };
  }
  return { id: 'preferences', state: 'ok', title, summary: channel ? l10n.t('{0} is on', channelName(channel)) : l10n.t('Nothing turned off'), evidence };
}

function dayName(day: string): string {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

function integrationsLink(input: DiagnosisInput, channel: Channel | undefined): Link {
  const title = l10n.t('Integrations');
  const f = input.integrations;
  if (f.state === 'pending') return pending('integrations', title);
  if (f.state === 'failed') return unknown('integrations', title, f.error);
  if (f.state !== 'ok') return { id: 'integrations', state: 'unknown', title, summary: l10n.t('Not read.'), evidence: [] };
  const env = input.connection.environmentId;
  const here = f.value.filter((i) => i.active !== false && (!env || !i._environmentId || i._environmentId === env));
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
  if (missing.length > 0 && channel) return { id: 'integrations', state: 'broken', title, summary: l10n.t('No active {0} integration in this environment: {0} steps fail.', channelName(channel)), evidence, fix: { kind: 'showIntegrations' } };
  if (noPrimary) return { id: 'integrations', state: 'broken', title, summary: l10n.t('No primary {0} integration: the service sends {0} only through a primary one.', channelName(noPrimary)), evidence, fix: { kind: 'showIntegrations' } };
  if (missing.length > 0) return { id: 'integrations', state: 'warning', title, summary: l10n.t('No active integration for: {0}.', missing.map(channelName).join(', ')), evidence, fix: { kind: 'showIntegrations' } };
  return { id: 'integrations', state: 'ok', title, summary: channel ? l10n.t('An active {0} integration', channelName(channel)) : l10n.t('Every channel has an active integration'), evidence };
}

function verdictOf(input: DiagnosisInput, links: Link[], latest: Notification | undefined, channel: Channel | undefined, who: string): Verdict {
  const byId = (id: LinkId) => links.find((l) => l.id === id)!;
  // Proven by the latest run: its step for the channel, in the service's own detail.
  const step = latest ? stepFor(latest, channel) : undefined;
  const cause = step ? stepCause(step, causeContextOf(latest!)) : undefined;
  if (latest && step && cause) {
    // The cause was a setting that holds no more (the preference is on, the address is set): the
    // latest run still shows it, and the next one will not. Send again.
    const fixedBy = FIXED_BY[cause.kind];
    if (fixedBy && byId(fixedBy).state === 'ok') {
      return {
        state: 'warning',
        proven: true,
        text: l10n.t('{0} to {1}: {2} in the latest run ({3}). {4} is fine now: send it again to deliver it.', channelName(channel ?? (step.type as Channel)), who, cause.text, latest.createdAt ?? latest._id, byId(fixedBy).title),
        fix: { kind: 'sendAgain', notificationId: latest._id },
      };
    }
    return {
      state: 'broken',
      proven: true,
      text: l10n.t('{0} to {1}: {2}. Proof: the latest run ({3}) says "{4}".', channelName(channel ?? (step.type as Channel)), who, cause.text, latest.createdAt ?? latest._id, cause.detail),
      fix: fixForCause(cause, latest, channel),
    };
  }
  if (latest && step?.status === 'completed') {
    const provider = step.providerId ? l10n.t(' through {0}', step.providerId) : '';
    return {
      state: 'ok',
      proven: true,
      text: l10n.t('{0} to {1} was sent{2} in the latest run ({3}). Sent is not delivered: the provider’s own answer is in the run’s execution details.', channelName(channel ?? (step.type as Channel)), who, provider, latest.createdAt ?? latest._id),
      fix: { kind: 'openNotification', notificationId: latest._id },
    };
  }
  const order: LinkId[] = ['subscriber', 'workflow', 'runs', 'addresses', 'preferences', 'integrations'];
  for (const state of ['broken', 'pending', 'unknown', 'warning'] as const) {
    const link = order.map(byId).find((l) => l.state === state && !(state === 'unknown' && l.id === 'workflow' && input.workflow.state === 'skipped'));
    if (!link) continue;
    if (state === 'pending') return { state: 'pending', proven: false, text: l10n.t('Checking…') };
    if (state === 'unknown') return { state: 'unknown', proven: false, text: l10n.t('Not everything could be checked. {0}: {1}', link.title, link.summary), ...(link.fix ? { fix: link.fix } : {}) };
    return { state, proven: false, text: `${link.title}: ${link.summary}`, ...(link.fix ? { fix: link.fix } : {}) };
  }
  return { state: 'ok', proven: false, text: l10n.t('Nothing in the chain stops {0} to {1}.', channelName(channel), who) };
}
