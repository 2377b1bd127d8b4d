/**
 * The environment's records for the model: a subscriber's preferences (how they combine, the
 * schedule), the active integrations (credentials only as which fields are set), subscribers with
 * their cursor, and workflows with their recent runs. Pure and vscode-free.
 */
import { maskCredentials, type Integration, type Preferences, type Subscriber, type WorkflowListItem, type WorkflowPreference } from '../api';
import { WEEK_DAYS } from '../api/constants';
import { compareChannels } from '../format/channels';
import { formatFilter } from '../format/conditions';
import { subscriberDisplayName } from '../format/names';
import { l10n } from '../l10n';
import { buildPreferencesViewModel } from '../preferences/preferencesModel';
import { compact, dataNote, whereLine, type Where } from './agentReports';
import { isToken, quoted, report } from './agentText';

/** The schedule as words a model can quote: each day's hours, or off. */
function scheduleRecord(schedule: Preferences['global']['schedule'], timeZone: string | null | undefined): Record<string, unknown> {
  const days: Record<string, string> = {};
  for (const day of WEEK_DAYS) {
    const value = schedule?.weeklySchedule?.[day];
    days[day] = value?.isEnabled ? (value.hours ?? []).map((h) => `${h.start}-${h.end}`).join(', ') || l10n.t('no hours') : l10n.t('off');
  }
  return compact({
    schedule: schedule?.isEnabled ? l10n.t('on') : l10n.t('off'),
    timeZone: timeZone === undefined ? l10n.t('not known') : timeZone === null ? l10n.t('none set on the subscriber') : timeZone,
    days: schedule?.isEnabled ? days : undefined,
  });
}

export interface PreferencesFacts {
  where: Where;
  subscriberId: string;
  subscriber?: Subscriber | undefined;
  /** null: the subscriber has no time zone; undefined: not known. */
  timeZone: string | null | undefined;
  preferences: Preferences;
  critical: readonly WorkflowPreference[];
}

export function preferencesReport(facts: PreferencesFacts): string {
  const model = buildPreferencesViewModel(facts.subscriberId, facts.preferences, facts.critical, [], () => ({}));
  const globalChannels = facts.preferences.global.channels as Record<string, unknown>;
  const lead = [
    whereLine(facts.where),
    l10n.t('Preferences of subscriber {0}.', quoted(facts.subscriberId)),
    l10n.t('How they combine: a workflow that forces a channel, and a critical workflow, win; otherwise a channel off globally is off for every workflow; otherwise the per-workflow choice applies. In-app and critical messages are delivered outside the schedule.'),
    dataNote(),
  ];
  const global = compact({
    global: facts.preferences.global.enabled ? l10n.t('on') : l10n.t('off'),
    channels: Object.fromEntries(model.global.channels.map((c) => [c.channel, c.enabled ? l10n.t('on') : l10n.t('off')])),
  });
  const workflows = model.workflows.map((w) =>
    compact({
      workflow: w.name,
      identifier: w.identifier,
      critical: w.critical ? true : undefined,
      enabled: w.enabled,
      channels: Object.fromEntries(
        w.channels.map((c) => {
          const effective = c.locked ? c.enabled : globalChannels[c.channel] === false ? false : c.enabled;
          return [c.channel, compact({ delivered: effective ? l10n.t('on') : l10n.t('off'), workflowValue: c.enabled ? l10n.t('on') : l10n.t('off'), from: c.sourceLabel, locked: c.lockedReason })];
        }),
      ),
    }),
  );
  return report({
    lead,
    label: 'preferences',
    records: [global, scheduleRecord(facts.preferences.global.schedule, facts.timeZone), ...workflows],
    leftOut: (count) => l10n.t('{0} workflows are left out of this answer to keep it short; the preferences panel shows them all.', count),
    tail: [l10n.t('The user can edit them in the preferences panel: command "Novu: Edit Preferences" on the subscriber.')],
  });
}

export function integrationsReport(where: Where, integrations: readonly Integration[], channel: string | undefined): string {
  const shown = integrations
    .filter((i) => !channel || (i.channel ?? 'agent') === channel)
    .slice()
    .sort((a, b) => compareChannels(a.channel ?? 'agent', b.channel ?? 'agent', ['agent']) || Number(b.primary === true) - Number(a.primary === true));
  const lead = [whereLine(where)];
  const covered = new Set(integrations.filter((i) => i.active !== false && i.channel).map((i) => i.channel!));
  const uncovered = ['in_app', 'email', 'sms', 'chat', 'push'].filter((c) => !covered.has(c) && (!channel || c === channel));
  lead.push(shown.length === 1 ? l10n.t('1 active integration.') : l10n.t('{0} active integrations.', shown.length));
  if (uncovered.length > 0) lead.push(l10n.t('No active integration for: {0}. Steps on those channels cannot be delivered.', uncovered.join(', ')));
  const otherEnvironments = where.environmentId ? shown.filter((i) => i._environmentId && i._environmentId !== where.environmentId).length : 0;
  if (otherEnvironments > 0) lead.push(l10n.t('{0} of them belong to other environments of the organization (older servers list them all); see environmentId.', otherEnvironments));
  lead.push(l10n.t('Credential values are never shown: only which fields are set.'));
  if (shown.length > 0) lead.push(dataNote());
  const records = shown.map((i) => {
    const fields = maskCredentials(i.credentials as Record<string, unknown> | null | undefined);
    return compact({
      channel: i.channel ?? 'agent',
      name: i.name,
      providerId: i.providerId,
      identifier: i.identifier,
      active: i.active,
      primary: i.primary === true,
      environmentId: i._environmentId,
      conditions: (i.conditions ?? []).length > 0 ? (i.conditions ?? []).map(formatFilter) : undefined,
      credentialFieldsSet: fields.filter((f) => f.set).map((f) => f.field),
      credentialFieldsEmpty: fields.some((f) => !f.set) ? fields.filter((f) => !f.set).map((f) => f.field) : undefined,
    });
  });
  return report({
    lead,
    label: 'integrations',
    records,
    leftOut: (count) => l10n.t('{0} integrations are left out of this answer to keep it short: ask for one channel.', count),
  });
}

