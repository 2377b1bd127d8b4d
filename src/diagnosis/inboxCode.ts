/**
 * The Inbox code of the workspace held against the run (issue 55, 16; contract §13): a session
 * shows the run's message only with exactly the run's context keys, the environment's application
 * identifier, the run's subscriber and, with HMAC on, a subscriber hash. Each set-up that would
 * not is named by its file and line. Pure and vscode-free: code awareness finds the set-ups.
 */
import { parseEnvironmentList } from '../compare/environments';
import type { Integration } from '../api';
import { l10n } from '../l10n';
import type { Evidence, InboxCodeFact, InboxCodeSite } from './diagnosisTypes';

export type { InboxCodeFact, InboxCodeSite } from './diagnosisTypes';

/** The `identifier` of the environment `environmentId` in `GET /v1/environments`'s body (else of the only one holding the caller's key). */
export function environmentIdentifier(body: unknown, environmentId: string | undefined): string | undefined {
  const list = parseEnvironmentList(body);
  const holding = list.filter((e) => e.holdsCallersKey);
  const own = (environmentId ? list.find((e) => e._id === environmentId) : undefined) ?? (holding.length === 1 ? holding[0] : undefined);
  return own?.identifier;
}

/** Whether the environment's Novu in-app integration has HMAC on (`credentials.hmac`); nothing else of the credentials is read. */
export function inAppHmac(integrations: readonly Integration[], environmentId: string | undefined): boolean | undefined {
  const inApp = integrations.filter((i) => i.channel === 'in_app' && i.providerId === 'novu' && i.active !== false && (!environmentId || !i._environmentId || i._environmentId === environmentId));
  if (inApp.length === 0) return undefined;
  return inApp.some((i) => i.credentials?.['hmac'] === true);
}

/** What one set-up would not match, each in a sentence without its place (empty: nothing seen). */
export function inboxCodeProblems(site: InboxCodeSite, fact: Omit<InboxCodeFact, 'sites'>, run: { contextKeys: readonly string[]; subscriberId: string }): string[] {
  const { setup } = site;
  const problems: string[] = [];
  const runKeys = [...run.contextKeys].sort();
  const context = setup.context;
  if (!context && !setup.spread) {
    if (runKeys.length > 0) problems.push(l10n.t('This Inbox has no context, so it shows only messages sent without one; the run was sent with {0}.', runKeys.join(', ')));
  } else if (context?.kind === 'literal') {
    const missing = runKeys.filter((k) => !context.keys.includes(k));
    const extra = context.keys.filter((k) => !runKeys.includes(k));
    // A spread may add keys: only a closed literal's missing keys are sure.
    if (missing.length > 0 && context.closed) problems.push(l10n.t('This Inbox’s context lacks {0}, which the run was sent with: the context must be exactly the same keys.', missing.join(', ')));
    if (extra.length > 0) problems.push(l10n.t('This Inbox’s context has {0}, which the run was not sent with: the context must be exactly the same keys.', extra.join(', ')));
  }
  const app = setup.applicationIdentifier;
  if (app?.kind === 'literal' && fact.environmentIdentifier !== undefined && app.value !== fact.environmentIdentifier) {
    problems.push(l10n.t('This Inbox’s applicationIdentifier is "{0}", and this environment’s is "{1}": its session belongs to another environment.', app.value, fact.environmentIdentifier));
  }
  if (!setup.subscriberHash && !setup.spread && fact.hmac === true && (app?.kind !== 'literal' || fact.environmentIdentifier === undefined || app.value === fact.environmentIdentifier)) {
    problems.push(l10n.t('HMAC is on in this environment’s Novu in-app integration, and this Inbox passes no subscriberHash: its session is refused.'));
  }
  const subscriber = setup.subscriberId;
  if (subscriber?.kind === 'literal' && subscriber.value !== run.subscriberId) {
    problems.push(l10n.t('This Inbox’s subscriber is "{0}", not {1}.', subscriber.value, run.subscriberId));
  }
  return problems;
}

/** The evidence the Inbox link adds: one line per set-up, and the problems of all of them. */
export function inboxCodeEvidence(fact: InboxCodeFact, run: { contextKeys: readonly string[]; subscriberId: string }): { evidence: Evidence[]; problems: string[] } {
  const evidence: Evidence[] = [];
  const problems: string[] = [];
  for (const site of fact.sites) {
    const own = inboxCodeProblems(site, fact, run);
    problems.push(...own.map((p) => `${site.where}: ${p}`));
    evidence.push({ label: l10n.t('Inbox code, {0}', site.where), value: own.length > 0 ? own.join(' ') : l10n.t('matches what was checked') });
  }
  return { evidence, problems };
}
