// Integrations: the providers of each environment (seeded in integrationsSeed.ts), and which of
// them send for the sandbox's API key.
import { SANDBOX_FIXTURES as F } from './fixtures';
import type { Channel, Integration } from './types';

export class Integrations {
  /** `environmentId`: whose runs `activeHere` serves (Development, the sandbox key's, unless said). */
  constructor(readonly all: readonly Integration[], private readonly environmentId: string = F.developmentEnvironmentId) {}

  /** `GET /v1/integrations/active`: the whole organization's, every environment (service behaviour since 0.17.0). */
  active(): Integration[] {
    return this.all.filter((i) => i.active);
  }

  /** The channel's active integrations in the API key's environment: the ones a run here can use. */
  activeHere(channel: Channel): Integration[] {
    return this.all.filter((i) => i.active && i._environmentId === this.environmentId && i.channel === channel);
  }
}
