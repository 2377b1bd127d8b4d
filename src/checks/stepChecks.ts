/**
 * The checks of every rendered step (issue 46, §4), on what the Preview already has for it: the
 * rendered step's model (src/rendered/), or why it did not render, the payload and the workflow's
 * payload schema. The Preview's Checks strip shows their findings; a test run fails on their errors.
 *
 * - it rendered;
 * - the payload passes the workflow's schema (the one rule of Preview and Trigger…, format/payloadSchema);
 * - nothing unresolved is left in the subject, body, text or buttons: `undefined`, `null`, `NaN`,
 *   `[object Object]`, or a `{{ … }}` / `{% … %}` that was not rendered;
 * - no link or button has an empty, `javascript:` (or `data:`, `vbscript:`) or direction-control
 *   target (the rule the Preview flags with, rendered/linkSafety);
 * - email: emailChecks.ts; SMS: no more segments than the setting allows, with the encoding.
 * Every value from the app or the payload is quoted as text, its direction controls as escapes.
 * Linear time on any input. Pure: no vscode.
 */
import { checkPayload } from '../format/payloadSchema';
import { l10n } from '../l10n';
import { htmlToText } from '../rendered/htmlText';
import { showControls, unsafeReasonWords, unsafeUrlReasons } from '../rendered/linkSafety';
import type { EmailModel, InAppModel, PreviewModel, SmsModel } from '../rendered/previewModel';
import { DEFAULT_CHECKS_SETTINGS, type CheckId, type ChecksSettings, type Finding, type FindingWhere, type Found } from './checkLevels';
import type { CanIEmail } from './clientSupport';
import { emailFindings } from './emailChecks';

export interface StepToCheck {
  stepId: string;
  /** What the step rendered to, or why it did not (the Preview's failure: its text, and the payload's keys the app refused). */
  result: { model: PreviewModel } | { failure: { text: string; atKeys: readonly { key: string; message: string }[] } };
  /** The payload it was rendered with. */
  payload: Record<string, unknown>;
  /** The workflow's payload schema, when it can be read (an app on zod 4 hides it: then undefined). */
  payloadSchema?: unknown;
}

/** At most this many findings of one check are listed; the rest are counted in one more. */
const MAX_PER_CHECK = 20;

/**
 * The findings of one step, each at the level the settings give its check (a check set `off` finds
 * nothing), errors first. `canIEmail` is caniemail's data (clientSupport.ts): without it the email's
 * HTML and CSS are not checked against the clients.
 */
export function checkStep(step: StepToCheck, settings: ChecksSettings = DEFAULT_CHECKS_SETTINGS, canIEmail?: CanIEmail): Finding[] {
  const found: Found[] = [];
  if ('failure' in step.result) {
    found.push({ id: 'rendered', where: { kind: 'step' }, message: l10n.t('It did not render: {0}', showControls(step.result.failure.text)) });
    for (const { key, message } of step.result.failure.atKeys) found.push(payloadFinding(key, message));
  } else {
    found.push(...payloadFindings(step.payload, step.payloadSchema));
    found.push(...modelFindings(step.result.model, settings, canIEmail));
  }
  const findings: Finding[] = [];
  const counted = new Map<CheckId, number>();
  for (const f of found) {
    const level = settings.levels[f.id];
    if (level === 'off') continue;
    const count = (counted.get(f.id) ?? 0) + 1;
    counted.set(f.id, count);
    if (count <= MAX_PER_CHECK) findings.push({ id: f.id, level, step: step.stepId, where: f.where, message: f.message });
  }
  for (const [id, count] of counted) {
    const level = settings.levels[id];
    if (count > MAX_PER_CHECK && level !== 'off') {
      findings.push({ id, level, step: step.stepId, where: { kind: 'step' }, message: count - MAX_PER_CHECK === 1 ? l10n.t('1 more finding of this check is not listed.') : l10n.t('{0} more findings of this check are not listed.', count - MAX_PER_CHECK) });
    }
  }
  // Errors first; within a level, in the order found.
  return findings.filter((f) => f.level === 'error').concat(findings.filter((f) => f.level === 'warning'));
}

function payloadFinding(key: string, message: string): Found {
  return { id: 'payload-schema', where: { kind: 'payload', key }, message: key ? l10n.t('The payload’s {0}: {1}', showControls(key), showControls(message)) : l10n.t('The payload: {0}', showControls(message)) };
}

/** The payload against the workflow's schema, with its defaults filled in as the app does (checkPayload). */
function payloadFindings(payload: Record<string, unknown>, schema: unknown): Found[] {
  if (schema === undefined) return [];
  return Object.entries(checkPayload(payload, schema)).map(([field, messages]) => payloadFinding(field.replace(/^payload\.?/, ''), messages.join('; ')));
}

function modelFindings(model: PreviewModel, settings: ChecksSettings, canIEmail: CanIEmail | undefined): Found[] {
  switch (model.kind) {
    case 'email':
      return [...emailUnresolved(model), ...emailLinkTargets(model), ...emailFindings(model, settings, canIEmail)];
    case 'inApp':
      return inAppFindings(model);
    case 'sms':
      return [...unresolvedIn(model.text, { kind: 'field', field: 'text' }), ...smsSegments(model, settings.smsMaxSegments)];
    case 'push':
      return [...unresolvedIn(model.title, { kind: 'field', field: 'title' }), ...unresolvedIn(model.text, { kind: 'field', field: 'text' })];
    case 'chat':
      return unresolvedIn(model.text, { kind: 'field', field: 'text' });
    case 'settings':
      return [];
  }
}

