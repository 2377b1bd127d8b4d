/**
 * The review document's checks before anything is sent: its JSON, and the trigger body's own rules
 * (`validateTriggerBody`), each problem placed at the field it is about. Also where the service's
 * 400 field errors go,. Pure, no `vscode`.
 */
import { validateTriggerBody, type FieldErrors, type TriggerBody } from '../api';
import { validateTriggerContext } from '../api/contextRules';
import { l10n } from '../l10n';
import { fieldPath, parseJsonText, spanFor, syntaxProblem, type JsonSpan, type PlacedProblem } from '../format/jsonText';
import { checkPayload } from '../format/payloadSchema';

export type ReviewCheck = { ok: true; body: TriggerBody } | { ok: false; summary: string; problems: PlacedProblem[] };

/** Checks the text of a review document; nothing is sent unless it is `ok`. */
export function checkReviewText(text: string): ReviewCheck {
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const { line, column, problem } = syntaxProblem(text, parsed);
    return { ok: false, summary: l10n.t('The body is not valid JSON (line {0}, column {1}): {2}', line, column, parsed.message), problems: [problem] };
  }
  const errors = validateTriggerBody(parsed.value);
  // A context's keys, ids and data (§12), each at its place: the body's own check sees only its shape.
  const context = (parsed.value as { context?: unknown } | null)?.context;
  if (context !== undefined && !errors['context']) Object.assign(errors, validateTriggerContext(context));
  const problems = placeFieldErrors(errors, parsed.spans);
  if (problems.length > 0) {
    const first = Object.entries(errors)[0]!;
    return { ok: false, summary: l10n.t('The body cannot be sent: {0}', `${first[0]}: ${first[1].join('; ')}`), problems };
  }
  return { ok: true, body: parsed.value as TriggerBody };
}

/**
 * Trigger…'s payload against its workflow's schema, by the one rule Preview follows too (the
 * schema's defaults filled in first, as the app and the service do), each problem at its field in
 * `text`. Undefined when it passes.
 */
export function checkReviewPayload(text: string, payload: unknown, schema: unknown): { field: string; messages: string[]; problems: PlacedProblem[] } | undefined {
  const errors = checkPayload(payload, schema);
  const first = Object.entries(errors)[0];
  return first ? { field: first[0], messages: first[1], problems: placeServiceErrors(text, errors) } : undefined;
}

/**
 * The service's (or our) field errors at their fields in `text`. A field the text does not have is
 * shown at its nearest parent, and its message says which field it is.
 */
export function placeFieldErrors(errors: FieldErrors, spans: Map<string, JsonSpan>): PlacedProblem[] {
  const problems: PlacedProblem[] = [];
  for (const [field, messages] of Object.entries(errors)) {
    const span = spanFor(spans, fieldPath(field));
    const text = messages.join('; ');
    problems.push({ start: span.start, end: span.end, message: span.exact || field === 'body' || field === 'general' ? text : `${field}: ${text}` });
  }
  return problems;
}

/** Places a 400's field errors in the text as it is now (it may have been edited while waiting). */
export function placeServiceErrors(text: string, errors: FieldErrors): PlacedProblem[] {
  const parsed = parseJsonText(text);
  return placeFieldErrors(errors, parsed.ok ? parsed.spans : new Map());
}
