/**
 * The diagnosis's verdict from its links: a cause proven by the latest run's execution details
 * outranks one inferred from settings, and a proven cause is checked again against what the service
 * says now before the next run is said to go out. Pure and vscode-free.
 */
import type { Notification } from '../api';
import { providerName, stepCause, causeContextOf, type StepCause } from '../format/stepCause';
import { l10n } from '../l10n';
import { channelName, createdByTrigger, providerAnswer, stepFor } from './deliveryFacts';
import { fixForCause } from './diagnosisLinks';
import type { Channel, DiagnosisInput, Fact, Link, LinkId, Verdict } from './diagnosisTypes';

/** Whether the cause the latest run names still holds for this subscriber, checked now. */
type Recheck = { state: 'gone'; link: LinkId } | { state: 'holds' } | { state: 'unknown'; why: string };

/**
 * The cause of the latest run, checked again against what the service says now, for this
 * subscriber: only a cause whose own setting is read again and is gone may be called fixed.
 */
function recheck(cause: StepCause, input: DiagnosisInput, links: readonly Link[], channel: Channel | undefined, run: Notification): Recheck {
  const why = (fact: Fact<unknown>, what: string): Recheck =>
    fact.state === 'failed' ? { state: 'unknown', why: fact.error.message } : fact.state === 'pending' ? { state: 'unknown', why: l10n.t('still asking') } : { state: 'unknown', why: l10n.t('the {0} could not be read', what) };
  const prefs = input.preferences;
  const critical = (): boolean => {
    if (prefs.state !== 'ok') return false;
    const identifier = input.workflow.state === 'ok' ? input.workflow.value.workflowId : (run.template?.triggers?.[0]?.identifier ?? input.workflowRef);
    return prefs.value.critical.some((w) => w.workflow.identifier === identifier) || (input.workflow.state === 'ok' && (input.workflow.value.preferences?.user?.all?.readOnly ?? input.workflow.value.preferences?.default?.all?.readOnly) === true);
  };
  switch (cause.kind) {
    case 'preferenceGlobal':
      if (prefs.state !== 'ok' || !channel) return why(prefs, l10n.t('preferences'));
      return critical() || prefs.value.preferences.global.channels[channel] !== false ? { state: 'gone', link: 'preferences' } : { state: 'holds' };
    case 'preferenceWorkflow': {
      if (prefs.state !== 'ok' || !channel) return why(prefs, l10n.t('preferences'));
      const identifier = input.workflow.state === 'ok' ? input.workflow.value.workflowId : (run.template?.triggers?.[0]?.identifier ?? input.workflowRef);
      const own = prefs.value.preferences.workflows.find((w) => w.workflow.identifier === identifier);
      return critical() || own?.channels[channel] !== false ? { state: 'gone', link: 'preferences' } : { state: 'holds' };
    }
    case 'missingEmail':
    case 'missingPhone':
    case 'missingAddress': {
      const s = input.subscriber;
      if (s.state !== 'ok') return why(s, l10n.t('subscriber'));
      const field = cause.kind === 'missingEmail' || (cause.kind === 'missingAddress' && channel === 'email') ? 'email' : 'phone';
      return s.value[field] ? { state: 'gone', link: 'addresses' } : { state: 'holds' };
    }
    case 'noIntegration': {
      const link = links.find((l) => l.id === 'integrations')!;
      if (link.state === 'ok') return { state: 'gone', link: 'integrations' };
      if (link.state === 'unknown' || link.state === 'pending') return { state: 'unknown', why: link.summary };
      return { state: 'holds' };
    }
    default:
      return { state: 'holds' };
  }
}

/** What still stops the next run, now that the latest run's cause is gone: a broken link (not the runs, which show the past). */
const BLOCKERS: LinkId[] = ['connection', 'subscriber', 'workflow', 'addresses', 'preferences', 'integrations'];