export interface FoundSubscribers {
  where: Where;
  filters: string[];
  subscribers: readonly Subscriber[];
  next?: string | null;
  totalCount?: number;
}

/**
 * The cursor that continues right after the `shown`-th subscriber of a page. The service's cursor
 * is the last item's `_id` (its `includeCursor` includes "the cursor item itself"): when the page
 * shows that (its `next` is its last `_id`, or it is the last page), a page cut short continues from
 * the last `_id` shown. Otherwise undefined: no cursor would reach the records left out.
 */
export function cursorAfterShown(page: { subscribers: readonly Subscriber[]; next?: string | null }, shown: number): string | null | undefined {
  const all = page.subscribers;
  if (shown >= all.length) return page.next ?? null;
  const cursorIsId = page.next === all.at(-1)?._id || page.next === null || page.next === undefined;
  const last = shown > 0 ? all[shown - 1]!._id : undefined;
  return cursorIsId && last ? last : undefined;
}

export function subscribersReport(found: FoundSubscribers): string {
  const count = found.subscribers.length;
  const lead = (shown: number): string[] => {
    const lines = [whereLine(found.where), found.filters.length > 0 ? l10n.t('Filters: {0}.', found.filters.join('; ')) : l10n.t('No filters.')];
    if (count === 0) lines.push(l10n.t('The service found no subscriber for these filters. This is an answer, not a failure.'));
    else if (found.totalCount !== undefined) lines.push(l10n.t('{0} shown of {1} subscribers.', shown, found.totalCount));
    else lines.push(shown === count ? l10n.t('{0} subscribers.', shown) : l10n.t('{0} shown of the {1} subscribers the service returned.', shown, count));
    const cursor = cursorAfterShown(found, shown);
    if (cursor && !isToken(cursor)) lines.push(l10n.t('More exist, but the service\'s cursor is of an unusual form and is left out: narrow the filters.'));
    else if (cursor) lines.push(l10n.t('More: call again with cursor {0} (it continues right after the last one shown).', quoted(cursor)));
    else if (cursor === undefined) lines.push(l10n.t('The service\'s cursor cannot continue from the middle of its page: ask again with a limit of {0} or less, whose pages fit, or narrow the filters.', Math.max(1, shown)));
    if (count > 0) lines.push(dataNote());
    return lines;
  };
  return report({
    lead,
    label: 'subscribers',
    records: found.subscribers.map((s) =>
      compact({ subscriberId: s.subscriberId, name: subscriberDisplayName(s), email: s.email, phone: s.phone, timezone: s.timezone, locale: s.locale, updatedAt: s.updatedAt }),
    ),
    leftOut: (n) => l10n.t('{0} more of this page are left out of this answer to keep it short.', n),
  });
}

export interface FoundWorkflows {
  where: Where;
  filters: string[];
  workflows: readonly WorkflowListItem[];
  totalCount: number | undefined;
  /** Per workflow `_id`: of the newest notifications looked at, how many were its runs and how many failed. */
  recent: Map<string, { runs: number; failed: number; lastAt?: string | undefined }>;
  /** How many of the newest notifications were looked at, or undefined when they could not be read. */
  scanned: number | undefined;
}

/** The environment's workflows for the model: status, origin, steps, and recent failures among the newest runs. */
export function workflowsReport(found: FoundWorkflows): string {
  const count = found.workflows.length;
  const lead = [whereLine(found.where), found.filters.length > 0 ? l10n.t('Filters: {0}.', found.filters.join('; ')) : l10n.t('No filters.')];
  if (count === 0) lead.push(l10n.t('The service found no workflow for these filters. This is an answer, not a failure.'));
  else lead.push(found.totalCount !== undefined ? l10n.t('{0} of {1} workflows, newest first.', count, found.totalCount) : l10n.t('{0} workflows, newest first.', count));
  lead.push(
    found.scanned === undefined
      ? l10n.t('Recent runs could not be read: recentRuns is left out.')
      : l10n.t('recentRuns and recentFailed count each workflow among the {0} newest notifications of the environment.', found.scanned),
  );
  lead.push(l10n.t('status: ACTIVE runs; INACTIVE does not run (triggers answer trigger_not_active); ERROR runs with invalid step controls.'));
  if (count > 0) lead.push(dataNote());
  return report({
    lead,
    label: 'workflows',
    records: found.workflows.map((w) => {
      const recent = found.recent.get(w._id);
      return compact({
        identifier: w.workflowId,
        name: w.name,
        id: w._id,
        status: w.status,
        origin: w.origin,
        steps: (w.steps ?? []).map((s) => s.type).filter(Boolean),
        tags: w.tags && w.tags.length > 0 ? w.tags : undefined,
        lastTriggeredAt: w.lastTriggeredAt,
        recentRuns: found.scanned === undefined ? undefined : (recent?.runs ?? 0),
        recentFailed: found.scanned === undefined ? undefined : (recent?.failed ?? 0),
        lastRunAt: recent?.lastAt,
      });
    }),
    leftOut: (n) => l10n.t('{0} workflows are left out of this answer to keep it short: narrow the query.', n),
    tail: [l10n.t('To see why a subscriber did not get one, call novuExplorer_diagnoseDelivery with the identifier.')],
  });
}

