/**
 * A readiness finding (readiness.ts, contract §10.6) in words, once for every place that says it:
 * the comparison's tree and tooltips, the agent's #novuCompare, and the command line's `compare`.
 * What it is, the failure it predicts in the service's own words (`workflow_not_found`,
 * `trigger_not_active`, “Subscriber does not have an active integration”, “Layout not found”, 400
 * `PAYLOAD_VALIDATION_ERROR` with its field), its fix, and its evidence line by line. Only the fix
 * depends on where it is read: the editor offers Sync Workflows…, a terminal names `npx novu sync`.
 * Names and values are the service's text: each caller shows them as text for its medium. Pure: no
 * `vscode`.
 */
import { l10n } from '../l10n';
import type { Evidence, Finding } from './readiness';

/** Who is who: the environments' names ("Development", "Production"), never renamed. */
export interface SidesNamed {
  source: string;
  target: string;
}

const CHANNEL_WORDS: Record<string, () => string> = {
  email: () => l10n.t('email'),
  sms: () => l10n.t('SMS'),
  in_app: () => l10n.t('in-app'),
  push: () => l10n.t('push'),
  chat: () => l10n.t('chat'),
};

export function channelWords(channel: string | undefined): string {
  return channel ? (CHANNEL_WORDS[channel]?.() ?? channel) : '';
}

