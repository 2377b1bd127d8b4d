/**
 * What code awareness says of an Inbox set-up in the user's front end (issue 55, 13; contract §13):
 * which saved connection's environment its application identifier names, and what would keep a
 * session of it from showing the messages the workspace's triggers send (an identifier no
 * environment has, Production's while the active connection is Development, no context while the
 * triggers send one, no subscriber hash while the environment's in-app integration wants one).
 * Pure and vscode-free: the caller reads the environments and the triggers, and places the words.
 */
import type { EnvironmentKind } from '../compare/environments';
import { l10n } from '../l10n';
import type { InboxSetup } from '../scan';

/** An environment of a saved connection's organization, as `GET /v1/environments` lists it. */
export interface KnownEnvironment {
  connectionId: string;
  connectionName: string;
  /** Its `_id`. */
  id: string;
  name: string;
  /** `identifier`: the Inbox's application identifier. */
  identifier: string;
  kind: EnvironmentKind;
  /** The connection's key is for this environment. */
  own: boolean;
}

/** A trigger call of the workspace that sends a context written as a literal. */
export interface ContextTrigger {
  /** `src/notify.ts:38`. */
  where: string;
  keys: readonly string[];
}

export interface InboxFacts {
  /** The environments of the connections read; `complete`: every saved connection was read. */
  environments: readonly KnownEnvironment[] | undefined;
  complete: boolean;
  /** The active connection's own environment, when known. */
  active?: { connectionName: string; environmentName: string; kind: EnvironmentKind } | undefined;
  /** Whether the environment (by `_id`) has HMAC on in its Novu in-app integration; undefined: not known. */
  hmac?: (environmentId: string) => boolean | undefined;
  /** The workspace's triggers that send a context (read when known). */
  contextTriggers?: readonly ContextTrigger[] | undefined;
}

export type FindingCode = 'inbox-unknown-application' | 'inbox-production-application' | 'inbox-no-context' | 'inbox-no-subscriber-hash';

export interface InboxFinding {
  code: FindingCode;
  severity: 'warning' | 'information';
  /** Where it is said: the application identifier's value, or the set-up's tag (`new Novu`). */
  at: 'applicationIdentifier' | 'setup';
  message: string;
}

/** The environment an application identifier names: the connection's own first, then any that lists it. */
export function environmentOf(identifier: string, environments: readonly KnownEnvironment[]): KnownEnvironment | undefined {
  const matching = environments.filter((e) => e.identifier === identifier);
  return matching.find((e) => e.own) ?? matching[0];
}

/** The lens's title: where the application identifier belongs, or why that is not known here. */
export function inboxLensTitle(setup: InboxSetup, facts: InboxFacts): string {
  const app = setup.applicationIdentifier;
  if (!app) return setup.spread ? l10n.t('Inbox · applicationIdentifier from the props spread here: not known here') : l10n.t('Inbox · no applicationIdentifier');
  if (app.kind === 'env') return l10n.t('Inbox · applicationIdentifier from {0}: not known here', app.name);
  if (app.kind === 'expression') return l10n.t('Inbox · applicationIdentifier computed: not known here');
  if (!facts.environments) return l10n.t('Inbox · the environments are not read yet');
  const environment = environmentOf(app.value, facts.environments);
  if (environment) return l10n.t('Inbox → {0} · {1}', environment.connectionName, environment.name);
  return facts.complete ? l10n.t('Inbox → no saved connection has this application identifier') : l10n.t('Inbox → not found in the connections read');
}

/** The context keys the workspace's triggers send, each once, sorted, with the first trigger that sends them. */
function sentContexts(triggers: readonly ContextTrigger[]): { where: string; keys: string }[] {
  const seen = new Map<string, string>();
  for (const t of triggers) {
    if (t.keys.length === 0) continue;
    const keys = [...t.keys].sort().join(', ');
    if (!seen.has(keys)) seen.set(keys, t.where);
  }
  return [...seen].map(([keys, where]) => ({ where, keys }));
}

/** The findings of one set-up, in order. */
export function inboxFindings(setup: InboxSetup, facts: InboxFacts): InboxFinding[] {
  const found: InboxFinding[] = [];
  const app = setup.applicationIdentifier;
  const environment = app?.kind === 'literal' && facts.environments ? environmentOf(app.value, facts.environments) : undefined;
  if (app?.kind === 'literal' && facts.environments && facts.complete && !environment) {
    found.push({
      code: 'inbox-unknown-application',
      severity: 'warning',
      at: 'applicationIdentifier',
      message: l10n.t('No environment of your saved connections has the application identifier "{0}": the Inbox’s session is refused (“Please provide a valid application identifier”). It is the identifier of an environment (GET /v1/environments), not its _id.', app.value),
    });
  }
  if (environment?.kind === 'production' && facts.active?.kind === 'development') {
    found.push({
      code: 'inbox-production-application',
      severity: 'warning',
      at: 'applicationIdentifier',
      message: l10n.t('This Inbox uses {0}’s application identifier; the active connection is {1} ({2}): it shows what {0} sends, not what you trigger in {1}.', environment.name, facts.active.environmentName, facts.active.connectionName),
    });
  }
  // An Inbox without a context sees only messages sent without one (contract §13: exact match).
  const sent = sentContexts(facts.contextTriggers ?? []);
  if (!setup.context && !setup.spread && sent.length > 0) {
    const first = sent[0]!;
    const more = sent.length > 1 ? ` ${l10n.t('({0} other contexts are sent too.)', sent.length - 1)}` : '';
    found.push({
      code: 'inbox-no-context',
      severity: 'warning',
      at: 'setup',
      message: l10n.t('This Inbox has no context: it shows only messages sent without one, and your triggers in {0} send {1}.', first.where, first.keys) + more,
    });
  }
  if (!setup.subscriberHash && !setup.spread && environment && facts.hmac?.(environment.id) === true) {
    found.push({
      code: 'inbox-no-subscriber-hash',
      severity: 'information',
      at: 'setup',
      message: l10n.t('{0} has HMAC on in its Novu in-app integration: this Inbox passes no subscriberHash, so its session is refused (“Please provide a valid HMAC hash”). Compute the hash on your server.', environment.name),
    });
  }
  return found;
}
