/**
 * Create Subscriber: one step per field of the create input, each checked as it is typed, then a
 * review where any field can be changed. When the service says no (409, 422), the user lands on
 * the field it named, with its message, and everything else typed stays as it was.
 */
import * as vscode from 'vscode';
import { NovuApiError, NovuValidationError, type NovuClient, type Subscriber } from '../api';
import { describeError, formatErrorLine } from '../ui/errors';
import { isBack, type Back, type Prompter } from '../ui/prompter';
import { noIcons } from '../ui/text';
import { FIELDS, draftToInput, emptyDraft, fieldOfServiceError, type Draft, type DraftField, type FieldSpec } from './subscriberDraft';

export async function createSubscriberFlow(prompter: Prompter, client: NovuClient, initial: Partial<Draft> = {}): Promise<Subscriber | undefined> {
  const draft: Draft = { ...emptyDraft(), ...initial };
  // Ask each field in order, then review; Back goes to the step before with what was typed kept.
  const totalSteps = FIELDS.length + 1;
  let i = 0;
  while (i < FIELDS.length) {
    const field = FIELDS[i]!;
    const value = await askField(prompter, field, draft, { step: i + 1, totalSteps, back: i > 0 });
    if (value === undefined) return undefined;
    if (isBack(value)) {
      draft[field.key] = value.value;
      i--;
      continue;
    }
    draft[field.key] = value;
    i++;
  }
  let notice: string | undefined;
  let idempotency: { body: string; key: string } | undefined;
  for (;;) {
    const choice = await prompter.pick<DraftField | 'create' | 'cancel'>({
      title: notice ? vscode.l10n.t('Create Subscriber: {0}', notice) : vscode.l10n.t('Create Subscriber: review'),
      placeholder: notice ?? vscode.l10n.t('Create the subscriber, or pick a field to change it'),
      step: totalSteps,
      totalSteps,
      back: true,
      items: [
        { label: `$(check) ${vscode.l10n.t('Create subscriber')}`, description: noIcons(draft.subscriberId.trim()), value: 'create' },
        ...FIELDS.map((f) => ({ label: f.label, description: noIcons(draft[f.key].trim()) || '—', value: f.key })),
        { label: `$(close) ${vscode.l10n.t('Cancel')}`, value: 'cancel' },
      ],
    });
    if (choice === undefined || choice === 'cancel') return undefined;
    if (isBack(choice)) {
      // Back from the review: the last field again, then the review.
      const last = FIELDS[FIELDS.length - 1]!;
      const value = await askField(prompter, last, draft, { step: FIELDS.length, totalSteps });
      if (typeof value === 'string') draft[last.key] = value;
      continue;
    }
    if (choice !== 'create') {
      const value = await askField(prompter, FIELDS.find((f) => f.key === choice)!, draft);
      if (typeof value === 'string') draft[choice] = value;
      notice = undefined;
      continue;
    }
    const input = draftToInput(draft);
    // One user action, one idempotency key: sending the same draft again (after a network error) reuses it.
    const body = JSON.stringify(input);
    if (idempotency?.body !== body) idempotency = { body, key: globalThis.crypto.randomUUID() };
    try {
      const request = client.createSubscriber(input, { failIfExists: true, idempotencyKey: idempotency!.key });
      // The progress notification shows while the request is out, but the answer is not held until
      // VS Code has taken the notification down (tens of milliseconds): the row comes at once.
      void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Creating subscriber {0}…', input.subscriberId) }, () =>
        request.then(
          () => undefined,
          () => undefined,
        ),
      );
      return await request;
    } catch (error) {
      const target = fieldToFix(error);
      if (target) {
        const value = await askField(prompter, FIELDS.find((f) => f.key === target.field)!, draft, { problem: target.message });
        if (typeof value === 'string') draft[target.field] = value;
        notice = undefined;
        continue;
      }
      const described = describeError(error);
      notice = formatErrorLine(vscode.l10n.t('Not created'), described);
    }
  }
}

function fieldToFix(error: unknown): { field: DraftField; message: string } | undefined {
  if (error instanceof NovuApiError && error.status === 409) {
    return { field: 'subscriberId', message: vscode.l10n.t('{0} Choose another ID.', error.message) };
  }
  const fieldErrors = error instanceof NovuApiError || error instanceof NovuValidationError ? error.fieldErrors : {};
  for (const [name, messages] of Object.entries(fieldErrors)) {
    const field = fieldOfServiceError(name);
    if (field) return { field, message: messages.join(' ') };
  }
  return undefined;
}

function askField(prompter: Prompter, spec: FieldSpec, draft: Draft, extra: { step?: number; totalSteps?: number; problem?: string; back?: boolean } = {}): Promise<string | Back | undefined> {
  return prompter.input({
    title: vscode.l10n.t('Create Subscriber'),
    prompt: spec.prompt,
    placeholder: spec.placeholder,
    value: draft[spec.key],
    validate: spec.validate,
    ...extra,
  });
}