/** A channel's words at the start of a line ("Email", "SMS"). */
function capitalized(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function channelOf(f: Finding): string | undefined {
  if (f.channel) return f.channel;
  const field = f.evidence.find((e) => e.side === 'target')?.field ?? '';
  return /integration\.(\w+)|channel=(\w+)/.exec(field)?.slice(1).find(Boolean);
}

function layoutOf(f: Finding): string {
  if (f.layoutId) return f.layoutId;
  const value = f.evidence.find((e) => e.side === 'source' && e.field.endsWith('layoutId'))?.value;
  return typeof value === 'string' ? value : '';
}

/** What a finding is, after its subject ("not in Production", "no active primary SMS integration in Production"). */
export function findingWhat(f: Finding, sides: SidesNamed): string {
  const t = sides.target;
  switch (f.id) {
    case 'R1':
      return l10n.t('not in {0}', t);
    case 'R2':
      return l10n.t('inactive in {0}', t);
    case 'R3':
      return l10n.t('no steps in {0}', t);
    case 'R4': {
      const channel = channelOf(f);
      return channel === 'email' || channel === 'sms' ? l10n.t('no active primary {0} integration in {1}', channelWords(channel), t) : l10n.t('no active {0} integration in {1}', channelWords(channel), t);
    }
    case 'R5':
      return l10n.t('layout {0} is not in {1}', layoutOf(f), t);
    case 'R6':
      return l10n.t('differs in {0}', t);
    case 'R7':
      return l10n.t('{0}’s payload schema refuses what {1} accepts', t, sides.source);
    case 'R8':
      return l10n.t('payloads are validated only in {0}', t);
    case 'R9':
      return l10n.t('code workflow: its payload schema differs in {0}', t);
    case 'R10':
      return l10n.t('step content is invalid in {0}', t);
    case 'R11':
      return l10n.t('preferences or criticality differ in {0}', t);
    case 'R12':
      return l10n.t('translations differ in {0}', t);
    case 'R13':
      return l10n.t('{0} sends through Novu’s test provider', t);
  }
}

/** What a finding is, in one line for a reader who knows the workflows by name ("Order shipped / sms-step: no active primary SMS integration in Production"). */
export function findingTitle(f: Finding, sides: SidesNamed): string {
  if (f.id === 'R6') return l10n.t('Layout {0}: {1}', f.layoutId ?? '', findingWhat(f, sides));
  if (f.id === 'R13') return `${capitalized(channelWords(channelOf(f)))}: ${findingWhat(f, sides)}`;
  const step = f.stepId ? ` / ${f.stepId}` : '';
  return `${f.workflowName ?? f.workflowId ?? ''}${step}: ${findingWhat(f, sides)}`;
}

/** The same as a line of a report, led by the rule and the workflow's id ("R1 comment-mention (Comment mention): not in Production"). */
export function findingLine(f: Finding, sides: SidesNamed): string {
  let subject: string;
  if (f.workflowId !== undefined) {
    const named = f.workflowName !== undefined && f.workflowName !== f.workflowId ? `${f.workflowId} (${f.workflowName})` : f.workflowId;
    subject = f.stepId !== undefined ? `${named} / ${f.stepId}` : named;
  } else if (f.layoutId !== undefined) subject = l10n.t('layout {0}', f.layoutId);
  else subject = l10n.t('{0} channel', channelWords(channelOf(f)) || '?');
  return `${f.id} ${subject}: ${findingWhat(f, sides)}`;
}

/** The failure it predicts: the service's own words where it has some, else what happens instead. */
export function failureWords(f: Finding, sides: SidesNamed): string {
  const { status, text, field, effect } = f.failure;
  switch (f.id) {
    case 'R1':
      return l10n.t('every trigger answers {0} {1}', status ?? 422, text ?? '');
    case 'R2':
    case 'R3':
      return l10n.t('every trigger answers {0} with status {1}: nothing is sent', status ?? 201, text ?? '');
    case 'R4':
      return f.level === 'blocking'
        ? l10n.t('runs start, and each {0} step fails: “{1}”', channelWords(channelOf(f)), text ?? '')
        : l10n.t('a {0} step fails for each subscriber without a usable channel: “{1}”', channelWords(channelOf(f)), text ?? '');
    case 'R5':
      return l10n.t('each email of this step fails: “{0}”', text ?? '');
    case 'R7':
    case 'R8': {
      const first = field ?? f.refusals?.[0]?.field;
      return first
        ? l10n.t('a payload {0} accepts can be refused: 400 PAYLOAD_VALIDATION_ERROR, “{1}: {2}”', sides.source, text ?? '', first)
        : l10n.t('a payload {0} accepts can be refused: 400 PAYLOAD_VALIDATION_ERROR, “{1}”', sides.source, text ?? '');
    }
  }
  switch (effect) {
    case 'layoutDiffers':
      return l10n.t('emails look different in {0}; nothing fails', sides.target);
    case 'failedRun':
      return l10n.t('code workflows are not validated at trigger: a payload the code cannot handle shows as a failed run');
    case 'invalidContent':
      return l10n.t('the step runs with invalid controls: expect “Message content could not be generated” or “Bridge execution failed”');
    case 'criticalDiffers':
    case 'preferencesDiffer':
      return l10n.t('subscribers can opt out in one environment but not in the other');
    case 'defaultLocale':
      return l10n.t('subscribers of a missing locale get the default locale’s content');
    case 'demoProvider':
      return l10n.t('Novu’s test provider has its own limits (“Novu’s provider limit has been reached”)');
    default:
      return text ?? '';
  }
}

/**
 * The fix: what to do, where. The extension and the CLI never publish (an API key cannot); a code
 * workflow reaches each environment through its own sync, which the editor offers as Sync
 * Workflows… and a terminal runs as `npx novu sync`.
 */
export function fixWords(f: Finding, sides: SidesNamed, where: 'editor' | 'terminal' = 'editor'): string {
  const fix = f.fix;
  switch (fix.kind) {
    case 'publish':
      return l10n.t('Publish {0} from {1} in Novu’s dashboard', fix.workflowId, sides.source);
    case 'sync':
      return where === 'editor'
        ? l10n.t('Sync Workflows… to {0} (a code workflow reaches each environment through its own sync)', sides.target)
        : l10n.t('Sync {0}’s bridge with the code you ship (npx novu sync with {0}’s secret key): a code workflow reaches each environment through its own sync', sides.target);
    case 'dashboard':
      if (fix.page === 'integrations') {
        return fix.channel === 'email' || fix.channel === 'sms'
          ? l10n.t('Set up an active primary {0} integration in {1}’s Integration Store', channelWords(fix.channel), sides.target)
          : l10n.t('Set up an active {0} integration in {1}’s Integration Store', channelWords(fix.channel), sides.target);
      }
      if (fix.page === 'layouts') return l10n.t('Create or update layout {0} in {1} (the dashboard’s Layouts)', fix.layoutId, sides.target);
      return l10n.t('Add the missing translations of {0} in {1}', fix.workflowId, sides.target);
  }
}

/** One line of evidence: which side, the route and field, and the value (as JSON, shortened to `max` characters). */
export function evidenceLine(e: Evidence, sides: SidesNamed, max = 160): string {
  const value = e.value === undefined ? 'undefined' : (JSON.stringify(e.value) ?? String(e.value));
  const shown = value.length > max ? `${value.slice(0, max - 1)}…` : value;
  return l10n.t('{0}: {1} → {2} = {3}', e.side === 'source' ? sides.source : sides.target, e.route, e.field, shown);
}
