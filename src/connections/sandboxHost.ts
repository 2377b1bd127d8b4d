/**
 * Runs the project's sandbox service inside the extension host for the built-in Sandbox connection.
 * The sandbox is a separate bundle, loaded only when first used, so activation stays small.
 */
import * as path from 'node:path';
import type { Sandbox, SandboxOptions, startSandbox as StartSandbox } from '../sandbox';

/** How often the demo's live sandbox brings a new notification. */
const LIVE_EVERY_MS = 4000;

/**
 * The built-in Sandbox's options from the extension host's environment: a fresh key, or (`npm run
 * demo`) the key and bridge URL of the demo's framework app, its activity ending `nowMs`.
 */
export function sandboxOptions(env: Record<string, string | undefined>, nowMs: number): SandboxOptions {
  const live = env['NOVU_EXPLORER_SANDBOX_LIVE'] === '1';
  return {
    // `npm run demo` gives the key its framework app was started with (so that previews are signed with it).
    apiKey: env['NOVU_EXPLORER_SANDBOX_KEY'] || `sandbox-${globalThis.crypto.randomUUID()}`,
    // ... and the environment's last sync was from that app's URL: the service's preview renders its
    // code workflows there. Its code workflows differ from the app's on purpose (docs/sandbox.md).
    ...(env['NOVU_EXPLORER_DEMO_BRIDGE_URL'] ? { bridgeUrl: env['NOVU_EXPLORER_DEMO_BRIDGE_URL'] } : {}),
    activityEndsAtMs: nowMs,
    // The demo also has one subscriber per cause of a missed delivery, to diagnose and fix, and an outage to repair.
    ...(live ? { live: { everyMs: LIVE_EVERY_MS }, diagnosisCases: true, incident: true } : {}),
  };
}

export class SandboxHost {
  private starting: Promise<Sandbox> | undefined;

  constructor(private readonly distPath: string) {}

  get running(): boolean {
    return this.starting !== undefined;
  }

  /**
   * Starts the sandbox once (on a free loopback port, with a fresh random key) and returns it. Its
   * activity ends now, so the feed looks recent; with NOVU_EXPLORER_SANDBOX_LIVE=1 (the demo) new
   * notifications keep arriving every few seconds.
   */
  ensure(): Promise<Sandbox> {
    this.starting ??= (async () => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { startSandbox } = require(path.join(this.distPath, 'sandboxServer.js')) as { startSandbox: typeof StartSandbox };
      return startSandbox(sandboxOptions(process.env, Date.now()));
    })();
    this.starting.catch(() => (this.starting = undefined));
    return this.starting;
  }

  async dispose(): Promise<void> {
    const starting = this.starting;
    this.starting = undefined;
    if (starting) await (await starting).close();
  }
}
