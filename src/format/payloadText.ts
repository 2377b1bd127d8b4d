/**
 * The preview's payload editor, checked as it is typed (issue 32): its JSON, an object, then the
 * workflow's schema with its defaults filled in as `@novu/framework` does, each problem at its key.
 * Pure, no `vscode`.
 */
import { l10n } from '../l10n';
import { fieldPath, parseJsonText, spanFor, syntaxProblem, type PlacedProblem } from './jsonText';
import { checkPayload } from './payloadSchema';

export type PayloadTextCheck = { ok: true; payload: Record<string, unknown> } | { ok: false; summary: string; problems: PlacedProblem[] };

/**
 * Checks a payload document as it is typed (the preview's Payload… editor, issue 32): its JSON, an
 * object, then the workflow's schema (`checkPayload`) with its defaults filled in as the app does,
 * each problem at its key. No schema: only the JSON is checked. Pure, no `vscode`.
 */
export function checkPayloadText(text: string, schema: unknown): PayloadTextCheck {
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const { line, column, problem } = syntaxProblem(text, parsed);
    return { ok: false, summary: l10n.t('The payload is not valid JSON (line {0}, column {1}): {2}', line, column, parsed.message), problems: [problem] };
  }
  const value = parsed.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const span = spanFor(parsed.spans, []);
    return { ok: false, summary: l10n.t('The payload is a JSON object.'), problems: [{ start: span.start, end: Math.max(span.start + 1, span.end), message: l10n.t('The payload is a JSON object.') }] };
  }
  // The document is the payload itself: `payload.plan` is its key `plan`. A key left out that has a
  // default is not missing: the app fills it in before it checks (and renders with it).
  const errors = Object.fromEntries(Object.entries(checkPayload(value, schema)).map(([field, messages]) => [field.replace(/^payload\.?/, ''), messages]));
  // Each message follows the key's name ("plan must be one of …"), at the key or, when it is missing, at its parent.
  const problems = Object.entries(errors).map(([field, messages]) => {
    const span = spanFor(parsed.spans, fieldPath(field));
    return { start: span.start, end: span.end, message: `${field || l10n.t('The payload')} ${messages.join('; ')}` };
  }).sort((a, b) => a.start - b.start);
  const first = problems[0];
  return first ? { ok: false, summary: first.message, problems } : { ok: true, payload: value as Record<string, unknown> };
}
