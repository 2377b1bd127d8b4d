/**
 * What a screen reader hears when preference changes move on: "Saving Email globally…", then
 * "Saved: Email on globally". A change the service refused is said by its own alert next to the
 * switch ("… The change was undone."), so it is not said twice here. Pure: states in, words out.
 */
import type { ChannelToggle, ChangeScope, PreferencesPanelState } from '../../src/preferences/protocol';

type Loaded = Extract<PreferencesPanelState, { kind: 'loaded' }>;

interface Toggle {
  key: string;
  scope: ChangeScope;
  toggle: ChannelToggle;
  where: string;
}

function toggles(state: Loaded): Map<string, Toggle> {
  const all = new Map<string, Toggle>();
  for (const toggle of state.model.global.channels) all.set(`global:${toggle.channel}`, { key: `global:${toggle.channel}`, scope: 'global', toggle, where: 'globally' });
  for (const card of state.model.workflows) {
    for (const toggle of card.channels) {
      const key = `workflow:${card.id}:${toggle.channel}`;
      all.set(key, { key, scope: `workflow:${card.id}`, toggle, where: `for ${card.name}` });
    }
  }
  return all;
}

export function preferenceAnnouncements(before: Loaded | undefined, after: Loaded): string[] {
  if (!before) return [];
  const was = toggles(before);
  const said: string[] = [];
  for (const [key, now] of toggles(after)) {
    const then = was.get(key);
    if (!then) continue;
    if (!then.toggle.saving && now.toggle.saving) said.push(`Saving ${now.toggle.label} ${now.where}…`);
    else if (then.toggle.saving && !now.toggle.saving) {
      // A change error stays until the next change in its place, and a new change clears it: one
      // there now belongs to the change that just ended.
      if (!after.changeErrors[now.scope]) said.push(`Saved: ${now.toggle.label} ${now.toggle.enabled ? 'on' : 'off'} ${now.where}.`);
    }
  }
  if (before.model.global.scheduleSaving && !after.model.global.scheduleSaving && !after.changeErrors.schedule) said.push('Saved: the weekly schedule.');
  return said;
}
