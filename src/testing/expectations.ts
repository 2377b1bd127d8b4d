/**
 * A case's expectations of one step (issue 46, §1), judged against what the step rendered to:
 * - `subject`, `body`, `text`, `title`: `contains`, `notContains` (a text or a list), `matches` (a
 *   regular expression). For an email, `body` is its HTML and `text` what a reader sees; for the
 *   other channels `body` and `text` are both the message's text; `title` is a push's title.
 * - `targets`: a link's or a button's target is (`contains`) or is not (`notContains`) among them.
 * - `throws`: the step throws (`true`), with a message that contains the text given.
 * - `skipped`: the channel is skipped for this subscriber (no e-mail address, no phone number).
 * Each failure has its expected and actual text (a diff for VS Code's Test Results), and the path of
 * the expectation in the case, for its place in the file. Values from the app are shown as text.
 * Pure: no vscode.
 */
import { l10n } from '../l10n';
import { htmlToText } from '../rendered/htmlText';
import { showControls } from '../rendered/linkSafety';
import type { PreviewModel } from '../rendered/previewModel';
import { regexOf, type StepExpectation, type TextExpectation } from './caseFile';

export interface ExpectationFailure {
  /** The expectation's path in the case (`expect`, the step, then its keys): its place in the file. */
  path: (string | number)[];
  message: string;
  expected?: string;
  actual?: string;
}

/** What one step came to, as the expectations read it. */
export type StepOutcome =
  | { kind: 'rendered'; model: PreviewModel }
  | { kind: 'threw'; message: string }
  | { kind: 'skipped'; reason: string }
  | { kind: 'failed'; message: string };

function list(value: string | string[] | undefined): string[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** The texts of a model each expectation key reads (undefined: the channel has no such text). */
function textsOf(model: PreviewModel): Partial<Record<'subject' | 'body' | 'text' | 'title', string>> {
  switch (model.kind) {
    case 'email':
      return { subject: model.subject, body: model.html, text: htmlToText(model.html) };
    case 'inApp':
      return { ...(model.subject !== undefined ? { subject: model.subject } : {}), body: model.body, text: model.body };
    case 'sms':
    case 'chat':
      return { body: model.text, text: model.text };
    case 'push':
      return { subject: model.title, title: model.title, body: model.text, text: model.text };
    case 'settings':
      return {};
  }
}

/** Every link's or button's target of a model. */
export function targetsOf(model: PreviewModel): string[] {
  switch (model.kind) {
    case 'email':
      return model.links.map((l) => l.href);
    case 'inApp':
      return [model.primary?.url, model.secondary?.url, model.redirect?.url].filter((u): u is string => typeof u === 'string');
    default:
      return [];
  }
}

const QUOTE_MAX = 120;

function quote(text: string): string {
  const shown = showControls(text);
  return shown.length > QUOTE_MAX ? `${shown.slice(0, QUOTE_MAX)}…` : shown;
}

/** The failures of `expectation` for `stepId`'s `outcome` (none: it holds). */
export function judgeStep(stepId: string, expectation: StepExpectation | undefined, outcome: StepOutcome): ExpectationFailure[] {
  if (!expectation) return [];
  const base = ['expect', stepId];
  const failures: ExpectationFailure[] = [];
  if (expectation.skipped !== undefined) {
    const skipped = outcome.kind === 'skipped';
    if (expectation.skipped && !skipped) failures.push({ path: [...base, 'skipped'], message: l10n.t('`{0}` was expected to be skipped, and is sent.', stepId), expected: 'skipped', actual: 'sent' });
    if (!expectation.skipped && skipped) failures.push({ path: [...base, 'skipped'], message: l10n.t('`{0}` is skipped: {1}', stepId, outcome.reason), expected: 'sent', actual: 'skipped' });
  }
  if (expectation.throws !== undefined) {
    if (outcome.kind !== 'threw') {
      failures.push({ path: [...base, 'throws'], message: l10n.t('`{0}` was expected to throw, and did not.', stepId), expected: expectation.throws === true ? 'throws' : expectation.throws, actual: outcome.kind === 'rendered' ? 'rendered' : outcome.kind });
    } else if (typeof expectation.throws === 'string' && !outcome.message.includes(expectation.throws)) {
      failures.push({ path: [...base, 'throws'], message: l10n.t('`{0}` threw another message than expected.', stepId), expected: expectation.throws, actual: outcome.message });
    }
    return failures;
  }
  if (outcome.kind === 'skipped' && expectation.skipped !== true) {
    // What the step would send is expected, and it is not sent: said, never passed in silence.
    const asked = (['subject', 'body', 'text', 'title', 'targets'] as const).filter((k) => expectation[k] !== undefined);
    if (asked.length > 0) failures.push({ path: [...base, asked[0]!], message: l10n.t('`{0}` is skipped ({1}): its {2} cannot be checked. Give the case’s subscriber what the channel needs.', stepId, outcome.reason, asked.join(', ')), expected: 'sent', actual: 'skipped' });
    return failures;
  }
  if (outcome.kind !== 'rendered') return failures;
  const texts = textsOf(outcome.model);
  for (const field of ['subject', 'body', 'text', 'title'] as const) {
    const want = expectation[field];
    if (!want) continue;
    const actual = texts[field];
    if (actual === undefined) {
      failures.push({ path: [...base, field], message: l10n.t('A {0} step has no {1} to check.', outcome.model.kind, field) });
      continue;
    }
    failures.push(...judgeText(want, actual, [...base, field], field));
  }
  if (expectation.targets) {
    const targets = targetsOf(outcome.model);
    const shown = targets.join('\n');
    for (const target of list(expectation.targets.contains)) {
      if (!targets.includes(target)) failures.push({ path: [...base, 'targets', 'contains'], message: l10n.t('No link or button of `{0}` goes to {1}.', stepId, quote(target)), expected: target, actual: shown });
    }
    for (const target of list(expectation.targets.notContains)) {
      if (targets.includes(target)) failures.push({ path: [...base, 'targets', 'notContains'], message: l10n.t('A link or button of `{0}` goes to {1}.', stepId, quote(target)), expected: l10n.t('(no link to {0})', target), actual: shown });
    }
  }
  return failures;
}

function judgeText(want: TextExpectation, actual: string, path: (string | number)[], field: string): ExpectationFailure[] {
  const failures: ExpectationFailure[] = [];
  for (const part of list(want.contains)) {
    if (!actual.includes(part)) failures.push({ path: [...path, 'contains'], message: l10n.t('The {0} does not contain {1}.', field, quote(part)), expected: part, actual });
  }
  for (const part of list(want.notContains)) {
    if (actual.includes(part)) failures.push({ path: [...path, 'notContains'], message: l10n.t('The {0} contains {1}.', field, quote(part)), expected: l10n.t('(without {0})', part), actual });
  }
  if (want.matches !== undefined) {
    const regex = regexOf(want.matches);
    if (regex && !regex.test(actual)) failures.push({ path: [...path, 'matches'], message: l10n.t('The {0} does not match /{1}/.', field, quote(want.matches)), expected: `/${want.matches}/`, actual });
  }
  return failures;
}