export function verdictOf(input: DiagnosisInput, links: Link[], latest: Notification | undefined, channel: Channel | undefined, who: string): Verdict {
  const byId = (id: LinkId) => links.find((l) => l.id === id)!;
  // A refused key: nothing else said can be trusted until it is replaced.
  const connection = byId('connection');
  if (connection.state === 'broken') return { state: 'broken', proven: false, link: 'connection', cause: 'keyRefused', text: `${connection.title}: ${connection.summary}`, ...(connection.fix ? { fix: connection.fix } : {}) };
  const step = latest ? stepFor(latest, channel) : undefined;
  const cause = step ? stepCause(step, causeContextOf(latest!)) : undefined;
  const said = channelName(channel ?? (step?.type as Channel | undefined));
  const when = latest ? (latest.createdAt ?? latest._id) : '';
  // A trigger to a mistyped ID made a subscriber of its own: whatever its run says next (no
  // address), the cause is the ID, and the fix is the other subscriber, not this one.
  const similar = input.similar?.state === 'ok' ? input.similar.value : [];
  if (latest && input.subscriber.state === 'ok' && similar.length > 0 && createdByTrigger(input.subscriber.value, input.runs.state === 'ok' ? input.runs.value : [])) {
    return {
      state: 'broken',
      proven: true,
      link: 'subscriber',
      cause: 'mistypedId',
      text: l10n.t('"{0}" was created by this trigger (no name, no address, created with its first run); did you mean "{1}"? Correct the ID your code sends, and send it again to {1}.', input.subscriberId, similar[0]!),
      fix: { kind: 'sendAgainTo', notificationId: latest._id, subscriberId: similar[0]! },
    };
  }
  // Proven by the latest run: its step for the channel, in the service's own detail.
  if (latest && step && cause) {
    const proof = l10n.t('{0} to {1}: {2}. Proof: the latest run ({3}) says "{4}".', said, who, cause.text, when, cause.detail);
    const again = recheck(cause, input, links, channel, latest);
    if (again.state === 'holds') {
      // The link that re-checked it says which provider, and where it is active: say it here too.
      const integrations = byId('integrations');
      const which = cause.kind === 'noIntegration' && integrations.state === 'broken' ? ` ${integrations.summary}` : '';
      // For push and chat the link knows the kind better: the subscriber's own provider is not active here.
      const kind = cause.kind === 'noIntegration' && integrations.cause === 'providerNotActive' ? 'providerNotActive' : cause.kind;
      return { state: 'broken', proven: true, link: 'runs', cause: kind, text: proof + which, fix: fixForCause(cause, latest, channel) };
    }
    if (again.state === 'unknown') return { state: 'unknown', proven: true, link: 'runs', cause: cause.kind, text: `${proof} ${l10n.t('Whether it still holds could not be checked: {0}', again.why)}`, fix: fixForCause(cause, latest, channel) };
    // Its setting holds no more, for this subscriber: only then is the next run said to go out,
    // and only if nothing else now stops it.
    const blocker = BLOCKERS.map(byId).find((l) => l.state === 'broken' && l.id !== again.link);
    if (blocker) {
      return {
        state: 'broken',
        proven: false,
        link: blocker.id,
        ...(blocker.cause ? { cause: blocker.cause } : {}),
        fixedCause: cause.kind,
        text: l10n.t('{0} to {1}: {2} in the latest run ({3}); that is fixed now, but the next run would still not go out. {4}: {5}', said, who, cause.text, when, blocker.title, blocker.summary),
        ...(blocker.fix ? { fix: blocker.fix } : {}),
      };
    }
    if (BLOCKERS.map(byId).some((l) => l.state === 'pending')) return { state: 'pending', proven: false, text: l10n.t('Checking…') };
    const caution = BLOCKERS.map(byId).find((l) => l.state === 'warning' || (l.state === 'unknown' && !(l.id === 'workflow' && input.workflow.state === 'skipped')));
    return {
      state: 'warning',
      proven: true,
      link: again.link,
      cause: cause.kind,
      text: l10n.t('{0} to {1}: {2} in the latest run ({3}). {4} is fine now: send it again to deliver it.', said, who, cause.text, when, byId(again.link).title) + (caution ? ` ${l10n.t('Mind {0}: {1}', caution.title, caution.summary)}` : ''),
      fix: { kind: 'sendAgain', notificationId: latest._id },
    };
  }
  if (latest && step?.status === 'completed') {
    // In-app past "sent": the Inbox says whether the message is there, and in which state.
    const inbox = channel === 'in_app' ? links.find((l) => l.id === 'inbox') : undefined;
    if (inbox && (inbox.state === 'broken' || inbox.state === 'warning')) {
      return { state: inbox.state, proven: true, link: 'inbox', ...(inbox.cause ? { cause: inbox.cause } : {}), text: `${l10n.t('{0} to {1} was sent in the latest run ({2}).', said, who, when)} ${inbox.summary}`, ...(inbox.fix ? { fix: inbox.fix } : {}) };
    }
    const provider = providerName(step.providerId);
    const through = provider ? l10n.t(' through {0}', provider) : '';
    const answer = providerAnswer(step);
    const preferences = byId('preferences');
    // A critical workflow goes out over a preference that is off: say why it did.
    const overPreference = channel && preferences.state === 'ok' && input.preferences.state === 'ok' && input.preferences.value.preferences.global.channels[channel] === false;
    return {
      state: 'ok',
      proven: true,
      link: 'runs',
      cause: 'sent',
      text: [
        l10n.t('{0} to {1} was sent{2} in the latest run ({3}).', said, who, through, when),
        overPreference ? l10n.t('{0} is off in {1}’s preferences, and it went out anyway: the workflow is critical.', said, who) : '',
        ...(inbox?.state === 'ok'
          ? [inbox.summary]
          : [answer ? l10n.t('The provider answered: {0}.', answer) : l10n.t('The provider’s answer is not in the run’s execution details.'), l10n.t('Sent is not delivered: whether it arrived shows in the provider’s own logs.')]),
      ].filter(Boolean).join(' '),
      fix: { kind: 'openNotification', notificationId: latest._id },
    };
  }
  // No run, and a topic send left the subscriber out: that is the cause, not "no run".
  const topics = links.find((l) => l.id === 'topics');
  if (!latest && topics?.state === 'broken') return { state: 'broken', proven: false, link: 'topics', cause: 'topicFiltered', text: `${topics.title}: ${topics.summary}`, ...(topics.fix ? { fix: topics.fix } : {}) };
  const order: LinkId[] = ['subscriber', 'workflow', 'runs', 'addresses', 'preferences', 'integrations'];
  for (const state of ['broken', 'pending', 'unknown', 'warning'] as const) {
    const link = order.map(byId).find((l) => l.state === state && !(state === 'unknown' && l.id === 'workflow' && input.workflow.state === 'skipped'));
    if (!link) continue;
    if (state === 'pending') return { state: 'pending', proven: false, text: l10n.t('Checking…') };
    if (state === 'unknown') return { state: 'unknown', proven: false, link: link.id, cause: 'notChecked', text: l10n.t('Not everything could be checked. {0}: {1}', link.title, link.summary), ...(link.fix ? { fix: link.fix } : {}) };
    return { state, proven: false, link: link.id, ...(link.cause ? { cause: link.cause } : {}), text: `${link.title}: ${link.summary}`, ...(link.fix ? { fix: link.fix } : {}) };
  }
  return { state: 'ok', proven: false, text: l10n.t('Nothing in the chain stops {0} to {1}.', channelName(channel), who) };
}
