// Subscribers' preferences (contract §3): what each subscriber set, globally and per workflow, and
// what GET answers once the workflows' own settings are applied. The seeded ones are made with the
// subscribers they belong to (subscribersSeed.ts), from the same random stream.
import type { SandboxClock } from './clock';
import type { Subscribers } from './subscribers';
import { CHANNELS, type PreferenceChannels, type PreferenceOverride, type Preferences, type Schedule, type StoredPreferences, type Workflow } from './types';
import type { Workflows } from './workflows';

export type Criticality = 'nonCritical' | 'critical' | 'all';

export interface PreferencesPatch {
  channels?: PreferenceChannels;
  workflow?: Workflow;
  schedule?: Schedule;
}

export class SubscriberPreferences {
  constructor(
    /** By subscriberId: only what a subscriber set. */
    private readonly stored: Map<string, StoredPreferences>,
    private readonly subscribers: Subscribers,
    private readonly workflows: Workflows,
    private readonly clock: SandboxClock,
  ) {}

  /** The preferences as GET answers them (`data` unwrapped); undefined for an unknown subscriber. */
  of(subscriberId: string, criticality: Criticality = 'nonCritical'): Preferences | undefined {
    if (!this.subscribers.get(subscriberId)) return undefined;
    const stored = this.stored.get(subscriberId);
    const globalChannels: PreferenceChannels = {};
    // Global preferences list the channels that some workflow uses, plus any the subscriber set.
    for (const channel of CHANNELS) {
      const used = this.workflows.all.some((w) => w.channels.includes(channel));
      const set = stored?.globalChannels[channel];
      if (set !== undefined) globalChannels[channel] = set;
      else if (used) globalChannels[channel] = true;
    }
    const global: Preferences['global'] = { enabled: true, channels: globalChannels };
    if (stored?.schedule) global.schedule = structuredClone(stored.schedule);
    const workflows = this.workflows.all
      .filter((w) => criticality === 'all' || (criticality === 'critical') === w.critical)
      .map((w) => {
        const own = stored?.workflows.get(w._id);
        const channels: PreferenceChannels = {};
        const overrides: PreferenceOverride[] = [];
        // The contract's precedence: the workflow's own settings beat the subscriber's global
        // preferences, which beat the subscriber's per-workflow ones (a channel turned off
        // globally stays off in every workflow; turned on globally, the workflow's choice stands).
        for (const channel of w.channels) {
          let value = w.defaults[channel] ?? true;
          let source: PreferenceOverride['source'] = 'template';
          const ownValue = own?.channels[channel];
          if (ownValue !== undefined) [value, source] = [ownValue, 'subscriber'];
          const globalValue = stored?.globalChannels[channel];
          if (globalValue === false) [value, source] = [false, 'subscriber'];
          const forced = w.forced[channel];
          if (forced !== undefined) [value, source] = [forced, 'workflowOverride'];
          channels[channel] = value;
          overrides.push({ channel, source });
        }
        const pref: Preferences['workflows'][number] = {
          enabled: own?.enabled ?? true,
          channels,
          overrides,
          workflow: { slug: w.slug, identifier: w.identifier, name: w.name, updatedAt: w.updatedAt },
        };
        if (own) pref.updatedAt = own.updatedAt;
        return pref;
      });
    return { global, workflows };
  }

  /** Applies a validated patch; only the channel keys given change. */
  patch(subscriberId: string, patch: PreferencesPatch): void {
    let stored = this.stored.get(subscriberId);
    if (!stored) {
      stored = { globalChannels: {}, workflows: new Map() };
      this.stored.set(subscriberId, stored);
    }
    if (patch.schedule) stored.schedule = structuredClone(patch.schedule);
    if (!patch.channels) return;
    if (patch.workflow) {
      const own = stored.workflows.get(patch.workflow._id) ?? { channels: {}, updatedAt: '' };
      Object.assign(own.channels, patch.channels);
      own.updatedAt = this.clock.tick();
      stored.workflows.set(patch.workflow._id, own);
    } else {
      Object.assign(stored.globalChannels, patch.channels);
    }
  }
}