// ---- Unresolved values --------------------------------------------------------------------------

/**
 * What a template leaves when a value was missing: JavaScript's `undefined`, `null`, `NaN` and
 * `[object Object]` as whole words, and Liquid or Handlebars that was not rendered. Bounded
 * repetitions only: no backtracking on a 1 MB body.
 */
const UNRESOLVED = /\{\{[^{}\n]{0,200}\}\}|\{%[^%\n]{0,200}%\}|\[object Object\]|(?<![\w$.])(?:undefined|null|NaN)(?![\w$])/;
/** How much text around a match is quoted. */
const AROUND = 30;

/** The first unresolved value in `text`, quoted with its surroundings (one finding per text). */
export function unresolvedIn(text: string, where: FindingWhere): Found[] {
  const match = UNRESOLVED.exec(text);
  if (!match) return [];
  const from = Math.max(0, match.index - AROUND);
  const to = Math.min(text.length, match.index + match[0].length + AROUND);
  const quote = `${from > 0 ? '…' : ''}${text.slice(from, to).replace(/\s+/g, ' ')}${to < text.length ? '…' : ''}`;
  return [{ id: 'unresolved', where, message: l10n.t('{0} shows “{1}”, a value that was not filled in: “{2}”', placeWords(where), showControls(match[0]), showControls(quote)) }];
}

/** Where a finding is, in words, to start its message. */
function placeWords(where: FindingWhere): string {
  switch (where.kind) {
    case 'field':
      return where.field === 'subject' ? l10n.t('The subject') : where.field === 'body' ? l10n.t('The body') : where.field === 'title' ? l10n.t('The title') : l10n.t('The text');
    case 'link':
      return l10n.t('Link {0}', where.index + 1);
    case 'image':
      return l10n.t('Image {0}', where.index + 1);
    case 'button':
      return where.button === 'primary' ? l10n.t('The primary button') : where.button === 'secondary' ? l10n.t('The secondary button') : where.button === 'redirect' ? l10n.t('The item’s redirect') : l10n.t('The avatar');
    case 'payload':
      return l10n.t('The payload’s {0}', showControls(where.key));
    case 'step':
      return l10n.t('The step');
  }
}

function emailUnresolved(model: EmailModel): Found[] {
  return [
    ...unresolvedIn(model.subject, { kind: 'field', field: 'subject' }),
    ...unresolvedIn(htmlToText(model.html), { kind: 'field', field: 'body' }),
    ...model.links.flatMap((link, index) => [...unresolvedIn(link.text, { kind: 'link', index }), ...unresolvedIn(link.href, { kind: 'link', index })]),
  ];
}

// ---- Link and button targets --------------------------------------------------------------------

/**
 * Why a link's or button's target is not one to send: empty, a script or inline-data scheme, or
 * direction controls that disguise it (the Preview's own rule, linkSafety's `unsafeUrlReasons`).
 */
function targetProblem(url: string): string | undefined {
  if (url.trim() === '') return l10n.t('goes nowhere (an empty address)');
  const reasons = unsafeUrlReasons(url).filter((r) => r === 'scheme' || r === 'bidi');
  return reasons.length > 0 ? reasons.map(unsafeReasonWords).join('; ') : undefined;
}

function targetFinding(url: string, where: FindingWhere): Found[] {
  const problem = targetProblem(url);
  return problem === undefined ? [] : [{ id: 'link-target', where, message: l10n.t('{0} ({1}) {2}.', placeWords(where), showControls(url), problem) }];
}

function emailLinkTargets(model: EmailModel): Found[] {
  return model.links.flatMap((link, index) => targetFinding(link.href, { kind: 'link', index }));
}

function inAppFindings(model: InAppModel): Found[] {
  const found: Found[] = [...(model.subject !== undefined ? unresolvedIn(model.subject, { kind: 'field', field: 'subject' }) : []), ...unresolvedIn(model.body, { kind: 'field', field: 'body' })];
  for (const which of ['primary', 'secondary'] as const) {
    const button = model[which];
    if (!button) continue;
    const where: FindingWhere = { kind: 'button', button: which };
    found.push(...unresolvedIn(button.label, where));
    if (button.url !== undefined) found.push(...unresolvedIn(button.url, where), ...targetFinding(button.url, where));
  }
  if (model.redirect?.url !== undefined) found.push(...unresolvedIn(model.redirect.url, { kind: 'button', button: 'redirect' }), ...targetFinding(model.redirect.url, { kind: 'button', button: 'redirect' }));
  if (model.avatar) found.push(...targetFinding(model.avatar.url, { kind: 'button', button: 'avatar' }));
  return found;
}

// ---- SMS ----------------------------------------------------------------------------------------

function smsSegments(model: SmsModel, allowed: number): Found[] {
  if (model.segments <= allowed) return [];
  const nonGsm = model.nonGsm.length > 0 ? l10n.t(' (not GSM-7: {0})', model.nonGsm.map(showControls).join(' ')) : '';
  const message =
    allowed === 1
      ? l10n.t('The SMS is sent as {0} segments of {1}{2}, more than the 1 allowed: {3} characters.', model.segments, model.encoding, nonGsm, model.characters)
      : l10n.t('The SMS is sent as {0} segments of {1}{2}, more than the {3} allowed: {4} characters.', model.segments, model.encoding, nonGsm, allowed, model.characters);
  return [{ id: 'sms-segments', where: { kind: 'field', field: 'text' }, message }];
}
