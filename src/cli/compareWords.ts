/**
 * A readiness finding (contract §10.6) in the command line's words: what it is, the failure it
 * predicts in the service's own words (`workflow_not_found`, `trigger_not_active`, `Subscriber does
 * not have an active integration`, `Layout not found`, 400 `PAYLOAD_VALIDATION_ERROR` with its
 * field), the fix, and its evidence (each side's value with the route and field it came from).
 * Names and values are the service's: every reporter escapes them for its medium. Pure: no vscode.
 */
import { l10n } from '../l10n';
import type { Evidence, Finding } from '../compare/readiness';

export interface SideWords {
  /** The environment's name: `Production`, never renamed. */
  source: string;
  target: string;
}

const MAX_VALUE = 240;

function subject(f: Finding): string {
  if (f.workflowId !== undefined) {
    const named = f.workflowName !== undefined && f.workflowName !== f.workflowId ? `${f.workflowId} (${f.workflowName})` : f.workflowId;
    return f.stepId !== undefined ? `${named} / ${f.stepId}` : named;
  }
  if (f.layoutId !== undefined) return l10n.t('layout {0}', f.layoutId);
  return l10n.t('{0} channel', f.channel ?? '?');
}

/** One line: `R1 comment-mention: not in Production`. */
export function findingTitle(f: Finding, sides: SideWords): string {
  const t = sides.target;
  const what = ((): string => {
    switch (f.id) {
      case 'R1':
        return l10n.t('not in {0}', t);
      case 'R2':
        return l10n.t('inactive in {0}', t);
      case 'R3':
        return l10n.t('no steps in {0}', t);
      case 'R4':
        return f.channel === 'email' || f.channel === 'sms' ? l10n.t('no active primary {0} integration in {1}', f.channel, t) : l10n.t('no active {0} integration in {1}', f.channel ?? '?', t);
      case 'R5':
        return l10n.t('its email names layout {0}, which {1} does not have', f.layoutId ?? '?', t);
      case 'R6':
        return l10n.t('differs in {0}', t);
      case 'R7':
        return l10n.t("{0}'s payload schema refuses what {1}'s accepts", t, sides.source);
      case 'R8':
        return l10n.t('payload validation is on only in {0}', t);
      case 'R9':
        return l10n.t('code workflow: its payload schema differs in {0}', t);
      case 'R10':
        return l10n.t('step content invalid in {0}', t);
      case 'R11':
        return l10n.t('preferences or criticality differ in {0}', t);
      case 'R12':
        return l10n.t('translations differ in {0}', t);
      case 'R13':
        return l10n.t("{0} sends through Novu's test provider", t);
    }
  })();
  return `${f.id} ${subject(f)}: ${what}`;
}

/** The failure a send would meet, in the service's words where it has some. */
export function failureText(f: Finding, sides: SideWords): string {
  const p = f.failure;
  switch (f.id) {
    case 'R1':
      return l10n.t('every trigger answers {0} {1}', p.status ?? 422, p.text ?? '');
    case 'R2':
    case 'R3':
      return l10n.t('every trigger answers {0} with status {1}: nothing is sent', p.status ?? 201, p.text ?? '');
    case 'R4':
      return f.level === 'blocking'
        ? l10n.t('runs start, and each {0} step fails: "{1}"', f.channel ?? '?', p.text ?? '')
        : l10n.t('a {0} step can fail for subscribers without a usable channel: "{1}"', f.channel ?? '?', p.text ?? '');
    case 'R5':
      return l10n.t('each email of that step: "{0}" (Failed), and the step fails', p.text ?? '');
    case 'R7':
    case 'R8': {
      const field = p.field !== undefined ? `: ${p.field}` : '';
      return f.id === 'R7'
        ? l10n.t('a payload it refuses answers {0} {1} "{2}{3}" (the real payloads are not known here)', p.status ?? 400, p.type ?? '', p.text ?? '', field)
        : l10n.t('payloads accepted in {0} can be refused in {1} with {2} {3}', sides.source, sides.target, p.status ?? 400, p.type ?? '');
    }
    case 'R6':
      return l10n.t('{0} emails look different (not a failure)', sides.target);
    case 'R9':
      return l10n.t('code workflows are not validated at trigger: a payload the code no longer accepts shows as a failed run');
    case 'R10':
      return l10n.t('the step runs with invalid controls: expect "Message content could not be generated" or "Bridge execution failed"');
    case 'R11':
      return l10n.t('subscribers can opt out in one environment but not in the other');
    case 'R12':
      return l10n.t("subscribers with that locale get the default locale's content");
    case 'R13':
      return l10n.t("Novu's test provider has its own limits (\"Novu's provider limit has been reached\")");
  }
}

/** What to do about it. The CLI never publishes: an API key cannot. */
export function fixText(f: Finding, sides: SideWords): string {
  const fix = f.fix;
  switch (fix.kind) {
    case 'publish':
      return l10n.t("publish {0} from {1} to {2} in Novu's dashboard (an API key cannot publish)", fix.workflowId, sides.source, sides.target);
    case 'sync':
      return l10n.t("code workflow: sync {0}'s bridge with the code you ship (npx novu sync with {0}'s secret key)", sides.target);
    case 'dashboard':
      switch (fix.page) {
        case 'integrations':
          return fix.channel === 'email' || fix.channel === 'sms'
            ? l10n.t("in {0}'s dashboard, Integrations: make an integration of channel {1} active and primary", sides.target, fix.channel)
            : l10n.t("in {0}'s dashboard, Integrations: make an integration of channel {1} active", sides.target, fix.channel);
        case 'layouts':
          return l10n.t("in {0}'s dashboard, Layouts: publish or create layout {1}", sides.target, fix.layoutId);
        case 'translations':
          return l10n.t("in {0}'s dashboard, Translations: add the missing locales of {1}", sides.target, fix.workflowId);
      }
  }
}

/** A value on one line: JSON, clipped. */
export function valueText(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
}

/** `Production: GET /v2/workflows/… steps.1.issues.integration.sms = […]`. */
export function evidenceText(e: Evidence, sides: SideWords): string {
  return `${e.side === 'source' ? sides.source : sides.target}: ${e.route} ${e.field} = ${valueText(e.value)}`;
}
