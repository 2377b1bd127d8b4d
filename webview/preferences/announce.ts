/**
 * What a screen reader hears when preference changes move on: "Saving Email globally…", then
 * "Saved: Email on globally". A change the service refused is said by its own alert next to the
 * switch ("… The change was undone."), so it is not said twice here. Pure: states in, words out.
 */
import { l10n } from '../../src/l10n';
import type { ChannelToggle, ChangeScope, PreferencesPanelState } from '../../src/preferences/protocol';

type Loaded = Extract<PreferencesPanelState, { kind: 'loaded' }>;

interface Toggle {
  key: string;
  scope: ChangeScope;
  toggle: ChannelToggle;
  /** The workflow's name; none for a global switch. */
  workflow?: string;
}

function toggles(state: Loaded): Map<string, Toggle> {
  const all = new Map<string, Toggle>();
  for (const toggle of state.model.global.channels) all.set(`global:${toggle.channel}`, { key: `global:${toggle.channel}`, scope: 'global', toggle });
  for (const card of state.model.workflows) {
    for (const toggle of card.channels) {
      const key = `workflow:${card.id}:${toggle.channel}`;
      all.set(key, { key, scope: `workflow:${card.id}`, toggle, workflow: card.name });
    }
  }
  return all;
}

function savingText({ toggle, workflow }: Toggle): string {
  return workflow === undefined ? l10n.t('Saving {0} globally…', toggle.label) : l10n.t('Saving {0} for {1}…', toggle.label, workflow);
}

function savedText({ toggle, workflow }: Toggle): string {
  if (workflow === undefined) return toggle.enabled ? l10n.t('Saved: {0} on globally.', toggle.label) : l10n.t('Saved: {0} off globally.', toggle.label);
  return toggle.enabled ? l10n.t('Saved: {0} on for {1}.', toggle.label, workflow) : l10n.t('Saved: {0} off for {1}.', toggle.label, workflow);
}

export function preferenceAnnouncements(before: Loaded | undefined, after: Loaded): string[] {
  if (!before) return [];
  const was = toggles(before);
  const said: string[] = [];
  for (const [key, now] of toggles(after)) {
    const then = was.get(key);
    if (!then) continue;
    if (!then.toggle.saving && now.toggle.saving) said.push(savingText(now));
    else if (then.toggle.saving && !now.toggle.saving) {
      // A change error stays until the next change in its place, and a new change clears it: one
      // there now belongs to the change that just ended.
      if (!after.changeErrors[now.scope]) said.push(savedText(now));
    }
  }
  if (before.model.global.scheduleSaving && !after.model.global.scheduleSaving && !after.changeErrors.schedule) said.push(l10n.t('Saved: the weekly schedule.'));
  return said;
}
