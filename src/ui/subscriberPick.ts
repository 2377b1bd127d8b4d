/**
 * The one "which subscriber?" question (Diagnose, Trigger): a typed subscriber ID, a typed email
 * or name (looked up on the service), a remembered one first, and the subscribers the view holds,
 * filtered as the text is typed. Nothing is asked of the service until a lookup is chosen.
 */
import * as vscode from 'vscode';
import { validateEmail, validateSubscriberId, type NovuClient, type Subscriber } from '../api';
import { subscriberDisplayName } from '../format/names';
import { describeError } from './errors';
import type { Prompter } from './prompter';
import { noIcons } from './text';

export interface SubscriberPickOptions {
  title: string;
  placeholder: string;
  /** The subscribers the view holds. */
  loaded: readonly Subscriber[];
  /** Listed first, and what Enter takes on an empty box (the last one used). */
  preferred?: { subscriberId: string; label?: string; why: string };
  /** Searches the service by email or name when one is typed and its lookup chosen. */
  client?: () => Promise<NovuClient | undefined>;
  connectionName: string;
}

type Lookup = { email: string } | { name: string };
type Choice = { subscriberId: string } | Lookup;

export async function pickSubscriber(prompter: Prompter, options: SubscriberPickOptions): Promise<string | undefined> {
  const { loaded, preferred } = options;
  const choice = await prompter.search<Choice>({
    title: options.title,
    placeholder: options.placeholder,
    suggest: (text) => {
      const typed = text.trim();
      const lower = typed.toLowerCase();
      const matches = loaded
        .filter((s) => s.subscriberId !== preferred?.subscriberId)
        .filter((s) => !lower || `${s.subscriberId} ${subscriberDisplayName(s) ?? ''} ${s.email ?? ''}`.toLowerCase().includes(lower))
        // The subscriber whose ID is exactly what was typed comes first (Enter takes it).
        .sort((a, b) => Number(b.subscriberId === typed) - Number(a.subscriberId === typed))
        .slice(0, 50)
        .map((s) => (s.subscriberId === typed ? typedIdItem<Choice>(s, { subscriberId: s.subscriberId }) : subscriberItem<Choice>(s, { subscriberId: s.subscriberId }, true)));
      const first: { label: string; description: string; detail?: string; value: Choice }[] = [];
      if (preferred && (!lower || `${preferred.subscriberId} ${preferred.label ?? ''}`.toLowerCase().includes(lower))) {
        first.push({ label: `$(history) ${noIcons(preferred.label ?? preferred.subscriberId)}`, description: noIcons(preferred.subscriberId), detail: preferred.why, value: { subscriberId: preferred.subscriberId } });
      }
      const known = (id: string) => id === preferred?.subscriberId || loaded.some((s) => s.subscriberId === id);
      // Labelled with the typed text itself: VS Code ranks rows whose label matches what is typed
      // first (the shortest first), so a label of "Subscriber ID" sank below a loaded "diag-adaa"
      // whose label is its ID, and Enter took that one.
      if (typed && !known(typed) && validateSubscriberId(typed) === undefined) first.push({ label: `$(key) ${noIcons(typed)}`, description: vscode.l10n.t('Subscriber ID'), value: { subscriberId: typed } });
      if (typed.includes('@') && validateEmail(typed) === undefined) first.push({ label: `$(mail) ${vscode.l10n.t('Subscriber with this email')}`, description: noIcons(typed), value: { email: typed } });
      // The view holds a page or a few: anyone else is found by name on the service, when asked
      // (last: Enter keeps taking the ID typed or the subscriber it names).
      const last: typeof first = [];
      if (typed && !typed.includes('@') && options.client) last.push({ label: `$(search) ${vscode.l10n.t('Search {0} by name', noIcons(options.connectionName))}`, description: noIcons(typed), value: { name: typed } });
      return [...first, ...matches, ...last];
    },
  });
  if (!choice) return undefined;
  if ('subscriberId' in choice) return choice.subscriberId;
  return lookUp(prompter, options, choice);
}

/** One search of the service (by email: the exact address first; by name: what contains it), then a pick when several answer. */
async function lookUp(prompter: Prompter, options: SubscriberPickOptions, lookup: Lookup): Promise<string | undefined> {
  const client = await options.client?.();
  if (!client) return undefined;
  try {
    if ('email' in lookup) {
      const { email } = lookup;
      const page = await client.searchSubscribers({ email, limit: 10 });
      const exact = page.data.filter((s) => (s.email ?? '').toLowerCase() === email.toLowerCase());
      const list = exact.length > 0 ? exact : page.data;
      if (list.length === 0) {
        void prompter.message('info', vscode.l10n.t('No subscriber has the email "{0}" in "{1}".', email, options.connectionName));
        return undefined;
      }
      return list.length === 1 ? list[0]!.subscriberId : pickOne(prompter, vscode.l10n.t('Subscribers with "{0}"', email), list);
    }
    const { name } = lookup;
    const page = await client.searchSubscribers({ name, limit: NAME_LIMIT });
    if (page.data.length === 0) {
      void prompter.message('info', vscode.l10n.t('No subscriber\'s name contains "{0}" in "{1}".', name, options.connectionName));
      return undefined;
    }
    const title = page.next
      ? vscode.l10n.t('The first {0} subscribers whose name contains "{1}" (type more to narrow it)', page.data.length, name)
      : vscode.l10n.t('Subscribers whose name contains "{0}"', name);
    return page.data.length === 1 ? page.data[0]!.subscriberId : pickOne(prompter, title, page.data);
  } catch (error) {
    void prompter.message('error', vscode.l10n.t('Could not search subscribers: {0}', describeError(error).message));
    return undefined;
  }
}

const NAME_LIMIT = 50;

function pickOne(prompter: Prompter, title: string, list: readonly Subscriber[]): Promise<string | undefined> {
  return prompter.pick({ title, items: list.map((s) => subscriberItem(s, s.subscriberId)) });
}

/**
 * The loaded subscriber whose ID is exactly what was typed: its ID as the label (then its name),
 * so that VS Code's own ranking of rows by label keeps it first and Enter takes it.
 */
function typedIdItem<T>(s: Subscriber, value: T): { label: string; description: string; detail?: string; value: T } {
  return { label: `$(account) ${noIcons(s.subscriberId)}`, description: noIcons(subscriberDisplayName(s) ?? ''), ...(s.email ? { detail: noIcons(s.email) } : {}), value };
}

/** A subscriber as a pick item: the name (or ID), the ID and the email, every one as text (no icon from `$(…)`). */
export function subscriberItem<T>(s: Subscriber, value: T, withIcon = false): { label: string; description: string; detail?: string; value: T } {
  const label = noIcons(subscriberDisplayName(s) ?? s.subscriberId);
  return { label: withIcon ? `$(account) ${label}` : label, description: noIcons(s.subscriberId), ...(s.email ? { detail: noIcons(s.email) } : {}), value };
}
