/**
 * A readiness finding (src/compare/readiness.ts, contract §10.6) in words for the comparison's tree
 * and its tooltips: what it is, the failure it predicts in the service's own words, its fix, and its
 * evidence line by line. Names of workflows, steps and layouts are the service's text: the callers
 * show them as plain text (a tree label, a Markdown tooltip escaped). Pure: no `vscode`.
 */
import { l10n } from '../l10n';
import type { Evidence, Finding } from '../compare/readiness';

/** Who is who: the target's environment name ("Production") and the source's. */
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

/** A channel's words at the start of a line ("Email", "SMS"). */
function capitalized(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function channelWords(channel: string | undefined): string {
  return channel ? (CHANNEL_WORDS[channel]?.() ?? channel) : '';
}

/** What a finding is, in one line ("order-shipped: not in Production"). */
export function findingTitle(f: Finding, sides: SidesNamed): string {
  const w = f.workflowName ?? f.workflowId ?? '';
  const step = f.stepId ? ` / ${f.stepId}` : '';
  const layoutId = f.layoutId ?? layoutOf(f);
  switch (f.id) {
    case 'R1':
      return l10n.t('{0}: not in {1}', w, sides.target);
    case 'R2':
      return l10n.t('{0}: inactive in {1}', w, sides.target);
    case 'R3':
      return l10n.t('{0}: no steps in {1}', w, sides.target);
    case 'R4':
      return l10n.t('{0}{1}: no usable {2} integration in {3}', w, step, channelWords(f.channel ?? channelOf(f)), sides.target);
    case 'R5':
      return l10n.t('{0}{1}: layout {2} is not in {3}', w, step, layoutId ?? '', sides.target);
    case 'R6':
      return l10n.t('Layout {0} differs', f.layoutId ?? '');
    case 'R7':
      return l10n.t('{0}: {1}’s payload schema refuses what {2} accepts', w, sides.target, sides.source);
    case 'R8':
      return l10n.t('{0}: payloads are validated only in {1}', w, sides.target);
    case 'R9':
      return l10n.t('{0}: the code workflow’s payload schemas differ', w);
    case 'R10':
      return l10n.t('{0}{1}: step content is invalid in {2}', w, step, sides.target);
    case 'R11':
      return l10n.t('{0}: preferences or criticality differ', w);
    case 'R12':
      return l10n.t('{0}: translations differ', w);
    case 'R13':
      return l10n.t('{0}: {1} sends through Novu’s test provider', capitalized(channelWords(f.channel)), sides.target);
  }
}

function channelOf(f: Finding): string | undefined {
  const field = f.evidence.find((e) => e.side === 'target')?.field ?? '';
  return /integration\.(\w+)|channel=(\w+)/.exec(field)?.slice(1).find(Boolean);
}

function layoutOf(f: Finding): string | undefined {
  const value = f.evidence.find((e) => e.side === 'source' && e.field.endsWith('layoutId'))?.value;
  return typeof value === 'string' ? value : undefined;
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
      return l10n.t('runs start, and each {0} step fails: “{1}”', channelWords(f.channel ?? channelOf(f)), text ?? '');
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

/** The fix, in words: what to do, where (the extension never publishes: an API key cannot). */
export function fixWords(f: Finding, sides: SidesNamed): string {
  const fix = f.fix;
  switch (fix.kind) {
    case 'publish':
      return l10n.t('Publish {0} from {1} in Novu’s dashboard', fix.workflowId, sides.source);
    case 'sync':
      return l10n.t('Sync Workflows… to {0} (a code workflow reaches each environment through its own sync)', sides.target);
    case 'dashboard':
      if (fix.page === 'integrations') return l10n.t('Set up an active primary {0} integration in {1}’s Integration Store', channelWords(fix.channel), sides.target);
      if (fix.page === 'layouts') return l10n.t('Create or update layout {0} in {1} (the dashboard’s Layouts)', fix.layoutId, sides.target);
      return l10n.t('Add the missing translations of {0} in {1}', fix.workflowId, sides.target);
  }
}

/** One line of evidence: which side, the route and field, and the value (as JSON, shortened to `max` characters). */
export function evidenceLine(e: Evidence, sides: SidesNamed, max = 160): string {
  const value = JSON.stringify(e.value) ?? 'undefined';
  const shown = value.length > max ? `${value.slice(0, max - 1)}…` : value;
  return l10n.t('{0}: {1} → {2} = {3}', e.side === 'source' ? sides.source : sides.target, e.route, e.field, shown);
}
