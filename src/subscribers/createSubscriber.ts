/**
 * Create Subscriber: one step per field of the create input, each checked as it is typed, then a
 * review where any field can be changed. When the service says no (409, 422), the user lands on
 * the field it named, with its message, and everything else typed stays as it was.
 */
import * as vscode from 'vscode';
import { NovuApiError, NovuValidationError, type NovuClient, type Subscriber } from '../api';
import { describeError, formatErrorLine } from '../ui/errors';
import type { Prompter } from '../ui/prompter';
import { noIcons } from '../ui/text';
import { FIELDS, draftToInput, emptyDraft, fieldOfServiceError, type Draft, type DraftField, type FieldSpec } from './subscriberDraft';

const TITLE = 'Create Subscriber';

export async function createSubscriberFlow(prompter: Prompter, client: NovuClient, initial: Partial<Draft> = {}): Promise<Subscriber | undefined> {
  const draft: Draft = { ...emptyDraft(), ...initial };
  // Ask each field once, in order.
  for (let i = 0; i < FIELDS.length; i++) {
    const value = await askField(prompter, FIELDS[i]!, draft, { step: i + 1, totalSteps: FIELDS.length });
    if (value === undefined) return undefined;
    draft[FIELDS[i]!.key] = value;
  }
  let notice: string | undefined;
  let idempotency: { body: string; key: string } | undefined;
  for (;;) {
    const choice = await prompter.pick<DraftField | 'create' | 'cancel'>({
      title: notice ? `${TITLE}: ${notice}` : `${TITLE}: review`,
      placeholder: notice ?? 'Create the subscriber, or pick a field to change it',
      items: [
        { label: '$(check) Create subscriber', description: noIcons(draft.subscriberId.trim()), value: 'create' },
        ...FIELDS.map((f) => ({ label: f.label, description: noIcons(draft[f.key].trim()) || '—', value: f.key })),
        { label: '$(close) Cancel', value: 'cancel' },
      ],
    });
    if (choice === undefined || choice === 'cancel') return undefined;
    if (choice !== 'create') {
      const value = await askField(prompter, FIELDS.find((f) => f.key === choice)!, draft);
      if (value !== undefined) draft[choice] = value;
      notice = undefined;
      continue;
    }
    const input = draftToInput(draft);
    // One user action, one idempotency key: sending the same draft again (after a network error) reuses it.
    const body = JSON.stringify(input);
    if (idempotency?.body !== body) idempotency = { body, key: globalThis.crypto.randomUUID() };
    try {
      return await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Creating subscriber ${input.subscriberId}…` }, () =>
        client.createSubscriber(input, { failIfExists: true, idempotencyKey: idempotency!.key }),
      );
    } catch (error) {
      const target = fieldToFix(error);
      if (target) {
        const value = await askField(prompter, FIELDS.find((f) => f.key === target.field)!, draft, { problem: target.message });
        if (value !== undefined) draft[target.field] = value;
        notice = undefined;
        continue;
      }
      const described = describeError(error);
      notice = formatErrorLine('Not created', described);
    }
  }
}

function fieldToFix(error: unknown): { field: DraftField; message: string } | undefined {
  if (error instanceof NovuApiError && error.status === 409) {
    return { field: 'subscriberId', message: `${error.message} Choose another ID.` };
  }
  const fieldErrors = error instanceof NovuApiError || error instanceof NovuValidationError ? error.fieldErrors : {};
  for (const [name, messages] of Object.entries(fieldErrors)) {
    const field = fieldOfServiceError(name);
    if (field) return { field, message: messages.join(' ') };
  }
  return undefined;
}

function askField(prompter: Prompter, spec: FieldSpec, draft: Draft, extra: { step?: number; totalSteps?: number; problem?: string } = {}): Promise<string | undefined> {
  return prompter.input({
    title: TITLE,
    prompt: spec.prompt,
    placeholder: spec.placeholder,
    value: draft[spec.key],
    validate: spec.validate,
    ...extra,
  });
}
