/** Who a preview is for: the fields `{{subscriber.*}}` reads (§9.3), its label, and the pick of one. */
import * as vscode from 'vscode';
import type { Subscriber } from '../api';
import type { Prompter } from '../ui/prompter';

/** A subscriber as `{{subscriber.*}}` reads it. */
export type PreviewSubscriber = Record<string, unknown> & { subscriberId?: string };

/** The fields `{{subscriber.*}}` reads. */
export function subscriberFields(s: Subscriber): PreviewSubscriber {
  const fields: PreviewSubscriber = { subscriberId: s.subscriberId };
  for (const key of ['firstName', 'lastName', 'email', 'phone', 'avatar', 'locale', 'timezone', 'data'] as const) {
    const value = (s as Record<string, unknown>)[key];
    if (value !== undefined && value !== null) fields[key] = value;
  }
  return fields;
}

/** "Ada Lovelace (ada-lovelace)", the ID alone, or "No subscriber". */
export function subscriberLabel(s: PreviewSubscriber): string {
  if (!s.subscriberId) return vscode.l10n.t('No subscriber');
  const name = [s['firstName'], s['lastName']].filter((v) => typeof v === 'string' && v).join(' ');
  return name ? `${name} (${s.subscriberId})` : s.subscriberId;
}

/** The recipient: a loaded subscriber or none; `'cancelled'` when the pick was dismissed. */
export async function pickPreviewSubscriber(prompter: Prompter, loaded: readonly Subscriber[]): Promise<Subscriber | undefined | 'cancelled'> {
  const none = { label: vscode.l10n.t('No subscriber'), description: vscode.l10n.t('{{subscriber.*}} stays empty'), value: undefined as Subscriber | undefined };
  const items = [none, ...loaded.map((s) => ({ label: s.subscriberId, description: [s.firstName, s.lastName].filter(Boolean).join(' '), value: s as Subscriber | undefined }))];
  const picked = await prompter.pick({ title: vscode.l10n.t('Preview for which subscriber?'), placeholder: vscode.l10n.t('Fills {{subscriber.firstName}} and the like'), items });
  if (picked === undefined && !items.some((i) => i.value === picked)) return 'cancelled';
  return picked;
}
